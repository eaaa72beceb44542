/*
 * Thread stress test of the header's threading statements, meant to run under ThreadSanitizer
 * (make tsan-test: the library built with -sanitize=thread, this host with -fsanitize=thread), and
 * also run plainly by CTest. Each statement and where it is exercised:
 *
 *   "functions without a handle are thread-safe" (ghostframe.h, Conventions; docs/c-api.md):
 *       every worker calls the version and status functions, parses curves, loads scenes and view
 *       trees from JSON, generates skeletons from JSON, evaluates springs and asks key-path widths,
 *       all at once (these share the library's static tables: curve names, key paths, styles).
 *   "one curve may be read from many threads at once" (gf_curve):
 *       shared curves are evaluated (gf_curve_eval, gf_curve_eval_n), written (gf_curve_spec), and
 *       taken as easings and segment curves (gf_timing_create, gf_animation_set_segment_curves),
 *       which retain them, by every worker.
 *   "one timing may be read from many threads at once" (gf_timing):
 *       shared timings are read (gf_timing_at, gf_timing_get_params, gf_timing_active_duration,
 *       gf_timing_end_time) and copied into animations (gf_animation_create_*) by every worker.
 *   "distinct handles are independent": every worker builds, edits, samples, advances, writes and
 *       frees its own scenes, animations and view trees.
 *   "a handle is used by one thread at a time" (gf_scene): one scene is used by every worker in
 *       turn, under a mutex, which is allowed (one thread at a time, not always the same one).
 *   "gf_last_error_message ... thread-local": each worker fails with a message naming itself and
 *       checks it reads its own message, while the others fail at the same time.
 *   "callbacks run on the thread that called into the library" (gf_event_fn): each worker checks
 *       the thread its gf_scene_advance callbacks run on.
 *   "any number of threads may call gf_scene_sample_range ... on one scene at once"
 *       (gf_scene_sample_range, gf_scene_sample_threads): every worker samples its own range of
 *       one frame of a shared 63-layer tree (so ranges need ancestors before them) into one shared
 *       buffer, and the whole scene on 1-3 threads of the library's pool into a buffer of its own,
 *       all at once; each compares bytes with gf_scene_sample's (taken before the workers start).
 *
 *   "the registries are thread-safe; callbacks never run under a library lock" (Plugins): every
 *       worker registers, replaces and unregisters host curves (one name shared by all, one of its
 *       own), parses them and samples scenes eased by them, while the others do the same; each
 *       registration's user data is freed exactly once (checked at the end).
 *   "the registry may be used from any thread" (gf_timeline_define): every worker defines,
 *       replaces and undefines timeline definitions (one name shared by all, one of its own, eased
 *       by its own host curve, so replacing one frees a curve's user data, which must not happen
 *       under the registry's lock) and makes timelines that copy them, while the others do the
 *       same; each timeline's schedule is the one its document states.
 * GF_STRESS_ITERATIONS sets the iterations per worker (default 200).
 */
#define _GNU_SOURCE
#include <pthread.h>

#include "gf_test.h"

#define WORKERS 4

static gf_curve *shared_curves[3];
static gf_timing *shared_timings[2];
static gf_scene *turn_scene;
static pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static int iterations = 200;

/* The shared tree sampled by ranges, its frame at RANGE_TIME, and the frame the workers fill. */
#define RANGE_LAYERS 63
#define RANGE_TIME 0.37
static gf_scene *range_scene;
static gf_layer_state range_expected[RANGE_LAYERS];
static gf_layer_state range_frame[RANGE_LAYERS];
#define POOL_TIMES 8
static gf_layer_state pool_expected[POOL_TIMES][RANGE_LAYERS];
static double pool_time(int k) { return 0.013 * k * k; }

typedef struct worker {
    int index;
    pthread_t thread;
    int failures;
    char first_failure[256];
} worker;

/* Records a failed check of a worker (the shared counters of gf_test.h are not thread-safe). */
static void worker_fail(worker *w, const char *what) {
    if (w->failures++ == 0) snprintf(w->first_failure, sizeof w->first_failure, "%s", what);
}

