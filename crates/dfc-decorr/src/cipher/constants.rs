//! The constants of DFC: 32-bit words `EES[i]` of the hexadecimal
//! expansion of e − 2 (re-derived from a big-integer series for e in
//! `tests/suite/constants.rs`), and the cipher's sizes.

/// `RT[0..64]`, the table of CP: the first 64 32-bit words `EES[0..64]` of
/// the hexadecimal expansion of e − 2 (`RT[0] = 0xb7e15162`,
/// `RT[63] = 0xe67008e1`). Re-derived from e in `tests/suite/constants.rs`.
pub const RT: [u32; 64] = [
    0xb7e15162, 0x8aed2a6a, 0xbf715880, 0x9cf4f3c7, 0x62e7160f, 0x38b4da56, 0xa784d904, 0x5190cfef,
    0x324e7738, 0x926cfbe5, 0xf4bf8d8d, 0x8c31d763, 0xda06c80a, 0xbb1185eb, 0x4f7c7b57, 0x57f59584,
    0x90cfd47d, 0x7c19bb42, 0x158d9554, 0xf7b46bce, 0xd55c4d79, 0xfd5f24d6, 0x613c31c3, 0x839a2ddf,
    0x8a9a276b, 0xcfbfa1c8, 0x77c56284, 0xdab79cd4, 0xc2b3293d, 0x20e9e5ea, 0xf02ac60a, 0xcc93ed87,
    0x4422a52e, 0xcb238fee, 0xe5ab6add, 0x835fd1a0, 0x753d0a8f, 0x78e537d2, 0xb95bb79d, 0x8dcaec64,
    0x2c1e9f23, 0xb829b5c2, 0x780bf387, 0x37df8bb3, 0x00d01334, 0xa0d0bd86, 0x45cbfa73, 0xa6160ffe,
    0x393c48cb, 0xbbca060f, 0x0ff8ec6d, 0x31beb5cc, 0xeed7f2f0, 0xbb088017, 0x163bc60d, 0xf45a0ecb,
    0x1bcd289b, 0x06cbbfea, 0x21ad08e1, 0x847f3f73, 0x78d56ced, 0x94640d6e, 0xf0d3d37b, 0xe67008e1,
];

/// `KD = EES[64] ‖ EES[65]`, the 64-bit constant added at the end of CP.
pub const KD: u64 = 0x86d1bf27_5b9b241d;

/// `KC = EES[66]`, the 32-bit constant xored into the left half in CP.
pub const KC: u32 = 0xeb64749a;

/// `KA_0..KA_3`: `0`, `EES[0]‖EES[1]`, `EES[2]‖EES[3]`, `EES[4]‖EES[5]`;
/// xored into the `a` half of the key-schedule round keys.
pub const KA: [u64; 4] = [
    0,
    0xb7e15162_8aed2a6a,
    0xbf715880_9cf4f3c7,
    0x62e7160f_38b4da56,
];

/// `KB_0..KB_3`: `0`, `EES[6]‖EES[7]`, `EES[8]‖EES[9]`, `EES[10]‖EES[11]`;
/// xored into the `b` half of the key-schedule round keys.
pub const KB: [u64; 4] = [
    0,
    0xa784d904_5190cfef,
    0x324e7738_926cfbe5,
    0xf4bf8d8d_8c31d763,
];

/// `KS = EES[12] ‖ … ‖ EES[19]` (256 bits, most significant word first): a
/// key of `n` bits is completed with the first `256 − n` bits of `KS`.
pub const KS: [u32; 8] = [
    0xda06c80a, 0xbb1185eb, 0x4f7c7b57, 0x57f59584, 0x90cfd47d, 0x7c19bb42, 0x158d9554, 0xf7b46bce,
];

/// Number of rounds of DFC.
pub const ROUNDS: usize = 8;

/// Block size in bytes.
pub const BLOCK_BYTES: usize = 16;

/// Longest key in bytes (256 bits).
pub const MAX_KEY_BYTES: usize = 32;

/// Blocks the multi-block paths interleave (independent Feistel chains run
/// side by side so that their latencies overlap).
pub const PAR_BLOCKS: usize = 4;

/// Round keys `a_1, b_1, …, a_8, b_8` (`RK_i = a_i ‖ b_i`).
pub type RoundKeys = [u64; 2 * ROUNDS];
