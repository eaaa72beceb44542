/*
 * Timeline playback: gf_timeline_seek / gf_timeline_advance report each instance's start and end
 * once per crossing, in order, forwards and backwards; the rate (gf_timeline_set_rate,
 * gf_timeline_reverse) scales host time; time clamps to [0, duration]; zero-duration instances
 * start and end at once; bad input and misuse (NULLs, NaN, a freed handle, a callback calling
 * back into its timeline) are refused and leave the player as it was.
 *
 * The timeline (times by hand): 0 A [0, 1] on a; a parallel of 1 B [1, 1.5] on b and 2 C [1, 2]
 * on c; 3 D of duration 0 at "<0.5" = 1.5 on a; 4 E [1.5, 2.25] on a, b staggered by 0.25
 * (a 1.5-2, b 1.75-2.25); a trailing delay of 0.25: duration 2.5. Every time is a multiple of
 * 1/4, exact in binary, so times compare exactly.
 */
#include "gf_test.h"

static const char timeline_json[] =
    "{\"definitions\": {\"A\": {\"changes\": {\"opacity\": -0.5}}, \"B\": {\"changes\": {\"opacity\": 1}},"
    " \"C\": {\"changes\": {\"opacity\": 1}}, \"D\": {\"changes\": {\"opacity\": 1}},"
    " \"E\": {\"changes\": {\"opacity\": 1}}},"
    " \"timeline\": {\"sequence\": ["
    "{\"anim\": \"A\", \"layers\": [\"a\"], \"duration\": 1},"
    "{\"parallel\": [{\"anim\": \"B\", \"layers\": [\"b\"], \"duration\": 0.5},"
    " {\"anim\": \"C\", \"layers\": [\"c\"], \"duration\": 1}]},"
    "{\"anim\": \"D\", \"layers\": [\"a\"], \"duration\": 0, \"position\": \"<0.5\"},"
    "{\"stagger\": 0.25}, {\"anim\": \"E\", \"layers\": [\"a\", \"b\"], \"duration\": 0.5},"
    "{\"delay\": 0.25}]}}";

#define MAX_EVENTS 64

/* What a callback saw: the events, copied (the strings only live during the callback). */
typedef struct recorded {
    int count;
    int kind[MAX_EVENTS], reversed[MAX_EVENTS];
    size_t instance[MAX_EVENTS], layer_count[MAX_EVENTS];
    double time[MAX_EVENTS];
    char name[MAX_EVENTS][8], layers[MAX_EVENTS][16];
} recorded;

static void record(void *user_data, const gf_timeline_event *event) {
    recorded *r = (recorded *)user_data;
    size_t i;
    if (r->count >= MAX_EVENTS) return;
    r->kind[r->count] = event->kind;
    r->reversed[r->count] = event->reversed;
    r->instance[r->count] = event->instance;
    r->time[r->count] = event->time;
    r->layer_count[r->count] = event->layer_count;
    snprintf(r->name[r->count], sizeof r->name[0], "%s", event->name);
    r->layers[r->count][0] = '\0';
    for (i = 0; i < event->layer_count; i++) {
        size_t used = strlen(r->layers[r->count]);
        snprintf(r->layers[r->count] + used, sizeof r->layers[0] - used, "%s%s", i ? "," : "", event->layers[i]);
    }
    r->count++;
}

/* Events as text, "S0@0 E0@1 ..." with a trailing "<" for reversed, to compare with one string. */
static const char *text_of(const recorded *r) {
    static char text[1024];
    int i;
    size_t used = 0;
    text[0] = '\0';
    for (i = 0; i < r->count && used < sizeof text; i++) {
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%c%zu@%g%s", i ? " " : "",
                                 r->kind[i] == GF_EVENT_STARTED ? 'S' : (r->kind[i] == GF_EVENT_ENDED ? 'E' : '?'),
                                 r->instance[i], r->time[i], r->reversed[i] ? "<" : "");
    }
    return text;
}

