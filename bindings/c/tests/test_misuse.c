/*
 * Misuse detection (SQLite's SQLITE_MISUSE): a handle of the wrong type, a pointer that is no
 * handle at all, a double free and a use after free are each answered with GF_E_MISUSE and a
 * message that says which, for every handle type; the failing call changes nothing. Also: the
 * easing a timing owns cannot be freed by the caller, freed handles stay detected while newer
 * handles come and go (the quarantine), and one scene used by two calls at once (a callback
 * re-entering it, a second thread) is GF_E_MISUSE where concurrent use is checked.
 *
 * Every misuse here is deliberate; the test also runs under valgrind, which proves none of them
 * reads or writes freed memory.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "gf_test.h"

/* The message of the last failure contains `word`. */
#define CHECK_MESSAGE_HAS(word)                                                                  \
    do {                                                                                         \
        if (!CHECK(strstr(gf_last_error_message(), (word)) != NULL))                             \
            printf("     message \"%s\" lacks \"%s\"\n", gf_last_error_message(), (word));       \
    } while (0)

static gf_curve *make_curve(const char *spec) {
    gf_curve *curve = NULL;
    CHECK_OK(gf_curve_parse(spec, &curve));
    return curve;
}

static gf_timing *make_timing(const gf_curve *easing) {
    gf_timing_params p;
    gf_timing *timing = NULL;
    gf_timing_params_init(&p);
    p.duration = 1;
    p.easing = easing;
    CHECK_OK(gf_timing_create(&p, &timing));
    return timing;
}

static gf_scene *make_scene(void) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "card";
    d.width = d.height = 10;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    return scene;
}

