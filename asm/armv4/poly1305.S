/*
 * Poly1305 blocks for ARMv4 (ARM7TDMI and later; AAPCS, ARM state,
 * little-endian) in radix 2^26: five 26-bit limbs, 25 UMULL/UMLAL
 * 32×32→64 products per block; `.arch armv4t` rejects anything newer.
 *
 *   void uhash_poly1305_blocks_armv4(uint32_t h[5], const uint32_t g[9],
 *                                    const uint8_t *data, size_t blocks,
 *                                    uint32_t pad);
 *
 * h = h0 + 2^26·h1 + 2^52·h2 + 2^78·h3 + 2^104·h4 with h0..h3 < 2^27 and
 * h4 < 2^27 on entry (the caller converts its 64-bit limbs: any
 * h < 2^130 + 2^128 qualifies); on exit h1 < 2^26 + 2^6 and the other
 * limbs < 2^26. g holds the clamped r as 26-bit limbs g0..g4 followed by
 * 5·g1..5·g4. For each of the `blocks` 16-byte blocks m (read byte by
 * byte, so any alignment): h ← (h + m + pad·2^128)·r mod 2^130 − 5, pad 0
 * or 1. Reads 16·blocks bytes of data, g and h; writes h.
 *
 * With 2^130 ≡ 5 (mod p), d = h·g is
 *   d0 = h0g0 + 5(h1g4 + h2g3 + h3g2 + h4g1)
 *   d1 = h0g1 + h1g0 + 5(h2g4 + h3g3 + h4g2)
 *   d2 = h0g2 + h1g1 + h2g0 + 5(h3g4 + h4g3)
 *   d3 = h0g3 + h1g2 + h2g1 + h3g0 + 5h4g4
 *   d4 = h0g4 + h1g3 + h2g2 + h3g1 + h4g0,
 * each accumulated by UMLAL into a 64-bit pair that already holds the
 * carry of the previous limb (d_i >> 26). Bounds: after adding a block the
 * limbs are < 2^27.1 and 5g_i < 2^28.4, so every d_i < 2^58 and each carry
 * is < 2^32; d4 has no factor 5, so its carry c < 2^29.5 and 5c < 2^32.
 * Then h0 = (d0 & M) + 5c and h1 = (d1 & M) + (h0 >> 26).
 *
 * No branch or address depends on h, r or the data; the loop count is
 * `blocks`. Timing note: ARM7TDMI's multiplier terminates early depending
 * on its Rs operand (here the limbs of r and 5r), as for the DFC kernel;
 * ARM9E and later multiply in fixed time.
 */
#include "uhash_asm.h"

    .syntax unified
    .arch   armv4t
    .arm

#define M26C #0xfc000000          /* bic with this keeps the low 26 bits */

/* lo:hi (r9:r10) += h_j · g[off] for the five (h_j, off) pairs, h_j in
 * r4..r8, the multiplier word loaded into r11 from the table at r12. */
