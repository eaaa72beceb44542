/* Timing: Web Animations effect timing, Core Animation's parameters mapped onto it, and bad input. */
#include <stddef.h>
#include <string.h>

#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static gf_timing *create(const gf_timing_params *params) {
    gf_timing *timing = NULL;
    gf_status status = gf_timing_create(params, &timing);
    if (!gf_test_check(status == GF_OK && timing != NULL, __FILE__, __LINE__, "gf_timing_create succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? timing : NULL;
}

static gf_timing *create_ca(const gf_core_animation_timing *params) {
    gf_timing *timing = NULL;
    gf_status status = gf_timing_create_core_animation(params, &timing);
    if (!gf_test_check(status == GF_OK && timing != NULL, __FILE__, __LINE__, "gf_timing_create_core_animation succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? timing : NULL;
}

/* The state at t; phase -1 (and a failed check) if the call fails. */
static gf_timing_state at(const gf_timing *timing, double t) {
    gf_timing_state state;
    gf_status status;
    state.phase = -1;
    state.flags = 0;
    state.active_time = state.current_iteration = state.progress = NAN;
    if (timing == NULL) return state;
    status = gf_timing_at(timing, t, &state);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_timing_at succeeds"))
        printf("     t = %g: %s: %s\n", t, gf_status_string(status), gf_last_error_message());
    return state;
}

#define CHECK_RESOLVED(s, phase_, iteration, progress_)                                          \
    do {                                                                                         \
        gf_timing_state s_ = (s);                                                                \
        CHECK_EQ_INT(s_.phase, phase_);                                                          \
        CHECK(s_.flags & GF_TIMING_STATE_RESOLVED);                                              \
        CHECK_NEAR(s_.current_iteration, iteration, 1e-12);                                      \
        CHECK_NEAR(s_.progress, progress_, 1e-9);                                                \
    } while (0)

#define CHECK_UNRESOLVED(s, phase_)                                                              \
    do {                                                                                         \
        gf_timing_state s_ = (s);                                                                \
        CHECK_EQ_INT(s_.phase, phase_);                                                          \
        CHECK((s_.flags & GF_TIMING_STATE_RESOLVED) == 0);                                       \
        CHECK(isnan(s_.active_time) && isnan(s_.current_iteration) && isnan(s_.progress));       \
    } while (0)

static double active_duration(const gf_timing *timing) {
    double out = SENTINEL_DOUBLE;
    if (timing == NULL) return NAN;
    CHECK_OK(gf_timing_active_duration(timing, &out));
    return out;
}

static double end_time(const gf_timing *timing) {
    double out = SENTINEL_DOUBLE;
    if (timing == NULL) return NAN;
    CHECK_OK(gf_timing_end_time(timing, &out));
    return out;
}

static void test_defaults(void) {
    gf_timing_params p;
    gf_core_animation_timing ca;
    memset(&p, SENTINEL_BYTE, sizeof p);
    gf_timing_params_init(&p);
    CHECK_EQ_INT(p.struct_size, sizeof(gf_timing_params));
    CHECK_EQ_INT(p.direction, GF_DIRECTION_NORMAL);
    CHECK_EQ_INT(p.fill, GF_FILL_NONE);
    CHECK_EQ_INT(p.reserved, 0);
    CHECK(p.delay == 0 && p.end_delay == 0 && p.duration == 0 && p.iterations == 1);
    CHECK(p.iteration_start == 0 && p.playback_rate == 1 && p.time_offset == 0);
    CHECK(p.easing == NULL);

    memset(&ca, SENTINEL_BYTE, sizeof ca);
    gf_core_animation_timing_init(&ca);
    CHECK_EQ_INT(ca.struct_size, sizeof(gf_core_animation_timing));
    CHECK_EQ_INT(ca.autoreverses, 0);
    CHECK_EQ_INT(ca.fill_mode, GF_FILL_NONE);
    CHECK_EQ_INT(ca.reserved, 0);
    CHECK(ca.duration == 0 && ca.begin_time == 0 && ca.speed == 1 && ca.time_offset == 0);
    CHECK(ca.repeat_count == 0 && ca.repeat_duration == 0);
    CHECK(ca.easing == NULL);
}

static void test_simple(void) {
    gf_timing_params p;
    gf_timing *timing;
    gf_timing_state s;
    gf_timing_params_init(&p);
    p.duration = 1;
    timing = create(&p);
    s = at(timing, 0.25);
    CHECK_RESOLVED(s, GF_PHASE_ACTIVE, 0, 0.25);
    CHECK_NEAR(s.active_time, 0.25, 1e-12);
    CHECK_NEAR(active_duration(timing), 1, 0);
    CHECK_NEAR(end_time(timing), 1, 0);
    CHECK_UNRESOLVED(at(timing, 1.5), GF_PHASE_AFTER); /* fill none */
    gf_timing_free(timing);
}

/* The Web Animations case: duration 1, 2 iterations, alternate, fill both. */
static void test_web_animations_alternate(void) {
    gf_timing_params p;
    gf_timing *timing;
    gf_timing_params_init(&p);
    p.duration = 1;
    p.iterations = 2;
    p.direction = GF_DIRECTION_ALTERNATE;
    p.fill = GF_FILL_BOTH;
    timing = create(&p);
    CHECK_RESOLVED(at(timing, 1.5), GF_PHASE_ACTIVE, 1, 0.5);
    CHECK_RESOLVED(at(timing, 0.25), GF_PHASE_ACTIVE, 0, 0.25);
    CHECK_RESOLVED(at(timing, 1.25), GF_PHASE_ACTIVE, 1, 0.75); /* second iteration runs backwards */
    CHECK_RESOLVED(at(timing, -1), GF_PHASE_BEFORE, 0, 0);        /* fill backwards */
    CHECK_RESOLVED(at(timing, 5), GF_PHASE_AFTER, 1, 0);          /* fill forwards: the end of iteration 1 */
    CHECK_NEAR(active_duration(timing), 2, 0);
    gf_timing_free(timing);
}

static void test_unresolved_and_fills(void) {
    gf_timing_params p;
    gf_timing *none, *backwards, *forwards;
    gf_timing_params_init(&p);
    p.delay = 1;
    p.duration = 1;
    none = create(&p);
    p.fill = GF_FILL_BACKWARDS;
    backwards = create(&p);
    p.fill = GF_FILL_FORWARDS;
    forwards = create(&p);
    CHECK_UNRESOLVED(at(none, 0.5), GF_PHASE_BEFORE);
    CHECK_UNRESOLVED(at(none, 2.5), GF_PHASE_AFTER);
    CHECK_RESOLVED(at(none, 1.5), GF_PHASE_ACTIVE, 0, 0.5);
    CHECK_RESOLVED(at(backwards, 0.5), GF_PHASE_BEFORE, 0, 0);
    CHECK_UNRESOLVED(at(backwards, 2.5), GF_PHASE_AFTER);
    CHECK_UNRESOLVED(at(forwards, 0.5), GF_PHASE_BEFORE);
    CHECK_RESOLVED(at(forwards, 2.5), GF_PHASE_AFTER, 0, 1);
    gf_timing_free(none);
    gf_timing_free(backwards);
    gf_timing_free(forwards);
}

static void test_directions_and_iterations(void) {
    gf_timing_params p;
    gf_timing *t;
    gf_timing_params_init(&p);
    p.duration = 1;
    p.direction = GF_DIRECTION_REVERSE;
    t = create(&p);
    CHECK_RESOLVED(at(t, 0.25), GF_PHASE_ACTIVE, 0, 0.75);
    gf_timing_free(t);

    p.direction = GF_DIRECTION_ALTERNATE_REVERSE;
    p.iterations = 3;
    t = create(&p);
    CHECK_RESOLVED(at(t, 0.25), GF_PHASE_ACTIVE, 0, 0.75);
    CHECK_RESOLVED(at(t, 1.25), GF_PHASE_ACTIVE, 1, 0.25);
    gf_timing_free(t);

    gf_timing_params_init(&p);
    p.duration = 1;
    p.iteration_start = 0.5;
    t = create(&p);
    CHECK_RESOLVED(at(t, 0), GF_PHASE_ACTIVE, 0, 0.5);
    CHECK_RESOLVED(at(t, 0.75), GF_PHASE_ACTIVE, 1, 0.25);
    gf_timing_free(t);

    gf_timing_params_init(&p);
    p.duration = 1;
    p.iterations = INFINITY;
    t = create(&p);
    CHECK(isinf(active_duration(t)));
    CHECK(isinf(end_time(t)));
    CHECK_RESOLVED(at(t, 1000000.5), GF_PHASE_ACTIVE, 1000000, 0.5);
    gf_timing_free(t);

    gf_timing_params_init(&p);
    p.duration = 2;
    p.iterations = 3;
    p.delay = 1;
    p.end_delay = 0.5;
    t = create(&p);
    CHECK_NEAR(active_duration(t), 6, 0);
    CHECK_NEAR(end_time(t), 7.5, 0);
    gf_timing_free(t);

    p.end_delay = -10; /* end time is max(delay + active + end delay, 0) */
    t = create(&p);
    CHECK_NEAR(end_time(t), 0, 0);
    gf_timing_free(t);
}

/* The sign of the playback rate breaks ties at the phase boundaries. */
static void test_playback_rate_ties(void) {
    gf_timing_params p;
    gf_timing *forwards, *backwards;
    gf_timing_params_init(&p);
    p.delay = 1;
    p.duration = 1;
    forwards = create(&p);
    p.playback_rate = -1;
    backwards = create(&p);
    CHECK_EQ_INT(at(forwards, 1.0).phase, GF_PHASE_ACTIVE);
    CHECK_EQ_INT(at(backwards, 1.0).phase, GF_PHASE_BEFORE);
    CHECK_EQ_INT(at(forwards, 2.0).phase, GF_PHASE_AFTER);
    CHECK_EQ_INT(at(backwards, 2.0).phase, GF_PHASE_ACTIVE);
    gf_timing_free(forwards);
    gf_timing_free(backwards);
}

/* time_offset shifts the start point; the active interval keeps its length and wraps around. */
static void test_time_offset(void) {
    gf_timing_params p;
    gf_timing *t;
    gf_timing_params_init(&p);
    p.duration = 1;
    p.time_offset = 0.25;
    t = create(&p);
    CHECK_RESOLVED(at(t, 0), GF_PHASE_ACTIVE, 0, 0.25);
    CHECK_RESOLVED(at(t, 0.5), GF_PHASE_ACTIVE, 0, 0.75);
    CHECK_NEAR(at(t, 0.8).progress, 0.05, 1e-9);
    CHECK_NEAR(active_duration(t), 1, 0);
    gf_timing_free(t);
}

static void test_easing_and_params(void) {
    gf_timing_params p, back;
    gf_timing *t;
    gf_curve *ease = NULL;
    CHECK_OK(gf_curve_parse("ease", &ease));
    if (ease == NULL) return;
    gf_timing_params_init(&p);
    p.duration = 2;
    p.delay = 0.5;
    p.end_delay = -0.25;
    p.iterations = 2.5;
    p.iteration_start = 0.25;
    p.direction = GF_DIRECTION_ALTERNATE;
    p.fill = GF_FILL_FORWARDS;
    p.playback_rate = -2;
    p.time_offset = 0.125;
    p.easing = ease;
    t = create(&p);
    gf_curve_free(ease); /* the timing keeps its own reference */
    if (t == NULL) return;
    memset(&back, SENTINEL_BYTE, sizeof back);
    gf_timing_params_init(&back);
    CHECK_OK(gf_timing_get_params(t, &back));
    CHECK_EQ_INT(back.struct_size, sizeof(gf_timing_params));
    CHECK_EQ_INT(back.direction, GF_DIRECTION_ALTERNATE);
    CHECK_EQ_INT(back.fill, GF_FILL_FORWARDS);
    CHECK_EQ_INT(back.reserved, 0);
    CHECK(back.duration == 2 && back.delay == 0.5 && back.end_delay == -0.25);
    CHECK(back.iterations == 2.5 && back.iteration_start == 0.25);
    CHECK(back.playback_rate == -2 && back.time_offset == 0.125);
    CHECK(back.easing != NULL);
    if (back.easing != NULL) {
        double y = SENTINEL_DOUBLE;
        CHECK_OK(gf_curve_eval(back.easing, 0.5, 0, &y)); /* still alive after the caller freed its curve */
        CHECK_NEAR(y, 0.8024034, 1e-6);
    }
    gf_timing_free(t);

    /* Progress goes through the easing. */
    gf_timing_params_init(&p);
    p.duration = 1;
    CHECK_OK(gf_curve_parse("ease", &ease));
    p.easing = ease;
    t = create(&p);
    CHECK_EQ_INT(at(t, 0.5).phase, GF_PHASE_ACTIVE);
    CHECK_NEAR(at(t, 0.5).progress, 0.8024034, 1e-6);
    CHECK_NEAR(at(t, 0.5).active_time, 0.5, 1e-12); /* the easing changes progress, not time */
    gf_timing_free(t);
    gf_curve_free(ease);
}

/* The Core Animation case: duration 1, autoreverses, repeat_count 1.5, begin_time 0.5, speed 2. */
static void test_core_animation(void) {
    gf_core_animation_timing ca;
    gf_timing *t;
    gf_core_animation_timing_init(&ca);
    ca.duration = 1;
    ca.autoreverses = 1;
    ca.repeat_count = 1.5;
    ca.begin_time = 0.5;
    ca.speed = 2;
    ca.fill_mode = GF_FILL_FORWARDS;
    t = create_ca(&ca);
    CHECK_EQ_INT(at(t, 1.25).phase, GF_PHASE_ACTIVE);
    CHECK_NEAR(at(t, 1.25).progress, 0.5, 1e-9);
    CHECK_NEAR(at(t, 0.75).progress, 0.5, 1e-9); /* forwards half of the first cycle */
    CHECK_NEAR(at(t, 2.0).progress, 1.0, 1e-9);  /* 1.5 autoreversed repeats end on the to-value */
    CHECK(at(t, 2.0).flags & GF_TIMING_STATE_RESOLVED);
    CHECK_NEAR(at(t, 3.0).progress, 1.0, 1e-9); /* fill forwards */
    CHECK_UNRESOLVED(at(t, 0.25), GF_PHASE_BEFORE);
    CHECK_NEAR(end_time(t), 2.0, 1e-12);
    gf_timing_free(t);

    /* Removed (fill none): unresolved after the end. */
    ca.fill_mode = GF_FILL_NONE;
    t = create_ca(&ca);
    CHECK_UNRESOLVED(at(t, 3.0), GF_PHASE_AFTER);
    gf_timing_free(t);

    /* duration 0 means Core Animation's 0.25 s. */
    gf_core_animation_timing_init(&ca);
    t = create_ca(&ca);
    CHECK_NEAR(active_duration(t), 0.25, 1e-12);
    gf_timing_free(t);

    /* repeat_count and repeat_duration both set: the shorter interval wins. */
    gf_core_animation_timing_init(&ca);
    ca.duration = 1;
    ca.repeat_count = 3;
    ca.repeat_duration = 1.5;
    t = create_ca(&ca);
    CHECK_NEAR(active_duration(t), 1.5, 1e-12);
    gf_timing_free(t);

    /* autoreverses: one cycle is forward plus back. */
    gf_core_animation_timing_init(&ca);
    ca.duration = 1;
    ca.autoreverses = 1;
    t = create_ca(&ca);
    CHECK_NEAR(active_duration(t), 2, 1e-12);
    CHECK_NEAR(at(t, 1.5).progress, 0.5, 1e-9);
    gf_timing_free(t);

    /* Infinite repeats are allowed. */
    gf_core_animation_timing_init(&ca);
    ca.duration = 1;
    ca.repeat_count = INFINITY;
    t = create_ca(&ca);
    CHECK(isinf(active_duration(t)));
    gf_timing_free(t);
}

/* time_scale: Core Animation's speed, kept by both constructors and read back; a caller built
   before the field existed passes the older struct_size and nothing is read or written past it. */
static void test_time_scale(void) {
    gf_core_animation_timing ca;
    gf_timing_params params, read;
    gf_timing *t;
    unsigned char guard[sizeof(gf_timing_params)];
    const size_t old_size = offsetof(gf_timing_params, time_scale);
    static const double bad[] = {0.0, -1.0, NAN, INFINITY};
    size_t i;

    gf_timing_params_init(&params);
    CHECK_NEAR(params.time_scale, 1.0, 0);
    params.duration = 1;
    params.time_scale = 2.5;
    t = create(&params);
    gf_timing_params_init(&read);
    CHECK_OK(gf_timing_get_params(t, &read));
    CHECK_NEAR(read.time_scale, 2.5, 0);
    gf_timing_free(t);

    gf_core_animation_timing_init(&ca);
    ca.duration = 2;
    ca.speed = 2;
    t = create_ca(&ca);
    gf_timing_params_init(&read);
    CHECK_OK(gf_timing_get_params(t, &read));
    CHECK_NEAR(read.time_scale, 2.0, 0);
    CHECK_NEAR(read.duration, 1.0, 1e-15); /* the speed folded into the duration, and kept */

    /* An older caller's struct: get_params writes exactly old_size bytes. */
    memset(guard, 0xAB, sizeof guard);
    ((gf_timing_params *)(void *)guard)->struct_size = (uint32_t)old_size;
    CHECK_OK(gf_timing_get_params(t, (gf_timing_params *)(void *)guard));
    for (i = old_size; i < sizeof guard; i++) CHECK_EQ_INT(guard[i], 0xAB);
    CHECK_NEAR(((gf_timing_params *)(void *)guard)->duration, 1.0, 1e-15);
    gf_timing_free(t);

    /* ... and gf_timing_create reads only old_size bytes, time_scale taken as 1. */
    gf_timing_params_init(&params);
    params.struct_size = (uint32_t)old_size;
    params.duration = 1;
    params.time_scale = NAN; /* past the struct the caller says it has: never read */
    t = create(&params);
    gf_timing_params_init(&read);
    CHECK_OK(gf_timing_get_params(t, &read));
    CHECK_NEAR(read.time_scale, 1.0, 0);
    gf_timing_free(t);

    params.struct_size = (uint32_t)old_size - 1;
    t = NULL;
    CHECK_STATUS(gf_timing_create(&params, &t), GF_E_INVALID_ARGUMENT);
    CHECK(t == NULL);

    for (i = 0; i < COUNT(bad); i++) {
        gf_timing_params_init(&params);
        params.duration = 1;
        params.time_scale = bad[i];
        t = NULL;
        CHECK_STATUS(gf_timing_create(&params, &t), GF_E_INVALID_ARGUMENT);
        CHECK(t == NULL && strstr(gf_last_error_message(), "time scale") != NULL);
    }
}

/* ---- bad input ---------------------------------------------------------------------------- */

static void test_create_bad_input(void) {
    gf_timing_params good, p;
    gf_timing *out = SENTINEL_TIMING, *ok;
    int i;
    gf_timing_params_init(&good);
    good.duration = 1;
    CHECK_FAIL(gf_timing_create(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TIMING);
    RELEASE_UNEXPECTED_TIMING(out);
    CHECK_FAIL(gf_timing_create(&good, NULL), GF_E_NULL_ARGUMENT);
    for (i = 0; i < 38; i++) {
        int failed_before = gf_test_failed;
        p = good;
        switch (i) {
        case 0: p.struct_size = 0; break;
        case 1: p.struct_size = 4; break;
        case 2: p.struct_size = (uint32_t)offsetof(gf_timing_params, time_scale) - 8; break; /* below the oldest layout */
        case 3: p.reserved = 1; break;
        case 4: p.direction = -1; break;
        case 5: p.direction = 4; break;
        case 6: p.fill = -1; break;
        case 7: p.fill = 4; break;
        case 8: p.delay = NAN; break;
        case 9: p.delay = INFINITY; break;
        case 10: p.delay = -INFINITY; break;
        case 11: p.end_delay = NAN; break;
        case 12: p.end_delay = INFINITY; break;
        case 13: p.end_delay = -INFINITY; break;
        case 14: p.duration = -1; break;
        case 15: p.duration = NAN; break;
        case 16: p.time_offset = -INFINITY; break;
        case 17: p.duration = -INFINITY; break;
        case 18: p.iterations = -1; break;
        case 19: p.iterations = NAN; break;
        case 20: p.iterations = -INFINITY; break;
        case 21: p.iteration_start = -1; break;
        case 22: p.iteration_start = NAN; break;
        case 23: p.iteration_start = INFINITY; break;
        case 24: p.playback_rate = 0; break;
        case 25: p.playback_rate = NAN; break;
        case 26: p.playback_rate = INFINITY; break;
        case 27: p.playback_rate = -INFINITY; break;
        case 28: p.time_offset = -1; break;
        case 29: p.time_offset = NAN; break;
        case 30: p.time_offset = INFINITY; break;
        case 31: p.direction = INT32_MAX; break;
        case 32: p.fill = INT32_MIN; break;
        case 33: p.reserved = -1; break;
        case 34: p.time_scale = 0; break;
        case 35: p.time_scale = -1; break;
        case 36: p.time_scale = NAN; break;
        case 37: p.time_scale = INFINITY; break;
        }
        out = SENTINEL_TIMING;
        CHECK_FAIL(gf_timing_create(&p, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_PTR(out, SENTINEL_TIMING);
        RELEASE_UNEXPECTED_TIMING(out);
        if (gf_test_failed > failed_before) printf("     (in bad-field case %d)\n", i);
    }
    /* What the contract allows: negative delays, infinite iterations and duration, a zero duration. */
    p = good;
    p.delay = -5;
    p.end_delay = -5;
    p.iterations = INFINITY;
    ok = create(&p);
    gf_timing_free(ok);
    p = good;
    p.duration = INFINITY;
    ok = create(&p);
    CHECK(isinf(active_duration(ok)));
    gf_timing_free(ok);
    p = good;
    p.duration = 0;
    p.iterations = 0;
    ok = create(&p);
    gf_timing_free(ok);
}

static void test_create_core_animation_bad_input(void) {
    gf_core_animation_timing good, p;
    gf_timing *out = SENTINEL_TIMING, *ok;
    int i;
    gf_core_animation_timing_init(&good);
    good.duration = 1;
    CHECK_FAIL(gf_timing_create_core_animation(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TIMING);
    RELEASE_UNEXPECTED_TIMING(out);
    CHECK_FAIL(gf_timing_create_core_animation(&good, NULL), GF_E_NULL_ARGUMENT);
    for (i = 0; i < 31; i++) {
        int failed_before = gf_test_failed;
        p = good;
        switch (i) {
        case 0: p.struct_size = 0; break;
        case 1: p.struct_size = 4; break;
        case 2: p.struct_size = (uint32_t)sizeof(gf_core_animation_timing) - 8; break;
        case 3: p.reserved = 1; break;
        case 4: p.autoreverses = 2; break;
        case 5: p.autoreverses = -1; break;
        case 6: p.fill_mode = -1; break;
        case 7: p.fill_mode = 4; break;
        case 8: p.duration = -1; break;
        case 9: p.duration = NAN; break;
        case 10: p.duration = INFINITY; break;
        case 11: p.begin_time = NAN; break;
        case 12: p.begin_time = INFINITY; break;
        case 13: p.begin_time = -INFINITY; break;
        case 14: p.speed = 0; break;
        case 15: p.speed = -1; break;
        case 16: p.speed = NAN; break;
        case 17: p.speed = INFINITY; break;
        case 18: p.time_offset = -1; break;
        case 19: p.time_offset = NAN; break;
        case 20: p.time_offset = INFINITY; break;
        case 21: p.repeat_count = -1; break;
        case 22: p.repeat_count = NAN; break;
        case 23: p.repeat_count = -INFINITY; break;
        case 24: p.repeat_duration = -1; break;
        case 25: p.repeat_duration = NAN; break;
        case 26: p.repeat_duration = -INFINITY; break;
        case 27: p.duration = -INFINITY; break;
        case 28: p.speed = -INFINITY; break;
        case 29: p.fill_mode = INT32_MAX; break;
        case 30: p.autoreverses = INT32_MIN; break;
        }
        out = SENTINEL_TIMING;
        CHECK_FAIL(gf_timing_create_core_animation(&p, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_PTR(out, SENTINEL_TIMING);
        RELEASE_UNEXPECTED_TIMING(out);
        if (gf_test_failed > failed_before) printf("     (in bad-field case %d)\n", i);
    }
    /* Allowed: infinite repeat count and repeat duration, a negative begin time. */
    p = good;
    p.repeat_count = INFINITY;
    p.repeat_duration = INFINITY;
    p.begin_time = -3;
    ok = create_ca(&p);
    gf_timing_free(ok);
}

static void test_queries_bad_input(void) {
    static const double not_finite[3] = {NAN, INFINITY, -INFINITY};
    gf_timing_params p, out_params;
    gf_timing_state state;
    gf_timing *t;
    double out = SENTINEL_DOUBLE;
    size_t i;
    gf_timing_params_init(&p);
    p.duration = 1;
    t = create(&p);
    /* NULL timing */
    CHECK_FAIL(gf_timing_active_duration(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
    CHECK_FAIL(gf_timing_end_time(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
    memset(&state, SENTINEL_BYTE, sizeof state);
    CHECK_FAIL(gf_timing_at(NULL, 0.5, &state), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_BYTES(&state, sizeof state);
    memset(&out_params, SENTINEL_BYTE, sizeof out_params);
    out_params.struct_size = sizeof out_params;
    CHECK_FAIL(gf_timing_get_params(NULL, &out_params), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_BYTES((const char *)&out_params + sizeof(uint32_t), sizeof out_params - sizeof(uint32_t));
    if (t == NULL) return;
    /* NULL out-parameters */
    CHECK_FAIL(gf_timing_active_duration(t, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timing_end_time(t, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timing_at(t, 0.5, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timing_get_params(t, NULL), GF_E_NULL_ARGUMENT);
    /* local_time must be finite */
    for (i = 0; i < COUNT(not_finite); i++) {
        memset(&state, SENTINEL_BYTE, sizeof state);
        CHECK_FAIL(gf_timing_at(t, not_finite[i], &state), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_BYTES(&state, sizeof state);
    }
    /* Absurd but finite times are fine. */
    state = at(t, 1e300);
    CHECK_EQ_INT(state.phase, GF_PHASE_AFTER);
    state = at(t, -1e300);
    CHECK_EQ_INT(state.phase, GF_PHASE_BEFORE);
    /* get_params: the caller's struct_size must cover the struct. */
    for (i = 0; i < 3; i++) {
        static const uint32_t sizes[3] = {0, 4, (uint32_t)offsetof(gf_timing_params, time_scale) - 8};
        memset(&out_params, SENTINEL_BYTE, sizeof out_params);
        out_params.struct_size = sizes[i];
        CHECK_FAIL(gf_timing_get_params(t, &out_params), GF_E_INVALID_ARGUMENT);
        CHECK(out_params.struct_size == sizes[i]);
        CHECK_UNTOUCHED_BYTES((const char *)&out_params + sizeof(uint32_t), sizeof out_params - sizeof(uint32_t));
    }
    gf_timing_free(t);
}

int main(void) {
    RUN(test_defaults);
    RUN(test_simple);
    RUN(test_web_animations_alternate);
    RUN(test_unresolved_and_fills);
    RUN(test_directions_and_iterations);
    RUN(test_playback_rate_ties);
    RUN(test_time_offset);
    RUN(test_easing_and_params);
    RUN(test_core_animation);
    RUN(test_time_scale);
    RUN(test_create_bad_input);
    RUN(test_create_core_animation_bad_input);
    RUN(test_queries_bad_input);
    return gf_test_summary();
}
