/*
 * Square Hash inner loops for w = 3 (96-bit elements) on ARMv4 (ARM7TDMI
 * and later; AAPCS, ARM state, little-endian): the Square Hash paper's ARM7
 * setting (96-bit output). Assembled with `.arch armv4t`, so the assembler
 * rejects every instruction newer than ARMv4T (no UMAAL, MOVW, LDRD):
 * products come from UMULL/UMLAL only, and the functions return with
 * `bx lr`. The definitions are those of docs/sqh-spec.md.
 *
 * Both kernels read `elems` elements of 3 words from each input: key
 * element i is key[3i..3i+3], message element i is msg[3i..3i+3] (native =
 * little-endian words; the caller passes a word-aligned message, copying an
 * unaligned one first). With a = s_i = (m_i + x_i) mod 2^96, limbs a0, a1,
 * a2, every square costs 6 UMULL: a0^2, a1^2, a2^2 and the cross products
 * a0a1, a0a2, a1a2 once each, doubled.
 *
 *   uint32_t uhash_sqh_asm2_w3_armv4(const uint32_t *key, const uint32_t *msg,
 *                                    size_t elems, uint32_t acc[6]);
 *       SQHasm2's sum (Def. 10): acc + Σ a^2 as an exact integer. acc is a
 *       192-bit little-endian accumulator, read and written; the return
 *       value is the number of carries out of it (the integer is
 *       acc_out + 2^192 * ret). Needs elems <= 2047 (the loop counter shares
 *       a register with those carries, see below); the wrapper calls it in
 *       pieces.
 *
 *   void uhash_sqh_e_w3_armv4(const uint32_t *key, const uint32_t *msg,
 *                             size_t elems, uint32_t acc[6]);
 *       SQHE's columns (Def. 13): acc[c] += col_c mod 2^32 for the six
 *       columns of C2(a^2), every half of every ordered word product added
 *       into the column of its weight with no carry between columns (the
 *       cross products' halves doubled with a free LSL #1). Any elems.
 *
 *   void uhash_sqh2_w3_armv4(const uint32_t *key, const uint32_t *msg,
 *                            size_t elems, uint32_t acc[6]);
 *       SQH2's double-word columns (docs/sqh-spec.md §2, D2 and D): acc
 *       holds three 64-bit columns D0, D1, D2 (acc[2q] low word, acc[2q+1]
 *       high word); each adds, mod 2^64, what D2(a^2) puts there: a_q^2
 *       whole, a0a2 whole and doubled into D1, and for the odd positions
 *       (a0a1, a1a2) 2 lo 2^32 into the column below and 2 hi into the one
 *       above. Carries inside a double word are kept (ADDS/ADC), those out
 *       of a double word dropped. Any elems.
 *
 * Registers (both): r0 key, r1 msg, r3..r8 the six accumulator words,
 * r9..r11 a0..a2, r12/lr the product halves; r2 the loop counter. For
 * SQHasm2, r2 also collects the carries out of the top word: it starts at
 * -(elems << 20) and each element adds 1 << 20 (the N flag ends the loop
 * when it reaches 0), while ADC adds the carries (at most 3 per element,
 * so fewer than 2^20 for elems <= 2047) into its low bits. That leaves the
 * 14 usable registers for a fully register-resident 7-word accumulator.
 *
 * Executed instructions per element (the loop bodies; counted in
 * docs/sqh-arm7.md): SQHasm2 39 (5 UMULL + 1 UMLAL, three carry chains
 * into the 7-word sum), SQHE 26 (6 UMULL, 12 ADDs with free LSL #1), SQH2
 * 30 (6 UMULL, 16 ADDs/ADCs into three 64-bit columns).
 * No branch or address depends on the data; loop counts only.
 *
 * Timing note: ARM7TDMI's multiplier terminates early depending on the
 * value of its Rs operand (here a limb of m_i + x_i: UMULL takes 3 to 6
 * cycles), so on that core the time of these kernels depends on the data,
 * as for MMH's UMLAL; later cores (ARM9E onwards, Cortex-A) have
 * fixed-latency multipliers.
 */
#include "uhash_asm.h"

    .syntax unified
    .arch   armv4t
    .arm

UHASH_FUNC(sqh_asm2_w3_armv4)
    stmfd   sp!, {r3-r11, lr}
    ldmia   r3, {r3-r8}                  @ A0..A5
    rsb     r2, r2, #0
    movs    r2, r2, lsl #20              @ -(elems << 20), carries 0
    beq     2f