#define CHECK_EVENTS(r, want)                                                                    \
    do {                                                                                         \
        const char *gf_got_text_ = text_of(&(r));                                                \
        if (!CHECK(strcmp(gf_got_text_, (want)) == 0))                                           \
            printf("     got \"%s\"\n     want \"%s\"\n", gf_got_text_, (want));                 \
    } while (0)

static gf_timeline *make_timeline(void) {
    gf_timeline *timeline = NULL;
    CHECK_OK(gf_timeline_from_json(timeline_json, strlen(timeline_json), &timeline));
    return timeline;
}

static void seek(gf_timeline *timeline, double t, recorded *r) {
    memset(r, 0, sizeof *r);
    CHECK_OK(gf_timeline_seek(timeline, t, record, r));
}

static void advance(gf_timeline *timeline, double host, recorded *r) {
    memset(r, 0, sizeof *r);
    CHECK_OK(gf_timeline_advance(timeline, host, record, r));
}

static double time_of(const gf_timeline *timeline) {
    double t = SENTINEL_DOUBLE;
    CHECK_OK(gf_timeline_time(timeline, &t));
    return t;
}

static double rate_of(const gf_timeline *timeline) {
    double rate = SENTINEL_DOUBLE;
    CHECK_OK(gf_timeline_rate(timeline, &rate));
    return rate;
}

/* Playing forwards in steps of 1/4 s: every start and end once, in order; names and layers. */
static void test_forwards(void) {
    gf_timeline *timeline = make_timeline();
    recorded r, all;
    int step, i;
    memset(&all, 0, sizeof all);
    CHECK(time_of(timeline) == 0);
    CHECK(rate_of(timeline) == 1);
    for (step = 0; step < 12; step++) {
        advance(timeline, 0.25, &r);
        for (i = 0; i < r.count && all.count < MAX_EVENTS; i++, all.count++) {
            all.kind[all.count] = r.kind[i];
            all.reversed[all.count] = r.reversed[i];
            all.instance[all.count] = r.instance[i];
            all.time[all.count] = r.time[i];
            all.layer_count[all.count] = r.layer_count[i];
            memcpy(all.name[all.count], r.name[i], sizeof r.name[i]);
            memcpy(all.layers[all.count], r.layers[i], sizeof r.layers[i]);
        }
    }
    CHECK_EVENTS(all, "S0@0 E0@1 S1@1 S2@1 E1@1.5 S3@1.5 E3@1.5 S4@1.5 E2@2 E4@2.25");
    if (all.count == 10) {
        CHECK_STR(all.name[0], "A");
        CHECK_STR(all.layers[0], "a");
        CHECK_STR(all.name[8], "C");
        CHECK_STR(all.layers[8], "c");
        CHECK_STR(all.name[9], "E");
        CHECK_STR(all.layers[9], "a,b");
        CHECK_EQ_INT(all.layer_count[9], 2);
    }
    CHECK(time_of(timeline) == 2.5);
    /* At the end: nothing more, the clamp holds. */
    advance(timeline, 1, &r);
    CHECK_EQ_INT(r.count, 0);
    CHECK(time_of(timeline) == 2.5);
    CHECK_OK(gf_timeline_free(timeline));
}

/* The first call starts before 0: even an advance by 0 reports what starts at 0, once. */
static void test_first_call(void) {
    gf_timeline *timeline = make_timeline();
    recorded r;
    advance(timeline, 0, &r);
    CHECK_EVENTS(r, "S0@0");
    advance(timeline, 0, &r);
    CHECK_EQ_INT(r.count, 0);
    seek(timeline, 0, &r);
    CHECK_EQ_INT(r.count, 0);
    CHECK_OK(gf_timeline_free(timeline));
}

