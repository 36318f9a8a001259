/*
 * MMH32 and NH inner sums for x86-64 (System V ABI), AVX2 and AVX-512.
 *
 *   uint64_t uhash_mmh32_sum_avx2  (const uint32_t *key, const uint8_t *msg, size_t words);
 *   uint64_t uhash_mmh32_sum_avx512(const uint32_t *key, const uint8_t *msg, size_t words);
 *       Σ_{j<words} le32(msg + 4j) · key[j]  mod 2^64
 *   uint64_t uhash_nh_sum_avx2  (const uint32_t *key, const uint8_t *msg, size_t pairs);
 *   uint64_t uhash_nh_sum_avx512(const uint32_t *key, const uint8_t *msg, size_t pairs);
 *       Σ_{i<pairs} (le32(msg+8i) + key[2i] mod 2^32) · (le32(msg+8i+4) + key[2i+1] mod 2^32)  mod 2^64
 *
 * Each reads exactly the first `words` (2·`pairs`) words of the message and
 * the key and nothing else: full vectors while a whole one remains, then
 * scalar loads (AVX2) or zero-masking loads, whose masked-off lanes are not
 * accessed (AVX-512). The message may have any alignment. No branch and no
 * address depends on the data; the loop bounds depend on the length only.
 *
 * MMH32: vpmuludq multiplies the low 32 bits of each 64-bit lane, so with
 * lane i = (m_2i, m_2i+1) and (k_2i, k_2i+1) the even words multiply
 * directly and the odd words after bringing the high halves down, once
 * with a shift (port 0/1) and once with a dword shuffle (port 5), so both
 * kinds of ports share the work. Two accumulators (even, odd products); the
 * 64-bit lane additions wrap mod 2^64, which is the definition.
 * NH: s = m + k in 32-bit lanes (the mod 2^32 additions), then
 * vpmuludq(s, s >> 32) multiplies each pair.
 */
#include "uhash_asm.h"

/* ------------------------------------------------------------------------ */
UHASH_FUNC(mmh32_sum_avx2)
    vpxor   %ymm0, %ymm0, %ymm0          /* even products */
    vpxor   %ymm1, %ymm1, %ymm1          /* odd products */
    xorl    %eax, %eax                   /* scalar tail sum */
    cmpq    $16, %rdx
    jb      2f
1:  vmovdqu (%rsi), %ymm2
    vmovdqu (%rdi), %ymm3
    vmovdqu 32(%rsi), %ymm4
    vmovdqu 32(%rdi), %ymm5
    vpmuludq %ymm3, %ymm2, %ymm6
    vpsrlq  $32, %ymm2, %ymm2
    vpshufd $0xb1, %ymm3, %ymm3
    vpmuludq %ymm3, %ymm2, %ymm7
    vpaddq  %ymm6, %ymm0, %ymm0
    vpaddq  %ymm7, %ymm1, %ymm1
    vpmuludq %ymm5, %ymm4, %ymm6
    vpshufd $0xb1, %ymm4, %ymm4
    vpsrlq  $32, %ymm5, %ymm5
    vpmuludq %ymm5, %ymm4, %ymm7
    vpaddq  %ymm6, %ymm0, %ymm0
    vpaddq  %ymm7, %ymm1, %ymm1
    addq    $64, %rsi
    addq    $64, %rdi
    subq    $16, %rdx
    cmpq    $16, %rdx
    jae     1b
2:  cmpq    $8, %rdx
    jb      3f
    vmovdqu (%rsi), %ymm2
    vmovdqu (%rdi), %ymm3
    vpmuludq %ymm3, %ymm2, %ymm6
    vpsrlq  $32, %ymm2, %ymm2
    vpsrlq  $32, %ymm3, %ymm3
    vpmuludq %ymm3, %ymm2, %ymm7
    vpaddq  %ymm6, %ymm0, %ymm0
    vpaddq  %ymm7, %ymm1, %ymm1
    addq    $32, %rsi
    addq    $32, %rdi
    subq    $8, %rdx
3:  testq   %rdx, %rdx
    jz      5f
4:  movl    (%rsi), %ecx                 /* zero-extends to %rcx */
    movl    (%rdi), %r8d
    imulq   %r8, %rcx
    addq    %rcx, %rax
    addq    $4, %rsi
    addq    $4, %rdi
    decq    %rdx
    jnz     4b
