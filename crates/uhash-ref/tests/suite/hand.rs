//! Small cases computed by hand (the arithmetic is in the comments), the MMH
//! Appendix A edge case, DFC edge cases, and the Nguyen–Roscoe b = 7
//! exhaustive experiment.

use num_bigint::BigUint;
use uhash_ref::RefError;
use uhash_ref::dfc::{dfc_module, horner_hash};
use uhash_ref::digest::{digest, digest_mw, digest_prime, digest_trunc};
use uhash_ref::mmh::{mmh_b, mmh_star, mmh32, mmh32_toeplitz, mmh64, nmh_b, nmh_star, nmh32};
use uhash_ref::nh::{nh, nh_toeplitz, nh_w};
use uhash_ref::poly1305::{clamp, poly1305, poly1305_aes, poly1305_mod_p, r_is_clamped};
use uhash_ref::reduce::{mod_p32, mod_p64, mod_p130, p32};

fn big(v: u128) -> BigUint {
    BigUint::from(v)
}

fn bigs(v: &[u128]) -> Vec<BigUint> {
    v.iter().map(|&x| big(x)).collect()
}

// ---------------------------------------------------------------- MMH / NMH

#[test]
fn mmh_star_by_hand() {
    // p = 7, x = (3, 5), m = (2, 4): 2·3 + 4·5 = 26 = 3·7 + 5 → 5.
    assert_eq!(
        mmh_star(&big(7), &bigs(&[3, 5]), &bigs(&[2, 4])),
        Ok(big(5))
    );
    // Longer key: only the prefix is used.
    assert_eq!(
        mmh_star(&big(7), &bigs(&[3, 5, 6]), &bigs(&[2, 4])),
        Ok(big(5))
    );
    // p = 2^32 + 15, m = (1, 1), x = (2^32 − 1, 16): sum = p → 0.
    let p = p32();
    let key = vec![big((1 << 32) - 1), big(16)];
    assert_eq!(mmh_star(&p, &key, &bigs(&[1, 1])), Ok(big(0)));
}

#[test]
fn mmh_b_by_hand() {
    // b = 4: p_4 = 17 (smallest prime > 16).
    // x = m = (15, 15, 15): Σ = 3·225 = 675; mod 2^8 = 675 − 512 = 163;
    // 163 mod 17 = 163 − 153 = 10; 10 mod 16 = 10.
    // (Without the mod 2^(2b) step it would be 675 mod 17 = 12.)
    assert_eq!(mmh_b(4, &[15, 15, 15], &[15, 15, 15]), Ok(10));
    // x = (3, 4), m = (7, 3): Σ = 21 + 12 = 33; mod 256 = 33; 33 mod 17 = 16;
    // 16 mod 16 = 0 (the dropped top bit of Z_p).
    assert_eq!(mmh_b(4, &[3, 4], &[7, 3]), Ok(0));
    // x = (4), m = (4): Σ = 16 → 16 mod 17 = 16 → 0.
    assert_eq!(mmh_b(4, &[4], &[4]), Ok(0));
    // b = 2: p_2 = 5. x = m = (3, 3): Σ = 18; mod 16 = 2; mod 5 = 2; mod 4 = 2.
    assert_eq!(mmh_b(2, &[3, 3], &[3, 3]), Ok(2));
    // b = 3: p_3 = 11. x = (7), m = (7): 49 mod 64 = 49; 49 mod 11 = 5; mod 8 = 5.
    assert_eq!(mmh_b(3, &[7], &[7]), Ok(5));
}

#[test]
fn mmh32_by_hand() {
    // 2·3 + 4·5 = 26.
    assert_eq!(mmh32(&[3, 5], &[2, 4]), Ok(26));
    // x = m = (2^32 − 1, 2^32 − 1): each product is 2^64 − 2^33 + 1; the sum
    // 2^65 − 2^34 + 2 is reduced mod 2^64 to 2^64 − 2^34 + 2. With
    // 2^32 ≡ −15 (mod p): 2^64 ≡ 225, 2^34 ≡ −60, so 225 + 60 + 2 = 287.
    // (Without the mod 2^64 step: 2·(225 + 30 + 1) = 512.)
    assert_eq!(mmh32(&[u32::MAX; 2], &[u32::MAX; 2]), Ok(287));
    // Sum = 2^32 + 14 = p − 1 → p − 1 mod 2^32 = 14.
    assert_eq!(mmh32(&[u32::MAX, 15], &[1, 1]), Ok(14));
}

