/*
 * Chains through the C ABI (gf_chain_*): three springs placed next against the spring's closed form
 * (its settling time found here by a second algorithm: a backwards scan and bisection), the
 * seed's one-liner as AXAnimationChain's view shorthand (combined, from the after time), next
 * against combine, repeats, completions once per crossing forwards and backwards, the host's
 * event callback beside them, and misuse: NULLs, freed and wrong handles, NaN, bad kinds,
 * flags, text and widths, re-entry from a callback; every failing call changes nothing.
 */
#include <float.h>

#include "gf_test.h"

/* The default spring (m 1, k 100, c 10): x(t) = 1 - e^(-5t) (cos wd t + (5/wd) sin wd t). */
static double spring_x(double t) {
    double wd = sqrt(75.0);
    if (t <= 0) return 0;
    return 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t));
}

/* The last time |x - 1| >= 1e-3: scan back from 5 s in 1e-4 s steps, then bisect. */
static double settling(void) {
    double t = 5, low, high;
    while (fabs(spring_x(t) - 1) < 1e-3) t -= 1e-4;
    low = t;
    high = t + 1e-4;
    while (high - low > 1e-14) {
        double middle = (low + high) / 2;
        if (fabs(spring_x(middle) - 1) >= 1e-3) low = middle; else high = middle;
    }
    return high;
}

/* cubic-bezier(0, 0, 0.58, 1) at x, by bisection on the curve parameter. */
static double ease_out(double x) {
    double low = 0, high = 1, s;
    int i;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    for (i = 0; i < 200; i++) {
        double m = (low + high) / 2;
        double bx = 3 * 0.58 * m * m * (1 - m) + m * m * m;
        if (bx < x) low = m; else high = m;
    }
    s = (low + high) / 2;
    return 3 * s * s * (1 - s) + s * s * s;
}

static gf_scene *card_scene(void) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "card";
    d.width = d.height = 100;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    return scene;
}

/* Completions, recorded as "name>time" / "name<time". */
typedef struct {
    char text[32][32];
    int count;
} completion_log;

static void record(void *user_data, const gf_chain_completion *c) {
    completion_log *log = (completion_log *)user_data;
    if (log->count < 32)
        snprintf(log->text[log->count++], 32, "%s%c%g", c->name, c->reversed ? '<' : '>', c->time);
}

static gf_status add_link(gf_chain *chain, int32_t kind, int32_t placement, const char *property, const double *by,
                          uint32_t count, double duration, const char *timing) {
    gf_chain_link_desc d;
    gf_chain_link_desc_init(&d);
    d.kind = kind;
    d.placement = placement;
    d.property = property;
    d.by_value = by;
    d.value_count = count;
    d.duration = duration;
    d.timing = timing;
    return gf_chain_add(chain, &d, NULL);
}

/* The chain-animator vocabulary keeps its meaning: three springs placed GF_CHAIN_NEXT run one after
   another (nextToSpring), beginning at 0, T and 2T. */
