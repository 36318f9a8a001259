/*
 * MMH32 and NH inner sums for AArch64 (AAPCS64, little-endian), NEON.
 *
 *   uint64_t uhash_mmh32_sum_neon(const uint32_t *key, const uint8_t *msg, size_t words);
 *       Σ_{j<words} le32(msg + 4j) · key[j]  mod 2^64
 *   uint64_t uhash_nh_sum_neon(const uint32_t *key, const uint8_t *msg, size_t pairs);
 *       Σ_{i<pairs} (le32(msg+8i) + key[2i] mod 2^32) · (le32(msg+8i+4) + key[2i+1] mod 2^32)  mod 2^64
 *   uint64_t uhash_nh_umac_sum_neon(const uint32_t *r0, const uint32_t *r1, const uint8_t *msg, size_t blocks);
 *       RFC 4418's NH, one window: Σ_{b<blocks} Σ_{j<4}
 *       (le32(msg+32b+4j) + r0[4b+j] mod 2^32) · (le32(msg+32b+16+4j) + r1[4b+j] mod 2^32)  mod 2^64
 *   void uhash_nh_umac_sum2_neon(const uint32_t *r0, const uint32_t *r1, const uint32_t *r2,
 *                                const uint8_t *msg, size_t blocks, uint64_t out[2]);
 *       two windows: out[0] = sum over (r0, r1), out[1] = sum over (r1, r2)
 *
 * Reads exactly the first `words` (2·`pairs`) words of each input: 16-word
 * (MMH) / 8-pair (NH) vector steps, then one word (pair) at a time with
 * `umaddl`. The message may have any alignment (`ld1` of bytes).
 * MMH32: `umlal`/`umlal2` multiply the low/high two words of a 4-word
 * vector into two 64-bit lanes each; four accumulator pairs. NH: s = m + k
 * (32-bit lanes), `uzp1`/`uzp2` split the even and odd words, `umlal`/
 * `umlal2` multiply the pairs. Lane additions wrap mod 2^64.
 * RFC 4418's NH: a block's halves s1 = m[0..4] + r0, s2 = m[4..8] + r1
 * (32-bit lanes), then `umlal` multiplies their low two words pairwise
 * (pairs j, j + 4 for j = 0, 1) and `umlal2` the high two: no permutation.
 * Two blocks per step, one block at a time for an odd count.
 */
#include "uhash_asm.h"

UHASH_FUNC(mmh32_sum_neon)
    movi    v16.2d, #0
    movi    v17.2d, #0
    movi    v18.2d, #0
    movi    v19.2d, #0
    mov     x9, #0                       /* scalar tail sum */
    cmp     x2, #16
    b.lo    2f
