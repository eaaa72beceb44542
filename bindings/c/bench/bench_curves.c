/*
 * bench_curves.c -- curve evaluation through the C ABI, side by side in one run with hand-written C:
 *
 * - cubic-bezier (`ease`): gf_curve_eval and gf_curve_eval_n against
 *   - plain_c_loop: a C port of the solver the engine had before issue 19 (bench_bezier.h: a 128-cell
 *     table, up to 4 Newton steps to |X(u) - x| < 1e-7, then bisection), and
 *   - avx2_loop: a hand-vectorised AVX2/FMA loop, 4 values per instruction, from a 256-cell table of u
 *     interpolated linearly and one Newton step (the loop issue 19 measured at 1.7 ns), when the CPU
 *     has AVX2 and FMA;
 *   with each one's largest error against an 80-bit exact solve on the first 100,000 inputs.
 * - Penner easings: gf_curve_eval_n against the textbook C formula of the same easing (compiled as
 *   scripts/bench.sh compiles this file, gcc -O2), one line each, on the random inputs and on
 *   ascending progress.
 *
 * Prints one line per measurement: "name value" (ns per value, ratios, errors), then the allocation
 * calls one gf_curve_eval and one gf_curve_eval_n make (counted with malloc_count.so preloaded, as
 * scripts/bench.sh does; both must be 0: a WARNING line says when they are not). Best of ROUNDS.
 * Exit status 2 when gf_curve_eval_n's error exceeds the 1e-9 it promises.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_NAME "bench_curves"
#include "bench_common.h"
#include "ghostframe.h"
#include "bench_bezier.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_LOOP 1
#else
#define HAVE_AVX2_LOOP 0
#endif

#define COUNT 1000000
#define CHECKED 100000
#define ROUNDS 9
#define ALLOCATION_CALLS 1000

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static void report(const char *name, double seconds) { printf("%s %.3f\n", name, seconds * 1e9 / COUNT); }

/* ---- the AVX2 reference loop: 256 cells of u, linear guess, one Newton step ---------------------- */

#define AVX_CELLS 256
typedef struct {
    double ax, bx, cx, ay, by, cy, inverse[AVX_CELLS + 1];
} avx_bezier;

static avx_bezier avx_make(double x1, double y1, double x2, double y2) {
    avx_bezier b;
    int i, k;
    b.cx = 3 * x1; b.bx = 3 * (x2 - x1) - b.cx; b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * y1; b.by = 3 * (y2 - y1) - b.cy; b.ay = 1 - b.cy - b.by;
    for (i = 0; i <= AVX_CELLS; i++) {
        double x = (double)i / AVX_CELLS, low = 0, high = 1;
        for (k = 0; k < 60; k++) {
            double mid = (low + high) * 0.5;
            if (((b.ax * mid + b.bx) * mid + b.cx) * mid < x) low = mid; else high = mid;
        }
        b.inverse[i] = (low + high) * 0.5;
    }
    return b;
}

#if HAVE_AVX2_LOOP
/* xs in [0, 1) (the benchmark's inputs): no end points, no extrapolation, no fallback. */
__attribute__((target("avx2,fma"))) static void avx_eval_n(const avx_bezier *b, const double *xs, double *ys, int n) {
    const __m256d ax = _mm256_set1_pd(b->ax), bx = _mm256_set1_pd(b->bx), cx = _mm256_set1_pd(b->cx);
    const __m256d ay = _mm256_set1_pd(b->ay), by = _mm256_set1_pd(b->by), cy = _mm256_set1_pd(b->cy);
    const __m256d ax3 = _mm256_set1_pd(3 * b->ax), bx2 = _mm256_set1_pd(2 * b->bx), cells = _mm256_set1_pd(AVX_CELLS);
    int i;
    for (i = 0; i + 4 <= n; i += 4) {
        __m256d x = _mm256_loadu_pd(xs + i), scaled = _mm256_mul_pd(x, cells);
        __m128i cell = _mm256_cvttpd_epi32(scaled);
        __m256d low = _mm256_i32gather_pd(b->inverse, cell, 8), high = _mm256_i32gather_pd(b->inverse + 1, cell, 8);
        __m256d u = _mm256_fmadd_pd(_mm256_sub_pd(high, low), _mm256_sub_pd(scaled, _mm256_cvtepi32_pd(cell)), low);
        __m256d error = _mm256_fmsub_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ax, u, bx), u, cx), u, x);
        __m256d slope = _mm256_fmadd_pd(_mm256_fmadd_pd(ax3, u, bx2), u, cx);
        u = _mm256_sub_pd(u, _mm256_div_pd(error, slope));
        _mm256_storeu_pd(ys + i, _mm256_mul_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ay, u, by), u, cy), u));
    }
    for (; i < n; i++) {
        double scaled = xs[i] * AVX_CELLS, u, low, high;
        int cell = (int)scaled;
        low = b->inverse[cell]; high = b->inverse[cell + 1];
        u = low + (high - low) * (scaled - cell);
        u -= (((b->ax * u + b->bx) * u + b->cx) * u - xs[i]) / ((3 * b->ax * u + 2 * b->bx) * u + b->cx);
        ys[i] = ((b->ay * u + b->by) * u + b->cy) * u;
    }
}
#endif