/* Seeking backwards across everything mirrors the forward events, reversed, down to 0. */
static void test_backwards(void) {
    gf_timeline *timeline = make_timeline();
    recorded r;
    seek(timeline, 2.5, &r);
    CHECK_EVENTS(r, "S0@0 E0@1 S1@1 S2@1 E1@1.5 S3@1.5 E3@1.5 S4@1.5 E2@2 E4@2.25");
    seek(timeline, 0, &r);
    CHECK_EVENTS(r, "S4@2.25< S2@2< E4@1.5< S3@1.5< E3@1.5< S1@1.5< E2@1< E1@1< S0@1< E0@0<");
    seek(timeline, 1.75, &r);
    CHECK_EVENTS(r, "S0@0 E0@1 S1@1 S2@1 E1@1.5 S3@1.5 E3@1.5 S4@1.5");
    CHECK_OK(gf_timeline_free(timeline));
}

/* Back and forth, stopping exactly on a boundary: each crossing once. */
static void test_back_and_forth(void) {
    gf_timeline *timeline = make_timeline();
    recorded r;
    seek(timeline, 1, &r);
    CHECK_EVENTS(r, "S0@0 E0@1 S1@1 S2@1");
    seek(timeline, 0.5, &r);
    CHECK_EVENTS(r, "E2@1< E1@1< S0@1<");
    seek(timeline, 1, &r);
    CHECK_EVENTS(r, "E0@1 S1@1 S2@1");
    seek(timeline, 1, &r);
    CHECK_EQ_INT(r.count, 0);
    /* Reversed on the boundary: the next move backwards crosses it, once. */
    CHECK_OK(gf_timeline_reverse(timeline));
    CHECK(rate_of(timeline) == -1);
    advance(timeline, 0.25, &r);
    CHECK_EVENTS(r, "E2@1< E1@1< S0@1<");
    CHECK(time_of(timeline) == 0.75);
    advance(timeline, 0.25, &r);
    CHECK_EQ_INT(r.count, 0);
    CHECK_OK(gf_timeline_free(timeline));
}

/* Rates: 2 and -0.5 scale host seconds; reverse() mid-way flips the sign. */
static void test_rates(void) {
    gf_timeline *timeline = make_timeline();
    recorded r;
    CHECK_OK(gf_timeline_set_rate(timeline, 2));
    CHECK(rate_of(timeline) == 2);
    advance(timeline, 0.25, &r); /* to 0.5 */
    CHECK_EVENTS(r, "S0@0");
    CHECK(time_of(timeline) == 0.5);
    advance(timeline, 0.25, &r); /* to 1 */
    CHECK_EVENTS(r, "E0@1 S1@1 S2@1");
    CHECK(time_of(timeline) == 1);
    CHECK_OK(gf_timeline_set_rate(timeline, -0.5));
    advance(timeline, 0.25, &r); /* back to 0.875, across 1 */
    CHECK_EVENTS(r, "E2@1< E1@1< S0@1<");
    CHECK(time_of(timeline) == 0.875);
    CHECK_OK(gf_timeline_reverse(timeline));
    CHECK(rate_of(timeline) == 0.5);
    advance(timeline, 0.25, &r); /* to 1 */
    CHECK_EVENTS(r, "E0@1 S1@1 S2@1");
    advance(timeline, 1, &r); /* to 1.5 */
    CHECK_EVENTS(r, "E1@1.5 S3@1.5 E3@1.5 S4@1.5");
    CHECK(time_of(timeline) == 1.5);
    CHECK_OK(gf_timeline_reverse(timeline));
    advance(timeline, 1, &r); /* back to 1, turning round on 1.5 */
    CHECK_EVENTS(r, "E4@1.5< S3@1.5< E3@1.5< S1@1.5< E2@1< E1@1< S0@1<");
    CHECK(time_of(timeline) == 1);
    /* Clamped at 0 however far it goes; a product that overflows is clamped, not an error. */
    CHECK_OK(gf_timeline_set_rate(timeline, -1e300));
    advance(timeline, 1e300, &r);
    CHECK_EVENTS(r, "E0@0<");
    CHECK(time_of(timeline) == 0);
    CHECK_OK(gf_timeline_free(timeline));
}

