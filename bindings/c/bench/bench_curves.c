/*
 * bench_curves.c -- curve evaluation through the C ABI, against a plain C loop of the same math.
 *
 * The plain loop is a direct C port of Sources/GhostframeCore/Curves/CubicBezier.swift (bench_bezier.h:
 * a table of u at 128 evenly spaced x for the first guess, at most 4 Newton steps to
 * |X(u) - x| < 1e-7, bisection in the table cell as fallback), so the ratio measures what the Swift
 * engine and the C ABI cost over hand-written C.
 * Prints one line per measurement: "name ns_per_value", then the allocation calls one
 * gf_curve_eval and one gf_curve_eval_n make (counted with malloc_count.so preloaded, as
 * scripts/bench.sh does; both must be 0: a WARNING line says when they are not).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BENCH_NAME "bench_curves"
#include "bench_common.h"
#include "ghostframe.h"
#include "bench_bezier.h"

#define COUNT 1000000
#define ROUNDS 7
#define ALLOCATION_CALLS 1000

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static void report(const char *name, double seconds) {
    printf("%s %.2f\n", name, seconds * 1e9 / COUNT);
}

int main(void) {
    double *xs = malloc(COUNT * sizeof *xs), *ys = malloc(COUNT * sizeof *ys);
    gf_curve *curve = NULL;
    bezier reference = bezier_make(0.25, 0.1, 0.25, 1.0);
    unsigned long long state = 42;
    double best_single = 1e9, best_batch = 1e9, best_plain = 1e9, max_diff = 0;
    int i, round;
    if (!xs || !ys) return 1;
    for (i = 0; i < COUNT; i++) { /* deterministic inputs in [0, 1) */
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        xs[i] = (double)(state >> 11) / 9007199254740992.0;
    }
    TRY(gf_curve_parse("ease", &curve));
    for (round = 0; round < ROUNDS; round++) {
        double start = now(), sum = 0, y;
        for (i = 0; i < COUNT; i++) {
            gf_curve_eval(curve, xs[i], 0, &y);
            sum += y;
        }
        sink = sum;
        if (now() - start < best_single) best_single = now() - start;

        start = now();
        TRY(gf_curve_eval_n(curve, xs, ys, COUNT));
        if (now() - start < best_batch) best_batch = now() - start;

        start = now();
        for (i = 0; i < COUNT; i++) ys[i] = bezier_eval(&reference, xs[i]);
        if (now() - start < best_plain) best_plain = now() - start;
        sink = ys[COUNT / 2];
    }
    TRY(gf_curve_eval_n(curve, xs, xs, COUNT));
    for (i = 0; i < COUNT; i++) {
        double d = fabs(xs[i] - ys[i]);
        if (d > max_diff) max_diff = d;
    }
    report("c_abi_single_call", best_single);
    report("c_abi_batch", best_batch);
    report("plain_c_loop", best_plain);
    printf("batch_over_plain %.3f\n", best_batch / best_plain);
    printf("max_abs_difference %.3g\n", max_diff);
    {
        gf_bench_begin_fn count_begin = (gf_bench_begin_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_begin");
        gf_bench_end_fn count_end = (gf_bench_end_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_end");
        if (count_begin && count_end) {
            unsigned long single, batch;
            double y;
            char *spec = NULL;
            count_begin(); /* the counter works: copying the spec does allocate */
            TRY(gf_curve_spec(curve, &spec));
            printf("allocations_check_curve_spec %lu\n", count_end(NULL));
            gf_string_free(spec);
            count_begin();
            for (i = 0; i < ALLOCATION_CALLS; i++) TRY(gf_curve_eval(curve, xs[i], 0, &y));
            single = count_end(NULL);
            count_begin();
            for (i = 0; i < ALLOCATION_CALLS; i++) TRY(gf_curve_eval_n(curve, xs, ys, 256));
            batch = count_end(NULL);
            printf("allocations_per_eval %g\n", (double)single / ALLOCATION_CALLS);
            printf("allocations_per_eval_n %g\n", (double)batch / ALLOCATION_CALLS);
            if (single || batch) printf("WARNING bench_curves: curve evaluation allocated\n");
        } else {
            printf("allocations_per_eval unavailable (preload malloc_count.so, as scripts/bench.sh does)\n");
        }
    }
    gf_curve_free(curve);
    free(xs);
    free(ys);
    return max_diff < 1e-12 ? 0 : 2;
}
