/*
 * Driver for tools/arm7_count.sh: hashes one block with each ARMv4 kernel
 * of the Square Hash paper's ARM7 comparison (Tables 1-3), so that the
 * instructions each kernel executes can be counted from a qemu-arm trace.
 *
 *   driver <words>      words = 66 (2112-bit block) or 33 (1056-bit block)
 *
 * MMH (96-bit output) = Toeplitz MMH32 with n = 3: three calls of
 * mmh32_sum_armv4 over the block under the key windows starting at
 * key words 0, 1, 2. SQH1 = SQHasm2 (w = 3), SQH2 = sqh2 (w = 3, the
 * paper's SQH2 at MMH's security, docs/sqh-spec.md §3) and SQHE (w = 3,
 * more carries dropped, weaker): one call each over the block's words/3
 * elements. Pseudo-random key and
 * message (fixed seed); the message is word-aligned (the kernels' fast
 * path, as the paper's code assumes).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

/* The kernels' symbols: UHASH_PREFIX (uhash_<major>_<minor>_, passed by
 * arm7_count.sh as uhash-asm's build.rs does) followed by the name. */
#define SYM_(p, n) p##n
#define SYM(p, n) SYM_(p, n)
#define mmh32_sum_armv4 SYM(UHASH_PREFIX, mmh32_sum_armv4)
#define sqh_asm2_w3_armv4 SYM(UHASH_PREFIX, sqh_asm2_w3_armv4)
#define sqh_e_w3_armv4 SYM(UHASH_PREFIX, sqh_e_w3_armv4)
#define sqh2_w3_armv4 SYM(UHASH_PREFIX, sqh2_w3_armv4)

uint64_t mmh32_sum_armv4(const uint32_t *key, const uint8_t *msg, size_t words);
uint32_t sqh_asm2_w3_armv4(const uint32_t *key, const uint32_t *msg, size_t elems,
                           uint32_t acc[6]);
void sqh_e_w3_armv4(const uint32_t *key, const uint32_t *msg, size_t elems, uint32_t acc[6]);
void sqh2_w3_armv4(const uint32_t *key, const uint32_t *msg, size_t elems, uint32_t acc[6]);

static uint32_t state = 0x12345678u;
static uint32_t next(void) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

int main(int argc, char **argv) {
    size_t words = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 66;
    if (words == 0 || words > 66 || words % 3 != 0) {
        fprintf(stderr, "words must be a multiple of 3 in 3..66\n");
        return 2;
    }
    static uint32_t key[68], msg[66];
    for (size_t i = 0; i < 68; i++) key[i] = next();
    for (size_t i = 0; i < 66; i++) msg[i] = next();
    uint64_t mmh[3];
    for (int r = 0; r < 3; r++)
        mmh[r] = mmh32_sum_armv4(key + r, (const uint8_t *)msg, words);
    uint32_t a2[6] = {0}, e[6] = {0}, d[6] = {0};
    uint32_t top = sqh_asm2_w3_armv4(key, msg, words / 3, a2);
    sqh_e_w3_armv4(key, msg, words / 3, e);
    sqh2_w3_armv4(key, msg, words / 3, d);
    printf("mmh %016llx %016llx %016llx\n", (unsigned long long)mmh[0],
           (unsigned long long)mmh[1], (unsigned long long)mmh[2]);
    printf("sqh1 %08x %08x %08x %08x %08x %08x + %u<<192\n", a2[5], a2[4], a2[3], a2[2],
           a2[1], a2[0], top);
    printf("sqh2 %08x%08x %08x%08x %08x%08x\n", d[5], d[4], d[3], d[2], d[1], d[0]);
    printf("sqhe %08x %08x %08x %08x %08x %08x\n", e[5], e[4], e[3], e[2], e[1], e[0]);
    return 0;
}
