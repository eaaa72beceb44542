/*
 * Limits through the C API (issue 9): valid-looking input that used to kill or exhaust the host
 * answers with a status instead, quickly; what the library writes it reads back at the limits;
 * capacities of SIZE_MAX (refused alike by both sampling calls); names containing NUL (only JSON can carry one into C); and removing a
 * layer from a large, deep scene.
 *
 * Timings are printed for the record ("time: ..."), never asserted: the machine may be slow.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <time.h>

#include "gf_test.h"

#define SENTINEL_SCENE ((gf_scene *)(void *)gf_test_sentinel_storage)
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Whether the test runs under valgrind (its preloaded core is in LD_PRELOAD): the two checks that
   need millions of animations or 64 MiB of JSON then run in the plain run only, where they take a
   second, not minutes; every code path they cover is still exercised under valgrind at a smaller
   size by the other tests. */
static int under_valgrind(void) {
    const char *preload = getenv("LD_PRELOAD");
    return preload != NULL && strstr(preload, "vgpreload") != NULL;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- a growable string ------------------------------------------------------------------------ */

typedef struct {
    char *text;
    size_t length, capacity;
} buffer;

static void append(buffer *b, const char *text) {
    size_t n = strlen(text);
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 1024;
        char *grown;
        while (b->length + n + 1 > capacity) capacity *= 2;
        grown = realloc(b->text, capacity);
        if (grown == NULL) {
            printf("out of memory building a test document\n");
            exit(2);
        }
        b->text = grown;
        b->capacity = capacity;
    }
    memcpy(b->text + b->length, text, n + 1);
    b->length += n;
}

