/*
 * The pull-to-refresh control through the C ABI (gf_pull_to_refresh_*), with the defaults
 * 375, 95, 160, 50, 20, 2.5, 24, 1: radii by hand (circle 20 min(p/95, 1), hole
 * 17.5 clamp((p - 50)/45, 0, 1), centred at (187.5, p/2)), the refreshing loop (a turn a
 * second from the begin time), the spring close (w = 10: 95 (1 + 10 tau) e^(-10 tau)), and
 * misuse: NULLs, NaN, bad geometry, begin twice, end before begin, freed and wrong handles;
 * gf_pull_to_refresh_create_with_params: colours, logo, spring, and its bad input.
 * Tolerances 1e-9 (1e-7 for the spring).
 */
#include <float.h>

#include "gf_test.h"

#define SENTINEL_SIZE ((size_t)0xA5A5A5A5u)
#define PI 3.14159265358979323846

static gf_pull_to_refresh *make_default(void) {
    gf_pull_to_refresh *control = NULL;
    CHECK_OK(gf_pull_to_refresh_create(375, 95, 160, 50, 20, 2.5, 24, 1, &control));
    return control;
}

static void check_disc(const gf_layer_state *s, double r, double p) {
    CHECK_NEAR(s->width, 2 * r, 1e-9);
    CHECK_NEAR(s->height, 2 * r, 1e-9);
    CHECK_NEAR(s->corner_radius, r, 1e-9);
    CHECK_NEAR(s->x, 187.5 - r, 1e-9);
    CHECK_NEAR(s->y, p / 2 - r, 1e-9);
}

static void test_radii(void) {
    gf_pull_to_refresh *control = make_default();
    static const double cases[][4] = {
        {0, 0, 0, 0}, {30, 30, 600.0 / 95, 0}, {50, 50, 1000.0 / 95, 0}, {72.5, 72.5, 1450.0 / 95, 8.75},
        {95, 95, 20, 17.5}, {130, 130, 20, 17.5}, {200, 160, 20, 17.5}, {-10, 0, 0, 0},
    };
    size_t i, n = 0;
    gf_layer_state s[4];
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK_OK(gf_pull_to_refresh_sample(control, cases[i][0], s, 4, &n));
        CHECK_EQ_INT(n, 4);
        CHECK_NEAR(s[0].height, cases[i][1], 1e-9);
        check_disc(&s[1], cases[i][2], cases[i][1]);
        check_disc(&s[2], cases[i][3], cases[i][1]);
        CHECK_NEAR(s[3].width, 24, 0);
        CHECK_NEAR(s[3].y, cases[i][1] / 2 - 12, 1e-9);
        /* The original's colours: the circle rgb(72, 70, 109), the area and the hole
         * rgb(224, 231, 235) (JESPullToRefreshView fills both with it). */
        CHECK_NEAR(s[1].r, 72.0 / 255, 1e-12);
        CHECK_NEAR(s[1].g, 70.0 / 255, 1e-12);
        CHECK_NEAR(s[1].b, 109.0 / 255, 1e-12);
        CHECK_NEAR(s[0].r, 224.0 / 255, 1e-12);
        CHECK_NEAR(s[0].g, 231.0 / 255, 1e-12);
        CHECK_NEAR(s[0].b, 235.0 / 255, 1e-12);
        CHECK_NEAR(s[2].r, 224.0 / 255, 1e-12);
        CHECK_NEAR(s[2].g, 231.0 / 255, 1e-12);
        CHECK_NEAR(s[2].b, 235.0 / 255, 1e-12);
    }
    n = 0;
    CHECK_FAIL(gf_pull_to_refresh_sample(control, 10, s, 3, &n), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(n, 4);
    CHECK_OK(gf_pull_to_refresh_free(control));
}