1:  ldmia   r0!, {r9, r10, r11}          @ x0 x1 x2
    ldmia   r1!, {r12, lr}               @ m0 m1
    adds    r9, r9, r12
    adcs    r10, r10, lr
    ldr     r12, [r1], #4                @ m2 (LDR keeps the carry)
    adc     r11, r11, r12                @ a = (m + x) mod 2^96
    @ the diagonal a0^2 + a1^2 2^64 + a2^2 2^128: one carry chain
    umull   r12, lr, r9, r9
    adds    r3, r3, r12
    adcs    r4, r4, lr
    umull   r12, lr, r10, r10            @ UMULL leaves the flags alone
    adcs    r5, r5, r12
    adcs    r6, r6, lr
    umull   r12, lr, r11, r11
    adcs    r7, r7, r12
    adcs    r8, r8, lr
    adc     r2, r2, #0
    @ 2 a0a1 2^32 = (lo << 1) + ((hi << 1) | (lo >> 31)) 2^64 + (hi >> 31) 2^96
    umull   r12, lr, r10, r9
    adds    r4, r4, r12, lsl #1
    mov     r12, r12, lsr #31
    orr     r12, r12, lr, lsl #1
    adcs    r5, r5, r12
    adcs    r6, r6, lr, lsr #31
    adcs    r7, r7, #0
    adcs    r8, r8, #0
    adc     r2, r2, #0
    @ Y = a0a2 + a1a2 2^32 (< 2^96: three words r12, lr, r9), added as 2Y 2^64
    umull   r12, lr, r11, r9             @ a0 (r9) is dead after this
    mov     r9, #0
    umlal   lr, r9, r10, r11
    adds    r5, r5, r12, lsl #1
    mov     r12, r12, lsr #31
    orr     r12, r12, lr, lsl #1
    adcs    r6, r6, r12
    mov     lr, lr, lsr #31
    orr     lr, lr, r9, lsl #1
    adcs    r7, r7, lr
    adcs    r8, r8, r9, lsr #31
    adc     r2, r2, #0
    adds    r2, r2, #0x100000            @ one element done
    bmi     1b
2:  ldr     r9, [sp]                     @ acc
    stmia   r9, {r3-r8}
    mov     r0, r2                       @ the carries out of 2^192
    ldmfd   sp!, {r3-r11, lr}
    bx      lr
UHASH_END(sqh_asm2_w3_armv4)

UHASH_FUNC(sqh_e_w3_armv4)
    stmfd   sp!, {r3-r11, lr}
    ldmia   r3, {r3-r8}                  @ columns c0..c5
    cmp     r2, #0
    beq     2f
1:  ldmia   r0!, {r9, r10, r11}          @ x0 x1 x2
    ldmia   r1!, {r12, lr}               @ m0 m1
    adds    r9, r9, r12
    adcs    r10, r10, lr
    ldr     r12, [r1], #4                @ m2
    adc     r11, r11, r12                @ a = (m + x) mod 2^96
    umull   r12, lr, r9, r9              @ a0^2 -> c0, c1
    add     r3, r3, r12
    add     r4, r4, lr
    umull   r12, lr, r10, r10            @ a1^2 -> c2, c3
    add     r5, r5, r12
    add     r6, r6, lr
    umull   r12, lr, r11, r11            @ a2^2 -> c4, c5
    add     r7, r7, r12
    add     r8, r8, lr
    umull   r12, lr, r10, r9             @ 2 a0a1 -> c1, c2
    add     r4, r4, r12, lsl #1
    add     r5, r5, lr, lsl #1
    umull   r12, lr, r11, r9             @ 2 a0a2 -> c2, c3
    add     r5, r5, r12, lsl #1
    add     r6, r6, lr, lsl #1
    umull   r12, lr, r11, r10            @ 2 a1a2 -> c3, c4
    add     r6, r6, r12, lsl #1
    add     r7, r7, lr, lsl #1
    subs    r2, r2, #1
    bne     1b
2:  ldr     r9, [sp]                     @ acc
    stmia   r9, {r3-r8}
    ldmfd   sp!, {r3-r11, lr}
    bx      lr
UHASH_END(sqh_e_w3_armv4)

UHASH_FUNC(sqh2_w3_armv4)
    stmfd   sp!, {r3-r11, lr}
    ldmia   r3, {r3-r8}                  @ D0 = r4:r3, D1 = r6:r5, D2 = r8:r7
    cmp     r2, #0
    beq     2f
1:  ldmia   r0!, {r9, r10, r11}          @ x0 x1 x2
    ldmia   r1!, {r12, lr}               @ m0 m1
    adds    r9, r9, r12
    adcs    r10, r10, lr
    ldr     r12, [r1], #4                @ m2
    adc     r11, r11, r12                @ a = (m + x) mod 2^96
    umull   r12, lr, r9, r9              @ a0^2 whole -> D0
    adds    r3, r3, r12
    adc     r4, r4, lr
    umull   r12, lr, r10, r10            @ a1^2 whole -> D1
    adds    r5, r5, r12
    adc     r6, r6, lr
    umull   r12, lr, r11, r11            @ a2^2 whole -> D2
    adds    r7, r7, r12
    adc     r8, r8, lr
    umull   r12, lr, r10, r9             @ 2 a0a1 (position 1): 2 lo 2^32 -> D0,
    add     r4, r4, r12, lsl #1          @ the carry out of D0 dropped;
    adds    r5, r5, lr, lsl #1           @ 2 hi (33 bits) -> D1
    adc     r6, r6, lr, lsr #31
    umull   r12, lr, r11, r9             @ 2 a0a2 (position 2) whole -> D1:
    adds    r5, r5, r12                  @ added twice
    adc     r6, r6, lr
    adds    r5, r5, r12
    adc     r6, r6, lr
    umull   r12, lr, r11, r10            @ 2 a1a2 (position 3): 2 lo 2^32 -> D1,
    add     r6, r6, r12, lsl #1          @ the carry out of D1 dropped;
    adds    r7, r7, lr, lsl #1           @ 2 hi -> D2
    adc     r8, r8, lr, lsr #31
    subs    r2, r2, #1
    bne     1b
2:  ldr     r9, [sp]                     @ acc
    stmia   r9, {r3-r8}
    ldmfd   sp!, {r3-r11, lr}
    bx      lr
UHASH_END(sqh2_w3_armv4)

UHASH_NOTES