5:  vpaddq  %ymm1, %ymm0, %ymm0
    vextracti128 $1, %ymm0, %xmm1
    vpaddq  %xmm1, %xmm0, %xmm0
    vpshufd $0x4e, %xmm0, %xmm1
    vpaddq  %xmm1, %xmm0, %xmm0
    vmovq   %xmm0, %rcx
    addq    %rcx, %rax
    vzeroupper
    ret
UHASH_END(mmh32_sum_avx2)

/* ------------------------------------------------------------------------ */
UHASH_FUNC(nh_sum_avx2)
    vpxor   %ymm0, %ymm0, %ymm0
    vpxor   %ymm1, %ymm1, %ymm1
    xorl    %eax, %eax
    cmpq    $8, %rdx                     /* 8 pairs = 16 words per step */
    jb      2f
1:  vmovdqu (%rsi), %ymm2
    vmovdqu 32(%rsi), %ymm4
    vpaddd  (%rdi), %ymm2, %ymm2
    vpaddd  32(%rdi), %ymm4, %ymm4
    vpsrlq  $32, %ymm2, %ymm3
    vpshufd $0xb1, %ymm4, %ymm5
    vpmuludq %ymm3, %ymm2, %ymm2
    vpmuludq %ymm5, %ymm4, %ymm4
    vpaddq  %ymm2, %ymm0, %ymm0
    vpaddq  %ymm4, %ymm1, %ymm1
    addq    $64, %rsi
    addq    $64, %rdi
    subq    $8, %rdx
    cmpq    $8, %rdx
    jae     1b
2:  cmpq    $4, %rdx
    jb      3f
    vmovdqu (%rsi), %ymm2
    vpaddd  (%rdi), %ymm2, %ymm2
    vpsrlq  $32, %ymm2, %ymm3
    vpmuludq %ymm3, %ymm2, %ymm2
    vpaddq  %ymm2, %ymm0, %ymm0
    addq    $32, %rsi
    addq    $32, %rdi
    subq    $4, %rdx
3:  testq   %rdx, %rdx
    jz      5f
4:  movl    (%rsi), %ecx
    addl    (%rdi), %ecx                 /* mod 2^32, zero-extended */
    movl    4(%rsi), %r8d
    addl    4(%rdi), %r8d
    imulq   %r8, %rcx
    addq    %rcx, %rax
    addq    $8, %rsi
    addq    $8, %rdi
    decq    %rdx
    jnz     4b
5:  vpaddq  %ymm1, %ymm0, %ymm0
    vextracti128 $1, %ymm0, %xmm1
    vpaddq  %xmm1, %xmm0, %xmm0
    vpshufd $0x4e, %xmm0, %xmm1
    vpaddq  %xmm1, %xmm0, %xmm0
    vmovq   %xmm0, %rcx
    addq    %rcx, %rax
    vzeroupper
    ret
UHASH_END(nh_sum_avx2)

/* ------------------------------------------------------------------------ */
/* Horizontal sum of %zmm0's eight 64-bit lanes into %rax; clobbers zmm1. */
#define HSUM512                                  \
    vextracti64x4 $1, %zmm0, %ymm1;              \
    vpaddq  %ymm1, %ymm0, %ymm0;                 \
    vextracti128 $1, %ymm0, %xmm1;               \
    vpaddq  %xmm1, %xmm0, %xmm0;                 \
    vpshufd $0x4e, %xmm0, %xmm1;                 \
    vpaddq  %xmm1, %xmm0, %xmm0;                 \
    vmovq   %xmm0, %rax

UHASH_FUNC(mmh32_sum_avx512)
    vpxorq  %zmm0, %zmm0, %zmm0          /* even products */
    vpxorq  %zmm1, %zmm1, %zmm1          /* odd products */
    cmpq    $32, %rdx
    jb      2f
1:  vmovdqu64 (%rsi), %zmm2
    vmovdqu64 (%rdi), %zmm3
    vmovdqu64 64(%rsi), %zmm4
    vmovdqu64 64(%rdi), %zmm5
    vpmuludq %zmm3, %zmm2, %zmm6
    vpsrlq  $32, %zmm2, %zmm2
    vpshufd $0xb1, %zmm3, %zmm3
    vpmuludq %zmm3, %zmm2, %zmm7
    vpaddq  %zmm6, %zmm0, %zmm0
    vpaddq  %zmm7, %zmm1, %zmm1
    vpmuludq %zmm5, %zmm4, %zmm6
    vpshufd $0xb1, %zmm4, %zmm4
    vpsrlq  $32, %zmm5, %zmm5
    vpmuludq %zmm5, %zmm4, %zmm7
    vpaddq  %zmm6, %zmm0, %zmm0
    vpaddq  %zmm7, %zmm1, %zmm1
    addq    $128, %rsi
    addq    $128, %rdi
    subq    $32, %rdx
    cmpq    $32, %rdx
    jae     1b
