/*
 * Timelines through the C API: the seed's two timelines scheduled by hand, the two-call size
 * pattern and GF_E_BUFFER_TOO_SMALL, the registry (gf_timeline_define / gf_timeline_undefine and
 * the copy a timeline keeps), applying to a scene and sampling against the closed form
 * value(t) = model + sum(change * curve(clamp((t - begin) / duration, 0, 1))), all-or-nothing
 * apply, the JSON round trip, and misuse (NULLs, freed and wrong handles, bad JSON, negative
 * durations, bad UTF-8, deep nesting) with out-parameters untouched; failing host curves in a
 * stagger's ease and a definition's curve (GF_E_CALLBACK, issue 28 point 4); GSAP's timeline
 * written in code (gf_timeline_builder_*) with a repeating yoyo root, a call point and a refused
 * step, against GSAP's numbers worked by hand.
 */
#include <pthread.h>

#include <float.h>

#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL_SIZE ((size_t)0xA5A5A5A5u)
#define SENTINEL_TIMELINE ((gf_timeline *)(void *)gf_test_sentinel_storage)

typedef struct {
    const char *name, *layer;
    double begin, end;
} expected_entry;

static const char SEED_ARRAY[] =
    "{\"definitions\": {"
    "  \"slideUp\": {\"curve\": \"easeOut\", \"changes\": {\"position.y\": -100, \"bounds.size.height\": 100}},"
    "  \"slideOver\": {\"curve\": \"easeOut\", \"changes\": {\"position.x\": 50, \"bounds.size.width\": 50}}},"
    " \"timeline\": {\"sequence\": ["
    "  {\"anim\": \"slideUp\", \"layers\": [\"v1\", \"v2\", \"v3\"], \"duration\": 0.6},"
    "  {\"delay\": 0.2},"
    "  {\"anim\": \"slideOver\", \"layers\": [\"v1\", \"v2\", \"v3\"], \"duration\": 0.2}]}}";

static const char SEED_SET[] =
    "{\"definitions\": {"
    "  \"slideUp\": {\"curve\": \"easeOut\", \"changes\": {\"position.y\": -100}},"
    "  \"rotate\": {\"changes\": {\"transform.rotation\": 3.14159}},"
    "  \"fadeIn\": {\"changes\": {\"opacity\": 1}},"
    "  \"glow\": {\"changes\": {\"cornerRadius\": 4}}},"
    " \"timeline\": {\"parallel\": ["
    "  {\"sequence\": [{\"anim\": \"slideUp\", \"layers\": [\"box1\", \"box2\"], \"duration\": 0.6},"
    "                {\"anim\": \"rotate\", \"layers\": [\"myLabel\"], \"duration\": 0.5}]},"
    "  {\"sequence\": [{\"delay\": 0.2}, {\"anim\": \"fadeIn\", \"layers\": [\"box1\", \"box2\"], \"duration\": 0.2}]},"
    "  {\"anim\": \"glow\", \"layers\": [\"box1\", \"box2\"], \"duration\": 5}]}}";