static void test_one_liner(void) {
    static const double center[2] = {0, 100}, size[2] = {100, 100}, radius[1] = {4};
    double T = settling(), duration = 0;
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL;
    gf_timeline_entry entries[3];
    size_t count = 0;
    uint32_t index = 99;
    int step;
    gf_chain_link_desc d;

    CHECK_OK(gf_chain_create("card", &chain));
    gf_chain_link_desc_init(&d);
    d.kind = GF_CHAIN_SPRING;
    d.property = "position";
    d.by_value = center;
    d.value_count = 2;
    d.timing = "easeOut";
    CHECK_OK(gf_chain_add(chain, &d, &index));
    CHECK_EQ_INT(index, 0);
    CHECK_OK(add_link(chain, GF_CHAIN_SPRING, GF_CHAIN_NEXT, "bounds.size", size, 2, 0, NULL));
    CHECK_OK(add_link(chain, GF_CHAIN_SPRING, GF_CHAIN_NEXT, "cornerRadius", radius, 1, 0, NULL));

    /* Two calls: the count, then the entries. */
    CHECK_STATUS(gf_chain_schedule(chain, NULL, 0, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 3);
    CHECK_OK(gf_chain_schedule(chain, entries, 3, &count));
    CHECK_STR(entries[0].name, "position");
    CHECK_STR(entries[1].name, "bounds.size");
    CHECK_STR(entries[2].name, "cornerRadius");
    CHECK_STR(entries[2].layer, "card");
    CHECK_NEAR(entries[0].begin, 0, 1e-9);
    CHECK_NEAR(entries[1].begin, T, 1e-9);
    CHECK_NEAR(entries[2].begin, 2 * T, 1e-9);
    CHECK_NEAR(entries[2].end, 3 * T, 1e-9);
    CHECK_OK(gf_chain_duration(chain, &duration));
    CHECK_NEAR(duration, 3 * T, 1e-9);

    /* Sampled against the closed form; tolerances as the Swift suite's: 2e-4 points where the
       engine's bezier tolerance (1e-7 in x) reaches the warped spring, 1e-5 elsewhere. */
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    for (step = 0; step <= 60; step++) {
        double t = step * (3 * T + 0.2) / 60;
        double move = t >= T ? 1 : spring_x(T * ease_out(t / T));
        double grow = t <= T ? 0 : (t >= 2 * T ? 1 : spring_x(t - T));
        double round = t <= 2 * T ? 0 : (t >= 3 * T ? 1 : spring_x(t - 2 * T));
        double side = 100 + 100 * grow;
        gf_layer_state s;
        CHECK_OK(gf_scene_sample(scene, t, &s, 1, &count));
        CHECK_NEAR(s.width, side, 1e-5);
        CHECK_NEAR(s.y, 50 + 100 * move - side / 2, 2e-4);
        CHECK_NEAR(s.corner_radius, 4 * round, 1e-5);
    }
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(scene));
}

/* AXAnimationChain's view shorthand through the C ABI: each shorthand combined with the first
   link (GF_CHAIN_COMBINE, anchor 0) at the `after` time as begin_time. Begins by hand from AX's
   rules: after(t) sets after = max(after + t, 0). */
static void test_view_shorthand(void) {
    static const double center[2] = {0, 100}, size[2] = {100, 100}, radius[1] = {4}, fade[1] = {-1};
    double T = settling(), after = 0, duration = 0;
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL;
    gf_timeline_entry entries[4];
    size_t count = 0;
    int step;
    gf_chain_link_desc d;
    const char *properties[4] = {"position", "bounds.size", "cornerRadius", "opacity"};
    const double *values[4] = {center, size, radius, fade};
    const uint32_t widths[4] = {2, 2, 1, 1};
    const double afters[4] = {0, 0, 0, 0.5}; /* after(0.5) before the fourth: it begins at 0.5 */
    uint32_t i;

    CHECK_OK(gf_chain_create("card", &chain));
    for (i = 0; i < 4; i++) {
        after = after + afters[i] > 0 ? after + afters[i] : 0;
        gf_chain_link_desc_init(&d);
        d.kind = i < 3 ? GF_CHAIN_SPRING : GF_CHAIN_BASIC;
        d.placement = GF_CHAIN_COMBINE;
        d.anchor = i > 0 ? 0 : GF_CHAIN_LAST;
        d.begin_time = after;
        d.property = properties[i];
        d.by_value = values[i];
        d.value_count = widths[i];
        d.timing = i == 0 ? "easeOut" : (i == 3 ? "linear" : NULL);
        d.duration = i == 3 ? 1 : 0;
        CHECK_OK(gf_chain_add(chain, &d, NULL));
    }
    CHECK_OK(gf_chain_schedule(chain, entries, 4, &count));
    CHECK_EQ_INT(count, 4);
    /* Sorted by begin, then name: the three springs at 0, the fade at 0.5. */
    CHECK_STR(entries[0].name, "bounds.size");
    CHECK_STR(entries[1].name, "cornerRadius");
    CHECK_STR(entries[2].name, "position");
    CHECK_STR(entries[3].name, "opacity");
    for (i = 0; i < 3; i++) {
        CHECK_NEAR(entries[i].begin, 0, 1e-12);
        CHECK_NEAR(entries[i].end, T, 1e-9);
    }
    CHECK_NEAR(entries[3].begin, 0.5, 1e-12);
    CHECK_NEAR(entries[3].end, 1.5, 1e-12);
    CHECK_OK(gf_chain_duration(chain, &duration));
    CHECK_NEAR(duration, T > 1.5 ? T : 1.5, 1e-9);

    /* Sampled against the closed form, all three together; tolerances as test_one_liner's. */
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    for (step = 0; step <= 60; step++) {
        double t = step * (T + 0.4) / 60;
        double move = t >= T ? 1 : spring_x(T * ease_out(t / T));
        double grow = t >= T ? 1 : spring_x(t);
        double side = 100 + 100 * grow;
        double opacity = t <= 0.5 ? 1 : (t >= 1.5 ? 0 : 1 - (t - 0.5));
        gf_layer_state s;
        CHECK_OK(gf_scene_sample(scene, t, &s, 1, &count));
        CHECK_NEAR(s.width, side, 1e-5);
        CHECK_NEAR(s.y, 50 + 100 * move - side / 2, 2e-4);
        CHECK_NEAR(s.corner_radius, 4 * grow, 1e-5);
        CHECK_NEAR(s.opacity, opacity, 1e-9);
    }
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(scene));
}

