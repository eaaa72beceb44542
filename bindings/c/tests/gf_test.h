/*
 * gf_test.h -- a tiny assertion helper for the C tests of the Ghostframe C API.
 *
 * Every CHECK* counts one passed or failed check and prints failures with file:line. A test file
 * runs its test functions with RUN(fn) and ends main with `return gf_test_summary();`, which prints
 * the final line exactly "N passed, N failed" and returns non-zero if any check failed.
 *
 * CHECK_FAIL(call, GF_E_X) checks the contract every failing call keeps: the status is GF_E_X and
 * gf_last_error_message() is non-empty and was written by this call. To know the message is new,
 * the helper first "primes" it with a failure whose message is known to be different (parsing the
 * unique curve name "gf-test-primer-N", whose message must name it); if that priming is not
 * possible the helper falls back to checking the message is non-empty.
 *
 * Out-parameters of failing calls must be left untouched: pre-fill them with the SENTINEL_*
 * values and check with CHECK_UNTOUCHED_* (bit-exact comparisons).
 */
#ifndef GF_TEST_H
#define GF_TEST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ghostframe.h"

static int gf_test_passed = 0;
static int gf_test_failed = 0;
static const char *gf_test_name = "";
static char gf_test_primer[512];
static unsigned gf_test_primer_count = 0;

/* Sentinels for out-parameters that a failing call must not touch. */
static char gf_test_sentinel_storage[] = "sentinel";
#define SENTINEL_DOUBLE (-12345.6789)
#define SENTINEL_CURVE ((gf_curve *)(void *)gf_test_sentinel_storage)
#define SENTINEL_TIMING ((gf_timing *)(void *)gf_test_sentinel_storage)
#define SENTINEL_STRING (gf_test_sentinel_storage)
#define SENTINEL_BYTE 0xA5

static inline int gf_test_check(int ok, const char *file, int line, const char *what) {
    if (ok) {
        gf_test_passed++;
    } else {
        gf_test_failed++;
        printf("FAIL %s:%d [%s] %s\n", file, line, gf_test_name, what);
    }
    return ok;
}

static inline int gf_test_same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A message printed after a failed check, with the library's last error for context. */
static inline void gf_test_detail_status(gf_status got, gf_status want) {
    printf("     got %d (%s), want %d (%s); last error: \"%s\"\n", (int)got, gf_status_string(got), (int)want,
           gf_status_string(want), gf_last_error_message());
}

#define CHECK(cond) gf_test_check((cond) != 0, __FILE__, __LINE__, #cond)