2:  cmpq    $16, %rdx
    jb      3f
    vmovdqu64 (%rsi), %zmm2
    vmovdqu64 (%rdi), %zmm3
    vpmuludq %zmm3, %zmm2, %zmm6
    vpsrlq  $32, %zmm2, %zmm2
    vpsrlq  $32, %zmm3, %zmm3
    vpmuludq %zmm3, %zmm2, %zmm7
    vpaddq  %zmm6, %zmm0, %zmm0
    vpaddq  %zmm7, %zmm1, %zmm1
    addq    $64, %rsi
    addq    $64, %rdi
    subq    $16, %rdx
3:  /* 0..15 words left: zero-masking loads of the first %rdx lanes (a
     * zero message or key word adds nothing). */
    movl    %edx, %ecx
    movl    $1, %eax
    shll    %cl, %eax
    decl    %eax
    kmovw   %eax, %k1
    vmovdqu32 (%rsi), %zmm2{%k1}{z}
    vmovdqu32 (%rdi), %zmm3{%k1}{z}
    vpmuludq %zmm3, %zmm2, %zmm6
    vpsrlq  $32, %zmm2, %zmm2
    vpsrlq  $32, %zmm3, %zmm3
    vpmuludq %zmm3, %zmm2, %zmm7
    vpaddq  %zmm6, %zmm0, %zmm0
    vpaddq  %zmm7, %zmm1, %zmm1
    vpaddq  %zmm1, %zmm0, %zmm0
    HSUM512
    vzeroupper
    ret
UHASH_END(mmh32_sum_avx512)

/* ------------------------------------------------------------------------ */
UHASH_FUNC(nh_sum_avx512)
    vpxorq  %zmm0, %zmm0, %zmm0
    vpxorq  %zmm1, %zmm1, %zmm1
    cmpq    $16, %rdx                    /* 16 pairs = 32 words per step */
    jb      2f
1:  vmovdqu64 (%rsi), %zmm2
    vmovdqu64 64(%rsi), %zmm4
    vpaddd  (%rdi), %zmm2, %zmm2
    vpaddd  64(%rdi), %zmm4, %zmm4
    vpsrlq  $32, %zmm2, %zmm3
    vpshufd $0xb1, %zmm4, %zmm5
    vpmuludq %zmm3, %zmm2, %zmm2
    vpmuludq %zmm5, %zmm4, %zmm4
    vpaddq  %zmm2, %zmm0, %zmm0
    vpaddq  %zmm4, %zmm1, %zmm1
    addq    $128, %rsi
    addq    $128, %rdi
    subq    $16, %rdx
    cmpq    $16, %rdx
    jae     1b
2:  cmpq    $8, %rdx
    jb      3f
    vmovdqu64 (%rsi), %zmm2
    vpaddd  (%rdi), %zmm2, %zmm2
    vpsrlq  $32, %zmm2, %zmm3
    vpmuludq %zmm3, %zmm2, %zmm2
    vpaddq  %zmm2, %zmm0, %zmm0
    addq    $64, %rsi
    addq    $64, %rdi
    subq    $8, %rdx
3:  /* 0..7 pairs left = 2·%rdx words: zero-masking loads; a zero pair
     * (0 + 0)·(0 + 0) adds nothing. */
    leal    (%rdx,%rdx), %ecx
    movl    $1, %eax
    shll    %cl, %eax
    decl    %eax
    kmovw   %eax, %k1
    vmovdqu32 (%rsi), %zmm2{%k1}{z}
    vmovdqu32 (%rdi), %zmm3{%k1}{z}
    vpaddd  %zmm3, %zmm2, %zmm2
    vpsrlq  $32, %zmm2, %zmm3
    vpmuludq %zmm3, %zmm2, %zmm2
    vpaddq  %zmm2, %zmm0, %zmm0
    vpaddq  %zmm1, %zmm0, %zmm0
    HSUM512
    vzeroupper
    ret
UHASH_END(nh_sum_avx512)

UHASH_NOTES
