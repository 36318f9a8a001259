/*
 * The DFC decorrelation module y = ((a·x + b) mod (2^64 + 13)) mod 2^64 for
 * AArch64 (AAPCS64) with `mul`/`umulh`.
 *
 *   uint64_t uhash_dfc_module_a64(uint64_t a, uint64_t b, uint64_t x);
 *   void     uhash_dfc_module_batch_a64(const uint64_t *a, const uint64_t *b,
 *                                       const uint64_t *x, uint64_t *y, size_t n);
 *
 * The paper's complement reduction as in x86_64/dfc.S: P = a·x + b =
 * 2^64·Q + R, P' = R + 13·¬Q + 182 = 2^64·h + l (h ≤ 14), d = l − 13h, plus
 * 13 under the borrow mask (`sbc` of zero registers: 0 or −1). No branch,
 * no table. Alpha's `umulq`/`umulh` pair of the paper (§5.3) is AArch64's
 * `mul`/`umulh`.
 */
#include "uhash_asm.h"

/* in: a = x0, b = x1, x = x2 (all clobbered), 13 in x8; out: x0.
 * clobbers x3..x7, flags. */
#define MODULE_BODY                                                        \
    mul     x3, x0, x2;                                                    \
    umulh   x4, x0, x2;                                                    \
    adds    x3, x3, x1;           /* R */                                  \
    adc     x4, x4, xzr;          /* Q */                                  \
    mvn     x4, x4;               /* ¬Q */                                 \
    mul     x5, x4, x8;                                                    \
    umulh   x6, x4, x8;           /* x6:x5 = 13·¬Q */                      \
    adds    x3, x3, x5;                                                    \
    adc     x6, x6, xzr;                                                   \
    adds    x3, x3, #182;         /* l */                                  \
    adc     x6, x6, xzr;          /* h ≤ 14 */                             \
    mul     x6, x6, x8;                                                    \
    subs    x0, x3, x6;           /* d; C clear on borrow */               \
    sbc     x7, xzr, xzr;         /* −1 on borrow, else 0 */               \
    and     x7, x7, x8;                                                    \
    add     x0, x0, x7

UHASH_FUNC(dfc_module_a64)
    mov     x8, #13
    MODULE_BODY
    ret
UHASH_END(dfc_module_a64)

UHASH_FUNC(dfc_module_batch_a64)
    /* x0 = a, x1 = b, x2 = x, x3 = y, x4 = n */
    mov     x9, x0
    mov     x10, x1
    mov     x11, x2
    mov     x12, x3
    mov     x13, x4                      /* MODULE_BODY clobbers x3..x7 */
    mov     x8, #13
    cbz     x13, 2f
1:  ldr     x0, [x9], #8
    ldr     x1, [x10], #8
    ldr     x2, [x11], #8
    MODULE_BODY
    str     x0, [x12], #8
    subs    x13, x13, #1
    b.ne    1b
2:  ret
UHASH_END(dfc_module_batch_a64)

UHASH_NOTES