1:  ld1     {v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
    ld1     {v4.4s, v5.4s, v6.4s, v7.4s}, [x0], #64
    sub     x2, x2, #16
    umlal   v16.2d, v0.2s, v4.2s
    umlal2  v17.2d, v0.4s, v4.4s
    umlal   v18.2d, v1.2s, v5.2s
    umlal2  v19.2d, v1.4s, v5.4s
    umlal   v16.2d, v2.2s, v6.2s
    umlal2  v17.2d, v2.4s, v6.4s
    umlal   v18.2d, v3.2s, v7.2s
    umlal2  v19.2d, v3.4s, v7.4s
    cmp     x2, #16
    b.hs    1b
2:  cbz     x2, 4f
3:  ldr     w10, [x1], #4
    ldr     w11, [x0], #4
    subs    x2, x2, #1
    umaddl  x9, w10, w11, x9
    b.ne    3b
4:  add     v16.2d, v16.2d, v17.2d
    add     v18.2d, v18.2d, v19.2d
    add     v16.2d, v16.2d, v18.2d
    addp    d16, v16.2d
    fmov    x0, d16
    add     x0, x0, x9
    ret
UHASH_END(mmh32_sum_neon)

UHASH_FUNC(nh_sum_neon)
    movi    v16.2d, #0
    movi    v17.2d, #0
    movi    v18.2d, #0
    movi    v19.2d, #0
    mov     x9, #0
    cmp     x2, #8                       /* 8 pairs = 16 words per step */
    b.lo    2f
1:  ld1     {v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
    ld1     {v4.4s, v5.4s, v6.4s, v7.4s}, [x0], #64
    sub     x2, x2, #8
    add     v0.4s, v0.4s, v4.4s
    add     v1.4s, v1.4s, v5.4s
    add     v2.4s, v2.4s, v6.4s
    add     v3.4s, v3.4s, v7.4s
    uzp1    v4.4s, v0.4s, v1.4s          /* first words of the pairs */
    uzp2    v5.4s, v0.4s, v1.4s          /* second words */
    uzp1    v6.4s, v2.4s, v3.4s
    uzp2    v7.4s, v2.4s, v3.4s
    umlal   v16.2d, v4.2s, v5.2s
    umlal2  v17.2d, v4.4s, v5.4s
    umlal   v18.2d, v6.2s, v7.2s
    umlal2  v19.2d, v6.4s, v7.4s
    cmp     x2, #8
    b.hs    1b
2:  cbz     x2, 4f
3:  ldp     w10, w11, [x1], #8
    ldp     w12, w13, [x0], #8
    add     w10, w10, w12
    add     w11, w11, w13
    subs    x2, x2, #1
    umaddl  x9, w10, w11, x9
    b.ne    3b
4:  add     v16.2d, v16.2d, v17.2d
    add     v18.2d, v18.2d, v19.2d
    add     v16.2d, v16.2d, v18.2d
    addp    d16, v16.2d
    fmov    x0, d16
    add     x0, x0, x9
    ret
UHASH_END(nh_sum_neon)

/* x0 = r0, x1 = r1, x2 = msg, x3 = blocks */
UHASH_FUNC(nh_umac_sum_neon)
    movi    v16.2d, #0
    movi    v17.2d, #0
    movi    v18.2d, #0
    movi    v19.2d, #0
    cmp     x3, #2
    b.lo    2f
1:  ld1     {v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
    ld1     {v4.4s, v5.4s}, [x0], #32
    ld1     {v6.4s, v7.4s}, [x1], #32
    sub     x3, x3, #2
    add     v0.4s, v0.4s, v4.4s          /* block b: first half + r0 */
    add     v1.4s, v1.4s, v6.4s          /* block b: second half + r1 */
    add     v2.4s, v2.4s, v5.4s
    add     v3.4s, v3.4s, v7.4s
    umlal   v16.2d, v0.2s, v1.2s
    umlal2  v17.2d, v0.4s, v1.4s
    umlal   v18.2d, v2.2s, v3.2s
    umlal2  v19.2d, v2.4s, v3.4s
    cmp     x3, #2
    b.hs    1b
2:  cbz     x3, 3f
    ld1     {v0.16b, v1.16b}, [x2]
    ld1     {v4.4s}, [x0]
    ld1     {v6.4s}, [x1]
    add     v0.4s, v0.4s, v4.4s
    add     v1.4s, v1.4s, v6.4s
    umlal   v16.2d, v0.2s, v1.2s
    umlal2  v17.2d, v0.4s, v1.4s
3:  add     v16.2d, v16.2d, v17.2d
    add     v18.2d, v18.2d, v19.2d
    add     v16.2d, v16.2d, v18.2d
    addp    d16, v16.2d
    fmov    x0, d16
    ret
UHASH_END(nh_umac_sum_neon)

/* x0 = r0, x1 = r1, x2 = r2, x3 = msg, x4 = blocks, x5 = out */
UHASH_FUNC(nh_umac_sum2_neon)
    movi    v16.2d, #0
    movi    v17.2d, #0
    movi    v18.2d, #0
    movi    v19.2d, #0
    cbz     x4, 2f
1:  ld1     {v0.16b, v1.16b}, [x3], #32
    ld1     {v4.4s}, [x0], #16
    ld1     {v5.4s}, [x1], #16
    ld1     {v6.4s}, [x2], #16
    subs    x4, x4, #1
    add     v2.4s, v0.4s, v4.4s          /* window 0: first half + r0 */
    add     v3.4s, v1.4s, v5.4s          /*           second half + r1 */
    add     v0.4s, v0.4s, v5.4s          /* window 1: first half + r1 */
    add     v1.4s, v1.4s, v6.4s          /*           second half + r2 */
    umlal   v16.2d, v2.2s, v3.2s
    umlal2  v17.2d, v2.4s, v3.4s
    umlal   v18.2d, v0.2s, v1.2s
    umlal2  v19.2d, v0.4s, v1.4s
    b.ne    1b
2:  add     v16.2d, v16.2d, v17.2d
    add     v18.2d, v18.2d, v19.2d
    addp    d16, v16.2d
    addp    d18, v18.2d
    stp     d16, d18, [x5]
    ret
UHASH_END(nh_umac_sum2_neon)

UHASH_NOTES
