/*
 * MMH32 and NH inner sums for x86-64 (System V ABI), AVX2 and AVX-512.
 *
 *   uint64_t uhash_mmh32_sum_avx2  (const uint32_t *key, const uint8_t *msg, size_t words);
 *   uint64_t uhash_mmh32_sum_avx512(const uint32_t *key, const uint8_t *msg, size_t words);
 *       Σ_{j<words} le32(msg + 4j) · key[j]  mod 2^64
 *   uint64_t uhash_nh_sum_avx2  (const uint32_t *key, const uint8_t *msg, size_t pairs);
 *   uint64_t uhash_nh_sum_avx512(const uint32_t *key, const uint8_t *msg, size_t pairs);
 *       Σ_{i<pairs} (le32(msg+8i) + key[2i] mod 2^32) · (le32(msg+8i+4) + key[2i+1] mod 2^32)  mod 2^64
 *   uint64_t uhash_nh_umac_sum_avx2  (const uint32_t *r0, const uint32_t *r1, const uint8_t *msg, size_t blocks);
 *   uint64_t uhash_nh_umac_sum_avx512(const uint32_t *r0, const uint32_t *r1, const uint8_t *msg, size_t blocks);
 *       RFC 4418's NH, one window: Σ_{b<blocks} Σ_{j<4}
 *       (le32(msg+32b+4j) + r0[4b+j] mod 2^32) · (le32(msg+32b+16+4j) + r1[4b+j] mod 2^32)  mod 2^64
 *   void uhash_nh_umac_sum2_avx2  (const uint32_t *r0, const uint32_t *r1, const uint32_t *r2,
 *                                  const uint8_t *msg, size_t blocks, uint64_t out[2]);
 *   void uhash_nh_umac_sum2_avx512(same);
 *       two windows: out[0] = sum over (r0, r1), out[1] = sum over (r1, r2)
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
 * RFC 4418's NH pairs word j of a 32-byte block with word j + 4: the
 * blocks' first halves are gathered into one vector and their second
 * halves into another (vperm2i128 / vshufi64x2, once per message vector for
 * both windows), the runs r0, r1, r2 are the key words added to them (the
 * (even, odd) quarter layout of the `uhash-mmh` crate), then vpmuludq of the low
 * and of the high halves of each lane.
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

/* ------------------------------------------------------------------------ */
/* RFC 4418 NH, AVX2. One step: two blocks (64 bytes) at (MSG); the first
 * halves in FIRST, the second halves in SECOND (vperm2i128). */
#define UMAC_HALVES_AVX2(MSG, FIRST, SECOND)             \
    vmovdqu (MSG), %ymm2;                                \
    vmovdqu 32(MSG), %ymm3;                              \
    vperm2i128 $0x20, %ymm3, %ymm2, FIRST;               \
    vperm2i128 $0x31, %ymm3, %ymm2, SECOND

/* ACC += Σ lanes (X + (KX)) * (Y + (KY)) over both 32-bit halves;
 * clobbers ymm6, ymm7, ymm8, ymm9. */
#define UMAC_WINDOW_AVX2(X, Y, KX, KY, ACC)              \
    vpaddd  KX, X, %ymm6;                                \
    vpaddd  KY, Y, %ymm7;                                \
    vpmuludq %ymm7, %ymm6, %ymm8;                        \
    vpsrlq  $32, %ymm6, %ymm6;                           \
    vpshufd $0xb1, %ymm7, %ymm7;                         \
    vpmuludq %ymm7, %ymm6, %ymm9;                        \
    vpaddq  %ymm8, ACC, ACC;                             \
    vpaddq  %ymm9, ACC, ACC

/* The same for one block in 128-bit registers. */
#define UMAC_WINDOW_XMM(X, Y, KX, KY, ACC)               \
    vpaddd  KX, X, %xmm6;                                \
    vpaddd  KY, Y, %xmm7;                                \
    vpmuludq %xmm7, %xmm6, %xmm8;                        \
    vpsrlq  $32, %xmm6, %xmm6;                           \
    vpsrlq  $32, %xmm7, %xmm7;                           \
    vpmuludq %xmm7, %xmm6, %xmm9;                        \
    vpaddq  %xmm8, ACC, ACC;                             \
    vpaddq  %xmm9, ACC, ACC

/* Horizontal sum of a ymm's four 64-bit lanes into a GPR; clobbers xmm1. */
#define HSUM256(Y, X, R)                                 \
    vextracti128 $1, Y, %xmm1;                           \
    vpaddq  %xmm1, X, X;                                 \
    vpshufd $0x4e, X, %xmm1;                             \
    vpaddq  %xmm1, X, X;                                 \
    vmovq   X, R

/* rdi = r0, rsi = r1, rdx = msg, rcx = blocks */
UHASH_FUNC(nh_umac_sum_avx2)
    vpxor   %ymm0, %ymm0, %ymm0
    cmpq    $2, %rcx
    jb      2f