#define WCHECK(w, cond)                                                                          \
    do {                                                                                         \
        if (!(cond)) worker_fail((w), #cond);                                                    \
    } while (0)

static const char *scene_json =
    "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"root\", \"frame\": [0, 0, 100, 100]}, "
    "{\"id\": \"a\", \"parent\": \"root\", \"frame\": [10, 10, 20, 20]}], \"animations\": [{\"layer\": \"a\", \"key\": "
    "\"fade\", \"type\": \"basic\", \"keyPath\": \"opacity\", \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, "
    "\"easing\": \"ease-in-out\"}}, {\"layer\": \"a\", \"type\": \"spring\", \"keyPath\": \"position.x\", \"to\": 50}]}";

static const char *tree_json =
    "{\"viewport\": [375, 667], \"style\": {\"animation\": \"shimmer\"}, \"root\": {\"frame\": [0, 0, 375, 667], "
    "\"children\": [{\"id\": \"avatar\", \"type\": \"image\", \"frame\": [16, 16, 48, 48], \"cornerRadius\": 24}, "
    "{\"id\": \"bio\", \"type\": \"label\", \"frame\": [76, 44, 280, 40], \"lines\": 2}, {\"type\": \"table\", "
    "\"frame\": [0, 100, 375, 567], \"sections\": [{\"cell\": \"news\", \"rowHeight\": 100}]}]}, \"cells\": "
    "{\"news\": {\"size\": [375, 100], \"children\": [{\"type\": \"label\", \"frame\": [16, 16, 200, 20]}]}}, "
    "\"adjust\": [\"named(bio).lines(3).lastScale(0.4)\"]}";

/* Functions without a handle. */
static void handleless(worker *w, int i) {
    gf_curve *curve = NULL;
    gf_scene *scene = NULL;
    gf_view_tree *tree = NULL;
    gf_spring spring;
    double v = 0;
    uint32_t components = 0;
    const char *specs[] = {"ease", "cubic-bezier(0.1, 0.7, 1, 0.1)", "steps(4, jump-both)", "linear(0, 0.25 75%, 1)",
                           "spring(1, 100, 10, 0)", "easeOutBounce"};
    WCHECK(w, strcmp(gf_version_string(), GF_VERSION_STRING) == 0);
    WCHECK(w, gf_version_number() == GF_VERSION_NUMBER && gf_abi_version() == GF_ABI_VERSION);
    WCHECK(w, strcmp(gf_status_string(GF_E_LIMIT), "GF_E_LIMIT") == 0);
    WCHECK(w, gf_curve_parse(specs[(i + w->index) % 6], &curve) == GF_OK);
    WCHECK(w, gf_curve_eval(curve, 0.5, 0, &v) == GF_OK);
    gf_curve_free(curve);
    gf_spring_init(&spring);
    spring.damping = 5 + w->index;
    WCHECK(w, gf_spring_value(&spring, 0.1 * i, &v) == GF_OK);
    WCHECK(w, gf_spring_settling_duration(&spring, 1e-3, &v) == GF_OK);
    WCHECK(w, gf_key_path_components("backgroundColor", &components) == GF_OK && components == 4);
    WCHECK(w, gf_scene_load_json(scene_json, strlen(scene_json), &scene) == GF_OK);
    gf_scene_free(scene);
    scene = NULL;
    WCHECK(w, gf_view_tree_load_json(tree_json, strlen(tree_json), &tree) == GF_OK);
    gf_view_tree_free(tree);
    WCHECK(w, gf_skeleton_from_json(tree_json, strlen(tree_json), &scene) == GF_OK);
    if (scene != NULL) {
        size_t count = 0, written = 0;
        gf_layer_state states[64];
        WCHECK(w, gf_scene_sample(scene, 0.05 * i, states, 64, &written) == GF_OK);
        WCHECK(w, gf_scene_layer_count(scene, &count) == GF_OK && count == written);
    }
    gf_scene_free(scene);
}

/* Shared curves and timings, read at once by every worker. */
static void shared_reads(worker *w, int i) {
    double xs[16], ys[16], y = 0;
    gf_timing_state state;
    gf_timing_params params;
    gf_timing *timing = NULL;
    gf_animation *animation = NULL;
    char *spec = NULL;
    int k;
    for (k = 0; k < 16; k++) xs[k] = (double)k / 15;
    for (k = 0; k < 3; k++) {
        WCHECK(w, gf_curve_eval(shared_curves[k], 0.3, k == 2, &y) == GF_OK);
        WCHECK(w, gf_curve_eval_n(shared_curves[k], xs, ys, 16) == GF_OK);
        WCHECK(w, gf_curve_spec(shared_curves[k], &spec) == GF_OK);
        gf_string_free(spec);
        spec = NULL;
    }
    for (k = 0; k < 2; k++) {
        double d = 0;
        gf_timing_params_init(&params);
        WCHECK(w, gf_timing_at(shared_timings[k], 0.1 * i, &state) == GF_OK);
        WCHECK(w, gf_timing_get_params(shared_timings[k], &params) == GF_OK);
        WCHECK(w, gf_timing_active_duration(shared_timings[k], &d) == GF_OK);
        WCHECK(w, gf_timing_end_time(shared_timings[k], &d) == GF_OK);
    }
    /* A new timing that retains a shared curve, and animations that copy a shared timing. */
    gf_timing_params_init(&params);
    params.duration = 0.5;
    params.easing = shared_curves[i % 3];
    WCHECK(w, gf_timing_create(&params, &timing) == GF_OK);
    WCHECK(w, gf_timing_at(timing, 0.25, &state) == GF_OK);
    gf_timing_free(timing);
    WCHECK(w, gf_animation_create_keyframes("opacity", shared_timings[i % 2], &animation) == GF_OK);
    {
        double values[3] = {0, 1, 0.5};
        const gf_curve *curves[2] = {shared_curves[0], shared_curves[1]};
        WCHECK(w, gf_animation_set_keyframes(animation, values, 3, NULL, 0) == GF_OK);
        WCHECK(w, gf_animation_set_segment_curves(animation, curves, 2) == GF_OK);
    }
    gf_animation_free(animation);
}

typedef struct advance_check {
    pthread_t caller;
    int events, wrong_thread;
} advance_check;

static void on_event(void *user_data, const gf_event *event) {
    advance_check *check = user_data;
    check->events++;
    if (!pthread_equal(pthread_self(), check->caller)) check->wrong_thread++;
    (void)event;
}

/* Handles of the worker's own: a scene built by calls, animated with the shared timings and
   curves, sampled, advanced (callbacks on this thread), written; a view tree built and generated. */
static void own_handles(worker *w, int i) {
    gf_scene *scene = NULL, *skeleton = NULL;
    gf_layer_desc desc;
    gf_animation *basic = NULL, *group = NULL, *spring_animation = NULL;
    gf_spring spring;
    gf_layer_state states[8];
    gf_view_tree *tree = NULL;
    gf_view_node_desc node;
    advance_check check;
    size_t written = 0;
    uint32_t root = 0;
    double to = 0.25, to_x = 80;
    char *json = NULL;
    WCHECK(w, gf_scene_create(&scene) == GF_OK);
    gf_layer_desc_init(&desc);
    desc.id = "root";
    desc.width = desc.height = 100;
    WCHECK(w, gf_scene_add_layer(scene, &desc, NULL) == GF_OK);
    desc.id = "child";
    desc.parent = "root";
    desc.width = desc.height = 10 + i;
    WCHECK(w, gf_scene_add_layer(scene, &desc, NULL) == GF_OK);
    WCHECK(w, gf_animation_create_basic("opacity", shared_timings[0], &basic) == GF_OK);
    WCHECK(w, gf_animation_set_values(basic, GF_VALUE_TO, &to, 1) == GF_OK);
    WCHECK(w, gf_animation_create_group(shared_timings[1], &group) == GF_OK);
    WCHECK(w, gf_animation_add_child(group, basic) == GF_OK);
    gf_spring_init(&spring);
    WCHECK(w, gf_animation_create_spring("position.x", &spring, NULL, &spring_animation) == GF_OK);
    WCHECK(w, gf_animation_set_values(spring_animation, GF_VALUE_TO, &to_x, 1) == GF_OK);
    WCHECK(w, gf_scene_add_animation(scene, "child", basic, "fade", NULL) == GF_OK);
    WCHECK(w, gf_scene_add_animation(scene, "root", group, NULL, NULL) == GF_OK);
    WCHECK(w, gf_scene_add_animation(scene, "child", spring_animation, NULL, NULL) == GF_OK);
    WCHECK(w, gf_scene_sample(scene, 0.1 * i, states, 8, &written) == GF_OK && written == 2);
    check.caller = pthread_self();
    check.events = check.wrong_thread = 0;
    WCHECK(w, gf_scene_advance(scene, 0.6, on_event, &check) == GF_OK);
    WCHECK(w, gf_scene_advance(scene, 5, on_event, &check) == GF_OK);
    WCHECK(w, check.events > 0 && check.wrong_thread == 0);
    WCHECK(w, gf_scene_to_json(scene, &json) == GF_OK);
    gf_string_free(json);
    gf_animation_free(basic);
    gf_animation_free(group);
    gf_animation_free(spring_animation);
    gf_scene_free(scene);

    WCHECK(w, gf_view_tree_create(375, 667, &tree) == GF_OK);
    gf_view_node_desc_init(&node);
    node.width = 375;
    node.height = 667;
    WCHECK(w, gf_view_tree_set_root(tree, &node, &root) == GF_OK);
    node.kind = GF_VIEW_LABEL;
    node.x = 16;
    node.y = 16 + i;
    node.width = 200;
    node.height = 40;
    node.lines = 2;
    WCHECK(w, gf_view_tree_add_node(tree, root, &node, NULL) == GF_OK);
    WCHECK(w, gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", i % 2 ? "\"shimmer\"" : "\"drop\"") == GF_OK);
    WCHECK(w, gf_view_tree_add_adjust(tree, root, "animation(0).down(2)") == GF_OK);
    WCHECK(w, gf_skeleton_generate(tree, &skeleton) == GF_OK);
    WCHECK(w, gf_skeleton_end(skeleton, 0.5, NULL) == GF_OK);
    WCHECK(w, gf_scene_sample(skeleton, 0.6, states, 8, &written) == GF_OK);
    gf_scene_free(skeleton);
    gf_view_tree_free(tree);
}

