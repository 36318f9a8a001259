//! `uhash-base`: key expansion, the AES-NI block, the Wegman–Carter pad
//! and lane addition, the level-2 (mod 2^130 − 5) and level-3 (MMH to the
//! lane width) reductions, the field arithmetic every family uses, and the
//! constant-time tag comparison.

use uhash_base::p130::{Fe130, Multiplier, horner, horner_powers};
use uhash_base::pw::Elem;
use uhash_base::{Tag, kdf, long, mac, p32, p36m5, p64, p64m59, p128m159};

use super::{Input, Target, array, words32, words64};

const F: &str = "uhash-base";

/// A u128 from the first 16 bytes of `b`.
fn u128_of(b: &[u8]) -> u128 {
    u128::from_le_bytes(array(b))
}

/// The core targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    // Key expansion: AES-128-CTR under the seed (the `aes` crate).
    out.push(Target::new(F, "kdf::expand", "-", 16, 0, &[0], |i| {
        let mut k = vec![0u8; 100];
        kdf::expand(&array(i.key), kdf::label(1, 2, 3, 4), &mut k);
        k
    }));
    out.push(Target::new(F, "kdf::KeyStream", "-", 16, 0, &[0], |i| {
        let mut ks = kdf::KeyStream::new(&array(i.key), 7);
        let mut v = ks.next_u32().to_le_bytes().to_vec();
        v.extend(ks.next_u64().to_le_bytes());
        v
    }));
    // The AES-NI block (the Poly1305-AES and UMAC pads), where the CPU has it.
    #[cfg(target_arch = "x86_64")]
    if uhash_base::aesni::Aes128Ni::new(&[0; 16]).is_some() {
        out.push(Target::new(
            F,
            "aesni::Aes128Ni (key expansion + block)",
            "aesni",
            16,
            16,
            &[0],
            |i| {
                let c = uhash_base::aesni::Aes128Ni::new(&array(i.key));
                let mut b = array::<16>(i.nonce);
                if let Some(c) = c {
                    c.encrypt_block(&mut b);
                }
                b.to_vec()
            },
        ));
    }
    // The Wegman–Carter pad and its lane addition.
    out.push(Target::new(
        F,
        "mac::tag_for_hash (pad + add_lanes_assign)",
        "-",
        16,
        12,
        &[4, 8, 16, 24],
        |i| {
            let lane = if i.msg.len() == 24 { 3 } else { i.msg.len() };
            let mut t = vec![0u8; i.msg.len()];
            let _ = mac::tag_for_hash(
                &array(i.key),
                &mac::MacNonce::from_bytes(array(i.nonce)),
                lane,
                i.msg,
                &mut t,
            );
            t
        },
    ));
    // Level 2: Poly1305's polynomial mod 2^130 − 5, the frozen residue and
    // the finish; the power form used by the long hashes.
    out.push(Target::new(
        F,
        "p130::horner + Fe130::finish_with",
        "-",
        32,
        0,
        &[15, 16, 100],
        |i| {
            let r = Multiplier::from_clamped_r(&array(i.key));
            let acc = horner(&r, Fe130::ZERO, i.msg);
            acc.finish_with(u128_of(&i.key[16..])).to_vec()
        },
    ));
    out.push(Target::new(
        F,
        "p130::horner_powers + Fe130::freeze",
        "-",
        16,
        0,
        &[64],
        |i| {
            let k = Multiplier::from_clamped_r(&array(i.key));
            let mut pow = vec![k];
            for _ in 1..8 {
                let last = pow[pow.len() - 1].value();
                pow.push(Multiplier::new(last.mul_fe(k.value())));
            }
            let y = words64(i.msg);
            let (lo, top) = horner_powers(Fe130::ZERO, &y, &pow).freeze();
            let mut v = lo.to_le_bytes().to_vec();
            v.extend(top.to_le_bytes());
            v
        },
    ));
    // Level 3: MMH to the lane width.
    out.push(Target::new(F, "long::l3_mmh32", "-", 20, 0, &[24], |i| {
        let key: [u32; 5] = words32(i.key).try_into().unwrap_or([0; 5]);
        let z = (u128_of(i.msg), u64::from_le_bytes(array(&i.msg[16..])) & 3);
        long::l3_mmh32(&key, z).to_le_bytes().to_vec()
    }));
    out.push(Target::new(F, "long::l3_mmh64", "-", 24, 0, &[24], |i| {
        let key: [u64; 3] = words64(i.key).try_into().unwrap_or([0; 3]);
        let z = (u128_of(i.msg), u64::from_le_bytes(array(&i.msg[16..])) & 3);
        long::l3_mmh64(&key, z).to_le_bytes().to_vec()
    }));
    // The field arithmetic under the families.
    out.push(Target::new(
        F,
        "p32::{reduce, add, mul}",
        "-",
        8,
        0,
        &[8],
        |i| {
            let a = u64::from_le_bytes(array(i.key));
            let m = u64::from_le_bytes(array(i.msg));
            let r = p32::mul(p32::add(p32::reduce(a), p32::reduce(m)), p32::reduce(a ^ m));
            [
                p32::reduce_to_u32(r ^ m).to_le_bytes(),
                (r as u32).to_le_bytes(),
            ]
            .concat()
        },
    ));
    out.push(Target::new(
        F,
        "p64::{reduce, reduce_complement, reduce_u128, horner_step, mul_add_mod_2_64}",
        "-",
        16,
        0,
        &[16],
        |i| {
            let a = u64::from_le_bytes(array(i.key));
            let b = u64::from_le_bytes(array(&i.key[8..]));
            let x = u128_of(i.msg);
            let mut v = p64::reduce(x).to_le_bytes().to_vec();
            v.extend(p64::reduce_complement(x).to_le_bytes());
            v.extend(p64::reduce_u128(x).to_le_bytes());
            v.extend(p64::horner_step(a, x >> 2, b).to_le_bytes());
            v.extend(p64::mul_add_mod_2_64(a, x as u64, b).to_le_bytes());
            v
        },
    ));
    out.push(Target::new(
        F,
        "p36m5::reduce, p64m59::{mul_add, mul_add_partial, canonical, mul, reduce}, p128m159::{mul_add, mul, reduce_wide}",
        "-",
        32,
        0,
        &[32],
        |i| {
            let k = u64::from_le_bytes(array(i.key));
            let k2 = u128_of(&i.key[16..]);
            let m = u64::from_le_bytes(array(i.msg));
            let m2 = u128_of(&i.msg[16..]);
            let mut v = p36m5::reduce(k ^ m).to_le_bytes().to_vec();
            v.extend(p64m59::mul_add(k, m, k >> 3).to_le_bytes());
            v.extend(p64m59::mul_add_partial(k, m, k >> 3).to_le_bytes());
            v.extend(p64m59::canonical(k ^ m).to_le_bytes());
            v.extend(p64m59::mul(k, m).to_le_bytes());
            v.extend(p64m59::reduce(u128::from(k) * u128::from(m)).to_le_bytes());
            v.extend(p128m159::mul_add(k2, m2, k2 >> 5).to_le_bytes());
            v.extend(p128m159::mul(k2, m2).to_le_bytes());
            v.extend(p128m159::reduce_wide(k2, m2).to_le_bytes());
            v
        },
    ));
    pw_targets::<1>(out);
    pw_targets::<2>(out);
    pw_targets::<3>(out);
    pw_targets::<4>(out);
    pw_targets::<5>(out);
    // The tag comparisons: both tags secret until the verdict.
    out.push(Target::new(
        F,
        "Tag::eq / ct_eq (equal and different)",
        "-",
        16,
        0,
        &[16],
        |i| {
            let a = Tag::<16>::from_bytes(array(i.key));
            let b = Tag::<16>::from_bytes(array(i.msg));
            let same = a == Tag::<16>::from_bytes(array(i.key));
            let diff = a == b;
            let raw = a == array::<16>(i.msg);
            vec![u8::from(same), u8::from(diff), u8::from(raw)]
        },
    ));
}

/// The Square Hash prime fields p_w: reduction, +, ×, square, bytes.
fn pw_targets<const W: usize>(out: &mut Vec<Target>) {
    out.push(Target::new(
        F,
        format!("pw::Elem<{W}>::{{from_limbs_reduced, add, mul, square}}"),
        "-",
        4 * W + 4,
        0,
        &[8 * W + 8],
        |i: &Input<'_>| {
            let x = Elem::<W>::from_limbs_reduced(&words32(i.key));
            let m = Elem::<W>::from_wide_limbs_reduced(&words32(i.msg));
            let y = x.add(&m).mul(&x).square();
            let mut v = vec![0u8; 4 * W + 4];
            y.write_le_bytes(&mut v);
            v
        },
    ));
}
