/*
 * bench_bezier.h -- a plain C port of the cubic-bezier solver in
 * Sources/GhostframeCore/Curves/CubicBezier.swift, the hand-written reference the benchmarks compare
 * the library against (bench_curves.c, bench_scene.c).
 *
 * A table of u at 128 evenly spaced x gives the first guess, at most 4 Newton steps refine it to
 * |X(u) - x| < 1e-7, and bisection inside the table cell takes over where Newton leaves it. The
 * same arithmetic in the same order as the Swift code, so results agree to the last bit or nearly.
 */
#ifndef BENCH_BEZIER_H
#define BENCH_BEZIER_H

#include <math.h>

#define BEZIER_CELLS 128

typedef struct {
    double ax, bx, cx, ay, by, cy, inverse[BEZIER_CELLS + 1];
} bezier;

static double bezier_sample_x(const bezier *b, double u) { return ((b->ax * u + b->bx) * u + b->cx) * u; }
static double bezier_sample_y(const bezier *b, double u) { return ((b->ay * u + b->by) * u + b->cy) * u; }
static double bezier_slope_x(const bezier *b, double u) { return (3 * b->ax * u + 2 * b->bx) * u + b->cx; }

/* The curve cubic-bezier(x1, y1, x2, y2) with its inverse table; x1 and x2 in [0, 1]. */
static bezier bezier_make(double x1, double y1, double x2, double y2) {
    bezier b;
    int i, k;
    b.cx = 3 * x1; b.bx = 3 * (x2 - x1) - b.cx; b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * y1; b.by = 3 * (y2 - y1) - b.cy; b.ay = 1 - b.cy - b.by;
    for (i = 0; i <= BEZIER_CELLS; i++) {
        double x = (double)i / BEZIER_CELLS, low = 0, high = 1;
        for (k = 0; k < 60; k++) {
            double mid = (low + high) * 0.5;
            if (bezier_sample_x(&b, mid) < x) low = mid; else high = mid;
        }
        b.inverse[i] = (low + high) * 0.5;
    }
    return b;
}

/* u with |X(u) - x| < 1e-7, for x in (0, 1). */
static double bezier_solve_x(const bezier *b, double x) {
    double scaled = x * BEZIER_CELLS, low, high, u;
    int cell = (int)scaled, i;
    if (cell > BEZIER_CELLS - 1) cell = BEZIER_CELLS - 1;
    low = b->inverse[cell];
    high = b->inverse[cell + 1];
    u = low + (high - low) * (scaled - cell);
    for (i = 0; i < 4; i++) {
        double error = bezier_sample_x(b, u) - x, slope;
        if (fabs(error) < 1e-7) return u;
        slope = bezier_slope_x(b, u);
        if (fabs(slope) < 1e-7) break;
        u -= error / slope;
        if (!(u >= low && u <= high)) break;
    }
    for (i = 0; i < 64 && high - low > 1e-12; i++) {
        double mid = (low + high) * 0.5;
        if (bezier_sample_x(b, mid) < x) low = mid; else high = mid;
    }
    return (low + high) * 0.5;
}

/* The curve at x in [0, 1] (the ends exact; the benchmarks never extrapolate). */
static double bezier_eval(const bezier *b, double x) {
    if (x > 0 && x < 1) return bezier_sample_y(b, bezier_solve_x(b, x));
    return x <= 0 ? 0 : 1;
}

#endif /* BENCH_BEZIER_H */