static gf_timeline *load(const char *json) {
    gf_timeline *timeline = NULL;
    gf_status status = gf_timeline_from_json(json, strlen(json), &timeline);
    if (!gf_test_check(status == GF_OK && timeline != NULL, __FILE__, __LINE__, "gf_timeline_from_json succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return timeline;
}

/* Checks the schedule is exactly `want` (times within 1e-12: sums of a few decimal literals). */
static void check_schedule(const gf_timeline *timeline, const expected_entry *want, size_t count) {
    gf_timeline_entry entries[64];
    size_t n = SENTINEL_SIZE, i;
    CHECK(count <= COUNT(entries));
    CHECK_OK(gf_timeline_schedule(timeline, entries, COUNT(entries), &n));
    CHECK_EQ_INT(n, count);
    for (i = 0; i < n && i < count; i++) {
        CHECK_STR(entries[i].name, want[i].name);
        CHECK_STR(entries[i].layer, want[i].layer);
        CHECK_NEAR(entries[i].begin, want[i].begin, 1e-12);
        CHECK_NEAR(entries[i].end, want[i].end, 1e-12);
    }
}

/* ---- the seed's timelines ------------------------------------------------------------------ */

static void seed_array(void) {
    /* slideUp 0 -> 0.6 on every view; the delay moves the cursor to 0.8; slideOver 0.8 -> 1.0. */
    static const expected_entry want[] = {
        {"slideUp", "v1", 0, 0.6},     {"slideUp", "v2", 0, 0.6},     {"slideUp", "v3", 0, 0.6},
        {"slideOver", "v1", 0.8, 1.0}, {"slideOver", "v2", 0.8, 1.0}, {"slideOver", "v3", 0.8, 1.0},
    };
    gf_timeline *timeline = load(SEED_ARRAY);
    double duration = SENTINEL_DOUBLE;
    CHECK_OK(gf_timeline_duration(timeline, &duration));
    CHECK_NEAR(duration, 1.0, 1e-12);
    check_schedule(timeline, want, COUNT(want));
    CHECK_OK(gf_timeline_free(timeline));
}

static void seed_set(void) {
    /* Three items start at 0: slideUp 0 -> 0.6 then rotate 0.6 -> 1.1; a 0.2 delay then fadeIn
       0.2 -> 0.4; glow 0 -> 5. Sorted by begin, then layer, then name; the parallel ends at 5. */
    static const expected_entry want[] = {
        {"glow", "box1", 0, 5},       {"slideUp", "box1", 0, 0.6},  {"glow", "box2", 0, 5},
        {"slideUp", "box2", 0, 0.6},  {"fadeIn", "box1", 0.2, 0.4}, {"fadeIn", "box2", 0.2, 0.4},
        {"rotate", "myLabel", 0.6, 1.1},
    };
    gf_timeline *timeline = load(SEED_SET);
    double duration = SENTINEL_DOUBLE;
    CHECK_OK(gf_timeline_duration(timeline, &duration));
    CHECK_NEAR(duration, 5.0, 0);
    check_schedule(timeline, want, COUNT(want));
    CHECK_OK(gf_timeline_free(timeline));
}

/* ---- the two-call pattern ------------------------------------------------------------------ */

static void two_calls(void) {
    gf_timeline *timeline = load(SEED_ARRAY);
    gf_timeline_entry entries[6], small[5];
    size_t n = SENTINEL_SIZE;
    /* First call: no buffer, the count needed. */
    CHECK_FAIL(gf_timeline_schedule(timeline, NULL, 0, &n), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(n, 6);
    /* Too small: the count needed, nothing written. */
    memset(small, SENTINEL_BYTE, sizeof small);
    n = SENTINEL_SIZE;
    CHECK_FAIL(gf_timeline_schedule(timeline, small, COUNT(small), &n), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(n, 6);
    CHECK_UNTOUCHED_BYTES(small, sizeof small);
    /* Second call: exactly the size. */
    n = SENTINEL_SIZE;
    CHECK_OK(gf_timeline_schedule(timeline, entries, COUNT(entries), &n));
    CHECK_EQ_INT(n, 6);
    CHECK_STR(entries[5].name, "slideOver");
    /* The strings belong to the timeline: the same pointers on every call. */
    {
        gf_timeline_entry again[6];
        CHECK_OK(gf_timeline_schedule(timeline, again, COUNT(again), &n));
        CHECK(again[0].name == entries[0].name && again[5].layer == entries[5].layer);
    }
    CHECK_OK(gf_timeline_free(timeline));

    /* No entries: GF_OK with a count of 0 and a NULL buffer. */
    timeline = load("{\"timeline\": {\"sequence\": [{\"delay\": 2}]}}");
    n = SENTINEL_SIZE;
    CHECK_OK(gf_timeline_schedule(timeline, NULL, 0, &n));
    CHECK_EQ_INT(n, 0);
    {
        double duration = SENTINEL_DOUBLE;
        CHECK_OK(gf_timeline_duration(timeline, &duration));
        CHECK_NEAR(duration, 2.0, 0); /* a trailing delay extends the sequence */
    }
    CHECK_OK(gf_timeline_free(timeline));
}

/* ---- the registry -------------------------------------------------------------------------- */

static void registry(void) {
    static const char uses[] =
        "{\"timeline\": {\"sequence\": [{\"anim\": \"gf-test-grow\", \"layers\": [\"a\"], \"duration\": 2}]}}";
    static const expected_entry want[] = {{"gf-test-grow", "a", 0, 2}};
    gf_timeline *timeline = SENTINEL_TIMELINE, *copy = NULL;
    char *json = NULL;
    CHECK_OK(gf_timeline_define("gf-test-grow", "ease-in", "{\"cornerRadius\": 6, \"position\": [1, 2]}"));
    timeline = load(uses);
    check_schedule(timeline, want, COUNT(want));
    /* The timeline copied the definition: removing it from the registry does not reach it. */
    CHECK_OK(gf_timeline_undefine("gf-test-grow"));
    CHECK_FAIL(gf_timeline_undefine("gf-test-grow"), GF_E_NOT_FOUND);
    check_schedule(timeline, want, COUNT(want));
    /* ... and its JSON carries it, so it reads back without the registry. */
    CHECK_OK(gf_timeline_to_json(timeline, &json));
    CHECK(json != NULL && strstr(json, "\"gf-test-grow\": {") != NULL);
    if (json != NULL) {
        copy = load(json);
        check_schedule(copy, want, COUNT(want));
        CHECK_OK(gf_timeline_free(copy));
    }
    gf_string_free(json);
    CHECK_OK(gf_timeline_free(timeline));
    /* Gone from the registry: a new timeline does not find it. */
    timeline = SENTINEL_TIMELINE;
    CHECK_FAIL(gf_timeline_from_json(uses, strlen(uses), &timeline), GF_E_NOT_FOUND);
    CHECK_UNTOUCHED_PTR(timeline, SENTINEL_TIMELINE);
    /* A curve spec of NULL is linear; defining again replaces. */
    CHECK_OK(gf_timeline_define("gf-test-grow", NULL, "{\"opacity\": 1}"));
    CHECK_OK(gf_timeline_define("gf-test-grow", NULL, "{\"opacity\": -1}"));
    CHECK_OK(gf_timeline_undefine("gf-test-grow"));
    /* Bad definitions define nothing. */
    CHECK_FAIL(gf_timeline_define(NULL, NULL, "{}"), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_define("", NULL, "{}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", "ease-sideways", "{}"), GF_E_PARSE);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"opacity\": "), GF_E_PARSE);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"opactiy\": 1}"), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "did you mean 'opacity'") != NULL);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"position\": 1}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "[1]"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"opacity\": \"\xff\"}"), GF_E_INVALID_UTF8);
    CHECK_FAIL(gf_timeline_undefine("gf-test-bad"), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_timeline_undefine(NULL), GF_E_NULL_ARGUMENT);
}