/* One scene, used by every worker in turn. */
static void take_turn(worker *w, int i) {
    gf_layer_state states[2 + WORKERS];
    size_t written = 0;
    char id[32];
    gf_layer_desc desc;
    pthread_mutex_lock(&turn_lock);
    WCHECK(w, gf_scene_sample(turn_scene, 0.01 * i, states, 2 + WORKERS, &written) == GF_OK);
    snprintf(id, sizeof id, "w%d", w->index);
    WCHECK(w, gf_scene_set_custom(turn_scene, "a", id, (double)i) == GF_OK);
    gf_layer_desc_init(&desc);
    desc.id = id;
    desc.parent = "root";
    /* Add the worker's layer once, then update it. */
    if (gf_scene_update_layer(turn_scene, &desc) != GF_OK) WCHECK(w, gf_scene_add_layer(turn_scene, &desc, NULL) == GF_OK);
    WCHECK(w, gf_scene_advance(turn_scene, 0.01 * i, NULL, NULL) == GF_OK);
    pthread_mutex_unlock(&turn_lock);
}

/* Errors: each worker's message names its own bad input, whatever the others fail with. */
static void own_errors(worker *w, int i) {
    char name[64];
    gf_curve *curve = NULL;
    gf_status status;
    snprintf(name, sizeof name, "no-such-curve-%d-%d", w->index, i);
    status = gf_curve_parse(name, &curve);
    WCHECK(w, status == GF_E_PARSE && curve == NULL);
    WCHECK(w, strstr(gf_last_error_message(), name) != NULL);
}

