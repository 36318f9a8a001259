/*
 * digest / digestMW (Nguyen-Roscoe FSE 2012, b = 32) for x86-64 (System V
 * ABI), AVX2. One kernel per output count n = 1..8:
 *
 *   void uhash_digest_mw<n>_avx2(const uint32_t *key, const uint8_t *msg,
 *                                size_t words, uint32_t *out);
 *       out[r] = Σ_{j<words} [lo(m_j·key[j+r]) + hi(m_j·key[j+r+1])] mod 2^32
 *       for r < n, m_j = le32(msg + 4j)   (Fig. 2; n = 1 is digest, Eq. 1)
 *
 * Reads exactly the message words 0..words and the key words 0..words+n
 * (nothing past them; the message may have any alignment) and writes
 * out[0..n]. No branch and no address depends on the data: the loop bounds
 * and the tail mask depend on `words` only.
 *
 * Scheme, per block of 8 message words m (one ymm), K_s = the key words
 * i+s .. i+s+8:
 *   s = 0 (only the low halves are used, for d_0): T_0 += vpmulld(m, K_0),
 *         the eight products mod 2^32 in one instruction;
 *   s = 1..n: P = vpmuludq(m, K_s) (even words: m_j·k_{j+s}) and
 *         Q = vpmuludq(m >> 32, K_{s+1}) (odd words: m_j·k_{j+s}, the key
 *         window one further so that its even dwords line up); T_s += P + Q
 *         with 32-bit additions. Seen as dwords, T_s holds Σ lo in its even
 *         and Σ hi in its odd elements: lo belongs to d_s, hi to d_{s−1}.
 *         Each window K_t (t = 2..n) is loaded once into a register and
 *         serves both P of T_t and Q of T_{t−1}: n + 3 loads per block
 *         (K_1 and K_{n+1} are memory operands), not 2n + 3 — with a
 *         32-byte-aligned key, half of them split a cache line.
 * At the end d_0 = Σ all dwords of T_0 + Σ odd dwords of T_1 and, for
 * 0 < r < n, d_r = Σ even dwords of T_r + Σ odd dwords of T_{r+1}.
 * Per 8 words: 1 shift, 1 + 2n multiplications, 1 + 2n additions (the
 * intrinsics kernels spend 2 + 2n of each: their s = 0 products also
 * compute the unused high halves).
 *
 * The main loop runs while more than 8 words remain, so that the window
 * K_{n+1} (key words up to i+n+8) stays inside the key. The last 1..8
 * words are one block of zero-masking `vpmaskmovd` loads (masked-off
 * elements are not accessed, so nothing past the inputs is read); there
 * the odd products take their key words from K_s >> 32 (the same words as
 * K_{s+1}'s even dwords), so the tail reads K_0 .. K_n only.
 *
 * Registers: T_s = ymm<s> (s = 0..n ≤ 8), m = ymm9, m >> 32 = ymm10,
 * P = ymm11, Q = ymm12, tail mask = ymm13, tail key window = ymm14,
 * reduction scratch = ymm15.
 */
#include "uhash_asm.h"

    .section .rodata
    .p2align 5
.Ldigest_lane_index:
    .long 0, 1, 2, 3, 4, 5, 6, 7

/* Σ of the eight dwords of %ymm\u (clobbers it and ymm15), stored to out[\r]. */
.macro HSUM_STORE u, r
    vextracti128 $1, %ymm\u, %xmm15
    vpaddd  %xmm15, %xmm\u, %xmm\u
    vpshufd $0x4e, %xmm\u, %xmm15
    vpaddd  %xmm15, %xmm\u, %xmm\u
    vpshufd $0xb1, %xmm\u, %xmm15
    vpaddd  %xmm15, %xmm\u, %xmm\u
    vmovd   %xmm\u, %eax
    movl    %eax, 4*\r(%rcx)
.endm

/* ymm<s> += ymm12 (the last odd-word products, into T_n). */
.macro DIGEST_ACC_Q s
    vpaddd  %ymm12, %ymm\s, %ymm\s
.endm

.macro DIGEST_MW_AVX2 n, name
UHASH_FUNC_SYM(\name)
    .irp s, 0, 1, 2, 3, 4, 5, 6, 7, 8
    .if \s <= \n
    vpxor   %xmm\s, %xmm\s, %xmm\s
    .endif
    .endr
    cmpq    $8, %rdx
    jbe     2f
    /* Full blocks while more than 8 words remain. */