1:  UMAC_HALVES_AVX2(%rdx, %ymm4, %ymm5)
    UMAC_WINDOW_AVX2(%ymm4, %ymm5, (%rdi), (%rsi), %ymm0)
    addq    $64, %rdx
    addq    $32, %rdi
    addq    $32, %rsi
    subq    $2, %rcx
    cmpq    $2, %rcx
    jae     1b
2:  testq   %rcx, %rcx
    jz      3f
    /* The last block in 128-bit halves, summed apart (a VEX xmm write
     * clears the upper half of its ymm), then added. */
    vpxor   %xmm11, %xmm11, %xmm11
    vmovdqu (%rdx), %xmm4
    vmovdqu 16(%rdx), %xmm5
    UMAC_WINDOW_XMM(%xmm4, %xmm5, (%rdi), (%rsi), %xmm11)
    vpaddq  %ymm11, %ymm0, %ymm0
3:  HSUM256(%ymm0, %xmm0, %rax)
    vzeroupper
    ret
UHASH_END(nh_umac_sum_avx2)

/* rdi = r0, rsi = r1, rdx = r2, rcx = msg, r8 = blocks, r9 = out */
UHASH_FUNC(nh_umac_sum2_avx2)
    vpxor   %ymm0, %ymm0, %ymm0
    vpxor   %ymm10, %ymm10, %ymm10
    cmpq    $2, %r8
    jb      2f
1:  UMAC_HALVES_AVX2(%rcx, %ymm4, %ymm5)
    UMAC_WINDOW_AVX2(%ymm4, %ymm5, (%rdi), (%rsi), %ymm0)
    UMAC_WINDOW_AVX2(%ymm4, %ymm5, (%rsi), (%rdx), %ymm10)
    addq    $64, %rcx
    addq    $32, %rdi
    addq    $32, %rsi
    addq    $32, %rdx
    subq    $2, %r8
    cmpq    $2, %r8
    jae     1b
2:  testq   %r8, %r8
    jz      3f
    vpxor   %xmm11, %xmm11, %xmm11
    vpxor   %xmm12, %xmm12, %xmm12
    vmovdqu (%rcx), %xmm4
    vmovdqu 16(%rcx), %xmm5
    UMAC_WINDOW_XMM(%xmm4, %xmm5, (%rdi), (%rsi), %xmm11)
    UMAC_WINDOW_XMM(%xmm4, %xmm5, (%rsi), (%rdx), %xmm12)
    vpaddq  %ymm11, %ymm0, %ymm0
    vpaddq  %ymm12, %ymm10, %ymm10
3:  HSUM256(%ymm0, %xmm0, %rax)
    HSUM256(%ymm10, %xmm10, %rdx)
    /* One 16-byte store of both sums (a caller's wider load forwards). */
    vmovq   %rax, %xmm0
    vpinsrq $1, %rdx, %xmm0, %xmm0
    vmovdqu %xmm0, (%r9)
    vzeroupper
    ret
UHASH_END(nh_umac_sum2_avx2)

/* ------------------------------------------------------------------------ */
/* RFC 4418 NH, AVX-512. One step: four blocks (128 bytes) at MSG; the first
 * halves in FIRST, the second halves in SECOND (vshufi64x2). */
#define UMAC_HALVES_AVX512(M0, M1, FIRST, SECOND)        \
    vshufi64x2 $0x88, M1, M0, FIRST;                     \
    vshufi64x2 $0xdd, M1, M0, SECOND

/* ACC += Σ lanes (X + KX) * (Y + KY); KX, KY registers (already loaded,
 * masked in the tail); clobbers zmm6..zmm9. */
#define UMAC_WINDOW_AVX512(X, Y, KX, KY, ACC)            \
    vpaddd  KX, X, %zmm6;                                \
    vpaddd  KY, Y, %zmm7;                                \
    vpmuludq %zmm7, %zmm6, %zmm8;                        \
    vpsrlq  $32, %zmm6, %zmm6;                           \
    vpshufd $0xb1, %zmm7, %zmm7;                         \
    vpmuludq %zmm7, %zmm6, %zmm9;                        \
    vpaddq  %zmm8, ACC, ACC;                             \
    vpaddq  %zmm9, ACC, ACC

/* Tail masks for REM = 1..3 blocks (a 32-bit register): k1 = the first
 * min(8·REM, 16) message words, k2 = the next 8·REM − 16 (REM = 3 only),
 * k3 = the first 4·REM key words. Conditional moves on the length only.
 * Clobbers eax, r10d, r11d. */