/* ---- Anim's view properties ---------------------------------------------------------------- */

/* The seed's blocks defined in the registry one to one (view.y += -100; view.height += 100, then
   view.x += 50; view.width += 50) end on UIKit's frames, by hand: (x, 160, 60, 40) ->
   (x, 60, 60, 140) -> (x + 50, 60, 110, 140), for a centre and a corner anchor point. */
static void view_properties(void) {
    static const char timeline_json[] =
        "{\"timeline\": {\"sequence\": ["
        " {\"anim\": \"gf-test-slideUp\", \"layers\": [\"c\", \"k\"], \"duration\": 0.6}, {\"delay\": 0.2},"
        " {\"anim\": \"gf-test-slideOver\", \"layers\": [\"c\", \"k\"], \"duration\": 0.2}]}}";
    static const char scene_json[] =
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": ["
        " {\"id\": \"c\", \"frame\": [20, 160, 60, 40]},"
        " {\"id\": \"k\", \"frame\": [100, 160, 60, 40], \"anchorPoint\": [0, 1]}]}";
    static const double xs[] = {20, 100};
    static const double times[] = {0.6, 1.0, 3.0};
    gf_timeline *timeline = NULL;
    gf_scene *scene = NULL;
    gf_layer_state states[2];
    size_t n = 0;
    CHECK_OK(gf_timeline_define("gf-test-slideUp", "easeOut", "{\"y\": -100, \"height\": 100}"));
    CHECK_OK(gf_timeline_define("gf-test-slideOver", "easeOut", "{\"x\": 50, \"width\": 50}"));
    timeline = load(timeline_json);
    CHECK_OK(gf_timeline_undefine("gf-test-slideUp"));
    CHECK_OK(gf_timeline_undefine("gf-test-slideOver"));
    CHECK_OK(gf_scene_load_json(scene_json, strlen(scene_json), &scene));
    CHECK_OK(gf_timeline_apply(timeline, scene));
    for (size_t k = 0; k < COUNT(times); k++) {
        int after_over = times[k] >= 1.0;
        CHECK_OK(gf_scene_sample(scene, times[k], states, 2, &n));
        CHECK_EQ_INT(n, 2);
        for (size_t i = 0; i < 2; i++) {
            CHECK_NEAR(states[i].x, xs[i] + (after_over ? 50 : 0), 1e-9);
            CHECK_NEAR(states[i].y, 60, 1e-9);
            CHECK_NEAR(states[i].width, after_over ? 110 : 60, 1e-9);
            CHECK_NEAR(states[i].height, 140, 1e-9);
        }
    }
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
    /* A misspelt view property is refused with a suggestion; a wrong count names the property. */
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"heigth\": 1}"), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "did you mean 'height'") != NULL);
    CHECK_FAIL(gf_timeline_define("gf-test-bad", NULL, "{\"size\": 1}"), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "'size' takes 2") != NULL);
}

/* ---- applying to a scene ------------------------------------------------------------------- */

