/*
 * Poly1305 block function for x86-64 (System V ABI) with BMI2 `mulx` and
 * ADX `adcx`/`adox`: radix 2^64, three limbs, the scalar block interface of
 * poly1305-aes (its `soft64` backend, instruction for instruction the same
 * arithmetic).
 *
 *   void uhash_poly1305_blocks_mulx(uint64_t h[3], const uint64_t r[2],
 *                                   const uint8_t *data, size_t blocks,
 *                                   uint64_t pad);
 *
 * For each of the `blocks` 16-byte blocks m (little-endian, any alignment):
 * h ← (h + m + pad·2^128)·r mod 2^130 − 5, partially reduced. h = h0 +
 * 2^64·h1 + 2^128·h2 < 2^130 + 2^128 on entry and exit; r is clamped
 * (r0, r1 < 2^60, 4 | r1); pad is 0 or 1. Reads 16·blocks bytes of data,
 * the two words of r and h; writes h.
 *
 * With s1 = r1 + r1/4 (exact: 4 | r1) and 2^130 ≡ 5, a block is
 *   d0 = h0·r0 + h1·s1,  d1 = h0·r1 + h1·r0 + h2·s1,  d2 = h2·r0,
 * summed in three 64-bit columns (col0 = lo d0; col1 = hi d0 + lo d1 + …;
 * col2 = top); the two carry chains of col0→col1→col2 run on CF (`adcx`)
 * and OF (`adox`) side by side. Then bits ≥ 130 fold back: c = 5·⌊top/4⌋ =
 * (top & ~3) + (top >> 2), h2 = top & 3, h += c. The next block is added
 * in the same pass (h ← h + m' + c, the message half while c is computed),
 * which takes the separate message add off the multiply-to-multiply
 * path; h2 ≤ 6 then, and every bound above still holds. No branch or
 * address depends on h, r or the data; the loop count is `blocks`.
 */
#include "uhash_asm.h"

UHASH_FUNC(poly1305_blocks_mulx)
    /* rdi = h, rsi = r, rdx = data, rcx = blocks, r8 = pad */
    testq   %rcx, %rcx
    jz      9f
    pushq   %rbx
    pushq   %rbp
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    pushq   %rdi                         /* h, reloaded at the end */
    movq    (%rsi), %r11                 /* r0 */
    movq    8(%rsi), %r12                /* r1 */
    movq    %r12, %r13
    shrq    $2, %r13
    addq    %r12, %r13                   /* s1 = r1 + r1/4 */
    movq    %rdx, %rsi                   /* data */
    movq    (%rdi), %rax                 /* h0 */
    movq    8(%rdi), %rbx                /* h1 */
    movq    16(%rdi), %r14               /* h2 */
    /* h += m + pad·2^128 for the first block */
    addq    (%rsi), %rax
    adcq    8(%rsi), %rbx
    adcq    %r8, %r14
    .p2align 4
1:
    /* products (h2 ≤ 6 here) */
    movq    %rax, %rdx
    mulxq   %r11, %rax, %r9              /* A = h0·r0: r9:rax   */
    mulxq   %r12, %r10, %r15             /* B = h0·r1: r15:r10  */
    movq    %rbx, %rdx
    mulxq   %r11, %rbx, %rbp             /* C = h1·r0: rbp:rbx  */
    movq    %r14, %rdi
    imulq   %r13, %rdi                   /* h2·s1 < 2^64        */
    imulq   %r11, %r14                   /* h2·r0 < 2^63        */
    addq    %rdi, %rbx
    adcq    %r14, %rbp                   /* C += h2·s1 + 2^64·h2·r0 (no carry out) */
    mulxq   %r13, %rdi, %r14             /* D = h1·s1: r14:rdi  */
    xorl    %edx, %edx                   /* rdx = 0, CF = OF = 0 */
    adcx    %rdi, %rax                   /* col0 = A0 + D0                 (CF) */
    adox    %r9, %rbx                    /* col1 = C0 + A1                 (OF) */
    adcx    %r14, %rbx                   /* col1 += D1 + CF                (CF) */
    adox    %r15, %rbp                   /* col2 = C1 + B1 + OF                 */
    adcx    %rdx, %rbp                   /* col2 += CF                          */
    addq    %r10, %rbx                   /* col1 += B0                          */
    adcq    %rdx, %rbp                   /* top = col2 + carry (< 2^63)         */
    /* fold bits ≥ 130: c = 5·⌊top/4⌋ = (top & ~3) + (top >> 2), h2 = top & 3 */
    movq    %rbp, %r14
    andq    $3, %r14
    andq    $-4, %rbp
    movq    %rbp, %rdi
    shrq    $2, %rdi
    addq    %rdi, %rbp                   /* c */
    decq    %rcx
    jz      2f
    /* not the last block: h ← h + c + the next block, the block added
     * while c is still being computed (h2 ≤ 3 + 1 + 2) */
    addq    $16, %rsi
    addq    (%rsi), %rax
    adcq    8(%rsi), %rbx
    adcq    %r8, %r14
    addq    %rbp, %rax
    adcq    $0, %rbx
    adcq    $0, %r14
    jmp     1b
2:
    addq    %rbp, %rax
    adcq    $0, %rbx
    adcq    $0, %r14
    popq    %rdi
    movq    %rax, (%rdi)
    movq    %rbx, 8(%rdi)
    movq    %r14, 16(%rdi)
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbp
    popq    %rbx
9:  ret
UHASH_END(poly1305_blocks_mulx)

UHASH_NOTES