/* `bounds` as a key path (the seed's property(@"bounds") with a rect): a linear link to
   (0, 0, 200, 200) on the 100 x 100 card sizes it about its centre (50, 50); by hand, 1e-12. */
static void test_bounds_link(void) {
    static const double rect[4] = {0, 0, 200, 200};
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL;
    gf_chain_link_desc d;
    gf_layer_state s;
    size_t count = 0;

    CHECK_OK(gf_chain_create("card", &chain));
    gf_chain_link_desc_init(&d);
    d.property = "bounds";
    d.to_value = rect;
    d.value_count = 2; /* the wrong width: a rect has 4 numbers */
    d.duration = 1;
    d.timing = "linear";
    CHECK_STATUS(gf_chain_add(chain, &d, NULL), GF_E_INVALID_ARGUMENT);
    d.value_count = 4;
    CHECK_OK(gf_chain_add(chain, &d, NULL));
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    CHECK_OK(gf_scene_sample(scene, 0.5, &s, 1, &count));
    CHECK_NEAR(s.width, 150, 1e-12);
    CHECK_NEAR(s.height, 150, 1e-12);
    CHECK_NEAR(s.x, -25, 1e-12);
    CHECK_NEAR(s.y, -25, 1e-12);
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(scene));
}

/* AXAnimationChain's originTo through the C ABI: the frame.origin key path moves the frame and keeps
   its size (UIKit's frame rule); a bounds rect whose origin is not 0 is refused with the reason.
   By hand: halfway from (0, 0) to (40, 60) on the 100 x 100 card; 1e-12 points. */
static void test_frame_origin_link(void) {
    static const double origin[2] = {40, 60}, moved_bounds[4] = {5, 0, 200, 200};
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL;
    gf_chain_link_desc d;
    gf_layer_state s;
    size_t count = 0;

    CHECK_OK(gf_chain_create("card", &chain));
    gf_chain_link_desc_init(&d);
    d.property = "bounds";
    d.to_value = moved_bounds;
    d.value_count = 4;
    d.duration = 1;
    CHECK_STATUS(gf_chain_add(chain, &d, NULL), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "bounds origin must be (0, 0)") != NULL);
    d.property = "frame.origin";
    d.to_value = origin;
    d.value_count = 2;
    d.timing = "linear";
    CHECK_OK(gf_chain_add(chain, &d, NULL));
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    CHECK_OK(gf_scene_sample(scene, 0.5, &s, 1, &count));
    CHECK_NEAR(s.x, 20, 1e-12);
    CHECK_NEAR(s.y, 30, 1e-12);
    CHECK_NEAR(s.width, 100, 1e-12);
    CHECK_NEAR(s.height, 100, 1e-12);
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(scene));
}