#define UMAC_TAIL_MASKS_AVX512(REM)                      \
    movl    $0xff, %r10d;                                \
    movl    $0xffff, %eax;                               \
    cmpl    $1, REM;                                     \
    cmove   %r10d, %eax;                                 \
    kmovw   %eax, %k1;                                   \
    xorl    %eax, %eax;                                  \
    cmpl    $3, REM;                                     \
    cmove   %r10d, %eax;                                 \
    kmovw   %eax, %k2;                                   \
    movl    $0xf, %eax;                                  \
    cmpl    $2, REM;                                     \
    cmove   %r10d, %eax;                                 \
    movl    $0xfff, %r11d;                               \
    cmpl    $3, REM;                                     \
    cmove   %r11d, %eax;                                 \
    kmovw   %eax, %k3

/* Horizontal sum of a zmm's eight 64-bit lanes into a GPR; clobbers zmm1. */
#define HSUM512R(Z, Y, X, R)                             \
    vextracti64x4 $1, Z, %ymm1;                          \
    vpaddq  %ymm1, Y, Y;                                 \
    vextracti128 $1, Y, %xmm1;                           \
    vpaddq  %xmm1, X, X;                                 \
    vpshufd $0x4e, X, %xmm1;                             \
    vpaddq  %xmm1, X, X;                                 \
    vmovq   X, R

/* rdi = r0, rsi = r1, rdx = msg, rcx = blocks */
UHASH_FUNC(nh_umac_sum_avx512)
    vpxorq  %zmm0, %zmm0, %zmm0
    cmpq    $4, %rcx
    jb      2f
1:  vmovdqu64 (%rdx), %zmm2
    vmovdqu64 64(%rdx), %zmm3
    UMAC_HALVES_AVX512(%zmm2, %zmm3, %zmm4, %zmm5)
    vmovdqu64 (%rdi), %zmm10
    vmovdqu64 (%rsi), %zmm11
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm10, %zmm11, %zmm0)
    addq    $128, %rdx
    addq    $64, %rdi
    addq    $64, %rsi
    subq    $4, %rcx
    cmpq    $4, %rcx
    jae     1b
2:  testq   %rcx, %rcx
    jz      3f
    /* 1..3 blocks: zero-masking loads (masked-off lanes are not read; a
     * zero message and key quarter add nothing). */
    UMAC_TAIL_MASKS_AVX512(%ecx)
    vmovdqu32 (%rdx), %zmm2{%k1}{z}
    vmovdqu32 64(%rdx), %zmm3{%k2}{z}
    UMAC_HALVES_AVX512(%zmm2, %zmm3, %zmm4, %zmm5)
    vmovdqu32 (%rdi), %zmm10{%k3}{z}
    vmovdqu32 (%rsi), %zmm11{%k3}{z}
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm10, %zmm11, %zmm0)
3:  HSUM512R(%zmm0, %ymm0, %xmm0, %rax)
    vzeroupper
    ret
UHASH_END(nh_umac_sum_avx512)

/* rdi = r0, rsi = r1, rdx = r2, rcx = msg, r8 = blocks, r9 = out */
UHASH_FUNC(nh_umac_sum2_avx512)
    vpxorq  %zmm0, %zmm0, %zmm0
    vpxorq  %zmm12, %zmm12, %zmm12
    cmpq    $4, %r8
    jb      2f
1:  vmovdqu64 (%rcx), %zmm2
    vmovdqu64 64(%rcx), %zmm3
    UMAC_HALVES_AVX512(%zmm2, %zmm3, %zmm4, %zmm5)
    vmovdqu64 (%rdi), %zmm10
    vmovdqu64 (%rsi), %zmm11
    vmovdqu64 (%rdx), %zmm13
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm10, %zmm11, %zmm0)
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm11, %zmm13, %zmm12)
    addq    $128, %rcx
    addq    $64, %rdi
    addq    $64, %rsi
    addq    $64, %rdx
    subq    $4, %r8
    cmpq    $4, %r8
    jae     1b
2:  testq   %r8, %r8
    jz      3f
    UMAC_TAIL_MASKS_AVX512(%r8d)
    vmovdqu32 (%rcx), %zmm2{%k1}{z}
    vmovdqu32 64(%rcx), %zmm3{%k2}{z}
    UMAC_HALVES_AVX512(%zmm2, %zmm3, %zmm4, %zmm5)
    vmovdqu32 (%rdi), %zmm10{%k3}{z}
    vmovdqu32 (%rsi), %zmm11{%k3}{z}
    vmovdqu32 (%rdx), %zmm13{%k3}{z}
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm10, %zmm11, %zmm0)
    UMAC_WINDOW_AVX512(%zmm4, %zmm5, %zmm11, %zmm13, %zmm12)
3:  HSUM512R(%zmm0, %ymm0, %xmm0, %rax)
    HSUM512R(%zmm12, %ymm12, %xmm12, %rdx)
    vmovq   %rax, %xmm0
    vpinsrq $1, %rdx, %xmm0, %xmm0
    vmovdqu %xmm0, (%r9)
    vzeroupper
    ret
UHASH_END(nh_umac_sum2_avx512)

UHASH_NOTES