#define CHECK_STATUS(call, want)                                                                 \
    do {                                                                                         \
        gf_status gf_got_ = (call);                                                              \
        if (!gf_test_check(gf_got_ == (want), __FILE__, __LINE__, #call " == " #want))           \
            gf_test_detail_status(gf_got_, (want));                                              \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, GF_OK)

#define CHECK_NEAR(got, want, tol)                                                               \
    do {                                                                                         \
        double gf_g_ = (got), gf_w_ = (want);                                                    \
        if (!gf_test_check(fabs(gf_g_ - gf_w_) <= (tol), __FILE__, __LINE__,                     \
                           #got " ~= " #want " +- " #tol))                                       \
            printf("     got %.10g, want %.10g\n", gf_g_, gf_w_);                                \
    } while (0)

#define CHECK_EQ_INT(got, want)                                                                  \
    do {                                                                                         \
        long long gf_g_ = (long long)(got), gf_w_ = (long long)(want);                           \
        if (!gf_test_check(gf_g_ == gf_w_, __FILE__, __LINE__, #got " == " #want))               \
            printf("     got %lld, want %lld\n", gf_g_, gf_w_);                                  \
    } while (0)

#define CHECK_STR(got, want)                                                                     \
    do {                                                                                         \
        const char *gf_g_ = (got), *gf_w_ = (want);                                              \
        int gf_ok_ = gf_g_ != NULL && strcmp(gf_g_, gf_w_) == 0;                                 \
        if (!gf_test_check(gf_ok_, __FILE__, __LINE__, #got " == \"" #want "\""))                \
            printf("     got \"%s\", want \"%s\"\n", gf_g_ ? gf_g_ : "(null)", gf_w_);          \
    } while (0)

#define CHECK_UNTOUCHED_DOUBLE(v)                                                                \
    CHECK(gf_test_same_double((v), SENTINEL_DOUBLE) && "out-parameter " #v " untouched")
#define CHECK_UNTOUCHED_PTR(p, sentinel) CHECK((p) == (sentinel) && "out-parameter " #p " untouched")
/* After a call that should have failed: release what it made if it succeeded after all (the
   check has already failed), so that valgrind reports only the library's own leaks. */
#define RELEASE_UNEXPECTED_CURVE(p)                                                              \
    do {                                                                                         \
        if ((p) != SENTINEL_CURVE) gf_curve_free(p);                                             \
        (p) = SENTINEL_CURVE;                                                                    \
    } while (0)
#define RELEASE_UNEXPECTED_TIMING(p)                                                             \
    do {                                                                                         \
        if ((p) != SENTINEL_TIMING) gf_timing_free(p);                                           \
        (p) = SENTINEL_TIMING;                                                                   \
    } while (0)
#define CHECK_UNTOUCHED_BYTES(p, size) CHECK(gf_test_all_bytes((p), (size)) && "out-parameter " #p " untouched")

static inline int gf_test_all_bytes(const void *p, size_t size) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < size; i++)
        if (b[i] != SENTINEL_BYTE) return 0;
    return 1;
}

/*
 * Sets the thread's last error to a message that names a fresh, unique curve name. Afterwards
 * gf_test_primer holds that message, or "" if the library could not produce a usable one.
 */
static inline void gf_test_prime(void) {
    char name[64];
    gf_curve *curve = NULL;
    const char *message;
    sprintf(name, "gf-test-primer-%u", ++gf_test_primer_count);
    gf_test_primer[0] = '\0';
    if (gf_curve_parse(name, &curve) == GF_OK) {
        gf_curve_free(curve);
        return;
    }
    message = gf_last_error_message();
    if (message == NULL || strstr(message, name) == NULL || strlen(message) >= sizeof gf_test_primer) return;
    strcpy(gf_test_primer, message);
}

static inline void gf_test_check_fail(gf_status got, gf_status want, const char *call, const char *file,
                                      int line) {
    char what[1024];
    const char *message = gf_last_error_message();
    snprintf(what, sizeof what, "%s == %s", call, gf_status_string(want));
    if (!gf_test_check(got == want, file, line, what)) gf_test_detail_status(got, want);
    snprintf(what, sizeof what, "%s: gf_last_error_message() is non-empty", call);
    gf_test_check(message != NULL && message[0] != '\0', file, line, what);
    if (gf_test_primer[0] != '\0' && message != NULL) {
        snprintf(what, sizeof what, "%s: gf_last_error_message() was set by this call", call);
        if (!gf_test_check(strcmp(message, gf_test_primer) != 0, file, line, what))
            printf("     message still \"%s\"\n", message);
    }
}

/* The call must fail with `want`, set a fresh non-empty message, and (checked separately) leave
   its out-parameters untouched. */
#define CHECK_FAIL(call, want)                                                                   \
    do {                                                                                         \
        gf_status gf_got_;                                                                       \
        gf_test_prime();                                                                         \
        gf_got_ = (call);                                                                        \
        gf_test_check_fail(gf_got_, (want), #call, __FILE__, __LINE__);                          \
    } while (0)

#define RUN(fn)                                                                                  \
    do {                                                                                         \
        gf_test_name = #fn;                                                                      \
        fn();                                                                                    \
    } while (0)

static inline int gf_test_summary(void) {
    (void)gf_test_sentinel_storage;
    printf("%d passed, %d failed\n", gf_test_passed, gf_test_failed);
    fflush(stdout);
    return gf_test_failed == 0 ? 0 : 1;
}

#endif /* GF_TEST_H */