static const char SCENE[] =
    "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": ["
    " {\"id\": \"a\", \"frame\": [0, 0, 10, 10], \"cornerRadius\": 1, \"opacity\": 1},"
    " {\"id\": \"b\", \"frame\": [20, 0, 10, 10], \"cornerRadius\": 2, \"opacity\": 0.5}]}";

/* round: linear, cornerRadius +8. fadeq: easeInQuad (x^2), opacity -0.8.
   round on a 0 -> 1, on b 0.5 -> 1.5 (stagger 0.5); the cursor 1.5 moves back to 1.0 (delay
   -0.5); fadeq on a 1.0 -> 3.0. */
static const char APPLIED[] =
    "{\"definitions\": {"
    "  \"round\": {\"curve\": \"linear\", \"changes\": {\"cornerRadius\": 8}},"
    "  \"fadeq\": {\"curve\": \"easeInQuad\", \"changes\": {\"opacity\": -0.8}}},"
    " \"timeline\": {\"sequence\": ["
    "  {\"stagger\": 0.5}, {\"anim\": \"round\", \"layers\": [\"a\", \"b\"], \"duration\": 1},"
    "  {\"delay\": -0.5}, {\"anim\": \"fadeq\", \"layers\": [\"a\"], \"duration\": 2}]}}";

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

static gf_scene *load_scene(const char *json) {
    gf_scene *scene = NULL;
    CHECK_OK(gf_scene_load_json(json, strlen(json), &scene));
    return scene;
}

static void apply_then_sample(void) {
    static const double times[] = {0, 0.25, 0.75, 1.25, 2.0, 2.999, 5.0};
    gf_timeline *timeline = load(APPLIED);
    gf_scene *scene = load_scene(SCENE);
    gf_layer_state states[2];
    size_t n, i;
    CHECK_OK(gf_timeline_apply(timeline, scene));
    for (i = 0; i < COUNT(times); i++) {
        double t = times[i], pa = clamp01((t - 1.0) / 2.0);
        CHECK_OK(gf_scene_sample(scene, t, states, 2, &n));
        CHECK_EQ_INT(n, 2);
        /* The closed form, tolerance 1e-9 (the sampler goes through timing and compiled tracks). */
        CHECK_NEAR(states[0].corner_radius, 1 + 8 * clamp01(t / 1.0), 1e-9);
        CHECK_NEAR(states[1].corner_radius, 2 + 8 * clamp01((t - 0.5) / 1.0), 1e-9);
        CHECK_NEAR(states[0].opacity, 1 - 0.8 * pa * pa, 1e-9);
        CHECK_NEAR(states[1].opacity, 0.5, 0);
    }
    /* Applying again adds again: changes add up. */
    CHECK_OK(gf_timeline_apply(timeline, scene));
    CHECK_OK(gf_scene_sample(scene, 5.0, states, 2, &n));
    CHECK_NEAR(states[0].corner_radius, 1 + 16, 1e-9);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
}

static void apply_all_or_nothing(void) {
    /* "c" is missing: nothing is added, although "a" and "b" come first in the schedule. */
    static const char missing[] =
        "{\"definitions\": {\"round\": {\"changes\": {\"cornerRadius\": 8}}},"
        " \"timeline\": {\"sequence\": [{\"anim\": \"round\", \"layers\": [\"a\", \"b\", \"c\"], \"duration\": 1}]}}";
    gf_timeline *timeline = load(missing);
    gf_scene *scene = load_scene(SCENE);
    char *before = NULL, *after = NULL;
    gf_layer_state states[2];
    size_t n;
    CHECK_OK(gf_scene_to_json(scene, &before));
    CHECK_FAIL(gf_timeline_apply(timeline, scene), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "'c'") != NULL);
    CHECK_OK(gf_scene_to_json(scene, &after));
    CHECK(before != NULL && after != NULL && strcmp(before, after) == 0);
    CHECK_OK(gf_scene_sample(scene, 1.0, states, 2, &n));
    CHECK_NEAR(states[0].corner_radius, 1, 0);
    gf_string_free(before);
    gf_string_free(after);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
}

/* ---- JSON ---------------------------------------------------------------------------------- */

static void json_round_trip(void) {
    static const char *docs[] = {SEED_ARRAY, SEED_SET, APPLIED};
    size_t d;
    for (d = 0; d < COUNT(docs); d++) {
        gf_timeline *timeline = load(docs[d]), *again = NULL;
        char *json = NULL, *json2 = NULL;
        gf_timeline_entry a[32], b[32];
        size_t na = 0, nb = 0, i;
        CHECK_OK(gf_timeline_to_json(timeline, &json));
        if (json == NULL) continue;
        again = load(json);
        CHECK_OK(gf_timeline_to_json(again, &json2));
        CHECK(json2 != NULL && strcmp(json, json2) == 0);
        CHECK_OK(gf_timeline_schedule(timeline, a, COUNT(a), &na));
        CHECK_OK(gf_timeline_schedule(again, b, COUNT(b), &nb));
        CHECK_EQ_INT(na, nb);
        for (i = 0; i < na && i < nb; i++) {
            CHECK(strcmp(a[i].name, b[i].name) == 0 && strcmp(a[i].layer, b[i].layer) == 0);
            CHECK(gf_test_same_double(a[i].begin, b[i].begin) && gf_test_same_double(a[i].end, b[i].end));
        }
        gf_string_free(json);
        gf_string_free(json2);
        CHECK_OK(gf_timeline_free(again));
        CHECK_OK(gf_timeline_free(timeline));
    }
}

