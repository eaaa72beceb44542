/*
 * test_plugins.c -- issue 16: host curves, skeleton effects, node kinds and plugin libraries
 * through the C ABI: registration, use everywhere a curve name is, failing callbacks, re-entrant
 * callbacks, unregistering and replacing while curves and scenes hold a definition, threads
 * registering and sampling at once, and the example plugin (examples/c/plugins/example_plugin.c)
 * loaded, used, unloaded while a scene uses it, and refused when built for another ABI version;
 * and a plugin that registers through the global gf_register_* calls during its entry point
 * (examples/c/plugins/global_plugin.c, issue 28 point 3): unloading it removes what it
 * registered, whose finalizer uses the registries, and nothing of it is called after its library
 * is closed (checked in a child process: before the fix that evaluation was a SIGSEGV).
 *
 * The plugin tests need GF_EXAMPLE_PLUGIN, GF_EXAMPLE_PLUGIN_ABI99 and GF_GLOBAL_PLUGIN (paths;
 * CMake sets them); without them those tests are skipped (reported, not failed).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

#include "gf_child.h"
#include "gf_test.h"

#define PI 3.14159265358979323846
#define SENTINEL_SIZE_T ((size_t)0xA5A5A5A5u)

/* ---- helpers ---- */

typedef struct counted { int *frees; double power; } counted;

static double power_curve(void *user_data, double x) { return pow(x, ((counted *)user_data)->power); }
static void count_free(void *user_data) {
    counted *c = user_data;
    (*c->frees)++;
    free(c);
}
static counted *make_counted(int *frees, double power) {
    counted *c = malloc(sizeof *c);
    c->frees = frees;
    c->power = power;
    return c;
}

static double eval_spec(const char *spec, double x, gf_status *status) {
    gf_curve *curve = NULL;
    double y = NAN;
    *status = gf_curve_parse(spec, &curve);
    if (*status != GF_OK) return NAN;
    *status = gf_curve_eval(curve, x, 0, &y);
    gf_curve_free(curve);
    return y;
}

/* A scene of one layer whose opacity goes 0 -> 1 over 1 s with `easing`. */
static gf_status opacity_scene(const char *easing, gf_scene **out) {
    char json[1024];
    snprintf(json, sizeof json,
             "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\", \"frame\": [0, 0, 10, 10]}],"
             " \"animations\": [{\"layer\": \"a\", \"key\": \"fade\", \"type\": \"basic\", \"keyPath\": \"opacity\","
             " \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, \"fill\": \"both\", \"easing\": \"%s\"}}]}",
             easing);
    return gf_scene_load_json(json, strlen(json), out);
}

static double opacity_at(gf_scene *scene, double t, gf_status *status) {
    gf_layer_state state[1];
    size_t count = 0;
    *status = gf_scene_sample(scene, t, state, 1, &count);
    return state[0].opacity;
}

/* ---- host curves ---- */

