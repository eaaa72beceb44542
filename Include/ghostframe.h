/*
 * ghostframe.h -- the C interface of Ghostframe, a skeleton-screen and animation engine.
 *
 * Ghostframe never draws and never owns a clock: the host passes in the time and draws
 * what it is told. This header is the ABI contract; libghostframe.so exports exactly the
 * functions declared here.
 *
 * Conventions (they hold for every declaration below unless its comment says otherwise):
 *
 *   Status      Every call that can fail returns gf_status: GF_OK (0) or a negative
 *               GF_E_* code. New codes may be added; treat any unknown negative value
 *               as an error. gf_status_string() names a code; gf_last_error_message()
 *               gives the detail of the last failure on the calling thread.
 *   Failure     A failing call changes nothing: out-parameters, handles and buffers
 *               are left as they were, except that GF_E_BUFFER_TOO_SMALL writes the
 *               count it needs where the function says so.
 *   Handles     Opaque pointers made by gf_X_create/gf_X_parse and released by
 *               gf_X_free. gf_X_free(NULL) does nothing.
 *   Numbers     double arguments must be finite unless a comment allows infinity.
 *               NaN is always rejected with GF_E_INVALID_ARGUMENT.
 *   Strings     UTF-8. Inputs are copied; the caller keeps ownership. Strings the
 *               library returns are either static (said so) or released with
 *               gf_string_free().
 *   Structs     Option structs begin with uint32_t struct_size; fill them with the
 *               matching gf_X_init() and change only the fields you need. A struct_size
 *               smaller than the library's struct is GF_E_INVALID_ARGUMENT; a larger one
 *               (from a newer header) is accepted and its extra fields are ignored.
 *   Limits      Text arguments are at most GF_MAX_TEXT_BYTES bytes (GF_E_LIMIT beyond).
 *   Threads     A handle is used by one thread at a time; distinct handles are
 *               independent; functions without a handle are thread-safe.
 *   Callbacks   Receive the caller's void *user_data first, run on the thread that
 *               called into the library, and never while a library lock is held.
 */
#ifndef GHOSTFRAME_H
#define GHOSTFRAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Versions                                                                                   */
/* ------------------------------------------------------------------------------------------ */

#define GF_VERSION_MAJOR 0
#define GF_VERSION_MINOR 1
#define GF_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define GF_VERSION_NUMBER (GF_VERSION_MAJOR * 10000 + GF_VERSION_MINOR * 100 + GF_VERSION_PATCH)
#define GF_VERSION_STRING "0.1.0"
/** Bumped on every incompatible change of this header; bindings refuse another value. */
#define GF_ABI_VERSION 1

/** The most bytes any text argument may have (64 MiB). */
#define GF_MAX_TEXT_BYTES (64u << 20)

/** The library's version as "MAJOR.MINOR.PATCH". Static storage. Thread-safe. */
const char *gf_version_string(void);
/** The library's GF_VERSION_NUMBER. Thread-safe. */
uint32_t gf_version_number(void);
/** The library's GF_ABI_VERSION; compare it with the macro after loading. Thread-safe. */
uint32_t gf_abi_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Status codes and errors                                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef int32_t gf_status;

#define GF_OK 0
/** A required pointer argument was NULL. */
#define GF_E_NULL_ARGUMENT (-1)
/** A number was NaN, infinite where not allowed, or out of its range; or an enum value is unknown. */
#define GF_E_INVALID_ARGUMENT (-2)
/** Text (a curve spec, JSON, an adjust line) could not be parsed; the message says where. */
#define GF_E_PARSE (-3)
/** A caller buffer was too small; the call wrote the count it needs. */
#define GF_E_BUFFER_TOO_SMALL (-4)
/** Text was not valid UTF-8. */
#define GF_E_INVALID_UTF8 (-5)
/** A named or indexed item does not exist. */
#define GF_E_NOT_FOUND (-6)
/** An input exceeded a documented size or depth limit. */
#define GF_E_LIMIT (-7)
/** A bug in Ghostframe; please report it with the message. */
#define GF_E_INTERNAL (-100)

/**
 * The name of a status code ("GF_OK", "GF_E_PARSE", ...; "unknown status" for others).
 * Static storage, never NULL. Thread-safe.
 */