/* Host curves: a name shared by every worker (replaced and removed under the others' feet) and
 * one of the worker's own; each registration's user data counts its free. */
static int host_frees = 0, host_registrations = 0;
static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;

static double host_square(void *user_data, double x) { return *(const double *)user_data * x * x; }
static void host_free(void *user_data) {
    free(user_data);
    pthread_mutex_lock(&host_lock);
    host_frees++;
    pthread_mutex_unlock(&host_lock);
}

static void host_curves(worker *w, int i) {
    char own[64];
    const char *names[2] = {"stress.shared", own};
    snprintf(own, sizeof own, "stress.w%d", w->index);
    for (int k = 0; k < 2; k++) {
        double *factor = malloc(sizeof *factor);
        *factor = 1;
        if (gf_register_curve(names[k], host_square, factor, host_free) == GF_OK) {
            pthread_mutex_lock(&host_lock);
            host_registrations++;
            pthread_mutex_unlock(&host_lock);
        } else {
            free(factor);
            worker_fail(w, "gf_register_curve");
        }
        gf_curve *curve = NULL;
        double y = 0;
        gf_status status = gf_curve_parse(names[k], &curve);
        WCHECK(w, status == GF_OK || (k == 0 && status == GF_E_NOT_FOUND));
        if (curve != NULL) {
            WCHECK(w, gf_curve_eval(curve, 0.5, 0, &y) == GF_OK && y == 0.25);
            gf_curve_free(curve);
        }
        if ((i + w->index) % 3 == 0) gf_unregister_curve(names[k]); /* the shared one may be gone */
    }
}