static void test_register_and_use(void) {
    int frees = 0;
    CHECK_OK(gf_register_curve("test.square", power_curve, make_counted(&frees, 2), count_free));
    gf_status status;
    /* x^2, exactly: the callback is called with x and its value returned as is. */
    for (int i = 0; i <= 10; i++) {
        double x = i / 10.0;
        CHECK(eval_spec("test.square", x, &status) == x * x);
        CHECK_EQ_INT(status, GF_OK);
    }
    /* Batch: eval_n against the closed form. */
    gf_curve *curve = NULL;
    CHECK_OK(gf_curve_parse("  test.square ", &curve));
    double xs[5] = {0, 0.25, 0.5, 0.75, 1}, ys[5];
    CHECK_OK(gf_curve_eval_n(curve, xs, ys, 5));
    for (int i = 0; i < 5; i++) CHECK(ys[i] == xs[i] * xs[i]);
    char *spec = NULL;
    CHECK_OK(gf_curve_spec(curve, &spec));
    CHECK(spec != NULL && strcmp(spec, "test.square") == 0);
    gf_string_free(spec);
    /* In a scene's timing easing: opacity(t) = t^2 (tolerance 1e-12: the sampler's lerp). */
    gf_scene *scene = NULL;
    CHECK_OK(opacity_scene("test.square", &scene));
    CHECK_NEAR(opacity_at(scene, 0.5, &status), 0.25, 1e-12);
    CHECK_EQ_INT(status, GF_OK);
    CHECK_NEAR(opacity_at(scene, 0.9, &status), 0.81, 1e-12);
    /* In a timing made through the builder. */
    gf_timing_params params;
    gf_timing_params_init(&params);
    params.duration = 2;
    gf_curve *easing = NULL;
    CHECK_OK(gf_curve_parse("test.square", &easing));
    params.easing = easing;
    gf_timing *timing = NULL;
    CHECK_OK(gf_timing_create(&params, &timing));
    gf_curve_free(easing);
    gf_timing_state state;
    CHECK_OK(gf_timing_at(timing, 1, &state));
    CHECK_NEAR(state.progress, 0.25, 1e-12);
    gf_timing_free(timing);

    /* Unregistering keeps what holds the curve: the parsed curve and the scene still evaluate,
     * and the user data is freed only when the last of them goes. */
    CHECK_OK(gf_unregister_curve("test.square"));
    CHECK_FAIL(gf_unregister_curve("test.square"), GF_E_NOT_FOUND);
    gf_curve *gone = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse("test.square", &gone), GF_E_NOT_FOUND);
    CHECK(gone == SENTINEL_CURVE);
    double y = 0;
    CHECK_OK(gf_curve_eval(curve, 0.5, 0, &y));
    CHECK(y == 0.25);
    CHECK_NEAR(opacity_at(scene, 0.5, &status), 0.25, 1e-12);
    CHECK_EQ_INT(frees, 0);
    gf_curve_free(curve);
    CHECK_EQ_INT(frees, 0);
    gf_scene_free(scene);
    CHECK_EQ_INT(frees, 1);
}

static void test_replace(void) {
    int frees = 0;
    CHECK_OK(gf_register_curve("test.power", power_curve, make_counted(&frees, 2), count_free));
    gf_curve *old = NULL;
    CHECK_OK(gf_curve_parse("test.power", &old));
    CHECK_OK(gf_register_curve("test.power", power_curve, make_counted(&frees, 3), count_free));
    gf_status status;
    CHECK(eval_spec("test.power", 0.5, &status) == 0.125); /* the new one */
    double y = 0;
    CHECK_OK(gf_curve_eval(old, 0.5, 0, &y));
    CHECK(y == 0.25);                                     /* the old one, kept by `old` */
    CHECK_EQ_INT(frees, 0);
    gf_curve_free(old);
    CHECK_EQ_INT(frees, 1);
    CHECK_OK(gf_unregister_curve("test.power"));
    CHECK_EQ_INT(frees, 2);
}

static double bad_curve(void *user_data, double x) {
    (void)user_data;
    return x > 0.5 ? NAN : (x < 0.1 ? INFINITY : x);
}

