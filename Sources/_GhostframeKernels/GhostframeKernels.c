/*
 * GhostframeKernels.c -- batch curve kernels with runtime CPU dispatch (see include/GhostframeKernels.h).
 *
 * Every formula is written once, as a static inline function, and compiled twice: for the baseline
 * instruction set and, on x86-64, inside functions built with __attribute__((target("avx2,fma"))).
 * Contraction is off (the pragma here, -ffp-contract=off in CMake for GCC): a multiply-add is fused
 * only where the code says so (MADD in the bezier solver), so the Penner formulas give the bits of
 * PennerEasing's Swift code on both paths.
 */
#include "GhostframeKernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define GFK_X86 1
#include <cpuid.h>
#include <immintrin.h>
#else
#define GFK_X86 0
#endif

#define GFK_INLINE static inline __attribute__((always_inline))

/* X' below this somewhere in a cell flags the cell for the full solve. */
#define GFK_FLAT_SLOPE 1e-3

/* ------------------------------------------------------------------------------------------------
 * Dispatch
 * ---------------------------------------------------------------------------------------------- */

static int detect_level(void) {
#if GFK_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    /* FMA (ecx 12), OSXSAVE (ecx 27), AVX (ecx 28). */
    if (!(c & (1u << 12)) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;
    {
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        (void)hi;
        if ((lo & 6u) != 6u) return 0; /* the OS saves XMM and YMM state */
    }
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (!(b & (1u << 5))) return 0; /* AVX2 */
    return 1;
#else
    return 0;
#endif
}

/* -1 until detected; any thread may detect, all get the same answer. */
static int cached_level = -1;

int gfk_simd_level(void) {
    int level = __atomic_load_n(&cached_level, __ATOMIC_RELAXED);
    if (level < 0) {
        level = detect_level();
        __atomic_store_n(&cached_level, level, __ATOMIC_RELAXED);
    }
    return level;
}

/* ------------------------------------------------------------------------------------------------
 * Cubic bezier
 * ---------------------------------------------------------------------------------------------- */

GFK_INLINE double sample_x(const double *b, double u) {
    return ((b[GFK_BEZIER_AX] * u + b[GFK_BEZIER_BX]) * u + b[GFK_BEZIER_CX]) * u;
}
GFK_INLINE double sample_y(const double *b, double u) {
    return ((b[GFK_BEZIER_AY] * u + b[GFK_BEZIER_BY]) * u + b[GFK_BEZIER_CY]) * u;
}
GFK_INLINE double slope_x(const double *b, double u) {
    return (3 * b[GFK_BEZIER_AX] * u + 2 * b[GFK_BEZIER_BX]) * u + b[GFK_BEZIER_CX];
}

GFK_INLINE int cell_of(double scaled) {
    int cell = (int)scaled; /* scaled in [0, GFK_BEZIER_CELLS) for x in (0, 1) */
    if (cell < 0) cell = 0;
    if (cell > GFK_BEZIER_CELLS - 1) cell = GFK_BEZIER_CELLS - 1;
    return cell;
}

/* X(u) = x for u in [low, high], which brackets the root (X is monotone: x1, x2 in [0, 1]), from the
   guess u: Newton, with a bisection step wherever Newton would leave the bracket or X is flat. Plain
   arithmetic on every path; stops when a step or the bracket is below 1e-15. */
static double solve_bracketed(const double *b, double x, double low, double high, double u) {
    int k;
    for (k = 0; k < 200; k++) {
        double error = sample_x(b, u) - x, next;
        if (error == 0) return u;
        if (error < 0) low = u; else high = u;
        next = u - error / slope_x(b, u);
        if (!(next > low && next < high)) next = (low + high) * 0.5;
        if (fabs(next - u) <= 1e-15 || high - low <= 1e-15) return next;
        u = next;
    }
    return u;
}

double gfk_bezier_solve_exact(const double *b, double x) {
    double scaled, low, high;
    int cell;
    if (!(x > 0 && x < 1)) return x <= 0 ? 0 : x >= 1 ? 1 : x; /* ends, outside, NaN: no cell to read */
    scaled = x * GFK_BEZIER_CELLS;
    cell = cell_of(scaled);
    low = b[GFK_BEZIER_INVERSE + cell];
    high = b[GFK_BEZIER_INVERSE + cell + 1];
    /* The table is exact to 1e-15; widen the bracket by more than that. */
    return solve_bracketed(b, x, low - 1e-12 > 0 ? low - 1e-12 : 0, high + 1e-12 < 1 ? high + 1e-12 : 1,
                           low + (high - low) * (scaled - cell));
}

/* The cell's cubic guess (NaN in a flagged cell), then one Newton step; fused where MADD says. */
#define BEZIER_ONE_STEP(MADD)                                                                          \
    double scaled = x * GFK_BEZIER_CELLS;                                                              \
    int cell = cell_of(scaled);                                                                        \
    const double *c = b + GFK_BEZIER_GUESS + 4 * cell;                                                 \
    double t = scaled - (double)cell;                                                                  \
    double u = MADD(MADD(MADD(c[3], t, c[2]), t, c[1]), t, c[0]);                                      \
    double error = MADD(MADD(MADD(b[GFK_BEZIER_AX], u, b[GFK_BEZIER_BX]), u, b[GFK_BEZIER_CX]), u, -x); \
    double slope = MADD(MADD(3 * b[GFK_BEZIER_AX], u, 2 * b[GFK_BEZIER_BX]), u, b[GFK_BEZIER_CX]);     \
    u = u - error / slope

#define PLAIN_MADD(a, b, c) ((a) * (b) + (c))
#define FUSED_MADD(a, b, c) __builtin_fma((a), (b), (c))

/* Everything outside (0, 1), NaN and the identity: the same on every path. */
GFK_INLINE int bezier_special(const double *b, double x, double *y) {
    if (b[GFK_BEZIER_IDENTITY] != 0) { *y = x; return 1; }
    if (x < 0) {
        double g = b[GFK_BEZIER_START_GRADIENT];
        *y = g == 0 ? 0 : g * x; /* a flat gradient stays flat even for infinite x */
        return 1;
    }
    if (x > 1) {
        double g = b[GFK_BEZIER_END_GRADIENT];
        *y = g == 0 ? 1 : 1 + g * (x - 1);
        return 1;
    }
    if (x == 0) { *y = 0; return 1; }
    if (x == 1) { *y = 1; return 1; }
    if (x != x) { *y = x; return 1; }
    return 0;
}

static double bezier_eval_baseline(const double *b, double x) {
    double y;
    if (bezier_special(b, x, &y)) return y;
    {
        BEZIER_ONE_STEP(PLAIN_MADD);
        if (c[0] != c[0]) u = gfk_bezier_solve_exact(b, x);
        return PLAIN_MADD(PLAIN_MADD(b[GFK_BEZIER_AY], u, b[GFK_BEZIER_BY]), u, b[GFK_BEZIER_CY]) * u;
    }
}

static void bezier_n_baseline(const double *b, const double *xs, double *ys, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) ys[i] = bezier_eval_baseline(b, xs[i]);
}

