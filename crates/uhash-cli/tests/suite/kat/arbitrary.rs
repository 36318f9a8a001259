//! Arbitrary input: any bytes, any string, any record and records shaped
//! for each name's layout get exactly one answer, production and reference
//! agree, and an answer's length is the one its layout promises.

use proptest::prelude::*;
use serde_json::{Value, json};
use uhash_cli::kat::{Impl, answer_line, functions};

use super::common::*;

fn check_answer(line: &[u8], imp: Impl) -> Result<(), TestCaseError> {
    let blank = std::str::from_utf8(line).is_ok_and(|s| s.trim().is_empty());
    let Some(answer) = answer_line(line, imp) else {
        prop_assert!(blank, "only blank lines go unanswered");
        return Ok(());
    };
    prop_assert!(!blank);
    prop_assert!(!answer.contains('\n'));
    let v: Value = serde_json::from_str(&answer).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let obj = v
        .as_object()
        .ok_or_else(|| TestCaseError::fail("not an object"))?;
    prop_assert_eq!(obj.len(), 1);
    if let Some(out) = obj.get("out") {
        let out = out.as_str().ok_or_else(|| TestCaseError::fail("out"))?;
        prop_assert!(hex::decode(out).is_ok());
        prop_assert_eq!(out.to_ascii_lowercase(), out);
    } else {
        let err = obj["error"]
            .as_str()
            .ok_or_else(|| TestCaseError::fail("error"))?;
        prop_assert!(!err.contains("internal error"), "{}", err);
    }
    Ok(())
}

fn names() -> impl Strategy<Value = String> {
    let mut all: Vec<String> = functions()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .map(str::to_owned)
        .collect();
    all.push("bogus".to_owned());
    all.push(String::new());
    prop::sample::select(all)
}

fn param_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (0u64..=3).prop_map(Value::from),
        4 => prop::sample::select(vec![8u64, 16, 24, 32, 64, 65]).prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<f64>().prop_map(|f| json!(f)),
        1 => ".{0,4}".prop_map(Value::from),
        1 => Just(Value::Null),
        1 => Just(json!([1])),
    ]
}

/// Byte strings biased to word-multiple lengths.
fn bytes(max_words: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => (0..=max_words, prop::sample::select(vec![2usize, 4, 8]))
            .prop_flat_map(|(n, w)| prop::collection::vec(any::<u8>(), n * w)),
        1 => prop::collection::vec(any::<u8>(), 0..(8 * max_words)),
    ]
}

fn hexish() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => bytes(12).prop_map(|b| Value::from(hex::encode(b))),
        1 => "[0-9a-fA-FxX]{0,9}".prop_map(Value::from),
        1 => Just(Value::Null),
        1 => any::<i32>().prop_map(Value::from),
    ]
}

fn record() -> impl Strategy<Value = Value> {
    (
        names(),
        prop::option::weighted(0.95, hexish()),
        prop::option::weighted(0.95, hexish()),
        prop::option::weighted(0.3, hexish()),
        prop::option::weighted(
            0.6,
            prop::collection::btree_map(
                prop::sample::select(vec!["n", "b", "bits", "x"]),
                param_value(),
                0..=3,
            ),
        ),
    )
        .prop_map(|(name, key, msg, nonce, params)| {
            let mut r = json!({ "fn": name });
            if let Some(k) = key {
                r["key"] = k;
            }
            if let Some(m) = msg {
                r["msg"] = m;
            }
            if let Some(n) = nonce {
                r["nonce"] = n;
            }
            if let Some(p) = params {
                r["params"] =
                    Value::Object(p.into_iter().map(|(k, v)| (k.to_owned(), v)).collect());
            }
            r
        })
}