/* ---- bad input ----------------------------------------------------------------------------- */

static void check_load_fails(const char *json, gf_status want, const char *fragment) {
    gf_timeline *timeline = SENTINEL_TIMELINE;
    CHECK_FAIL(gf_timeline_from_json(json, strlen(json), &timeline), want);
    CHECK_UNTOUCHED_PTR(timeline, SENTINEL_TIMELINE);
    if (fragment != NULL && !CHECK(strstr(gf_last_error_message(), fragment) != NULL))
        printf("     message \"%s\" lacks \"%s\"\n", gf_last_error_message(), fragment);
    if (timeline != SENTINEL_TIMELINE) gf_timeline_free(timeline);
}

static void bad_documents(void) {
    check_load_fails("{\"timeline\": {\"sequence\": [", GF_E_PARSE, "line 1");
    check_load_fails("", GF_E_PARSE, NULL);
    check_load_fails("{\"definitions\": {\"f\": {\"changes\": {}}}, \"timeline\": {\"sequence\": "
                     "[{\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": -1}]}}",
                     GF_E_INVALID_ARGUMENT, "timeline.sequence[0].duration");
    check_load_fails("{\"definitions\": {\"f\": {\"changes\": {}}}, \"timeline\": {\"sequence\": "
                     "[{\"anim\": \"f\", \"layers\": [], \"duration\": 1}]}}",
                     GF_E_INVALID_ARGUMENT, "at least one layer");
    check_load_fails("{\"timeline\": {\"sequence\": [{\"anim\": \"gf-test-nowhere\", \"layers\": [\"a\"], \"duration\": 1}]}}",
                     GF_E_NOT_FOUND, "gf-test-nowhere");
    check_load_fails("{\"definitions\": {\"f\": {\"changes\": {}}}, \"timeline\": {\"sequence\": "
                     "[{\"delay\": -1}, {\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": 1}]}}",
                     GF_E_INVALID_ARGUMENT, "before 0");
    check_load_fails("{\"definitions\": {\"f\": {\"changes\": {}}}, \"timeline\": {\"sequence\": "
                     "[{\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": 1, \"position\": \"intro\"}]}}",
                     GF_E_NOT_FOUND, "no label 'intro'");
    check_load_fails("{\"timeline\": {\"sequence\": [{\"anim\": \"f\", \"layers\": [\"a\"], \"duraton\": 1}]}}",
                     GF_E_INVALID_ARGUMENT, "did you mean 'duration'");
    check_load_fails("{\"timeline\": {\"sequence\": [{\"label\": \"\xc3\x28\"}]}}", GF_E_INVALID_UTF8, NULL);
    /* NaN cannot be written in JSON. */
    check_load_fails("{\"timeline\": {\"sequence\": [{\"delay\": NaN}]}}", GF_E_PARSE, NULL);
    check_load_fails("{\"timeline\": {\"sequence\": [{\"delay\": 1e999}]}}", GF_E_PARSE, NULL);
    /* Deep nesting: a limit, never a crash. */
    {
        size_t depth = 100000, i, at = 0;
        size_t size = 40 + depth * 16;
        char *text = malloc(size);
        CHECK(text != NULL);
        if (text != NULL) {
            at += (size_t)sprintf(text + at, "{\"timeline\": {\"sequence\": [");
            for (i = 0; i < depth; i++) at += (size_t)sprintf(text + at, "{\"sequence\": [");
            for (i = 0; i < depth; i++) at += (size_t)sprintf(text + at, "]}");
            sprintf(text + at, "]}}");
            check_load_fails(text, GF_E_LIMIT, NULL);
            free(text);
        }
    }
}

/* Issue 28: times past the largest double loaded with GF_OK, a duration of +inf, a JSON round
 * trip and a player clock at +inf. Every derived time is checked where it is computed, and the
 * message names the item. */