#if GFK_X86
__attribute__((target("avx2,fma"))) static double bezier_eval_fma(const double *b, double x) {
    double y;
    if (bezier_special(b, x, &y)) return y;
    {
        BEZIER_ONE_STEP(FUSED_MADD);
        if (c[0] != c[0]) u = gfk_bezier_solve_exact(b, x);
        return FUSED_MADD(FUSED_MADD(b[GFK_BEZIER_AY], u, b[GFK_BEZIER_BY]), u, b[GFK_BEZIER_CY]) * u;
    }
}

__attribute__((target("avx2,fma"))) static void bezier_n_avx2(const double *b, const double *xs, double *ys,
                                                               size_t n) {
    const __m256d ax = _mm256_set1_pd(b[GFK_BEZIER_AX]), bx = _mm256_set1_pd(b[GFK_BEZIER_BX]);
    const __m256d cx = _mm256_set1_pd(b[GFK_BEZIER_CX]), ay = _mm256_set1_pd(b[GFK_BEZIER_AY]);
    const __m256d by = _mm256_set1_pd(b[GFK_BEZIER_BY]), cy = _mm256_set1_pd(b[GFK_BEZIER_CY]);
    const __m256d ax3 = _mm256_set1_pd(3 * b[GFK_BEZIER_AX]), bx2 = _mm256_set1_pd(2 * b[GFK_BEZIER_BX]);
    const __m256d cells = _mm256_set1_pd(GFK_BEZIER_CELLS), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const double *guess = b + GFK_BEZIER_GUESS;
    size_t i = 0;
    if (b[GFK_BEZIER_IDENTITY] != 0) {
        if (xs != ys) memmove(ys, xs, n * sizeof *xs);
        return;
    }
    for (; i + 4 <= n; i += 4) {
        __m256d x = _mm256_loadu_pd(xs + i);
        __m256d inside = _mm256_and_pd(_mm256_cmp_pd(x, zero, _CMP_GT_OQ), _mm256_cmp_pd(x, one, _CMP_LT_OQ));
        /* Lanes outside (0, 1) read cell 0 and are redone below. */
        __m256d scaled = _mm256_and_pd(_mm256_mul_pd(x, cells), inside);
        __m128i cell = _mm256_cvttpd_epi32(scaled);
        /* The 4 cells' guesses, one 4-double row each, transposed into c0..c3 across lanes. */
        __m256d r0 = _mm256_loadu_pd(guess + 4 * _mm_extract_epi32(cell, 0));
        __m256d r1 = _mm256_loadu_pd(guess + 4 * _mm_extract_epi32(cell, 1));
        __m256d r2 = _mm256_loadu_pd(guess + 4 * _mm_extract_epi32(cell, 2));
        __m256d r3 = _mm256_loadu_pd(guess + 4 * _mm_extract_epi32(cell, 3));
        __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
        __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
        __m256d c0 = _mm256_permute2f128_pd(t0, t2, 0x20), c1 = _mm256_permute2f128_pd(t1, t3, 0x20);
        __m256d c2 = _mm256_permute2f128_pd(t0, t2, 0x31), c3 = _mm256_permute2f128_pd(t1, t3, 0x31);
        __m256d t = _mm256_sub_pd(scaled, _mm256_cvtepi32_pd(cell));
        __m256d u = _mm256_fmadd_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(c3, t, c2), t, c1), t, c0);
        __m256d error = _mm256_fmadd_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ax, u, bx), u, cx), u, _mm256_sub_pd(zero, x));
        __m256d slope = _mm256_fmadd_pd(_mm256_fmadd_pd(ax3, u, bx2), u, cx);
        __m256d flagged = _mm256_cmp_pd(c0, c0, _CMP_UNORD_Q);
        __m256d y;
        int redo;
        u = _mm256_sub_pd(u, _mm256_div_pd(error, slope));
        y = _mm256_mul_pd(_mm256_fmadd_pd(_mm256_fmadd_pd(ay, u, by), u, cy), u);
        redo = (~_mm256_movemask_pd(inside) | _mm256_movemask_pd(flagged)) & 0xF;
        if (redo) {
            double xl[4], yl[4];
            int lane;
            _mm256_storeu_pd(xl, x);
            _mm256_storeu_pd(yl, y);
            for (lane = 0; lane < 4; lane++)
                if (redo & (1 << lane)) yl[lane] = bezier_eval_fma(b, xl[lane]);
            y = _mm256_loadu_pd(yl);
        }
        _mm256_storeu_pd(ys + i, y);
    }
    for (; i < n; i++) ys[i] = bezier_eval_fma(b, xs[i]);
}
#endif

