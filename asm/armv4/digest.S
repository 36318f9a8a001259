/*
 * digest (Nguyen-Roscoe FSE 2012, Eq. 1, b = 32) for ARMv4 (ARM7TDMI and
 * later; AAPCS, ARM state, little-endian). Assembled with `.arch armv4t`,
 * so the assembler rejects every instruction newer than ARMv4T.
 *
 *   uint32_t uhash_digest_armv4(const uint32_t *key, const uint8_t *msg, size_t words);
 *       Σ_{j<words} [lo(m_j·key[j]) + hi(m_j·key[j+1])] mod 2^32,  m_j = le32(msg + 4j)
 *
 * Per word: MLA adds the low half m_j·k_j mod 2^32, UMULL forms m_j·k_{j+1}
 * and ADD takes its high half: three instructions, one 32-bit accumulator
 * (both halves are summed mod 2^32, so they share it). Each key word is
 * loaded once and serves two adjacent words (Fig. 2's sharing of k_{j+1}).
 * Four words per step with LDM when the message is word-aligned; an
 * unaligned message (a pointer property, not a secret) is read byte by
 * byte, because ARMv4's unaligned LDR rotates instead of loading. Reads
 * exactly `words` message words and `words + 1` key words (none when
 * `words` is 0, which returns 0). Returns in r0.
 *
 * Timing note: ARM7TDMI's multiplier terminates early depending on the
 * value of its Rs operand (here the key word), as the DFC paper also notes
 * for small multipliers; later cores (ARM9E onwards, Cortex-A) do not.
 *
 * Registers: r3 accumulator, r4 k_j (the word before the current
 * window), r5-r8 message words, r9-r12 key words k_{j+1} .. k_{j+4}, lr
 * the high half. The UMULL writes its low half over the key word that has
 * just served its MLA (ARMv4 needs RdLo, RdHi and Rm distinct; MLA's Rd and
 * Rm differ too).
 */
#include "uhash_asm.h"

    .syntax unified
    .arch   armv4t
    .arm

UHASH_FUNC(digest_armv4)
    stmfd   sp!, {r4-r11, lr}
    mov     r3, #0                       @ accumulator
    cmp     r2, #0
    beq     4f
    ldr     r4, [r0], #4                 @ k_0
    tst     r1, #3
    bne     5f
    subs    r2, r2, #4
    blo     2f
1:  ldmia   r1!, {r5-r8}                 @ m_j .. m_{j+3}
    ldmia   r0!, {r9-r12}                @ k_{j+1} .. k_{j+4}
    mla     r3, r5, r4, r3               @ + lo(m_j·k_j)
    umull   r4, lr, r5, r9               @ m_j·k_{j+1}
    add     r3, r3, lr                   @ + hi
    mla     r3, r6, r9, r3
    umull   r9, lr, r6, r10
    add     r3, r3, lr
    mla     r3, r7, r10, r3
    umull   r10, lr, r7, r11
    add     r3, r3, lr
    mla     r3, r8, r11, r3
    umull   r11, lr, r8, r12
    add     r3, r3, lr
    mov     r4, r12                      @ k_{j+4} is the next step's k_j
    subs    r2, r2, #4
    bhs     1b
2:  adds    r2, r2, #4
    beq     4f
3:  ldr     r5, [r1], #4
    ldr     r9, [r0], #4
    mla     r3, r5, r4, r3
    umull   r4, lr, r5, r9
    add     r3, r3, lr
    mov     r4, r9
    subs    r2, r2, #1
    bne     3b
4:  mov     r0, r3
    ldmfd   sp!, {r4-r11, lr}
    bx      lr

    @ unaligned message (words ≥ 1): assemble each little-endian word from bytes
5:  ldrb    r5, [r1], #1
    ldrb    r6, [r1], #1
    ldrb    r7, [r1], #1
    ldrb    r8, [r1], #1
    orr     r5, r5, r6, lsl #8
    orr     r5, r5, r7, lsl #16
    orr     r5, r5, r8, lsl #24
    ldr     r9, [r0], #4
    mla     r3, r5, r4, r3
    umull   r4, lr, r5, r9
    add     r3, r3, lr
    mov     r4, r9
    subs    r2, r2, #1
    bne     5b
    b       4b
UHASH_END(digest_armv4)

UHASH_NOTES