/// A record shaped for `name` from small numbers: `k` message units, `n`
/// outputs, width `b`, `bits`; the key is `key_delta` bytes off the needed
/// length and the message `msg_delta` bytes off a valid one. Returns the
/// record and, when it is valid, the output length its layout promises.
#[allow(clippy::too_many_arguments)]
fn shaped(
    name: &str,
    k: usize,
    n: usize,
    b: usize,
    bits: usize,
    key_delta: isize,
    msg_delta: isize,
    clamp: bool,
    pool: &[u8],
) -> (Value, Option<usize>) {
    let pairs = k.div_ceil(2) * 2;
    let w = b / 8;
    // (key bytes needed, message bytes, output bytes, params, message length free?)
    let (key_len, msg_len, out_len, params, free_msg) = match name {
        "mmh32" => (4 * k, 4 * k, 4, json!({}), false),
        "mmh32_toeplitz" => (4 * (k + n - 1), 4 * k, 4 * n, json!({"n": n}), false),
        "nmh32" | "nh" => (
            4 * pairs,
            4 * pairs,
            if name == "nh" { 8 } else { 4 },
            json!({}),
            false,
        ),
        "nh_toeplitz" => (
            4 * (pairs + 2 * (n - 1)),
            4 * pairs,
            8 * n,
            json!({"n": n}),
            false,
        ),
        "mmh64" => (8 * k, 8 * k, 8, json!({}), false),
        "digest" => (w * (k + 1), w * k, w, json!({"b": b}), false),
        "digest_mw" => (w * (k + n), w * k, w * n, json!({"b": b, "n": n}), false),
        "digest_trunc" => {
            let bits = 1 + bits % b;
            (
                w * (k + 1),
                w * k,
                bits.div_ceil(8),
                json!({"b": b, "bits": bits}),
                false,
            )
        }
        "digest_prime" => {
            let b = if b == 64 { 32 } else { b };
            (
                (256 + b) / 8 + 10,
                7 * (k - 1),
                b / 8,
                json!({"b": b}),
                true,
            )
        }
        "poly1305" | "poly1305_rfc8439" | "poly1305_aes" => (32, 7 * (k - 1), 16, json!({}), true),
        "dfc_module" => (16, 8, 8, json!({}), false),
        "dfc_hash" => (16, 7 * (k - 1), 8, json!({}), true),
        // DFC keys are used whole (1..=32 bytes): key_delta only shortens or
        // lengthens a 16-byte key, both valid.
        "dfc_encrypt" | "dfc_v1_encrypt" => (16, 16, 16, json!({}), false),
        "expand" => (16, 0, 4 * n, json!({"label": k, "len": 4 * n}), false),
        "wc_mac" => (16, 4 * k, 4 * k, json!({"lane_bits": 32}), false),
        "long_hash" | "long_mac" => (
            16,
            7 * (k - 1),
            4 * n,
            json!({"family": 257, "n": n, "chunk": 8}),
            true,
        ),
        "digest_prime_mmh32" | "digest_prime_nh" => (
            32 + 10,
            7 * (k - 1),
            if name == "digest_prime_nh" { 8 } else { 4 },
            json!({}),
            true,
        ),
        "digest_mw_long_hash" | "digest_mw_long_mac" => (
            16,
            7 * (k - 1),
            4 * n.min(8),
            json!({"n": n.min(8), "chunk": 12}),
            true,
        ),
        "sqh" => (
            4 * (1 + bits % 5),
            4 * (1 + bits % 5),
            4 * (1 + bits % 5) + 4,
            json!({"w": 1 + bits % 5}),
            false,
        ),
        "sqhu" => (
            8 * (1 + bits % 5) + 4,
            4 * (1 + bits % 5),
            4 * (1 + bits % 5) + 4,
            json!({"w": 1 + bits % 5}),
            false,
        ),
        "sqh_star" | "sqh_c" | "sqh_c2" | "sqh_asm" | "sqh_asm2" | "sqh_e" | "sqh_asm2_mod_p"
        | "sqh2" => {
            let w = 1 + bits % 5;
            let zp = matches!(name, "sqh_star" | "sqh_c" | "sqh_c2" | "sqh_asm2_mod_p");
            (
                4 * w * k,
                4 * w * k,
                4 * w + if zp { 4 } else { 0 },
                json!({"w": w}),
                false,
            )
        }
        "umac32" | "umac64" | "umac96" | "umac128" => {
            let tag: usize = name[4..].parse::<usize>().unwrap() / 8;
            (16, 8 * k + bits, tag, json!({}), true)
        }
        "nh_adiantum" => (1072, 16 * k, 32, json!({}), false),
        "nhpoly1305" => (1088, 7 * (k - 1), 16, json!({}), true),
        other => unreachable!("{other}"),
    };
    let key_len = key_len.checked_add_signed(key_delta).unwrap();
    let base_msg_len = msg_len;
    let msg_len = msg_len.saturating_add_signed(msg_delta);
    // Keys longer than the pool (Adiantum's NH: 1072 bytes) repeat it.
    let mut key: Vec<u8> = pool.iter().copied().cycle().take(key_len).collect();
    if name == "poly1305_aes" && clamp && key.len() >= 32 {
        for i in [19, 23, 27, 31] {
            key[i] &= 15;
        }
        for i in [20, 24, 28] {
            key[i] &= 252;
        }
    }
    if name == "sqhu" {
        // b's top limb zero: b < 2^(32w) < p, a valid key.
        let w = 1 + bits % 5;
        if let Some(top) = key.get_mut(8 * w..8 * w + 4) {
            top.fill(0);
        }
    }
    let msg = pool[pool.len() - msg_len..].to_vec();
    let mut record = json!({
        "fn": name, "key": hex::encode(&key), "msg": hex::encode(&msg), "params": params,
    });
    if name == "poly1305_aes" {
        record["nonce"] = Value::from(hex::encode(&pool[100..116]));
    }
    if name == "wc_mac" || name == "long_mac" || name == "digest_mw_long_mac" {
        record["nonce"] = Value::from(hex::encode(&pool[100..112]));
    }
    if name.starts_with("umac") {
        // UMAC nonces are 1 to 16 bytes.
        record["nonce"] = Value::from(hex::encode(&pool[100..101 + bits % 16]));
    }
    // DFC keys are used whole, and any length from 1 to 32 bytes is valid.
    let key_ok = key_delta >= 0 || name == "dfc_encrypt" || name == "dfc_v1_encrypt";
    let valid =
        key_ok && (free_msg || msg_len == base_msg_len) && (name != "poly1305_aes" || clamp);
    (record, valid.then_some(out_len))
}