/// The MMH paper's Appendix A `basic_mmh`, transcribed line by line (32
/// words, 64-bit arithmetic that wraps as gcc's `long long` does).
fn appendix_a_basic_mmh(key: &[u32; 32], msg: &[u32; 32]) -> u32 {
    let mut sum: u64 = 0;
    for i in 0..32 {
        sum = sum.wrapping_add(u64::from(key[i]) * u64::from(msg[i]));
    }
    // stmp = (sum & 0xffffffffLL) - ((sum >> 32) * 15);   /* lo - hi * 15 */
    let stmp: i64 = (sum & 0xffff_ffff) as i64 - ((sum >> 32) * 15) as i64;
    // utmp = (stmp & 0xffffffffLL) - ((stmp >> 32) * 15); /* lo - hi * 15 */
    let utmp: u64 = ((stmp & 0xffff_ffff) - ((stmp >> 32) * 15)) as u64;
    // ret = utmp & 0xffffffff;
    let mut ret = (utmp & 0xffff_ffff) as u32;
    // if (utmp > 0x10000000fLL) ret -= 15;
    if utmp > 0x1_0000_000f {
        ret = ret.wrapping_sub(15);
    }
    ret
}

/// A 32-word key and message whose sum `x_1 m_1 + x_2 m_2` equals `s`
/// (`s < 2^64`, other words zero): `m_1 = s div 2^32`, `x_1 = 2^32 − 1`,
/// then `m_2 = (s mod 2^32) + m_1`, `x_2 = 1`.
fn key_msg_with_sum(s: u64) -> ([u32; 32], [u32; 32]) {
    let hi = s >> 32;
    let lo = s & 0xffff_ffff;
    let mut key = [0u32; 32];
    let mut msg = [0u32; 32];
    key[0] = u32::MAX;
    msg[0] = u32::try_from(hi).unwrap();
    key[1] = 1;
    msg[1] = u32::try_from(lo + hi).expect("lo + hi < 2^32 for these sums");
    let total = u128::from(key[0]) * u128::from(msg[0]) + u128::from(key[1]) * u128::from(msg[1]);
    assert_eq!(total, u128::from(s));
    (key, msg)
}

#[test]
fn mmh32_sum_congruent_to_zero_gives_zero_unlike_appendix_a() {
    // Sum exactly p = 2^32 + 15: Definition 5 gives 0. (Appendix A also
    // gives 0 here: stmp = 15 − 15 = 0.)
    let p = (1u64 << 32) + 15;
    let (key, msg) = key_msg_with_sum(p);
    assert_eq!(mmh32(&key, &msg), Ok(0));
    assert_eq!(appendix_a_basic_mmh(&key, &msg), 0);

    // The edge case of Appendix A: its second folding step can produce
    // utmp = d − 15c = 2^32 + 15 = p exactly (needs c ≤ −2), and the final
    // test `utmp > p` lets it through as `ret = utmp mod 2^32 = 15`. For each
    // c = −2 … −15, d = 2^32 + 15 + 15c, stmp = c·2^32 + d, and a 64-bit sum
    // with lo − 15·hi = stmp is hi = ⌈−stmp/15⌉, lo = stmp + 15·hi.
    // E.g. c = −2: stmp = −2^32 − 15, hi = 286331155, lo = 14,
    // sum = 286331155·2^32 + 14 ≡ 14 − 15·286331155 = −(2^32 + 15) ≡ 0.
    let mut found = 0;
    for c in 2i64..=15 {
        let d = (1i64 << 32) + 15 - 15 * c;
        let stmp = -c * (1i64 << 32) + d;
        let hi = (-stmp + 14) / 15;
        let lo = stmp + 15 * hi;
        assert!((0..1 << 32).contains(&lo) && (0..1 << 32).contains(&hi));
        let s = ((hi as u64) << 32) | lo as u64;
        assert_eq!(
            BigUint::from(s) % p32(),
            BigUint::from(0u32),
            "sum ≡ 0 mod p"
        );
        let (key, msg) = key_msg_with_sum(s);
        assert_eq!(mmh32(&key, &msg), Ok(0), "Definition 5 for sum {s:#x}");
        assert_eq!(mmh32_toeplitz(&key, &msg, 1), Ok(vec![0]));
        assert_eq!(
            appendix_a_basic_mmh(&key, &msg),
            15,
            "Appendix A for sum {s:#x}"
        );
        found += 1;
    }
    assert_eq!(found, 14);
    // The first case, written out.
    let (key, msg) = key_msg_with_sum(286_331_155u64 * (1 << 32) + 14);
    assert_eq!(mmh32(&key, &msg), Ok(0));
    assert_eq!(appendix_a_basic_mmh(&key, &msg), 15);
}

