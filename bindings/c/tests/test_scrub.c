/*
 * Scrubbing through the C ABI (gf_scrub_*): the mapping at the range ends, outside (clamped)
 * and inside against t = t0 + (t1 - t0)(v - a)/(b - a); sampling bit for bit equal to
 * gf_scene_sample at the mapped time; a curve (easeInQuad: u^2); spring-back against the
 * critically damped closed form (w = 10): u(tau) = (u0 + (v + w u0) tau) e^(-w tau), tolerance
 * 1e-9 of the range; and misuse: NULLs, NaN, inverted/empty ranges, bad capacity, freed and
 * wrong handles, sampling the clock before a release. Failing calls leave outputs untouched.
 * gf_scrub_create_with_spring: an underdamped spring against its closed form. A failing host
 * mapping curve: GF_E_CALLBACK from every call that evaluates it (issue 28 point 4).
 */
#include <float.h>

#include "gf_test.h"

#define SENTINEL_SIZE ((size_t)0xA5A5A5A5u)

/* One 10 x 10 layer "a" whose position.x goes 0 -> 100 over [1, 3] s, filled both ways, kept. */
static gf_scene *moving_scene(void) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    gf_timing_params p;
    gf_timing *timing = NULL;
    gf_animation *animation = NULL;
    double from = 0, to = 100;
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "a";
    d.width = d.height = 10;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    gf_timing_params_init(&p);
    p.duration = 2;
    p.delay = 1;
    p.fill = GF_FILL_BOTH;
    CHECK_OK(gf_timing_create(&p, &timing));
    CHECK_OK(gf_animation_create_basic("position.x", timing, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_KEEP_AFTER_END));
    CHECK_OK(gf_scene_add_animation(scene, "a", animation, NULL, NULL));
    gf_animation_free(animation);
    gf_timing_free(timing);
    return scene;
}

/* Whether the scrub's sample at v has the same bytes as the scene's at t. */
static int same_as_scene(gf_scrub *scrub, gf_scene *scene, double v, double t) {
    gf_layer_state a, b;
    size_t n = 0, m = 0;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    if (gf_scrub_sample(scrub, v, &a, 1, &n) != GF_OK) return 0;
    if (gf_scene_sample(scene, t, &b, 1, &m) != GF_OK) return 0;
    return n == 1 && m == 1 && memcmp(&a, &b, sizeof a) == 0;
}

static void test_mapping(void) {
    gf_scene *scene = moving_scene();
    gf_scrub *scrub = NULL;
    double t = 0, v;
    CHECK_OK(gf_scrub_create(scene, 0, 80, 0, 4, NULL, &scrub));
    CHECK_OK(gf_scrub_time(scrub, 0, &t));
    CHECK(t == 0);
    CHECK_OK(gf_scrub_time(scrub, 80, &t));
    CHECK(t == 4);
    CHECK(same_as_scene(scrub, scene, 0, 0));
    CHECK(same_as_scene(scrub, scene, 80, 4));
    /* Outside: clamped. */
    CHECK_OK(gf_scrub_time(scrub, -1e300, &t));
    CHECK(t == 0);
    CHECK_OK(gf_scrub_time(scrub, 81, &t));
    CHECK(t == 4);
    CHECK(same_as_scene(scrub, scene, -5, 0));
    CHECK(same_as_scene(scrub, scene, 500, 4));
    /* Inside: the linear map, and x (frame origin = position - 5) against the animation. */
    for (v = 0; v <= 80; v += 3.7) {
        gf_layer_state s;
        size_t n = 0;
        double want_t = v / 20, pos;
        CHECK_OK(gf_scrub_time(scrub, v, &t));
        CHECK_NEAR(t, want_t, 1e-12);
        CHECK(same_as_scene(scrub, scene, v, t));
        CHECK_OK(gf_scrub_sample(scrub, v, &s, 1, &n));
        pos = 100 * fmin(fmax((t - 1) / 2, 0), 1);
        CHECK_NEAR(s.x, pos - 5, 1e-9);
    }
    /* Two-call pattern. */
    {
        size_t n = 0;
        CHECK_FAIL(gf_scrub_sample(scrub, 1, NULL, 0, &n), GF_E_BUFFER_TOO_SMALL);
        CHECK_EQ_INT(n, 1);
    }
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_scene_free(scene));
}