/* Zero-duration instances: started then ended at once, both once, either way. */
static void test_zero_duration(void) {
    static const char json[] =
        "{\"definitions\": {\"Z\": {\"changes\": {\"opacity\": 1}}}, \"timeline\": {\"sequence\": ["
        "{\"anim\": \"Z\", \"layers\": [\"a\"], \"duration\": 0}, {\"delay\": 0.5},"
        "{\"anim\": \"Z\", \"layers\": [\"b\"], \"duration\": 0}, {\"delay\": 0.5}]}}";
    gf_timeline *timeline = NULL;
    recorded r;
    CHECK_OK(gf_timeline_from_json(json, strlen(json), &timeline));
    advance(timeline, 0, &r);
    CHECK_EVENTS(r, "S0@0 E0@0");
    seek(timeline, 0.5, &r);
    CHECK_EVENTS(r, "S1@0.5 E1@0.5");
    seek(timeline, 0.75, &r);
    CHECK_EQ_INT(r.count, 0);
    seek(timeline, 0.25, &r);
    CHECK_EVENTS(r, "S1@0.5< E1@0.5<");
    seek(timeline, 0, &r);
    CHECK_EVENTS(r, "S0@0< E0@0<");
    CHECK_OK(gf_timeline_free(timeline));
}

/* The values: a timeline applied to a scene at 0 and sampled at gf_timeline_time. */
static void test_sample_at_time(void) {
    gf_timeline *timeline = make_timeline();
    gf_scene *scene = NULL;
    gf_layer_desc d;
    gf_layer_state states[3];
    size_t count = 0;
    const char *ids[3] = {"a", "b", "c"};
    int i;
    recorded r;
    CHECK_OK(gf_scene_create(&scene));
    for (i = 0; i < 3; i++) {
        gf_layer_desc_init(&d);
        d.id = ids[i];
        d.width = d.height = 10;
        CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    }
    CHECK_OK(gf_timeline_apply(timeline, scene));
    CHECK_OK(gf_timeline_set_rate(timeline, 0.5));
    advance(timeline, 1, &r);
    CHECK(time_of(timeline) == 0.5);
    CHECK_OK(gf_scene_sample(scene, time_of(timeline), states, 3, &count));
    /* A is linear, opacity 1 - 0.5 * t over [0, 1]: 0.75 at 0.5 (tolerance 1e-12). */
    CHECK_NEAR(states[0].opacity, 0.75, 1e-12);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_timeline_free(timeline));
}

/* A callback calling into its own timeline is refused (busy), another timeline is not. */
typedef struct reentry {
    gf_timeline *timeline, *other;
    int events;
    gf_status time_status, seek_status, free_status, rate_status, other_status;
    char message[512];
} reentry;

static void reenter(void *user_data, const gf_timeline_event *event) {
    reentry *r = (reentry *)user_data;
    double t = SENTINEL_DOUBLE;
    (void)event;
    if (r->events++ > 0) return;
    r->time_status = gf_timeline_time(r->timeline, &t);
    snprintf(r->message, sizeof r->message, "%s", gf_last_error_message());
    r->seek_status = gf_timeline_seek(r->timeline, 0, NULL, NULL);
    r->rate_status = gf_timeline_set_rate(r->timeline, 3);
    r->free_status = gf_timeline_free(r->timeline);
    r->other_status = gf_timeline_seek(r->other, 1, NULL, NULL);
}

static void test_callback_reentry(void) {
    reentry r;
    recorded rec;
    memset(&r, 0, sizeof r);
    r.timeline = make_timeline();
    r.other = make_timeline();
    CHECK_OK(gf_timeline_seek(r.timeline, 2, reenter, &r));
    CHECK_EQ_INT(r.events, 9);
    CHECK_EQ_INT(r.time_status, GF_E_MISUSE);
    CHECK(strstr(r.message, "is in use by another call") != NULL);
    CHECK_EQ_INT(r.seek_status, GF_E_MISUSE);
    CHECK_EQ_INT(r.rate_status, GF_E_MISUSE);
    CHECK_EQ_INT(r.free_status, GF_E_MISUSE);
    CHECK_EQ_INT(r.other_status, GF_OK);
    CHECK(time_of(r.other) == 1);
    /* Afterwards: whole, at 2, rate unchanged, and the next move continues from there. */
    CHECK(time_of(r.timeline) == 2);
    CHECK(rate_of(r.timeline) == 1);
    seek(r.timeline, 2.5, &rec);
    CHECK_EVENTS(rec, "E4@2.25");
    CHECK_OK(gf_timeline_free(r.timeline));
    CHECK_OK(gf_timeline_free(r.other));
}