const char *gf_status_string(gf_status status);

/**
 * The message of the last failing call on the calling thread ("" if none failed yet).
 * Thread-local; valid until the next failing call on the same thread. Never NULL.
 */
const char *gf_last_error_message(void);

/** Releases a string the library returned for the caller to own. gf_string_free(NULL) does nothing. */
void gf_string_free(char *string);

/* ------------------------------------------------------------------------------------------ */
/* Curves: progress -> eased progress                                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * An immutable easing curve. Made by gf_curve_parse, released by gf_curve_free.
 * Evaluation does not change it, so one curve may be read from many threads at once.
 */
typedef struct gf_curve gf_curve;

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
 * GF_E_PARSE (unknown name, bad syntax), GF_E_INVALID_ARGUMENT (cubic-bezier x outside
 * [0, 1], steps(0), a non-finite number, a spring that never settles).
 */
gf_status gf_curve_parse(const char *spec, gf_curve **out_curve);

/** gf_curve_parse for a spec of `length` bytes that need not be NUL-terminated. */
gf_status gf_curve_parse_n(const char *spec, size_t length, gf_curve **out_curve);

/** Releases a curve. gf_curve_free(NULL) does nothing. */
void gf_curve_free(gf_curve *curve);

/**
 * Evaluates the curve at input progress x (finite; inputs outside [0, 1] extrapolate as
 * CSS Easing specifies). before_flag (0 or 1) is the Web Animations before flag, which
 * only step curves read. Writes the output progress to *out_y.
 */
gf_status gf_curve_eval(const gf_curve *curve, double x, int32_t before_flag, double *out_y);

/**
 * Evaluates the curve at n inputs (before flag 0): ys[i] = curve(xs[i]). xs and ys may be
 * the same buffer. Every xs[i] must be finite; if one is not, nothing is written and the
 * message names its index. n == 0 succeeds and may pass NULL buffers; n too large to address
 * (n * sizeof(double) overflows) is GF_E_INVALID_ARGUMENT.
 */
gf_status gf_curve_eval_n(const gf_curve *curve, const double *xs, double *ys, size_t n);

/**
 * The curve's canonical spec (parsing it again gives the same curve). On success
 * *out_spec owns a new NUL-terminated string; release it with gf_string_free.
 */
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
 * computed in closed form without time stepping. GF_E_INVALID_ARGUMENT if the spring
 * never settles (damping 0).
 */
gf_status gf_spring_settling_duration(const gf_spring *spring, double epsilon, double *out_seconds);

/* ------------------------------------------------------------------------------------------ */
/* Timing: the Web Animations effect timing model, with Core Animation's parameters mapped on */
/* ------------------------------------------------------------------------------------------ */

#define GF_DIRECTION_NORMAL 0
#define GF_DIRECTION_REVERSE 1
#define GF_DIRECTION_ALTERNATE 2
#define GF_DIRECTION_ALTERNATE_REVERSE 3

/** Fill modes; Core Animation's kCAFillModeRemoved is GF_FILL_NONE. */
#define GF_FILL_NONE 0
#define GF_FILL_FORWARDS 1
#define GF_FILL_BACKWARDS 2
#define GF_FILL_BOTH 3

#define GF_PHASE_BEFORE 0
#define GF_PHASE_ACTIVE 1
#define GF_PHASE_AFTER 2

/**
 * An immutable timing: when an animation runs and how its progress moves. Made by
 * gf_timing_create or gf_timing_create_core_animation, released by gf_timing_free.
 * Reading it does not change it, so one timing may be read from many threads at once.
 */
typedef struct gf_timing gf_timing;

/**
 * Web Animations effect timing (all times in seconds, though nothing depends on the unit).
 * delay, end_delay: finite, may be negative. duration >= 0, may be INFINITY. iterations >= 0,
 * may be INFINITY or fractional. iteration_start >= 0. playback_rate: finite and non-zero; only
 * its sign is read, to break ties at phase boundaries as Web Animations does.
 * time_offset >= 0: Core Animation's timeOffset in local time; the active interval keeps
 * its length and wraps around (0 for pure Web Animations timing).
 */