static void test_failures(void) {
    int frees = 0;
    /* Names: a dot is required; built-in names (no dot) cannot be taken. */
    counted *c = make_counted(&frees, 1);
    CHECK_FAIL(gf_register_curve("ease", power_curve, c, count_free), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_curve("wobble", power_curve, c, count_free), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_curve("acme.", power_curve, c, count_free), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_curve("acme..x", power_curve, c, count_free), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_curve("1acme.x", power_curve, c, count_free), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_curve(NULL, power_curve, c, count_free), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_register_curve("acme.x", NULL, c, count_free), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_register_curve("acme.\xff", power_curve, c, count_free), GF_E_INVALID_UTF8);
    CHECK_FAIL(gf_unregister_curve(NULL), GF_E_NULL_ARGUMENT);
    /* A failed registration leaves user_data with the caller. */
    CHECK_EQ_INT(frees, 0);
    free(c);

    /* A curve returning NaN or infinity: GF_E_CALLBACK naming it, *out_y untouched. */
    CHECK_OK(gf_register_curve("test.bad", bad_curve, NULL, NULL));
    gf_curve *curve = NULL;
    CHECK_OK(gf_curve_parse("test.bad", &curve));
    double y = SENTINEL_DOUBLE;
    CHECK_FAIL(gf_curve_eval(curve, 0.75, 0, &y), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.bad") != NULL);
    CHECK_UNTOUCHED_DOUBLE(y);
    CHECK_FAIL(gf_curve_eval(curve, 0.05, 0, &y), GF_E_CALLBACK);
    CHECK_OK(gf_curve_eval(curve, 0.3, 0, &y));
    CHECK(y == 0.3);
    double xs[3] = {0.2, 0.9, 0.3}, ys[3];
    CHECK_FAIL(gf_curve_eval_n(curve, xs, ys, 3), GF_E_CALLBACK);
    CHECK(ys[0] == 0.2 && isnan(ys[1]) && ys[2] == 0.3);
    gf_curve_free(curve);
    /* ... and in sampling: GF_E_CALLBACK from gf_scene_sample; a later good time works again. */
    gf_scene *scene = NULL;
    CHECK_OK(opacity_scene("test.bad", &scene));
    gf_status status;
    opacity_at(scene, 0.75, &status);
    CHECK_EQ_INT(status, GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.bad") != NULL);
    CHECK_NEAR(opacity_at(scene, 0.3, &status), 0.3, 1e-12);
    CHECK_EQ_INT(status, GF_OK);
    gf_scene_free(scene);
    CHECK_OK(gf_unregister_curve("test.bad"));
}

/* A scene of one layer "a" whose opacity (key "fade") and custom property "k" go 0 -> 1 over
 * 1 s with `easing`. */
static gf_status fade_and_custom_scene(const char *easing, gf_scene **out) {
    char json[1024];
    snprintf(json, sizeof json,
             "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\", \"frame\": [0, 0, 10, 10]}],"
             " \"animations\": [{\"layer\": \"a\", \"key\": \"fade\", \"type\": \"basic\", \"keyPath\": \"opacity\","
             " \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, \"fill\": \"both\", \"easing\": \"%s\"}},"
             " {\"layer\": \"a\", \"type\": \"basic\", \"keyPath\": \"custom.k\","
             " \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, \"fill\": \"both\", \"easing\": \"%s\"}}]}",
             easing, easing);
    return gf_scene_load_json(json, strlen(json), out);
}

/* Whether the scene's JSON is `before` (the scene unchanged). */
static int scene_json_is(gf_scene *scene, const char *before) {
    char *json = NULL;
    int same = gf_scene_to_json(scene, &json) == GF_OK && strcmp(json, before) == 0;
    gf_string_free(json);
    return same;
}

/* Issue 28 point 4: every call that evaluates a failing host curve returns GF_E_CALLBACK naming
 * it, and leaves its outputs and handles as they were: gf_timing_at, gf_scene_sample_custom
 * (once GF_OK), gf_scene_add_animation_handoff (once GF_OK with a NaN start) and gf_skeleton_end
 * (once GF_OK, fading from 1). The same calls where the curve works give GF_OK. */
static void test_failures_everywhere(void) {
    gf_curve *curve = NULL;
    gf_timing_params params;
    gf_timing *timing = NULL, *plain = NULL;
    gf_timing_state state, untouched;
    gf_scene *scene = NULL, *skeleton = NULL;
    gf_animation *animation = NULL;
    double values[1] = {SENTINEL_DOUBLE}, to = 0.5, from = 1;
    size_t count = 0;
    uint64_t id = 77;
    char *before = NULL;
    static const char TREE[] = "{\"viewport\": [100, 100], \"style\": {\"animation\": \"none\"}, \"root\": {\"frame\": "
                               "[0, 0, 100, 100], \"children\": [{\"type\": \"image\", \"frame\": [0, 0, 40, 40]}]}}";
    CHECK_OK(gf_register_curve("test.half", bad_curve, NULL, NULL)); /* NaN past 0.5, inf below 0.1 */
    CHECK_OK(gf_curve_parse("test.half", &curve));

    gf_timing_params_init(&params);
    params.duration = 1;
    params.easing = curve;
    CHECK_OK(gf_timing_create(&params, &timing));
    memset(&state, SENTINEL_BYTE, sizeof state);
    untouched = state;
    CHECK_FAIL(gf_timing_at(timing, 0.75, &state), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.half") != NULL);
    CHECK(memcmp(&state, &untouched, sizeof state) == 0);
    CHECK_OK(gf_timing_at(timing, 0.25, &state));
    CHECK(state.progress == 0.25);

    CHECK_OK(fade_and_custom_scene("test.half", &scene));
    count = SENTINEL_SIZE_T;
    CHECK_FAIL(gf_scene_sample_custom(scene, "k", 0.75, values, 1, &count), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.half") != NULL);
    CHECK(count == SENTINEL_SIZE_T);
    CHECK_OK(gf_scene_sample_custom(scene, "k", 0.25, values, 1, &count));
    CHECK(values[0] == 0.25);

    /* A hand-off at 0.75 reads the fade's presentation there: the call fails, the scene keeps the
     * old fade (its JSON unchanged) and *out_id is untouched. */
    gf_timing_params_init(&params);
    params.duration = 1;
    CHECK_OK(gf_timing_create(&params, &plain));
    CHECK_OK(gf_animation_create_basic("opacity", plain, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_scene_to_json(scene, &before));
    CHECK_FAIL(gf_scene_add_animation_handoff(scene, "a", animation, "fade", 0.75, &id), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.half") != NULL);
    CHECK(id == 77);
    CHECK(scene_json_is(scene, before));
    gf_string_free(before);
    CHECK_OK(gf_scene_add_animation_handoff(scene, "a", animation, "fade", 0.25, &id));
    CHECK_OK(gf_animation_free(animation));

    /* gf_skeleton_end reads the root's opacity at t: with a failing curve on it, GF_E_CALLBACK
     * and no fade added. */
    CHECK_OK(gf_skeleton_from_json(TREE, strlen(TREE), &skeleton));
    CHECK_OK(gf_animation_create_basic("opacity", timing, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_scene_add_animation(skeleton, "skeleton", animation, NULL, NULL));
    CHECK_OK(gf_animation_free(animation));
    CHECK_OK(gf_scene_to_json(skeleton, &before));
    CHECK_FAIL(gf_skeleton_end(skeleton, 0.75, NULL), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.half") != NULL);
    CHECK(scene_json_is(skeleton, before));
    gf_string_free(before);
    CHECK_OK(gf_skeleton_end(skeleton, 0.25, NULL));

    CHECK_OK(gf_scene_free(skeleton));
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timing_free(plain));
    CHECK_OK(gf_timing_free(timing));
    CHECK_OK(gf_curve_free(curve));
    CHECK_OK(gf_unregister_curve("test.half"));
}

/* A curve that evaluates another curve inside its callback (no lock is held while it runs). */
static double nested_curve(void *user_data, double x) {
    gf_curve *inner = NULL;
    double y = NAN;
    if (gf_curve_parse((const char *)user_data, &inner) != GF_OK) return NAN;
    if (gf_curve_eval(inner, x, 0, &y) != GF_OK) y = NAN;
    gf_curve_free(inner);
    return 1 - y;
}

static void test_reentrant(void) {
    int frees = 0;
    CHECK_OK(gf_register_curve("test.inner", power_curve, make_counted(&frees, 2), count_free));
    CHECK_OK(gf_register_curve("test.outer", nested_curve, "test.inner", NULL));
    gf_status status;
    CHECK(eval_spec("test.outer", 0.5, &status) == 0.75);
    CHECK_EQ_INT(status, GF_OK);
    /* A callback whose inner curve fails makes the outer one fail. */
    CHECK_OK(gf_register_curve("test.outer2", nested_curve, "test.missing", NULL));
    eval_spec("test.outer2", 0.5, &status);
    CHECK_EQ_INT(status, GF_E_CALLBACK);
    /* A callback that registers a curve while being evaluated. */
    gf_scene *scene = NULL;
    CHECK_OK(opacity_scene("test.outer", &scene));
    CHECK_NEAR(opacity_at(scene, 0.5, &status), 0.75, 1e-12);
    gf_scene_free(scene);
    CHECK_OK(gf_unregister_curve("test.outer"));
    CHECK_OK(gf_unregister_curve("test.outer2"));
    CHECK_OK(gf_unregister_curve("test.inner"));
    CHECK_EQ_INT(frees, 1);
}

/* ---- threads: registering, replacing, unregistering and sampling at once ---- */

enum { THREADS = 4, ROUNDS = 300 };
static int thread_frees[THREADS];
static int thread_errors[THREADS];

static void *registrar(void *arg) {
    int id = (int)(intptr_t)arg;
    for (int i = 0; i < ROUNDS; i++) {
        counted *c = make_counted(&thread_frees[id], 2);
        if (gf_register_curve("race.shared", power_curve, c, count_free) != GF_OK) { thread_errors[id]++; free(c); }
        if (i % 3 == 0) gf_unregister_curve("race.shared"); /* may be GF_E_NOT_FOUND: another thread removed it */
    }
    return NULL;
}

static void *sampler(void *arg) {
    int id = (int)(intptr_t)arg;
    for (int i = 0; i < ROUNDS; i++) {
        gf_scene *scene = NULL;
        gf_status status = opacity_scene("race.shared", &scene);
        if (status == GF_E_NOT_FOUND) continue;
        if (status != GF_OK) { thread_errors[id]++; continue; }
        double o = opacity_at(scene, 0.5, &status);
        if (status != GF_OK || fabs(o - 0.25) > 1e-12) thread_errors[id]++;
        gf_scene_free(scene);
    }
    return NULL;
}

static void test_threads(void) {
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        thread_frees[i] = 0;
        thread_errors[i] = 0;
        pthread_create(&threads[i], NULL, i % 2 ? sampler : registrar, (void *)(intptr_t)i);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    gf_unregister_curve("race.shared");
    int errors = 0;
    for (int i = 0; i < THREADS; i++) errors += thread_errors[i];
    CHECK_EQ_INT(errors, 0);
    /* Every registration's user data was freed exactly once. */
    CHECK_EQ_INT(thread_frees[0], ROUNDS);
    CHECK_EQ_INT(thread_frees[2], ROUNDS);
}

/* ---- skeleton effects and node kinds ---- */

static int32_t half_opacity(void *user_data, double x, double y, double width, double height, uint32_t index,
                            uint32_t count, double progress, gf_effect_output *out) {
    (void)user_data; (void)x; (void)y; (void)width; (void)height; (void)index; (void)count;
    if (out->struct_size < sizeof(gf_effect_output)) return -1;
    out->opacity = 1 - 0.5 * progress;
    out->scale_x = 1 + progress;
    return GF_OK;
}

static int32_t failing_effect(void *user_data, double x, double y, double width, double height, uint32_t index,
                              uint32_t count, double progress, gf_effect_output *out) {
    (void)user_data; (void)x; (void)y; (void)width; (void)height; (void)count; (void)out;
    return index == 1 && progress > 0.5 ? 7 : GF_OK;
}

/* Writes, for bone 1 past progress 0.5, what user_data names out of its range; the ends of the
 * ranges (red 1, opacity 0) everywhere else. */
static int32_t out_of_range_effect(void *user_data, double x, double y, double width, double height, uint32_t index,
                                   uint32_t count, double progress, gf_effect_output *out) {
    const char *what = user_data;
    (void)x; (void)y; (void)width; (void)height; (void)count;
    out->red = 1;
    out->opacity = 0;
    out->has_gradient = 1;
    if (index != 1 || progress <= 0.5) return GF_OK;
    if (strcmp(what, "red") == 0) out->red = 2;
    if (strcmp(what, "opacity") == 0) out->opacity = 5;
    if (strcmp(what, "gradient") == 0) out->gradient_colors[4] = -5; /* the middle stop's red */
    return GF_OK;
}

static const char *effect_tree =
    "{\"viewport\": [200, 100], \"style\": {\"animation\": \"%s\"}, \"root\": {\"frame\": [0, 0, 200, 100],"
    " \"children\": [{\"type\": \"%s\", \"frame\": [10, 10, 40, 40]}, {\"type\": \"label\", \"frame\": [60, 10, 100, 20]}]}}";

static gf_status skeleton(const char *effect, const char *type, gf_scene **out) {
    char json[1024];
    snprintf(json, sizeof json, effect_tree, effect, type);
    return gf_skeleton_from_json(json, strlen(json), out);
}

static void test_effects(void) {
    gf_effect_params params;
    gf_effect_params_init(&params);
    CHECK_EQ_INT(params.samples, 31);
    CHECK(params.duration == 1.5);
    params.samples = 11;
    params.duration = 2;
    CHECK_OK(gf_register_effect("test.half", half_opacity, &params, NULL, NULL));
    gf_scene *scene = NULL;
    CHECK_OK(skeleton("test.half", "image", &scene));
    gf_layer_state states[16];
    size_t count = 0;
    /* At t = 1 (progress 0.5, a sample): bones' opacity 0.75, scale x 1.5 (transform a). */
    CHECK_OK(gf_scene_sample(scene, 1, states, 16, &count));
    int bones = 0;
    for (size_t i = 0; i < count; i++) {
        if (states[i].parent < 0 || states[i].width == 200) continue;
        if (fabs(states[i].opacity - 0.75) < 1e-9 && fabs(states[i].transform[0] - 1.5) < 1e-9) bones++;
    }
    CHECK_EQ_INT(bones, 2);
    gf_scene_free(scene);
    /* Failing effects fail the generation with GF_E_CALLBACK; unknown ones are GF_E_NOT_FOUND. */
    CHECK_OK(gf_register_effect("test.failing", failing_effect, NULL, NULL, NULL));
    gf_scene *none = NULL;
    CHECK_FAIL(skeleton("test.failing", "image", &none), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.failing") != NULL);
    CHECK(none == NULL);
    CHECK_FAIL(skeleton("test.nothing", "image", &none), GF_E_NOT_FOUND);
    /* Issue 28 point 10: one rule for values outside their ranges (colours and opacity in
     * [0, 1]): GF_E_CALLBACK naming the effect, the bone and the field, nothing made. Once a red
     * of 2 was sampled as 2, an opacity of 5 clamped, a gradient colour of -5 refused as
     * GF_E_INVALID_ARGUMENT naming an internal layer. */
    {
        static const char *cases[][2] = {{"red", "wrote red 2"}, {"opacity", "wrote opacity 5"},
                                         {"gradient", "wrote gradient colour 1 red -5"}};
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            CHECK_OK(gf_register_effect("test.range", out_of_range_effect, NULL, (void *)cases[i][0], NULL));
            none = NULL;
            CHECK_FAIL(skeleton("test.range", "image", &none), GF_E_CALLBACK);
            if (!CHECK(strstr(gf_last_error_message(), "test.range") != NULL &&
                       strstr(gf_last_error_message(), "bone 1") != NULL &&
                       strstr(gf_last_error_message(), cases[i][1]) != NULL))
                printf("     message: %s\n", gf_last_error_message());
            CHECK(none == NULL);
        }
        /* The ends of the ranges are in them. */
        CHECK_OK(gf_register_effect("test.range", out_of_range_effect, NULL, (void *)"nothing", NULL));
        CHECK_OK(skeleton("test.range", "image", &none));
        gf_scene_free(none);
        none = NULL;
        CHECK_OK(gf_unregister_effect("test.range"));
    }
    /* Bad parameters. */
    params.samples = 1;
    CHECK_FAIL(gf_register_effect("test.x", half_opacity, &params, NULL, NULL), GF_E_INVALID_ARGUMENT);
    params.samples = 10;
    params.duration = NAN;
    CHECK_FAIL(gf_register_effect("test.x", half_opacity, &params, NULL, NULL), GF_E_INVALID_ARGUMENT);
    params.duration = 1;
    params.struct_size = 4;
    CHECK_FAIL(gf_register_effect("test.x", half_opacity, &params, NULL, NULL), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_unregister_effect("test.half"));
    CHECK_OK(gf_unregister_effect("test.failing"));
    CHECK_FAIL(gf_unregister_effect("test.half"), GF_E_NOT_FOUND);
}

static void test_node_kinds(void) {
    CHECK_OK(gf_register_node_kind("test.Avatar", "image", "{\"cornerRadius\": \"50%\"}"));
    gf_scene *scene = NULL;
    CHECK_OK(skeleton("shimmer", "test.Avatar", &scene));
    gf_layer_state states[16];
    size_t count = 0;
    CHECK_OK(gf_scene_sample(scene, 0, states, 16, &count));
    int found = 0;
    for (size_t i = 0; i < count; i++)
        if (states[i].width == 40 && states[i].corner_radius == 20) found++;
    CHECK_EQ_INT(found, 1);
    gf_scene_free(scene);
    CHECK_FAIL(gf_register_node_kind("test.List", "table", NULL), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_node_kind("test.X", "imag", NULL), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{\"cornerRadius\": \"half\"}"), GF_E_INVALID_ARGUMENT);
    /* A percentage is a decimal number (issue 28 point 10: "0x10%" was read as 16 %). */
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{\"cornerRadius\": \"0x10%\"}"), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "0x10%") != NULL);
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{\"cornerRadius\": \"0x1p4%h\"}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{\"cornerRadius\": \"1e999%\"}"), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_register_node_kind("test.X", "image", "{\"cornerRadius\": \"1.25e1%h\"}"));
    CHECK_OK(gf_unregister_node_kind("test.X"));
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{\"corner\": 1}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_register_node_kind("test.X", "image", "{"), GF_E_PARSE);
    CHECK_OK(gf_unregister_node_kind("test.Avatar"));
    CHECK_FAIL(skeleton("shimmer", "test.Avatar", &scene), GF_E_INVALID_ARGUMENT);
}

/* ---- plugin libraries ---- */

static void test_plugin(void) {
    const char *path = getenv("GF_EXAMPLE_PLUGIN");
    if (path == NULL) {
        printf("SKIP test_plugin: GF_EXAMPLE_PLUGIN is not set\n");
        return;
    }
    gf_plugin *plugin = NULL;
    CHECK_OK(gf_plugin_load(path, &plugin));
    /* The plugin's counter of live user data: 1 (the wobble's parameters). */
    void *self = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(self != NULL);
    int (*live)(void) = NULL;
    if (self) *(void **)(&live) = dlsym(self, "acme_live_user_data"); /* POSIX's idiom for a function */
    CHECK(live != NULL && live() == 1);
    gf_status status;
    for (int i = 0; i <= 8; i++) {
        double x = i / 8.0;
        CHECK_NEAR(eval_spec("acme.wobble", x, &status), 1 - cos(4.5 * PI * x) * exp(-6 * x), 1e-15);
    }
    /* The effect: opacity 1 - 0.4 (0.5 - 0.5 cos(2 pi (p - i / n))) at the samples (25 a 1.2 s cycle). */
    gf_scene *skel = NULL;
    CHECK_OK(skeleton("acme.glow", "acme.AvatarView", &skel));
    gf_layer_state states[16];
    size_t count = 0;
    double t = 6 * 1.2 / 24; /* sample 6: progress 0.25 */
    CHECK_OK(gf_scene_sample(skel, t, states, 16, &count));
    int matched = 0, avatar = 0;
    for (size_t i = 0, bone = 0; i < count; i++) {
        if (states[i].parent < 0 || states[i].width == 200) continue;
        double wave = 0.5 - 0.5 * cos(2 * PI * (0.25 - bone / 2.0));
        if (fabs(states[i].opacity - (1 - 0.4 * wave)) < 1e-9) matched++;
        if (states[i].width == 40 && states[i].corner_radius == 20) avatar++;
        bone++;
    }
    CHECK_EQ_INT(matched, 2);
    CHECK_EQ_INT(avatar, 1);
    /* Unload while a scene still uses the plugin's curve: it keeps sampling, and the library
     * stays loaded until that scene is freed. */
    gf_scene *scene = NULL;
    CHECK_OK(opacity_scene("acme.wobble", &scene));
    CHECK_OK(gf_plugin_unload(plugin));
    gf_curve *curve = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse("acme.wobble", &curve), GF_E_NOT_FOUND);
    gf_scene *refused = NULL;
    CHECK_FAIL(skeleton("acme.glow", "image", &refused), GF_E_NOT_FOUND);
    CHECK_NEAR(opacity_at(scene, 0.5, &status), 1 - cos(4.5 * PI * 0.5) * exp(-3), 1e-12);
    CHECK_EQ_INT(status, GF_OK);
    CHECK(live != NULL && live() == 1);
    gf_scene_free(scene);
    gf_scene_free(skel);
    CHECK(live != NULL && live() == 0);   /* freed when the last curve went */
    dlclose(self);
    void *again = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(again == NULL);                 /* and the library is closed */
    if (again) dlclose(again);
    /* Misuse of the handle. */
    CHECK_FAIL(gf_plugin_unload(plugin), GF_E_MISUSE);
    CHECK_OK(gf_plugin_unload(NULL));
    /* Load twice: two handles; each removes what it registered. */
    gf_plugin *a = NULL, *b = NULL;
    CHECK_OK(gf_plugin_load(path, &a));
    CHECK_OK(gf_plugin_load(path, &b));
    CHECK_OK(gf_plugin_unload(a));
    CHECK(eval_spec("acme.wobble", 1, &status) >= 0 && status == GF_OK); /* b's registration */
    CHECK_OK(gf_plugin_unload(b));
    eval_spec("acme.wobble", 1, &status);
    CHECK_EQ_INT(status, GF_E_NOT_FOUND);
}

static void test_plugin_refused(void) {
    gf_plugin *plugin = (gf_plugin *)(void *)gf_test_sentinel_storage;
    CHECK_FAIL(gf_plugin_load("/nonexistent/libnothing.so", &plugin), GF_E_NOT_FOUND);
    CHECK(plugin == (gf_plugin *)(void *)gf_test_sentinel_storage);
    CHECK_FAIL(gf_plugin_load(NULL, &plugin), GF_E_NULL_ARGUMENT);
    /* A library without the entry point: libm. */
    CHECK_FAIL(gf_plugin_load("libm.so.6", &plugin), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "gf_plugin_init") != NULL);
    const char *path = getenv("GF_EXAMPLE_PLUGIN_ABI99");
    if (path == NULL) {
        printf("SKIP test_plugin_refused (ABI): GF_EXAMPLE_PLUGIN_ABI99 is not set\n");
        return;
    }
    CHECK_FAIL(gf_plugin_load(path, &plugin), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "ABI version 99") != NULL);
    CHECK(plugin == (gf_plugin *)(void *)gf_test_sentinel_storage);
    gf_status status;
    eval_spec("acme.wobble", 1, &status);
    CHECK_EQ_INT(status, GF_E_NOT_FOUND); /* nothing of it stayed registered */
}

/* In a child: load the global-calls plugin, unload it, evaluate its curve's name. The library
 * is closed by then (nothing holds it), so a registration left behind would jump into it. */
static int global_plugin_unloaded_child(void *arg) {
    gf_plugin *plugin = NULL;
    gf_status status;
    gf_test_passed = gf_test_failed = 0;
    alarm(20);
    CHECK_OK(gf_plugin_load((const char *)arg, &plugin));
    CHECK_NEAR(eval_spec("acme.global", 0.5, &status), 0.125, 0);
    CHECK_OK(gf_plugin_unload(plugin));
    void *still = dlopen((const char *)arg, RTLD_NOW | RTLD_NOLOAD);
    CHECK(still == NULL); /* closed: nothing uses its code */
    if (still) dlclose(still);
    eval_spec("acme.global", 0.5, &status);
    CHECK_EQ_INT(status, GF_E_NOT_FOUND);
    return gf_test_summary();
}

static void test_plugin_global_calls(void) {
    const char *path = getenv("GF_GLOBAL_PLUGIN");
    if (path == NULL) {
        printf("SKIP test_plugin_global_calls: GF_GLOBAL_PLUGIN is not set\n");
        return;
    }
    gf_child_limits limits = {0, 30};
    gf_child_result r = gf_child_run(global_plugin_unloaded_child, (void *)path, &limits);
    CHECK(!gf_child_report("global-calls plugin: its curve after unload", &r, NULL));

    gf_plugin *plugin = NULL;
    CHECK_OK(gf_plugin_load(path, &plugin));
    void *self = dlopen(path, RTLD_NOW | RTLD_NOLOAD); /* kept open to read its counters */
    CHECK(self != NULL);
    int (*live)(void) = NULL, (*nested_failures)(void) = NULL;
    if (self) {
        *(void **)(&live) = dlsym(self, "global_plugin_live_user_data");
        *(void **)(&nested_failures) = dlsym(self, "global_plugin_nested_failures");
    }
    CHECK(live != NULL && nested_failures != NULL && live() == 1);
    gf_status status;
    CHECK_NEAR(eval_spec("acme.global", 0.5, &status), 0.125, 0); /* x^3, exact for 0.5 */
    /* A scene holding the curve across the unload keeps it, and the plugin's code, alive. */
    gf_scene *scene = NULL;
    CHECK_OK(opacity_scene("acme.global", &scene));
    CHECK_OK(gf_plugin_unload(plugin));
    gf_status removed;
    eval_spec("acme.global", 0.5, &removed);
    CHECK_EQ_INT(removed, GF_E_NOT_FOUND);                            /* removed with the plugin */
    CHECK_FAIL(gf_unregister_node_kind("acme.GlobalView"), GF_E_NOT_FOUND); /* this one too */
    CHECK_NEAR(opacity_at(scene, 0.5, &status), 0.125, 0);
    CHECK_EQ_INT(status, GF_OK);
    CHECK(live != NULL && live() == 1);
    gf_scene_free(scene); /* the last reference: global_free runs, using the registries */
    CHECK(live != NULL && live() == 0);
    CHECK(nested_failures != NULL && nested_failures() == 0);
    if (removed != GF_E_NOT_FOUND) gf_unregister_curve("acme.global"); /* never leave it dangling */
    if (self) dlclose(self);
    void *again = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(again == NULL);
    if (again) dlclose(again);
}

int main(void) {
    RUN(test_register_and_use);
    RUN(test_replace);
    RUN(test_failures);
    RUN(test_failures_everywhere);
    RUN(test_reentrant);
    RUN(test_threads);
    RUN(test_effects);
    RUN(test_node_kinds);
    RUN(test_plugin);
    RUN(test_plugin_refused);
    RUN(test_plugin_global_calls);
    return gf_test_summary();
}