static void test_curve_and_spring(void) {
    gf_scene *scene = moving_scene();
    gf_curve *quad = NULL;
    gf_scrub *scrub = NULL;
    double t = 0, v, tau, value = 0;
    gf_layer_state s;
    size_t n = 0;
    CHECK_OK(gf_curve_parse("easeInQuad", &quad));
    CHECK_OK(gf_scrub_create(scene, 10, 20, 3, 1, quad, &scrub));
    gf_curve_free(quad); /* the scrub keeps its own copy */
    for (v = 10; v <= 20; v += 0.75) {
        double u = (v - 10) / 10;
        CHECK_OK(gf_scrub_time(scrub, v, &t));
        CHECK_NEAR(t, 3 - 2 * u * u, 1e-12);
    }
    CHECK_OK(gf_scrub_free(scrub));

    CHECK_OK(gf_scrub_create(scene, 0, 80, 0, 4, NULL, &scrub));
    value = SENTINEL_DOUBLE;
    CHECK_FAIL(gf_scrub_value_at_clock(scrub, 0, &value), GF_E_INVALID_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(value);
    n = SENTINEL_SIZE;
    CHECK_FAIL(gf_scrub_sample_at_clock(scrub, 0, &s, 1, &n), GF_E_INVALID_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_OK(gf_scrub_release(scrub, 2, 60, -150, 0));
    CHECK_OK(gf_scrub_value_at_clock(scrub, 1, &value));
    CHECK(value == 60);
    for (tau = 0; tau <= 1.5; tau += 0.01) {
        double want = (60 + (-150 + 10 * 60) * tau) * exp(-10 * tau);
        CHECK_OK(gf_scrub_value_at_clock(scrub, 2 + tau, &value));
        CHECK_NEAR(value, want, 1e-9 * 80);
        CHECK_OK(gf_scrub_sample_at_clock(scrub, 2 + tau, &s, 1, &n));
        CHECK_OK(gf_scrub_time(scrub, value, &t));
        {
            gf_layer_state b;
            size_t m = 0;
            CHECK_OK(gf_scene_sample(scene, t, &b, 1, &m));
            CHECK(memcmp(&s, &b, sizeof s) == 0);
        }
    }
    CHECK_OK(gf_scrub_value_at_clock(scrub, 7, &value));
    CHECK_NEAR(value, 0, 1e-9);
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_scene_free(scene));
}

/* gf_scrub_create_with_spring: an underdamped spring (m 1, k 100, c 10: alpha 5, wd sqrt(75))
 * against u(tau) = e^(-alpha tau) (u0 cos(wd tau) + (v + alpha u0) / wd sin(wd tau)), tolerance
 * 1e-9 of the range; a NULL spring is gf_scrub_create's; a bad spring builds nothing. */
static void test_chosen_spring(void) {
    gf_scene *scene = moving_scene();
    gf_scrub *scrub = NULL, *plain = NULL, *out = (gf_scrub *)(void *)gf_test_sentinel_storage;
    gf_spring spring;
    double tau, value = 0, other = 0, wd = sqrt(75.0);
    gf_spring_init(&spring);
    spring.initial_velocity = 99; /* not used: the release gives the velocity */
    CHECK_OK(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, &spring, &scrub));
    CHECK_OK(gf_scrub_release(scrub, 2, 60, -150, 10));
    for (tau = 0; tau <= 2; tau += 0.01) {
        double u0 = 50, v = -150;
        double want = 10 + exp(-5 * tau) * (u0 * cos(wd * tau) + (v + 5 * u0) / wd * sin(wd * tau));
        CHECK_OK(gf_scrub_value_at_clock(scrub, 2 + tau, &value));
        CHECK_NEAR(value, want, 1e-9 * 80);
    }
    CHECK_OK(gf_scrub_free(scrub));
    /* NULL: the default, value for value the same as gf_scrub_create. */
    CHECK_OK(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, NULL, &scrub));
    CHECK_OK(gf_scrub_create(scene, 0, 80, 0, 4, NULL, &plain));
    CHECK_OK(gf_scrub_release(scrub, 0, 30, 20, 0));
    CHECK_OK(gf_scrub_release(plain, 0, 30, 20, 0));
    for (tau = 0; tau <= 1; tau += 0.125) {
        CHECK_OK(gf_scrub_value_at_clock(scrub, tau, &value));
        CHECK_OK(gf_scrub_value_at_clock(plain, tau, &other));
        CHECK(value == other);
    }
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_scrub_free(plain));
    spring.mass = 0;
    CHECK_FAIL(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, &spring, &out), GF_E_INVALID_ARGUMENT);
    gf_spring_init(&spring);
    spring.damping = NAN;
    CHECK_FAIL(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, &spring, &out), GF_E_INVALID_ARGUMENT);
    gf_spring_init(&spring);
    spring.struct_size = 0;
    CHECK_FAIL(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, &spring, &out), GF_E_INVALID_ARGUMENT);
    CHECK(out == (gf_scrub *)(void *)gf_test_sentinel_storage);
    CHECK_OK(gf_scene_free(scene));
}