typedef struct gf_timing_params {
    uint32_t struct_size;    /* sizeof(gf_timing_params), set by gf_timing_params_init */
    int32_t direction;       /* GF_DIRECTION_*; default NORMAL */
    int32_t fill;            /* GF_FILL_*; default NONE */
    int32_t reserved;        /* must be 0 */
    double delay;            /* default 0 */
    double end_delay;        /* default 0 */
    double duration;         /* default 0 */
    double iterations;       /* default 1 */
    double iteration_start;  /* default 0 */
    double playback_rate;    /* default 1 */
    double time_offset;      /* default 0 */
    const gf_curve *easing;  /* NULL = linear; borrowed for the call, the timing keeps its own reference */
} gf_timing_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_timing_params_init(gf_timing_params *params);

/** Makes a timing from Web Animations parameters. On success *out_timing owns a new timing. */
gf_status gf_timing_create(const gf_timing_params *params, gf_timing **out_timing);

/**
 * Core Animation timing (CAMediaTiming). duration > 0 (0 means Core Animation's default of
 * 0.25 s); begin_time finite, in the parent's time; speed > 0; time_offset >= 0, in the
 * animation's active time (it shifts the start point and wraps around, it does not shorten
 * the active interval); repeat_count >= 0, fractional or INFINITY (0 = once);
 * repeat_duration >= 0 or INFINITY (0 = unused; when both are set the shorter interval
 * wins); autoreverses 0 or 1 (a cycle is forward plus back, so 1.5 repeats end on the
 * to-value); fill_mode GF_FILL_*.
 */
typedef struct gf_core_animation_timing {
    uint32_t struct_size;    /* sizeof(gf_core_animation_timing), set by gf_core_animation_timing_init */
    int32_t autoreverses;    /* default 0 */
    int32_t fill_mode;       /* default GF_FILL_NONE (kCAFillModeRemoved) */
    int32_t reserved;        /* must be 0 */
    double duration;         /* default 0 (= 0.25 s) */
    double begin_time;       /* default 0 */
    double speed;            /* default 1 */
    double time_offset;      /* default 0 */
    double repeat_count;     /* default 0 */
    double repeat_duration;  /* default 0 */
    const gf_curve *easing;  /* NULL = linear (Core Animation's nil timingFunction) */
} gf_core_animation_timing;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_core_animation_timing_init(gf_core_animation_timing *params);

/** Makes a timing from Core Animation parameters, mapped onto the Web Animations model. */
gf_status gf_timing_create_core_animation(const gf_core_animation_timing *params, gf_timing **out_timing);

/** Releases a timing. gf_timing_free(NULL) does nothing. */
void gf_timing_free(gf_timing *timing);

/**
 * The Web Animations parameters of a timing (for one made from Core Animation parameters,
 * the mapped ones). out_params->struct_size must be set (gf_timing_params_init does it).
 * The easing written is borrowed: it lives as long as the timing.
 */
gf_status gf_timing_get_params(const gf_timing *timing, gf_timing_params *out_params);

/** The active duration (duration x iterations; INFINITY possible). */
gf_status gf_timing_active_duration(const gf_timing *timing, double *out_seconds);

/** The end time: max(delay + active duration + end delay, 0) (INFINITY possible). */
gf_status gf_timing_end_time(const gf_timing *timing, double *out_seconds);

/** gf_timing_state.flags bit: active_time, current_iteration and progress are resolved. */
#define GF_TIMING_STATE_RESOLVED 1u

/**
 * The computed timing at one local time. When the Web Animations model says unresolved
 * (outside the active phase without a matching fill) the flag GF_TIMING_STATE_RESOLVED is
 * clear and the three numbers are NaN. current_iteration may be INFINITY.
 */
typedef struct gf_timing_state {
    int32_t phase;             /* GF_PHASE_* */
    uint32_t flags;            /* GF_TIMING_STATE_RESOLVED */
    double active_time;        /* seconds into the active interval */
    double current_iteration;  /* 0-based; INFINITY possible */
    double progress;           /* transformed progress: after direction and easing */
} gf_timing_state;

/** Computes the timing at local_time (finite) into *out_state. */
gf_status gf_timing_at(const gf_timing *timing, double local_time, gf_timing_state *out_state);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_H */