/* Y at the exact solution of X(u) = x, by bisection in long double (80-bit on x86-64). */
static double exact_bezier(double x1, double y1, double x2, double y2, double x) {
    long double cx = 3.0L * x1, bx = 3.0L * (x2 - x1) - cx, ax = 1 - cx - bx;
    long double cy = 3.0L * y1, by = 3.0L * (y2 - y1) - cy, ay = 1 - cy - by, low = 0, high = 1, u;
    int k;
    for (k = 0; k < 70; k++) {
        long double mid = (low + high) / 2;
        if (((ax * mid + bx) * mid + cx) * mid < x) low = mid; else high = mid;
    }
    u = (low + high) / 2;
    return (double)(((ay * u + by) * u + cy) * u);
}

static double max_error(const double *xs, const double *ys) {
    double worst = 0;
    int i;
    for (i = 0; i < CHECKED; i++) {
        double d = fabs(ys[i] - exact_bezier(0.25, 0.1, 0.25, 1.0, xs[i]));
        if (d > worst) worst = d;
    }
    return worst;
}

/* ---- Penner easings as a C programmer writes them ------------------------------------------------- */

static double in_out_quad(double p) { return p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) * (-2 * p + 2) / 2; }
static double out_cubic(double p) { double q = 1 - p; return 1 - q * q * q; }
static double in_out_cubic(double p) {
    double q = -2 * p + 2;
    return p < 0.5 ? 4 * p * p * p : 1 - q * q * q / 2;
}
static double in_quart(double p) { return p * p * p * p; }
static double out_back(double p) {
    const double c1 = 1.70158, c3 = c1 + 1;
    double q = p - 1;
    return 1 + c3 * q * q * q + c1 * q * q;
}
static double out_bounce(double p) {
    const double n = 7.5625, d = 2.75;
    if (p < 1 / d) return n * p * p;
    if (p < 2 / d) { p -= 1.5 / d; return n * p * p + 0.75; }
    if (p < 2.5 / d) { p -= 2.25 / d; return n * p * p + 0.9375; }
    p -= 2.625 / d;
    return n * p * p + 0.984375;
}
static double in_out_sine(double p) { return -(cos(M_PI * p) - 1) / 2; }

#define PLAIN_LOOP(f)                                     \
    static void plain_##f(const double *xs, double *ys) { \
        int i;                                            \
        for (i = 0; i < COUNT; i++) ys[i] = f(xs[i]);     \
    }
PLAIN_LOOP(in_out_quad)
PLAIN_LOOP(out_cubic)
PLAIN_LOOP(in_out_cubic)
PLAIN_LOOP(in_quart)
PLAIN_LOOP(out_back)
PLAIN_LOOP(out_bounce)
PLAIN_LOOP(in_out_sine)

static const struct {
    const char *spec;
    void (*plain)(const double *, double *);
} penner[] = {
    {"easeInOutQuad", plain_in_out_quad}, {"easeOutCubic", plain_out_cubic}, {"easeInOutCubic", plain_in_out_cubic},
    {"easeInQuart", plain_in_quart},      {"easeOutBack", plain_out_back},   {"easeOutBounce", plain_out_bounce},
    {"easeInOutSine", plain_in_out_sine},
};

