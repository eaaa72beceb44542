/*
 * The card transition through the C API (seed 004): gf_scene_convert_rect / _point against a
 * hand computation through a rotated, scaled, translated parent; gf_expand_transition's parts by
 * hand (the seed's formulas), its entry scene against start + (end - start) * t / D (linear curve),
 * the exit as the entry reversed and begun mid-flight without a jump; the defaults against
 * JPAnimationTool's animateWithDuration:0.35 delay:0.1 options:UIViewAnimationOptionCurveEaseOut
 * (entry, and the dismissal after a finished entry, by a bisection ease-out written here), a
 * struct_size from before delay (no delay); misuse (NULLs, freed and wrong handles, NaN, empty
 * rects, bad sizes, bad indexes, bad delays) with out-parameters untouched. Tolerance 1e-9 on
 * sampled values, 1e-12 on geometry, 825 * 3.5e-7 where the engine's bezier solver is involved
 * (1e-7 in x, slopes under 3.5, travel up to 825 points).
 */
#include <float.h>
#include <stddef.h>

#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL_SIZE ((size_t)0xA5A5A5A5u)
#define SENTINEL_TRANSITION ((gf_expand_transition *)(void *)gf_test_sentinel_storage)
#define SENTINEL_SCENE ((gf_scene *)(void *)gf_test_sentinel_storage)

static const double IMAGES[4][4] = {
    {-60, 300, 150, 125}, {105, 300, 150, 125}, {270, 300, 150, 125}, {105, 100, 150, 125}};

static gf_scene *converting_scene(void) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "parent";
    d.x = 10; d.y = 20; d.width = 100; d.height = 50;
    d.rotation = 1.5707963267948966;
    d.scale_x = 2; d.scale_y = 2;
    d.translation_x = 5; d.translation_y = -3;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    gf_layer_desc_init(&d);
    d.id = "child";
    d.parent = "parent";
    d.x = 4; d.y = 6; d.width = 10; d.height = 10;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    return scene;
}

static void convert(void) {
    gf_scene *scene = converting_scene();
    const double point[2] = {1, 2}, rect[4] = {0, 0, 10, 10};
    double out[4], back[2];
    /* By hand: (1,2) -> parent (5,8); minus anchor (50,25): (-45,-17); x2: (-90,-34);
     * rotated a quarter turn (x,y) -> (-y,x): (34,-90); plus position (60,45) and (5,-3): (99,-48). */
    CHECK_OK(gf_scene_convert_point(scene, point, "child", NULL, out));
    CHECK_NEAR(out[0], 99, 1e-9);
    CHECK_NEAR(out[1], -48, 1e-9);
    CHECK_OK(gf_scene_convert_point(scene, out, NULL, "child", back));
    CHECK_NEAR(back[0], 1, 1e-9);
    CHECK_NEAR(back[1], 2, 1e-9);
    /* The child's bounds: x in 83..103, y in -50..-30 by the same steps on the corners. */
    CHECK_OK(gf_scene_convert_rect(scene, rect, "child", NULL, out));
    CHECK_NEAR(out[0], 83, 1e-9);
    CHECK_NEAR(out[1], -50, 1e-9);
    CHECK_NEAR(out[2], 20, 1e-9);
    CHECK_NEAR(out[3], 20, 1e-9);
    /* Between siblings' spaces and back; out may alias the input. */
    CHECK_OK(gf_scene_convert_rect(scene, out, NULL, "child", out));
    CHECK_NEAR(out[0], 0, 1e-9);
    CHECK_NEAR(out[2], 10, 1e-9);
    gf_scene_free(scene);
}

/* Issue 28: finite frames, scales and points whose conversion overflows returned GF_OK with inf
 * or NaN. Each call refuses them, naming the layer, and writes nothing. */
static void add(gf_scene *scene, const char *id, const char *parent, double x, double scale_x, double scale_y) {
    gf_layer_desc d;
    gf_layer_desc_init(&d);
    d.id = id;
    d.parent = parent;
    d.x = x;
    d.width = d.height = 1;
    d.scale_x = scale_x;
    d.scale_y = scale_y;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
}

