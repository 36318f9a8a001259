/*
 * The DFC decorrelation module y = ((a·x + b) mod (2^64 + 13)) mod 2^64 for
 * x86-64 (System V ABI) with BMI2 `mulx`.
 *
 *   uint64_t uhash_dfc_module_mulx(uint64_t a, uint64_t b, uint64_t x);
 *   void     uhash_dfc_module_batch_mulx(const uint64_t *a, const uint64_t *b,
 *                                        const uint64_t *x, uint64_t *y, size_t n);
 *       y[i] = module(a[i], b[i], x[i]) for i < n (reads n words of a, b, x,
 *       writes n words of y; y may alias none of the inputs' unread parts).
 *
 * The reduction is the paper's complement method (Noilhan §2), as
 * uhash_base::p64::reduce_complement: with P = a·x + b = 2^64·Q + R,
 * P' = R + 13·¬Q + 182 ≡ P (mod p) and P' < 2^68; then with
 * P' = 2^64·h + l (h ≤ 14), d = l − 13h mod 2^64 and the result is d, plus
 * 13 when that subtraction borrowed (an `sbb` mask, no branch, no table).
 * The low 64 bits of the residue are the output. Constant time.
 */
#include "uhash_asm.h"

/* in: a = %r9, x = %rdx (clobbered), b = %r10; out: %rax.
 * clobbers %rcx, %rdx, %r8, flags. */
#define MODULE_BODY                                                        \
    mulxq   %r9, %rax, %rcx;      /* rcx:rax = a·x */                      \
    addq    %r10, %rax;           /* R */                                  \
    adcq    $0, %rcx;             /* Q (a·x + b < 2^128: no carry out) */  \
    notq    %rcx;                 /* ¬Q */                                 \
    movl    $13, %edx;                                                     \
    mulxq   %rcx, %rcx, %r8;      /* r8:rcx = 13·¬Q */                     \
    addq    %rcx, %rax;                                                    \
    adcq    $0, %r8;                                                       \
    addq    $182, %rax;           /* l */                                  \
    adcq    $0, %r8;              /* h ≤ 14 */                             \
    imulq   $13, %r8, %r8;                                                 \
    subq    %r8, %rax;            /* d = l − 13h, CF = borrow */           \
    sbbq    %rcx, %rcx;           /* −1 on borrow */                       \
    andl    $13, %ecx;                                                     \
    addq    %rcx, %rax

UHASH_FUNC(dfc_module_mulx)
    movq    %rdi, %r9
    movq    %rsi, %r10
    MODULE_BODY
    ret
UHASH_END(dfc_module_mulx)

UHASH_FUNC(dfc_module_batch_mulx)
    /* rdi = a, rsi = b, rdx = x, rcx = y, r8 = n */
    pushq   %rbx
    pushq   %r12
    movq    %rdx, %r11                   /* x */
    movq    %rcx, %rbx                   /* y */
    movq    %r8, %r12                    /* n */
    testq   %r12, %r12
    jz      2f
1:  movq    (%rdi), %r9
    movq    (%rsi), %r10
    movq    (%r11), %rdx
    MODULE_BODY
    movq    %rax, (%rbx)
    addq    $8, %rdi
    addq    $8, %rsi
    addq    $8, %r11
    addq    $8, %rbx
    decq    %r12
    jnz     1b
2:  popq    %r12
    popq    %rbx
    ret
UHASH_END(dfc_module_batch_mulx)

UHASH_NOTES