fn shaped_record() -> impl Strategy<Value = (Value, Option<usize>)> {
    let names: Vec<&'static str> = functions()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .collect();
    (
        prop::sample::select(names),
        1usize..=6,
        1usize..=4,
        prop::sample::select(vec![16usize, 32, 64]),
        0usize..64,
        prop::sample::select(vec![-1isize, 0, 0, 0, 5]),
        prop::sample::select(vec![-1isize, 0, 0, 0, 1]),
        any::<bool>(),
        prop::collection::vec(any::<u8>(), 256),
    )
        .prop_map(|(name, k, n, b, bits, kd, md, clamp, pool)| {
            shaped(name, k, n, b, bits, kd, md, clamp, &pool)
        })
}

proptest! {
    #[test]
    fn shaped_records_answer_by_their_layout((record, out_len) in shaped_record()) {
        let line = record.to_string();
        check_answer(line.as_bytes(), Impl::Reference)?;
        check_answer(line.as_bytes(), Impl::Production)?;
        let reference = answer_line(line.as_bytes(), Impl::Reference).unwrap();
        // Where production exists, it answers exactly as the reference.
        let name = record["fn"].as_str().unwrap();
        if uhash_cli::kat::lookup(name).unwrap().production.is_some() {
            prop_assert_eq!(answer_line(line.as_bytes(), Impl::Production), Some(reference.clone()));
        }
        let answer: Value = serde_json::from_str(&reference).unwrap();
        match out_len {
            Some(len) => {
                let out = answer["out"].as_str();
                prop_assert!(out.is_some(), "{} -> {}", line, answer);
                prop_assert_eq!(out.unwrap().len(), 2 * len, "{}", line);
            }
            None => prop_assert!(answer.get("error").is_some(), "{} -> {}", line, answer),
        }
    }

    #[test]
    fn any_bytes_get_one_answer(line in prop::collection::vec(any::<u8>(), 0..200)) {
        for imp in Impl::ALL {
            check_answer(&line, imp)?;
        }
    }

    #[test]
    fn any_string_gets_one_answer(line in "\\PC{0,200}") {
        for imp in Impl::ALL {
            check_answer(line.as_bytes(), imp)?;
        }
    }

    #[test]
    fn any_record_gets_one_answer(r in record()) {
        let line = r.to_string();
        for imp in Impl::ALL {
            check_answer(line.as_bytes(), imp)?;
        }
    }

    #[test]
    fn mmh32_matches_the_model(words in prop::collection::vec((any::<u32>(), any::<u32>()), 1..40), extra in 0usize..3) {
        let (key, msg): (Vec<u32>, Vec<u32>) = words.into_iter().unzip();
        let mut long_key = key.clone();
        long_key.extend(std::iter::repeat_n(0xffff_ffff, extra));
        let line = rec("mmh32", &le32(&long_key), &le32(&msg), Value::Null);
        prop_assert_eq!(
            answer_line(line.as_bytes(), Impl::Reference),
            Some(out_line(&le32(&[mmh32_model(&key, &msg)])))
        );
    }
}
