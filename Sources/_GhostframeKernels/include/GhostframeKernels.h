/*
 * GhostframeKernels.h -- the engine's C kernels: batch curve evaluation where Swift cannot reach the
 * vector units. Internal to the package (the module _GhostframeKernels; GhostframeCore imports it
 * `internal`); nothing here is part of the C ABI, and libghostframe.so's version script keeps these
 * symbols local.
 *
 * Runtime CPU dispatch: on x86-64 with AVX2 and FMA (cpuid, and the OS saving the YMM registers) the
 * kernels run 4 doubles per instruction and fuse multiply-adds; otherwise a baseline scalar build of
 * the same formulas runs. Within one process every path (single value, batch, scene sampling) takes
 * the same branch, so gf_curve_eval and gf_curve_eval_n agree to the bit; the two branches agree with
 * each other to 1e-12 (fused against separate rounding; GhostframeCoreTests compare them).
 *
 * Threading: every function is pure and reentrant; the dispatch decision is cached in an atomic.
 */
#ifndef GHOSTFRAME_KERNELS_H
#define GHOSTFRAME_KERNELS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The cubic-bezier parameter block (CubicBezier.Parameter in Swift reads these). */
#define GFK_BEZIER_CELLS 256              /* u is tabulated at x = i / GFK_BEZIER_CELLS */
#define GFK_BEZIER_AX 0
#define GFK_BEZIER_BX 1
#define GFK_BEZIER_CX 2
#define GFK_BEZIER_AY 3
#define GFK_BEZIER_BY 4
#define GFK_BEZIER_CY 5
#define GFK_BEZIER_START_GRADIENT 6       /* slope of the line below x = 0 */
#define GFK_BEZIER_END_GRADIENT 7         /* slope of the line above x = 1 */
#define GFK_BEZIER_IDENTITY 8             /* 1 when the curve is the identity */
#define GFK_BEZIER_INVERSE 9              /* GFK_BEZIER_CELLS + 1 values of u, the cells' brackets */
/* 4 doubles per cell: u ~ c0 + t (c1 + t (c2 + t c3)) with t = x * GFK_BEZIER_CELLS - cell, the cubic
   Hermite interpolant of u(x) between the cell's ends (u and du/dx = 1 / X'(u) there). c0 is NaN in a
   cell flagged at build time, where one Newton step from that guess is not enough. */
#define GFK_BEZIER_GUESS 266
#define GFK_BEZIER_COUNT 1290             /* the block's length in doubles */

/* The instruction set the kernels use: 0 baseline (scalar), 1 AVX2 with FMA. */
int gfk_simd_level(void);

/* The curve described by `block` (GFK_BEZIER_COUNT doubles) at x: linear extrapolation outside
   [0, 1] with the block's gradients, exact 0 and 1 at the ends, NaN for NaN. Inside (0, 1): u from
   the cell's cubic guess, one unconditional Newton step, Y(u); in a cell flagged in the block, a
   safeguarded Newton solve to full precision instead. */
double gfk_bezier_eval(const double *block, double x);
/* ys[i] = gfk_bezier_eval(block, xs[i]) for i < n; xs and ys may be the same memory. */
void gfk_bezier_eval_n(const double *block, const double *xs, double *ys, size_t n);
/* The same with a chosen instruction set (tests compare them): level 0 baseline, 1 AVX2/FMA (which
   runs the baseline where the CPU lacks it). */
void gfk_bezier_eval_n_level(int level, const double *block, const double *xs, double *ys, size_t n);
double gfk_bezier_eval_level(int level, const double *block, double x);

/* Fills `block` (GFK_BEZIER_COUNT doubles) for cubic-bezier(x1, y1, x2, y2), x1 and x2 in [0, 1]:
   coefficients, Chromium's end gradients, the inverse table, and per cell the cubic guess or the
   fallback flag. */
void gfk_bezier_build(double x1, double y1, double x2, double y2, double *block);

/* u with X(u) = x by the safeguarded solve flagged cells run (0 at or below x = 0, 1 at or above 1,
   NaN for NaN). */
double gfk_bezier_solve_exact(const double *block, double x);

/* Penner easings the kernel evaluates, numbered as PennerEasing's cases (declaration order). */
#define GFK_PENNER_FIRST_POLYNOMIAL 3     /* easeInQuad */
#define GFK_PENNER_LAST_POLYNOMIAL 14     /* easeInOutQuint */
/* ys[i] = the easing `kind` at xs[i], bit for bit PennerEasing's Swift formula (NaN gives the input).
   Returns 1 when the kernel knows `kind` (polynomial, circular, back and bounce easings), 0 when
   it does not (sine, expo and elastic: the Swift loop runs them) and wrote nothing. */
int gfk_penner_eval_n(int kind, const double *xs, double *ys, size_t n);
int gfk_penner_eval_n_level(int level, int kind, const double *xs, double *ys, size_t n);

/* Top-level timings in struct-of-arrays form, for gfk_timings_eval: Web Animations timings that
   play forwards, with no time offset, iteration start 0 and a positive finite duration. The
   fill and direction flags are 0 or 1. */
typedef struct {
    const double *delay, *duration, *iterations, *active_duration, *before_active, *active_after;
    const double *fill_backwards, *fill_forwards;
    const double *alternates;     /* 1: alternate or alternate-reverse */
    const double *parity_shift;   /* 1: alternate-reverse (iteration + 1 decides the direction) */
    const double *fixed_forwards; /* for the other directions: 1 normal, 0 reverse */
} gfk_timing_set;

/* Evaluates timings [begin, end) of `set` at the finite time t, bit for bit as TimingKernel's
   Swift code: directed progress (0 where unresolved), current iteration, active time, and flags
   (1 resolved + 2 after the active interval), each at the timing's index. */
void gfk_timings_eval(const gfk_timing_set *set, size_t begin, size_t end, double t, double *directed,
                      double *iteration, double *active_time, double *flags);
void gfk_timings_eval_level(int level, const gfk_timing_set *set, size_t begin, size_t end, double t,
                            double *directed, double *iteration, double *active_time, double *flags);

/* The index of the first xs[i] that is NaN or infinite, or n when all are finite. */
size_t gfk_first_non_finite(const double *xs, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* GHOSTFRAME_KERNELS_H */
