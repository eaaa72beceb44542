/*
 * ghostframe/tools.h -- ready-made pieces: the preload overlay, coordinate spaces and the card
 * transition, scrubbing and pull-to-refresh.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_TOOLS_H
#define GHOSTFRAME_TOOLS_H

#include "base.h"
#include "curve.h"
#include "scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------
 * Preload overlay: a background over the host's bounds holding a loading view in
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
 * Card transition: coordinate spaces and the expanding-card transition
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
 * A bounded reuse pool of snapshot layer ids (the card transition's pool): acquiring hands out a
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
 * Builds the expanding-card transition (docs: ExpandTransition): up (0,0,W,ty) -> (0,-ty,W,ty);
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
 * As gf_expand_transition_create, taking the part layers' ids from pool (a recycling
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
 * Scrubbing: a scene driven by a host value instead of the clock
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
 * The seed's pull-to-refresh control: four layers, in order refresh.area (the pull
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
    gf_spring spring;            /* how the area closes after gf_pull_to_refresh_end; initial_velocity unused;
                                    default mass 1, stiffness 100, damping 20 (critically damped) */
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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_TOOLS_H */
