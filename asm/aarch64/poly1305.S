/*
 * Poly1305 for AArch64 (AAPCS64, little-endian).
 *
 *   void uhash_poly1305_blocks_a64(uint64_t h[3], const uint64_t r[2],
 *                                  const uint8_t *data, size_t blocks,
 *                                  uint64_t pad);
 *       Scalar, radix 2^64 with `mul`/`umulh`: poly1305-aes's scalar block
 *       interface (the arithmetic of its `soft64` backend). For each of the
 *       `blocks` 16-byte blocks m (little-endian, any alignment):
 *       h ← (h + m + pad·2^128)·r mod 2^130 − 5, partially reduced;
 *       h = h0 + 2^64·h1 + 2^128·h2 < 2^130 + 2^128 on entry and exit, r
 *       clamped, pad 0 or 1.
 *
 *   void uhash_poly1305_neon_steps(uint64_t sum[5], const uint64_t h26[5],
 *                                  const uint64_t pw[5][2],
 *                                  const uint8_t *data, size_t steps);
 *       NEON, two lanes of radix 2^26 (`umull`/`umlal` 2S→2D): the hot loop
 *       of poly1305-aes's NEON intrinsics backend (its `radix26.rs`).
 *       pw[k][t] is limb k of r^(2−t) (frozen, < 2^26), h26 the 26-bit limbs
 *       of h (h26[4] < 2^27), steps ≥ 1 the number of 32-byte steps. Lane t
 *       starts as block t (lane 0 plus h); each further step is
 *       A ← A·r^2 + (the next two blocks); finally lane t is multiplied by
 *       r^(2−t) and sum[k] = limb k of lane 0 + limb k of lane 1 (< 2^28
 *       each), which the caller carries back to 64-bit limbs.
 *
 * Neither kernel branches or indexes memory on h, r or the data; the loop
 * counts are `blocks` and `steps`.
 */
#include "uhash_asm.h"