double gfk_bezier_eval_level(int level, const double *block, double x) {
#if GFK_X86
    if (level >= 1 && gfk_simd_level() >= 1) return bezier_eval_fma(block, x);
#endif
    (void)level;
    return bezier_eval_baseline(block, x);
}

void gfk_bezier_eval_n_level(int level, const double *block, const double *xs, double *ys, size_t n) {
#if GFK_X86
    if (level >= 1 && gfk_simd_level() >= 1) { bezier_n_avx2(block, xs, ys, n); return; }
#endif
    (void)level;
    bezier_n_baseline(block, xs, ys, n);
}

double gfk_bezier_eval(const double *block, double x) {
    return gfk_bezier_eval_level(gfk_simd_level(), block, x);
}

void gfk_bezier_eval_n(const double *block, const double *xs, double *ys, size_t n) {
    gfk_bezier_eval_n_level(gfk_simd_level(), block, xs, ys, n);
}

void gfk_bezier_build(double x1, double y1, double x2, double y2, double *b) {
    double cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
    double cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
    double start, end;
    int i, k;
    /* Chromium's gradient rule: tangent at the end point if defined, else the line to the far
       control point, else linear, else flat. */
    if (x1 > 0) start = y1 / x1;
    else if (y1 == 0 && x2 > 0) start = y2 / x2;
    else if (y1 == 0 && y2 == 0) start = 1;
    else start = 0;
    if (x2 < 1) end = (y2 - 1) / (x2 - 1);
    else if (y2 == 1 && x1 < 1) end = (y1 - 1) / (x1 - 1);
    else if (y2 == 1 && y1 == 1) end = 1;
    else end = 0;
    b[GFK_BEZIER_AX] = ax; b[GFK_BEZIER_BX] = bx; b[GFK_BEZIER_CX] = cx;
    b[GFK_BEZIER_AY] = ay; b[GFK_BEZIER_BY] = by; b[GFK_BEZIER_CY] = cy;
    b[GFK_BEZIER_START_GRADIENT] = start;
    b[GFK_BEZIER_END_GRADIENT] = end;
    b[GFK_BEZIER_IDENTITY] = x1 == y1 && x2 == y2 ? 1 : 0;
    /* The table: u at x = i / GFK_BEZIER_CELLS, each solved in [the previous u, 1] from the previous u
       (a few Newton steps each; bisection steps where X is flat). */
    b[GFK_BEZIER_INVERSE] = 0;
    b[GFK_BEZIER_INVERSE + GFK_BEZIER_CELLS] = 1;
    for (i = 1; i < GFK_BEZIER_CELLS; i++) {
        double previous = b[GFK_BEZIER_INVERSE + i - 1];
        b[GFK_BEZIER_INVERSE + i] = solve_bracketed(b, (double)i / GFK_BEZIER_CELLS, previous, 1, previous);
    }
    /* Per cell the cubic Hermite guess in t, from u and du/dt = 1 / (GFK_BEZIER_CELLS X'(u)) at the
       ends. A cell needs the full solve (c0 = NaN) when X is nearly flat at one of 9 points of it
       (u'' = -X''/X'^3 grows without bound there), or when, at 7 points inside it, Y after the one
       Newton step moves by more than 1e-11 under a second step (Newton converges quadratically from
       there, so the second step measures the first one's error): 100 times below the promised 1e-9,
       a margin for the points between those sampled. */
    for (i = 0; i < GFK_BEZIER_CELLS; i++) {
        double *c = b + GFK_BEZIER_GUESS + 4 * i;
        double u0 = b[GFK_BEZIER_INVERSE + i], u1 = b[GFK_BEZIER_INVERSE + i + 1];
        double s0 = slope_x(b, u0), s1 = slope_x(b, u1);
        int flag = !(s0 >= GFK_FLAT_SLOPE) || !(s1 >= GFK_FLAT_SLOPE);
        if (!flag) {
            double m0 = 1 / (GFK_BEZIER_CELLS * s0), m1 = 1 / (GFK_BEZIER_CELLS * s1);
            c[0] = u0;
            c[1] = m0;
            c[2] = 3 * (u1 - u0) - 2 * m0 - m1;
            c[3] = 2 * (u0 - u1) + m0 + m1;
        }
        for (k = 1; k <= 7 && !flag; k++) {
            double x = ((double)i + k / 8.0) / GFK_BEZIER_CELLS;
            if (!(slope_x(b, u0 + (u1 - u0) * (k / 8.0)) >= GFK_FLAT_SLOPE)) { flag = 1; break; }
            {
                BEZIER_ONE_STEP(PLAIN_MADD);
                double again = u - (sample_x(b, u) - x) / slope_x(b, u);
                if (!(u >= u0 - 1e-12 && u <= u1 + 1e-12) ||
                    !(fabs(sample_y(b, again) - sample_y(b, u)) <= 1e-11)) flag = 1;
            }
        }
        if (flag) { c[0] = NAN; c[1] = c[2] = c[3] = 0; }
    }
}

