/*
 * ghostframe/scene.h -- scenes: a layer tree, the animations attached to it, the frame sampler, events,
 * scene JSON, and exports of a scene as Lottie, HTML + CSS or SVG.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_SCENE_H
#define GHOSTFRAME_SCENE_H

#include "base.h"
#include "animation.h"

#ifdef __cplusplus
extern "C" {
#endif

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
                               its base kind); GF_LAYER_NO_VIEW for any other layer; default
                               GF_LAYER_NO_VIEW */
    int32_t line;           /* the line of a multi-line bone's layer ("bone:<i>:line:<k>" is k); -1 otherwise;
                               default -1 */
    int32_t reserved;       /* written 0 */
    const char *id;         /* the layer's id ("bone:3"): never NULL */
    const char *view_id;    /* the id of the view a bone's layer stands for; "" when that view has
                               no id or the layer stands for no view: never NULL */
} gf_layer_info;

/** Fills *info with struct_size = sizeof(gf_layer_info) and the defaults listed beside its fields
 *  (a layer that stands for no view; id and view_id NULL). NULL does nothing. */
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
 * What gf_scene_export writes. Versioned by struct_size (see Structs at the top of ghostframe.h); fill it with
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
    double max_error;          /* the largest error baking or approximating introduced: points,
                                  degrees, percent of scale, 8-bit levels of colour and opacity;
                                  0 when everything was written exactly */
    uint32_t baked_properties; /* animated properties not written exactly: sampled at fps (linear
                                  between samples), or a curve CSS lacks as a linear() point list */
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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_SCENE_H */
