/*
 * test_callback_reentry.c -- issue 28, points 1 and 2: a host's callbacks and finalizers call
 * back into the library from where the library calls them, and nothing aborts or hangs.
 *
 *   - A free_user_data that uses every registry (timeline definitions, curves, effects, node
 *     kinds) while it runs, when a registry drops the last reference to its definition:
 *     gf_timeline_undefine, a replacing gf_timeline_define, gf_unregister_curve, a replacing
 *     gf_register_curve, gf_unregister_effect. The header promises finalizers never run under a
 *     library lock; before the fix the timeline registry ran them under its lock, and the first
 *     nested call aborted ("Recursive call to lock Mutex").
 *   - A host curve called by gf_scene_sample_threads (2 threads) that itself calls
 *     gf_scene_sample_threads, on another scene and on the same one. Before the fix the pool held
 *     its frame lock while callbacks ran, and the inner call waited on it forever.
 *
 * Every case runs in a child process (gf_child.h) with a CPU limit and a wall-clock alarm, so an
 * abort, a crash or a hang is reported as a failure instead of ending the run.
 */
#define _GNU_SOURCE
#include <unistd.h>

#include "gf_child.h"
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
/* No case needs more than a second; a hang is killed by SIGALRM after this. */
#define CASE_WALL_SECONDS 20

/* Starts a case in its child: the counts inherited from the parent reset, a hang's alarm set. */
static void begin_case(void) {
    gf_test_passed = 0;
    gf_test_failed = 0;
    alarm(CASE_WALL_SECONDS);
}

/* ---- a finalizer that uses every registry ---------------------------------------------------- */

static int finalizer_calls = 0;      /* free_user_data calls */
static int finalizer_failures = 0;   /* nested calls that did not return GF_OK */
static int finalizer_token = 0;      /* user_data: its address */

static double square(void *user_data, double x) {
    (void)user_data;
    return x * x;
}

static int32_t plain_effect(void *user_data, double x, double y, double width, double height, uint32_t index,
                            uint32_t count, double progress, gf_effect_output *out) {
    (void)user_data; (void)x; (void)y; (void)width; (void)height; (void)index; (void)count; (void)progress;
    (void)out;
    return GF_OK;
}

static void expect_ok(gf_status status, const char *what) {
    if (status == GF_OK) return;
    finalizer_failures++;
    printf("     inside free_user_data: %s gave %d (%s): %s\n", what, (int)status, gf_status_string(status),
           gf_last_error_message());
}

/* Adds and removes a name in each registry. */
static void use_every_registry(void) {
    expect_ok(gf_timeline_define("reentry.inner", "ease", "{\"opacity\": 0.5}"), "gf_timeline_define");
    expect_ok(gf_timeline_undefine("reentry.inner"), "gf_timeline_undefine");
    expect_ok(gf_register_curve("reentry.inner", square, NULL, NULL), "gf_register_curve");
    expect_ok(gf_unregister_curve("reentry.inner"), "gf_unregister_curve");
    expect_ok(gf_register_effect("reentry.inner", plain_effect, NULL, NULL, NULL), "gf_register_effect");
    expect_ok(gf_unregister_effect("reentry.inner"), "gf_unregister_effect");
    expect_ok(gf_register_node_kind("reentry.Inner", "view", NULL), "gf_register_node_kind");
    expect_ok(gf_unregister_node_kind("reentry.Inner"), "gf_unregister_node_kind");
}

static void reentering_free(void *user_data) {
    if (user_data != &finalizer_token) finalizer_failures++;
    finalizer_calls++;
    use_every_registry();
}

/* Registers "reentry.fin" (x^2 with the reentering finalizer) and the timeline definition
 * "reentry.def" eased by it, then unregisters the curve: the definition holds the last reference. */
static void define_with_host_curve(void) {
    CHECK_OK(gf_register_curve("reentry.fin", square, &finalizer_token, reentering_free));
    CHECK_OK(gf_timeline_define("reentry.def", "reentry.fin", "{\"opacity\": -1}"));
    CHECK_OK(gf_unregister_curve("reentry.fin"));
    CHECK_EQ_INT(finalizer_calls, 0); /* the definition still holds the curve */
}

/* The finalizer ran once, and every call it made succeeded. */
static void check_finalized(void) {
    CHECK_EQ_INT(finalizer_calls, 1);
    CHECK_EQ_INT(finalizer_failures, 0);
}

static void finalizer_in_timeline_undefine(void) {
    define_with_host_curve();
    CHECK_OK(gf_timeline_undefine("reentry.def"));
    check_finalized();
}

static void finalizer_in_replacing_timeline_define(void) {
    define_with_host_curve();
    CHECK_OK(gf_timeline_define("reentry.def", "linear", "{\"opacity\": -1}"));
    CHECK_OK(gf_timeline_undefine("reentry.def"));
    check_finalized();
}

static void finalizer_in_unregister_curve(void) {
    CHECK_OK(gf_register_curve("reentry.fin", square, &finalizer_token, reentering_free));
    CHECK_OK(gf_unregister_curve("reentry.fin"));
    check_finalized();
}

static void finalizer_in_replacing_register_curve(void) {
    CHECK_OK(gf_register_curve("reentry.fin", square, &finalizer_token, reentering_free));
    CHECK_OK(gf_register_curve("reentry.fin", square, NULL, NULL));
    CHECK_EQ_INT(finalizer_calls, 1);
    CHECK_OK(gf_unregister_curve("reentry.fin"));
    check_finalized();
}

static void finalizer_in_unregister_effect(void) {
    CHECK_OK(gf_register_effect("reentry.fin", plain_effect, NULL, &finalizer_token, reentering_free));
    CHECK_OK(gf_unregister_effect("reentry.fin"));
    check_finalized();
}