#[test]
fn appendix_a_agrees_with_definition_5_away_from_the_edge() {
    // A simple deterministic generator (xorshift64) over many inputs.
    let mut rng = uhash_testkit::rng::XorShift64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = || rng.next_u64() as u32;
    for _ in 0..500 {
        let key: [u32; 32] = core::array::from_fn(|_| next());
        let msg: [u32; 32] = core::array::from_fn(|_| next());
        assert_eq!(Ok(appendix_a_basic_mmh(&key, &msg)), mmh32(&key, &msg));
    }
}

#[test]
fn mmh64_by_hand() {
    // (2^64 − 1)^2 = 2^128 − 2^65 + 1; with 2^64 ≡ −13 (mod 2^64 + 13):
    // (−14)^2 = 196.
    assert_eq!(mmh64(&[u64::MAX], &[u64::MAX]), Ok(196));
    // Two such products: 2^129 − 2^66 + 2 ≡ 2^128 − 2^66 + 2 (mod 2^128);
    // 2^128 ≡ 169, 2^66 = 4·2^64 ≡ −52: 169 + 52 + 2 = 223 (not 2·196 = 392).
    assert_eq!(mmh64(&[u64::MAX; 2], &[u64::MAX; 2]), Ok(223));
    // Sum = 2^64 + 13 = p → 0; sum = 2^64 + 12 → 2^64 + 12 mod 2^64 = 12.
    assert_eq!(mmh64(&[u64::MAX, 14], &[1, 1]), Ok(0));
    assert_eq!(mmh64(&[u64::MAX, 13], &[1, 1]), Ok(12));
}

#[test]
fn mmh32_toeplitz_by_hand() {
    // x = (1, 2, 3), m = (10, 20), n = 2:
    // d_1 = 10·1 + 20·2 = 50, d_2 = 10·2 + 20·3 = 80.
    assert_eq!(mmh32_toeplitz(&[1, 2, 3], &[10, 20], 2), Ok(vec![50, 80]));
}

#[test]
fn nmh_by_hand() {
    // NMH*: p = 7, x = (3, 5), m = (2, 4): (2 + 3)(4 + 5) = 45 = 6·7 + 3 → 3.
    assert_eq!(
        nmh_star(&big(7), &bigs(&[3, 5]), &bigs(&[2, 4])),
        Ok(big(3))
    );
    // Sums reach p but are not reduced first; same result mod p:
    // p = 7, x = (6, 6), m = (6, 6): 12·12 = 144 = 20·7 + 4 → 4.
    assert_eq!(
        nmh_star(&big(7), &bigs(&[6, 6]), &bigs(&[6, 6])),
        Ok(big(4))
    );
    // NMH with b = 4 (p = 17): x = (3, 3), m = (2, 2): 5·5 = 25 → 25 mod 17 = 8.
    assert_eq!(nmh_b(4, &[3, 3], &[2, 2]), Ok(8));
    // ± wraps mod 16: x = (15, 1), m = (1, 15): 0·0 = 0.
    assert_eq!(nmh_b(4, &[15, 1], &[1, 15]), Ok(0));
    // x = (1, 1), m = (6, 7): 7·8 = 56 mod 17 = 5.
    assert_eq!(nmh_b(4, &[1, 1], &[6, 7]), Ok(5));
    // NMH32: x = (1, 1), m = (2^32 − 1, 2^32 − 1): (0)(0) = 0.
    assert_eq!(nmh32(&[1, 1], &[u32::MAX, u32::MAX]), Ok(0));
    // x = (0, 0), m = (2^32 − 2, 2^32 − 2): (2^32 − 2)^2 = 2^64 − 2^34 + 4;
    // 2^64 ≡ 225, 2^34 ≡ −60 (mod 2^32 + 15): 225 + 60 + 4 = 289.
    assert_eq!(nmh32(&[0, 0], &[u32::MAX - 1; 2]), Ok(289));
}