int main(void) {
    double *xs = malloc(COUNT * sizeof *xs), *ys = malloc(COUNT * sizeof *ys), *zs = malloc(COUNT * sizeof *zs);
    double *ws = malloc(COUNT * sizeof *ws);
    gf_curve *curve = NULL;
    bezier reference = bezier_make(0.25, 0.1, 0.25, 1.0);
    avx_bezier vectorised = avx_make(0.25, 0.1, 0.25, 1.0);
    unsigned long long state = 42;
    double best_single = 1e9, best_batch = 1e9, best_plain = 1e9, best_avx = 1e9, error_batch, error_plain;
    int i, round, has_avx2 = 0;
    size_t k;
    if (!xs || !ys || !zs || !ws) return 1;
    for (i = 0; i < COUNT; i++) ws[i] = (double)i / COUNT; /* ascending progress in [0, 1) */
#if HAVE_AVX2_LOOP
    __builtin_cpu_init();
    has_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
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
        for (i = 0; i < COUNT; i++) zs[i] = bezier_eval(&reference, xs[i]);
        if (now() - start < best_plain) best_plain = now() - start;
        sink = zs[COUNT / 2];
#if HAVE_AVX2_LOOP
        if (has_avx2) {
            start = now();
            avx_eval_n(&vectorised, xs, zs, COUNT);
            if (now() - start < best_avx) best_avx = now() - start;
            sink = zs[COUNT / 2];
        }
#endif
    }
    report("c_abi_single_call", best_single);
    report("c_abi_batch", best_batch);
    report("plain_c_loop", best_plain);
    printf("batch_over_plain %.3f\n", best_batch / best_plain);
    error_batch = max_error(xs, ys);
    for (i = 0; i < CHECKED; i++) zs[i] = bezier_eval(&reference, xs[i]);
    error_plain = max_error(xs, zs);
    if (has_avx2) {
#if HAVE_AVX2_LOOP
        report("avx2_loop", best_avx);
        printf("batch_over_avx2 %.3f\n", best_batch / best_avx);
        avx_eval_n(&vectorised, xs, zs, CHECKED);
        printf("avx2_loop_max_error %.3g\n", max_error(xs, zs));
#endif
    } else {
        printf("avx2_loop unavailable (no AVX2/FMA on this CPU)\n");
    }
    printf("c_abi_batch_max_error %.3g\n", error_batch);
    printf("plain_c_loop_max_error %.3g\n", error_plain);

    /* Two input orders: the random inputs above, where a branching C formula mispredicts half its
       branches, and ascending progress (what an animation feeds), where its branches predict. */
    for (k = 0; k < 2 * sizeof penner / sizeof penner[0]; k++) {
        size_t e = k % (sizeof penner / sizeof penner[0]);
        int ascending = k >= sizeof penner / sizeof penner[0];
        const double *in = ascending ? ws : xs;
        gf_curve *easing = NULL;
        double best_abi = 1e9, best_c = 1e9, differ = 0;
        char name[128];
        TRY(gf_curve_parse(penner[e].spec, &easing));
        for (round = 0; round < ROUNDS; round++) {
            double start = now();
            TRY(gf_curve_eval_n(easing, in, ys, COUNT));
            if (now() - start < best_abi) best_abi = now() - start;
            start = now();
            penner[e].plain(in, zs);
            if (now() - start < best_c) best_c = now() - start;
            sink = zs[COUNT / 3] + ys[COUNT / 3];
        }
        for (i = 0; i < COUNT; i++)
            if (fabs(ys[i] - zs[i]) > differ) differ = fabs(ys[i] - zs[i]);
        snprintf(name, sizeof name, "penner_%s%s_c_abi_batch", penner[e].spec, ascending ? "_ascending" : "");
        report(name, best_abi);
        snprintf(name, sizeof name, "penner_%s%s_plain_c", penner[e].spec, ascending ? "_ascending" : "");
        report(name, best_c);
        printf("penner_%s%s_batch_over_plain %.3f\n", penner[e].spec, ascending ? "_ascending" : "", best_abi / best_c);
        if (!ascending) printf("penner_%s_max_abs_difference %.3g\n", penner[e].spec, differ);
        gf_curve_free(easing);
    }
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
    free(zs);
    free(ws);
    return error_batch <= 1e-9 ? 0 : 2;
}