/* ------------------------------------------------------------------------------------------------
 * Penner easings: PennerEasing.callAsFunction's formulas, operation for operation
 * ---------------------------------------------------------------------------------------------- */

enum {
    IN_QUAD = 3, OUT_QUAD, IN_OUT_QUAD, IN_CUBIC, OUT_CUBIC, IN_OUT_CUBIC, IN_QUART, OUT_QUART, IN_OUT_QUART,
    IN_QUINT, OUT_QUINT, IN_OUT_QUINT, IN_CIRC = 18, OUT_CIRC, IN_OUT_CIRC, IN_BACK, OUT_BACK, IN_OUT_BACK,
    IN_BOUNCE = 27, OUT_BOUNCE, IN_OUT_BOUNCE
};

/* PennerEasing.pow: 1 · x · x ... (1 · x == x exactly). */
GFK_INLINE double power(double x, int n) {
    double r = x;
    int k;
    for (k = 1; k < n; k++) r *= x;
    return r;
}
GFK_INLINE double ease_in(double p, int n) { return power(p, n); }
GFK_INLINE double ease_out(double p, int n) { return 1 - power(1 - p, n); }
GFK_INLINE double ease_in_out(double p, int n) {
    double scale = (double)(1 << (n - 1)); /* pow(2, n - 1), exact */
    return p < 0.5 ? scale * power(p, n) : 1 - power(2 - 2 * p, n) / 2;
}
GFK_INLINE double circ(int kind, double p) {
    double y;
    if (kind == IN_CIRC) y = 1 - sqrt(1 - p * p);
    else if (kind == OUT_CIRC) y = sqrt(1 - (p - 1) * (p - 1));
    else {
        double u = 2 * p;
        y = u < 1 ? (1 - sqrt(1 - u * u)) / 2 : (sqrt(1 - (u - 2) * (u - 2)) + 1) / 2;
    }
    return p > 0 && p < 1 ? y : (p <= 0 ? 0 : 1);
}
GFK_INLINE double in_back(double p, double s) { return p * p * ((s + 1) * p - s); }
GFK_INLINE double out_bounce(double p) {
    const double n = 7.5625, d = 2.75;
    double q1 = p - 1.5 / d, q2 = p - 2.25 / d, q3 = p - 2.625 / d;
    return p < 1 / d ? n * p * p
         : p < 2 / d ? n * q1 * q1 + 0.75
         : p < 2.5 / d ? n * q2 * q2 + 0.9375
         : n * q3 * q3 + 0.984375;
}

