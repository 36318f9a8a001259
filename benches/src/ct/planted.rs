//! The planted leaks: a branch on a secret byte and a table read at a
//! secret index. The `ctgrind` front end requires memcheck to report each
//! of them (otherwise the harness is blind and its passes mean nothing) and
//! `dudect` to find their timing difference.

use std::hint::black_box;

use super::Target;

/// A 256-entry table, read at a secret index by [`secret_index`].
static TABLE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).wrapping_mul(167).wrapping_add(13);
        i += 1;
    }
    t
};

/// Early exit at the first zero key byte: a branch on the secret (the
/// classic non-constant-time comparison).
#[inline(never)]
fn secret_branch(key: &[u8], msg: &[u8]) -> u8 {
    let mut acc = 0u8;
    for (&k, &m) in key.iter().zip(msg.iter().cycle()) {
        if black_box(k) == 0 {
            break;
        }
        acc = acc.wrapping_add(k ^ m);
    }
    acc
}

/// A table lookup at a secret index (the classic cache-timing leak).
#[inline(never)]
fn secret_index(key: &[u8], msg: &[u8]) -> u8 {
    let mut acc = 0u8;
    for (&k, &m) in key.iter().zip(msg) {
        acc ^= TABLE[usize::from(black_box(k ^ m))];
    }
    acc
}

/// A branch on a byte of a key expanded from the secret seed (AES-128-CTR
/// through `kdf::expand`): proves that the secret survives key expansion
/// (AES-NI under valgrind), so that the long hashes' seeds are followed
/// into their expanded keys.
#[inline(never)]
fn branch_on_expanded_key(seed: &[u8]) -> u8 {
    let mut k = [0u8; 32];
    uhash_base::kdf::expand(&super::array(seed), 1, &mut k);
    secret_branch(&k, &[1])
}

/// Early exit at the first key byte whose bits of `bits` are all 0.
#[inline(never)]
fn branch_on_bits(key: &[u8], bits: u8) -> u8 {
    let mut n = 0u8;
    for &k in key {
        if black_box(k) & bits == 0 {
            break;
        }
        n = n.wrapping_add(1);
    }
    n
}

/// Work that ignores its input: the same instructions on the same values
/// for both classes. `dudect` times it beside the real targets as its noise
/// gauge (an A/A test: any |t| it shows is the machine's, not the code's).
#[inline(never)]
fn input_independent() -> u8 {
    let mut x = black_box(0x9e37_79b9_7f4a_7c15u64);
    for _ in 0..200 {
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9).rotate_left(17) ^ 1;
    }
    x as u8
}

/// The planted targets (marked [`Target::planted`]).
pub(super) fn targets(out: &mut Vec<Target>) {
    let mut branch = Target::new(
        "planted",
        "early exit on a zero key byte",
        "-",
        32,
        0,
        &[32],
        |i| vec![secret_branch(i.key, i.msg)],
    );
    branch.planted = true;
    branch.planted_timing = true;
    out.push(branch);
    let mut index = Target::new(
        "planted",
        "table read at a secret index",
        "-",
        32,
        0,
        &[32],
        |i| vec![secret_index(i.key, i.msg)],
    );
    index.planted = true;
    out.push(index);
    let mut expanded = Target::new(
        "planted",
        "branch on an expanded key byte",
        "-",
        16,
        0,
        &[0],
        |i| vec![branch_on_expanded_key(i.key)],
    );
    expanded.planted = true;
    out.push(expanded);
    // A key whose low nibbles are secret and high nibbles public (format
    // bits, as Poly1305's r has): a branch on the secret bits must be
    // reported ...
    let mask = vec![0x0f; 32];
    let mut secret_bits = Target::new(
        "planted",
        "branch on the secret bits of a partly public key",
        "-",
        32,
        0,
        &[0],
        |i| vec![branch_on_bits(i.key, 0x0f)],
    )
    .with_key_mask(mask.clone());
    secret_bits.planted = true;
    out.push(secret_bits);
    out.push(Target::new(
        "planted",
        "control: work independent of the input (A/A)",
        "-",
        32,
        0,
        &[32],
        |_| vec![input_independent()],
    ));
    // ... and a branch on its public bits must not (a control, not planted:
    // it runs with the real targets and must pass).
    out.push(
        Target::new(
            "planted",
            "control: branch on the public format bits of a key (must pass)",
            "-",
            32,
            0,
            &[0],
            |i| vec![branch_on_bits(i.key, 0xf0)],
        )
        .with_key_mask(mask),
    );
}