/* A host curve that fails past the middle (NaN) and is the identity before. */
static double half_curve(void *user_data, double x) {
    (void)user_data;
    return x > 0.5 ? NAN : x;
}

/* Issue 28 point 4: a scrub whose mapping curve fails reports GF_E_CALLBACK naming the curve,
 * from gf_scrub_time, gf_scrub_sample and gf_scrub_sample_at_clock, with the outputs untouched
 * (once GF_OK with t = NaN and the model values); inputs where the curve works still map. */
static void test_failing_curve(void) {
    gf_scene *scene = moving_scene();
    gf_curve *curve = NULL;
    gf_scrub *scrub = NULL;
    gf_layer_state s;
    double t = SENTINEL_DOUBLE;
    size_t n = SENTINEL_SIZE;
    CHECK_OK(gf_register_curve("test.scrubhalf", half_curve, NULL, NULL));
    CHECK_OK(gf_curve_parse("test.scrubhalf", &curve));
    CHECK_OK(gf_scrub_create(scene, 0, 80, 0, 4, curve, &scrub));
    CHECK_FAIL(gf_scrub_time(scrub, 60, &t), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.scrubhalf") != NULL);
    CHECK_UNTOUCHED_DOUBLE(t);
    memset(&s, SENTINEL_BYTE, sizeof s);
    CHECK_FAIL(gf_scrub_sample(scrub, 60, &s, 1, &n), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.scrubhalf") != NULL);
    CHECK(n == SENTINEL_SIZE);
    /* u = 0.25 maps to t = 4 * 0.25 = 1 (the curve is the identity there). */
    CHECK_OK(gf_scrub_time(scrub, 20, &t));
    CHECK(t == 1);
    CHECK_OK(gf_scrub_sample(scrub, 20, &s, 1, &n));
    CHECK_EQ_INT(n, 1);
    /* Released at 60 with no velocity, resting at 0: at clock 0.01 the value is still past the
     * middle of the range (the spring has barely moved), so the curve fails there. */
    CHECK_OK(gf_scrub_release(scrub, 0, 60, 0, 0));
    n = SENTINEL_SIZE;
    CHECK_FAIL(gf_scrub_sample_at_clock(scrub, 0.01, &s, 1, &n), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.scrubhalf") != NULL);
    CHECK(n == SENTINEL_SIZE);
    CHECK_OK(gf_scrub_sample_at_clock(scrub, 5, &s, 1, &n)); /* back near 0 by then */
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_curve_free(curve));
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_unregister_curve("test.scrubhalf"));
}

/* Results that would escape as inf (issue 28): a curve overshooting [0, 1] (this cubic-bezier dips
 * below 0 near the start) maps a time range ending at DBL_MAX past it, so gf_scrub_time refuses
 * that input naming the time range, outputs untouched (it gave GF_OK and inf), while inputs the
 * curve keeps in [0, 1] still map exactly to the ends. A release whose spring would carry the
 * value past DBL_MAX (an underdamped spring overshooting a rest of 1.7e308) is refused naming
 * the release, the scrub left unreleased (it gave gf_scrub_value_at_clock inf); the bound is the
 * spring's energy (|x| <= sqrt(u0^2 + (v/w0)^2)), so 8e307 away is accepted; a critically
 * damped spring never overshoots, so the same release there is accepted and stays within
 * [value, rest] (checked on a grid of 0.01 s). */
static void test_overflow(void) {
    gf_scene *scene = moving_scene();
    gf_curve *dip = NULL;
    gf_scrub *scrub = NULL;
    gf_spring spring;
    gf_layer_state s;
    double t = SENTINEL_DOUBLE, value = 0, tau;
    size_t n = SENTINEL_SIZE;
    CHECK_OK(gf_curve_parse("cubic-bezier(0.5, -2, 0.5, 3)", &dip));
    CHECK_OK(gf_scrub_create(scene, 0.001, 375, DBL_MAX, 0, dip, &scrub));
    CHECK_FAIL(gf_scrub_time(scrub, 2, &t), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "time range") != NULL);
    CHECK_UNTOUCHED_DOUBLE(t);
    memset(&s, SENTINEL_BYTE, sizeof s);
    CHECK_FAIL(gf_scrub_sample(scrub, 2, &s, 1, &n), GF_E_INVALID_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_OK(gf_scrub_time(scrub, 375, &t));
    CHECK(t == 0);
    CHECK_OK(gf_scrub_time(scrub, 0.001, &t));
    CHECK(t == DBL_MAX);
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_curve_free(dip));

    gf_spring_init(&spring); /* mass 1, stiffness 100, damping 10: zeta 0.5, overshoots 16 % */
    CHECK_OK(gf_scrub_create_with_spring(scene, 0, 80, 0, 4, NULL, &spring, &scrub));
    CHECK_FAIL(gf_scrub_release(scrub, 0, 0, 0, 1.7e308), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "rest") != NULL);
    CHECK_FAIL(gf_scrub_release(scrub, 0, 0, DBL_MAX, 1e308), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "velocity") != NULL);
    CHECK_FAIL(gf_scrub_value_at_clock(scrub, 1, &value), GF_E_INVALID_ARGUMENT); /* still unreleased */
    /* 8e307 away: the energy bound (twice that) is finite; the overshoot is about 16 %. */
    CHECK_OK(gf_scrub_release(scrub, 0, 0, 0, 8e307));
    CHECK_OK(gf_scrub_value_at_clock(scrub, 0.36, &value));
    CHECK(isfinite(value) && value > 8e307);
    CHECK_OK(gf_scrub_free(scrub));

    CHECK_OK(gf_scrub_create(scene, 0, 80, 0, 4, NULL, &scrub)); /* critically damped */
    CHECK_OK(gf_scrub_release(scrub, 0, 0, 0, DBL_MAX));
    for (tau = 0; tau <= 2; tau += 0.01) {
        CHECK_OK(gf_scrub_value_at_clock(scrub, tau, &value));
        CHECK(isfinite(value) && value >= 0 && value <= DBL_MAX);
    }
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_OK(gf_scene_free(scene));
}