/* One loop per kind: the kind is chosen once per batch. NaN gives the input (Curve.evaluate). */
#define PENNER_LOOP(EXPR)                                      \
    for (i = 0; i < n; i++) {                                  \
        double p = xs[i], y = (EXPR);                          \
        y = p == 0 ? 0 : y;                                    \
        y = p == 1 ? 1 : y;                                    \
        ys[i] = p != p ? p : y;                                \
    }                                                          \
    return 1

GFK_INLINE int penner_n(int kind, const double *xs, double *ys, size_t n) {
    const double s = 1.70158, s2 = 1.70158 * 1.525;
    size_t i;
    switch (kind) {
    case IN_QUAD: PENNER_LOOP(ease_in(p, 2));
    case OUT_QUAD: PENNER_LOOP(ease_out(p, 2));
    case IN_OUT_QUAD: PENNER_LOOP(ease_in_out(p, 2));
    case IN_CUBIC: PENNER_LOOP(ease_in(p, 3));
    case OUT_CUBIC: PENNER_LOOP(ease_out(p, 3));
    case IN_OUT_CUBIC: PENNER_LOOP(ease_in_out(p, 3));
    case IN_QUART: PENNER_LOOP(ease_in(p, 4));
    case OUT_QUART: PENNER_LOOP(ease_out(p, 4));
    case IN_OUT_QUART: PENNER_LOOP(ease_in_out(p, 4));
    case IN_QUINT: PENNER_LOOP(ease_in(p, 5));
    case OUT_QUINT: PENNER_LOOP(ease_out(p, 5));
    case IN_OUT_QUINT: PENNER_LOOP(ease_in_out(p, 5));
    case IN_CIRC: PENNER_LOOP(circ(IN_CIRC, p));
    case OUT_CIRC: PENNER_LOOP(circ(OUT_CIRC, p));
    case IN_OUT_CIRC: PENNER_LOOP(circ(IN_OUT_CIRC, p));
    case IN_BACK: PENNER_LOOP(in_back(p, s));
    case OUT_BACK: PENNER_LOOP((p - 1) * (p - 1) * ((s + 1) * (p - 1) + s) + 1);
    case IN_OUT_BACK:
        PENNER_LOOP(2 * p < 1 ? in_back(2 * p, s2) / 2
                              : ((2 * p - 2) * (2 * p - 2) * ((s2 + 1) * (2 * p - 2) + s2) + 2) / 2);
    case IN_BOUNCE: PENNER_LOOP(1 - out_bounce(1 - p));
    case OUT_BOUNCE: PENNER_LOOP(out_bounce(p));
    case IN_OUT_BOUNCE: PENNER_LOOP(p < 0.5 ? (1 - out_bounce(1 - 2 * p)) / 2 : (1 + out_bounce(2 * p - 1)) / 2);
    default: return 0;
    }
}