/* ---- threaded sampling inside a host curve --------------------------------------------------- */

enum { LAYERS = 8 };

/* A scene of LAYERS layers whose opacity goes 0 -> 1 over 1 s with `easing`. */
static gf_scene *fading_scene(const char *easing) {
    char json[8192];
    size_t n = 0;
    n += (size_t)snprintf(json + n, sizeof json - n, "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [");
    for (int i = 0; i < LAYERS; i++)
        n += (size_t)snprintf(json + n, sizeof json - n, "%s{\"id\": \"l%d\", \"frame\": [0, %d, 10, 10]}",
                              i ? ", " : "", i, 10 * i);
    n += (size_t)snprintf(json + n, sizeof json - n, "], \"animations\": [");
    for (int i = 0; i < LAYERS; i++)
        n += (size_t)snprintf(json + n, sizeof json - n,
                              "%s{\"layer\": \"l%d\", \"key\": \"fade\", \"type\": \"basic\", \"keyPath\": \"opacity\","
                              " \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, \"fill\": \"both\","
                              " \"easing\": \"%s\"}}",
                              i ? ", " : "", i, easing);
    snprintf(json + n, sizeof json - n, "]}");
    gf_scene *scene = NULL;
    CHECK_OK(gf_scene_load_json(json, strlen(json), &scene));
    return scene;
}

/* What the nesting curve samples (set before the outer call), and what went wrong inside. */
static gf_scene *inner_scene = NULL;
static double inner_expected = 0;
static int inner_failures = 0;
static int inner_calls = 0;
static __thread int nesting_depth = 0;

/* x^2, after sampling inner_scene at 0.5 on 2 threads (once per thread: not from inside itself). */
static double nesting_curve(void *user_data, double x) {
    (void)user_data;
    if (nesting_depth > 0) return x * x;
    nesting_depth++;
    gf_layer_state states[LAYERS];
    size_t count = 0;
    gf_status status = gf_scene_sample_threads(inner_scene, 0.5, 2, states, LAYERS, &count);
    int wrong = status != GF_OK || count != LAYERS;
    for (size_t i = 0; !wrong && i < count; i++) wrong = states[i].opacity != inner_expected;
    if (wrong) {
        __atomic_add_fetch(&inner_failures, 1, __ATOMIC_RELAXED);
        printf("     inner gf_scene_sample_threads: %d (%s) %s\n", (int)status, gf_status_string(status),
               status == GF_OK ? "wrong states" : gf_last_error_message());
    }
    __atomic_add_fetch(&inner_calls, 1, __ATOMIC_RELAXED);
    nesting_depth--;
    return x * x;
}

/* Samples `outer` at 0.5 on 2 threads: every opacity is 0.5^2 = 0.25 exactly (x^2 of a power of
 * two), and every inner call succeeded. */
static void sample_outer(gf_scene *outer) {
    gf_layer_state states[LAYERS];
    size_t count = 0;
    CHECK_OK(gf_scene_sample_threads(outer, 0.5, 2, states, LAYERS, &count));
    CHECK_EQ_INT(count, LAYERS);
    for (size_t i = 0; i < count; i++) CHECK(states[i].opacity == 0.25);
    CHECK(inner_calls > 0);
    CHECK_EQ_INT(inner_failures, 0);
}

static void threads_inside_curve_other_scene(void) {
    CHECK_OK(gf_register_curve("reentry.nest", nesting_curve, NULL, NULL));
    gf_scene *outer = fading_scene("reentry.nest");
    inner_scene = fading_scene("linear");
    inner_expected = 0.5;
    if (outer == NULL || inner_scene == NULL) return;
    sample_outer(outer);
    gf_scene_free(inner_scene);
    gf_scene_free(outer);
}

static void threads_inside_curve_same_scene(void) {
    CHECK_OK(gf_register_curve("reentry.nest", nesting_curve, NULL, NULL));
    gf_scene *outer = fading_scene("reentry.nest");
    inner_scene = outer;
    inner_expected = 0.25; /* the inner frame's curves, one level down, are x^2 without nesting */
    if (outer == NULL) return;
    sample_outer(outer);
    gf_scene_free(outer);
}

/* ---- the table ------------------------------------------------------------------------------- */

typedef struct reentry_case {
    const char *name;
    void (*body)(void);
} reentry_case;

static const reentry_case cases[] = {
    {"free_user_data in gf_timeline_undefine", finalizer_in_timeline_undefine},
    {"free_user_data in a replacing gf_timeline_define", finalizer_in_replacing_timeline_define},
    {"free_user_data in gf_unregister_curve", finalizer_in_unregister_curve},
    {"free_user_data in a replacing gf_register_curve", finalizer_in_replacing_register_curve},
    {"free_user_data in gf_unregister_effect", finalizer_in_unregister_effect},
    {"sample_threads in a curve: another scene", threads_inside_curve_other_scene},
    {"sample_threads in a curve: the same scene", threads_inside_curve_same_scene},
};

/* One case, in its child. */
static int run_case(void *arg) {
    begin_case();
    ((const reentry_case *)arg)->body();
    return gf_test_summary();
}

int main(void) {
    gf_child_limits limits = {0, 30};
    for (size_t i = 0; i < COUNT(cases); i++) {
        gf_child_result r = gf_child_run(run_case, (void *)&cases[i], &limits);
        int failed = gf_child_report(cases[i].name, &r, NULL);
        gf_test_check(!failed, __FILE__, __LINE__, cases[i].name);
    }
    return gf_test_summary();
}