static void test_next_and_combine(void) {
    static const double opacity[1] = {-0.5}, move[2] = {10, 0}, radius[1] = {3};
    gf_chain *chain = NULL;
    gf_chain_link_desc d;
    gf_timeline_entry e[4];
    size_t count = 0;

    CHECK_OK(gf_chain_create("v", &chain));
    CHECK_OK(add_link(chain, GF_CHAIN_BASIC, GF_CHAIN_NEXT, "opacity", opacity, 1, 1, NULL));           /* [0, 1] */
    gf_chain_link_desc_init(&d);
    d.placement = GF_CHAIN_COMBINE;
    d.property = "position";
    d.by_value = move;
    d.value_count = 2;
    d.duration = 2;
    d.begin_time = 0.5;
    d.name = "slide";
    CHECK_OK(gf_chain_add(chain, &d, NULL));                                                              /* [0.5, 2.5] */
    gf_chain_link_desc_init(&d);
    d.property = "cornerRadius";
    d.by_value = radius;
    d.value_count = 1;
    d.duration = 0.5;
    d.repeat_count = 2;
    d.autoreverses = 1;
    CHECK_OK(gf_chain_add(chain, &d, NULL));                                                              /* [2.5, 4.5] */
    CHECK_OK(add_link(chain, GF_CHAIN_BASIC, GF_CHAIN_COMBINE, "opacity", opacity, 1, 0, NULL));        /* [2.5, 2.75] */
    CHECK_OK(gf_chain_schedule(chain, e, 4, &count));
    CHECK_EQ_INT(count, 4);
    CHECK_STR(e[0].name, "opacity");
    CHECK_NEAR(e[0].end, 1, 1e-12);
    CHECK_STR(e[1].name, "slide");
    CHECK_NEAR(e[1].begin, 0.5, 1e-12);
    CHECK_NEAR(e[1].end, 2.5, 1e-12);
    CHECK_STR(e[2].name, "cornerRadius");
    CHECK_NEAR(e[2].begin, 2.5, 1e-12);
    CHECK_NEAR(e[2].end, 4.5, 1e-12);
    CHECK_STR(e[3].name, "opacity");
    CHECK_NEAR(e[3].begin, 2.5, 1e-12);
    CHECK_NEAR(e[3].end, 2.75, 1e-12);
    CHECK_OK(gf_chain_free(chain));
}

/* A basic or spring link (kind) that adds 3 to cornerRadius over duration seconds. */
static void radius_link(gf_chain_link_desc *d, int32_t kind, double duration) {
    static const double radius[1] = {3};
    gf_chain_link_desc_init(d);
    d->kind = kind;
    d->property = "cornerRadius";
    d->by_value = radius;
    d->value_count = 1;
    d->duration = duration;
}

/* Issue 28: links whose end overflows (1e308 x 1e308 repeats, autoreverses, begin + duration,
 * two 1e308 stages) were added with GF_OK; the chain's duration became +inf and every later call
 * failed. Each is refused when added, naming the link, and the chain stays as it was: its
 * duration and a later valid link are as without it. */
static void test_overflowing_links(void) {
    enum { CASES = 5 };
    int i;
    for (i = 0; i < CASES; i++) {
        gf_chain *chain = NULL;
        gf_chain_link_desc d;
        double duration = SENTINEL_DOUBLE;
        uint32_t index = 77;
        int failed_before = gf_test_failed;
        CHECK_OK(gf_chain_create("v", &chain));
        radius_link(&d, GF_CHAIN_BASIC, 1e308);
        CHECK_OK(gf_chain_add(chain, &d, NULL)); /* [0, 1e308] */
        switch (i) {
        case 0: d.repeat_count = 1e308; d.duration = 2; break;       /* 2e308 long, alone */
        case 1: d.autoreverses = 1; break;                            /* 2e308 long, alone */
        case 2: d.begin_time = 1e308; d.placement = GF_CHAIN_COMBINE; break; /* ends at 2e308 */
        case 3: break;                                                /* next stage: 1e308 + 1e308 */
        case 4: d.duration = 0.9e308; d.anchor = 0; d.placement = GF_CHAIN_NEXT; break;
        }
        CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
        CHECK(index == 77);
        CHECK(strstr(gf_last_error_message(), "chain link 1") != NULL);
        CHECK(strstr(gf_last_error_message(), "largest duration") != NULL);
        CHECK_OK(gf_chain_duration(chain, &duration));
        CHECK(duration == 1e308);
        /* A later valid link follows the first as if the refused one had never been added. */
        radius_link(&d, GF_CHAIN_BASIC, 1);
        d.placement = GF_CHAIN_COMBINE;
        CHECK_OK(gf_chain_add(chain, &d, &index));
        CHECK_EQ_INT(index, 1);
        CHECK_OK(gf_chain_duration(chain, &duration));
        CHECK(duration == 1e308);
        CHECK_OK(gf_chain_free(chain));
        if (gf_test_failed > failed_before) printf("     (in overflow case %d: %s)\n", i, gf_last_error_message());
    }
    /* A hardly damped spring link lasts its settling time, ln(1000) / (c / 2) to within a
     * half-period (pi / 10 s), not the 0.157 s it inherited before; past DBL_MAX, GF_E_LIMIT. */
    {
        gf_chain *chain = NULL;
        gf_chain_link_desc d;
        double duration = SENTINEL_DOUBLE;
        CHECK_OK(gf_chain_create("v", &chain));
        radius_link(&d, GF_CHAIN_SPRING, 0);
        d.damping = 1e-12;
        CHECK_OK(gf_chain_add(chain, &d, NULL));
        CHECK_OK(gf_chain_duration(chain, &duration));
        CHECK(fabs(duration - log(1e3) / 5e-13) <= 0.32);
        d.damping = DBL_MIN;
        CHECK_FAIL(gf_chain_add(chain, &d, NULL), GF_E_LIMIT);
        CHECK_OK(gf_chain_free(chain));
    }
}