static int penner_n_baseline(int kind, const double *xs, double *ys, size_t n) { return penner_n(kind, xs, ys, n); }

#if GFK_X86
__attribute__((target("avx2,fma"))) static int penner_n_avx2(int kind, const double *xs, double *ys, size_t n) {
    return penner_n(kind, xs, ys, n);
}
#endif

int gfk_penner_eval_n_level(int level, int kind, const double *xs, double *ys, size_t n) {
#if GFK_X86
    if (level >= 1 && gfk_simd_level() >= 1) return penner_n_avx2(kind, xs, ys, n);
#endif
    (void)level;
    return penner_n_baseline(kind, xs, ys, n);
}

int gfk_penner_eval_n(int kind, const double *xs, double *ys, size_t n) {
    return gfk_penner_eval_n_level(gfk_simd_level(), kind, xs, ys, n);
}

/* ------------------------------------------------------------------------------------------------
 * Timings
 * ---------------------------------------------------------------------------------------------- */

/* Swift's max and min (the Comparable versions TimingKernel calls): on a tie max takes y, min x. */
GFK_INLINE double swift_max(double x, double y) { return y >= x ? y : x; }
GFK_INLINE double swift_min(double x, double y) { return y < x ? y : x; }
/* TimingKernel.floor: libm's floor, but +0 for -0 (Swift truncates through Int64 at or above 0). */
GFK_INLINE double kernel_floor(double x) { return floor(x) + 0.0; }

/* TimingKernel.evaluate(at:) for the timings of a gfk_timing_set: every input loaded, every case
   computed and selected, so the loop vectorises. */
