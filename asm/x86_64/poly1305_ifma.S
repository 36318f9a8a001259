/*
 * Poly1305 16-block group loop for x86-64 (System V ABI), AVX-512 IFMA
 * (vpmadd52luq/vpmadd52huq) + VBMI2 (vpshldq), radix 2^44, 8 lanes.
 *
 *   void uhash_poly1305_ifma_vbmi2_groups(uint64_t acc[6][8],
 *                                         const uint64_t p16[3][8],
 *                                         const uint8_t *data,
 *                                         size_t groups);
 *
 * The loop of poly1305-aes's IFMA backend (backend/ifma.rs, `kernel!`):
 * two accumulator vectors A = acc[0..3] and B = acc[3..6] (limbs 0, 1, 2
 * of eight lanes each), and for each of the `groups` 256-byte groups at
 * `data`
 *
 *     A <- A·r^16 + m(bytes 0..128),   B <- B·r^16 + m(bytes 128..256),
 *
 * where m(128 bytes) is eight blocks, each plus 2^128, as radix-2^44 limbs,
 * lane t holding block σ(t) = ⌊t/2⌋ + 4·(t mod 2) (in-lane vpunpck{l,h}qdq
 * of the two 64-byte halves). r^16 is lane 0 of p16 (limb i at p16[i][0],
 * the layout of `ifma::Powers::p16`).
 *
 * Two groups are absorbed per step with one carry:
 *
 *     A <- A·r^32 + m1·r^16 + m2      (likewise B),
 *
 * six products per row summed in one vpmadd52 chain, then one carry round
 * (`REDUCE`): 60 vector instructions per 256 bytes against 72 for one
 * group per step (split 6, products 18, carry 12 per eight blocks). r^32 is
 * computed once per call (if groups >= 2); an odd group count does one
 * single-group step first.
 *
 * Bounds (as in ifma.rs, B = 2^44 + 2^16): on entry every limb is < 2^45
 * (a carried limb < 2^44 + 2^42 plus a message limb), powers are < B, so
 * 20·g < 2^48.4; message limbs are < 2^44 (limb 2 < 2^41). Rows 0 and 1:
 * six products < 2^93.4, high halves sum < 2^43.6 (256·hi < 2^52); row 2
 * (no factor 20): products < 2^89.1, high halves sum < 2^39.1
 * (5120·hi < 2^52); low halves sum < 7·2^52. So each carried row sum is
 * < 2^55, every carry < 2^11, 20·c2 < 2^16, and the limbs out are < B.
 * Every IFMA input stays below 2^52, where it multiplies exactly.
 *
 * Reads exactly 256·groups bytes at `data` (any alignment), p16[i][0] for
 * i < 3, and reads and writes acc (384 bytes, any alignment). No branch and
 * no address depends on the data or the key; only `groups` steers the loop.
 * Leaf function; clobbers zmm0-31 (all caller-saved), rax, rcx, rdx.
 */
#include "uhash_asm.h"

/* ---- registers ---------------------------------------------------------- */
/* accumulators */
#define A0 %zmm0
#define A1 %zmm1
#define A2 %zmm2
#define B0 %zmm3
#define B1 %zmm4
#define B2 %zmm5
/* temporaries: multiplied message limbs, addend/low sums, high sums */
#define M0 %zmm6
#define M1 %zmm7
#define M2 %zmm8
#define N0 %zmm9
#define N1 %zmm10
#define N2 %zmm11
#define Z0 %zmm12
#define Z1 %zmm13
#define Z2 %zmm14
/* constants */
#define ONE   %zmm17
#define C20   %zmm18
#define C256  %zmm19
#define C5120 %zmm20
#define MASK  %zmm21
/* r^16: limbs, 20·limb 1, 20·limb 2 */
#define G0 %zmm22
#define G1 %zmm23
#define G2 %zmm24
#define S1 %zmm25
#define S2 %zmm26
/* r^32 likewise */
#define H0 %zmm27
#define H1 %zmm28
#define H2 %zmm29
#define T1 %zmm30
#define T2 %zmm31

/*
 * SPLIT off, L0, L1, L2: the eight blocks at off(%rdx) (128 bytes) as
 * limbs, lane t = block σ(t), limb 2 with the 2^128 bit (2^40):
 * l0 = lo & m, l1 = ((hi:lo) >> 44) & m, l2 = (1:hi) >> 24, the 128-bit
 * shifts as `vpshldq $k, x, y` = high 64 bits of (y:x) << k (the form
 * LLVM emits for the intrinsics' _mm512_shrdi_epi64).
 */
.macro SPLIT off, L0, L1, L2
    vmovdqu64   \off(%rdx), \L0
    vpunpckhqdq \off+64(%rdx), \L0, \L2
    vpunpcklqdq \off+64(%rdx), \L0, \L1
    vpandq      MASK, \L1, \L0
    vpshldq     $20, \L1, \L2, \L1
    vpandq      MASK, \L1, \L1
    vpshldq     $40, \L2, ONE, \L2
.endm

/*
 * ROWS op, X0, X1, X2, g0, g1, g2, s1, s2: adds (X0, X1, X2)·(g0, g1, g2)
 * (s = 20·g) to the row sums: low halves (op = l) into N0..N2, high
 * halves (op = h) into Z0..Z2.
 */