static void test_loop_and_end(void) {
    gf_pull_to_refresh *control = make_default();
    gf_layer_state s[4];
    size_t n = SENTINEL_SIZE;
    double times[] = {10, 10.25, 11.6, 12.9, 13.2}, tau;
    size_t i;
    CHECK_FAIL(gf_pull_to_refresh_sample_at_clock(control, 1, s, 4, &n), GF_E_INVALID_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_FAIL(gf_pull_to_refresh_end(control, 1), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_pull_to_refresh_begin(control, 10));
    CHECK_FAIL(gf_pull_to_refresh_begin(control, 11), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_sample_at_clock(control, 9.5, s, 4, &n), GF_E_INVALID_ARGUMENT);
    for (i = 0; i < 5; i++) {
        double angle = 2 * PI * fmod(times[i] - 10, 1);
        CHECK_OK(gf_pull_to_refresh_sample_at_clock(control, times[i], s, 4, &n));
        CHECK_NEAR(s[0].height, 95, 1e-9);
        check_disc(&s[1], 20, 95);
        check_disc(&s[2], 17.5, 95);
        CHECK_NEAR(s[3].transform[0], cos(angle), 1e-9);
        CHECK_NEAR(s[3].transform[1], sin(angle), 1e-9);
    }
    CHECK_FAIL(gf_pull_to_refresh_end(control, 9), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_pull_to_refresh_end(control, 13.3));
    for (tau = 0; tau <= 1; tau += 0.05) {
        double p = 95 * (1 + 10 * tau) * exp(-10 * tau);
        CHECK_OK(gf_pull_to_refresh_sample_at_clock(control, 13.3 + tau, s, 4, &n));
        CHECK_NEAR(s[0].height, p, 1e-7);
        CHECK_NEAR(s[3].transform[1], 0, 0); /* the spin stopped */
    }
    CHECK_OK(gf_pull_to_refresh_free(control));
}

/* gf_pull_to_refresh_create_with_params: the defaults are gf_pull_to_refresh_create's (same
 * bytes); other colours, logo and geometry reach the layers; an underdamped spring (m 1, k 100,
 * c 10) closes the area as 95 e^(-5 tau) (cos(wd tau) + 5 / wd sin(wd tau)), wd = sqrt(75); the
 * pulled scene at p / maximum_pull is the drawing at p (same bytes). */
static void test_params(void) {
    gf_pull_to_refresh_params p;
    gf_pull_to_refresh *a = NULL, *b = make_default();
    gf_scene *scene = NULL;
    gf_layer_state s[4], t[4];
    size_t n = 0, m = 0;
    double pull, tau, wd = sqrt(75.0);
    gf_pull_to_refresh_params_init(&p);
    CHECK_EQ_INT(p.struct_size, sizeof p);
    CHECK_NEAR(p.width, 375, 0);
    CHECK_NEAR(p.ring_width, 2.5, 0);
    CHECK_NEAR(p.fill_g, 70.0 / 255, 0);
    CHECK_NEAR(p.background_g, 231.0 / 255, 0);
    CHECK_NEAR(p.background_a, 1, 0);
    CHECK(p.logo_image == NULL);
    CHECK_NEAR(p.spring.damping, 20, 0);
    CHECK_OK(gf_pull_to_refresh_create_with_params(&p, &a));
    for (pull = -5; pull <= 170; pull += 12.5) {
        CHECK_OK(gf_pull_to_refresh_sample(a, pull, s, 4, &n));
        CHECK_OK(gf_pull_to_refresh_sample(b, pull, t, 4, &m));
        CHECK(memcmp(s, t, sizeof s) == 0);
    }
    CHECK_OK(gf_pull_to_refresh_scene(a, &scene));
    CHECK_OK(gf_scene_layer_count(scene, &n));
    CHECK_EQ_INT(n, 4);
    for (pull = 0; pull <= 160; pull += 20) {
        CHECK_OK(gf_pull_to_refresh_sample(a, pull, s, 4, &n));
        CHECK_OK(gf_scene_sample(scene, pull / 160, t, 4, &m));
        CHECK(memcmp(s, t, sizeof s) == 0);
    }
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_pull_to_refresh_free(a));
    CHECK_OK(gf_pull_to_refresh_free(b));

    p.width = 200;
    p.maximum_radius = 10;
    p.ring_width = 1;
    p.fill_r = 0.25, p.fill_g = 0.5, p.fill_b = 0.75, p.fill_a = 0.5;
    p.background_r = 0.1, p.background_g = 0.2, p.background_b = 0.3;
    p.logo_image = "brand";
    p.spring.damping = 10;
    CHECK_OK(gf_pull_to_refresh_create_with_params(&p, &a));
    CHECK_OK(gf_pull_to_refresh_sample(a, 95, s, 4, &n));
    CHECK_NEAR(s[1].x, 100 - 10, 1e-9);
    CHECK_NEAR(s[1].width, 20, 1e-9);
    CHECK_NEAR(s[2].width, 18, 1e-9);
    CHECK_NEAR(s[1].r, 0.25, 0);
    CHECK_NEAR(s[1].a, 0.5, 0);
    CHECK_NEAR(s[0].g, 0.2, 0);
    CHECK_NEAR(s[2].b, 0.3, 0);
    CHECK_OK(gf_pull_to_refresh_scene(a, &scene));
    {
        char *contents = NULL;
        CHECK_OK(gf_scene_layer_contents(scene, 3, &contents));
        CHECK_STR(contents, "brand");
        gf_string_free(contents);
    }
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_pull_to_refresh_begin(a, 1));
    CHECK_OK(gf_pull_to_refresh_end(a, 2));
    for (tau = 0; tau <= 2; tau += 0.02) {
        double want = 95 * exp(-5 * tau) * (cos(wd * tau) + 5 / wd * sin(wd * tau));
        CHECK_OK(gf_pull_to_refresh_sample_at_clock(a, 2 + tau, s, 4, &n));
        /* The area is the pull, clamped to [0, maximum_pull]: the overshoot below 0 is drawn as 0. */
        CHECK_NEAR(s[0].height, want < 0 ? 0 : want, 1e-7);
    }
    CHECK_OK(gf_pull_to_refresh_free(a));
}