GFK_INLINE void timings(const gfk_timing_set *s, size_t begin, size_t end, double t, double *restrict directed,
                        double *restrict iteration, double *restrict active_time, double *restrict flags) {
    const double *restrict delays = s->delay, *restrict durations = s->duration, *restrict counts = s->iterations;
    const double *restrict active_durations = s->active_duration, *restrict before_active = s->before_active;
    const double *restrict active_after = s->active_after, *restrict fill_backwards = s->fill_backwards;
    const double *restrict fill_forwards = s->fill_forwards, *restrict alternates = s->alternates;
    const double *restrict parity_shift = s->parity_shift, *restrict fixed_forwards = s->fixed_forwards;
    size_t j;
    for (j = begin; j < end; j++) {
        double delay = delays[j], duration = durations[j], iterations = counts[j];
        double active_duration = active_durations[j], backwards_fill = fill_backwards[j];
        double forwards_fill = fill_forwards[j], alternating = alternates[j], shift = parity_shift[j];
        double fixed = fixed_forwards[j];
        int before = t < before_active[j];
        int after = !before & (t >= active_after[j]);
        double raw0 = t - delay;
        double raw = before ? swift_max(raw0, 0) : after ? swift_max(swift_min(raw0, active_duration), 0) : raw0;
        int resolved = before ? backwards_fill != 0 : after ? forwards_fill != 0 : 1;
        int at_end = !before & (raw == active_duration);
        double overall = raw / duration + 0.0; /* + iterationStart, which is 0 here */
        double whole = kernel_floor(overall);
        double simple = fabs(overall) == INFINITY ? 0.0 : overall - whole;
        double current, half;
        int forwards;
        simple = ((simple == 0) & at_end & (iterations != 0)) ? 1 : simple;
        current = (after & (iterations == INFINITY)) ? INFINITY : simple == 1 ? whole - 1 : whole;
        half = (current + shift) * 0.5;
        forwards = alternating != 0 ? !(fabs(current) < INFINITY) | (half == kernel_floor(half)) : fixed != 0;
        directed[j] = resolved ? (forwards ? simple : 1 - simple) : 0;
        iteration[j] = current;
        active_time[j] = raw;
        flags[j] = (double)(resolved + 2 * after);
    }
}

static void timings_baseline(const gfk_timing_set *s, size_t begin, size_t end, double t, double *directed,
                             double *iteration, double *active_time, double *flags) {
    timings(s, begin, end, t, directed, iteration, active_time, flags);
}

#if GFK_X86
__attribute__((target("avx2,fma"))) static void timings_avx2(const gfk_timing_set *s, size_t begin, size_t end,
                                                              double t, double *directed, double *iteration,
                                                              double *active_time, double *flags) {
    timings(s, begin, end, t, directed, iteration, active_time, flags);
}
#endif

void gfk_timings_eval_level(int level, const gfk_timing_set *set, size_t begin, size_t end, double t,
                            double *directed, double *iteration, double *active_time, double *flags) {
#if GFK_X86
    if (level >= 1 && gfk_simd_level() >= 1) {
        timings_avx2(set, begin, end, t, directed, iteration, active_time, flags);
        return;
    }
#endif
    (void)level;
    timings_baseline(set, begin, end, t, directed, iteration, active_time, flags);
}

void gfk_timings_eval(const gfk_timing_set *set, size_t begin, size_t end, double t, double *directed,
                      double *iteration, double *active_time, double *flags) {
    gfk_timings_eval_level(gfk_simd_level(), set, begin, end, t, directed, iteration, active_time, flags);
}

/* ------------------------------------------------------------------------------------------------
 * Validation
 * ---------------------------------------------------------------------------------------------- */

GFK_INLINE int non_finite_bits(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull; /* all exponent bits: inf or NaN */
}

GFK_INLINE size_t first_non_finite(const double *xs, size_t n) {
    /* Blocks of 16 with a branch-free integer test (vectorised), then the exact index inside the
       first block that fails. */
    size_t i = 0, k;
    for (; i + 16 <= n; i += 16) {
        int bad = 0;
        for (k = 0; k < 16; k++) bad |= non_finite_bits(xs[i + k]);
        if (bad) break;
    }
    for (; i < n; i++)
        if (non_finite_bits(xs[i])) return i;
    return n;
}

#if GFK_X86
__attribute__((target("avx2,fma"))) static size_t first_non_finite_avx2(const double *xs, size_t n) {
    return first_non_finite(xs, n);
}
#endif

size_t gfk_first_non_finite(const double *xs, size_t n) {
#if GFK_X86
    if (gfk_simd_level() >= 1) return first_non_finite_avx2(xs, n);
#endif
    return first_non_finite(xs, n);
}