.macro ROWS X0, X1, X2, g0, g1, g2, s1, s2
    vpmadd52luq \g0, \X0, N0
    vpmadd52huq \g0, \X0, Z0
    vpmadd52luq \g1, \X0, N1
    vpmadd52huq \g1, \X0, Z1
    vpmadd52luq \g2, \X0, N2
    vpmadd52huq \g2, \X0, Z2
    vpmadd52luq \s2, \X1, N0
    vpmadd52huq \s2, \X1, Z0
    vpmadd52luq \g0, \X1, N1
    vpmadd52huq \g0, \X1, Z1
    vpmadd52luq \g1, \X1, N2
    vpmadd52huq \g1, \X1, Z2
    vpmadd52luq \s1, \X2, N0
    vpmadd52huq \s1, \X2, Z0
    vpmadd52luq \s2, \X2, N1
    vpmadd52huq \s2, \X2, Z1
    vpmadd52luq \g0, \X2, N2
    vpmadd52huq \g0, \X2, Z2
.endm

.macro ZERO_HI
    vpxorq      Z0, Z0, Z0
    vpxorq      Z1, Z1, Z1
    vpxorq      Z2, Z2, Z2
.endm

/*
 * REDUCE Q0, Q1, Q2: the row sums (N low, Z high) to carried limbs in Q.
 * hi0·2^52 = 256·hi0·2^44 joins row 1, hi1 row 2, hi2·2^140 ≡ 5120·hi2
 * row 0 (one vpmadd52luq each, products < 2^52); then c_i = d_i >> 44
 * moves up a limb, c2 to limb 0 times 20.
 */
.macro REDUCE Q0, Q1, Q2
    vpmadd52luq C5120, Z2, N0
    vpmadd52luq C256, Z0, N1
    vpmadd52luq C256, Z1, N2
    vpsrlq      $44, N0, Z0
    vpsrlq      $44, N1, Z1
    vpsrlq      $44, N2, Z2
    vpandq      MASK, N0, \Q0
    vpmadd52luq C20, Z2, \Q0
    vpandq      MASK, N1, \Q1
    vpaddq      Z0, \Q1, \Q1
    vpandq      MASK, N2, \Q2
    vpaddq      Z1, \Q2, \Q2
.endm

/* Q <- Q·r^16 + m(off): one group half. */
.macro SINGLE Q0, Q1, Q2, off
    SPLIT       \off, N0, N1, N2
    ZERO_HI
    ROWS        \Q0, \Q1, \Q2, G0, G1, G2, S1, S2
    REDUCE      \Q0, \Q1, \Q2
.endm

/* Q <- Q·r^32 + m(off1)·r^16 + m(off2): the same half of two groups. */
.macro PAIR Q0, Q1, Q2, off1, off2
    SPLIT       \off2, N0, N1, N2
    SPLIT       \off1, M0, M1, M2
    ZERO_HI
    ROWS        M0, M1, M2, G0, G1, G2, S1, S2
    ROWS        \Q0, \Q1, \Q2, H0, H1, H2, T1, T2
    REDUCE      \Q0, \Q1, \Q2
.endm

/* ------------------------------------------------------------------------ */
UHASH_FUNC(poly1305_ifma_vbmi2_groups)
    testq       %rcx, %rcx
    jz          9f
    movabsq     $0xfffffffffff, %rax
    vpbroadcastq %rax, MASK
    movl        $1, %eax
    vpbroadcastq %rax, ONE
    movl        $20, %eax
    vpbroadcastq %rax, C20
    movl        $256, %eax
    vpbroadcastq %rax, C256
    movl        $5120, %eax
    vpbroadcastq %rax, C5120
    /* r^16 from lane 0 of the power table; 20·g = lo52(g·20) (< 2^49) */
    vpbroadcastq (%rsi), G0
    vpbroadcastq 64(%rsi), G1
    vpbroadcastq 128(%rsi), G2
    vpxorq      S1, S1, S1
    vpxorq      S2, S2, S2
    vpmadd52luq C20, G1, S1
    vpmadd52luq C20, G2, S2
    vmovdqu64   0(%rdi), A0
    vmovdqu64   64(%rdi), A1
    vmovdqu64   128(%rdi), A2
    vmovdqu64   192(%rdi), B0
    vmovdqu64   256(%rdi), B1
    vmovdqu64   320(%rdi), B2

    cmpq        $2, %rcx
    jb          1f
    /* r^32 = r^16·r^16 (limbs < B), for the two-group steps */
    vpxorq      N0, N0, N0
    vpxorq      N1, N1, N1
    vpxorq      N2, N2, N2
    ZERO_HI
    ROWS        G0, G1, G2, G0, G1, G2, S1, S2
    REDUCE      H0, H1, H2
    vpxorq      T1, T1, T1
    vpxorq      T2, T2, T2
    vpmadd52luq C20, H1, T1
    vpmadd52luq C20, H2, T2

1:  testb       $1, %cl
    jz          2f
    SINGLE      A0, A1, A2, 0
    SINGLE      B0, B1, B2, 128
    addq        $256, %rdx
2:  shrq        $1, %rcx
    jz          4f

    .p2align 5
3:  PAIR        A0, A1, A2, 0, 256
    PAIR        B0, B1, B2, 128, 384
    addq        $512, %rdx
    decq        %rcx
    jnz         3b

4:  vmovdqu64   A0, 0(%rdi)
    vmovdqu64   A1, 64(%rdi)
    vmovdqu64   A2, 128(%rdi)
    vmovdqu64   B0, 192(%rdi)
    vmovdqu64   B1, 256(%rdi)
    vmovdqu64   B2, 320(%rdi)
    vzeroupper
9:  ret
UHASH_END(poly1305_ifma_vbmi2_groups)

UHASH_NOTES
