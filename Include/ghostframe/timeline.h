/*
 * ghostframe/timeline.h -- Anim-style timelines compiled to begin times: JSON, the definition
 * registry, timelines written in code (GSAP's timeline API) and playback.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_TIMELINE_H
#define GHOSTFRAME_TIMELINE_H

#include "base.h"
#include "scene.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_TIMELINE_H */
