/*
 * MMH32 inner sum for ARMv4 (ARM7TDMI and later; AAPCS, ARM state,
 * little-endian). Assembled with `.arch armv4t`, so the assembler rejects
 * every instruction newer than ARMv4T.
 *
 *   uint64_t uhash_mmh32_sum_armv4(const uint32_t *key, const uint8_t *msg, size_t words);
 *       Σ_{j<words} le32(msg + 4j) · key[j]  mod 2^64
 *
 * One UMLAL per word into a 64-bit accumulator pair (RdHi:RdLo), which
 * wraps mod 2^64 as Definition 5 asks: the MMH paper's "multiply and
 * accumulate into 64 bits" in its most literal form. Four words per step
 * with LDM when the message is word-aligned; an unaligned message (a
 * pointer property, not a secret) is read byte by byte, because ARMv4's
 * unaligned LDR rotates instead of loading. Reads exactly `words` words of
 * each input. Returns in r0 (low), r1 (high).
 *
 * Timing note: ARM7TDMI's multiplier terminates early depending on the
 * value of its Rs operand (here the key word), as the DFC paper also notes
 * for small multipliers; later cores (ARM9E onwards, Cortex-A) do not.
 */
#include "uhash_asm.h"

    .syntax unified
    .arch   armv4t
    .arm

UHASH_FUNC(mmh32_sum_armv4)
    stmfd   sp!, {r4-r11}
    mov     r4, #0                       @ accumulator, low word
    mov     r5, #0                       @ accumulator, high word
    tst     r1, #3
    bne     5f
    subs    r2, r2, #4
    blo     2f
1:  ldmia   r1!, {r6-r9}
    ldmia   r0!, {r3, r10, r11, r12}
    umlal   r4, r5, r6, r3
    umlal   r4, r5, r7, r10
    umlal   r4, r5, r8, r11
    umlal   r4, r5, r9, r12
    subs    r2, r2, #4
    bhs     1b
2:  adds    r2, r2, #4
    beq     4f
3:  ldr     r6, [r1], #4
    ldr     r3, [r0], #4
    umlal   r4, r5, r6, r3
    subs    r2, r2, #1
    bne     3b
4:  mov     r0, r4
    mov     r1, r5
    ldmfd   sp!, {r4-r11}
    bx      lr

    @ unaligned message: assemble each little-endian word from bytes
5:  cmp     r2, #0
    beq     4b
6:  ldrb    r6, [r1], #1
    ldrb    r7, [r1], #1
    ldrb    r8, [r1], #1
    ldrb    r9, [r1], #1
    orr     r6, r6, r7, lsl #8
    orr     r6, r6, r8, lsl #16
    orr     r6, r6, r9, lsl #24
    ldr     r3, [r0], #4
    umlal   r4, r5, r6, r3
    subs    r2, r2, #1
    bne     6b
    b       4b
UHASH_END(mmh32_sum_armv4)

UHASH_NOTES