static void times_past_the_largest_double(void) {
#define F "{\"definitions\": {\"f\": {\"changes\": {\"opacity\": 1}}}, \"timeline\": {\"sequence\": ["
#define A "{\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": 1"
    /* two delays; a label, an instance placed by a position; a parallel's delay; a stagger */
    check_load_fails(F "{\"delay\": 1e308}, {\"delay\": 1e308}]}}", GF_E_INVALID_ARGUMENT,
                     "sequence[1]: times pass the largest duration");
    check_load_fails(F "{\"delay\": 1e308}, {\"label\": \"x\", \"position\": \"+=1e308\"}]}}",
                     GF_E_INVALID_ARGUMENT, "sequence[1]: times pass the largest duration");
    check_load_fails(F "{\"label\": \"x\", \"position\": 1e308}, " A ", \"position\": \"x+=1e308\"}]}}",
                     GF_E_INVALID_ARGUMENT, "sequence[1]: times pass the largest duration");
    check_load_fails(F "{\"delay\": 1e308}, {\"parallel\": [{\"delay\": 1e308}]}]}}", GF_E_INVALID_ARGUMENT,
                     "parallel[0]: times pass the largest duration");
    check_load_fails(F "{\"stagger\": 1e308}, {\"anim\": \"f\", \"layers\": [\"a\", \"b\", \"c\"], \"duration\": 1}]}}",
                     GF_E_INVALID_ARGUMENT, "sequence[1]: times pass the largest duration");
    check_load_fails(F "{\"delay\": 1e308}, {\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": 1e308}]}}",
                     GF_E_INVALID_ARGUMENT, "sequence[1]: times pass the largest duration");
    /* Just below: loads, and its duration and the player's clock stay finite. */
    {
        gf_timeline *timeline = load(F "{\"delay\": 1e308}, {\"delay\": 7e307}, " A "}]}}");
        double duration = SENTINEL_DOUBLE, t = SENTINEL_DOUBLE;
        if (timeline != NULL) {
            CHECK_OK(gf_timeline_duration(timeline, &duration));
            CHECK(duration == 1e308 + 7e307 + 1);
            CHECK(isfinite(duration));
            CHECK_OK(gf_timeline_advance(timeline, DBL_MAX, NULL, NULL));
            CHECK_OK(gf_timeline_time(timeline, &t));
            CHECK(t == duration);
            CHECK_OK(gf_timeline_free(timeline));
        }
    }
#undef A
#undef F
}

