/*
 * The DFC decorrelation module y = ((a·x + b) mod (2^64 + 13)) mod 2^64 for
 * ARMv4 (ARM7TDMI and later; AAPCS, ARM state, little-endian), built from
 * UMULL/UMLAL only; `.arch armv4t` rejects anything newer.
 *
 *   uint64_t uhash_dfc_module_armv4(uint64_t a, uint64_t b, uint64_t x);
 *   void     uhash_dfc_module_batch_armv4(const uint64_t *a, const uint64_t *b,
 *                                         const uint64_t *x, uint64_t *y, size_t n);
 *
 * a = r1:r0, b = r3:r2, x on the stack (AAPCS); the result in r1:r0. The
 * 128-bit a·x + b comes from four 32×32→64 products (the paper's "64-bit
 * C", §5.2, with UMLAL doing each add-with-carry chain), then the
 * complement reduction of x86_64/dfc.S: P' = R + 13·¬Q + 182 = 2^64·h + l,
 * d = l − 13h, plus 13 under the borrow mask (SBC of a register from
 * itself: 0 or −1). No branch, no table.
 *
 * Timing note: ARM7TDMI's multiplier terminates early depending on its Rs
 * operand; here Rs is x's words and the constant 13. On such cores the
 * module is not constant time in x (the DFC paper's §4 remark about small
 * multipliers); ARM9E and later multiply in fixed time.
 */
#include "uhash_asm.h"

    .syntax unified
    .arch   armv4t
    .arm

/* in: a0 r0, a1 r1, b0 r2, b1 r3, x0 r8, x1 r9; out: r1:r0.
 * clobbers r2-r7, r10 (13), flags. */
#define MODULE_BODY                                                         \
    umull   r4, r5, r0, r8;       /* a0·x0 */                               \
    mov     r6, #0;                                                         \
    umlal   r5, r6, r0, r9;       /* + a0·x1 at word 1 */                   \
    mov     r7, #0;                                                         \
    umlal   r5, r7, r1, r8;       /* + a1·x0 at word 1 */                   \
    adds    r6, r6, r7;                                                     \
    mov     r7, #0;                                                         \
    adc     r7, r7, #0;                                                     \
    umlal   r6, r7, r1, r9;       /* + a1·x1 at word 2: r7:r6:r5:r4 = a·x */ \
    adds    r4, r4, r2;                                                     \
    adcs    r5, r5, r3;           /* R = r5:r4 */                           \
    adcs    r6, r6, #0;                                                     \
    adc     r7, r7, #0;           /* Q = r7:r6 (no carry out) */            \
    mvn     r6, r6;                                                         \
    mvn     r7, r7;               /* ¬Q */                                  \
    umull   r0, r1, r6, r10;                                                \
    mov     r2, #0;                                                         \
    umlal   r1, r2, r7, r10;      /* r2:r1:r0 = 13·¬Q */                    \
    adds    r4, r4, r0;                                                     \
    adcs    r5, r5, r1;                                                     \
    adc     r2, r2, #0;                                                     \
    adds    r4, r4, #182;                                                   \
    adcs    r5, r5, #0;                                                     \
    adc     r2, r2, #0;           /* h = r2 ≤ 14, l = r5:r4 */              \
    mul     r3, r2, r10;          /* 13h */                                 \
    subs    r4, r4, r3;                                                     \
    sbcs    r5, r5, #0;           /* d; C clear on borrow */                \
    sbc     r3, r3, r3;           /* −1 on borrow, else 0 */                \
    and     r3, r3, #13;                                                    \
    adds    r0, r4, r3;                                                     \
    adc     r1, r5, #0

UHASH_FUNC(dfc_module_armv4)
    stmfd   sp!, {r4-r10, lr}            @ 8 registers: 32 bytes
    ldr     r8, [sp, #32]                @ x, low word
    ldr     r9, [sp, #36]                @ x, high word
    mov     r10, #13
    MODULE_BODY
    ldmfd   sp!, {r4-r10, lr}
    bx      lr
UHASH_END(dfc_module_armv4)

UHASH_FUNC(dfc_module_batch_armv4)
    @ r0 = a, r1 = b, r2 = x, r3 = y, [sp] = n
    stmfd   sp!, {r4-r11, lr}
    sub     sp, sp, #20                  @ 5 spill words (keeps 8-byte alignment: 36 + 20 = 56)
    ldr     r4, [sp, #56]                @ n
    str     r0, [sp, #0]                 @ a
    str     r1, [sp, #4]                 @ b
    str     r2, [sp, #8]                 @ x
    str     r3, [sp, #12]                @ y
    str     r4, [sp, #16]                @ n
    mov     r10, #13
    cmp     r4, #0
    beq     2f
1:  ldr     r11, [sp, #0]
    ldmia   r11!, {r0, r1}               @ a
    str     r11, [sp, #0]
    ldr     r11, [sp, #4]
    ldmia   r11!, {r2, r3}               @ b
    str     r11, [sp, #4]
    ldr     r11, [sp, #8]
    ldmia   r11!, {r8, r9}               @ x
    str     r11, [sp, #8]
    MODULE_BODY
    ldr     r11, [sp, #12]
    stmia   r11!, {r0, r1}               @ y
    str     r11, [sp, #12]
    ldr     r11, [sp, #16]
    subs    r11, r11, #1
    str     r11, [sp, #16]
    bne     1b
2:  add     sp, sp, #20
    ldmfd   sp!, {r4-r11, lr}
    bx      lr
UHASH_END(dfc_module_batch_armv4)

UHASH_NOTES