// ---------------------------------------------------------------- NH

#[test]
fn nh_by_hand() {
    // w = 32: K = (1, 2, 3, 4), M = (5, 6, 7, 8):
    // (5 + 1)(6 + 2) + (7 + 3)(8 + 4) = 48 + 120 = 168.
    assert_eq!(nh(&[1, 2, 3, 4], &[5, 6, 7, 8]), Ok(168));
    // Adjacent pairs, not strided: with K = 0 and M = (1, 2, 3, 4) the
    // adjacent reading gives 1·2 + 3·4 = 14 (a stride-2 pairing would give
    // 1·3 + 2·4 = 11).
    assert_eq!(nh(&[0; 4], &[1, 2, 3, 4]), Ok(14));
    // (2^32 − 1)^2 = 0xFFFFFFFE00000001; twice, mod 2^64: 0xFFFFFFFC00000002.
    assert_eq!(nh(&[0, 0], &[u32::MAX; 2]), Ok(0xFFFF_FFFE_0000_0001));
    assert_eq!(nh(&[0; 4], &[u32::MAX; 4]), Ok(0xFFFF_FFFC_0000_0002));
    // m + k wraps mod 2^32: (2^32 − 1 + 1) mod 2^32 = 0.
    assert_eq!(nh(&[1, 5], &[u32::MAX, 7]), Ok(0));
    // w = 4: K = (1, 2, 3, 4), M = (15, 14, 1, 0):
    // (16 mod 16 = 0)(16 mod 16 = 0) + (4)(4) = 16.
    assert_eq!(nh_w(4, &[1, 2, 3, 4], &[15, 14, 1, 0]), Ok(16));
    // w = 2: K = 0, M = (3, 3, 3, 3): 9 + 9 = 18 mod 2^4 = 2.
    assert_eq!(nh_w(2, &[0; 4], &[3; 4]), Ok(2));
    // w = 64: (2^64 − 1)^2 = 2^128 − 2^65 + 1, twice → 2^128 − 2^66 + 2 mod 2^128.
    assert_eq!(
        nh_w(64, &[0; 4], &[u64::MAX; 4]),
        Ok(u128::MAX - (1u128 << 66) + 3)
    );
}

#[test]
fn nh_toeplitz_by_hand() {
    // K = (1, 2, 3, 4), M = (10, 20), n = 2, shift by two words:
    // d_1 = (10 + 1)(20 + 2) = 242, d_2 = (10 + 3)(20 + 4) = 312.
    assert_eq!(nh_toeplitz(&[1, 2, 3, 4], &[10, 20], 2), Ok(vec![242, 312]));
}

// ---------------------------------------------------------------- digest