/* Links placed by an earlier anchor: combine joins its stage, next the stage after it. */
static void test_anchors(void) {
    static const double zero[1] = {0}, one[1] = {1};
    gf_chain *chain = NULL;
    gf_chain_link_desc d;
    gf_timeline_entry e[4];
    size_t count = 0;
    uint32_t index = 99;

    CHECK_OK(gf_chain_create("v", &chain));
    gf_chain_link_desc_init(&d);
    CHECK_EQ_INT(d.anchor, GF_CHAIN_LAST);
    d.property = "opacity";
    d.to_value = zero;
    d.value_count = 1;
    d.duration = 1;
    d.name = "a";
    CHECK_OK(gf_chain_add(chain, &d, NULL));             /* stage 0: [0, 1] */
    d.name = "b";
    d.duration = 2;
    CHECK_OK(gf_chain_add(chain, &d, NULL));             /* next to a: stage 1 */
    d.name = "c";
    d.duration = 1.5;
    d.to_value = one;
    d.anchor = 0;
    d.placement = GF_CHAIN_COMBINE;
    CHECK_OK(gf_chain_add(chain, &d, NULL));             /* beside a: stage 0 ends at 1.5 */
    d.name = "d";
    d.duration = 0.5;
    d.placement = GF_CHAIN_NEXT;
    CHECK_OK(gf_chain_add(chain, &d, &index));           /* next to a: stage 1 again */
    CHECK_EQ_INT(index, 3);
    CHECK_OK(gf_chain_schedule(chain, e, 4, &count));
    CHECK_STR(e[0].name, "a");
    CHECK_STR(e[1].name, "c");
    CHECK_NEAR(e[1].end, 1.5, 1e-12);
    CHECK_STR(e[2].name, "b");
    CHECK_NEAR(e[2].begin, 1.5, 1e-12);
    CHECK_NEAR(e[2].end, 3.5, 1e-12);
    CHECK_STR(e[3].name, "d");
    CHECK_NEAR(e[3].begin, 1.5, 1e-12);
    CHECK_NEAR(e[3].end, 2, 1e-12);
    /* An anchor that is no link, and a reserved field, are refused with nothing added. */
    d.anchor = 4;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.anchor = GF_CHAIN_LAST;
    d.reserved = 1;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(index, 3);
    CHECK_OK(gf_chain_schedule(chain, e, 4, &count));
    CHECK_EQ_INT(count, 4);
    CHECK_OK(gf_chain_free(chain));
}

static int host_events;
static void count_event(void *user_data, const gf_event *event) {
    (void)user_data;
    (void)event;
    host_events++;
}

