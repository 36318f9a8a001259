/*
 * Shared prologue for every uhash-asm kernel (included by each .S file,
 * which the C preprocessor runs through before assembling).
 *
 *   UHASH_FUNC(name)     start an exported, aligned function whose symbol is
 *                        UHASH_SYM(name) = UHASH_PREFIX ## name (the prefix,
 *                        `uhash_<major>_<minor>_`, comes from build.rs, which
 *                        derives it from the crate version: two versions of
 *                        the crate link into one binary): its ELF symbol
 *                        type, and the landing pad `endbr64` (x86-64 with
 *                        CET/IBT) or `bti c` (AArch64 with BTI) as its first
 *                        instruction.
 *   UHASH_END(name)      close it (`.size` on ELF).
 *   UHASH_FUNC_SYM(sym), UHASH_END_SYM(sym)
 *                        the same for a symbol already prefixed: inside an
 *                        assembler .macro, whose arguments the C
 *                        preprocessor cannot paste, pass UHASH_SYM(name).
 *   UHASH_NOTES          the trailing notes: `.note.GNU-stack` (the stack is
 *                        never executable) and, when the compiler builds for
 *                        CET or BTI/PAC, the `.note.gnu.property` that tells
 *                        the linker this object is compatible. Put it once
 *                        at the end of every file.
 *
 * Every exported symbol is named uhash_<major>_<minor>_*; the `nm` check
 * (asm/tests/symbols.rs and asm/check-symbols.sh in CI) enforces it.
 * Statements inside the macros are separated by `;`, which GNU as accepts as
 * a separator on x86-64, AArch64 and ARM ELF targets.
 */
#ifndef UHASH_ASM_H
#define UHASH_ASM_H

#if !defined(__ELF__)
#  error "uhash-asm kernels are written for ELF targets (build.rs selects them)"
#endif
#if !defined(UHASH_PREFIX)
#  error "build.rs defines UHASH_PREFIX (uhash_<major>_<minor>_)"
#endif
#define UHASH_CAT_(a, b) a##b
#define UHASH_CAT(a, b) UHASH_CAT_(a, b)
#define UHASH_SYM(name) UHASH_CAT(UHASH_PREFIX, name)

/* ---- landing pads ------------------------------------------------------ */
#if defined(__x86_64__) && defined(__CET__) && (__CET__ & 1)
#  define UHASH_LANDING endbr64
#elif defined(__aarch64__) && defined(__ARM_FEATURE_BTI_DEFAULT)
#  define UHASH_LANDING hint 34 /* bti c */
#else
#  define UHASH_LANDING
#endif

/* ---- function entry/exit ------------------------------------------------ */
#define UHASH_TYPE(name) .type name, %function
#define UHASH_SIZE(name) .size name, .-name

#if defined(__x86_64__)
#  define UHASH_ALIGN .p2align 5
#else
#  define UHASH_ALIGN .p2align 4
#endif

#define UHASH_FUNC_SYM(sym)       \
    .text;                        \
    .globl sym;                   \
    UHASH_TYPE(sym);              \
    UHASH_ALIGN;                  \
sym:                              \
    UHASH_LANDING

#define UHASH_FUNC(name) UHASH_FUNC_SYM(UHASH_SYM(name))
#define UHASH_END_SYM(sym) UHASH_SIZE(sym)
#define UHASH_END(name) UHASH_END_SYM(UHASH_SYM(name))

/* ---- notes --------------------------------------------------------------- */
#if defined(__ELF__) && defined(__x86_64__) && defined(__CET__)
/* GNU_PROPERTY_X86_FEATURE_1_AND: bit 0 IBT, bit 1 SHSTK (the kernels only
 * return with `ret`, so shadow stacks hold). */
#  define UHASH_PROPERTY_NOTE                 \
    .pushsection .note.gnu.property, "a";     \
    .p2align 3;                               \
    .long 4;                                  \
    .long 16;                                 \
    .long 5;                                  \
    .asciz "GNU";                             \
    .long 0xc0000002;                         \
    .long 4;                                  \
    .long (__CET__ & 3);                      \
    .p2align 3;                               \
    .popsection
#elif defined(__ELF__) && defined(__aarch64__) && \
      (defined(__ARM_FEATURE_BTI_DEFAULT) || defined(__ARM_FEATURE_PAC_DEFAULT))
#  if defined(__ARM_FEATURE_BTI_DEFAULT)
#    define UHASH_BTI_BIT 1
#  else
#    define UHASH_BTI_BIT 0
#  endif
/* The kernels are leaves that never spill the link register, so they are
 * compatible with return-address signing as they stand. */
#  if defined(__ARM_FEATURE_PAC_DEFAULT)
#    define UHASH_PAC_BIT 2
#  else
#    define UHASH_PAC_BIT 0
#  endif
/* GNU_PROPERTY_AARCH64_FEATURE_1_AND: bit 0 BTI, bit 1 PAC. */
#  define UHASH_PROPERTY_NOTE                 \
    .pushsection .note.gnu.property, "a";     \
    .p2align 3;                               \
    .long 4;                                  \
    .long 16;                                 \
    .long 5;                                  \
    .asciz "GNU";                             \
    .long 0xc0000000;                         \
    .long 4;                                  \
    .long (UHASH_BTI_BIT | UHASH_PAC_BIT);    \
    .long 0;                                  \
    .popsection
#else
#  define UHASH_PROPERTY_NOTE
#endif

#define UHASH_NOTES                                   \
    .pushsection .note.GNU-stack, "", %progbits;      \
    .popsection;                                      \
    UHASH_PROPERTY_NOTE

#endif /* UHASH_ASM_H */