#[test]
fn digest_figure_1_structure_t3() {
    // Figure 1 (t = 3): digest = m1·k1 + (m1·k2 div 2^b) + m2·k2 + (m2·k3 div 2^b)
    //                          + m3·k3 + (m3·k4 div 2^b)  (mod 2^b).
    // b = 8, m = (200, 17, 255), k = (3, 250, 128, 99):
    //   m1·k1 = 600,   m1·k2 = 50000 → div 256 = 195
    //   m2·k2 = 4250,  m2·k3 = 2176  → div 256 = 8
    //   m3·k3 = 32640, m3·k4 = 25245 → div 256 = 98
    //   Σ = 600 + 195 + 4250 + 8 + 32640 + 98 = 37791 = 147·256 + 159 → 159.
    let k = [3, 250, 128, 99];
    let m = [200, 17, 255];
    assert_eq!(digest(8, &k, &m), Ok(159));
    // trunc_4: 159 = 0x9F → 0xF.
    assert_eq!(digest_trunc(8, 4, &k, &m), Ok(15));
    assert_eq!(digest_trunc(8, 8, &k, &m), Ok(159));
    // digestMW with n = 2 needs k_1..k_5; d_1 is the value above, d_2 uses
    // k_2..k_5 = (250, 128, 99, 7):
    //   200·250 = 50000, 200·128 = 25600 → 100
    //   17·128 = 2176,   17·99 = 1683    → 6
    //   255·99 = 25245,  255·7 = 1785    → 6
    //   Σ = 50000 + 100 + 2176 + 6 + 25245 + 6 = 77533 = 302·256 + 221 → 221.
    assert_eq!(
        digest_mw(8, &[3, 250, 128, 99, 7], &m, 2),
        Ok(vec![159, 221])
    );
}

#[test]
fn digest_single_word_by_hand() {
    // b = 1: m = (1), k = (1, 1): 1·1 + (1·1 div 2) = 1 → 1.
    assert_eq!(digest(1, &[1, 1], &[1]), Ok(1));
    // b = 64, m = (2^64 − 1), k = (2^64 − 1, 2^64 − 1):
    // (2^64−1)^2 mod 2^64 = 1, (2^64−1)^2 div 2^64 = 2^64 − 2; sum = 2^64 − 1.
    assert_eq!(digest(64, &[u64::MAX; 2], &[u64::MAX]), Ok(u64::MAX));
}

/// Nguyen–Roscoe §3.2 remarks: "when b = 7, we look at all possible pairs of
/// two different (b = 7)-bit messages in combination with all (2b = 14)-bit
/// keys, the obtained collision probability is 2^−7 × 1.875" — i.e. the
/// worst pair collides under 240 of the 16384 keys. Theorem 1 bounds it by
/// 2^(1−b) (256 keys); the distribution bound 2^−b (128 keys) is met exactly.
#[test]
fn digest_b7_exhaustive_collision_experiment() {
    const B: u32 = 7;
    const N: usize = 1 << B;
    let mut collisions = vec![0u32; N * N];
    let mut dist_max = 0u32;
    let mut dist = vec![0u32; N * N]; // [m][y]
    for k1 in 0..N as u64 {
        for k2 in 0..N as u64 {
            let out: Vec<u64> = (0..N as u64)
                .map(|m| digest(B, &[k1, k2], &[m]).unwrap())
                .collect();
            for m in 0..N {
                dist[m * N + out[m] as usize] += 1;
                for m2 in m + 1..N {
                    if out[m] == out[m2] {
                        collisions[m * N + m2] += 1;
                    }
                }
            }
        }
    }
    for m in 1..N {
        for y in 0..N {
            dist_max = dist_max.max(dist[m * N + y]);
        }
    }
    let worst = *collisions.iter().max().unwrap();
    assert_eq!(worst, 240, "1.875 · 2^-7 of 2^14 keys");
    assert!(worst <= 256, "Theorem 1: at most 2^(1-b)");
    // Attained at m = 1 vs m' = 17 (the example the issue names).
    assert_eq!(collisions[N + 17], 240, "m = 1 vs m' = 17");
    assert_eq!(dist_max, 128, "Theorem 1: distribution exactly 2^-b");
    // The paper's tight example: m = 0^(b−1)1 hits every y under exactly
    // 2^14 / 2^7 = 128 keys (k1 = y, any k2), so 2^-b is attained.
    for y in 0..N {
        assert_eq!(dist[N + y], 128, "m = 0^6 1, y = {y}");
    }
    assert_eq!(digest(B, &[77, 0], &[1]), Ok(77));
}

