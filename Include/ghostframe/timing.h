/*
 * ghostframe/timing.h -- timings: the Web Animations effect timing model, with Core Animation's
 * parameters mapped on.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_TIMING_H
#define GHOSTFRAME_TIMING_H

#include "base.h"
#include "curve.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * time_scale: finite, > 0: the animation's own seconds per second of this timing (Core
 * Animation's speed, which gf_timing_create_core_animation folds into the other fields and
 * keeps here); a group's children and a spring run on it (docs/scene-format.md).
 * Versioned by struct_size: a caller built before time_scale existed passes the smaller size
 * (offsetof(gf_timing_params, time_scale)); its timings get time_scale 1 and
 * gf_timing_get_params writes nothing past that size.
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
    double time_scale;       /* default 1 */
} gf_timing_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_timing_params_init(gf_timing_params *params);

/** Makes a timing from Web Animations parameters. On success *out_timing owns a new timing. */
/* Misuse: params->easing (type, freed). */
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
/* Misuse: params->easing (type, freed). */
gf_status gf_timing_create_core_animation(const gf_core_animation_timing *params, gf_timing **out_timing);

/** Releases a timing. gf_timing_free(NULL) does nothing. */
/* Misuse: timing (type, freed: double free). */
gf_status gf_timing_free(gf_timing *timing);

/**
 * The Web Animations parameters of a timing (for one made from Core Animation parameters,
 * the mapped ones). out_params->struct_size must be set (gf_timing_params_init does it).
 * The easing written is borrowed: it lives as long as the timing.
 */
/* Misuse: timing (type, freed). */
gf_status gf_timing_get_params(const gf_timing *timing, gf_timing_params *out_params);

/** The active duration (duration x iterations; INFINITY possible). */
/* Misuse: timing (type, freed). */
gf_status gf_timing_active_duration(const gf_timing *timing, double *out_seconds);

/** The end time: max(delay + active duration + end delay, 0) (INFINITY possible). */
/* Misuse: timing (type, freed). */
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
/* Misuse: timing (type, freed). */
gf_status gf_timing_at(const gf_timing *timing, double local_time, gf_timing_state *out_state);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_TIMING_H */