#define MAC(hj, off)                                                        \
    ldr     r11, [r12, #(off)];                                             \
    umlal   r9, r10, hj, r11

/* n = lo & M; lo = lo:hi >> 26; hi = 0. */
#define CARRY(n)                                                            \
    bic     n, r9, M26C;                                                    \
    mov     r9, r9, lsr #26;                                                \
    orr     r9, r9, r10, lsl #6;                                            \
    mov     r10, #0

UHASH_FUNC(poly1305_blocks_armv4)
    /* r0 = h, r1 = g, r2 = data, r3 = blocks, [sp] = pad */
    push    {r4-r11, lr}
    ldr     r9, [sp, #36]                /* pad */
    sub     sp, sp, #12
    mov     r9, r9, lsl #24
    str     r0, [sp]                     /* [sp]     h */
    str     r3, [sp, #4]                 /* [sp + 4] blocks left */
    str     r9, [sp, #8]                 /* [sp + 8] pad·2^24 */
    mov     r12, r1                      /* g */
    mov     lr, r2                       /* data */
    ldmia   r0, {r4-r8}                  /* h0..h4 */
    cmp     r3, #0
    beq     8f
1:
    /* four little-endian words of the block, byte by byte */
    ldrb    r0, [lr]
    ldrb    r9, [lr, #1]
    orr     r0, r0, r9, lsl #8
    ldrb    r9, [lr, #2]
    orr     r0, r0, r9, lsl #16
    ldrb    r9, [lr, #3]
    orr     r0, r0, r9, lsl #24
    ldrb    r1, [lr, #4]
    ldrb    r9, [lr, #5]
    orr     r1, r1, r9, lsl #8
    ldrb    r9, [lr, #6]
    orr     r1, r1, r9, lsl #16
    ldrb    r9, [lr, #7]
    orr     r1, r1, r9, lsl #24
    ldrb    r2, [lr, #8]
    ldrb    r9, [lr, #9]
    orr     r2, r2, r9, lsl #8
    ldrb    r9, [lr, #10]
    orr     r2, r2, r9, lsl #16
    ldrb    r9, [lr, #11]
    orr     r2, r2, r9, lsl #24
    ldrb    r3, [lr, #12]
    ldrb    r9, [lr, #13]
    orr     r3, r3, r9, lsl #8
    ldrb    r9, [lr, #14]
    orr     r3, r3, r9, lsl #16
    ldrb    r9, [lr, #15]
    orr     r3, r3, r9, lsl #24
    add     lr, lr, #16
    /* h += m as 26-bit limbs, + pad·2^128 (bit 24 of limb 4) */
    bic     r9, r0, M26C
    add     r4, r4, r9
    mov     r9, r0, lsr #26
    orr     r9, r9, r1, lsl #6
    bic     r9, r9, M26C
    add     r5, r5, r9
    mov     r9, r1, lsr #20
    orr     r9, r9, r2, lsl #12
    bic     r9, r9, M26C
    add     r6, r6, r9
    mov     r9, r2, lsr #14
    orr     r9, r9, r3, lsl #18
    bic     r9, r9, M26C
    add     r7, r7, r9
    add     r8, r8, r3, lsr #8
    ldr     r9, [sp, #8]
    add     r8, r8, r9
    /* d0 (g: 0 = g0, 4 = g1, … 16 = g4, 20 = 5g1, … 32 = 5g4) */
    ldr     r11, [r12]
    umull   r9, r10, r4, r11
    MAC(r5, 32)
    MAC(r6, 28)
    MAC(r7, 24)
    MAC(r8, 20)
    CARRY(r0)
    /* d1 */
    MAC(r4, 4)
    MAC(r5, 0)
    MAC(r6, 32)
    MAC(r7, 28)
    MAC(r8, 24)
    CARRY(r1)
    /* d2 */
    MAC(r4, 8)
    MAC(r5, 4)
    MAC(r6, 0)
    MAC(r7, 32)
    MAC(r8, 28)
    CARRY(r2)
    /* d3 */
    MAC(r4, 12)
    MAC(r5, 8)
    MAC(r6, 4)
    MAC(r7, 0)
    MAC(r8, 32)
    CARRY(r3)
    /* d4 */
    MAC(r4, 16)
    MAC(r5, 12)
    MAC(r6, 8)
    MAC(r7, 4)
    MAC(r8, 0)
    CARRY(r8)                            /* h4; r9 = c < 2^29.5 */
    add     r9, r9, r9, lsl #2           /* 5c < 2^32 */
    add     r4, r0, r9                   /* h0 (< 2^32) */
    add     r5, r1, r4, lsr #26          /* h1 */
    bic     r4, r4, M26C
    mov     r6, r2
    mov     r7, r3
    ldr     r9, [sp, #4]
    subs    r9, r9, #1
    str     r9, [sp, #4]
    bne     1b
8:
    ldr     r0, [sp]
    stmia   r0, {r4-r8}
    add     sp, sp, #12
    pop     {r4-r11, lr}
    bx      lr
UHASH_END(poly1305_blocks_armv4)

UHASH_NOTES