#[test]
fn digest_prime_known_answers() {
    // Computed independently (Python hashlib + the same word order):
    // k1 = 01 02 03 … (34 or 36 bytes), k2 = a0 a1 … a9, m = "abc".
    // SHA-256("abc" ‖ k2) = 6ab1ba17 09b58d67 …; words little-endian.
    let k2: Vec<u8> = (0xa0..0xaa).collect();
    let k1_16: Vec<u8> = (1..=34).collect();
    let k1_32: Vec<u8> = (1..=36).collect();
    assert_eq!(digest_prime(16, &k1_16, &k2, b"abc"), Ok(15307));
    assert_eq!(digest_prime(32, &k1_32, &k2, b"abc"), Ok(1_635_867_752));
    // Longer k2 is allowed and changes the hash input.
    let mut k2_long = k2.clone();
    k2_long.push(0);
    assert_ne!(
        digest_prime(32, &k1_32, &k2_long, b"abc"),
        Ok(1_635_867_752)
    );
}

// ---------------------------------------------------------------- Poly1305

#[test]
fn poly1305_by_hand() {
    let mut r = [0u8; 16];
    // r = 1, m = (0x01): c_1 = 1 + 2^8 = 257, q = 1 → 257.
    r[0] = 1;
    assert_eq!(poly1305_mod_p(&r, &[1]), big(257));
    // r = 2, 17 zero bytes: c_1 = 2^128, c_2 = 0 + 2^8;
    // c_1 r^2 + c_2 r = 2^130 + 2^9 ≡ 5 + 512 = 517 (mod 2^130 − 5).
    r[0] = 2;
    assert_eq!(poly1305_mod_p(&r, &[0u8; 17]), big(517));
    // Empty message: q = 0, the sum is empty → 0.
    assert_eq!(poly1305_mod_p(&r, &[]), big(0));
    // Poly1305 with s = 1: 517 + 1.
    let mut key = [0u8; 32];
    key[0] = 2;
    key[16] = 1;
    let mut want = [0u8; 16];
    want[..2].copy_from_slice(&518u16.to_le_bytes());
    assert_eq!(poly1305(&key, &[0u8; 17]), want);
    // (h + s) mod 2^128: s = 2^128 − 1 and h = 517 → 516.
    key[16..].copy_from_slice(&[0xff; 16]);
    want = [0u8; 16];
    want[..2].copy_from_slice(&516u16.to_le_bytes());
    assert_eq!(poly1305(&key, &[0u8; 17]), want);
}

#[test]
fn clamp_by_hand() {
    let all = [0xffu8; 16];
    let c = clamp(&all);
    assert_eq!(
        c,
        [
            0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff,
            0xff, 0x0f
        ]
    );
    assert!(r_is_clamped(&c));
    assert!(!r_is_clamped(&all));
    for i in [3usize, 7, 11, 15] {
        let mut r = [0u8; 16];
        r[i] = 0x10;
        assert!(!r_is_clamped(&r), "byte {i} top bits");
        r[i] = 0x0f;
        assert!(r_is_clamped(&r));
    }
    for i in [4usize, 8, 12] {
        let mut r = [0u8; 16];
        r[i] = 1;
        assert!(!r_is_clamped(&r), "byte {i} bit 0");
        r[i] = 2;
        assert!(!r_is_clamped(&r), "byte {i} bit 1");
        r[i] = 0xfc;
        assert!(r_is_clamped(&r));
    }
    // Poly1305-AES refuses an unclamped r rather than clamping it.
    let mut r = [0u8; 16];
    r[15] = 0x10;
    assert!(matches!(
        poly1305_aes(&[0; 16], &r, &[0; 16], b"x"),
        Err(RefError::InvalidKey(_))
    ));
}

// ---------------------------------------------------------------- DFC