static void convert_overflow(void) {
    gf_scene *scene = NULL;
    const double point[2] = {1e308, 0}, origin[2] = {0, 0}, rect[4] = {0, 0, 1e308, 1};
    double out[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    CHECK_OK(gf_scene_create(&scene));
    add(scene, "big", NULL, 1e308, 1, 1);
    add(scene, "far", "big", 1e308, 1, 1);      /* 1e308 + 1e308 from the root */
    add(scene, "huge", NULL, 0, 1e200, 1e200);
    add(scene, "huger", "huge", 0, 1e200, 1e200); /* scale 1e400 */
    add(scene, "thin", NULL, 1e10, 1e-300, 1);   /* its inverse: 1e10 * 1e300 */
    CHECK_FAIL(gf_scene_convert_point(scene, origin, "far", NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "layer 'far': its transform to the root space overflows at layer 'big'") != NULL);
    CHECK_FAIL(gf_scene_convert_rect(scene, rect, NULL, "far", out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "at layer 'big'") != NULL);
    CHECK_FAIL(gf_scene_convert_point(scene, origin, "huger", NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "at layer 'huge'") != NULL);
    CHECK_FAIL(gf_scene_convert_point(scene, origin, NULL, "thin", out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "to layer 'thin'") != NULL);
    /* Finite transforms, a point or rect they carry past the largest double. */
    CHECK_FAIL(gf_scene_convert_point(scene, point, "big", NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "overflows converted from layer 'big' to the root space") != NULL);
    CHECK_FAIL(gf_scene_convert_rect(scene, rect, "big", NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "from layer 'big'") != NULL);
    CHECK_UNTOUCHED_DOUBLE(out[0]);
    CHECK_UNTOUCHED_DOUBLE(out[1]);
    CHECK_UNTOUCHED_DOUBLE(out[2]);
    CHECK_UNTOUCHED_DOUBLE(out[3]);
    /* Within range it still converts: big's origin lies at x = 1e308 in the root space. */
    CHECK_OK(gf_scene_convert_point(scene, origin, "big", NULL, out));
    CHECK(out[0] == 1e308 && out[1] == 0);
    gf_scene_free(scene);
}

static void convert_misuse(void) {
    gf_scene *scene = converting_scene(), *freed = converting_scene();
    const double rect[4] = {0, 0, 10, 10}, nan_rect[4] = {0, NAN, 1, 1}, negative[4] = {0, 0, -1, 1};
    const double nan_point[2] = {INFINITY, 0};
    double out[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    CHECK_FAIL(gf_scene_convert_rect(NULL, rect, NULL, NULL, out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_rect(scene, NULL, NULL, NULL, out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_rect(scene, rect, NULL, NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_rect(scene, rect, "nope", NULL, out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_scene_convert_rect(scene, rect, NULL, "nope", out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_scene_convert_rect(scene, nan_rect, NULL, NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_rect(scene, negative, NULL, NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_point(scene, nan_point, NULL, NULL, out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scene_convert_point(scene, NULL, NULL, NULL, out), GF_E_NULL_ARGUMENT);
    CHECK_OK(gf_scene_free(freed));
    CHECK_FAIL(gf_scene_convert_rect(freed, rect, NULL, NULL, out), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_convert_point(freed, rect, NULL, NULL, out), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(out[0]);
    CHECK_UNTOUCHED_DOUBLE(out[3]);
    gf_scene_free(scene);
}

static gf_expand_params params_of(size_t tapped) {
    gf_expand_params p;
    memset(&p, SENTINEL_BYTE, sizeof p);
    gf_expand_params_init(&p);
    p.window_width = 375;
    p.window_height = 667;
    p.images = &IMAGES[0][0];
    p.image_count = 4;
    p.tapped = tapped;
    p.curve = "linear";
    p.duration = 0.5;
    p.delay = 0;
    return p;
}

static void check_rect(const double got[4], double x, double y, double w, double h) {
    CHECK_NEAR(got[0], x, 1e-12);
    CHECK_NEAR(got[1], y, 1e-12);
    CHECK_NEAR(got[2], w, 1e-12);
    CHECK_NEAR(got[3], h, 1e-12);
}

static void geometry(void) {
    gf_expand_params p = params_of(1);
    gf_expand_transition *t = NULL;
    gf_expand_part parts[8];
    size_t n = SENTINEL_SIZE;
    CHECK(p.ratio == 2.0 / 3.0 && p.duration == 0.5 && p.delay == 0);
    CHECK_OK(gf_expand_transition_create(&p, &t));
    CHECK_FAIL(gf_expand_transition_parts(t, NULL, 0, &n), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(n, 6);
    CHECK_OK(gf_expand_transition_parts(t, parts, COUNT(parts), &n));
    CHECK_EQ_INT(n, 6);
    /* kx = 375/150 = 2.5, ky = 250/125 = 2, d = 425. */
    CHECK(parts[0].kind == GF_EXPAND_PART_UP && parts[1].kind == GF_EXPAND_PART_DOWN);
    CHECK(parts[2].kind == GF_EXPAND_PART_IMAGE && parts[3].kind == GF_EXPAND_PART_TAPPED);
    CHECK(parts[0].image_index == -1 && parts[3].image_index == 1 && parts[5].image_index == 3);
    check_rect(parts[0].start, 0, 0, 375, 300);
    check_rect(parts[0].end, 0, -300, 375, 300);
    check_rect(parts[1].start, 0, 425, 375, 242);
    check_rect(parts[1].end, 0, 667, 375, 242);
    check_rect(parts[1].source, 0, 425, 375, 242);
    check_rect(parts[2].end, -412.5, 0, 375, 250);
    check_rect(parts[3].start, 105, 300, 150, 125);
    check_rect(parts[3].end, 0, 0, 375, 250);
    check_rect(parts[4].end, 412.5, 0, 375, 250);
    check_rect(parts[5].end, 0, -400, 375, 250);
    check_rect(parts[5].source, 105, 100, 150, 125);
    gf_expand_transition_free(t);
}

/* The frame of layer i + 1 (part i) at time `at`. */
static void frames(gf_scene *scene, double at, double out[6][4]) {
    gf_layer_state states[8];
    size_t n = 0, i;
    CHECK_OK(gf_scene_sample(scene, at, states, COUNT(states), &n));
    CHECK_EQ_INT(n, 7);
    for (i = 0; i < 6 && i + 1 < n; i++) {
        out[i][0] = states[i + 1].x;
        out[i][1] = states[i + 1].y;
        out[i][2] = states[i + 1].width;
        out[i][3] = states[i + 1].height;
    }
}

static void entry_and_exit(void) {
    gf_expand_params p = params_of(2);
    gf_expand_transition *t = NULL;
    gf_scene *entry = NULL, *exit_full = NULL, *exit_mid = NULL;
    gf_expand_part parts[6];
    double a[6][4], b[6][4];
    size_t n = 0, i, k;
    double s;
    CHECK_OK(gf_expand_transition_create(&p, &t));
    CHECK_OK(gf_expand_transition_parts(t, parts, 6, &n));
    CHECK_OK(gf_expand_transition_scene(t, &entry));
    CHECK_OK(gf_expand_transition_exit(t, 0.5, &exit_full));
    CHECK_OK(gf_expand_transition_exit(t, 0.2, &exit_mid));
    /* Linear curve: at 0.2 of 0.5 every part is 40% of the way. */
    frames(entry, 0.2, a);
    for (i = 0; i < 6; i++)
        for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], parts[i].start[k] + (parts[i].end[k] - parts[i].start[k]) * 0.4, 1e-9);
    /* The full exit at s is the entry at 0.5 - s. */
    for (s = 0; s <= 0.5; s += 0.125) {
        frames(exit_full, s, a);
        frames(entry, 0.5 - s, b);
        for (i = 0; i < 6; i++)
            for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], b[i][k], 1e-9);
    }
    /* Begun at 0.2: starts where the entry was, retraces it, rests at the starts. */
    frames(exit_mid, 0, a);
    frames(entry, 0.2, b);
    for (i = 0; i < 6; i++)
        for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], b[i][k], 1e-9);
    frames(exit_mid, 0.15, a);
    frames(entry, 0.05, b);
    for (i = 0; i < 6; i++)
        for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], b[i][k], 1e-9);
    frames(exit_mid, 3, a);
    for (i = 0; i < 6; i++)
        for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], parts[i].start[k], 1e-9);
    /* The scenes outlive the transition. */
    CHECK_OK(gf_expand_transition_free(t));
    frames(entry, 0.5, a);
    CHECK_NEAR(a[4][0], 0, 1e-9);
    CHECK_NEAR(a[4][3], 250, 1e-9);
    gf_scene_free(entry);
    gf_scene_free(exit_full);
    gf_scene_free(exit_mid);
}

/* Core Animation's ease-out, cubic-bezier(0, 0, 0.58, 1), at x by bisection on the bezier's x. */
static double ease_out(double x) {
    double low = 0, high = 1, s;
    int i;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    for (i = 0; i < 60; i++) {
        double mid = (low + high) / 2;
        double bx = 3 * (1 - mid) * mid * mid * 0.58 + mid * mid * mid;
        if (bx < x) low = mid; else high = mid;
    }
    s = (low + high) / 2;
    return 3 * (1 - s) * s * s + s * s * s;
}

static void original_defaults(void) {
    gf_expand_params p;
    gf_expand_transition *t = NULL;
    gf_scene *entry = NULL, *dismissal = NULL, *old_entry = NULL;
    gf_expand_part parts[6];
    double a[6][4], time;
    size_t n = 0, i, k;
    gf_expand_params_init(&p);
    /* JPAnimationTool: animateWithDuration:0.35 delay:0.1 options:UIViewAnimationOptionCurveEaseOut. */
    CHECK(p.duration == 0.35 && p.delay == 0.1 && p.curve == NULL && p.ratio == 2.0 / 3.0);
    p.window_width = 375;
    p.window_height = 667;
    p.images = &IMAGES[0][0];
    p.image_count = 4;
    p.tapped = 1;
    CHECK_OK(gf_expand_transition_create(&p, &t));
    CHECK_OK(gf_expand_transition_parts(t, parts, 6, &n));
    CHECK_OK(gf_expand_transition_scene(t, &entry));
    CHECK_OK(gf_expand_transition_exit(t, 0.1 + 0.35, &dismissal));
    for (time = -0.05; time <= 0.6; time += 0.025) {
        double e = ease_out((time - 0.1) / 0.35);
        frames(entry, time, a);
        for (i = 0; i < 6; i++)
            for (k = 0; k < 4; k++)
                CHECK_NEAR(a[i][k], parts[i].start[k] + (parts[i].end[k] - parts[i].start[k]) * e, 825 * 3.5e-7);
        /* The finished entry's exit: the original's close block, end -> start forwards. */
        frames(dismissal, time, a);
        for (i = 0; i < 6; i++)
            for (k = 0; k < 4; k++)
                CHECK_NEAR(a[i][k], parts[i].end[k] + (parts[i].start[k] - parts[i].end[k]) * e, 825 * 3.5e-7);
    }
    /* The up part 0.1 s into the dismissal's motion: -172.1 forwards; the entry played backwards
     * would be at -264.4 there. */
    frames(dismissal, 0.1 + 0.1, a);
    CHECK_NEAR(a[0][1], -172.1, 0.05);
    frames(entry, 0.1 + 0.35 - 0.1, a);
    CHECK_NEAR(a[0][1], -264.4, 0.05);
    /* A caller built before delay existed passes the smaller struct_size: no delay, so the
     * motion ends at 0.35. */
    p.struct_size = (uint32_t)offsetof(gf_expand_params, delay);
    p.delay = NAN; /* past its struct_size: not read */
    gf_expand_transition_free(t);
    t = NULL;
    CHECK_OK(gf_expand_transition_create(&p, &t));
    CHECK_OK(gf_expand_transition_scene(t, &old_entry));
    frames(old_entry, 0.35, a);
    for (i = 0; i < 6; i++)
        for (k = 0; k < 4; k++) CHECK_NEAR(a[i][k], parts[i].end[k], 1e-9);
    p.struct_size = (uint32_t)offsetof(gf_expand_params, delay) - 1;
    {
        gf_expand_transition *out = SENTINEL_TRANSITION;
        CHECK_FAIL(gf_expand_transition_create(&p, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_PTR(out, SENTINEL_TRANSITION);
    }
    gf_expand_transition_free(t);
    gf_scene_free(entry);
    gf_scene_free(dismissal);
    gf_scene_free(old_entry);
}

static void create_fails(gf_expand_params p, gf_status want) {
    gf_expand_transition *out = SENTINEL_TRANSITION;
    CHECK_FAIL(gf_expand_transition_create(&p, &out), want);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TRANSITION);
}

static void misuse(void) {
    gf_expand_params p = params_of(1);
    gf_expand_transition *t = NULL, *freed = NULL, *out = SENTINEL_TRANSITION;
    gf_scene *scene = SENTINEL_SCENE, *other = NULL;
    gf_expand_part parts[2];
    size_t n = SENTINEL_SIZE;
    const double empty[2][4] = {{0, 0, 10, 10}, {0, 0, 0, 10}}, negative[1][4] = {{0, 0, 10, -1}};
    const double nan_image[1][4] = {{0, NAN, 10, 10}}, hidden[1][4] = {{400, 0, 10, 10}};
    CHECK_FAIL(gf_expand_transition_create(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_create(&p, NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TRANSITION);
    p = params_of(1); p.struct_size = 0; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(4); create_fails(p, GF_E_INVALID_ARGUMENT);             /* out of range */
    p = params_of((size_t)-1); create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.images = &hidden[0][0]; p.image_count = 1; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.images = &empty[0][0]; p.image_count = 2; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.images = &negative[0][0]; p.image_count = 1; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.images = &nan_image[0][0]; p.image_count = 1; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.images = NULL; create_fails(p, GF_E_NULL_ARGUMENT);
    p = params_of(0); p.image_count = 0; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.image_count = (size_t)-1; create_fails(p, GF_E_LIMIT);
    p = params_of(0); p.image_count = GF_MAX_EXPAND_IMAGES + 1; create_fails(p, GF_E_LIMIT);
    p = params_of(0); p.window_width = NAN; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.window_height = -1; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.ratio = INFINITY; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.duration = 0; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.delay = -0.1; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.delay = NAN; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.delay = INFINITY; create_fails(p, GF_E_INVALID_ARGUMENT);
    p = params_of(0); p.curve = "cubic-bezier(1, 2"; create_fails(p, GF_E_PARSE);

    p = params_of(1);
    CHECK_OK(gf_expand_transition_create(&p, &t));
    CHECK_OK(gf_expand_transition_create(&p, &freed));
    CHECK_FAIL(gf_expand_transition_parts(t, parts, 2, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_parts(t, parts, 2, &n), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(n, 6);
    n = SENTINEL_SIZE;
    CHECK_FAIL(gf_expand_transition_parts(t, NULL, (size_t)-1, &n), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_parts(t, NULL, 6, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_parts(NULL, parts, 2, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_scene(t, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_exit(t, NAN, &scene), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_expand_transition_exit(t, INFINITY, &scene), GF_E_INVALID_ARGUMENT);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    /* Freed and wrong handles. */
    CHECK_OK(gf_expand_transition_free(freed));
    CHECK_FAIL(gf_expand_transition_free(freed), GF_E_MISUSE);
    CHECK_FAIL(gf_expand_transition_parts(freed, parts, 2, &n), GF_E_MISUSE);
    CHECK_FAIL(gf_expand_transition_scene(freed, &scene), GF_E_MISUSE);
    CHECK_FAIL(gf_expand_transition_exit(freed, 0, &scene), GF_E_MISUSE);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    CHECK_OK(gf_scene_create(&other));
    CHECK_FAIL(gf_expand_transition_scene((gf_expand_transition *)(void *)other, &scene), GF_E_MISUSE);
    CHECK_FAIL(gf_expand_transition_free((gf_expand_transition *)(void *)other), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_free((gf_scene *)(void *)t), GF_E_MISUSE);
    CHECK_OK(gf_expand_transition_free(NULL));
    gf_expand_params_init(NULL);
    /* The handle still works after all that. */
    CHECK_OK(gf_expand_transition_parts(t, NULL, 0, &n) == GF_E_BUFFER_TOO_SMALL ? GF_OK : GF_E_INTERNAL);
    gf_scene_free(other);
    gf_expand_transition_free(t);
}

/* Issue 28: a window of 1.8e308 points whose down part would move to y = H with a height of
 * H - d (the fuzz input expand-window-overflow) has a centre past DBL_MAX: refused naming the
 * down part, nothing built, a pool it came through unchanged (it sampled y = inf); an image
 * whose end rect moves past DBL_MAX is refused naming the image. */
static void overflow(void) {
    gf_expand_params p;
    gf_snapshot_pool *pool = NULL;
    gf_snapshot_pool_counts before, after;
    gf_expand_transition *out = SENTINEL_TRANSITION;
    const double window[2][4] = {{0, 1e300, 1e16, 1e154}, {5e-324, 1e-12, 2.2250738585072014e-308, 1e308}};
    const double far[2][4] = {{0, 0, 100, 100}, {-1e308, 0, 10, 10}};
    gf_expand_params_init(&p);
    p.window_width = 375;
    p.window_height = DBL_MAX;
    p.images = &window[0][0];
    p.image_count = 2;
    CHECK_FAIL(gf_expand_transition_create(&p, &out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "down part") != NULL);
    before.struct_size = after.struct_size = sizeof before;
    CHECK_OK(gf_snapshot_pool_create(8, &pool));
    CHECK_OK(gf_snapshot_pool_get_counts(pool, &before));
    CHECK_FAIL(gf_expand_transition_create_in_pool(&p, pool, &out), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_snapshot_pool_get_counts(pool, &after));
    CHECK(memcmp(&before, &after, sizeof before) == 0);
    /* kx = 375 / 100: the other image ends at x = -3.75e308. */
    p.window_height = 667;
    p.images = &far[0][0];
    CHECK_FAIL(gf_expand_transition_create(&p, &out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "image 1") != NULL);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TRANSITION);
    gf_snapshot_pool_free(pool);
}

int main(void) {
    RUN(convert);
    RUN(convert_overflow);
    RUN(convert_misuse);
    RUN(geometry);
    RUN(entry_and_exit);
    RUN(original_defaults);
    RUN(misuse);
    RUN(overflow);
    return gf_test_summary();
}