static void test_params_bad_input(void) {
    gf_pull_to_refresh_params p;
    gf_pull_to_refresh *out = (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage;
    gf_pull_to_refresh_params_init(&p);
    p.fill_g = NAN;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.background_a = 1.5;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.threshold_distance = 100;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.logo_image = "";
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.logo_image = "\xff\xfe";
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_UTF8);
    gf_pull_to_refresh_params_init(&p);
    p.spring.stiffness = -1;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.reserved = 1;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    p.struct_size = 8;
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(NULL, &out), GF_E_NULL_ARGUMENT);
    gf_pull_to_refresh_params_init(&p);
    CHECK_FAIL(gf_pull_to_refresh_create_with_params(&p, NULL), GF_E_NULL_ARGUMENT);
    CHECK(out == (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage);
    gf_pull_to_refresh_params_init(NULL); /* does nothing */
    CHECK_FAIL(gf_pull_to_refresh_scene(NULL, NULL), GF_E_NULL_ARGUMENT);
}

/* A maximum radius whose circle's side (twice it) overflows is refused naming the maximum radius
 * (issue 28; it was refused naming an internal animation's value), and no handle is written. */
static void test_overflow(void) {
    gf_pull_to_refresh *out = (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage;
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 160, 50, DBL_MAX / 1.5, 2.5, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "maximum radius") != NULL);
    CHECK_FAIL(gf_pull_to_refresh_create(DBL_MAX, 95, DBL_MAX, 1, DBL_MAX, 1, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "maximum radius") != NULL);
    CHECK(out == (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage);
}

static void test_misuse(void) {
    gf_pull_to_refresh *out = (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage, *control;
    gf_scene *scene = NULL;
    gf_layer_state s[4];
    size_t n = SENTINEL_SIZE;
    CHECK_FAIL(gf_pull_to_refresh_create(NAN, 95, 160, 50, 20, 2.5, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 40, 160, 50, 20, 2.5, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 95, 50, 20, 2.5, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 160, 50, 20, 20, 24, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 160, 50, 20, 2.5, -1, 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 160, 50, 20, 2.5, 24, INFINITY, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_create(375, 95, 160, 50, 20, 2.5, 24, 1, NULL), GF_E_NULL_ARGUMENT);
    CHECK(out == (gf_pull_to_refresh *)(void *)gf_test_sentinel_storage);
    control = make_default();
    CHECK_FAIL(gf_pull_to_refresh_sample(control, NAN, s, 4, &n), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_sample(control, 1, NULL, 4, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_sample(control, 1, s, SIZE_MAX, &n), GF_E_INVALID_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_FAIL(gf_pull_to_refresh_sample(control, 1, s, 4, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_begin(control, NAN), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_begin(NULL, 0), GF_E_NULL_ARGUMENT);
    CHECK_OK(gf_scene_create(&scene));
    CHECK_FAIL(gf_pull_to_refresh_begin((gf_pull_to_refresh *)(void *)scene, 0), GF_E_MISUSE);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_pull_to_refresh_begin(control, 0));
    CHECK_FAIL(gf_pull_to_refresh_end(control, NAN), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_pull_to_refresh_sample_at_clock(control, INFINITY, s, 4, &n), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_pull_to_refresh_free(control));
    CHECK_FAIL(gf_pull_to_refresh_sample(control, 1, s, 4, &n), GF_E_MISUSE);
    CHECK_FAIL(gf_pull_to_refresh_free(control), GF_E_MISUSE);
    CHECK_OK(gf_pull_to_refresh_free(NULL));
}

int main(void) {
    RUN(test_radii);
    RUN(test_loop_and_end);
    RUN(test_params);
    RUN(test_params_bad_input);
    RUN(test_misuse);
    RUN(test_overflow);
    return gf_test_summary();
}