static void test_completions(void) {
    static const double to0[1] = {0}, by2[1] = {2};
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL;
    gf_chain_link_desc d;
    completion_log log;
    memset(&log, 0, sizeof log);

    CHECK_OK(gf_chain_create("card", &chain));
    gf_chain_link_desc_init(&d);
    d.property = "opacity";
    d.to_value = to0;
    d.value_count = 1;
    d.duration = 1;
    d.name = "a";
    d.completion = record;
    d.user_data = &log;
    CHECK_OK(gf_chain_add(chain, &d, NULL));
    d.to_value = NULL;
    d.by_value = by2;
    d.property = "cornerRadius";
    d.name = "b";
    d.duration = 1.5;
    d.placement = GF_CHAIN_COMBINE;
    CHECK_OK(gf_chain_add(chain, &d, NULL));
    d.name = "c";
    d.duration = 1;
    d.placement = GF_CHAIN_NEXT;
    CHECK_OK(gf_chain_add(chain, &d, NULL));
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));

    CHECK_OK(gf_chain_advance(chain, scene, 1.2, count_event, NULL));
    CHECK_EQ_INT(log.count, 1);
    CHECK_STR(log.text[0], "a>1");
    CHECK_EQ_INT(host_events, 3); /* the host sees every event: a and b start, a ends */
    CHECK_OK(gf_chain_advance(chain, scene, 1.2, NULL, NULL));
    CHECK_EQ_INT(log.count, 1);
    CHECK_OK(gf_chain_advance(chain, scene, 9, NULL, NULL));
    CHECK_EQ_INT(log.count, 3);
    CHECK_STR(log.text[1], "b>1.5");
    CHECK_STR(log.text[2], "c>2.5");
    CHECK_OK(gf_chain_advance(chain, scene, 0.1, NULL, NULL)); /* back across all three ends */
    CHECK_EQ_INT(log.count, 6);
    CHECK_STR(log.text[3], "c<2.5");
    CHECK_STR(log.text[4], "b<1.5");
    CHECK_STR(log.text[5], "a<1");
    CHECK_OK(gf_chain_advance(chain, scene, 3, NULL, NULL));
    CHECK_EQ_INT(log.count, 9);
    CHECK_STR(log.text[8], "c>2.5");
    CHECK_FAIL(gf_chain_advance(chain, scene, NAN, NULL, NULL), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(log.count, 9);
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(scene));
}

/* A completion that calls into its chain: refused while the chain is in use. */
static gf_chain *reentered_chain;
static gf_status reentry_status;
static void reenter(void *user_data, const gf_chain_completion *c) {
    double duration = 0;
    (void)user_data;
    (void)c;
    reentry_status = gf_chain_duration(reentered_chain, &duration);
}

