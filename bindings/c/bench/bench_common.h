/*
 * bench_common.h -- what every C benchmark shares: a monotonic clock, a sink the optimiser cannot
 * drop, and TRY(call), which stops the benchmark with the library's message on any failure.
 * Define BENCH_NAME before including it; it prefixes the failure message.
 */
#ifndef GHOSTFRAME_BENCH_COMMON_H
#define GHOSTFRAME_BENCH_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ghostframe.h"

#ifndef BENCH_NAME
#define BENCH_NAME "bench"
#endif

/* Monotonic seconds. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Results written here stay observable, so the timed work is not optimised away. */
static volatile double sink;

static void die(gf_status status, const char *what) {
    fprintf(stderr, BENCH_NAME ": %s: %s: %s\n", what, gf_status_string(status), gf_last_error_message());
    exit(1);
}

#define TRY(call)                                                                                \
    do {                                                                                         \
        gf_status status_ = (call);                                                              \
        if (status_ != GF_OK) die(status_, #call);                                               \
    } while (0)

#endif
