/*
 * ghostframe/curve.h -- curves (progress -> eased progress) and springs (a damped harmonic
 * oscillator in physical seconds).
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_CURVE_H
#define GHOSTFRAME_CURVE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Curves: progress -> eased progress                                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * An immutable easing curve. Made by gf_curve_parse, released by gf_curve_free.
 * Evaluation does not change it, so one curve may be read from many threads at once.
 */
typedef struct gf_curve gf_curve;

/** The longest curve spec gf_curve_parse reads, in bytes (512 KiB): more than the longest spec
 *  gf_curve_spec writes (520,006 bytes, a linear() of GF_MAX_LINEAR_POINTS points whose numbers
 *  all take 24 characters), so every canonical spec parses back. */
#define GF_MAX_CURVE_SPEC_BYTES 524288
/** The most points a linear() curve has once resolved (a stop with two percentages is two
 *  points; gf_curve_spec writes one stop per point). */
#define GF_MAX_LINEAR_POINTS 10000

/**
 * Parses a curve spec (NUL-terminated UTF-8) into a new curve.
 *
 * Specs: linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2),
 * steps(n[, jump-start|jump-end|jump-none|jump-both|start|end]), step-start, step-end,
 * linear(...) (CSS Easing 2), the Core Animation names default, easeIn, easeOut,
 * easeInEaseOut, the 30 Penner names of easings.net (easeInQuad ... easeInOutBounce), and
 * spring(mass, stiffness, damping, velocity[, allows-overdamping]) (trailing arguments may be
 * left out; they default to 1, 100, 10, 0). A spring curve maps x in [0, 1] to the spring's
 * position at x * T, where T is its settling duration for epsilon 1e-3; it is 0 for x <= 0
 * and exactly 1 for x >= 1.
 *
 * On success *out_curve owns a new curve. Errors: GF_E_NULL_ARGUMENT, GF_E_INVALID_UTF8,
 * GF_E_PARSE (unknown name, bad syntax: numbers are decimal, [+-]digits[.digits][e[+-]digits],
 * never hexadecimal), GF_E_INVALID_ARGUMENT (cubic-bezier x outside
 * [0, 1], steps(0), a non-finite number, a spring that never settles), GF_E_LIMIT (a spec
 * over GF_MAX_CURVE_SPEC_BYTES, a linear() of more than GF_MAX_LINEAR_POINTS points, more
 * than 2147483647 steps).
 */
gf_status gf_curve_parse(const char *spec, gf_curve **out_curve);

/** gf_curve_parse for a spec of `length` bytes that need not be NUL-terminated. */
gf_status gf_curve_parse_n(const char *spec, size_t length, gf_curve **out_curve);

/** Releases a curve. gf_curve_free(NULL) does nothing. */
/* Misuse: curve (type, freed: double free); the easing gf_timing_get_params wrote is refused too. */
gf_status gf_curve_free(gf_curve *curve);

/**
 * Evaluates the curve at input progress x (finite; inputs outside [0, 1] extrapolate as
 * CSS Easing specifies). before_flag (0 or 1) is the Web Animations before flag, which
 * only step curves read. Writes the output progress to *out_y.
 */
/* Misuse: curve (type, freed). */
gf_status gf_curve_eval(const gf_curve *curve, double x, int32_t before_flag, double *out_y);

/**
 * Evaluates the curve at n inputs (before flag 0): ys[i] = curve(xs[i]). xs and ys may be
 * the same buffer. Every xs[i] must be finite; if one is not, nothing is written and the
 * message names its index. n == 0 succeeds and may pass NULL buffers; n too large to address
 * (n * sizeof(double) overflows) is GF_E_INVALID_ARGUMENT.
 */
/* Misuse: curve (type, freed). */
gf_status gf_curve_eval_n(const gf_curve *curve, const double *xs, double *ys, size_t n);

/**
 * The curve's canonical spec (parsing it again gives the same curve, and its spec again the
 * same text). It is at most 520,006 bytes, within GF_MAX_CURVE_SPEC_BYTES. On success
 * *out_spec owns a new NUL-terminated string; release it with gf_string_free.
 */
/* Misuse: curve (type, freed). */
gf_status gf_curve_spec(const gf_curve *curve, char **out_spec);

/* ------------------------------------------------------------------------------------------ */
/* Springs: a damped harmonic oscillator in physical seconds                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * A spring moving from 0 to 1 (Core Animation's CASpringAnimation semantics). A plain
 * value: fill it with gf_spring_init, set the fields, pass it by pointer.
 *
 * mass > 0, stiffness > 0, damping >= 0, initial_velocity in from->to distances per
 * second (positive toward the target). By default an overdamped spring (damping ratio
 * above 1) moves as a critically damped one, as Core Animation's does; set
 * allows_overdamping to 1 to lift that.
 */
typedef struct gf_spring {
    uint32_t struct_size;       /* sizeof(gf_spring), set by gf_spring_init */
    int32_t allows_overdamping; /* 0 or 1 */
    double mass;                /* default 1 */
    double stiffness;           /* default 100 */
    double damping;             /* default 10 */
    double initial_velocity;    /* default 0 */
} gf_spring;

/** Fills *spring with the defaults (1, 100, 10, 0, no overdamping). NULL does nothing. */
void gf_spring_init(gf_spring *spring);

/** The spring's position at t seconds (t finite; t <= 0 gives 0). */
gf_status gf_spring_value(const gf_spring *spring, double t, double *out_value);

/** The spring's velocity (distances per second) at t seconds (t finite; t < 0 gives 0). */
gf_status gf_spring_velocity(const gf_spring *spring, double t, double *out_velocity);

/**
 * The earliest time after which |value(t) - 1| < epsilon forever (epsilon in (0, 1)),
 * computed in closed form without time stepping, for every positive damping: a hardly damped
 * spring (damping near 1e-12 and below) settles after about ln(1/epsilon) * 2 * mass / damping
 * seconds, exact to within one half-period (pi / its angular frequency). The largest duration
 * reported is DBL_MAX seconds: a spring that settles later (damping below about 7.7e-308 for
 * the defaults and epsilon 1e-3) gives GF_E_LIMIT. GF_E_INVALID_ARGUMENT if the spring never
 * settles (damping 0). Chain spring links take their default duration from here.
 */
gf_status gf_spring_settling_duration(const gf_spring *spring, double epsilon, double *out_seconds);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_CURVE_H */