/* The timeline registry: a definition shared by every worker (each defines it with a change of
 * its own) and one of the worker's own, eased by the worker's host curve while it is registered
 * (host_curves removes it every third iteration); timelines made from them copy what they find. */
static void timeline_registry(worker *w, int i) {
    char own[64], curve[64], changes[64], json[256];
    const char *names[2] = {"stress.grow", own};
    snprintf(own, sizeof own, "stress.grow.w%d", w->index);
    snprintf(curve, sizeof curve, "stress.w%d", w->index);
    snprintf(changes, sizeof changes, "{\"opacity\": -0.%d, \"position\": [1, 2]}", 1 + w->index);
    for (int k = 0; k < 2; k++) {
        const char *spec = k == 1 && (i + w->index) % 3 != 0 ? curve : NULL;
        gf_timeline *timeline = NULL;
        gf_timeline_entry entry;
        size_t count = 0;
        double duration = 0;
        gf_status status;
        WCHECK(w, gf_timeline_define(names[k], spec, changes) == GF_OK);
        snprintf(json, sizeof json,
                 "{\"timeline\": {\"sequence\": [{\"anim\": \"%s\", \"layers\": [\"a\"], \"duration\": %d}]}}",
                 names[k], 1 + w->index);
        status = gf_timeline_from_json(json, strlen(json), &timeline);
        WCHECK(w, status == GF_OK || (k == 0 && status == GF_E_NOT_FOUND)); /* the shared one may be gone */
        if (timeline != NULL) {
            WCHECK(w, gf_timeline_schedule(timeline, &entry, 1, &count) == GF_OK && count == 1);
            WCHECK(w, count == 1 && strcmp(entry.name, names[k]) == 0 && strcmp(entry.layer, "a") == 0);
            WCHECK(w, count == 1 && entry.begin == 0 && entry.end == 1 + w->index);
            WCHECK(w, gf_timeline_duration(timeline, &duration) == GF_OK && duration == 1 + w->index);
            gf_timeline_free(timeline);
        }
        if ((i + w->index) % 2 == 0) {
            status = gf_timeline_undefine(names[k]);
            WCHECK(w, status == GF_OK || (k == 0 && status == GF_E_NOT_FOUND));
        }
    }
}

/* Ranges and the pool on the shared tree, at once with the other workers. */
static void sample_ranges(worker *w, int i) {
    gf_layer_state pooled[RANGE_LAYERS];
    size_t count = 0, begin = (size_t)w->index * RANGE_LAYERS / WORKERS,
           end = (size_t)(w->index + 1) * RANGE_LAYERS / WORKERS;
    WCHECK(w, gf_scene_sample_range(range_scene, RANGE_TIME, begin, end, range_frame, RANGE_LAYERS, &count) == GF_OK);
    WCHECK(w, count == RANGE_LAYERS);
    WCHECK(w, memcmp(range_frame + begin, range_expected + begin, (end - begin) * sizeof *range_frame) == 0);
    WCHECK(w, gf_scene_sample_threads(range_scene, pool_time(i % POOL_TIMES), (uint32_t)(1 + (w->index + i) % 3),
                                      pooled, RANGE_LAYERS, &count) == GF_OK);
    WCHECK(w, memcmp(pool_expected[i % POOL_TIMES], pooled, sizeof pooled) == 0);
}

static void *work(void *arg) {
    worker *w = arg;
    int i;
    for (i = 0; i < iterations; i++) {
        handleless(w, i);
        shared_reads(w, i);
        own_errors(w, i);
        own_handles(w, i);
        take_turn(w, i);
        own_errors(w, i);
        host_curves(w, i);
        timeline_registry(w, i);
        sample_ranges(w, i);
    }
    return NULL;
}