#[test]
fn dfc_module_edge_cases() {
    const TWO_64: u128 = 1 << 64;
    // (a·x + b) mod p in [2^64, 2^64 + 12] → that minus 2^64.
    // a = 1, x = 2^64 − 1, b = 1: 2^64 < p → 0.
    assert_eq!(dfc_module(1, 1, u64::MAX), 0);
    // b = 13: 2^64 + 12 = p − 1 → 12.
    assert_eq!(dfc_module(1, 13, u64::MAX), 12);
    // b = 14: 2^64 + 13 = p → 0; b = 15: p + 1 → 1.
    assert_eq!(dfc_module(1, 14, u64::MAX), 0);
    assert_eq!(dfc_module(1, 15, u64::MAX), 1);
    // a = 2, x = 2^63 + 6: 2^64 + 12 → 12, plus b = 1 → p → 0.
    assert_eq!(dfc_module(2, 0, (1 << 63) + 6), 12);
    assert_eq!(dfc_module(2, 1, (1 << 63) + 6), 0);
    // a = x = 2^64 − 1, b = 2^64 − 191: a·x + b = 2^128 − 2^64 − 190;
    // 2^128 ≡ 169, 2^64 ≡ −13: 169 + 13 − 190 = −8 ≡ p − 8 = 2^64 + 5 → 5.
    assert_eq!(dfc_module(u64::MAX, u64::MAX - 190, u64::MAX), 5);
    // Every j in 0..=12 is reachable with a = 1, x = 2^64 − 1, b = j + 1.
    for j in 0..=12u64 {
        assert_eq!(dfc_module(1, j + 1, u64::MAX), j);
    }
    // a = x = b = 2^64 − 1: 2^128 − 2^64 = 2^64(2^64 − 1) ≡ (−13)(−14) = 182.
    assert_eq!(dfc_module(u64::MAX, u64::MAX, u64::MAX), 182);
    // Small values: plain a·x + b.
    assert_eq!(dfc_module(3, 4, 5), 19);
    // Cross-check with u128 arithmetic on a value below p.
    let v = 0x1234_5678u128 * 0x9abc_def0 + 42;
    assert!(v < TWO_64);
    assert_eq!(u128::from(dfc_module(0x1234_5678, 42, 0x9abc_def0)), v);
}

#[test]
fn reductions_by_hand() {
    assert_eq!(mod_p32(&big((1 << 32) + 15)), big(0));
    assert_eq!(mod_p32(&big((1 << 32) + 16)), big(1));
    assert_eq!(mod_p32(&big(1 << 64)), big(225));
    assert_eq!(mod_p64(&big(1 << 64)), big(1 << 64));
    assert_eq!(mod_p64(&big(u128::MAX)), big(168)); // 2^128 − 1 ≡ 169 − 1
    let two_130 = BigUint::from(1u32) << 130u32;
    assert_eq!(mod_p130(&two_130), big(5));
    assert_eq!(mod_p130(&(&two_130 - 5u32)), big(0));
    assert_eq!(mod_p130(&big(12345)), big(12345));
}

#[test]
fn dfc_horner_hash_by_hand() {
    // Empty message: no block, then the length block 0: acc = 5·0 + 0 = 0;
    // out = 5·0 + 7 = 7 (= b).
    assert_eq!(horner_hash(5, 7, &[]), 7);
    // One byte 3: blocks m1 = 3 (zero-padded), length 1.
    // acc = 2·0 + 3 = 3 → 2·3 + 1 = 7; out = 2·7 + 1 = 15.
    assert_eq!(horner_hash(2, 1, &[3]), 15);
    // Nine bytes: m1 = LE(01 00 … 00) = 1, m2 = LE(02 0…) = 2, length 9.
    // acc = 1 → 10·1 + 2 = 12 → 10·12 + 9 = 129; out = 10·129 + 0 = 1290.
    assert_eq!(horner_hash(10, 0, &[1, 0, 0, 0, 0, 0, 0, 0, 2]), 1290);
    // Ten bytes: m2 = LE(00 02 0…) = 512 (the padding goes after the bytes),
    // length 10: acc = 1 → 10 + 512 = 522 → 5220 + 10 = 5230; out = 52300.
    assert_eq!(horner_hash(10, 0, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 2]), 52300);
    // The accumulator is a 65-bit residue: a = 1, m1 = 2^64 − 1, length 8:
    // acc = 2^64 − 1 → 2^64 + 7 (< p, kept whole). With b = 6:
    // 2^64 + 13 = p → 0. Truncating acc to 64 bits would give 7 + 6 = 13.
    assert_eq!(horner_hash(1, 6, &[0xff; 8]), 0);
    // b = 5: 2^64 + 12 = p − 1, a residue ≥ 2^64 → output 12.
    assert_eq!(horner_hash(1, 5, &[0xff; 8]), 12);
}