static void test_misuse(void) {
    gf_scene *scene = moving_scene();
    gf_scrub *scrub = NULL, *out = (gf_scrub *)(void *)gf_test_sentinel_storage;
    gf_layer_state s;
    double t = SENTINEL_DOUBLE;
    size_t n = SENTINEL_SIZE;
    CHECK_FAIL(gf_scrub_create(scene, 1, 1, 0, 1, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(scene, 2, 1, 0, 1, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(scene, NAN, 1, 0, 1, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(scene, 0, 1, 0, INFINITY, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(NULL, 0, 1, 0, 1, NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(scene, 0, 1, 0, 1, NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_create(scene, 0, 1, 0, 1, (gf_curve *)(void *)scene, &out), GF_E_MISUSE);
    CHECK(out == (gf_scrub *)(void *)gf_test_sentinel_storage);
    CHECK_OK(gf_scrub_create(scene, 0, 1, 0, 1, NULL, &scrub));
    CHECK_FAIL(gf_scrub_time(scrub, NAN, &t), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_time(scrub, INFINITY, &t), GF_E_INVALID_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(t);
    CHECK_FAIL(gf_scrub_time(scrub, 0, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_time(NULL, 0, &t), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_time((gf_scrub *)(void *)scene, 0, &t), GF_E_MISUSE);
    CHECK_FAIL(gf_scrub_sample(scrub, NAN, &s, 1, &n), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_sample(scrub, 0, &s, SIZE_MAX, &n), GF_E_INVALID_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_FAIL(gf_scrub_sample(scrub, 0, NULL, 1, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_sample(scrub, 0, &s, 1, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scrub_release(scrub, NAN, 0, 0, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_release(scrub, 0, INFINITY, 0, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_release(scrub, 0, 0, NAN, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_release(scrub, 0, 0, 0, -INFINITY), GF_E_INVALID_ARGUMENT);
    /* The failed releases left the scrub unreleased. */
    CHECK_FAIL(gf_scrub_value_at_clock(scrub, 0, &t), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_scrub_release(scrub, 0, 0.5, 0, 0));
    CHECK_FAIL(gf_scrub_value_at_clock(scrub, NAN, &t), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scrub_sample_at_clock(scrub, INFINITY, &s, 1, &n), GF_E_INVALID_ARGUMENT);
    /* The scene may go first: the scrub has its own copy. */
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_scrub_sample(scrub, 0.5, &s, 1, &n));
    CHECK_EQ_INT(n, 1);
    CHECK_OK(gf_scrub_free(scrub));
    CHECK_FAIL(gf_scrub_time(scrub, 0, &t), GF_E_MISUSE);
    CHECK_FAIL(gf_scrub_free(scrub), GF_E_MISUSE);
    CHECK_OK(gf_scrub_free(NULL));
}

int main(void) {
    RUN(test_mapping);
    RUN(test_curve_and_spring);
    RUN(test_chosen_spring);
    RUN(test_failing_curve);
    RUN(test_misuse);
    RUN(test_overflow);
    return gf_test_summary();
}