static void misuse(void) {
    gf_timeline *timeline = load(SEED_ARRAY), *out = SENTINEL_TIMELINE, *freed = load(SEED_ARRAY);
    gf_scene *scene = load_scene(SCENE);
    gf_timeline_entry entries[8];
    size_t n = SENTINEL_SIZE;
    double duration = SENTINEL_DOUBLE;
    char *json = SENTINEL_STRING;

    /* NULL arguments. */
    CHECK_FAIL(gf_timeline_from_json(SEED_ARRAY, strlen(SEED_ARRAY), NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_from_json(NULL, 5, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_TIMELINE);
    CHECK_FAIL(gf_timeline_from_json(NULL, 0, &out), GF_E_PARSE); /* the empty document */
    CHECK_FAIL(gf_timeline_duration(NULL, &duration), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_duration(timeline, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_schedule(NULL, entries, 8, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_schedule(timeline, entries, 8, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_schedule(timeline, NULL, 8, &n), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_schedule(timeline, entries, SIZE_MAX, &n), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(n, SENTINEL_SIZE);
    CHECK_FAIL(gf_timeline_apply(NULL, scene), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_apply(timeline, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_to_json(NULL, &json), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_to_json(timeline, NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(json, SENTINEL_STRING);
    CHECK_OK(gf_timeline_free(NULL));
    /* Wrong handle types. */
    CHECK_FAIL(gf_timeline_duration((const gf_timeline *)scene, &duration), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_apply(timeline, (gf_scene *)timeline), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_free((gf_timeline *)scene), GF_E_MISUSE);
    CHECK_FAIL(gf_scene_free((gf_scene *)timeline), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_duration((const gf_timeline *)(void *)entries, &duration), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(duration);
    /* Freed handles: use after free and double free. */
    CHECK_OK(gf_timeline_free(freed));
    CHECK_FAIL(gf_timeline_duration(freed, &duration), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_schedule(freed, entries, 8, &n), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_apply(freed, scene), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_to_json(freed, &json), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_free(freed), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(duration);
    CHECK_EQ_INT(n, SENTINEL_SIZE);
    /* The good handles still work. */
    CHECK_OK(gf_timeline_duration(timeline, &duration));
    CHECK_NEAR(duration, 1.0, 1e-12);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
}

/* ---- the registry from several threads ---------------------------------------------------------- */

#define THREADS 4
#define ROUNDS 300

typedef struct {
    int index;
    int failures;
} worker;

/* Each thread defines and removes a name of its own and, meanwhile, makes timelines from a
   shared definition (defined before the threads start): every call must succeed. */
static void *registry_worker(void *arg) {
    worker *w = (worker *)arg;
    static const char uses[] =
        "{\"timeline\": {\"sequence\": [{\"anim\": \"gf-test-shared\", \"layers\": [\"a\"], \"duration\": 1}]}}";
    char name[64];
    int round;
    snprintf(name, sizeof name, "gf-test-thread-%d", w->index);
    for (round = 0; round < ROUNDS; round++) {
        gf_timeline *timeline = NULL;
        char own[160];
        snprintf(own, sizeof own, "{\"timeline\": {\"sequence\": [{\"anim\": \"%s\", \"layers\": [\"a\"], \"duration\": 1}]}}", name);
        if (gf_timeline_define(name, "ease-in", "{\"opacity\": -0.5}") != GF_OK) w->failures++;
        if (gf_timeline_from_json(own, strlen(own), &timeline) != GF_OK) w->failures++;
        gf_timeline_free(timeline);
        timeline = NULL;
        if (gf_timeline_undefine(name) != GF_OK) w->failures++;
        if (gf_timeline_from_json(uses, strlen(uses), &timeline) != GF_OK) w->failures++;
        gf_timeline_free(timeline);
    }
    return NULL;
}

static void registry_threads(void) {
    pthread_t threads[THREADS];
    worker workers[THREADS];
    int i, started = 0;
    CHECK_OK(gf_timeline_define("gf-test-shared", NULL, "{\"cornerRadius\": 1}"));
    for (i = 0; i < THREADS; i++) {
        workers[i].index = i;
        workers[i].failures = 0;
        if (pthread_create(&threads[i], NULL, registry_worker, &workers[i]) == 0) started++;
    }
    CHECK(started == THREADS);
    for (i = 0; i < started; i++) pthread_join(threads[i], NULL);
    for (i = 0; i < started; i++) CHECK_EQ_INT(workers[i].failures, 0);
    CHECK_OK(gf_timeline_undefine("gf-test-shared"));
}

/* A host curve that is the identity up to the middle and NaN past it. */
static double half_curve(void *user_data, double x) {
    (void)user_data;
    return x > 0.5 ? NAN : x;
}

/* Issue 28 point 4: a stagger whose ease is a failing host curve makes gf_timeline_from_json
 * fail with GF_E_CALLBACK naming the curve (once GF_E_INVALID_ARGUMENT "begins at nan"), nothing
 * made; a definition whose curve fails applies (nothing is evaluated then) and the scene's
 * sample reports GF_E_CALLBACK where the curve fails. */
static void host_curve_failures(void) {
    static const char STAGGERED[] =
        "{\"definitions\": {\"up\": {\"changes\": {\"opacity\": 1}}},"
        " \"timeline\": {\"sequence\": [{\"stagger\": {\"each\": 1, \"ease\": \"test.tlhalf\"}},"
        "  {\"anim\": \"up\", \"layers\": [\"a\", \"b\", \"c\"], \"duration\": 1}]}}";
    static const char DEFINED[] =
        "{\"definitions\": {\"up\": {\"curve\": \"test.tlhalf\", \"changes\": {\"opacity\": -1}}},"
        " \"timeline\": {\"sequence\": [{\"anim\": \"up\", \"layers\": [\"a\"], \"duration\": 1}]}}";
    gf_timeline *timeline = NULL;
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    gf_layer_state state;
    size_t count = 0;
    CHECK_OK(gf_register_curve("test.tlhalf", half_curve, NULL, NULL));
    /* Distances 0, 1, 2 of 2: the ease is asked at 0, 0.5 and 1, and fails at 1. */
    check_load_fails(STAGGERED, GF_E_CALLBACK, "test.tlhalf");
    CHECK_OK(gf_timeline_from_json(DEFINED, strlen(DEFINED), &timeline));
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&desc);
    desc.id = "a";
    desc.width = desc.height = 10;
    CHECK_OK(gf_scene_add_layer(scene, &desc, NULL));
    CHECK_OK(gf_timeline_apply(timeline, scene));
    /* opacity = 1 - curve(t): 0.75 at t = 0.25 (the curve is exact there), a failure past 0.5. */
    CHECK_OK(gf_scene_sample(scene, 0.25, &state, 1, &count));
    CHECK(state.opacity == 0.75);
    CHECK_FAIL(gf_scene_sample(scene, 0.75, &state, 1, &count), GF_E_CALLBACK);
    CHECK(strstr(gf_last_error_message(), "test.tlhalf") != NULL);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
    CHECK_OK(gf_unregister_curve("test.tlhalf"));
}


typedef struct {
    int kinds[16];
    double times[16];
    int count;
} recorded_events;

static void record_event(void *user_data, const gf_timeline_event *event) {
    recorded_events *seen = user_data;
    if (seen->count < 16) {
        seen->kinds[seen->count] = event->kind;
        seen->times[seen->count] = event->time;
        seen->count++;
    }
}

/* GSAP: gsap.timeline({repeat: 1, yoyo: true}).to([a, b], {opacity: 0, duration: 1, stagger: 0.5})
 *   .addLabel("out").fromTo(c, {x: 0}, {x: 100, duration: 2}, "out-=0.5").call(done, null, 0.25)
 * a [0, 1], b [0.5, 1.5]; "out" at the end so far, 1.5; c at 1, [1, 3]; one play of 3 s, played
 * back by the yoyo: 6 s. The call at 0.25 is crossed at 0.25 and, backwards, at 6 - 0.25. */
static void builder(void) {
    static const char *const AB[] = {"a", "b"};
    static const char *const C[] = {"c"};
    static const expected_entry want[] = {
        {"to-1", "a", 0, 1}, {"to-1", "b", 0.5, 1.5}, {"fromTo-2", "c", 1, 3},
    };
    gf_timeline_timing timing;
    gf_tween_options options;
    gf_timeline_builder *b = NULL;
    gf_timeline *timeline = NULL;
    char *before = NULL, *after = NULL;
    double duration = 0;
    recorded_events seen = {{0}, {0}, 0};
    gf_timeline_timing_init(&timing);
    timing.repeat = 1;
    timing.yoyo = 1;
    CHECK_OK(gf_timeline_builder_create(&timing, &b));
    gf_tween_options_init(&options);
    CHECK(options.duration == 0.5 && options.ease == NULL && options.position == NULL);
    options.duration = 1;
    options.stagger_json = "0.5";
    CHECK_OK(gf_timeline_builder_to(b, AB, 2, "{\"opacity\": 0}", &options));
    CHECK_OK(gf_timeline_builder_add_label(b, "out", NULL));
    gf_tween_options_init(&options);
    options.duration = 2;
    options.position = "out-=0.5";
    CHECK_OK(gf_timeline_builder_from_to(b, C, 1, "{\"x\": 0}", "{\"x\": 100}", &options));
    CHECK_OK(gf_timeline_builder_call(b, "done", "0.25"));
    /* A refused step (a label not added yet; then values of an unknown key path) changes nothing. */
    CHECK_OK(gf_timeline_builder_build(b, &timeline));
    CHECK_OK(gf_timeline_to_json(timeline, &before));
    CHECK_OK(gf_timeline_free(timeline));
    options.position = "later";
    CHECK_FAIL(gf_timeline_builder_to(b, C, 1, "{\"x\": 0}", &options), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "no label 'later'") != NULL);
    options.position = NULL;
    CHECK_FAIL(gf_timeline_builder_to(b, C, 1, "{\"opacty\": 0}", &options), GF_E_NOT_FOUND);
    CHECK(strstr(gf_last_error_message(), "values_json") != NULL);
    timeline = NULL;
    CHECK_OK(gf_timeline_builder_build(b, &timeline));
    CHECK_OK(gf_timeline_to_json(timeline, &after));
    CHECK(before != NULL && after != NULL && strcmp(before, after) == 0);
    CHECK(after != NULL && strstr(after, "\"fromTo-2\": {") != NULL && strstr(after, "\"yoyo\": true") != NULL);
    check_schedule(timeline, want, COUNT(want));
    CHECK_OK(gf_timeline_duration(timeline, &duration));
    CHECK(duration == 6);
    /* Forwards to 0.5: to-1 starts at 0, then the call at 0.25; back to 0: the call, then to-1 ends. */
    CHECK_OK(gf_timeline_seek(timeline, 0.5, record_event, &seen));
    CHECK(seen.count == 2 && seen.kinds[0] == GF_EVENT_STARTED && seen.kinds[1] == GF_EVENT_CALL && seen.times[1] == 0.25);
    seen.count = 0;
    CHECK_OK(gf_timeline_seek(timeline, 0, record_event, &seen));
    CHECK(seen.count == 2 && seen.kinds[0] == GF_EVENT_CALL && seen.times[0] == 0.25 && seen.kinds[1] == GF_EVENT_ENDED);
    gf_string_free(before);
    gf_string_free(after);
    CHECK_OK(gf_timeline_free(timeline));
    CHECK_OK(gf_timeline_builder_free(b));
    /* NULLs and bad options are refused with the builder untouched. */
    CHECK_FAIL(gf_timeline_builder_create(NULL, NULL), GF_E_NULL_ARGUMENT);
    timing.time_scale = 0;
    b = NULL;
    CHECK_FAIL(gf_timeline_builder_create(&timing, &b), GF_E_INVALID_ARGUMENT);
    CHECK(b == NULL);
}

int main(void) {
    RUN(seed_array);
    RUN(seed_set);
    RUN(two_calls);
    RUN(registry);
    RUN(view_properties);
    RUN(apply_then_sample);
    RUN(apply_all_or_nothing);
    RUN(json_round_trip);
    RUN(bad_documents);
    RUN(host_curve_failures);
    RUN(times_past_the_largest_double);
    RUN(misuse);
    RUN(registry_threads);
    RUN(builder);
    return gf_test_summary();
}
