/*
 * digest / digestMW (Nguyen-Roscoe FSE 2012, b = 32) for AArch64 (AAPCS64,
 * little-endian), NEON. One kernel per output count n = 1..8:
 *
 *   void uhash_digest_mw<n>_neon(const uint32_t *key, const uint8_t *msg,
 *                                size_t words, uint32_t *out);
 *       out[r] = Σ_{j<words} [lo(m_j·key[j+r]) + hi(m_j·key[j+r+1])] mod 2^32
 *       for r < n, m_j = le32(msg + 4j)   (Fig. 2; n = 1 is digest, Eq. 1)
 *
 * Reads exactly the message words 0..words and the key words 0..words+n
 * and writes out[0..n]; the message may have any alignment (`ld1` of
 * bytes, unaligned `ldr`). No branch and no address depends on the data.
 *
 * Scheme, per block of 4 message words m (one q register), K_s = the key
 * words i+s .. i+s+4 (`umull`/`umull2` multiply element by element, so no
 * shifted windows are needed):
 *   s = 0 (only the low halves are used, for d_0): `mla` T_0 += m·K_0 in
 *         32-bit lanes, four products mod 2^32 in one instruction;
 *   s = 1..n: P = `umull`(m, K_s) (words 0, 1), Q = `umull2`(m, K_s)
 *         (words 2, 3): 64-bit products which, seen as 32-bit lanes, hold
 *         lo(m_j·k_{j+s}) in even and hi in odd lanes; T_s += P + Q with
 *         32-bit additions (lo belongs to d_s, hi to d_{s−1}).
 * Per 4 words: 1 + 4n vector operations (the intrinsics kernels: 4 + 4n,
 * their s = 0 products also compute the unused high halves).
 * At the end d_0 = Σ T_0 + Σ odd lanes of T_1, d_r = Σ even lanes of T_r +
 * Σ odd lanes of T_{r+1}, stored to out; then the last 0..3 words are added
 * one at a time (`madd`, `umull`) into out.
 *
 * Registers (all caller-saved): T_s = v<s> for s = 0..min(n, 7), T_8 =
 * v16 (v8..v15 are callee-saved in AAPCS64), m = v20, K = v21, P = v22,
 * Q = v23, reduction scratch v24, v25; scalar w9..w12, x12.
 */
#include "uhash_asm.h"

/* T_s = 0; T_s.4s += v22.4s, for the accumulator T_s = v<s> (s ≤ 7) or
 * T_8 = v16 (v8..v15 are callee-saved in AAPCS64, so never touched). */
.macro ZERO_V s
    .if \s == 8
    movi    v16.2d, #0
    .else
    movi    v\s\().2d, #0
    .endif
.endm
.macro ACC_V s
    .if \s == 8
    add     v16.4s, v16.4s, v22.4s
    .else
    add     v\s\().4s, v\s\().4s, v22.4s
    .endif
.endm

.macro DIGEST_MW_NEON n, name
UHASH_FUNC_SYM(\name)
    .irp s, 0, 1, 2, 3, 4, 5, 6, 7, 8
    .if \s <= \n
    ZERO_V  \s
    .endif
    .endr
    cmp     x2, #4
    b.lo    2f
1:  ld1     {v20.16b}, [x1], #16
    ld1     {v21.4s}, [x0]
    sub     x2, x2, #4
    mla     v0.4s, v20.4s, v21.4s
    .irp s, 1, 2, 3, 4, 5, 6, 7, 8
    .if \s <= \n
    ldur    q21, [x0, #4*\s]
    umull   v22.2d, v20.2s, v21.2s
    umull2  v23.2d, v20.4s, v21.4s
    add     v22.4s, v22.4s, v23.4s
    ACC_V   \s
    .endif
    .endr
    add     x0, x0, #16
    cmp     x2, #4
    b.hs    1b
    /* d_0 = Σ T_0 + Σ odd(T_1); d_r = Σ even(T_r) + Σ odd(T_{r+1}). */
2:  addv    s24, v0.4s
    shrn    v25.2s, v1.2d, #32
    addp    v25.2s, v25.2s, v25.2s
    add     v24.2s, v24.2s, v25.2s
    str     s24, [x3]
    .if 1 < \n
    xtn     v24.2s, v1.2d
    shrn    v25.2s, v2.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #4]
    .endif
    .if 2 < \n
    xtn     v24.2s, v2.2d
    shrn    v25.2s, v3.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #8]
    .endif
    .if 3 < \n
    xtn     v24.2s, v3.2d
    shrn    v25.2s, v4.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #12]
    .endif
    .if 4 < \n
    xtn     v24.2s, v4.2d
    shrn    v25.2s, v5.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #16]
    .endif
    .if 5 < \n
    xtn     v24.2s, v5.2d
    shrn    v25.2s, v6.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #20]
    .endif
    .if 6 < \n
    xtn     v24.2s, v6.2d
    shrn    v25.2s, v7.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #24]
    .endif
    .if 7 < \n
    xtn     v24.2s, v7.2d
    shrn    v25.2s, v16.2d, #32
    add     v24.2s, v24.2s, v25.2s
    addp    v24.2s, v24.2s, v24.2s
    str     s24, [x3, #28]
    .endif
    /* The last 0..3 words, one at a time, into out. */
    cbz     x2, 4f
3:  ldr     w10, [x1], #4
    ldr     w11, [x0]
    ldr     w9, [x3]
    madd    w9, w10, w11, w9
    str     w9, [x3]
    .irp s, 1, 2, 3, 4, 5, 6, 7, 8
    .if \s <= \n
    ldr     w11, [x0, #4*\s]
    umull   x12, w10, w11
    .if \s < \n
    ldr     w9, [x3, #4*\s]
    add     w9, w9, w12
    str     w9, [x3, #4*\s]
    .endif
    lsr     x12, x12, #32
    ldr     w9, [x3, #4*(\s-1)]
    add     w9, w9, w12
    str     w9, [x3, #4*(\s-1)]
    .endif
    .endr
    add     x0, x0, #4
    subs    x2, x2, #1
    b.ne    3b
4:  ret
UHASH_END_SYM(\name)
.endm

DIGEST_MW_NEON 1, UHASH_SYM(digest_mw1_neon)
DIGEST_MW_NEON 2, UHASH_SYM(digest_mw2_neon)
DIGEST_MW_NEON 3, UHASH_SYM(digest_mw3_neon)
DIGEST_MW_NEON 4, UHASH_SYM(digest_mw4_neon)
DIGEST_MW_NEON 5, UHASH_SYM(digest_mw5_neon)
DIGEST_MW_NEON 6, UHASH_SYM(digest_mw6_neon)
DIGEST_MW_NEON 7, UHASH_SYM(digest_mw7_neon)
DIGEST_MW_NEON 8, UHASH_SYM(digest_mw8_neon)

UHASH_NOTES