static void test_misuse(void) {
    static const double one[1] = {1}, two[2] = {1, 2}, nan1[1] = {NAN};
    static const char bad_utf8[] = {'o', (char)0xC3, 0};
    gf_scene *scene = card_scene();
    gf_chain *chain = NULL, *stale = NULL;
    gf_chain *sentinel = (gf_chain *)(void *)gf_test_sentinel_storage;
    gf_chain *out = sentinel;
    gf_chain_link_desc d;
    gf_layer_state before, after;
    size_t count = 0;
    uint32_t index = 77;
    double duration = SENTINEL_DOUBLE;

    CHECK_FAIL(gf_chain_create(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK(out == sentinel);
    CHECK_FAIL(gf_chain_create("card", NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_chain_create(bad_utf8, &out), GF_E_INVALID_UTF8);
    CHECK(out == sentinel);
    /* An empty layer id, as timelines refuse one (issue 28 point 10: it was accepted). */
    CHECK_FAIL(gf_chain_create("", &out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "empty") != NULL);
    CHECK(out == sentinel);
    CHECK_OK(gf_chain_create("card", &chain));
    CHECK_OK(gf_chain_free(NULL));

    /* NULL and wrong handles. */
    gf_chain_link_desc_init(&d);
    d.property = "opacity";
    d.to_value = one;
    d.value_count = 1;
    CHECK_FAIL(gf_chain_add(NULL, &d, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_chain_add(chain, NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_chain_add((gf_chain *)(void *)scene, &d, NULL), GF_E_MISUSE);
    CHECK_FAIL(gf_chain_apply(chain, (gf_scene *)(void *)chain, NULL, 0), GF_E_MISUSE);
    CHECK_FAIL(gf_chain_duration(chain, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_chain_schedule(chain, NULL, 0, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_chain_schedule(chain, NULL, SIZE_MAX, &count), GF_E_INVALID_ARGUMENT);
    gf_chain_link_desc_init(NULL); /* does nothing */

    /* Bad descriptions: each refused with nothing added and *out_index untouched. */
    d.duration = NAN;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.duration = -1;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.duration = 0.5;
    d.kind = 9;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.kind = GF_CHAIN_BASIC;
    d.placement = 5;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.placement = GF_CHAIN_NEXT;
    d.autoreverses = 2;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.autoreverses = 0;
    d.repeat_count = INFINITY;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.repeat_count = 0;
    d.to_value = nan1;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.to_value = two;
    d.value_count = 2; /* opacity takes one number */
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.to_value = one;
    d.value_count = 0;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.value_count = 1;
    d.property = "opacityy";
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_NOT_FOUND);
    d.property = bad_utf8;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_UTF8);
    d.property = NULL;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.property = "opacity";
    d.timing = "easeOutt";
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_PARSE);
    d.timing = NULL;
    d.kind = GF_CHAIN_SPRING;
    d.damping = 0; /* never settles */
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.damping = NAN;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.damping = 10;
    d.kind = GF_CHAIN_TRANSITION; /* without from_layer */
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.kind = GF_CHAIN_KEYFRAME; /* without values */
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.calculation_mode = "wobbly";
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    d.calculation_mode = NULL;
    d.kind = GF_CHAIN_BASIC;
    d.struct_size = 4;
    CHECK_FAIL(gf_chain_add(chain, &d, &index), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(index, 77);
    CHECK_OK(gf_chain_schedule(chain, NULL, 0, &count));
    CHECK_EQ_INT(count, 0);

    /* A good link; then an apply to a missing layer changes nothing. */
    gf_chain_link_desc_init(&d);
    d.property = "opacity";
    d.to_value = one;
    d.value_count = 1;
    d.completion = reenter;
    CHECK_OK(gf_chain_add(chain, &d, &index));
    CHECK_EQ_INT(index, 0);
    CHECK_OK(gf_scene_sample(scene, 0.1, &before, 1, &count));
    CHECK_FAIL(gf_chain_apply(chain, scene, "nobody", 0), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_chain_apply(chain, scene, NULL, NAN), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_chain_apply(chain, NULL, NULL, 0), GF_E_NULL_ARGUMENT);
    CHECK_OK(gf_scene_sample(scene, 0.1, &after, 1, &count));
    CHECK(memcmp(&before, &after, sizeof before) == 0);

    /* Re-entry from a completion is refused; the advance itself succeeds. */
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    reentered_chain = chain;
    reentry_status = GF_OK;
    CHECK_OK(gf_chain_advance(chain, scene, 1, NULL, NULL));
    CHECK_EQ_INT(reentry_status, GF_E_MISUSE);

    /* Freed handles. */
    stale = chain;
    CHECK_OK(gf_chain_free(chain));
    CHECK_FAIL(gf_chain_free(stale), GF_E_MISUSE);
    CHECK_FAIL(gf_chain_duration(stale, &duration), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(duration);
    CHECK_FAIL(gf_chain_add(stale, &d, NULL), GF_E_MISUSE);
    CHECK_FAIL(gf_chain_advance(stale, scene, 2, NULL, NULL), GF_E_MISUSE);
    CHECK_OK(gf_scene_free(scene));
}

/* A chain outlives the scene it was applied to: its run is dropped with the scene. */
static void test_scene_freed_first(void) {
    static const double one[1] = {1};
    gf_scene *scene = card_scene(), *other = card_scene();
    gf_chain *chain = NULL;
    completion_log log;
    memset(&log, 0, sizeof log);
    CHECK_OK(gf_chain_create("card", &chain));
    {
        gf_chain_link_desc d;
        gf_chain_link_desc_init(&d);
        d.property = "opacity";
        d.by_value = one;
        d.value_count = 1;
        d.completion = record;
        d.user_data = &log;
        CHECK_OK(gf_chain_add(chain, &d, NULL));
    }
    CHECK_OK(gf_chain_apply(chain, scene, NULL, 0));
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_chain_apply(chain, other, NULL, 5));
    CHECK_OK(gf_chain_advance(chain, other, 10, NULL, NULL));
    CHECK_EQ_INT(log.count, 1);
    CHECK_STR(log.text[0], "opacity>5.25");
    CHECK_OK(gf_chain_free(chain));
    CHECK_OK(gf_scene_free(other));
}

int main(void) {
    RUN(test_one_liner);
    RUN(test_view_shorthand);
    RUN(test_bounds_link);
    RUN(test_frame_origin_link);
    RUN(test_next_and_combine);
    RUN(test_anchors);
    RUN(test_overflowing_links);
    RUN(test_completions);
    RUN(test_misuse);
    RUN(test_scene_freed_first);
    return gf_test_summary();
}