/* A view tree whose root holds `count` labels of `lines` lines each. */
static buffer labels_json(int count, int lines) {
    buffer b = {0};
    char node[160];
    int i;
    append(&b, "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": [");
    for (i = 0; i < count; i++) {
        snprintf(node, sizeof node, "%s{\"type\": \"label\", \"frame\": [0, %d, 300, 40], \"lines\": %d}",
                 i ? ", " : "", i % 600, lines);
        append(&b, node);
    }
    append(&b, "]}}");
    return b;
}

/* ---- abort from valid-looking JSON ---------------------------------------------------------- */

static void test_extreme_collection_geometry(void) {
    /* itemSize, spacing and insets near 1e308: the column count used to be NaN and Int(NaN) trapped. */
    static const char json[] =
        "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
        "{\"id\": \"grid\", \"type\": \"collection\", \"frame\": [0, 0, 375, 667],"
        " \"sections\": [{\"cell\": \"tile\", \"itemSize\": [1e308, 1e308], \"spacing\": 1e308, \"insets\": 1e308}]}]},"
        " \"cells\": {\"tile\": {\"size\": [100, 100], \"children\": [{\"frame\": [10, 10, 80, 80]}]}}}";
    gf_scene *scene = SENTINEL_SCENE;
    CHECK_FAIL(gf_skeleton_from_json(json, strlen(json), &scene), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "sections[0]") != NULL);
    CHECK(strstr(gf_last_error_message(), "itemSize.width + spacing.width") != NULL);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
}

/* ---- work derived from the input ------------------------------------------------------------ */

static void expect_limit_quickly(int count, int lines) {
    buffer json = labels_json(count, lines);
    gf_scene *scene = SENTINEL_SCENE;
    double start = now();
    CHECK_FAIL(gf_skeleton_from_json(json.text, json.length, &scene), GF_E_LIMIT);
    printf("time: %d labels x %d lines (%zu bytes of JSON) -> GF_E_LIMIT in %.3f s\n", count, lines, json.length,
           now() - start);
    CHECK(strstr(gf_last_error_message(), "layers") != NULL);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    free(json.text);
}

static void test_lines_are_counted_first(void) {
    expect_limit_quickly(1000, 10000); /* 10,000,002 layers: used to take 21 s and 6.5 GB */
    expect_limit_quickly(5000, 10000); /* 50,000,002 layers: used to abort on a 12.8 GB allocation */
}

static void test_list_cells_are_counted(void) {
    /* 50 sections of 1,000,000 rows 1e-9 high, all in view, of an empty template. */
    buffer b = {0};
    gf_scene *scene = SENTINEL_SCENE;
    double start;
    int s;
    append(&b, "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
               "{\"id\": \"feed\", \"type\": \"table\", \"frame\": [0, 0, 375, 667], \"sections\": [");
    for (s = 0; s < 50; s++) append(&b, s ? ", {\"cell\": \"e\", \"rowHeight\": 1e-9, \"rows\": 1000000}"
                                          : "{\"cell\": \"e\", \"rowHeight\": 1e-9, \"rows\": 1000000}");
    append(&b, "]}]}, \"cells\": {\"e\": {\"size\": [375, 1]}}}");
    start = now();
    CHECK_FAIL(gf_skeleton_from_json(b.text, b.length, &scene), GF_E_LIMIT);
    printf("time: 50 sections x 1,000,000 empty rows -> GF_E_LIMIT in %.3f s\n", now() - start);
    CHECK(strstr(gf_last_error_message(), "cells") != NULL);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    free(b.text);
}

static gf_timing *second_timing(void) {
    gf_timing_params p;
    gf_timing *timing = NULL;
    gf_timing_params_init(&p);
    p.duration = 1;
    p.fill = GF_FILL_FORWARDS;
    CHECK_OK(gf_timing_create(&p, &timing));
    return timing;
}

static gf_status add_plain_layer(gf_scene *scene, const char *id, const char *parent) {
    gf_layer_desc d;
    gf_layer_desc_init(&d);
    d.id = id;
    d.parent = parent;
    d.width = 10;
    d.height = 10;
    return gf_scene_add_layer(scene, &d, NULL);
}

static void test_track_limit(void) {
    gf_scene *scene = NULL;
    if (under_valgrind()) {
        printf("test_track_limit: skipped under valgrind (4,000,000 tracks)\n");
        return;
    }
    gf_timing *timing = second_timing();
    gf_animation *leaf = NULL, *group = NULL;
    const double from = 0, to = 1;
    uint64_t id = 0;
    int i, added = 0;
    CHECK_OK(gf_scene_create(&scene));
    CHECK_OK(add_plain_layer(scene, "a", NULL));
    CHECK_OK(gf_animation_create_basic("opacity", timing, &leaf));
    CHECK_OK(gf_animation_set_values(leaf, GF_VALUE_FROM, &from, 1));
    CHECK_OK(gf_animation_set_values(leaf, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_animation_create_group(timing, &group));
    for (i = 0; i < GF_MAX_GROUP_CHILDREN; i++)
        if (gf_animation_add_child(group, leaf) != GF_OK) break;
    CHECK_EQ_INT(i, GF_MAX_GROUP_CHILDREN);
    CHECK_FAIL(gf_animation_add_child(group, leaf), GF_E_LIMIT); /* one child too many */
    /* 40 attachments of 100,000 tracks: exactly GF_MAX_ANIMATION_TRACKS. */
    for (i = 0; i < GF_MAX_ANIMATION_TRACKS / GF_MAX_GROUP_CHILDREN; i++)
        if (gf_scene_add_animation(scene, "a", group, NULL, &id) == GF_OK) added++;
    CHECK_EQ_INT(added, GF_MAX_ANIMATION_TRACKS / GF_MAX_GROUP_CHILDREN);
    id = 12345;
    CHECK_FAIL(gf_scene_add_animation(scene, "a", leaf, NULL, &id), GF_E_LIMIT);
    CHECK_EQ_INT(id, 12345); /* untouched */
    CHECK(strstr(gf_last_error_message(), "tracks") != NULL);
    gf_animation_free(group);
    gf_animation_free(leaf);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

static void test_custom_slot_limit(void) {
    gf_scene *scene = NULL;
    char id[32], name[32];
    int i, ok = 0;
    CHECK_OK(gf_scene_create(&scene));
    /* 4,096 layers x 4,096 names = GF_MAX_CUSTOM_SLOTS. */
    for (i = 0; i < 4096; i++) {
        snprintf(id, sizeof id, "L%d", i);
        snprintf(name, sizeof name, "n%d", i);
        if (add_plain_layer(scene, id, NULL) == GF_OK && gf_scene_set_custom(scene, id, name, 1) == GF_OK) ok++;
    }
    CHECK_EQ_INT(ok, 4096);
    CHECK_FAIL(add_plain_layer(scene, "one more", NULL), GF_E_LIMIT);
    CHECK_FAIL(gf_scene_set_custom(scene, "L0", "a new name", 1), GF_E_LIMIT);
    CHECK_OK(gf_scene_set_custom(scene, "L0", "n1", 1)); /* a name in use adds no slot */
    CHECK_OK(gf_scene_remove_layer(scene, "L4095"));       /* frees a layer and its name */
    CHECK_OK(add_plain_layer(scene, "one more", NULL));
    gf_scene_free(scene);
}

/* ---- round trips at the limits ------------------------------------------------------------- */

static void test_curve_spec_round_trip(void) {
    /* 7 KB in: 3,500 stops without inputs; the canonical spec spells every percentage (over 70 KB). */
    buffer b = {0};
    gf_curve *curve = NULL, *again = NULL;
    char *spec = NULL, *spec_again = NULL;
    int i;
    append(&b, "linear(");
    for (i = 0; i < 3499; i++) append(&b, "0,");
    append(&b, "1)");
    CHECK_OK(gf_curve_parse(b.text, &curve));
    CHECK_OK(gf_curve_spec(curve, &spec));
    CHECK(spec != NULL && strlen(spec) > 10 * b.length);
    CHECK(spec != NULL && strlen(spec) <= GF_MAX_CURVE_SPEC_BYTES);
    CHECK_OK(gf_curve_parse(spec, &again)); /* refused with the old 64 KiB parser limit */
    CHECK_OK(gf_curve_spec(again, &spec_again));
    CHECK(spec && spec_again && strcmp(spec, spec_again) == 0);
    gf_string_free(spec);
    gf_string_free(spec_again);
    gf_curve_free(curve);
    gf_curve_free(again);
    free(b.text);

    /* The longest canonical spec: GF_MAX_LINEAR_POINTS points of 24-character numbers, 520,006 bytes. */
    memset(&b, 0, sizeof b);
    append(&b, "linear(");
    for (i = 0; i < GF_MAX_LINEAR_POINTS; i++)
        append(&b, i ? ", -2.2250738585072014e-308 -2.2250738585072014e-308%" : "-2.2250738585072014e-308 -2.2250738585072014e-308%");
    append(&b, ")");
    CHECK_EQ_INT(b.length, 520006);
    curve = NULL;
    spec = NULL;
    again = NULL;
    CHECK_OK(gf_curve_parse(b.text, &curve));
    CHECK_OK(gf_curve_spec(curve, &spec));
    CHECK(spec != NULL && strcmp(spec, b.text) == 0);
    CHECK_OK(gf_curve_parse_n(spec, strlen(spec), &again));
    gf_string_free(spec);
    gf_curve_free(curve);
    gf_curve_free(again);
    free(b.text);
}

/* A scene document with one layer and an animation: groups nested `depth` deep around a basic one. */
static buffer nested_groups_json(int depth) {
    buffer b = {0};
    int i;
    append(&b, "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\"}], \"animations\": [{\"layer\": \"a\", ");
    for (i = 0; i < depth; i++) append(&b, "\"type\": \"group\", \"timing\": {\"duration\": 1}, \"animations\": [{");
    append(&b, "\"type\": \"basic\", \"keyPath\": \"opacity\", \"to\": 0, \"timing\": {\"duration\": 1}");
    for (i = 0; i < depth; i++) append(&b, "}]");
    append(&b, "}]}");
    return b;
}

static void test_scene_json_round_trip(void) {
    buffer deepest = nested_groups_json(GF_MAX_GROUP_DEPTH), deeper = nested_groups_json(GF_MAX_GROUP_DEPTH + 1);
    gf_scene *scene = NULL, *again = NULL, *refused = SENTINEL_SCENE;
    char *json = NULL, *json_again = NULL;
    CHECK_OK(gf_scene_load_json(deepest.text, deepest.length, &scene));
    CHECK_OK(gf_scene_to_json(scene, &json));
    CHECK(json != NULL);
    if (json) CHECK_OK(gf_scene_load_json(json, strlen(json), &again));
    if (again) CHECK_OK(gf_scene_to_json(again, &json_again));
    CHECK(json && json_again && strcmp(json, json_again) == 0);
    CHECK_FAIL(gf_scene_load_json(deeper.text, deeper.length, &refused), GF_E_LIMIT);
    CHECK(strstr(gf_last_error_message(), "deep") != NULL);
    CHECK_UNTOUCHED_PTR(refused, SENTINEL_SCENE);
    gf_string_free(json);
    gf_string_free(json_again);
    gf_scene_free(scene);
    gf_scene_free(again);
    free(deepest.text);
    free(deeper.text);
}

static void test_scene_json_size_limit(void) {
    /* Layers with 1 MiB ids: 32 of them (each naming the one before as its parent) write 63 MiB, which
       reads back; a 33rd takes the text past GF_MAX_TEXT_BYTES, so gf_scene_to_json refuses it. */
    const size_t megabyte = (size_t)1 << 20;
    char *ids[33];
    gf_scene *scene = NULL, *loaded = NULL;
    char *json = NULL, *untouched = SENTINEL_STRING;
    size_t count = 0;
    int i;
    if (under_valgrind()) {
        printf("test_scene_json_size_limit: skipped under valgrind (64 MiB of JSON)\n");
        return;
    }
    CHECK_OK(gf_scene_create(&scene));
    for (i = 0; i < 33; i++) {
        ids[i] = malloc(megabyte + 16);
        if (ids[i] == NULL) {
            printf("out of memory\n");
            exit(2);
        }
        memset(ids[i], 'x', megabyte);
        snprintf(ids[i] + megabyte, 16, "%d", i);
    }
    for (i = 0; i < 32; i++) CHECK_OK(add_plain_layer(scene, ids[i], i ? ids[i - 1] : NULL));
    CHECK_OK(gf_scene_to_json(scene, &json));
    CHECK(json != NULL && strlen(json) > ((size_t)63 << 20) && strlen(json) <= GF_MAX_TEXT_BYTES);
    if (json) CHECK_OK(gf_scene_load_json(json, strlen(json), &loaded));
    if (loaded) CHECK_OK(gf_scene_layer_count(loaded, &count));
    CHECK_EQ_INT(count, 32);
    CHECK_OK(add_plain_layer(scene, ids[32], ids[31]));
    CHECK_FAIL(gf_scene_to_json(scene, &untouched), GF_E_LIMIT);
    CHECK(untouched == SENTINEL_STRING);
    CHECK(strstr(gf_last_error_message(), "bytes") != NULL);
    gf_string_free(json);
    gf_scene_free(loaded);
    gf_scene_free(scene);
    for (i = 0; i < 33; i++) free(ids[i]);
}

/* ---- capacity and names ----------------------------------------------------------------------- */

static void test_capacity_size_max(void) {
    gf_scene *scene = NULL;
    gf_layer_state states[3];
    double values[3] = {-1, -1, -1};
    const size_t largest_states = (size_t)PTRDIFF_MAX / sizeof(gf_layer_state);
    const size_t largest_values = (size_t)PTRDIFF_MAX / sizeof(double);
    size_t count = 0;
    CHECK_OK(gf_scene_create(&scene));
    CHECK_OK(add_plain_layer(scene, "a", NULL));
    CHECK_OK(add_plain_layer(scene, "b", "a"));
    CHECK_OK(gf_scene_set_custom(scene, "b", "p", 7));
    /* Both answer SIZE_MAX the same way: no buffer is that large, so it is a bad argument, and
       nothing is written (it used to be GF_E_INVALID_ARGUMENT for one, GF_E_BUFFER_TOO_SMALL with
       a count for the other). */
    memset(states, SENTINEL_BYTE, sizeof states);
    count = 12345;
    CHECK_FAIL(gf_scene_sample(scene, 0, states, SIZE_MAX, &count), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(count, 12345);
    CHECK_UNTOUCHED_BYTES(states, sizeof states);
    CHECK_FAIL(gf_scene_sample_custom(scene, "p", 0, values, SIZE_MAX, &count), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(count, 12345);
    CHECK(values[0] == -1 && values[1] == -1 && values[2] == -1);
    /* The first capacity whose byte size overflows is refused; the one below it is room enough, and
       exactly the layer count is written. */
    CHECK_FAIL(gf_scene_sample(scene, 0, states, largest_states + 1, &count), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scene_sample_custom(scene, "p", 0, values, largest_values + 1, &count), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(count, 12345);
    CHECK_OK(gf_scene_sample(scene, 0, states, largest_states, &count));
    CHECK_EQ_INT(count, 2);
    CHECK(gf_test_all_bytes(&states[2], sizeof states[2])); /* nothing past the count */
    count = 0;
    CHECK_OK(gf_scene_sample_custom(scene, "p", 0, values, largest_values, &count));
    CHECK_EQ_INT(count, 2);
    CHECK(values[0] == 0 && values[1] == 7 && values[2] == -1);
    /* And one too small, the same way too. */
    count = 0;
    CHECK_FAIL(gf_scene_sample(scene, 0, states, 1, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 2);
    count = 0;
    CHECK_FAIL(gf_scene_sample_custom(scene, "p", 0, values, 1, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 2);
    gf_scene_free(scene);
}

static void test_nul_in_names(void) {
    static const char *scenes[] = {
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\\u0000b\"}]}",
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\"}, {\"id\": \"b\", \"parent\": \"a\\u0000\"}]}",
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\", \"custom\": {\"p\\u0000\": 1}}]}",
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\"}], \"animations\": [{\"layer\": \"a\","
        " \"key\": \"k\\u0000\", \"type\": \"basic\", \"keyPath\": \"opacity\", \"to\": 0, \"timing\": {\"duration\": 1}}]}",
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\"}], \"animations\": [{\"layer\": \"a\","
        " \"type\": \"basic\", \"keyPath\": \"custom.p\\u0000q\", \"to\": 0, \"timing\": {\"duration\": 1}}]}",
    };
    static const char tree[] =
        "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
        "{\"id\": \"na\\u0000me\", \"type\": \"label\", \"frame\": [0, 0, 100, 20]}]}}";
    size_t i;
    for (i = 0; i < COUNT_OF(scenes); i++) {
        gf_scene *scene = SENTINEL_SCENE;
        CHECK_FAIL(gf_scene_load_json(scenes[i], strlen(scenes[i]), &scene), GF_E_INVALID_ARGUMENT);
        CHECK(strstr(gf_last_error_message(), "NUL") != NULL);
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
    {
        gf_scene *scene = SENTINEL_SCENE;
        CHECK_FAIL(gf_skeleton_from_json(tree, strlen(tree), &scene), GF_E_INVALID_ARGUMENT);
        CHECK(strstr(gf_last_error_message(), "root.children[0].id") != NULL);
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
}

/* ---- removal ------------------------------------------------------------------------------------ */

static void test_remove_from_a_deep_scene(void) {
    /* 200,000 layers in chains 256 deep; the old removal walked every layer's ancestors. */
    enum { DEPTH = 256 };
    const int CHAINS = under_valgrind() ? 79 : 781; /* 20,224 or 199,936 layers */
    gf_scene *scene = NULL;
    char id[32], parent[32];
    size_t count = 0;
    uint32_t index = 0;
    int c, d, ok = 1;
    double start;
    CHECK_OK(gf_scene_create(&scene));
    for (c = 0; c < CHAINS; c++) {
        for (d = 0; d < DEPTH; d++) {
            snprintf(id, sizeof id, "%d-%d", c, d);
            snprintf(parent, sizeof parent, "%d-%d", c, d - 1);
            if (add_plain_layer(scene, id, d ? parent : NULL) != GF_OK) ok = 0;
        }
    }
    CHECK(ok);
    start = now();
    CHECK_OK(gf_scene_remove_layer(scene, "0-0")); /* the first chain: every later layer moves */
    printf("time: removing a 256-deep chain from %d layers took %.3f s\n", CHAINS * DEPTH, now() - start);
    CHECK_OK(gf_scene_layer_count(scene, &count));
    CHECK_EQ_INT(count, (CHAINS - 1) * DEPTH);
    CHECK_OK(gf_scene_layer_index(scene, "1-0", &index));
    CHECK_EQ_INT(index, 0);
    snprintf(id, sizeof id, "%d-255", CHAINS - 1);
    CHECK_OK(gf_scene_layer_index(scene, id, &index));
    CHECK_EQ_INT(index, (CHAINS - 1) * DEPTH - 1);
    CHECK_FAIL(gf_scene_layer_index(scene, "0-255", &index), GF_E_NOT_FOUND);
    start = now();
    snprintf(id, sizeof id, "%d-128", CHAINS / 2);
    CHECK_OK(gf_scene_remove_layer(scene, id)); /* half a chain from the middle */
    printf("time: removing 128 layers from the middle of %d took %.3f s\n", (CHAINS - 1) * DEPTH, now() - start);
    CHECK_OK(gf_scene_layer_count(scene, &count));
    CHECK_EQ_INT(count, (CHAINS - 1) * DEPTH - 128);
    gf_scene_free(scene);
}

int main(void) {
    RUN(test_extreme_collection_geometry);
    RUN(test_lines_are_counted_first);
    RUN(test_list_cells_are_counted);
    RUN(test_track_limit);
    RUN(test_custom_slot_limit);
    RUN(test_curve_spec_round_trip);
    RUN(test_scene_json_round_trip);
    RUN(test_scene_json_size_limit);
    RUN(test_capacity_size_max);
    RUN(test_nul_in_names);
    RUN(test_remove_from_a_deep_scene);
    return gf_test_summary();
}