UHASH_FUNC(poly1305_blocks_a64)
    cbz     x3, 9f
    ldp     x5, x6, [x1]                 /* r0, r1 */
    add     x7, x6, x6, lsr #2           /* s1 = r1 + r1/4 */
    ldp     x8, x9, [x0]                 /* h0, h1 */
    ldr     x10, [x0, #16]               /* h2 */
1:
    ldp     x11, x12, [x2], #16
    adds    x8, x8, x11
    adcs    x9, x9, x12
    adc     x10, x10, x4                 /* h += m + pad·2^128 */
    mul     x11, x8, x5
    umulh   x12, x8, x5                  /* A = h0·r0: x12:x11 */
    mul     x13, x8, x6
    umulh   x14, x8, x6                  /* B = h0·r1: x14:x13 */
    mul     x15, x9, x5
    umulh   x16, x9, x5                  /* C = h1·r0: x16:x15 */
    mul     x17, x9, x7
    umulh   x1, x9, x7                   /* D = h1·s1: x1:x17  */
    mul     x8, x10, x7                  /* h2·s1 < 2^64 */
    mul     x9, x10, x5                  /* h2·r0 < 2^63 */
    adds    x11, x11, x17                /* col0 = A0 + D0 */
    adcs    x12, x12, x1                 /* col1 = A1 + D1 */
    adc     x14, x14, x16                /* col2 = B1 + C1 */
    adds    x12, x12, x13                /* + B0 */
    adc     x14, x14, x9                 /* + h2·r0 */
    adds    x12, x12, x15                /* + C0 */
    adc     x14, x14, xzr
    adds    x12, x12, x8                 /* + h2·s1 */
    adc     x14, x14, xzr                /* top = col2 (< 2^63) */
    and     x10, x14, #3                 /* h2 = top & 3 */
    and     x13, x14, #~3
    add     x13, x13, x14, lsr #2        /* c = 5·⌊top/4⌋ */
    adds    x8, x11, x13
    adcs    x9, x12, xzr
    adc     x10, x10, xzr
    subs    x3, x3, #1
    b.ne    1b
    stp     x8, x9, [x0]
    str     x10, [x0, #16]
9:  ret
UHASH_END(poly1305_blocks_a64)

/* ---- NEON, two lanes of radix 2^26 -------------------------------------
 * Registers: v0..v4 the multiplier limbs g0..g4 (2S), v5, v6, v7, v16 the
 * multiples 5g1..5g4 (2S); v17 the mask 2^26 − 1 (2D); v31 2^24 (2D, the
 * 2^128 bit of limb 4); v18..v22 the accumulator limbs a0..a4 (2S, each
 * < 2^27.1), dead during the block loads, which use them as scratch;
 * v23..v27 the products d0..d4 (2D); v28..v30 scratch. v8..v15 are not
 * touched (callee-saved in AAPCS64). */

/* d = a·g (25 umull/umlal, 2S × 2S → 2D). */
#define MUL26                                                               \
    umull   v23.2d, v18.2s, v0.2s;                                          \
    umlal   v23.2d, v19.2s, v16.2s;                                         \
    umlal   v23.2d, v20.2s, v7.2s;                                          \
    umlal   v23.2d, v21.2s, v6.2s;                                          \
    umlal   v23.2d, v22.2s, v5.2s;                                          \
    umull   v24.2d, v18.2s, v1.2s;                                          \
    umlal   v24.2d, v19.2s, v0.2s;                                          \
    umlal   v24.2d, v20.2s, v16.2s;                                         \
    umlal   v24.2d, v21.2s, v7.2s;                                          \
    umlal   v24.2d, v22.2s, v6.2s;                                          \
    umull   v25.2d, v18.2s, v2.2s;                                          \
    umlal   v25.2d, v19.2s, v1.2s;                                          \
    umlal   v25.2d, v20.2s, v0.2s;                                          \
    umlal   v25.2d, v21.2s, v16.2s;                                         \
    umlal   v25.2d, v22.2s, v7.2s;                                          \
    umull   v26.2d, v18.2s, v3.2s;                                          \
    umlal   v26.2d, v19.2s, v2.2s;                                          \
    umlal   v26.2d, v20.2s, v1.2s;                                          \
    umlal   v26.2d, v21.2s, v0.2s;                                          \
    umlal   v26.2d, v22.2s, v16.2s;                                         \
    umull   v27.2d, v18.2s, v4.2s;                                          \
    umlal   v27.2d, v19.2s, v3.2s;                                          \
    umlal   v27.2d, v20.2s, v2.2s;                                          \
    umlal   v27.2d, v21.2s, v1.2s;                                          \
    umlal   v27.2d, v22.2s, v0.2s

/* The carry chain d0→d1→…→d4→(×5)d0→d1: limbs < 2^26 + 2^10 after. */
#define CARRY26                                                             \
    usra    v24.2d, v23.2d, #26;                                            \
    and     v23.16b, v23.16b, v17.16b;                                      \
    usra    v25.2d, v24.2d, #26;                                            \
    and     v24.16b, v24.16b, v17.16b;                                      \
    usra    v26.2d, v25.2d, #26;                                            \
    and     v25.16b, v25.16b, v17.16b;                                      \
    usra    v27.2d, v26.2d, #26;                                            \
    and     v26.16b, v26.16b, v17.16b;                                      \
    ushr    v28.2d, v27.2d, #26;                                            \
    and     v27.16b, v27.16b, v17.16b;                                      \
    add     v23.2d, v23.2d, v28.2d;                                         \
    shl     v28.2d, v28.2d, #2;                                             \
    add     v23.2d, v23.2d, v28.2d;                                         \
    usra    v24.2d, v23.2d, #26;                                            \
    and     v23.16b, v23.16b, v17.16b

/* d += the next two blocks at x3 (lane t = block t) as 26-bit limbs with
 * the 2^128 bit; x3 += 32. */
#define ADD_BLOCKS                                                          \
    ld1     {v18.16b, v19.16b}, [x3], #32;                                  \
    trn1    v20.2d, v18.2d, v19.2d;         /* low 64 bits  */              \
    trn2    v21.2d, v18.2d, v19.2d;         /* high 64 bits */              \
    and     v22.16b, v20.16b, v17.16b;                                      \
    add     v23.2d, v23.2d, v22.2d;                                         \
    ushr    v22.2d, v20.2d, #26;                                            \
    and     v22.16b, v22.16b, v17.16b;                                      \
    add     v24.2d, v24.2d, v22.2d;                                         \
    ushr    v22.2d, v20.2d, #52;                                            \
    shl     v28.2d, v21.2d, #12;                                            \
    orr     v22.16b, v22.16b, v28.16b;                                      \
    and     v22.16b, v22.16b, v17.16b;                                      \
    add     v25.2d, v25.2d, v22.2d;                                         \
    ushr    v22.2d, v21.2d, #14;                                            \
    and     v22.16b, v22.16b, v17.16b;                                      \
    add     v26.2d, v26.2d, v22.2d;                                         \
    ushr    v22.2d, v21.2d, #40;                                            \
    add     v27.2d, v27.2d, v22.2d;                                         \
    add     v27.2d, v27.2d, v31.2d

/* a = d narrowed to 2S (every limb < 2^27.1). */
#define NARROW                                                              \
    xtn     v18.2s, v23.2d;                                                 \
    xtn     v19.2s, v24.2d;                                                 \
    xtn     v20.2s, v25.2d;                                                 \
    xtn     v21.2s, v26.2d;                                                 \
    xtn     v22.2s, v27.2d

/* v5, v6, v7, v16 = 5·v1..v4 (2S; 5g < 2^28.4). */
#define TIMES5                                                              \
    shl     v5.2s, v1.2s, #2;                                               \
    add     v5.2s, v5.2s, v1.2s;                                            \
    shl     v6.2s, v2.2s, #2;                                               \
    add     v6.2s, v6.2s, v2.2s;                                            \
    shl     v7.2s, v3.2s, #2;                                               \
    add     v7.2s, v7.2s, v3.2s;                                            \
    shl     v16.2s, v4.2s, #2;                                              \
    add     v16.2s, v16.2s, v4.2s

UHASH_FUNC(poly1305_neon_steps)
    /* x0 = sum, x1 = h26, x2 = pw, x3 = data, x4 = steps (≥ 1) */
    mov     x9, #0x3ffffff
    dup     v17.2d, x9
    mov     x9, #0x1000000
    dup     v31.2d, x9
    /* r^2 in both lanes: pw[k][0] */
    ldr     w9, [x2]
    dup     v0.2s, w9
    ldr     w9, [x2, #16]
    dup     v1.2s, w9
    ldr     w9, [x2, #32]
    dup     v2.2s, w9
    ldr     w9, [x2, #48]
    dup     v3.2s, w9
    ldr     w9, [x2, #64]
    dup     v4.2s, w9
    TIMES5
    /* d = h in lane 0 (a scalar load clears the upper lane), + blocks 0, 1 */
    ldp     d23, d24, [x1]
    ldp     d25, d26, [x1, #16]
    ldr     d27, [x1, #32]
    ADD_BLOCKS
    NARROW
    subs    x4, x4, #1
    b.eq    2f
1:
    MUL26
    CARRY26
    ADD_BLOCKS
    NARROW
    subs    x4, x4, #1
    b.ne    1b
2:
    /* lane t times r^(2−t): pw[k] as it stands */
    ldp     q28, q29, [x2]
    xtn     v0.2s, v28.2d
    xtn     v1.2s, v29.2d
    ldp     q28, q29, [x2, #32]
    xtn     v2.2s, v28.2d
    xtn     v3.2s, v29.2d
    ldr     q28, [x2, #64]
    xtn     v4.2s, v28.2d
    TIMES5
    MUL26
    CARRY26
    addp    d23, v23.2d
    addp    d24, v24.2d
    addp    d25, v25.2d
    addp    d26, v26.2d
    addp    d27, v27.2d
    stp     d23, d24, [x0]
    stp     d25, d26, [x0, #16]
    str     d27, [x0, #32]
    ret
UHASH_END(poly1305_neon_steps)

UHASH_NOTES
