/*
 * ghostframe/plugins.h -- plugins: host curves, skeleton effects, node kinds and plugin libraries.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_PLUGINS_H
#define GHOSTFRAME_PLUGINS_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Plugins: host curves, skeleton effects, node kinds and plugin libraries                    */
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

#endif /* GHOSTFRAME_PLUGINS_H */
