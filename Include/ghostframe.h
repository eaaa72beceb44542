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
 *               Every other limit is a GF_MAX_* macro beside the declarations it bounds.
 *               Limits bound the work an input implies, not only its size: what an input
 *               expands into (the line layers of a skeleton's labels, the cells its lists
 *               lay out, the tracks a scene's animations compile to) is counted before it
 *               is built, so an input past a limit fails quickly with GF_E_LIMIT, and no
 *               allocation sized by input can fail (an abort) instead of answering.
 *               Whatever the library writes (gf_curve_spec, gf_scene_to_json), its
 *               readers accept.
 *   Names       Names the library stores and hands back (layer ids and parents, animation
 *               keys, custom property names, view-tree ids, cell template and group names)
 *               never contain NUL: C would see them truncated. Through JSON ("\u0000")
 *               or a binding that can carry one, such a name is GF_E_INVALID_ARGUMENT.
 *   Threads     A handle is used by one thread at a time; distinct handles are
 *               independent; functions without a handle are thread-safe.
 *   Callbacks   Receive the caller's void *user_data first, run on the thread that
 *               called into the library, and never while a library lock is held.
 *   Misuse      As SQLite's SQLITE_MISUSE: every handle argument is checked before it
 *               is used, and misuse is answered with GF_E_MISUSE and a message instead
 *               of a crash or heap corruption. Each function that takes a handle has a
 *               "Misuse:" line naming what it detects, per handle argument:
 *                 type   a pointer that is no handle of this library (compared with the
 *                        library's handle blocks, never read through), or a live handle
 *                        of another type;
 *                 freed  a handle already freed: a use after gf_X_free, or a second
 *                        gf_X_free (double free);
 *                 busy   a scene, animation or view tree another call is using at the
 *                        same time (another thread, or a callback re-entering it); in
 *                        every build (about 4 ns a call). Curves and timings may be read
 *                        by many threads at once and have no such check.
 *               gf_X_free returns GF_OK (also for NULL) or GF_E_MISUSE, when it freed
 *               nothing; ignoring its result is allowed.
 *               Handles are small blocks the library never returns to the system
 *               allocator. A freed handle stays detectably freed until more than 1,024
 *               other handles have been freed after it; then its block may serve a new
 *               handle, and a use of the old pointer is "type" if the new handle is of
 *               another type, but acts on the new handle if it is of the same type. That,
 *               and freeing a curve or timing while another thread is using it, are
 *               undefined behaviour and not detected.
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
/**
 * The library was used against its rules: a handle argument that is not a live handle of
 * the declared type (freed, of another type, not made by this library), a double free, or
 * two calls on one scene, animation or view tree at once. See "Misuse" at the top of this file.
 */
#define GF_E_MISUSE (-8)
/**
 * A host callback failed (issue 16): a host curve returned a non-finite value, a skeleton effect
 * returned a non-zero status or wrote a non-finite value, or a binding's callback raised. The
 * message names the curve or effect and the input. See "Plugins" below.
 */
#define GF_E_CALLBACK (-9)
/**
 * A file could not be opened or read (issue 30): no permission, a directory or other file that
 * is not a regular file, a read error. The message names the file and the system's reason. A
 * file that does not exist is GF_E_NOT_FOUND. Only the gf_X_from_file calls return it.
 */
#define GF_E_IO (-10)
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

/* ------------------------------------------------------------------------------------------ */
/* Scenes: a layer tree, the animations attached to it, and the frame sampler                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * A layer tree plus its animations. Made by gf_scene_create or gf_scene_load_json, released
 * by gf_scene_free. Layers are kept parents before children; a layer's index is its position
 * in that order and changes when layers are removed or reparented, its id never does.
 * Sampling caches a compiled form inside the scene, so every call on a scene, sampling
 * included, needs the scene to itself: one thread at a time.
 */
typedef struct gf_scene gf_scene;

/** The most layers a scene holds. */
#define GF_MAX_LAYERS 1000000
/** The deepest a layer tree nests: a root layer is level 1, its children level 2. */
#define GF_MAX_LAYER_DEPTH 256
/**
 * The most tracks a scene's animations compile to: one per animated property of each attached
 * animation (a basic, keyframe or spring animation 1, a transition 2, a group the sum of its
 * children), on every layer it is attached to. Four per layer of the largest scene. The group
 * timings the tracks carry (one per group enclosing a track's animation: a group's child 1, a
 * grandchild 2) are limited to the same number.
 */
#define GF_MAX_ANIMATION_TRACKS 4000000
/**
 * The most numbers a scene's attached animations hold for compiling: from, to, by and velocity
 * values, keyframe values, key times, tension, continuity and bias, one per segment curve;
 * counted per attachment (each is compiled on its own, even when one description is attached
 * many times). 2^25.
 */
#define GF_MAX_ANIMATION_VALUES 33554432
/**
 * The most custom property slots a scene needs: layers x distinct custom property names (set
 * on a layer or animated as "custom.NAME"), since sampling keeps every custom property of
 * every layer. 2^24: 16 names on a million layers, 1,024 names on 16,384 layers.
 */
#define GF_MAX_CUSTOM_SLOTS 16777216
/** The most animations in one group tree (a group's children, its groups' children, ...). */
#define GF_MAX_GROUP_CHILDREN 100000
/** The deepest groups nest: a group directly in a group is depth 2. */
#define GF_MAX_GROUP_DEPTH 32

/** Creates an empty scene. */
gf_status gf_scene_create(gf_scene **out_scene);

/** Releases a scene. gf_scene_free(NULL) does nothing. */
/* Misuse: scene (type, freed: double free, busy: not freed while a call is using it). */
gf_status gf_scene_free(gf_scene *scene);

/**
 * A layer's model properties (Core Animation's). The frame is in the parent's coordinates;
 * transforms turn about the anchor point (unit space, default the centre); colours are
 * non-premultiplied sRGB in [0, 1] (gradient colours too; GF_E_INVALID_ARGUMENT outside, so
 * every scene writes JSON its reader accepts). Every double must be finite; width and
 * height >= 0.
 */
typedef struct gf_layer_desc {
    uint32_t struct_size;              /* sizeof(gf_layer_desc), set by gf_layer_desc_init */
    int32_t hidden;                    /* 0 or 1; hides the subtree */
    const char *id;                    /* required, non-empty, unique in the scene, UTF-8; copied */
    const char *parent;                /* the parent's id, or NULL for a root layer; copied */
    double x, y, width, height;        /* the frame; default 0 */
    double anchor_x, anchor_y;         /* default 0.5, 0.5 */
    double corner_radius;              /* default 0 */
    double r, g, b, a;                 /* background colour; default 0, 0, 0, 0 (clear) */
    double opacity;                    /* default 1 */
    double scale_x, scale_y;           /* default 1, 1 */
    double rotation;                   /* radians, default 0 */
    double translation_x, translation_y; /* default 0 */
    double z_position;                 /* default 0 */
    uint32_t gradient_stop_count;      /* 0 (no gradient) to 4 */
    uint32_t gradient_location_count;  /* 0 (evenly spaced) or gradient_stop_count */
    double gradient_start_x, gradient_start_y; /* unit space; default 0.5, 0 */
    double gradient_end_x, gradient_end_y;     /* unit space; default 0.5, 1 */
    double gradient_locations[4];
    double gradient_colors[16];        /* RGBA per stop */
} gf_layer_desc;

/** Fills *desc with the defaults listed beside its fields (id NULL). NULL does nothing. */
void gf_layer_desc_init(gf_layer_desc *desc);

/**
 * Parses colour text (NUL-terminated UTF-8) as the library reads it everywhere (the scene and
 * view-tree formats, adjust lines): "#RGB", "#RRGGBB" or "#RRGGBBAA" (hex digits in either case;
 * each pair n is n / 255, a #RGB digit d is 17 * d / 255, alpha 1 unless given), or a CSS named
 * colour in any case (CSS Color 4's 148 names and "transparent"). Writes red, green, blue and
 * alpha in [0, 1] (non-premultiplied sRGB) to out_rgba[0..3]: the values a gf_layer_desc or a
 * gf_animation_set_values call takes. Errors: GF_E_NULL_ARGUMENT, GF_E_INVALID_UTF8,
 * GF_E_INVALID_ARGUMENT for anything else (surrounding spaces too), naming the text and the
 * closest CSS name when it is a small edit away ("... found 'whtie' (did you mean 'white'?)");
 * out_rgba is then untouched. Thread-safe; allocates nothing a caller sees.
 */
gf_status gf_color_parse(const char *text, double *out_rgba);

/**
 * Adds a layer under its parent, which must already be in the scene. Writes its index to
 * *out_index (may be NULL). Errors: GF_E_INVALID_ARGUMENT (duplicate id, bad number, a colour
 * channel outside [0, 1], naming the field: what gf_scene_load_json would refuse),
 * GF_E_NOT_FOUND (no such parent), GF_E_LIMIT (more than GF_MAX_LAYERS layers, deeper than
 * GF_MAX_LAYER_DEPTH levels, or past GF_MAX_CUSTOM_SLOTS with the scene's custom properties).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_add_layer(gf_scene *scene, const gf_layer_desc *desc, uint32_t *out_index);

/**
 * Replaces the properties of the layer with desc->id, and its parent if the new parent is
 * not inside its own subtree (GF_E_INVALID_ARGUMENT: a cycle; GF_E_LIMIT: deeper than
 * GF_MAX_LAYER_DEPTH). Custom values (gf_scene_set_custom) and contents (gf_scene_set_contents)
 * are kept: the engine's Scene.updateProperties. O(1) when the parent stays; a new parent
 * re-sorts the layers (O(layers x depth)).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_update_layer(gf_scene *scene, const gf_layer_desc *desc);

/**
 * Removes a layer, its subtree, and every animation attached to them (or transitioning from
 * them). O((n - i) + a) for n layers, i the layer's index and a attached animations: the
 * subtree is found in one pass from the layer (layers are kept parents first), and every
 * later layer's index is renumbered, which index maintenance cannot avoid; the removal's
 * cost does not grow with the depth of the tree.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_remove_layer(gf_scene *scene, const char *id);

/** The index of the layer with `id` (GF_E_NOT_FOUND if none). */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_layer_index(gf_scene *scene, const char *id, uint32_t *out_index);

/** The number of layers (what gf_scene_sample writes). */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_layer_count(gf_scene *scene, size_t *out_count);

/**
 * Sets a custom scalar property of a layer (animatable as "custom.NAME"). name: non-empty.
 * GF_E_LIMIT when a new name would take the scene past GF_MAX_CUSTOM_SLOTS.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_set_custom(gf_scene *scene, const char *layer_id, const char *name, double value);

/**
 * Sets the image a layer shows, its "contents" (a skeleton bone's placeholder), or clears it
 * when name is NULL. The name is the host's to resolve: draw that image aspect-fit in the
 * layer's bounds, over its fill and gradient. The library never loads it. name: non-empty
 * UTF-8 without NUL, at most 4096 bytes; copied. Sampled states carry GF_LAYER_HAS_CONTENTS.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_set_contents(gf_scene *scene, const char *layer_id, const char *name);

/**
 * The image name of the layer at `index` (a gf_layer_state's index), or NULL when it shows
 * none. On success *out_name owns a new string, released with gf_string_free, or is NULL.
 * GF_E_NOT_FOUND for an index past the layer count.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_layer_contents(gf_scene *scene, uint32_t index, char **out_name);

/** gf_layer_info.kind of a layer that stands for no view (a skeleton's root and containers, the
 *  host's own layers); a bone's layer has the GF_VIEW_* kind of its view instead. */
#define GF_LAYER_NO_VIEW (-1)

/**
 * Who a layer is, both ways round: its id, and for a skeleton bone's layer the view it stands for
 * (docs/view-tree-format.md: a node's id is reported on its bones). Filled by gf_scene_layer_info.
 */
typedef struct gf_layer_info {
    uint32_t struct_size;   /* set by the caller: sizeof(gf_layer_info) (gf_layer_info_init) */
    int32_t kind;           /* GF_VIEW_* of the view a bone's layer stands for (a host node kind:
                               its base kind); GF_LAYER_NO_VIEW for any other layer */
    int32_t line;           /* the line of a multi-line bone's layer ("bone:<i>:line:<k>" is k); -1 otherwise */
    int32_t reserved;       /* written 0 */
    const char *id;         /* the layer's id ("bone:3"): never NULL */
    const char *view_id;    /* the id of the view a bone's layer stands for; "" when that view has
                               no id or the layer stands for no view: never NULL */
} gf_layer_info;

/** Fills *info with struct_size = sizeof(gf_layer_info) and empty fields. NULL does nothing. */
void gf_layer_info_init(gf_layer_info *info);

/**
 * Describes the layer at `index` (a gf_layer_state's index; gf_scene_layer_index goes from an id
 * to the index) into *out_info, up to the caller's out_info->struct_size, which must cover the
 * whole struct (GF_E_INVALID_ARGUMENT otherwise). GF_E_NOT_FOUND for an index past the layer count.
 * A layer keeps its view through gf_scene_update_layer and gf_scene_to_json / gf_scene_load_json
 * (the layer's "source" in docs/scene-format.md).
 *
 * Lifetime: the strings belong to the scene (never free them): they stay valid and unchanged
 * until the scene next changes (a layer or an animation added, updated or removed,
 * gf_scene_advance, gf_skeleton_end, gf_timeline_apply, ...) or is freed; later
 * gf_scene_layer_info calls do not move them, so a loop over every layer may keep them all.
 * Copy a string to keep it longer. O(1) per call, plus a copy of each string the first time it is
 * handed out after a change.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_layer_info(gf_scene *scene, uint32_t index, gf_layer_info *out_info);

/**
 * An animation description under construction, copied into the scene by
 * gf_scene_add_animation (so it can be freed or reused right after). Released by
 * gf_animation_free. Key paths: frame, frame.origin, frame.origin.x, frame.origin.y,
 * frame.size, frame.size.width, frame.size.height (the frame's parts; the others stay, so a
 * size keeps the origin), bounds (origin and size; the origin is not modelled and must be 0),
 * position, position.x, position.y, bounds.size,
 * bounds.size.width, bounds.size.height, anchorPoint, opacity, cornerRadius,
 * backgroundColor, zPosition, transform.scale, transform.scale.x, transform.scale.y,
 * transform.rotation, transform.translation, transform.translation.x,
 * transform.translation.y, gradient.startPoint, gradient.endPoint, gradient.locations (4),
 * gradient.colors (16), custom.NAME. A value has as many doubles as its key path has
 * components (frame 4, colours 4, points and sizes 2, the rest 1).
 */
typedef struct gf_animation gf_animation;

/** The number of doubles a value of key_path has (frame 4, colours 4, points and sizes 2, ...). */
gf_status gf_key_path_components(const char *key_path, uint32_t *out_components);

/** Which values gf_animation_set_values sets. */
#define GF_VALUE_FROM 0
#define GF_VALUE_TO 1
#define GF_VALUE_BY 2
#define GF_VALUE_VELOCITY 3 /* springs: units per second */

/** gf_animation_set_flags bits. */
#define GF_ANIMATION_ADDITIVE 1u
#define GF_ANIMATION_CUMULATIVE 2u
/** Keep the animation after its end (Core Animation's removedOnCompletion = NO). */
#define GF_ANIMATION_KEEP_AFTER_END 4u

#define GF_CALCULATION_LINEAR 0
#define GF_CALCULATION_DISCRETE 1
#define GF_CALCULATION_PACED 2
#define GF_CALCULATION_CUBIC 3
#define GF_CALCULATION_CUBIC_PACED 4

#define GF_TRANSITION_FADE 0
#define GF_TRANSITION_MOVE_IN 1
#define GF_TRANSITION_PUSH 2
#define GF_TRANSITION_REVEAL 3

#define GF_TRANSITION_FROM_LEFT 0
#define GF_TRANSITION_FROM_RIGHT 1
#define GF_TRANSITION_FROM_TOP 2
#define GF_TRANSITION_FROM_BOTTOM 3

/**
 * A basic animation of key_path (from / to / by, Core Animation's rules for every
 * combination; set them with gf_animation_set_values). The timing is copied.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_basic(const char *key_path, const gf_timing *timing, gf_animation **out_animation);

/** A keyframe animation of key_path; set its values with gf_animation_set_keyframes. */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_keyframes(const char *key_path, const gf_timing *timing, gf_animation **out_animation);

/**
 * A spring animation of key_path in physical seconds; set GF_VALUE_TO (required),
 * GF_VALUE_FROM and GF_VALUE_VELOCITY. timing NULL runs it for the spring's settling
 * duration (epsilon 1e-3) and holds the end value.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_spring(const char *key_path, const gf_spring *spring, const gf_timing *timing,
                                     gf_animation **out_animation);

/** A group: children (gf_animation_add_child) run in its time, clipped to its duration. */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_group(const gf_timing *timing, gf_animation **out_animation);

/**
 * A transition from the layer from_layer_id to the layer the animation is attached to.
 * kind GF_TRANSITION_*, direction GF_TRANSITION_FROM_*, 0 <= start <= end <= 1.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_transition(int32_t kind, int32_t direction, const char *from_layer_id,
                                         double start_progress, double end_progress, const gf_timing *timing,
                                         gf_animation **out_animation);

/** Releases an animation description. gf_animation_free(NULL) does nothing. */
/* Misuse: animation (type, freed: double free, busy). */
gf_status gf_animation_free(gf_animation *animation);

/** Sets one of GF_VALUE_* to `count` doubles (the key path's component count). */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_values(gf_animation *animation, int32_t which, const double *values, size_t count);

/** Sets GF_ANIMATION_* flags (replacing the previous ones). */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_flags(gf_animation *animation, uint32_t flags);

/**
 * Sets a keyframe animation's values: value_count = keyframes x components, row by row.
 * key_times: NULL (evenly spaced) or key_time_count non-decreasing times from 0 to 1 (one
 * per keyframe; one more for GF_CALCULATION_DISCRETE). value_count and key_time_count are at
 * most 16,777,216 (2^24); GF_E_LIMIT beyond, before anything is read.
 */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_keyframes(gf_animation *animation, const double *values, size_t value_count,
                                     const double *key_times, size_t key_time_count);

/** Sets a keyframe animation's GF_CALCULATION_* mode. */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_calculation_mode(gf_animation *animation, int32_t mode);

/**
 * Sets one curve per keyframe segment (the curves are copied; NULL entries are linear). count
 * is at most 1,048,576 (2^20); GF_E_LIMIT beyond.
 */
/* Misuse: animation (type, freed, busy); each curves[i] (type, freed). */
gf_status gf_animation_set_segment_curves(gf_animation *animation, const gf_curve *const *curves, size_t count);

/**
 * Sets Kochanek-Bartels tension, continuity and bias, one per keyframe (each may be NULL).
 * count is at most 16,777,216 (2^24); GF_E_LIMIT beyond.
 */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_tcb(gf_animation *animation, const double *tension, const double *continuity,
                               const double *bias, size_t count);

/**
 * Appends a copy of `child` to a group. GF_E_LIMIT past GF_MAX_GROUP_CHILDREN children, or
 * when `child` is itself a group nested GF_MAX_GROUP_DEPTH deep; the whole tree is checked
 * against both again when it is added to a scene.
 */
/* Misuse: group (type, freed, busy); child (type, freed, busy: a call changing it; it may be group itself). */
gf_status gf_animation_add_child(gf_animation *group, const gf_animation *child);

/**
 * Attaches a copy of `animation` to the layer layer_id. With a key, an animation already
 * on that layer under the same key is replaced. Writes the scene-unique id to *out_id (may
 * be NULL). The animation is checked here; on error the scene is unchanged. GF_E_LIMIT past
 * GF_MAX_GROUP_CHILDREN or GF_MAX_GROUP_DEPTH, or when the scene would compile to more than
 * GF_MAX_ANIMATION_TRACKS tracks (or group timings), hold more than GF_MAX_ANIMATION_VALUES
 * numbers or need more than GF_MAX_CUSTOM_SLOTS custom slots (what a replaced animation frees
 * counts).
 */
/* Misuse: scene (type, freed, busy); animation (type, freed, busy: a call changing it). */
gf_status gf_scene_add_animation(gf_scene *scene, const char *layer_id, const gf_animation *animation,
                                 const char *key, uint64_t *out_id);

/**
 * gf_scene_add_animation that continues from the current motion: at scene time
 * handoff_time, a basic or spring animation without a from value starts from the property's
 * presentation value, and a spring without a velocity from its presentation velocity. A host
 * curve that fails while that presentation is read is GF_E_CALLBACK, the scene unchanged.
 */
/* Misuse: scene (type, freed, busy); animation (type, freed, busy: a call changing it). */
gf_status gf_scene_add_animation_handoff(gf_scene *scene, const char *layer_id, const gf_animation *animation,
                                         const char *key, double handoff_time, uint64_t *out_id);

/** Detaches the animation with `id` (GF_E_NOT_FOUND if none). */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_remove_animation(gf_scene *scene, uint64_t id);

/** gf_layer_state.flags bits. */
#define GF_LAYER_HIDDEN 1u
#define GF_LAYER_HAS_GRADIENT 2u
#define GF_LAYER_HAS_CONTENTS 4u /* the layer shows an image: gf_scene_layer_contents */

/** The presentation state of one layer at one time. */
typedef struct gf_layer_state {
    uint32_t index;                  /* the layer's index */
    int32_t parent;                  /* the parent's index, -1 for a root */
    uint32_t flags;                  /* GF_LAYER_* */
    uint32_t gradient_stop_count;    /* 0 without a gradient */
    double x, y, width, height;      /* the frame in root coordinates (ancestors' transforms not applied) */
    double corner_radius;
    double r, g, b, a;               /* the background colour */
    double opacity;                  /* multiplied through ancestors, clamped to [0, 1] */
    double transform[6];             /* a, b, c, d, tx, ty: layer space (0..width, 0..height) -> root,
                                        x' = a x + c y + tx, y' = b x + d y + ty */
    double z_position;
    double gradient_start_x, gradient_start_y, gradient_end_x, gradient_end_y;
    double gradient_locations[4];
    double gradient_colors[16];      /* RGBA per stop */
} gf_layer_state;

/**
 * Writes the state of every layer at scene time t (finite) into out_states, a caller buffer
 * of `capacity` states, parents before children. *out_count (required) receives the layer
 * count; if capacity is smaller, returns GF_E_BUFFER_TOO_SMALL and writes no state. A
 * capacity whose size in bytes overflows (capacity x sizeof(gf_layer_state) > PTRDIFF_MAX,
 * SIZE_MAX included) describes no buffer: GF_E_INVALID_ARGUMENT, *out_count untouched, as
 * for gf_curve_eval_n's n. Exactly *out_count states are written, whatever the capacity.
 * out_states may be NULL only when the scene has no layers. The
 * same t always gives the same bytes, in any order of calls. A release build allocates
 * nothing here except the first time after the scene changed (when it compiles).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_sample(gf_scene *scene, double t, gf_layer_state *out_states, size_t capacity,
                          size_t *out_count);

/** The most threads gf_scene_sample_threads uses for one frame (the caller's included). */
#define GF_MAX_SAMPLE_THREADS 16

/**
 * Writes the states of layers [begin, end) at scene time t (finite) into out_states[begin..end),
 * where out_states is a whole frame's buffer of `capacity` states: so a host splits one frame
 * across its own threads, each with its own range, and ranges covering [0, layer count) give
 * exactly the bytes of gf_scene_sample (a layer's state depends on its ancestors, which a call
 * composes privately when they lie before its range). *out_count (required) receives the layer
 * count; a range outside [0, layer count] or with begin > end is GF_E_INVALID_ARGUMENT; a
 * capacity below the layer count (the frame's buffer) is GF_E_BUFFER_TOO_SMALL, nothing
 * written; capacity otherwise as gf_scene_sample. out_states may be NULL only when begin == end. Only out_states[begin..end)
 * is written. Allocates nothing once compiled, except the first time a scene sees a given
 * number of concurrent range calls (each keeps a workspace: the range's slots, ~400 bytes a
 * layer, and its ancestors').
 * Threading: unlike other calls on a scene, any number of threads may call this and
 * gf_scene_sample_threads on one scene at once (each call composes its layers in a workspace
 * of its own); any other call on the scene still needs it alone (GF_E_MISUSE meanwhile).
 * Ranges of concurrent calls must not overlap, or they write the same states.
 * A host curve that fails while the range is sampled gives GF_E_CALLBACK, as gf_scene_sample.
 */
/* Misuse: scene (type, freed, busy with another kind of call). */
gf_status gf_scene_sample_range(gf_scene *scene, double t, size_t begin, size_t end, gf_layer_state *out_states,
                                size_t capacity, size_t *out_count);

/**
 * gf_scene_sample on `threads` threads (1..GF_MAX_SAMPLE_THREADS): the calling thread and
 * threads of a small pool inside the library (started on first use, kept until the process
 * ends, shared by every scene) take chunks of about a thousand layers in turn, whichever is
 * free taking the next, and sample each as gf_scene_sample_range does (so a thread the system
 * slows or deschedules takes fewer chunks instead of holding the frame up); the bytes are
 * gf_scene_sample's. Arguments, *out_count and errors as
 * gf_scene_sample; a thread count outside the range is GF_E_INVALID_ARGUMENT, a thread the
 * system cannot start GF_E_INTERNAL. Allocates nothing once the pool's threads exist.
 * Threading: as gf_scene_sample_range (many threads may call it on one scene at once); frames
 * asked of the pool at the same time take turns. A host curve that fails on any of the threads
 * gives GF_E_CALLBACK on the calling thread (the first failure's message), as gf_scene_sample.
 * A host curve this call runs (on the calling thread or a pool thread) may itself call
 * gf_scene_sample_threads, on this scene or another: that inner frame is sampled on the curve's
 * thread alone (same bytes), never waiting for the pool, which is busy with the outer frame.
 */
/* Misuse: scene (type, freed, busy with another kind of call). */
gf_status gf_scene_sample_threads(gf_scene *scene, double t, uint32_t threads, gf_layer_state *out_states,
                                  size_t capacity, size_t *out_count);

/**
 * Writes the value of the custom property `name` of every layer at time t (0 where a layer
 * does not have it) into out_values; *out_count, GF_E_BUFFER_TOO_SMALL and the capacity
 * (SIZE_MAX, or any capacity x sizeof(double) past PTRDIFF_MAX, is GF_E_INVALID_ARGUMENT) as
 * gf_scene_sample; GF_E_CALLBACK as gf_scene_sample (values written, unspecified).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_sample_custom(gf_scene *scene, const char *name, double t, double *out_values, size_t capacity,
                                 size_t *out_count);

#define GF_EVENT_STARTED 0
#define GF_EVENT_ENDED 1
/** A timeline's call point was crossed (gf_timeline_event only; never a scene's). */
#define GF_EVENT_CALL 2

/**
 * An animation starting or ending. The strings are valid only during the callback.
 * reversed is 1 when time moved backwards across the boundary (started then means it
 * entered the active interval from its end).
 */
typedef struct gf_event {
    int32_t kind;            /* GF_EVENT_* */
    int32_t reversed;        /* 0 or 1 */
    uint64_t animation_id;
    double time;             /* the boundary's scene time */
    const char *layer_id;
    const char *key;         /* NULL if the animation has no key */
} gf_event;

/** Receives events; called on the thread that called gf_scene_advance, in order. */
typedef void (*gf_event_fn)(void *user_data, const gf_event *event);

/**
 * Moves the scene's clock to t (finite; backwards too) and reports, in the order they
 * happen, the animations that started and ended since the previous time (the first call
 * reports everything up to t). Animations without GF_ANIMATION_KEEP_AFTER_END that ended
 * going forwards leave the scene. callback may be NULL. The callback must not call into
 * this scene.
 */
/* Misuse: scene (type, freed, busy: the callback calling into this scene is refused). */
gf_status gf_scene_advance(gf_scene *scene, double t, gf_event_fn callback, void *user_data);

/** The most values a JSON document may hold (every scalar, array and object; keys not counted). */
#define GF_MAX_JSON_VALUES 10000000
/** The deepest a scene document nests arrays and objects ([[1]] is 2). */
#define GF_MAX_SCENE_JSON_DEPTH 128

/**
 * Reads a scene from JSON (docs/scene-format.md) of `length` bytes. On error the message
 * names the JSON path of the problem ("layers[3].frame: expected 4 numbers, found 3").
 * GF_E_LIMIT past GF_MAX_TEXT_BYTES, GF_MAX_JSON_VALUES or GF_MAX_SCENE_JSON_DEPTH, or past
 * a scene limit (GF_MAX_LAYERS, GF_MAX_LAYER_DEPTH, GF_MAX_ANIMATION_TRACKS,
 * GF_MAX_ANIMATION_VALUES, GF_MAX_CUSTOM_SLOTS, GF_MAX_GROUP_CHILDREN, GF_MAX_GROUP_DEPTH,
 * GF_MAX_CURVE_SPEC_BYTES).
 */
gf_status gf_scene_load_json(const char *json, size_t length, gf_scene **out_scene);

/**
 * gf_scene_load_json on the contents of the file at `path` (as SDL_LoadFile or sqlite3_open
 * take one: NUL-terminated, relative to the working directory, passed to open(2) as given, so
 * it need not be UTF-8). The same limits and errors as gf_scene_load_json, each message
 * beginning with the path ("cards.json: layers[3].frame: expected 4 numbers, found 3"), plus:
 * GF_E_NULL_ARGUMENT (path or out_scene NULL); GF_E_INVALID_ARGUMENT (an empty path, or one of
 * PATH_MAX (4096) bytes or more); GF_E_NOT_FOUND (no such file: the path or one of its folders
 * does not exist); GF_E_IO (the file cannot be opened or read, or is not a regular file: a
 * directory, a FIFO, a device); GF_E_LIMIT for a file of more than GF_MAX_TEXT_BYTES bytes,
 * answered from its size before any of it is read; GF_E_INVALID_UTF8 (contents that are not
 * UTF-8). The file is read once, whole, and closed before the call returns; on error
 * *out_scene is untouched. Thread-safe (distinct calls share nothing but the file system).
 * On success *out_scene owns a new scene; release it with gf_scene_free.
 */
gf_status gf_scene_from_file(const char *path, gf_scene **out_scene);

/**
 * Writes the scene as JSON; loading it again gives a scene that samples the same. On
 * success *out_json owns a new NUL-terminated string; release it with gf_string_free.
 * Whatever it writes, gf_scene_load_json reads: a scene whose text would exceed what the
 * reader takes (GF_MAX_TEXT_BYTES bytes, GF_MAX_JSON_VALUES values) is GF_E_LIMIT and
 * nothing is written. The (indented) text takes about 360 bytes and 24 values per plain
 * layer, more with animations: a scene past about 180,000 layers does not fit one document.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_to_json(gf_scene *scene, char **out_json);

/* ------------------------------------------------------------------------------------------ */
/* Exports: a scene as Lottie, HTML + CSS or SVG, for other toolkits' players (docs/exports.md) */
/* ------------------------------------------------------------------------------------------ */

/** A Lottie 1.0 (Bodymovin) JSON document: one shape layer per layer. */
#define GF_EXPORT_LOTTIE 0
/** A self-contained HTML page animated by CSS @keyframes (no script). */
#define GF_EXPORT_HTML 1
/** One standalone <svg> with its CSS inside. */
#define GF_EXPORT_SVG 2
/** The largest document an export writes, in bytes without the NUL (64 MiB), and the default. */
#define GF_MAX_EXPORT_BYTES 67108864
/** The most layers a scene may have to be exported. */
#define GF_MAX_EXPORT_LAYERS 100000
/** The most frames an export covers (duration x fps). */
#define GF_MAX_EXPORT_FRAMES 100000
/** The most seconds an export covers. */
#define GF_MAX_EXPORT_DURATION 3600
/** The highest frame rate an export takes. */
#define GF_MAX_EXPORT_FPS 240

/**
 * What gf_scene_export writes. Versioned by struct_size (see Structs above); fill it with
 * gf_export_params_init. Caller-owned; read during the call only.
 */
typedef struct gf_export_params {
    uint32_t struct_size; /* sizeof(gf_export_params), set by gf_export_params_init */
    int32_t format;       /* GF_EXPORT_LOTTIE (the default), GF_EXPORT_HTML or GF_EXPORT_SVG */
    double duration;      /* seconds covered from scene time 0, in (0, GF_MAX_EXPORT_DURATION];
                             0 (the default): one seamless cycle of the repeating animations, or
                             until the last finite animation ends */
    double fps;           /* Lottie's frame rate and the rate of baking, (0, GF_MAX_EXPORT_FPS]; 60 */
    uint64_t max_bytes;   /* the most bytes the document may take, 1...GF_MAX_EXPORT_BYTES
                             (the default); GF_E_LIMIT beyond */
} gf_export_params;

/** Sets struct_size and the defaults. NULL does nothing. Thread-safe. */
void gf_export_params_init(gf_export_params *params);

/** What an export did (written by gf_scene_export when the caller passes one). */
typedef struct gf_export_report {
    uint32_t struct_size;      /* sizeof(gf_export_report), set by gf_export_report_init */
    int32_t loops;             /* 1: the document repeats forever (an effect cycle); 0: plays once */
    double duration;           /* the seconds covered */
    double fps;                /* the frame rate */
    double max_error;          /* the largest error baking introduced, between baked samples:
                                  points, degrees, percent of scale, 8-bit levels of colour and
                                  opacity; 0 when nothing was baked */
    uint32_t baked_properties; /* animated properties sampled at fps (linear between samples) */
    uint32_t exact_properties; /* animated properties written with the scene's own keyframes and curves */
} gf_export_report;

/** Sets struct_size and zeroes the rest. NULL does nothing. Thread-safe. */
void gf_export_report_init(gf_export_report *report);

/**
 * Writes the scene as a document other toolkits play (docs/exports.md): Lottie, HTML or SVG.
 * params NULL takes the defaults. Two-call pattern: the document (UTF-8) and a NUL go into
 * buffer; *out_length (required) receives its length without the NUL. When capacity is below
 * length + 1 (buffer may then be NULL), the call returns GF_E_BUFFER_TOO_SMALL, writes the
 * length to *out_length and nothing else; call again with a larger buffer (each call exports
 * anew: the result is the same for the same scene and params). out_report may be NULL; on
 * success it receives what the export did (its struct_size must be set: gf_export_report_init).
 * Animations the formats state exactly (basic and keyframe animations with cubic-bezier or
 * named curves, plain timings) are written as keyframes with their curves; the rest is baked at
 * fps, the largest error reported in out_report->max_error.
 * GF_E_INVALID_ARGUMENT: a bad parameter, a scene without layers or area. GF_E_LIMIT: more than
 * GF_MAX_EXPORT_LAYERS layers or GF_MAX_EXPORT_FRAMES frames, or a document past max_bytes
 * (found from the plan before the document is built where it can be). GF_E_CALLBACK: a host
 * curve failed while the scene was sampled. The scene is not changed.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_export(gf_scene *scene, const gf_export_params *params, char *buffer, size_t capacity,
                          size_t *out_length, gf_export_report *out_report);

/* ------------------------------------------------------------------------------------------ */
/* Timelines: Anim-style timelines (docs/timeline-format.md) compiled to begin times          */
/* ------------------------------------------------------------------------------------------ */

/**
 * A timeline: named definitions placed on layers in nested sequences and parallels, with
 * delays, staggers (GSAP's distribute(), grids included), labels, GSAP positions, GSAP's
 * repeat / yoyo / repeatDelay / timeScale on any sequence or parallel, and relative changes or
 * GSAP's absolute to / from / fromTo values, compiled once to begin and end times on the scene
 * clock: the schedule the handle keeps is what gf_timeline_apply applies and the player plays.
 * Made by gf_timeline_from_json or gf_timeline_builder_build, released by gf_timeline_free.
 *
 * A timeline resolves its names when it is made: the registry definitions it uses
 * (gf_timeline_define) are copied into it, so later gf_timeline_define / gf_timeline_undefine
 * calls do not change it; its schedule, its animations and its JSON always agree. One thread
 * at a time per timeline (distinct timelines are independent).
 */
typedef struct gf_timeline gf_timeline;

/** The deepest a timeline document nests arrays and objects ([[1]] is 2): a nested sequence or
 *  parallel takes two levels, so a document holds at most 62 of them below its root node. */
#define GF_MAX_TIMELINE_JSON_DEPTH 128
/** The most values a timeline document may hold (fewer than GF_MAX_JSON_VALUES: a timeline's
 *  items cost about as much again as their JSON, and the largest document must fit 1 GiB). */
#define GF_MAX_TIMELINE_JSON_VALUES 6000000
/** The most schedule entries (instances x their layers) a timeline may have (GF_E_LIMIT beyond). */
#define GF_MAX_TIMELINE_ENTRIES 1000000
/** The most animations gf_timeline_apply adds (one per schedule entry and key path of its
 *  definition; each is an animation kept, a track compiled and sampled, two events reported):
 *  counted before anything is built, GF_E_LIMIT beyond. A timeline of GF_MAX_TIMELINE_ENTRIES
 *  entries, this many of them animating, loads, applies, samples and advances within 1 GiB and
 *  5 s of CPU (budgets.c); a million animations would compile to about 1.3 GB. */
#define GF_MAX_TIMELINE_ANIMATIONS 250000
/** The most keyframes gf_timeline_apply builds for instances inside repeating sequences or
 *  parallels that are themselves inside repeating ones (their inner plays are laid out in
 *  keyframes): counted before anything is built, GF_E_LIMIT beyond. */
#define GF_MAX_TIMELINE_KEYFRAMES 1000000
/** The most events of repeating instances' plays one gf_timeline_seek / gf_timeline_advance
 *  with a callback reports (a move across millions of plays of a repeating timeline; instances
 *  that do not repeat add at most two each): GF_E_LIMIT beyond, the player unchanged. Without a
 *  callback a move reports nothing and has no such limit. */
#define GF_MAX_TIMELINE_EVENTS_PER_MOVE 1000000

/**
 * Reads and compiles a timeline from JSON (docs/timeline-format.md) of `length` bytes. The
 * document's "definitions" shadow the registry's; other names are looked up in the registry
 * now. On error *out_timeline is untouched and the message names the JSON path of the problem
 * ("timeline.sequence[2].duration: a duration must be >= 0 (got -1)"): GF_E_PARSE (malformed
 * JSON, curve spec or position), GF_E_INVALID_ARGUMENT (a wrong shape or value, an unknown key,
 * a negative duration, an empty layer list, a layer that would begin before 0, a time past
 * DBL_MAX: a delay, position, label, stagger or end that overflows, so the duration, schedule,
 * JSON and player clock of a timeline are always finite),
 * GF_E_NOT_FOUND (an unknown definition, key path or label), GF_E_INVALID_UTF8, GF_E_LIMIT
 * (past GF_MAX_TEXT_BYTES, GF_MAX_TIMELINE_JSON_VALUES, GF_MAX_TIMELINE_JSON_DEPTH or
 * GF_MAX_TIMELINE_ENTRIES). The largest legal documents (6,000,000 values; a million entries)
 * load within 1 GiB and 5 s of CPU (bindings/c/tests/budgets.c). GF_E_CALLBACK when a stagger's
 * ease is a host curve that fails.
 */
gf_status gf_timeline_from_json(const char *json, size_t length, gf_timeline **out_timeline);

/**
 * gf_timeline_from_json on the contents of the file at `path`: the same limits and errors,
 * each message beginning with the path, and the file errors of gf_scene_from_file
 * (GF_E_NOT_FOUND, GF_E_IO, GF_E_LIMIT from the file's size before it is read, ...). On
 * success *out_timeline owns a new timeline (gf_timeline_free); on error it is untouched.
 * Thread-safe (it reads the definition registry as gf_timeline_from_json does).
 */
gf_status gf_timeline_from_file(const char *path, gf_timeline **out_timeline);

/** Releases a timeline; NULL does nothing. Entries it handed out (their strings) die with it. */
/* Misuse: timeline (type, double free, busy). */
gf_status gf_timeline_free(gf_timeline *timeline);

/** The timeline's length in seconds (when its root ends, repeats included; at least 0; a
 *  timeline repeating for ever lasts GSAP's 1e10 s of its own time) into *out_duration. */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_duration(const gf_timeline *timeline, double *out_duration);

/**
 * One instance of a definition on one layer. `name` and `layer` are NUL-terminated UTF-8
 * owned by the timeline: valid until gf_timeline_free, never to be freed by the caller.
 */
typedef struct gf_timeline_entry {
    const char *name;    /* the definition's name */
    const char *layer;   /* the layer's id */
    double begin;        /* seconds from the timeline's start, >= 0 */
    double end;          /* begin + the instance's duration */
} gf_timeline_entry;

/**
 * Writes the schedule (one entry per instance and layer, sorted by begin, then layer, then
 * name, then order in the timeline) into out_entries; an instance inside a repeating sequence
 * or parallel has the entries of its first play. The two-call pattern: with
 * capacity == 0 (out_entries may be NULL) it returns GF_E_BUFFER_TOO_SMALL and *out_count is
 * the count needed (GF_OK when there are no entries); with enough capacity it writes the
 * entries and their count. Too small a buffer is left unwritten.
 */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_schedule(const gf_timeline *timeline, gf_timeline_entry *out_entries,
                               size_t capacity, size_t *out_count);

/**
 * Adds the timeline's animations to scene: one additive animation per entry and key path, from
 * its begin, shaped by its definition's curve and kept after its end, so a property's value is
 * model + the sum of change * curve(clamp((t - begin) / duration, 0, 1)). Absolute values (to,
 * from, fromTo) are resolved here against the value the property has at each begin (the model
 * plus the entries before it on that layer and key path). An entry inside repeating sequences
 * or parallels repeats with them (a yoyo's backwards plays on reversed curves). All or nothing:
 * on GF_E_NOT_FOUND (a layer the scene lacks), GF_E_INVALID_ARGUMENT (an absolute change past
 * DBL_MAX; a spring or host curve that a yoyo would play backwards) or GF_E_LIMIT (past
 * GF_MAX_TIMELINE_ANIMATIONS or GF_MAX_TIMELINE_KEYFRAMES, counted before anything is built,
 * the message naming the count; or a scene limit) the scene is unchanged.
 */
/* Misuse: timeline (type, freed, busy), scene (type, freed, busy). */
gf_status gf_timeline_apply(const gf_timeline *timeline, gf_scene *scene);

/**
 * Writes the timeline as JSON with every definition it uses (its own and those it copied from
 * the registry); gf_timeline_from_json reads it back to a timeline with the same schedule. On
 * success *out_json owns a new NUL-terminated string; release it with gf_string_free.
 * GF_E_LIMIT when the text would exceed GF_MAX_TEXT_BYTES or GF_MAX_TIMELINE_JSON_VALUES.
 */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_to_json(const gf_timeline *timeline, char **out_json);

/**
 * Defines (or replaces) `name` in the process-wide registry timelines look names up in: a
 * curve (curve_spec, NULL for linear) and the relative change per key path, as the JSON
 * object a document's definition has under "changes", e.g. {"position.y": -100,
 * "bounds.size": [10, 20]}. Thread-safe: the registry may be used from any thread; timelines
 * already made keep the definitions they copied. GF_E_PARSE (bad JSON or curve spec),
 * GF_E_INVALID_ARGUMENT (an empty name, a wrong number of values), GF_E_NOT_FOUND (an
 * unknown key path); nothing is defined then. A definition this replaces is released after the
 * registry's lock: a host curve's free_user_data it triggers may use the registry.
 */
gf_status gf_timeline_define(const char *name, const char *curve_spec, const char *changes_json);

/**
 * Removes `name` from the registry (thread-safe). GF_E_NOT_FOUND if it was not defined. The
 * definition is released after the registry's lock, as for gf_timeline_define.
 */
gf_status gf_timeline_undefine(const char *name);

/* Timelines written in code (GSAP's timeline API) ------------------------------------------- */

/*
 * A gf_timeline_builder appends GSAP's tweens (to, from, fromTo), Anim's named instances,
 * labels, nested timelines and call points to a root sequence, each at the end or at a GSAP
 * position, and builds the same gf_timeline the JSON form describes (gf_timeline_to_json gives
 * it back: one definition per tween, named "to-1", "from-2", "fromTo-3", ...). Each call checks
 * what it can at once (layers, values, duration, curve, position, stagger, a label named before);
 * on error it returns the status with a message naming the call and leaves the builder as it
 * was. What needs the whole timeline (a layer beginning before 0, times past DBL_MAX, an unknown
 * registry definition) is reported by gf_timeline_builder_build, naming the item
 * ("timeline[0].sequence[3]: ..."). One thread at a time per builder; a builder is independent of
 * the timelines it builds (build again after more calls for a longer timeline).
 */
typedef struct gf_timeline_builder gf_timeline_builder;

/**
 * What a tween takes besides its layers and values (GSAP's vars). Initialise with
 * gf_tween_options_init (GSAP's defaults), then change what you need.
 */
typedef struct gf_tween_options {
    uint32_t struct_size;     /* sizeof(gf_tween_options) */
    double duration;          /* seconds, finite and >= 0; 0.5 (GSAP's default) */
    const char *ease;         /* a curve spec (easeOutQuad, cubic-bezier(...), ...); NULL: easeOutQuad, GSAP's power1.out */
    const char *position;     /* GSAP position text ("<", ">-0.5", "+=1", "-=1", "label+=2", "1.5"); NULL: at the end */
    const char *stagger_json; /* a stagger as in the JSON format: "0.1" or {"each": 0.1, "from": "center", "grid": [3, 3]}; NULL: none */
} gf_tween_options;

/** Writes GSAP's defaults into *options (struct_size set; 0.5 s; NULL ease, position, stagger). */
void gf_tween_options_init(gf_tween_options *options);

/**
 * GSAP's timing of a timeline (gsap.timeline({repeat, yoyo, repeatDelay}) and timeScale).
 * Initialise with gf_timeline_timing_init (plays once at normal speed).
 */
typedef struct gf_timeline_timing {
    uint32_t struct_size;     /* sizeof(gf_timeline_timing) */
    int32_t repeat;           /* plays again this many times, -1 for ever (1e10 s of its own time); 0 */
    int32_t yoyo;             /* 0 or 1: every other play runs backwards; 0 */
    double repeat_delay;      /* seconds (>= 0) of its own time between plays; 0 */
    double time_scale;        /* its own seconds per second of its parent's (> 0); 1 */
} gf_timeline_timing;

/** Writes the defaults into *timing (struct_size set; plays once at normal speed). */
void gf_timeline_timing_init(gf_timeline_timing *timing);

/**
 * Makes an empty builder whose root sequence has *timing (NULL: plays once). On error
 * *out_builder is untouched: GF_E_INVALID_ARGUMENT for a bad struct_size, repeat below -1,
 * yoyo not 0 or 1, a negative, NaN or infinite repeat_delay, a time_scale <= 0, NaN or infinite.
 */
gf_status gf_timeline_builder_create(const gf_timeline_timing *timing, gf_timeline_builder **out_builder);

/** Releases a builder; NULL does nothing. Timelines it built live on. */
/* Misuse: builder (type, double free, busy). */
gf_status gf_timeline_builder_free(gf_timeline_builder *builder);

/**
 * GSAP's to(): the layers' properties go to the values of values_json, a JSON object of key
 * paths or Anim's view properties ({"opacity": 0, "x": 100, "position": [10, 20]}: absolute
 * values, resolved when applied against each property's value at the tween's begin), over
 * options->duration (options NULL: GSAP's defaults). layers: layer_count (>= 1, at most
 * GF_MAX_TIMELINE_ENTRIES) NUL-terminated UTF-8 ids, in stagger order, copied. Errors:
 * GF_E_NULL_ARGUMENT, GF_E_PARSE (values_json, ease, position or stagger text),
 * GF_E_NOT_FOUND (an unknown key path; a position naming a label not added yet),
 * GF_E_INVALID_ARGUMENT (an empty or NUL-holding id, a wrong count of values, a duration < 0 or
 * not finite, a bad struct_size or stagger), GF_E_INVALID_UTF8, GF_E_LIMIT; the builder unchanged.
 */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_to(gf_timeline_builder *builder, const char *const *layers, size_t layer_count,
                                 const char *values_json, const gf_tween_options *options);

/** GSAP's from(): the properties start at values_json's values (held before the tween's start,
 *  GSAP's immediate render) and go back to what they were. As gf_timeline_builder_to. */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_from(gf_timeline_builder *builder, const char *const *layers, size_t layer_count,
                                   const char *values_json, const gf_tween_options *options);

/** GSAP's fromTo(): from from_json's values to to_json's (the same keys; GF_E_INVALID_ARGUMENT
 *  otherwise). As gf_timeline_builder_to. */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_from_to(gf_timeline_builder *builder, const char *const *layers, size_t layer_count,
                                      const char *from_json, const char *to_json, const gf_tween_options *options);

/** Anim's instance: the registry definition `name` (gf_timeline_define; looked up when the
 *  timeline is built) on the layers for options->duration. options->ease must be NULL (the
 *  definition has its curve): GF_E_INVALID_ARGUMENT otherwise. Errors as gf_timeline_builder_to. */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_anim(gf_timeline_builder *builder, const char *name, const char *const *layers,
                                   size_t layer_count, const gf_tween_options *options);

/** GSAP's addLabel(name, position): names the end so far, or `position` (NULL: the end). A
 *  name that reads as a position ("1.5", "a+=1") is GF_E_INVALID_ARGUMENT. */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_add_label(gf_timeline_builder *builder, const char *name, const char *position);

/** GSAP's add(timeline, position): a copy of `timeline` nested at the end or at `position`,
 *  with its repeats, yoyo and time scale and the definitions it uses (renamed "NAME.2", ... where
 *  the builder has a different definition of that name). The timeline is only read. */
/* Misuse: builder (type, freed, busy), timeline (type, freed, busy). */
gf_status gf_timeline_builder_add(gf_timeline_builder *builder, const gf_timeline *timeline, const char *position);

/** GSAP's call(fn, params, position): a point named `name` at the end or at `position`, which
 *  the player reports as a GF_EVENT_CALL event each time time crosses it, either way. */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_call(gf_timeline_builder *builder, const char *name, const char *position);

/**
 * Builds and schedules the timeline the builder holds so far, as gf_timeline_from_json does
 * with its JSON (registry definitions copied in): *out_timeline owns a new timeline. On error
 * (the statuses of gf_timeline_from_json, the message naming the item) *out_timeline is untouched.
 */
/* Misuse: builder (type, freed, busy). */
gf_status gf_timeline_builder_build(const gf_timeline_builder *builder, gf_timeline **out_timeline);

/* Timeline playback ------------------------------------------------------------------------ */

/*
 * Every timeline has a player: a clock in timeline time, clamped to [0, duration], that starts
 * at 0 with rate 1, and reports each instance's start and end as time crosses them. The values
 * it shows are the scene's: apply the timeline to a scene (gf_timeline_apply, at scene time 0)
 * and sample the scene at gf_timeline_time; sampling stays a pure function of time. The player
 * changes nothing else in the timeline (its schedule, JSON and animations stay as they were),
 * and gf_timeline_free releases it with the timeline.
 *
 * Events: each move reports the instance boundaries it crosses, in the order it crosses them,
 * each crossing exactly once, so every instance's events alternate STARTED, ENDED, STARTED, ...
 * whatever the seeks, advances and reversals. An instance inside a repeating sequence or
 * parallel has one span per play; in clock terms STARTED is time entering a span and ENDED
 * leaving it, also in a yoyo's backwards plays; where one play's span ends as the next begins,
 * the ENDED comes first. While the direction stays the same a boundary
 * counts when it lies in (old, new] going forwards and in [new, old) going backwards, as in
 * gf_scene_advance; when the direction changes, a boundary exactly at the old time counts too
 * (the player turns round on it). A move of length 0 (a seek to the current time, an advance
 * held at an end by the clamp) goes the way the rate points. The player starts before 0: the
 * first forward call, even gf_timeline_advance(t, 0, ...), reports what starts at 0. Forwards,
 * events come by time, then instance index, an instance's start before its end (an instance of
 * duration 0 reports STARTED then ENDED at its time); backwards, in exactly the reverse order,
 * with reversed = 1 and the opposite kind (an end crossed backwards is a STARTED).
 */

/**
 * An instance starting or ending, or a call point crossed. kind is GF_EVENT_STARTED or
 * GF_EVENT_ENDED; reversed is 1 when time moved backwards across the boundary (STARTED then
 * happens at the instance's end, ENDED at its start). For GF_EVENT_CALL (GSAP's call(): a
 * "call" item, or gf_timeline_builder_call) instance is the call's index among the timeline's
 * calls in order of appearance, name the call's name, layers NULL and layer_count 0; at one
 * time calls come after the instances' events going forwards (before them going backwards).
 * The strings and the layers array are owned by the timeline and valid during the callback only
 * (copy what you keep).
 */
typedef struct gf_timeline_event {
    int32_t kind;               /* GF_EVENT_* */
    int32_t reversed;           /* 0 or 1 */
    size_t instance;            /* the instance's (or call's) index in order of appearance, from 0 */
    double time;                /* the boundary's timeline time: the instance's start or end */
    const char *name;           /* the instance's definition name, or the call's name */
    const char *const *layers;  /* the layer ids it animates (layer_count of them); NULL for a call */
    size_t layer_count;         /* at least 1; 0 for a call */
} gf_timeline_event;

/**
 * Receives timeline events; called on the thread that made the gf_timeline_seek or
 * gf_timeline_advance call, in order, after the player has moved (gf_timeline_time already
 * reads the new time, but the callback cannot call it: see below).
 */
typedef void (*gf_timeline_event_fn)(void *user_data, const gf_timeline_event *event);

/**
 * Moves the player to timeline time t (finite), clamped to [0, duration], and calls callback
 * with the events crossed (callback may be NULL: the move happens, nothing is reported). The
 * callback must not call into this timeline: such a call is refused with GF_E_MISUSE (busy).
 * GF_E_INVALID_ARGUMENT for a NaN or infinite t; GF_E_LIMIT (with a callback) past
 * GF_MAX_TIMELINE_EVENTS_PER_MOVE events; the player is then unchanged.
 */
/* Misuse: timeline (type, freed, busy: the callback calling into this timeline is refused). */
gf_status gf_timeline_seek(gf_timeline *timeline, double t, gf_timeline_event_fn callback, void *user_data);

/**
 * Plays for host_seconds (finite, >= 0) of host time: moves the player's time by
 * host_seconds * rate, clamped to [0, duration] (a negative rate plays backwards), and calls
 * callback with the events crossed, as gf_timeline_seek does (same callback rules).
 * GF_E_INVALID_ARGUMENT for a negative, NaN or infinite host_seconds; GF_E_LIMIT as for
 * gf_timeline_seek; the player is then unchanged.
 */
/* Misuse: timeline (type, freed, busy: the callback calling into this timeline is refused). */
gf_status gf_timeline_advance(gf_timeline *timeline, double host_seconds, gf_timeline_event_fn callback,
                              void *user_data);

/**
 * Sets the playback rate: timeline seconds per host second, finite and non-zero (negative plays
 * backwards); the time does not move. GF_E_INVALID_ARGUMENT for 0, NaN or infinity; the rate
 * is then unchanged.
 */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_set_rate(gf_timeline *timeline, double rate);

/** The playback rate (1 until set; negative while playing backwards) into *out_rate. */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_rate(const gf_timeline *timeline, double *out_rate);

/** Flips the direction of play (the rate's sign), as GSAP's reverse(); the time does not move. */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_reverse(gf_timeline *timeline);

/** The player's timeline time (0 at first, always within [0, duration]) into *out_time: the
 *  time to sample a scene the timeline was applied to at. */
/* Misuse: timeline (type, freed, busy). */
gf_status gf_timeline_time(const gf_timeline *timeline, double *out_time);

/* ------------------------------------------------------------------------------------------ */
/* Skeletons: from a host's view tree to animated skeleton layers                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * A host's view tree (docs/view-tree-format.md), read from JSON or built node by node so a
 * toolkit can walk its own widgets. Made by gf_view_tree_create or gf_view_tree_load_json,
 * released by gf_view_tree_free. Nodes are referred to by the handles (small integers) the
 * builder calls return. One thread at a time.
 */
typedef struct gf_view_tree gf_view_tree;

#define GF_VIEW_VIEW 0
#define GF_VIEW_LABEL 1
#define GF_VIEW_IMAGE 2
#define GF_VIEW_BUTTON 3
#define GF_VIEW_TEXT_FIELD 4
#define GF_VIEW_TEXT_VIEW 5
#define GF_VIEW_TABLE 6
#define GF_VIEW_COLLECTION 7

/** How the generator treats a node: by its kind, not at all, as one bone, or as a hole. */
#define GF_SKELETON_AUTO 0
#define GF_SKELETON_SKIP 1
#define GF_SKELETON_BLOCK 2
#define GF_SKELETON_KEEP 3

#define GF_ALIGN_NATURAL 0
#define GF_ALIGN_LEFT 1
#define GF_ALIGN_CENTER 2
#define GF_ALIGN_RIGHT 3

/** The node handle of the tree's global level, for gf_view_tree_set_style. */
#define GF_VIEW_TREE_GLOBAL 0xFFFFFFFFu

/** One view. Lengths in points; the frame is in the parent's coordinates. */
typedef struct gf_view_node_desc {
    uint32_t struct_size;        /* sizeof(gf_view_node_desc), set by gf_view_node_desc_init */
    int32_t kind;                /* GF_VIEW_*; default VIEW */
    int32_t skeleton;            /* GF_SKELETON_*; default AUTO */
    int32_t align;               /* GF_ALIGN_*; default NATURAL */
    int32_t hidden;              /* 0 or 1 */
    int32_t lines;               /* labels: text lines, 0 = as many as fit; default 1 */
    int32_t has_corner_radius;   /* 1: corner_radius is the view's own radius */
    int32_t reserved;            /* must be 0 */
    const char *id;              /* NULL or UTF-8 (copied); addressed by named(id) adjust lines */
    double x, y, width, height;
    double corner_radius;
    double content_offset_x, content_offset_y; /* scroll containers */
} gf_view_node_desc;

/** Fills *desc with the defaults listed beside its fields. NULL does nothing. */
void gf_view_node_desc_init(gf_view_node_desc *desc);

/* View-tree limits (GF_E_LIMIT beyond, unless said otherwise), checked on every path in: */
/** The deepest views nest: the root, or a cell template's content, is level 1. */
#define GF_MAX_VIEW_DEPTH 64
/** The most nodes of the root's subtree and every cell template together. */
#define GF_MAX_VIEW_NODES 100000
/** The most cell templates of one tree. */
#define GF_MAX_CELL_TEMPLATES 1000
/** The most lines a label may ask for (GF_E_INVALID_ARGUMENT beyond). */
#define GF_MAX_LABEL_LINES 10000
/** The most rows or items a section may ask for (GF_E_INVALID_ARGUMENT beyond); a count that
 *  fills the visible area past it is GF_E_LIMIT. */
#define GF_MAX_LIST_COUNT 1000000
/** The deepest lists nest inside cells inside lists. */
#define GF_MAX_LIST_NESTING 16
/** The deepest a view-tree document nests arrays and objects (each level of views takes two). */
#define GF_MAX_VIEW_TREE_JSON_DEPTH 256
/** The most adjustment lines for the root or one cell, and the most characters in one line. */
#define GF_MAX_ADJUST_LINES 10000
#define GF_MAX_ADJUST_LINE_CHARS 10000
/** The most modifier applications one program of adjustment lines makes (selected bones x
 *  modifiers, over its chains), counted before each chain runs. */
#define GF_MAX_ADJUST_BONE_EDITS 10000000

/* Skeleton limits: what a tree expands into, counted before it is built (GF_E_LIMIT). */
/** The most bones (list copies included). */
#define GF_MAX_SKELETON_BONES 1000000
/** The most containers: one per list section, copies of sections nested in cells included. */
#define GF_MAX_SKELETON_CONTAINERS 1000000
/** The most list cells (rows, items, headers, footers) the generator lays out, in view or not. */
#define GF_MAX_SKELETON_LIST_CELLS 1000000
/** The most views the generator visits: a cell template is generated once for each style of
 *  list that shows it, so it may be walked more than once. */
#define GF_MAX_SKELETON_VIEW_VISITS 2000000
/** The most layers a skeleton's scene has: the root, its containers, and one per bone or, for a
 *  multi-line label, one per line. 1,000 labels of 10,000 lines (10,000,002 layers) are refused
 *  before any layer is laid out. Equal to GF_MAX_LAYERS. */
#define GF_MAX_SKELETON_LAYERS 1000000

/** Creates an empty tree with the given visible size (finite, > 0). */
gf_status gf_view_tree_create(double viewport_width, double viewport_height, gf_view_tree **out_tree);

/** Reads a tree from JSON of `length` bytes; errors name the JSON path of the problem. */
gf_status gf_view_tree_load_json(const char *json, size_t length, gf_view_tree **out_tree);

/** Releases a tree. gf_view_tree_free(NULL) does nothing. */
/* Misuse: tree (type, freed: double free, busy). */
gf_status gf_view_tree_free(gf_view_tree *tree);

/** Sets the root view (once); writes its node handle to *out_node (may be NULL). */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_set_root(gf_view_tree *tree, const gf_view_node_desc *desc, uint32_t *out_node);

/**
 * Adds a view under `parent` (a node handle); writes its handle to *out_node (may be NULL).
 * GF_E_LIMIT past 100,000 views (cell templates' content nodes do not count, their views do).
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_node(gf_view_tree *tree, uint32_t parent, const gf_view_node_desc *desc,
                                uint32_t *out_node);

/**
 * Adds a cell template named `name` (width, height > 0) and writes the handle of its content
 * node, under which the cell's views are added, to *out_node. GF_E_LIMIT past 1,000 templates.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_cell(gf_view_tree *tree, const char *name, double width, double height,
                                uint32_t *out_node);

/**
 * Adds a section to a table or collection node, as a JSON object with the view tree format's
 * section fields, e.g. {"cell": "news", "rowHeight": 100} or
 * {"cell": "card", "itemSize": [170, 200], "spacing": 8, "insets": 16}. An error message names
 * the list node and the section's place in it: "node 'list' (handle 2): sections[0].rowHeight: ...".
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_section(gf_view_tree *tree, uint32_t list, const char *section_json);

/**
 * Sets one style key on a node (a control view), a cell content node, or GF_VIEW_TREE_GLOBAL:
 * `key` is a style key of the view tree format ("animation", "color", "shimmerDirection", ...)
 * and `value_json` its value as JSON text ("\"shimmer\"", "\"#EEEEEE\"", "0.5", "true"). An
 * error message names the node (by its id, its cell, or its place) or the global level, then the
 * key: "node 'avatar' (handle 1): style.color: expected a colour ...",
 * "global style: animation: unknown animation 'bin' ...".
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_set_style(gf_view_tree *tree, uint32_t node, const char *key, const char *value_json);

/**
 * Appends an adjustment line (docs/adjust-syntax.md) for the root's bones (node = the root)
 * or a cell's (node = the cell's content node). Lines are checked when the skeleton is made.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_adjust(gf_view_tree *tree, uint32_t node, const char *line);

/**
 * Makes the skeleton of a tree: its bones as layers and its effect as animations, in a new
 * scene (sampled like any scene). Errors name the problem and where (node path, adjust line
 * and column); on error nothing is made. GF_E_LIMIT past the view-tree and skeleton limits
 * above, GF_MAX_ANIMATION_TRACKS or GF_MAX_ANIMATION_VALUES; the work done is in proportion to
 * what those limits
 * accept. GF_E_INVALID_ARGUMENT when a list's sizes, spacings, insets or offsets are finite but
 * overflow when laid out (1e308 + 1e308), naming the section's fields.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_skeleton_generate(const gf_view_tree *tree, gf_scene **out_scene);

/** gf_view_tree_load_json followed by gf_skeleton_generate. */
gf_status gf_skeleton_from_json(const char *json, size_t length, gf_scene **out_scene);

/**
 * gf_skeleton_from_json on the contents of the file at `path` (a view-tree document): the same
 * limits and errors, each message beginning with the path
 * ("feed.json: root.children[2].frame: ..."), and the file errors of gf_scene_from_file
 * (GF_E_NOT_FOUND, GF_E_IO, GF_E_LIMIT from the file's size before it is read, ...). On success
 * *out_scene owns a new scene (gf_scene_free); on error it is untouched. Thread-safe.
 */
gf_status gf_skeleton_from_file(const char *path, gf_scene **out_scene);

/**
 * Fades a skeleton scene out over 0.2 s from scene time t: the whole skeleton (group NULL)
 * or one list section (group "LIST/section/N", as named in the scene's container layer ids
 * "container:LIST/section/N"), so the others keep animating. A fade starts from the opacity its
 * layer shows at t. GF_E_NOT_FOUND for an unknown group; GF_E_CALLBACK when a host curve fails
 * while that opacity is read. On error the scene is unchanged. The same as gf_skeleton_end_with
 * with the defaults of gf_skeleton_end_params_init (the content's fade-in included).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_end(gf_scene *scene, double t, const char *group);

/**
 * How a skeleton ends (gf_skeleton_end_with). Defaults (gf_skeleton_end_params_init): 0.2 s,
 * Core Animation's easeInEaseOut. Versioned by struct_size: later fields a smaller struct
 * lacks take their defaults.
 */
typedef struct gf_skeleton_end_params {
    uint32_t struct_size;  /* sizeof(gf_skeleton_end_params), set by gf_skeleton_end_params_init */
    int32_t reserved;      /* must be 0 */
    double duration;       /* seconds of both fades, finite, >= 0 (0: at once); default 0.2 */
    const char *curve;     /* a curve spec as gf_curve_parse takes it (read during the call);
                              NULL: "easeInEaseOut" */
} gf_skeleton_end_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_skeleton_end_params_init(gf_skeleton_end_params *params);

/**
 * Ends a skeleton from scene time t as a cross-dissolve: the skeleton (group NULL) or one
 * list section with the lists nested in it (group "LIST/section/N") fades out from the opacity
 * it shows at t to 0, and the content opacity of the same (gf_skeleton_content_opacity) fades
 * in from its value at t (0 the first time) to 1, both over params->duration seconds along
 * params->curve, held afterwards. A skeleton ended before its style's showDelay passed never
 * shows: both change at once at t. Calling it again for the same group replaces the earlier
 * end. params is required. GF_E_INVALID_ARGUMENT for t not finite, a duration not finite and
 * >= 0, a bad curve spec (naming it), reserved not 0 or a struct_size below the first layout;
 * GF_E_NOT_FOUND for an unknown group or a scene without the skeleton's root; GF_E_CALLBACK
 * when a host curve fails while the values at t are read. On error the scene is unchanged.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_end_with(gf_scene *scene, double t, const char *group, const gf_skeleton_end_params *params);

/**
 * *out_opacity: the opacity the host draws its real content with at scene time t (finite),
 * in [0, 1]: 0 while the skeleton shows, rising to 1 along the end's curve once it was ended
 * (gf_skeleton_end, gf_skeleton_end_with). For a group ("LIST/section/N"), the larger of the
 * group's own (it, or a section it is nested in, was ended) and the whole skeleton's; NULL: the
 * whole skeleton's. So a host draws the handover without a timer of its own. GF_E_NOT_FOUND for
 * an unknown group or a scene without the skeleton's root ("skeleton"); GF_E_CALLBACK when a
 * host curve fails. The scene is only read; on error *out_opacity is unchanged.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_content_opacity(const gf_scene *scene, double t, const char *group, double *out_opacity);

/* ------------------------------------------------------------------------------------------ */
/* Layout: a view tree's real views, where the host shows them                                */
/* ------------------------------------------------------------------------------------------ */

/** gf_layout_item.kind values after GF_VIEW_*: a list's cells, each a copy of a cell template. */
#define GF_LAYOUT_HEADER 8
#define GF_LAYOUT_ROW 9
#define GF_LAYOUT_ITEM 10
#define GF_LAYOUT_FOOTER 11

/** gf_layout_item.flags bits. */
#define GF_LAYOUT_HAS_CORNER_RADIUS 1u /* corner_radius is the view's own */
#define GF_LAYOUT_HAS_CHILDREN 2u      /* the node (for a cell, its template) has children, hidden ones too */
#define GF_LAYOUT_RIGHT_TO_LEFT 4u     /* the tree lays out right to left: frames mirrored, natural is right */

/** The most items gf_view_tree_layout reports (GF_E_LIMIT beyond, counted before they are built). */
#define GF_MAX_LAYOUT_ITEMS 1000000

/** One real view of a laid-out tree. Lengths in points, in the root's coordinates. */
typedef struct gf_layout_item {
    int32_t kind;        /* GF_VIEW_* for a view; GF_LAYOUT_HEADER, _ROW, _ITEM or _FOOTER for a list's cell */
    int32_t parent;      /* the index of the item that holds it (a list its cells, a cell its template's
                            views); always smaller than this item's; -1 for the root */
    uint32_t flags;      /* GF_LAYOUT_* */
    int32_t lines;       /* the node's lines (labels: 0 = as many as fit); 1 for a cell */
    int32_t align;       /* GF_ALIGN_* of the node; NATURAL for a cell */
    int32_t skeleton;    /* GF_SKELETON_* of the node; AUTO for a cell */
    int32_t section;     /* a cell's section in its list; -1 for a view */
    int32_t index;       /* a row's or item's number in its section; 0 for the others */
    const char *id;      /* the view's id, a cell's template name, or NULL; see gf_view_tree_layout */
    double x, y, width, height;                     /* the frame (mirrored for right to left) */
    double clip_x, clip_y, clip_width, clip_height; /* where it can show: the viewport narrowed by the
                                                       lists, scrolled views and cells around it;
                                                       0 x 0 when none of it can */
    double corner_radius; /* with GF_LAYOUT_HAS_CORNER_RADIUS; else 0 */
} gf_layout_item;

/**
 * The tree's real views as the host shows them once loaded (docs/view-tree-format.md, "Layout"):
 * every view that is not hidden, whatever its skeleton mode, and every header, row, item and
 * footer of its lists that overlaps the visible area, each followed by its cell template's views.
 * A view comes before its children, a list's cells before its child views. The rules are
 * gf_skeleton_generate's (the root at 0, 0; content offsets; the list layout; lists in cells fill
 * the cell), so each bone lies on the view it stands for.
 *
 * Writes the items into out_items, a caller buffer of `capacity` items. *out_count (required)
 * receives the item count; if capacity is smaller, returns GF_E_BUFFER_TOO_SMALL and writes no
 * item: call once with capacity 0 for the count, then with a buffer that large. A capacity whose
 * size in bytes overflows (capacity x sizeof(gf_layout_item) > PTRDIFF_MAX, SIZE_MAX included) is
 * GF_E_INVALID_ARGUMENT, *out_count untouched, as for gf_scene_sample. out_items may be NULL only
 * when the count is 0 (a hidden root). Errors are gf_skeleton_generate's validation errors for the
 * same tree (the same messages), and GF_E_LIMIT past GF_MAX_LAYOUT_ITEMS items or
 * GF_MAX_SKELETON_LIST_CELLS laid-out cells.
 *
 * Ownership: the id strings belong to the tree: they stay valid, and unchanged, until
 * gf_view_tree_free (later calls and edits do not move them). Each call lays the tree out anew,
 * O(nodes + items); the tree's views are not changed. Threads: like every call on a tree, one
 * thread at a time (it keeps the id strings in the tree); the strings may be read from any thread.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_layout(gf_view_tree *tree, gf_layout_item *out_items, size_t capacity, size_t *out_count);

/* ------------------------------------------------------------------------------------------ */
/* Chains: AXAnimationChain-style chains of animations on one layer                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * A chain of animations on one layer, built link by link: a link placed GF_CHAIN_NEXT starts
 * when the previous link and everything combined with it have finished (the latest end of the
 * stage); a link placed GF_CHAIN_COMBINE runs alongside the previous link (the stage ends with
 * the longer). A link's length is duration x max(repeat_count, 1) x (2 if autoreverses); a
 * spring's duration is its settling duration (epsilon 1e-3) unless given. gf_chain_apply
 * compiles the whole chain to ordinary scene animations with begin times on the scene clock,
 * so sampling stays a pure function of time; gf_chain_advance delivers completion callbacks.
 * Made by gf_chain_create, released by gf_chain_free. One thread at a time per chain.
 */
typedef struct gf_chain gf_chain;

/** The most links a chain holds (GF_E_LIMIT past it). */
#define GF_MAX_CHAIN_LINKS 100000

/** Link kinds: Core Animation's animators. */
#define GF_CHAIN_BASIC 0
#define GF_CHAIN_SPRING 1
#define GF_CHAIN_KEYFRAME 2
#define GF_CHAIN_TRANSITION 3

/** Where a link goes relative to its anchor link: into the stage after the anchor's, or into it. */
#define GF_CHAIN_NEXT 0
#define GF_CHAIN_COMBINE 1
/** gf_chain_link_desc.anchor: the link added last. */
#define GF_CHAIN_LAST 0xFFFFFFFFu

/**
 * What a completion callback receives. The strings are valid only during the callback.
 * reversed is 1 when the scene's clock moved backwards across the link's end.
 */
typedef struct gf_chain_completion {
    const char *name;    /* the link's name (its key path, or "transition", unless named) */
    const char *layer;   /* the layer the chain animates */
    double time;         /* the scene time of the link's end */
    uint32_t index;      /* the link's index (gf_chain_add's *out_index) */
    int32_t reversed;    /* 0 or 1 */
} gf_chain_completion;

/**
 * Called once per crossing of a link's end by gf_chain_advance, forwards and backwards, in the
 * order the crossings happen, on the thread that called gf_chain_advance. It must not call into
 * the chain or the scene being advanced (those calls return GF_E_MISUSE); other handles are fine.
 */
typedef void (*gf_chain_completion_fn)(void *user_data, const gf_chain_completion *completion);

/**
 * One link. Values are copied by gf_chain_add; the pointers need only live during the call.
 * From / to / by follow Core Animation: from+to, from+by, by+to, to alone (from the value under
 * the link), from alone, by alone (then the link is additive: it adds to what is under it).
 */
typedef struct gf_chain_link_desc {
    uint32_t struct_size;        /* sizeof(gf_chain_link_desc), set by gf_chain_link_desc_init */
    int32_t kind;                /* GF_CHAIN_*; default BASIC */
    int32_t placement;           /* GF_CHAIN_NEXT (default) or GF_CHAIN_COMBINE, relative to `anchor`;
                                    ignored for the first link */
    int32_t autoreverses;        /* 0 or 1 */
    int32_t additive;            /* 0 or 1: add to the value under the link */
    uint32_t value_count;        /* numbers per value: the property's width (position 2, opacity 1) */
    const char *name;            /* NULL or UTF-8: the name in schedules and completions */
    const char *property;        /* the key path (docs/scene-format.md); required but for transitions */
    const double *from_value;    /* NULL or value_count numbers (basic, spring) */
    const double *to_value;      /* NULL or value_count numbers */
    const double *by_value;      /* NULL or value_count numbers */
    double duration;             /* seconds, finite, >= 0; 0 = the default: 0.25 s, a spring's settling duration */
    double begin_time;           /* seconds after the stage's start, finite, >= 0 */
    double repeat_count;         /* cycles, finite, >= 0; 0 = once */
    const char *timing;          /* NULL or a curve spec (gf_curve_parse); NULL = "ease", or for a spring
                                    its physical time (a spring's curve warps its time) */
    double mass, stiffness, damping, initial_velocity; /* springs; defaults 1, 100, 10, 0 */
    const double *values;        /* keyframes: keyframe_count x value_count numbers */
    uint32_t keyframe_count;
    uint32_t key_time_count;     /* 0 (evenly spaced) or the key times' count */
    const double *key_times;     /* key_time_count numbers in [0, 1] */
    const char *calculation_mode;   /* NULL = "linear"; "discrete", "paced", "cubic", "cubicPaced" */
    const char *transition_type;    /* NULL = "fade"; "moveIn", "push", "reveal" */
    const char *transition_subtype; /* NULL = "fromRight"; "fromLeft", "fromTop", "fromBottom" */
    const char *from_layer;      /* transitions: the id of the layer showing the old content */
    double start_progress, end_progress; /* transitions; defaults 0, 1 */
    gf_chain_completion_fn completion;   /* NULL or the link's completion callback */
    void *user_data;             /* passed to completion as is; the library never touches it */
    uint32_t anchor;             /* the index of the link this one goes after (NEXT: into the stage after
                                    the anchor's) or beside (COMBINE: into the anchor's stage);
                                    default GF_CHAIN_LAST, the link added last */
    int32_t reserved;            /* must be 0 */
} gf_chain_link_desc;

/** Fills *desc with the defaults listed beside its fields. NULL does nothing. */
void gf_chain_link_desc_init(gf_chain_link_desc *desc);

/**
 * Creates an empty chain that animates the layer layer_id (UTF-8, copied; it need not exist
 * until gf_chain_apply) into *out_chain. An empty layer_id is GF_E_INVALID_ARGUMENT (as a
 * timeline's empty layer id), *out_chain untouched.
 */
gf_status gf_chain_create(const char *layer_id, gf_chain **out_chain);

/** Releases a chain; NULL does nothing. Strings it handed out die with it. */
/* Misuse: chain (type, double free, busy). */
gf_status gf_chain_free(gf_chain *chain);

/**
 * Adds a link (checked in full first: on error the chain is unchanged) and writes its index
 * (0 for the first link) to *out_index (may be NULL). GF_E_NOT_FOUND for an unknown key path;
 * GF_E_PARSE for a bad timing spec; GF_E_INVALID_ARGUMENT for a bad kind, placement, flag,
 * count, anchor (not GF_CHAIN_LAST nor the index of a link), a non-zero reserved field, a
 * non-finite number, a value of the wrong width, a link without values, a spring that never
 * settles, a transition without from_layer, and a link that would end past the largest duration
 * (DBL_MAX seconds: duration x repeats x 2 with autoreverses, plus its begin time and its stage's
 * start; the message names the link), so gf_chain_duration stays finite; GF_E_LIMIT past
 * GF_MAX_CHAIN_LINKS, or for a spring whose settling time passes DBL_MAX.
 */
/* Misuse: chain (type, freed, busy). */
gf_status gf_chain_add(gf_chain *chain, const gf_chain_link_desc *desc, uint32_t *out_index);

/** The chain's length in seconds (when its last stage ends; 0 when empty) into *out_duration. */
/* Misuse: chain (type, freed, busy). */
gf_status gf_chain_duration(gf_chain *chain, double *out_duration);

/*
 * A chain's schedule uses gf_timeline_entry (the Timelines section): for a chain, `name` is the
 * link's name and `layer` the chain's layer, both owned by the chain (valid until gf_chain_free);
 * `end` is begin + the link's active duration.
 */

/**
 * Writes the chain's schedule, one entry per link sorted by begin, then layer, then name, then
 * creation order, into out_entries. The two-call pattern: with a capacity too small (0, with
 * out_entries NULL) it returns GF_E_BUFFER_TOO_SMALL, writes no entry and sets *out_count to
 * the count needed (GF_OK for an empty chain); with enough capacity it writes the entries and
 * their count. A capacity whose size in bytes overflows is GF_E_INVALID_ARGUMENT.
 */
/* Misuse: chain (type, freed, busy). */
gf_status gf_chain_schedule(gf_chain *chain, gf_timeline_entry *out_entries, size_t capacity, size_t *out_count);

/**
 * Adds the chain's animations to scene, all or nothing: one per link, beginning at start_time
 * (finite, scene seconds) plus the link's begin, filling forwards and kept after its end.
 * layer_id NULL animates the chain's layer; another id animates that layer instead (the same
 * chain may be applied to many layers and scenes). The chain remembers the animations so that
 * gf_chain_advance on this scene calls the links' completions; applying again adds another run.
 * GF_E_NOT_FOUND for a layer the scene lacks (or a transition's from_layer); GF_E_LIMIT for a
 * scene limit; the scene is then unchanged.
 */
/* Misuse: chain (type, freed, busy), scene (type, freed, busy). */
gf_status gf_chain_apply(gf_chain *chain, gf_scene *scene, const char *layer_id, double start_time);

/**
 * Moves the scene's clock to t (finite) as gf_scene_advance does, passing every event to
 * callback (may be NULL), and calls the completion of each link of this chain applied to this
 * scene whose end was crossed, right after the event that crossed it: once per crossing,
 * forwards and backwards, in order. Both callbacks run on the calling thread while the chain
 * and the scene are in use: calls into either from a callback return GF_E_MISUSE. Use it
 * instead of gf_scene_advance for a scene with chains applied: gf_scene_advance moves the clock
 * without calling completions, and the crossings it reports are not reported again. A crossing
 * is counted as gf_scene_advance counts it.
 */
/* Misuse: chain (type, freed, busy), scene (type, freed, busy). */
gf_status gf_chain_advance(gf_chain *chain, gf_scene *scene, double t, gf_event_fn callback, void *user_data);

/* ---------------------------------------------------------------------------------------
 * Preload overlay (seed 003): a background over the host's bounds holding a loading view in
 * which a marker jumps forever (up ease-out, down ease-in, in a group repeating forever, filling
 * forwards, linear) above a shadow that narrows as it rises; gf_preload_dismiss fades it all to
 * opacity 0 over 0.375 s, ease-in-out. Layer ids: "preload.background", "preload.loading",
 * "preload.marker", "preload.shadow". The removal is the ended event (gf_scene_advance) of the
 * animation keyed "preload.dismiss" on "preload.background".
 * ------------------------------------------------------------------------------------- */

/** A preload overlay: its parameters, its scene and whether it was dismissed. One thread at a time. */
typedef struct gf_preload gf_preload;

/**
 * The overlay's parameters. Defaults (gf_preload_params_init): the seed's white background, and
 * the original's constants (JESRefreshIcon: one 32-point icon with 3-point spacing): loading view
 * 32 x 32, marker 26 x 26 in the seed's refresh fill colour (224, 231, 235)/255 resting with its
 * top on the loading view's top (the jump rises above it), shadow 26 x 3 black at 0.15 alpha on
 * its bottom edge narrowing to 1/1.6 = 0.625 of its width, jump 14 points, rise 0.235 s, fall
 * 0.475 s, begin time 0. Sizes and durations finite and > 0, jump height finite and >= 0,
 * narrowing in [0, 1], colours in [0, 1], begin time finite.
 */
typedef struct gf_preload_params {
    uint32_t struct_size;        /* sizeof(gf_preload_params), set by gf_preload_params_init */
    int32_t reserved;            /* must be 0 */
    double width, height;        /* the host's bounds; no default (0: set them) */
    double background_r, background_g, background_b, background_a; /* default 1, 1, 1, 1 */
    double loading_width, loading_height;   /* default 32, 32 */
    double marker_width, marker_height;     /* default 26, 26 */
    double marker_r, marker_g, marker_b, marker_a; /* default 224/255, 231/255, 235/255, 1 */
    double shadow_width, shadow_height;     /* default 26, 3 */
    double shadow_r, shadow_g, shadow_b, shadow_a; /* default 0, 0, 0, 0.15 */
    double shadow_narrowing;     /* the shadow's width at the top / at rest, default 1/1.6 = 0.625 */
    double jump_height;          /* points, default 14 */
    double jump_duration;        /* seconds, default 0.235 (ease-out) */
    double down_duration;        /* seconds, default 0.475 (ease-in) */
    double begin_time;           /* scene seconds when the jumping starts, default 0 */
} gf_preload_params;

/** Fills *params with the defaults listed beside its fields (width and height 0). NULL does nothing. */
void gf_preload_params_init(gf_preload_params *params);

/**
 * Builds an overlay; *out_preload is the caller's, freed with gf_preload_free. GF_E_INVALID_ARGUMENT
 * naming the first bad field (a size not finite and > 0, NaN, a colour outside [0, 1], reserved
 * not 0, a struct_size below the first layout), or what would pass the largest double although
 * every field is finite (a layer reaching past it in the bounds' space, such as the marker with
 * a jump_height of 1.8e308 in bounds as tall; jump_duration + down_duration); nothing is built
 * and *out_preload is unchanged.
 */
gf_status gf_preload_create(const gf_preload_params *params, gf_preload **out_preload);

/** Releases an overlay; NULL does nothing. Scenes from gf_preload_scene are the caller's and live on. */
/* Misuse: preload (type, double free, busy). */
gf_status gf_preload_free(gf_preload *preload);

/**
 * Writes to *out_scene a new scene holding a copy of the overlay's scene as it is now (after a
 * gf_preload_dismiss, with the fade); the caller owns it (gf_scene_free) and samples or advances
 * it; later dismissals do not reach it, so get the scene again after dismissing.
 */
/* Misuse: preload (type, freed, busy). */
gf_status gf_preload_scene(gf_preload *preload, gf_scene **out_scene);

/**
 * Starts the dismissal at scene time t (finite): the whole overlay fades from opacity 1 to 0
 * over 0.375 s with ease-in-out (cubic-bezier(0.42, 0, 0.58, 1), UIView animation's default
 * curve), then stays at 0; it is removed at t + 0.375. GF_E_INVALID_ARGUMENT for a non-finite
 * t or an overlay already dismissed (it is then unchanged).
 */
/* Misuse: preload (type, freed, busy). */
gf_status gf_preload_dismiss(gf_preload *preload, double t);

/**
 * Writes the removal time (dismissal time + 0.375 s) to *out_time, or GF_E_NOT_FOUND when the
 * overlay has not been dismissed (*out_time unchanged).
 */
/* Misuse: preload (type, freed, busy). */
gf_status gf_preload_removal_time(gf_preload *preload, double *out_time);
/* ---------------------------------------------------------------------------------------------
 * Card transition (seed 004): coordinate spaces and the expanding-card transition
 * ------------------------------------------------------------------------------------------- */

/**
 * Converts rect (4 doubles: x, y, width, height; finite, width and height >= 0) from the space of layer
 * from_layer to the space of layer to_layer (NULL for either: the scene's root space) and writes
 * the result to out (4 doubles; may alias rect). A layer's space runs over 0..width x 0..height
 * and maps into its parent's through its frame, anchor point and transform, as the sampler's
 * gf_layer_state.transform does (model values, not a sampled state). Under a rotation the result
 * is the bounding box of the four converted corners. GF_E_NOT_FOUND for an unknown layer;
 * GF_E_INVALID_ARGUMENT for a non-finite number, a negative size, a to_layer whose transform
 * is singular (a zero scale), or finite values whose conversion overflows: a layer's transform to
 * the root space (the message names the layer where it overflows), to_layer's inverse, or the
 * converted rect (naming from_layer and to_layer). Every number written is finite. On error out
 * is not written. The scene is only read.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_convert_rect(const gf_scene *scene, const double *rect, const char *from_layer,
                                const char *to_layer, double *out);

/** Converts point (2 doubles: x, y; finite) as gf_scene_convert_rect converts a rect; out: 2
 *  doubles (may alias point). */
/* Misuse: scene (type, freed, busy). */
gf_status gf_scene_convert_point(const gf_scene *scene, const double *point, const char *from_layer,
                                 const char *to_layer, double *out);

/**
 * One view of a host's chain of nested views (a cell in a collection view in a table cell in a
 * table view in a window): its frame in its parent's content space, and its scroll offset (the
 * origin of its bounds, UIKit's contentOffset; 0, 0 for a view that does not scroll). A point p
 * in a level's content space lies at p - scroll_offset + frame origin in its parent's.
 */
typedef struct gf_view_level {
    double frame[4];             /* x, y, width, height; finite, width and height >= 0 */
    double scroll_offset[2];     /* x, y; finite */
} gf_view_level;

/** The most levels a view chain takes (GF_E_LIMIT beyond). */
#define GF_MAX_VIEW_CHAIN_LEVELS 4096

/**
 * The translation from the innermost level's content space to the window's: the sum over the
 * levels (outermost first; level_count may be 0, levels then may be NULL) of frame origin minus
 * scroll offset, written to out_offset (2 doubles: x, y). Pure: nothing is kept.
 * GF_E_INVALID_ARGUMENT naming the first bad level (a non-finite number, a negative size) or
 * the level where the finite sum overflows; GF_E_LIMIT past GF_MAX_VIEW_CHAIN_LEVELS. On error
 * nothing is written.
 */
gf_status gf_view_chain_offset(const gf_view_level *levels, size_t level_count, double *out_offset);

/**
 * Converts rect (4 doubles: x, y, width, height; finite) from the innermost level's content
 * space to window coordinates (the offset of gf_view_chain_offset added to x and y) and writes
 * it to out (4 doubles; may alias rect). Errors as gf_view_chain_offset, and for a non-finite rect
 * or one whose origin the offset moves past the largest double (GF_E_INVALID_ARGUMENT).
 */
gf_status gf_view_chain_window_rect(const gf_view_level *levels, size_t level_count, const double *rect, double *out);

/** The inverse of gf_view_chain_window_rect: a rect in window coordinates to the innermost
 *  level's content space. */
gf_status gf_view_chain_content_rect(const gf_view_level *levels, size_t level_count, const double *rect,
                                     double *out);

/**
 * A bounded reuse pool of snapshot layer ids (seed 004's recycling pool): acquiring hands out a
 * released id when there is one, else makes a new "snapshot.N" while fewer than its capacity
 * exist. Made by gf_snapshot_pool_create, released by gf_snapshot_pool_free. One thread at a time.
 */
typedef struct gf_snapshot_pool gf_snapshot_pool;

/** The largest capacity a pool may have (GF_E_INVALID_ARGUMENT beyond). */
#define GF_MAX_SNAPSHOT_POOL 100000

/** Makes an empty pool that makes at most max_ids ids (its capacity: 1..GF_MAX_SNAPSHOT_POOL,
 *  else GF_E_INVALID_ARGUMENT). *out_pool (required) receives the handle, owned by the caller. */
gf_status gf_snapshot_pool_create(size_t max_ids, gf_snapshot_pool **out_pool);

/** Frees a pool; NULL is a no-op. Ids acquired from it stay the caller's strings. */
/* Misuse: pool (type, double free, busy). */
gf_status gf_snapshot_pool_free(gf_snapshot_pool *pool);

/**
 * Acquires count ids, all or none, and writes them to out_ids[0..count) (required unless count is
 * 0): new strings, each freed by the caller with gf_string_free. Released ids are reused first,
 * the most recently released first. GF_E_LIMIT when fewer than count are acquirable (every id
 * in use and capacity made): the pool is then unchanged and out_ids not written.
 */
/* Misuse: pool (type, freed, busy). */
gf_status gf_snapshot_pool_acquire(gf_snapshot_pool *pool, size_t count, char **out_ids);

/** Gives id (UTF-8, NUL-terminated) back for reuse. GF_E_INVALID_ARGUMENT for an id that is not
 *  in use (never made by this pool, or released already); the pool is then unchanged. */
/* Misuse: pool (type, freed, busy). */
gf_status gf_snapshot_pool_release(gf_snapshot_pool *pool, const char *id);

/** What a pool holds and has done (gf_snapshot_pool_get_counts). */
typedef struct gf_snapshot_pool_counts {
    uint32_t struct_size;        /* set by the caller: sizeof(gf_snapshot_pool_counts) */
    int32_t reserved;            /* written 0 */
    size_t capacity;             /* the most ids the pool makes */
    size_t created;              /* ids made so far */
    size_t reused;               /* acquisitions served from released ids */
    size_t in_use;               /* ids handed out and not released */
    size_t available;            /* released ids waiting for reuse */
    size_t acquirable;           /* available + (capacity - created) */
} gf_snapshot_pool_counts;

/** Writes the pool's counts to *out_counts, up to the caller's out_counts->struct_size (which
 *  must cover at least the fields up to acquirable; GF_E_INVALID_ARGUMENT otherwise). */
/* Misuse: pool (type, freed, busy). */
gf_status gf_snapshot_pool_get_counts(const gf_snapshot_pool *pool, gf_snapshot_pool_counts *out_counts);

/** An expanding-card transition, built once from its parameters; immutable afterwards. One
 *  thread at a time (GF_E_MISUSE when calls overlap); distinct handles are independent. */
typedef struct gf_expand_transition gf_expand_transition;

/** The most images a transition takes (GF_E_LIMIT beyond). */
#define GF_MAX_EXPAND_IMAGES 10000

/** Part kinds (gf_expand_part.kind). */
#define GF_EXPAND_PART_UP 0      /* the window above the tapped image */
#define GF_EXPAND_PART_DOWN 1    /* the window below the tapped image */
#define GF_EXPAND_PART_TAPPED 2  /* the tapped image */
#define GF_EXPAND_PART_IMAGE 3   /* another visible image */

/**
 * What a transition is built from. images points to image_count x 4 doubles (x, y, width,
 * height of each visible image in window coordinates), read during the call only (copied).
 * The timing defaults are JPAnimationTool's animateWithDuration:0.35 delay:0.1
 * options:UIViewAnimationOptionCurveEaseOut. Versioned by struct_size: a caller built before
 * delay existed passes the smaller size (offsetof(gf_expand_params, delay)) and gets no delay.
 */
typedef struct gf_expand_params {
    uint32_t struct_size;          /* sizeof(gf_expand_params), set by gf_expand_params_init */
    double window_width;           /* W, finite, > 0 */
    double window_height;          /* H, finite, > 0 */
    const double *images;          /* image_count x 4 doubles; finite, width and height > 0 */
    size_t image_count;            /* 1..GF_MAX_EXPAND_IMAGES */
    size_t tapped;                 /* index of the tapped image; it must overlap the window */
    double ratio;                  /* rho: the tapped image ends W x W*rho; default 2/3 */
    double duration;               /* the entry's seconds, finite, > 0; default 0.35 */
    const char *curve;             /* a curve spec as gf_curve_parse takes it; NULL: ease-out */
    double delay;                  /* seconds before the motion starts, finite, >= 0; default 0.1 */
} gf_expand_params;

/** Fills *params with the defaults listed beside its fields (sizes 0, images NULL, curve NULL).
 *  NULL does nothing. */
void gf_expand_params_init(gf_expand_params *params);

/**
 * One part: start and end frames in window coordinates and source, the rect of the window
 * snapshot it is cropped from (its start rect). image_index is the part's index in the images,
 * -1 for the up and down parts.
 */
typedef struct gf_expand_part {
    int32_t kind;                  /* GF_EXPAND_PART_* */
    int32_t image_index;
    double start[4];               /* x, y, width, height */
    double end[4];
    double source[4];
} gf_expand_part;

/**
 * Builds the transition of seed 004 (docs: ExpandTransition): up (0,0,W,ty) -> (0,-ty,W,ty);
 * down, d = ty+th: (0,d,W,H-d) -> (0,H,W,H-d); the tapped image -> (0,0,W,W*rho); every other
 * image (x,y,w,h) -> ((x-tx)*kx, (y-ty)*ky, w*kx, h*ky), kx = W/tw, ky = W*rho/th (ty and d
 * clamped to 0..H when the tapped image is partly above or below the window). Writes a new
 * handle to *out_transition (free it with gf_expand_transition_free). GF_E_INVALID_ARGUMENT for
 * a bad size, ratio, duration, delay, a non-finite number, an empty or negative rect, a tapped index out
 * of range or not visible, or a part whose start or end rect reaches past the largest double
 * (its far edge or centre) or moves further than it (named: "the down part of the W x H window",
 * "image i"); GF_E_PARSE for a bad curve spec; GF_E_LIMIT past GF_MAX_EXPAND_IMAGES.
 * On error nothing is built and *out_transition is not written.
 */
gf_status gf_expand_transition_create(const gf_expand_params *params, gf_expand_transition **out_transition);

/**
 * As gf_expand_transition_create, taking the part layers' ids from pool (seed 004's recycling
 * pool; image_count + 2 of them, all or none) instead of a fresh pool, so that consecutive
 * transitions reuse the same layers: give them back with gf_expand_transition_release when the
 * transition is over. GF_E_LIMIT when the pool cannot supply them; on any error the pool is
 * unchanged and nothing is built. The pool is entered for the call only; the transition does
 * not keep it.
 */
/* Misuse: pool (type, freed, busy). */
gf_status gf_expand_transition_create_in_pool(const gf_expand_params *params, gf_snapshot_pool *pool,
                                              gf_expand_transition **out_transition);

/**
 * Gives the transition's part layers back to pool (the pool it was made from) for the next
 * transition. GF_E_INVALID_ARGUMENT when a layer is not in use in pool (another pool, a
 * transition from gf_expand_transition_create, or released already); the pool is then unchanged.
 */
/* Misuse: transition (type, freed, busy), pool (type, freed, busy). */
gf_status gf_expand_transition_release(const gf_expand_transition *transition, gf_snapshot_pool *pool);

/** Releases a transition; NULL does nothing. Scenes it made are independent of it. */
/* Misuse: transition (type, double free, busy). */
gf_status gf_expand_transition_free(gf_expand_transition *transition);

/**
 * Writes the parts (up, down, then one per image in input order) into out_parts. The two-call
 * pattern: with a capacity too small (0, with out_parts NULL) it returns GF_E_BUFFER_TOO_SMALL,
 * writes no part and sets *out_count to the count needed (image_count + 2); with enough it
 * writes them and their count. A capacity whose size in bytes overflows is GF_E_INVALID_ARGUMENT.
 */
/* Misuse: transition (type, freed, busy). */
gf_status gf_expand_transition_parts(const gf_expand_transition *transition, gf_expand_part *out_parts,
                                     size_t capacity, size_t *out_count);

/**
 * Writes a new scene (the caller frees it with gf_scene_free) holding the entry: a root layer
 * "card" covering the window, then part i as layer i + 1, its frame animated from start to end
 * over the duration with the curve, after the delay, filling both ways. How a host draws a part:
 * its layer's contents names the window snapshot ("window"), its custom properties sourceX,
 * sourceY, sourceWidth, sourceHeight hold the part's source rect; crop the snapshot taken at the
 * tap at that rect and draw it stretched into the layer's sampled frame, in zPosition order.
 */
/* Misuse: transition (type, freed, busy). */
gf_status gf_expand_transition_scene(const gf_expand_transition *transition, gf_scene **out_scene);

/**
 * Writes a new scene (free it with gf_scene_free) holding the exit begun when the entry's scene
 * was at time t (finite). A finished entry (t >= delay + duration) exits as the original
 * dismisses: forwards from the end frames to the start frames, after the delay, over the
 * duration, with the curve (at delay + u each part is at end + (start - end) * curve(u /
 * duration)), not the entry played backwards. An entry still running retraces from where it is:
 * with e = clamp(t - delay, 0, duration), the exit scene at s equals the entry scene at
 * delay + e - s, without a jump and without a delay. Same layers as the entry.
 * GF_E_INVALID_ARGUMENT for a non-finite t; *out_scene is then not written.
 */
/* Misuse: transition (type, freed, busy). */
gf_status gf_expand_transition_exit(const gf_expand_transition *transition, double t, gf_scene **out_scene);
/* ---------------------------------------------------------------------------------------------
 * Scrubbing (issue 15): a scene driven by a host value instead of the clock
 * ------------------------------------------------------------------------------------------- */

/**
 * A scene sampled at a time chosen by a host value v (a scroll offset, a pull distance): v is
 * clamped to the input range [a, b], normalised to u = (v - a) / (b - a), eased through the
 * optional curve (none is linear) to e, and mapped to t = t0 (1 - e) + t1 e, which is t0 and t1
 * exactly at the ends. gf_scrub_sample(v) writes the same bytes as gf_scene_sample at that t.
 * After gf_scrub_release the value follows a critically damped spring (mass 1, stiffness 100,
 * damping 20) back to rest, and gf_scrub_sample_at_clock follows it on the clock.
 * The scrub holds a copy of the scene as it was at gf_scrub_create: later changes to the scene
 * do not reach it, and the scene may be freed first. Made by gf_scrub_create, released by
 * gf_scrub_free. One thread at a time per scrub.
 */
typedef struct gf_scrub gf_scrub;

/**
 * Makes a scrub of scene's current content mapping the input range [input_start, input_end]
 * (finite, input_start < input_end: an inverted or empty range is GF_E_INVALID_ARGUMENT) to the
 * time range [time_start, time_end] (finite; time_end < time_start plays backwards). curve may be
 * NULL (linear); the scrub keeps its own copy, so the curve may be freed afterwards. *out_scrub
 * (required) receives the new handle, owned by the caller; on failure it is untouched.
 */
/* Misuse: scene (type, freed, busy), curve (type, freed). */
gf_status gf_scrub_create(gf_scene *scene, double input_start, double input_end, double time_start,
                          double time_end, const gf_curve *curve, gf_scrub **out_scrub);

/**
 * As gf_scrub_create, choosing the spring that brings a released value back to rest: spring may
 * be NULL (the default: mass 1, stiffness 100, damping 20, critically damped); otherwise its mass,
 * stiffness, damping and allows_overdamping are read during the call (a spring gf_spring_value
 * refuses is GF_E_INVALID_ARGUMENT) and its initial_velocity is not used: gf_scrub_release gives
 * the velocity. The curve (NULL: linear) is the easing of the mapping, as in gf_scrub_create.
 */
/* Misuse: scene (type, freed, busy), curve (type, freed). */
gf_status gf_scrub_create_with_spring(gf_scene *scene, double input_start, double input_end, double time_start,
                                      double time_end, const gf_curve *curve, const gf_spring *spring,
                                      gf_scrub **out_scrub);

/** Frees a scrub; NULL is a no-op. The handle is invalid afterwards. */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_free(gf_scrub *scrub);

/**
 * *out_t (required) receives the scene time for value (finite; clamped to the input range).
 * GF_E_CALLBACK, *out_t untouched, when the mapping curve is a host curve that fails there;
 * GF_E_INVALID_ARGUMENT naming the time range, *out_t untouched, when the curve's value there
 * lies outside [0, 1] (a back or elastic easing, a cubic-bezier's y) and maps a time range near
 * the largest double past it: t is never inf.
 */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_time(gf_scrub *scrub, double value, double *out_t);

/**
 * Writes the state of every layer at the time gf_scrub_time gives for value (finite) into
 * out_states, with gf_scene_sample's two-call pattern and limits: *out_count (required) receives
 * the layer count; a smaller capacity gives GF_E_BUFFER_TOO_SMALL and writes no state; a
 * capacity whose size in bytes overflows is GF_E_INVALID_ARGUMENT. Allocates nothing once the
 * scene is compiled. GF_E_CALLBACK (*out_count untouched) when a host curve fails: the mapping
 * curve (nothing written) or the scene's (states written, unspecified). GF_E_INVALID_ARGUMENT as
 * gf_scrub_time when the time overflows (nothing written, *out_count untouched).
 */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_sample(gf_scrub *scrub, double value, gf_layer_state *out_states, size_t capacity,
                          size_t *out_count);

/**
 * The host lets go at clock time host_time with the value at `value`, moving at `velocity`
 * (input units per second): from then on the value follows the spring to `rest` (all finite;
 * rest is typically the input range's start). A later release replaces an earlier one.
 * GF_E_INVALID_ARGUMENT naming the release when the spring could carry the value past the
 * largest double: its energy never grows, so the value stays within rest +- sqrt(u0^2 + (velocity
 * / w0)^2), u0 = value - rest, w0 = sqrt(stiffness / mass); a spring that does not oscillate
 * (damping ratio >= 1) stays between rest + min(0, u0) + min(0, velocity / w0) and rest + max(0,
 * u0) + max(0, velocity / w0). The bounds are widened by 1e-9 for rounding. On error the scrub
 * is unchanged.
 */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_release(gf_scrub *scrub, double host_time, double value, double velocity, double rest);

/**
 * *out_value (required) receives the released value at clock time t (finite): the release value
 * before host_time, then rest + u0 (1 - s0(tau)) + velocity (s1(tau) - s0(tau)), tau = t - host_time,
 * u0 = value - rest, s0 and s1 the spring's closed form with initial velocity 0 and 1; always
 * finite (gf_scrub_release refuses motions that could overflow, and a value the closed form's
 * rounding still carried past the largest double is GF_E_INVALID_ARGUMENT, *out_value untouched).
 * GF_E_INVALID_ARGUMENT before any gf_scrub_release.
 */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_value_at_clock(gf_scrub *scrub, double t, double *out_value);

/**
 * As gf_scrub_sample at the value gf_scrub_value_at_clock gives for clock time t (finite).
 * GF_E_INVALID_ARGUMENT before any gf_scrub_release (nothing written, *out_count untouched)
 * and as gf_scrub_time when the time overflows; GF_E_CALLBACK as gf_scrub_sample.
 */
/* Misuse: scrub (type, freed, busy). */
gf_status gf_scrub_sample_at_clock(gf_scrub *scrub, double t, gf_layer_state *out_states, size_t capacity,
                                   size_t *out_count);

/**
 * The seed's pull-to-refresh control (issue 15): four layers, in order refresh.area (the pull
 * area, white), refresh.circle (the seed's fill rgb(224, 231, 235)), refresh.hole (white: it
 * grows inside the circle past the threshold so the ring appears to thin) and refresh.logo
 * (contents "refresh_logo"), all centred at (width / 2, pull / 2). At pull p (clamped to
 * [0, maximum_pull]) the circle's radius is maximum_radius min(p / trigger_distance, 1) and the
 * hole's (maximum_radius - ring_width) clamp((p - threshold_distance) / (trigger_distance -
 * threshold_distance), 0, 1). gf_pull_to_refresh_begin holds the drawing at the trigger
 * distance and spins the logo a turn every spin_duration seconds, forever;
 * gf_pull_to_refresh_end stops it and closes the area on a critically damped spring (mass 1,
 * stiffness 100, damping 20). gf_pull_to_refresh_create takes the geometry with the seed's
 * colours and logo; gf_pull_to_refresh_create_with_params takes every parameter (colours, logo,
 * spring too). Made by either, released by gf_pull_to_refresh_free. One thread at a time per
 * control.
 */
typedef struct gf_pull_to_refresh gf_pull_to_refresh;

/**
 * Every parameter of a pull-to-refresh control. Defaults (gf_pull_to_refresh_params_init): the
 * original's colours (the pull area and the hole rgb(224, 231, 235) as JESPullToRefreshView fills
 * them, the circle its LoadingViewBackgroundColor rgb(72, 70, 109)) and logo "refresh_logo";
 * the seed gives no sizes, so these are the tool's: width 375, trigger 95, maximum pull 160,
 * threshold 50, radius 20, ring 2.5, logo 24, one spin per second; the closing spring mass 1,
 * stiffness 100, damping 20 (critically damped). Numbers finite; sizes and durations > 0;
 * threshold_distance < trigger_distance < maximum_pull; ring_width < maximum_radius; colours in
 * [0, 1]. Versioned by struct_size.
 */
typedef struct gf_pull_to_refresh_params {
    uint32_t struct_size;        /* sizeof(gf_pull_to_refresh_params), set by gf_pull_to_refresh_params_init */
    int32_t reserved;            /* must be 0 */
    double width;                /* the pull area's width, default 375 */
    double trigger_distance;     /* the pull that triggers a refresh, default 95 */
    double maximum_pull;         /* the largest pull drawn (the scrub's upper end), default 160 */
    double threshold_distance;   /* where the ring starts to thin, default 50 */
    double maximum_radius;       /* the circle's full radius, default 20 */
    double ring_width;           /* the thinnest ring, default 2.5 */
    double logo_size;            /* the logo's side, default 24 */
    double spin_duration;        /* seconds per turn of the logo while refreshing, default 1 */
    double fill_r, fill_g, fill_b, fill_a;                 /* the circle, default 72/255, 70/255, 109/255, 1 */
    double background_r, background_g, background_b, background_a; /* the area and the hole, default 224/255, 231/255, 235/255, 1 */
    const char *logo_image;      /* the logo layer's contents (UTF-8, copied); NULL: "refresh_logo" */
    gf_spring spring;            /* how the area closes after gf_pull_to_refresh_end; initial_velocity unused */
} gf_pull_to_refresh_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_pull_to_refresh_params_init(gf_pull_to_refresh_params *params);

/**
 * Makes a control from params (read during the call). GF_E_INVALID_ARGUMENT naming the first
 * bad field (NaN, a size not > 0, the order of the distances, a colour outside [0, 1], a bad
 * spring, reserved not 0, a struct_size below the first layout, a maximum_radius whose circle
 * would reach past the largest double); GF_E_INVALID_UTF8 for a logo
 * name that is not UTF-8. *out_control (required) receives the new handle, owned by the caller;
 * untouched on failure.
 */
gf_status gf_pull_to_refresh_create_with_params(const gf_pull_to_refresh_params *params,
                                                gf_pull_to_refresh **out_control);

/**
 * Makes a control; every number finite and > 0, threshold_distance < trigger_distance <
 * maximum_pull and ring_width < maximum_radius, and the circle (2 maximum_radius wide, centred
 * in the area) within the largest double, else GF_E_INVALID_ARGUMENT. The seed's sizes are
 * not given by the seed; the Swift defaults are 375, 95, 160, 50, 20, 2.5, 24, 1.
 * *out_control (required) receives the new handle, owned by the caller; untouched on failure.
 */
gf_status gf_pull_to_refresh_create(double width, double trigger_distance, double maximum_pull,
                                    double threshold_distance, double maximum_radius, double ring_width,
                                    double logo_size, double spin_duration, gf_pull_to_refresh **out_control);

/** Frees a control; NULL is a no-op. */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_free(gf_pull_to_refresh *control);

/**
 * Writes to *out_scene a new scene holding a copy of the control's pulled scene (its four layers
 * at rest, animated on a clock that runs from 0 at no pull to 1 at maximum_pull: the drawing at
 * pull p is the scene at p / maximum_pull). The caller owns it (gf_scene_free); it is handy for
 * layer ids, contents and a renderer's set-up.
 */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_scene(gf_pull_to_refresh *control, gf_scene **out_scene);

/**
 * The drawing at pull distance `pull` (finite), with gf_scene_sample's two-call pattern:
 * *out_count (required) receives 4; a smaller capacity is GF_E_BUFFER_TOO_SMALL (nothing written).
 */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_sample(gf_pull_to_refresh *control, double pull, gf_layer_state *out_states,
                                    size_t capacity, size_t *out_count);

/** Starts refreshing at clock time t (finite); GF_E_INVALID_ARGUMENT when already refreshing. */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_begin(gf_pull_to_refresh *control, double t);

/** Ends refreshing at clock time t (finite, >= the begin time); GF_E_INVALID_ARGUMENT when not refreshing. */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_end(gf_pull_to_refresh *control, double t);

/**
 * The drawing at clock time t (finite, >= the begin time) once refreshing has begun: held and
 * spinning until the end time, then closing on the spring. Two-call pattern as
 * gf_pull_to_refresh_sample; GF_E_INVALID_ARGUMENT before gf_pull_to_refresh_begin or before the begin time (checked after the
 * capacity: nothing written).
 */
/* Misuse: control (type, freed, busy). */
gf_status gf_pull_to_refresh_sample_at_clock(gf_pull_to_refresh *control, double t, gf_layer_state *out_states,
                                             size_t capacity, size_t *out_count);

/* ------------------------------------------------------------------------------------------ */
/* Plugins: host curves, skeleton effects, node kinds and plugin libraries (issue 16)         */
/* ------------------------------------------------------------------------------------------ */

/*
 * A host extends the library at run time, without recompiling it, through three registries of
 * named definitions and through plugin libraries that fill them.
 *
 * Names     Host names are namespaced: two or more dot-separated segments, each an ASCII letter
 *           followed by letters, digits, '-' or '_' ("acme.wobble"), at most
 *           GF_MAX_HOST_NAME_BYTES bytes; anything else is GF_E_INVALID_ARGUMENT. Built-in
 *           names never contain a dot, so a host cannot take or shadow one.
 * Replacing Registering a name again replaces its definition for everything that looks the name
 *           up afterwards. What already resolved the name keeps the definition it found: a
 *           gf_curve parsed, a timing, animation or scene made (a scene keeps its curves until it
 *           is freed), a skeleton generated (effects are sampled into its animations when it is
 *           generated). Unregistering works the same way: later look-ups fail (GF_E_NOT_FOUND
 *           for a curve spec and for a view tree's style.animation when the skeleton is
 *           generated, GF_E_INVALID_ARGUMENT for a node type when the tree is read), earlier
 *           results keep working.
 *           Removal is therefore never refused and never leaves a dangling call.
 * Ownership A callback's user_data belongs to the library once registration succeeds (not on
 *           failure: then the caller still owns it). free_user_data (may be NULL) is called
 *           exactly once, with user_data, when the last reference to the definition goes: the
 *           registration's (on replacement or removal) and every curve or scene holding it. It
 *           may therefore run on any thread, at gf_unregister_*, gf_curve_free, gf_scene_free or
 *           a later registration; never while a library lock is held.
 * Threads   The registries are thread-safe: any thread may register, unregister and evaluate at
 *           once. A callback is called on the thread that called into the library, possibly on
 *           many threads at once, never while a library lock is held, so it may call the library
 *           itself (evaluate another curve; it must not use a handle the outer call is using:
 *           that is GF_E_MISUSE as always).
 * Failures  A host curve that returns NaN or an infinity fails, and so does the call that
 *           evaluated it, with GF_E_CALLBACK and a message naming the curve and the progress
 *           (the first failure when several fail), whatever else that failure would have upset
 *           further on. The calls that evaluate host curves: gf_curve_eval, gf_curve_eval_n,
 *           gf_timing_at, gf_scene_sample, _sample_range, _sample_threads, _sample_custom,
 *           gf_scene_add_animation_handoff, gf_skeleton_end (the opacity it fades from),
 *           gf_scrub_time, _sample, _sample_at_clock (the mapping curve and the scene) and
 *           gf_timeline_from_json (a stagger's ease). On such a failure gf_curve_eval leaves *out_y untouched and
 *           gf_curve_eval_n writes every output (NaN where the curve failed); the sampling calls
 *           write the states (unspecified) but not *out_count; every other call leaves its
 *           outputs and handles as they were. A skeleton effect that fails makes the skeleton's
 *           generation fail with GF_E_CALLBACK and nothing made. A failure belongs to the call
 *           that evaluated the callback: it never shows in a later call.
 */

/** The longest host name, in bytes (GF_E_INVALID_ARGUMENT beyond). */
#define GF_MAX_HOST_NAME_BYTES 128
/** The most names each registry holds (GF_E_LIMIT beyond). */
#define GF_MAX_HOST_REGISTRATIONS 100000

/** A host curve: progress (never NaN) -> eased progress (must be finite). Called as described above. */
typedef double (*gf_curve_fn)(void *user_data, double progress);
/** Releases a callback's user_data; called once, when the definition's last reference goes. */
typedef void (*gf_free_fn)(void *user_data);

/**
 * Registers fn as the curve `name`; the name is then usable wherever a curve spec is (a curve
 * spec by itself, a timing's easing, scene and timeline JSON, a view tree's style). fn is
 * required. Replaces a curve of that name (see "Replacing" above). gf_curve_spec of such a curve
 * writes its name. Thread-safe. Called by a plugin's gf_plugin_init on the loading thread (this
 * and the other gf_register_* functions), it registers for that plugin, as its table's function
 * does: gf_plugin_unload removes the registration (see gf_plugin_load).
 * Errors: GF_E_NULL_ARGUMENT, GF_E_INVALID_UTF8, GF_E_INVALID_ARGUMENT (a bad name), GF_E_LIMIT.
 */
gf_status gf_register_curve(const char *name, gf_curve_fn fn, void *user_data, gf_free_fn free_user_data);

/** Removes the curve registered as `name`; GF_E_NOT_FOUND if there is none. Thread-safe. */
gf_status gf_unregister_curve(const char *name);

/**
 * What a skeleton effect writes for one bone at one progress. The library fills it before each
 * call with the bone's model values (its colour, opacity 1, scale 1, has_gradient 0, a gradient of
 * the bone's colour from (0, 0.5) to (1, 0.5)); the effect changes what it animates. Ranges:
 * colours (red, green, blue, alpha; the gradient's stops too) and opacity in [0, 1]; scales and
 * gradient points any finite number. A value outside its range is a failure of the effect, never
 * clamped: the generation fails with GF_E_CALLBACK naming the effect, the bone, the progress, the
 * field and the value ("skeleton effect 'acme.glow' wrote red 2.0 for bone 1 at progress 0.6; it
 * must be in [0, 1]"), nothing made. struct_size is the library's sizeof(gf_effect_output): an
 * effect compiled against an older header writes only the fields it knows.
 */
typedef struct gf_effect_output {
    uint32_t struct_size;        /* sizeof(gf_effect_output) of the library; read it, don't write it */
    int32_t has_gradient;        /* 1: the bone shows the gradient below (read at progress 0 only) */
    double red, green, blue, alpha;   /* the bone's colour */
    double opacity;              /* the bone's opacity */
    double scale_x, scale_y;     /* the bone's scale about its centre */
    double gradient_colors[12];  /* three stops at 0, 0.5 and 1: r, g, b, a each */
    double gradient_start_x, gradient_start_y, gradient_end_x, gradient_end_y; /* unit points */
} gf_effect_output;

/**
 * A skeleton effect: the bone layer's frame in the skeleton's coordinates (x, y, width, height),
 * its index among the bone layers that show the effect (each line of a multi-line label is one,
 * in drawing order) and their count, and the local progress in [0, 1] of one cycle; writes *out and returns 0 (GF_OK), or anything else to fail (GF_E_CALLBACK).
 * A number written outside its range (gf_effect_output: colours and opacity in [0, 1], the rest
 * finite) is a failure too.
 */
typedef int32_t (*gf_effect_fn)(void *user_data, double x, double y, double width, double height,
                                uint32_t index, uint32_t count, double progress, gf_effect_output *out);

/** The most samples per cycle an effect may ask for. */
#define GF_MAX_EFFECT_SAMPLES 1000

/** How an effect is sampled into the skeleton's animations. */
typedef struct gf_effect_params {
    uint32_t struct_size;        /* sizeof(gf_effect_params), set by gf_effect_params_init */
    uint32_t samples;            /* keyframes per cycle, 2...GF_MAX_EFFECT_SAMPLES; default 31 */
    double duration;             /* seconds per cycle, finite and > 0; default 1.5 */
} gf_effect_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_effect_params_init(gf_effect_params *params);

/**
 * Registers fn as the skeleton effect `name`, usable as a view tree's style "animation" (JSON:
 * "style": {"animation": "acme.glow"}; the cascade is the built-in effects': the most specific
 * level that names an effect, built-in or host, wins). When a skeleton is generated, the effect
 * is called for every bone that shows it (not kept, not withoutAnimation, reduced motion off) at
 * params->samples progresses k / (samples - 1), and the results become keyframe animations of the
 * bone's backgroundColor, opacity, transform.scale.x / .y and, with has_gradient, its gradient
 * (colours, start and end points), linear between samples, repeating every params->duration
 * seconds from the skeleton's start: sampled like the built-in effects, by gf_scene_sample, with
 * no callback at sampling time. params NULL takes the defaults. Replaces an effect of that name.
 * Thread-safe.
 * Errors: GF_E_NULL_ARGUMENT, GF_E_INVALID_UTF8, GF_E_INVALID_ARGUMENT (a bad name, samples or
 * duration, params->struct_size too small), GF_E_LIMIT.
 */
gf_status gf_register_effect(const char *name, gf_effect_fn fn, const gf_effect_params *params, void *user_data,
                             gf_free_fn free_user_data);

/** Removes the effect registered as `name`; GF_E_NOT_FOUND if there is none. Thread-safe. */
gf_status gf_unregister_effect(const char *name);

/**
 * Registers `name` as a host widget type: a view-tree node whose "type" is `name` is read as the
 * built-in `base` kind ("view", "label", "image", "button", "textField", "textView"; lists have
 * sections and cannot be a base) with the fields of defaults_json (a JSON object; NULL is {})
 * wherever the node does not set them itself. Fields: "lines", "align", "cornerRadius",
 * "hidden", "skeleton", "style" as on a node, and cornerRadius may also be a fraction of the
 * node's size: "P%" is P percent of its width, "P%h" of its height, P a decimal number >= 0
 * (not hexadecimal, "inf" or "nan"; so an avatar view is {"cornerRadius": "50%"}). Replaces a
 * kind of that name; trees read before keep what they read.
 * Thread-safe.
 * Errors: GF_E_NULL_ARGUMENT, GF_E_INVALID_UTF8, GF_E_INVALID_ARGUMENT (a bad name or base, a bad
 * field), GF_E_PARSE (defaults_json), GF_E_LIMIT.
 */
gf_status gf_register_node_kind(const char *name, const char *base, const char *defaults_json);

/** Removes the node kind registered as `name`; GF_E_NOT_FOUND if there is none. Thread-safe. */
gf_status gf_unregister_node_kind(const char *name);

/**
 * A loaded plugin library. Made by gf_plugin_load, released by gf_plugin_unload. One thread at a
 * time per plugin handle.
 */
typedef struct gf_plugin gf_plugin;

/** The library's side of one gf_plugin_load, passed back to the table's functions. Opaque. */
typedef struct gf_plugin_registrar gf_plugin_registrar;

/** The table's gf_register_curve: the same arguments after the registrar, registered by the plugin. */
typedef gf_status (*gf_plugin_register_curve_fn)(gf_plugin_registrar *registrar, const char *name, gf_curve_fn fn,
                                                 void *user_data, gf_free_fn free_user_data);
/** The table's gf_register_effect, registered by the plugin. */
typedef gf_status (*gf_plugin_register_effect_fn)(gf_plugin_registrar *registrar, const char *name,
                                                  gf_effect_fn fn, const gf_effect_params *params,
                                                  void *user_data, gf_free_fn free_user_data);
/** The table's gf_register_node_kind, registered by the plugin. */
typedef gf_status (*gf_plugin_register_node_kind_fn)(gf_plugin_registrar *registrar, const char *name,
                                                     const char *base, const char *defaults_json);

/**
 * The function table a plugin's entry point receives; call its functions with its registrar
 * (api->register_curve(api->registrar, "acme.wobble", fn, data, free_fn)). A plugin needs nothing
 * else from the library (it need not link against libghostframe.so). The table stays valid while
 * the plugin is loaded; its functions work only during the entry point (GF_E_MISUSE afterwards)
 * and only after the plugin wrote plugin_abi_version (GF_E_INVALID_ARGUMENT before, and for
 * another version). What a plugin registers through it, gf_plugin_unload removes (if still
 * registered by it).
 */
typedef struct gf_plugin_api {
    uint32_t struct_size;         /* sizeof(gf_plugin_api) of the library: check it covers what you call */
    uint32_t abi_version;         /* the library's GF_ABI_VERSION */
    uint32_t plugin_abi_version;  /* in: 0; the plugin writes the GF_ABI_VERSION it was built with */
    uint32_t reserved;            /* 0 */
    gf_plugin_registrar *registrar;                 /* the first argument of every function below */
    gf_plugin_register_curve_fn register_curve;
    gf_plugin_register_effect_fn register_effect;
    gf_plugin_register_node_kind_fn register_node_kind;
} gf_plugin_api;

/**
 * The entry point every plugin exports under the name GF_PLUGIN_INIT_SYMBOL ("gf_plugin_init"):
 * writes api->plugin_abi_version = GF_ABI_VERSION, registers through api, and returns GF_OK (any
 * other value refuses the load). Called once per gf_plugin_load, on the loading thread.
 */
typedef gf_status (*gf_plugin_init_fn)(gf_plugin_api *api);
#define GF_PLUGIN_INIT_SYMBOL "gf_plugin_init"

/**
 * dlopens the shared library at `path` (NUL-terminated UTF-8), calls its gf_plugin_init with a
 * new gf_plugin_api, and on success *out_plugin (required) owns a new plugin handle. The load is
 * refused, with everything it registered removed and the library closed, when the library cannot
 * be opened or lacks the symbol (GF_E_NOT_FOUND, with dlerror's text), when the plugin was built
 * for another ABI version (GF_E_INVALID_ARGUMENT: "built for ABI version N; this library is M"),
 * or when the entry point returns an error (that status, or GF_E_CALLBACK for a value that is no
 * status). Loading one library twice gives two handles; each removes what it registered.
 * Registrations belong to the plugin whichever entry point makes them: the table's functions,
 * and the global gf_register_curve / gf_register_effect / gf_register_node_kind when a plugin
 * linked against this library calls them from gf_plugin_init on the loading thread. Anything a
 * plugin registers later, or from another thread, is the host's and stays after the unload: a
 * plugin must not leave such a registration pointing into its code.
 * Thread-safe.
 */
gf_status gf_plugin_load(const char *path, gf_plugin **out_plugin);

/**
 * Removes every curve, effect and node kind the plugin registered (through its table or the
 * global calls, see gf_plugin_load) that is still registered by it, and frees the handle; NULL
 * does nothing. What the removal releases (free_user_data) runs after the registries' locks. Curves and scenes still holding the plugin's
 * callbacks keep working: the library is dlclosed when the last of them is freed.
 */
/* Misuse: plugin (type, freed, busy). */
gf_status gf_plugin_unload(gf_plugin *plugin);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_H */
