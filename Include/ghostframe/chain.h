/*
 * ghostframe/chain.h -- AXAnimationChain-style chains of animations on one layer.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_CHAIN_H
#define GHOSTFRAME_CHAIN_H

#include "base.h"
#include "scene.h"
#include "timeline.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * A chain's schedule uses gf_timeline_entry (ghostframe/timeline.h): for a chain, `name` is the
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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_CHAIN_H */