int main(void) {
    worker workers[WORKERS];
    gf_timing_params params;
    gf_core_animation_timing ca;
    gf_layer_desc desc;
    const char *env = getenv("GF_STRESS_ITERATIONS");
    int i;
    if (env != NULL && atoi(env) > 0) iterations = atoi(env);

    CHECK_OK(gf_curve_parse("ease-in-out", &shared_curves[0]));
    CHECK_OK(gf_curve_parse("linear(0, 0.5 25%, 1)", &shared_curves[1]));
    CHECK_OK(gf_curve_parse("steps(3, jump-start)", &shared_curves[2]));
    gf_timing_params_init(&params);
    params.duration = 1;
    params.iterations = 2;
    params.direction = GF_DIRECTION_ALTERNATE;
    params.easing = shared_curves[0];
    CHECK_OK(gf_timing_create(&params, &shared_timings[0]));
    gf_core_animation_timing_init(&ca);
    ca.duration = 0.5;
    ca.speed = 2;
    ca.repeat_count = 1.5;
    ca.autoreverses = 1;
    ca.easing = shared_curves[1];
    CHECK_OK(gf_timing_create_core_animation(&ca, &shared_timings[1]));
    CHECK_OK(gf_scene_create(&turn_scene));
    gf_layer_desc_init(&desc);
    desc.id = "root";
    CHECK_OK(gf_scene_add_layer(turn_scene, &desc, NULL));
    desc.id = "a";
    desc.parent = "root";
    CHECK_OK(gf_scene_add_layer(turn_scene, &desc, NULL));

    /* A binary tree: layer k's parent is (k - 1) / 2, each layer fading on the shared timing. */
    CHECK_OK(gf_scene_create(&range_scene));
    for (i = 0; i < RANGE_LAYERS; i++) {
        char id[16], parent[16];
        gf_animation *fade = NULL;
        double from = 0.1 * (i % 7), to = 1;
        snprintf(id, sizeof id, "n%d", i);
        snprintf(parent, sizeof parent, "n%d", (i - 1) / 2);
        gf_layer_desc_init(&desc);
        desc.id = id;
        desc.parent = i > 0 ? parent : NULL;
        desc.x = i;
        desc.width = 10 + i;
        desc.height = 5;
        desc.rotation = 0.01 * i;
        CHECK_OK(gf_scene_add_layer(range_scene, &desc, NULL));
        CHECK_OK(gf_animation_create_basic("opacity", shared_timings[i % 2], &fade));
        CHECK_OK(gf_animation_set_values(fade, GF_VALUE_FROM, &from, 1));
        CHECK_OK(gf_animation_set_values(fade, GF_VALUE_TO, &to, 1));
        CHECK_OK(gf_scene_add_animation(range_scene, id, fade, "fade", NULL));
        gf_animation_free(fade);
    }
    {
        size_t count = 0;
        CHECK_OK(gf_scene_sample(range_scene, RANGE_TIME, range_expected, RANGE_LAYERS, &count));
        for (i = 0; i < POOL_TIMES; i++)
            CHECK_OK(gf_scene_sample(range_scene, pool_time(i), pool_expected[i], RANGE_LAYERS, &count));
    }

    for (i = 0; i < WORKERS; i++) {
        workers[i].index = i;
        workers[i].failures = 0;
        workers[i].first_failure[0] = '\0';
        CHECK(pthread_create(&workers[i].thread, NULL, work, &workers[i]) == 0);
    }
    for (i = 0; i < WORKERS; i++) {
        pthread_join(workers[i].thread, NULL);
        pthread_mutex_lock(&report_lock);
        if (!CHECK(workers[i].failures == 0))
            printf("     worker %d: %d failed checks, the first: %s\n", i, workers[i].failures, workers[i].first_failure);
        pthread_mutex_unlock(&report_lock);
    }
    {
        size_t count = 0;
        CHECK_OK(gf_scene_layer_count(turn_scene, &count));
        CHECK_EQ_INT(count, 2 + WORKERS);
    }
    {
        char own[64];
        gf_unregister_curve("stress.shared");
        gf_timeline_undefine("stress.grow");
        for (i = 0; i < WORKERS; i++) {
            snprintf(own, sizeof own, "stress.w%d", i);
            gf_unregister_curve(own);
            /* A definition left defined holds its host curve: undefined, it lets the curve go. */
            snprintf(own, sizeof own, "stress.grow.w%d", i);
            gf_timeline_undefine(own);
        }
        CHECK_EQ_INT(host_frees, host_registrations); /* every user data freed, exactly once */
    }
    CHECK(memcmp(range_frame, range_expected, sizeof range_frame) == 0);
    gf_scene_free(range_scene);
    printf("%d workers x %d iterations\n", WORKERS, iterations);
    gf_scene_free(turn_scene);
    for (i = 0; i < 2; i++) gf_timing_free(shared_timings[i]);
    for (i = 0; i < 3; i++) gf_curve_free(shared_curves[i]);
    return gf_test_summary();
}