static gf_animation *make_fade(const gf_timing *timing) {
    gf_animation *animation = NULL;
    double to = 0;
    CHECK_OK(gf_animation_create_basic("opacity", timing, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    return animation;
}

static gf_view_tree *make_tree(void) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc d;
    CHECK_OK(gf_view_tree_create(375, 667, &tree));
    gf_view_node_desc_init(&d);
    d.width = 375;
    d.height = 667;
    CHECK_OK(gf_view_tree_set_root(tree, &d, NULL));
    return tree;
}

/* A handle of one type where another is declared: GF_E_MISUSE naming both types; nothing
   written, nothing changed, both handles still work. */
static void test_wrong_type(void) {
    gf_curve *curve = make_curve("ease");
    gf_timing *timing = make_timing(NULL);
    gf_scene *scene = make_scene();
    gf_view_tree *tree = make_tree();
    gf_animation *fade = make_fade(timing);
    gf_layer_state states[4];
    size_t count = 77;
    double y = SENTINEL_DOUBLE;
    uint32_t node = 0xA5A5A5A5u;
    gf_timing_params p;
    gf_timing *made = SENTINEL_TIMING;
    gf_animation *basic = NULL;
    const gf_curve *curves[2];

    CHECK_FAIL(gf_curve_eval((const gf_curve *)timing, 0.5, 0, &y), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is a gf_timing, not a gf_curve");
    CHECK_UNTOUCHED_DOUBLE(y);
    CHECK_FAIL(gf_scene_sample((gf_scene *)curve, 0, states, 4, &count), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is a gf_curve, not a gf_scene");
    CHECK_EQ_INT(count, 77);
    CHECK_FAIL(gf_view_tree_add_node((gf_view_tree *)scene, 0, NULL, &node), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is a gf_scene, not a gf_view_tree");
    CHECK_EQ_INT(node, 0xA5A5A5A5u);
    CHECK_FAIL(gf_timing_active_duration((const gf_timing *)fade, &y), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is a gf_animation, not a gf_timing");
    CHECK_FAIL(gf_skeleton_generate((const gf_view_tree *)timing, &scene), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_add_animation(scene, "card", (const gf_animation *)tree, NULL, NULL), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("animation is a gf_view_tree, not a gf_animation");
    CHECK_FAIL(gf_animation_create_basic("opacity", (const gf_timing *)curve, &basic), GF_E_MISUSE);
    CHECK(basic == NULL);
    /* Handles inside structs and arrays are checked too. */
    gf_timing_params_init(&p);
    p.duration = 1;
    p.easing = (const gf_curve *)scene;
    CHECK_FAIL(gf_timing_create(&p, &made), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("easing is a gf_scene, not a gf_curve");
    CHECK_UNTOUCHED_PTR(made, SENTINEL_TIMING);
    CHECK_OK(gf_animation_create_keyframes("opacity", timing, &basic));
    curves[0] = curve;
    curves[1] = (const gf_curve *)tree;
    CHECK_FAIL(gf_animation_set_segment_curves(basic, curves, 2), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("curves[1] is a gf_view_tree, not a gf_curve");
    CHECK_OK(gf_animation_free(basic));
    /* Freeing through the wrong type frees nothing. */
    CHECK_FAIL(gf_curve_free((gf_curve *)timing), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_free((gf_scene *)tree), GF_E_MISUSE);
    CHECK_FAIL(gf_view_tree_free((gf_view_tree *)fade), GF_E_MISUSE);
    CHECK_FAIL(gf_animation_free((gf_animation *)curve), GF_E_MISUSE);
    CHECK_FAIL(gf_timing_free((gf_timing *)scene), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is a gf_scene, not a gf_timing");
    /* Everything still works. */
    CHECK_OK(gf_curve_eval(curve, 0.5, 0, &y));
    CHECK_NEAR(y, 0.8024033877399112, 1e-7); /* cubic-bezier(0.25, 0.1, 0.25, 1) at 0.5 */
    CHECK_OK(gf_timing_active_duration(timing, &y));
    CHECK_NEAR(y, 1, 0);
    CHECK_OK(gf_scene_sample(scene, 0, states, 4, &count));
    CHECK_EQ_INT(count, 1);
    {
        gf_view_node_desc d;
        gf_view_node_desc_init(&d);
        d.kind = GF_VIEW_LABEL;
        d.width = 100;
        d.height = 20;
        CHECK_OK(gf_view_tree_add_node(tree, 0, &d, &node));
        CHECK_EQ_INT(node, 1);
    }
    CHECK_OK(gf_scene_add_animation(scene, "card", fade, NULL, NULL));
    CHECK_OK(gf_animation_free(fade));
    CHECK_OK(gf_view_tree_free(tree));
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timing_free(timing));
    CHECK_OK(gf_curve_free(curve));
}

/* Pointers that are no handle at all: never dereferenced (valgrind would see a read of the
   freed block), answered with GF_E_MISUSE. */
static void test_not_a_handle(void) {
    gf_curve *curve = make_curve("linear");
    char *block = malloc(256);
    volatile uintptr_t stale = (uintptr_t)block; /* volatile: gcc -O3 tracks it through free */
    gf_layer_desc desc;
    double y = SENTINEL_DOUBLE;
    size_t count = 0;
    CHECK(block != NULL);
    if (block == NULL) return;
    memset(block, 0, 256);
    CHECK_FAIL(gf_curve_eval((const gf_curve *)block, 0.5, 0, &y), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is not a gf_curve");
    CHECK_FAIL(gf_scene_layer_count((gf_scene *)&desc, &count), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("is not a gf_scene");
    /* A pointer into the middle of a real handle. */
    CHECK_FAIL(gf_curve_eval((const gf_curve *)((char *)curve + 8), 0.5, 0, &y), GF_E_MISUSE);
    CHECK_FAIL(gf_curve_free((gf_curve *)((char *)curve + 4)), GF_E_MISUSE);
    free(block);
    /* Freed memory of the caller's: still not read. */
    CHECK_FAIL(gf_curve_eval((const gf_curve *)stale, 0.5, 0, &y), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(y);
    CHECK_OK(gf_curve_eval(curve, 0.25, 0, &y));
    CHECK_NEAR(y, 0.25, 0);
    CHECK_OK(gf_curve_free(curve));
}

/* Every free: GF_OK once, GF_E_MISUSE ("double free") after; NULL stays GF_OK. */
static void test_double_free(void) {
    gf_curve *curve = make_curve("ease");
    gf_timing *timing = make_timing(curve);
    gf_scene *scene = make_scene();
    gf_animation *fade = make_fade(timing);
    gf_view_tree *tree = make_tree();
    CHECK_OK(gf_curve_free(curve));
    CHECK_FAIL(gf_curve_free(curve), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free of a gf_curve");
    CHECK_OK(gf_timing_free(timing));
    CHECK_FAIL(gf_timing_free(timing), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free of a gf_timing");
    CHECK_OK(gf_scene_free(scene));
    CHECK_FAIL(gf_scene_free(scene), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free of a gf_scene");
    CHECK_OK(gf_animation_free(fade));
    CHECK_FAIL(gf_animation_free(fade), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free of a gf_animation");
    CHECK_OK(gf_view_tree_free(tree));
    CHECK_FAIL(gf_view_tree_free(tree), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free of a gf_view_tree");
    /* A third time too. */
    CHECK_FAIL(gf_scene_free(scene), GF_E_MISUSE);
    CHECK_OK(gf_curve_free(NULL));
    CHECK_OK(gf_timing_free(NULL));
    CHECK_OK(gf_scene_free(NULL));
    CHECK_OK(gf_animation_free(NULL));
    CHECK_OK(gf_view_tree_free(NULL));
}

/* Every kind of handle used right after its free: GF_E_MISUSE ("use after free"), and the
   out-parameters untouched. */
static void test_use_after_free(void) {
    gf_curve *curve = make_curve("ease");
    gf_timing *timing = make_timing(NULL);
    gf_scene *scene = make_scene();
    gf_animation *fade = make_fade(timing);
    gf_view_tree *tree = make_tree();
    gf_timing_state state;
    gf_layer_state states[2];
    gf_scene *made = NULL;
    char *spec = SENTINEL_STRING;
    double y = SENTINEL_DOUBLE, one = 1;
    size_t count = 77;
    uint32_t node = 0xA5A5A5A5u;

    CHECK_OK(gf_curve_free(curve));
    CHECK_FAIL(gf_curve_eval(curve, 0.5, 0, &y), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_curve that was already freed (use after free)");
    CHECK_UNTOUCHED_DOUBLE(y);
    CHECK_FAIL(gf_curve_spec(curve, &spec), GF_E_MISUSE);
    CHECK_UNTOUCHED_PTR(spec, SENTINEL_STRING);

    CHECK_OK(gf_animation_free(fade));
    CHECK_FAIL(gf_animation_set_values(fade, GF_VALUE_FROM, &one, 1), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_animation that was already freed");
    CHECK_FAIL(gf_scene_add_animation(scene, "card", fade, NULL, NULL), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_animation that was already freed");

    CHECK_OK(gf_timing_free(timing));
    memset(&state, SENTINEL_BYTE, sizeof state);
    CHECK_FAIL(gf_timing_at(timing, 0.5, &state), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_timing that was already freed");
    CHECK_UNTOUCHED_BYTES(&state, sizeof state);
    CHECK_FAIL(gf_animation_create_group(timing, &fade), GF_E_MISUSE);

    CHECK_OK(gf_scene_free(scene));
    CHECK_FAIL(gf_scene_sample(scene, 0, states, 2, &count), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_scene that was already freed");
    CHECK_EQ_INT(count, 77);
    CHECK_FAIL(gf_scene_advance(scene, 1, NULL, NULL), GF_E_MISUSE);

    CHECK_OK(gf_view_tree_free(tree));
    CHECK_FAIL(gf_view_tree_add_cell(tree, "news", 100, 50, &node), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("gf_view_tree that was already freed");
    CHECK_EQ_INT(node, 0xA5A5A5A5u);
    CHECK_FAIL(gf_skeleton_generate(tree, &made), GF_E_MISUSE);
    CHECK(made == NULL);
}

/* The easing gf_timing_get_params hands back belongs to the timing: usable while the timing
   lives (even after the caller freed its own curve), not freeable by the caller, and freed
   with the timing. */
static void test_owned_easing(void) {
    gf_curve *curve = make_curve("ease-in");
    gf_timing *timing = make_timing(curve);
    gf_timing_params p;
    double y = SENTINEL_DOUBLE;
    CHECK_OK(gf_curve_free(curve));
    gf_timing_params_init(&p);
    CHECK_OK(gf_timing_get_params(timing, &p));
    CHECK(p.easing != NULL && p.easing != curve);
    CHECK_OK(gf_curve_eval(p.easing, 0.5, 0, &y));
    CHECK_NEAR(y, 0.3153568125725646, 1e-7); /* cubic-bezier(0.42, 0, 1, 1) at 0.5 */
    CHECK_FAIL(gf_curve_free((gf_curve *)p.easing), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("belongs to the gf_timing");
    CHECK_OK(gf_curve_eval(p.easing, 0.5, 0, &y));
    CHECK_OK(gf_timing_free(timing));
    y = SENTINEL_DOUBLE;
    CHECK_FAIL(gf_curve_eval(p.easing, 0.5, 0, &y), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("already freed");
    CHECK_UNTOUCHED_DOUBLE(y);
}

/* A freed handle stays detected while newer handles come and go: here 1,000 other handles are
   freed after it (the header promises detection until more than 1,024 are), then 1,000 are made,
   and none of them reuses its memory. */
static void test_quarantine(void) {
    gf_scene *scene = make_scene();
    gf_curve *curves[1000];
    gf_scene *scenes[1000];
    size_t count = 0;
    int i, reused = 0;
    CHECK_OK(gf_scene_free(scene));
    for (i = 0; i < 1000; i++) curves[i] = make_curve("ease");
    for (i = 0; i < 1000; i++) CHECK_OK(gf_curve_free(curves[i]));
    for (i = 0; i < 1000; i++) {
        scenes[i] = NULL;
        CHECK_OK(gf_scene_create(&scenes[i]));
        reused += (void *)scenes[i] == (void *)scene;
    }
    CHECK_EQ_INT(reused, 0);
    CHECK_FAIL(gf_scene_layer_count(scene, &count), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("already freed");
    CHECK_FAIL(gf_scene_free(scene), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("double free");
    CHECK_FAIL(gf_curve_free(curves[0]), GF_E_MISUSE);
    for (i = 0; i < 1000; i++) CHECK_OK(gf_scene_free(scenes[i]));
}

/* A group may receive a copy of itself (it is entered once, not twice). */
static void test_group_adds_itself(void) {
    gf_timing *timing = make_timing(NULL);
    gf_animation *group = NULL, *fade = make_fade(timing);
    CHECK_OK(gf_animation_create_group(timing, &group));
    CHECK_OK(gf_animation_add_child(group, fade));
    CHECK_OK(gf_animation_add_child(group, group));
    CHECK_OK(gf_animation_free(group));
    CHECK_OK(gf_animation_free(fade));
    CHECK_OK(gf_timing_free(timing));
}

/* ---- one scene used by two calls at once -------------------------------------------------- */

static gf_scene *make_animated_scene(void) {
    gf_scene *scene = make_scene();
    gf_timing *timing = make_timing(NULL);
    gf_animation *fade = make_fade(timing);
    CHECK_OK(gf_scene_add_animation(scene, "card", fade, "fade", NULL));
    CHECK_OK(gf_animation_free(fade));
    CHECK_OK(gf_timing_free(timing));
    return scene;
}

typedef struct reentry {
    gf_scene *scene, *other;
    int events;
    gf_status count_status, free_status, sample_status, other_status;
    char message[512];
} reentry;

/* Calls into the scene being advanced, which the header forbids, and into another scene. */
static void reenter(void *user_data, const gf_event *event) {
    reentry *r = (reentry *)user_data;
    size_t count = 0;
    gf_layer_state states[2];
    (void)event;
    if (r->events++ > 0) return;
    r->count_status = gf_scene_layer_count(r->scene, &count);
    snprintf(r->message, sizeof r->message, "%s", gf_last_error_message());
    r->free_status = gf_scene_free(r->scene);
    r->sample_status = gf_scene_sample(r->scene, 0.5, states, 2, &count);
    r->other_status = gf_scene_sample(r->other, 0.5, states, 2, &count);
}

/* A callback re-entering the scene it is called for: GF_E_MISUSE, the scene is not freed. */
static void test_callback_reentry(void) {
    reentry r;
    size_t count = 0;
    gf_layer_state states[2];
    memset(&r, 0, sizeof r);
    r.scene = make_animated_scene();
    r.other = make_animated_scene();
    CHECK_OK(gf_scene_advance(r.scene, 0.5, reenter, &r));
    CHECK(r.events >= 1);
    CHECK_EQ_INT(r.count_status, GF_E_MISUSE);
    CHECK(strstr(r.message, "is in use by another call") != NULL);
    CHECK_EQ_INT(r.free_status, GF_E_MISUSE);
    CHECK_EQ_INT(r.sample_status, GF_E_MISUSE);
    CHECK_EQ_INT(r.other_status, GF_OK);
    /* After the call the scene is whole and usable. */
    CHECK_OK(gf_scene_sample(r.scene, 0.5, states, 2, &count));
    CHECK_EQ_INT(count, 1);
    CHECK_NEAR(states[0].opacity, 0.5, 1e-12); /* the fade, 1 -> 0 over 1 s, halfway */
    CHECK_OK(gf_scene_free(r.scene));
    CHECK_OK(gf_scene_free(r.other));
}

typedef struct rendezvous {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int stage; /* 0 start, 1 the worker is inside the callback, 2 the main thread is done */
    gf_scene *scene;
    gf_status advance_status;
} rendezvous;

/* Holds the scene inside gf_scene_advance until the main thread has tried to use it. */
static void hold(void *user_data, const gf_event *event) {
    rendezvous *z = (rendezvous *)user_data;
    (void)event;
    pthread_mutex_lock(&z->lock);
    if (z->stage == 0) {
        z->stage = 1;
        pthread_cond_broadcast(&z->changed);
        while (z->stage != 2) pthread_cond_wait(&z->changed, &z->lock);
    }
    pthread_mutex_unlock(&z->lock);
}

static void *advance_worker(void *arg) {
    rendezvous *z = (rendezvous *)arg;
    z->advance_status = gf_scene_advance(z->scene, 0.5, hold, z);
    return NULL;
}

/* A second thread calling into a scene (and freeing it) while another thread's call is inside
   it: GF_E_MISUSE each time, nothing freed, nothing changed. */
static void test_two_threads_one_scene(void) {
    rendezvous z;
    pthread_t worker;
    gf_layer_state states[2];
    gf_layer_desc d;
    size_t count = 77;
    memset(&z, 0, sizeof z);
    pthread_mutex_init(&z.lock, NULL);
    pthread_cond_init(&z.changed, NULL);
    z.scene = make_animated_scene();
    CHECK(pthread_create(&worker, NULL, advance_worker, &z) == 0);
    pthread_mutex_lock(&z.lock);
    while (z.stage != 1) pthread_cond_wait(&z.changed, &z.lock);
    pthread_mutex_unlock(&z.lock);

    CHECK_FAIL(gf_scene_sample(z.scene, 0.5, states, 2, &count), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("scene (a gf_scene) is in use by another call");
    CHECK_EQ_INT(count, 77);
    gf_layer_desc_init(&d);
    d.id = "late";
    CHECK_FAIL(gf_scene_add_layer(z.scene, &d, NULL), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_free(z.scene), GF_E_MISUSE);
    CHECK_MESSAGE_HAS("it was not freed");

    pthread_mutex_lock(&z.lock);
    z.stage = 2;
    pthread_cond_broadcast(&z.changed);
    pthread_mutex_unlock(&z.lock);
    CHECK(pthread_join(worker, NULL) == 0);
    CHECK_OK(z.advance_status);
    CHECK_OK(gf_scene_sample(z.scene, 0.5, states, 2, &count));
    CHECK_EQ_INT(count, 1); /* "late" was not added */
    CHECK_OK(gf_scene_free(z.scene));
    pthread_cond_destroy(&z.changed);
    pthread_mutex_destroy(&z.lock);
}

#define HAMMER_CALLS 20000

typedef struct hammer {
    gf_animation *animation;
    gf_view_tree *tree;
    long ok, misuse, other, wrong_message;
} hammer;

static void *hammer_main(void *arg) {
    hammer *h = (hammer *)arg;
    long i;
    for (i = 0; i < HAMMER_CALLS; i++) {
        gf_status a = gf_animation_set_flags(h->animation, (i & 1) ? GF_ANIMATION_ADDITIVE : 0);
        gf_status b = gf_view_tree_set_style(h->tree, GF_VIEW_TREE_GLOBAL, "animation", (i & 1) ? "\"shimmer\"" : "\"breathe\"");
        gf_status both[2];
        int k;
        both[0] = a;
        both[1] = b;
        for (k = 0; k < 2; k++) {
            if (both[k] == GF_OK) {
                h->ok++;
            } else if (both[k] == GF_E_MISUSE) {
                h->misuse++;
                if (strstr(gf_last_error_message(), "is in use by another call") == NULL) h->wrong_message++;
            } else {
                h->other++;
            }
        }
    }
    return NULL;
}

/* Two threads changing one animation and one view tree as fast as they can: every call either
   succeeds or is refused with GF_E_MISUSE ("in use"), never anything else, and the handles stay
   whole. (Whether the threads ever overlap depends on the scheduler, so the number refused is
   printed, not checked.) */
static void test_two_threads_hammering(void) {
    hammer h[2];
    pthread_t threads[2];
    gf_timing *timing = make_timing(NULL);
    gf_animation *animation = make_fade(timing);
    gf_view_tree *tree = make_tree();
    gf_scene *scene = make_scene(), *skeleton = NULL;
    size_t count = 0;
    int t;
    memset(h, 0, sizeof h);
    for (t = 0; t < 2; t++) {
        h[t].animation = animation;
        h[t].tree = tree;
        CHECK(pthread_create(&threads[t], NULL, hammer_main, &h[t]) == 0);
    }
    for (t = 0; t < 2; t++) CHECK(pthread_join(threads[t], NULL) == 0);
    for (t = 0; t < 2; t++) {
        CHECK_EQ_INT(h[t].ok + h[t].misuse, 2 * HAMMER_CALLS);
        CHECK_EQ_INT(h[t].other, 0);
        CHECK_EQ_INT(h[t].wrong_message, 0);
    }
    printf("     (%ld of %d calls refused as concurrent use)\n", h[0].misuse + h[1].misuse, 4 * HAMMER_CALLS);
    CHECK_OK(gf_animation_set_flags(animation, 0));
    CHECK_OK(gf_scene_add_animation(scene, "card", animation, NULL, NULL));
    CHECK_OK(gf_skeleton_generate(tree, &skeleton));
    CHECK_OK(gf_scene_layer_count(skeleton, &count));
    CHECK(count >= 2);
    CHECK_OK(gf_scene_free(skeleton));
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_view_tree_free(tree));
    CHECK_OK(gf_animation_free(animation));
    CHECK_OK(gf_timing_free(timing));
}

int main(void) {
    RUN(test_wrong_type);
    RUN(test_not_a_handle);
    RUN(test_double_free);
    RUN(test_use_after_free);
    RUN(test_owned_easing);
    RUN(test_quarantine);
    RUN(test_group_adds_itself);
    RUN(test_callback_reentry);
    RUN(test_two_threads_one_scene);
    RUN(test_two_threads_hammering);
    return gf_test_summary();
}