/* Bad input: a status and a message, and the player as it was. */
static void test_bad_input(void) {
    gf_timeline *timeline = make_timeline();
    double t = SENTINEL_DOUBLE, rate = SENTINEL_DOUBLE;
    recorded r;
    seek(timeline, 1.25, &r);
    CHECK_OK(gf_timeline_set_rate(timeline, -2));
    memset(&r, 0, sizeof r);
    CHECK_FAIL(gf_timeline_seek(timeline, NAN, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_seek(timeline, INFINITY, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_seek(timeline, -INFINITY, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_advance(timeline, NAN, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_advance(timeline, INFINITY, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_advance(timeline, -0.25, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_set_rate(timeline, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_set_rate(timeline, -0.0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_set_rate(timeline, NAN), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_timeline_set_rate(timeline, INFINITY), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(r.count, 0);
    CHECK(time_of(timeline) == 1.25);
    CHECK(rate_of(timeline) == -2);
    /* NULLs. */
    CHECK_FAIL(gf_timeline_seek(NULL, 0, record, &r), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_advance(NULL, 0, record, &r), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_set_rate(NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_reverse(NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_rate(NULL, &rate), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_time(NULL, &t), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_rate(timeline, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_time(timeline, NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(t);
    CHECK_UNTOUCHED_DOUBLE(rate);
    CHECK_EQ_INT(r.count, 0);
    /* A NULL callback moves without reporting. */
    CHECK_OK(gf_timeline_advance(timeline, 0.25, NULL, NULL));
    CHECK(time_of(timeline) == 0.75);
    /* The player still behaves: from 0.75 (backwards) to 2.5. */
    seek(timeline, 2.5, &r);
    CHECK_EVENTS(r, "E0@1 S1@1 S2@1 E1@1.5 S3@1.5 E3@1.5 S4@1.5 E2@2 E4@2.25");
    CHECK_OK(gf_timeline_free(timeline));
}

/* Misuse: a freed timeline, another handle type, and a pointer that is no handle. */
static void test_misuse(void) {
    gf_timeline *timeline = make_timeline();
    gf_scene *scene = NULL;
    double t = SENTINEL_DOUBLE, rate = SENTINEL_DOUBLE;
    recorded r;
    static char not_a_handle[64];
    memset(&r, 0, sizeof r);
    CHECK_OK(gf_scene_create(&scene));
    CHECK_OK(gf_timeline_free(timeline));
    CHECK_FAIL(gf_timeline_seek(timeline, 0, record, &r), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_advance(timeline, 0, record, &r), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_set_rate(timeline, 1), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_reverse(timeline), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_rate(timeline, &rate), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_time(timeline, &t), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_seek((gf_timeline *)(void *)scene, 0, record, &r), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_time((const gf_timeline *)(void *)scene, &t), GF_E_MISUSE);
    CHECK_FAIL(gf_timeline_reverse((gf_timeline *)(void *)not_a_handle), GF_E_MISUSE);
    CHECK_UNTOUCHED_DOUBLE(t);
    CHECK_UNTOUCHED_DOUBLE(rate);
    CHECK_EQ_INT(r.count, 0);
    CHECK_OK(gf_scene_free(scene));
}

int main(void) {
    RUN(test_forwards);
    RUN(test_first_call);
    RUN(test_backwards);
    RUN(test_back_and_forth);
    RUN(test_rates);
    RUN(test_zero_duration);
    RUN(test_sample_at_time);
    RUN(test_callback_reentry);
    RUN(test_bad_input);
    RUN(test_misuse);
    return gf_test_summary();
}
