/*
 * bench_curves.c -- curve evaluation through the C ABI, against a plain C loop of the same math.
 *
 * The plain loop is a direct C port of Sources/Ghostframe/Curves/CubicBezier.swift (a table of u at
 * 128 evenly spaced x for the first guess, at most 4 Newton steps to |X(u) - x| < 1e-7, bisection in
 * the table cell as fallback), so the ratio measures what the Swift engine and the C ABI cost over
 * hand-written C.
 * Prints one line per measurement: "name ns_per_value".
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ghostframe.h"

#define COUNT 1000000
#define ROUNDS 7

#define CELLS 128

typedef struct {
    double ax, bx, cx, ay, by, cy, inverse[CELLS + 1];
} bezier;

static double sample_x(const bezier *b, double u) { return ((b->ax * u + b->bx) * u + b->cx) * u; }
static double sample_y(const bezier *b, double u) { return ((b->ay * u + b->by) * u + b->cy) * u; }
static double slope_x(const bezier *b, double u) { return (3 * b->ax * u + 2 * b->bx) * u + b->cx; }

static bezier bezier_make(double x1, double y1, double x2, double y2) {
    bezier b;
    int i, k;
    b.cx = 3 * x1; b.bx = 3 * (x2 - x1) - b.cx; b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * y1; b.by = 3 * (y2 - y1) - b.cy; b.ay = 1 - b.cy - b.by;
    for (i = 0; i <= CELLS; i++) {
        double x = (double)i / CELLS, low = 0, high = 1;
        for (k = 0; k < 60; k++) {
            double mid = (low + high) * 0.5;
            if (sample_x(&b, mid) < x) low = mid; else high = mid;
        }
        b.inverse[i] = (low + high) * 0.5;
    }
    return b;
}

static double solve_x(const bezier *b, double x) {
    double scaled = x * CELLS, low, high, u;
    int cell = (int)scaled, i;
    if (cell > CELLS - 1) cell = CELLS - 1;
    low = b->inverse[cell];
    high = b->inverse[cell + 1];
    u = low + (high - low) * (scaled - cell);
    for (i = 0; i < 4; i++) {
        double error = sample_x(b, u) - x, slope;
        if (fabs(error) < 1e-7) return u;
        slope = slope_x(b, u);
        if (fabs(slope) < 1e-7) break;
        u -= error / slope;
        if (!(u >= low && u <= high)) break;
    }
    for (i = 0; i < 64 && high - low > 1e-12; i++) {
        double mid = (low + high) * 0.5;
        if (sample_x(b, mid) < x) low = mid; else high = mid;
    }
    return (low + high) * 0.5;
}

static double bezier_eval(const bezier *b, double x) {
    if (x <= 0) return 0; /* inputs here are in [0, 1) */
    return sample_y(b, solve_x(b, x));
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile double sink;

static void report(const char *name, double seconds) {
    printf("%s %.2f\n", name, seconds * 1e9 / COUNT);
}

static int check(gf_status status, const char *what) {
    if (status != GF_OK) {
        fprintf(stderr, "%s: %s: %s\n", what, gf_status_string(status), gf_last_error_message());
        return 1;
    }
    return 0;
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
    if (check(gf_curve_parse("ease", &curve), "gf_curve_parse")) return 1;
    for (round = 0; round < ROUNDS; round++) {
        double start = now(), sum = 0, y;
        for (i = 0; i < COUNT; i++) {
            gf_curve_eval(curve, xs[i], 0, &y);
            sum += y;
        }
        sink = sum;
        if (now() - start < best_single) best_single = now() - start;

        start = now();
        if (check(gf_curve_eval_n(curve, xs, ys, COUNT), "gf_curve_eval_n")) return 1;
        if (now() - start < best_batch) best_batch = now() - start;

        start = now();
        for (i = 0; i < COUNT; i++) ys[i] = bezier_eval(&reference, xs[i]);
        if (now() - start < best_plain) best_plain = now() - start;
        sink = ys[COUNT / 2];
    }
    if (check(gf_curve_eval_n(curve, xs, xs, COUNT), "gf_curve_eval_n in place")) return 1;
    for (i = 0; i < COUNT; i++) {
        double d = fabs(xs[i] - ys[i]);
        if (d > max_diff) max_diff = d;
    }
    report("c_abi_single_call", best_single);
    report("c_abi_batch", best_batch);
    report("plain_c_loop", best_plain);
    printf("batch_over_plain %.3f\n", best_batch / best_plain);
    printf("max_abs_difference %.3g\n", max_diff);
    gf_curve_free(curve);
    free(xs);
    free(ys);
    return max_diff < 1e-12 ? 0 : 2;
}