1:  vmovdqu (%rsi), %ymm9
    vpsrlq  $32, %ymm9, %ymm10
    vpmulld (%rdi), %ymm9, %ymm11
    vpaddd  %ymm11, %ymm0, %ymm0
    vpmuludq 4(%rdi), %ymm9, %ymm11
    vpaddd  %ymm11, %ymm1, %ymm1
    .if 2 <= \n
    vmovdqu 4*2(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm2, %ymm2
    vpaddd  %ymm12, %ymm1, %ymm1
    .endif
    .if 3 <= \n
    vmovdqu 4*3(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm3, %ymm3
    vpaddd  %ymm12, %ymm2, %ymm2
    .endif
    .if 4 <= \n
    vmovdqu 4*4(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm4, %ymm4
    vpaddd  %ymm12, %ymm3, %ymm3
    .endif
    .if 5 <= \n
    vmovdqu 4*5(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm5, %ymm5
    vpaddd  %ymm12, %ymm4, %ymm4
    .endif
    .if 6 <= \n
    vmovdqu 4*6(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm6, %ymm6
    vpaddd  %ymm12, %ymm5, %ymm5
    .endif
    .if 7 <= \n
    vmovdqu 4*7(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm7, %ymm7
    vpaddd  %ymm12, %ymm6, %ymm6
    .endif
    .if 8 <= \n
    vmovdqu 4*8(%rdi), %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm8, %ymm8
    vpaddd  %ymm12, %ymm7, %ymm7
    .endif
    vpmuludq 4*(\n+1)(%rdi), %ymm10, %ymm12
    DIGEST_ACC_Q \n
    addq    $32, %rsi
    addq    $32, %rdi
    subq    $8, %rdx
    cmpq    $8, %rdx
    ja      1b
2:  testq   %rdx, %rdx
    jz      3f
    /* The last 1..8 words: lanes < rdx are loaded, the others are zero. */
    vmovd   %edx, %xmm13
    vpbroadcastd %xmm13, %ymm13
    vpcmpgtd .Ldigest_lane_index(%rip), %ymm13, %ymm13
    vpmaskmovd (%rsi), %ymm13, %ymm9
    vpsrlq  $32, %ymm9, %ymm10
    vpmaskmovd (%rdi), %ymm13, %ymm14
    vpmulld %ymm14, %ymm9, %ymm11
    vpaddd  %ymm11, %ymm0, %ymm0
    .irp s, 1, 2, 3, 4, 5, 6, 7, 8
    .if \s <= \n
    vpmaskmovd 4*\s(%rdi), %ymm13, %ymm14
    vpmuludq %ymm14, %ymm9, %ymm11
    vpsrlq  $32, %ymm14, %ymm14
    vpmuludq %ymm14, %ymm10, %ymm12
    vpaddd  %ymm11, %ymm\s, %ymm\s
    vpaddd  %ymm12, %ymm\s, %ymm\s
    .endif
    .endr
    /* d_0 = Σ T_0 + Σ odd(T_1); d_r = Σ even(T_r) + Σ odd(T_{r+1}). */
3:  vpxor   %xmm15, %xmm15, %xmm15
    vpblendd $0xaa, %ymm1, %ymm15, %ymm15
    vpaddd  %ymm15, %ymm0, %ymm0
    HSUM_STORE 0, 0
    .if 1 < \n
    vpblendd $0xaa, %ymm2, %ymm1, %ymm1
    HSUM_STORE 1, 1
    .endif
    .if 2 < \n
    vpblendd $0xaa, %ymm3, %ymm2, %ymm2
    HSUM_STORE 2, 2
    .endif
    .if 3 < \n
    vpblendd $0xaa, %ymm4, %ymm3, %ymm3
    HSUM_STORE 3, 3
    .endif
    .if 4 < \n
    vpblendd $0xaa, %ymm5, %ymm4, %ymm4
    HSUM_STORE 4, 4
    .endif
    .if 5 < \n
    vpblendd $0xaa, %ymm6, %ymm5, %ymm5
    HSUM_STORE 5, 5
    .endif
    .if 6 < \n
    vpblendd $0xaa, %ymm7, %ymm6, %ymm6
    HSUM_STORE 6, 6
    .endif
    .if 7 < \n
    vpblendd $0xaa, %ymm8, %ymm7, %ymm7
    HSUM_STORE 7, 7
    .endif
    vzeroupper
    ret
UHASH_END_SYM(\name)
.endm

DIGEST_MW_AVX2 1, UHASH_SYM(digest_mw1_avx2)
DIGEST_MW_AVX2 2, UHASH_SYM(digest_mw2_avx2)
DIGEST_MW_AVX2 3, UHASH_SYM(digest_mw3_avx2)
DIGEST_MW_AVX2 4, UHASH_SYM(digest_mw4_avx2)
DIGEST_MW_AVX2 5, UHASH_SYM(digest_mw5_avx2)
DIGEST_MW_AVX2 6, UHASH_SYM(digest_mw6_avx2)
DIGEST_MW_AVX2 7, UHASH_SYM(digest_mw7_avx2)
DIGEST_MW_AVX2 8, UHASH_SYM(digest_mw8_avx2)

UHASH_NOTES
