/*
 * Resource budgets: for every documented limit, the largest legal input and one just over it, each
 * run in a child process limited to 1 GiB of address space and 5 s of CPU (gf_child.h). (The cap
 * was 1.5 GiB, then 1.125 GiB, while a million layers from JSON and the largest timeline cases
 * outgrew 1 GiB; since the rarely set layer properties moved into one box and timeline
 * placements share their definitions, every case passes under 900 MiB.) The legal
 * input must be accepted (GF_OK, and usable: sampled or generated) and the one over refused with
 * the documented status (GF_E_LIMIT, or GF_E_INVALID_ARGUMENT where the documentation says so), both
 * inside the budget: a limit the library cannot afford is no limit.
 *
 * The limits and where they are documented:
 *   GF_MAX_TEXT_BYTES (64 MiB) of text ................................... Include/ghostframe.h
 *   64 KiB curve spec, 10,000 linear() stops, steps() count < 2^31 ........ Curve+Parsing.swift, docs/c-api.md
 *   4,096-byte contents name ............................................... ghostframe.h, docs/scene-format.md
 *   1,000,000 layers, 256 levels ........................................... ghostframe.h, docs/scene-format.md
 *   100,000 animations in one group tree ................................... ghostframe.h, docs/scene-format.md
 *   JSON: 128 levels (scenes), 256 (view trees), 10,000,000 values ......... docs/scene-format.md, view-tree-format.md
 *   4 gradient stops ....................................................... docs/scene-format.md
 *   64 view levels, 100,000 nodes, 1,000 templates, 10,000 label lines,
 *   1,000,000 rows or items, 16 nested lists, 1,000,000 bones .............. docs/view-tree-format.md
 *   1,000,000 layout items (gf_view_tree_layout) ...................... Include/ghostframe.h, view-tree-format.md
 *   10,000 adjust lines of 10,000 characters, lines(n) n <= 1,000,
 *   2 to 4 gradient colours ................................................ docs/adjust-syntax.md
 *   2^24 doubles in one array argument (gf_animation_set_keyframes, ...) ... Validation.swift only
 *   timelines: 6,000,000 JSON values, 128 levels, 1,000,000 entries,
 *   1,000,000 applied animations (load, apply, sample, advance) ............ ghostframe.h, docs/timeline-format.md
 *
 * GF_BUDGET_CPU_SECONDS overrides the CPU budget (the sanitizer builds run slower); the address
 * space limit is not applied under ASan or TSan (see gf_child.h). Each line of the output gives
 * what the child used. Cases that fail today because of an open issue are marked (XFAIL).
 */
#define _GNU_SOURCE
#include <stdarg.h>

#include "gf_child.h"
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define MIB (1024u * 1024u)

/* ---- a growable text buffer ------------------------------------------------------------------ */

typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static void text_reserve(text *t, size_t more) {
    if (t->length + more + 1 <= t->capacity) return;
    while (t->length + more + 1 > t->capacity) t->capacity = t->capacity ? t->capacity * 2 : 4096;
    t->data = realloc(t->data, t->capacity);
    if (t->data == NULL) {
        printf("    out of memory building the input\n");
        _exit(3);
    }
}

static void put(text *t, const char *s) {
    size_t n = strlen(s);
    text_reserve(t, n);
    memcpy(t->data + t->length, s, n + 1);
    t->length += n;
}

static void putf(text *t, const char *format, ...) {
    char buf[512];
    va_list args;
    va_start(args, format);
    vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    put(t, buf);
}

static void put_repeated(text *t, const char *s, size_t times) {
    size_t n = strlen(s), i;
    text_reserve(t, n * times);
    for (i = 0; i < times; i++) memcpy(t->data + t->length + i * n, s, n);
    t->length += n * times;
    t->data[t->length] = '\0';
}

/* Pads with spaces (JSON whitespace) to exactly `size` bytes. */
static void pad_to(text *t, size_t size) {
    if (t->length < size) put_repeated(t, " ", size - t->length);
}

/* ---- checking statuses --------------------------------------------------------------------------- */

/* A word the message of the refusal a case expects must contain, so that a refusal for another
   reason does not pass for the limit (set by the case before it calls). */
static const char *want_message = NULL;

/* Whether `got` is `want` (and a failure's message names want_message); if not, says so. */
static int expect(const char *what, gf_status got, gf_status want) {
    const char *message = got == GF_OK ? "" : gf_last_error_message();
    if (got == want && (got == GF_OK || want_message == NULL || strstr(message, want_message) != NULL)) return 1;
    printf("    %s: got %s, want %s%s%s: %.300s\n", what, gf_status_string(got), gf_status_string(want),
           want_message && got != GF_OK ? " naming " : "", want_message && got != GF_OK ? want_message : "", message);
    return 0;
}

static int expect_count(const char *what, size_t got, size_t want) {
    if (got == want) return 1;
    printf("    %s: got %zu, want %zu\n", what, got, want);
    return 0;
}

/* The message the case's refusal must contain; returns the status to expect, for brevity. */
static gf_status refused(gf_status status, const char *word) {
    want_message = word;
    return status;
}

/* Samples every layer of a scene once (compiling it), the proof that an accepted scene is usable. */
/* Samples the scene once. Up to FULL_STATES layers it asks for every layer's state; past that, for
   one custom property of every layer, which compiles and runs the same sampler: a million full
   states are 344 MB of the host's own memory, not the library's, and the budget is the library's. */
#define FULL_STATES 262144
static int sample_once(gf_scene *scene) {
    size_t count = 0, written = 0;
    gf_layer_state *states;
    double *values;
    gf_status status;
    if (!expect("gf_scene_layer_count", gf_scene_layer_count(scene, &count), GF_OK)) return 0;
    if (count > FULL_STATES) {
        values = malloc(count * sizeof *values);
        if (values == NULL) {
            printf("    cannot allocate %zu custom values\n", count);
            return 0;
        }
        status = gf_scene_sample_custom(scene, "glow", 0.5, values, count, &written);
        free(values);
        return expect("gf_scene_sample_custom", status, GF_OK) && expect_count("layers sampled", written, count);
    }
    states = malloc((count ? count : 1) * sizeof *states);
    if (states == NULL) {
        printf("    cannot allocate %zu layer states\n", count);
        return 0;
    }
    status = gf_scene_sample(scene, 0.5, states, count, &written);
    free(states);
    return expect("gf_scene_sample", status, GF_OK);
}

static int load_scene(const text *json, gf_status want, int sample) {
    gf_scene *scene = NULL;
    gf_status status = gf_scene_load_json(json->data, json->length, &scene);
    int ok = expect("gf_scene_load_json", status, want);
    if (ok && status == GF_OK && sample) ok = sample_once(scene);
    gf_scene_free(scene);
    return ok;
}

static int skeleton_from(const text *json, gf_status want) {
    gf_scene *scene = NULL;
    gf_status status = gf_skeleton_from_json(json->data, json->length, &scene);
    int ok = expect("gf_skeleton_from_json", status, want);
    if (ok && status == GF_OK) ok = sample_once(scene);
    gf_scene_free(scene);
    return ok;
}

static const char *scene_head = "{\"format\": \"ghostframe-scene\", \"version\": 1, ";
static const char *tree_head = "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667]";

/* Each case gets its parameter (0: the largest legal input, 1: one over) through this. */
typedef struct param {
    int over;
} param;

#define OVER (((const param *)arg)->over)

/* ---- text ------------------------------------------------------------------------------------ */

static int text_scene(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s\"layers\": [{\"id\": \"a\"}]}", scene_head);
    pad_to(&t, (size_t)GF_MAX_TEXT_BYTES + (size_t)OVER);
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "longer than") : GF_OK, 1);
    free(t.data);
    return !ok;
}

static int text_tree(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s, \"children\": [{\"type\": \"label\", \"frame\": [0, 0, 100, 20]}]}}", tree_head);
    pad_to(&t, (size_t)GF_MAX_TEXT_BYTES + (size_t)OVER);
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "longer than") : GF_OK);
    free(t.data);
    return !ok;
}

/* The curve spec limit: GF_MAX_CURVE_SPEC_BYTES. */
static int text_curve(void *arg) {
    text t = {0};
    gf_curve *curve = NULL;
    int ok;
    put(&t, "ease");
    pad_to(&t, GF_MAX_CURVE_SPEC_BYTES + (size_t)OVER);
    ok = expect("gf_curve_parse_n", gf_curve_parse_n(t.data, t.length, &curve),
                OVER ? refused(GF_E_LIMIT, "exceeds the limit of 524288") : GF_OK);
    gf_curve_free(curve);
    free(t.data);
    return !ok;
}

static int contents_name(void *arg) {
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    text t = {0};
    int ok;
    gf_scene_create(&scene);
    gf_layer_desc_init(&desc);
    desc.id = "a";
    gf_scene_add_layer(scene, &desc, NULL);
    put_repeated(&t, "x", 4096 + (size_t)OVER);
    ok = expect("gf_scene_set_contents", gf_scene_set_contents(scene, "a", t.data),
                OVER ? refused(GF_E_INVALID_ARGUMENT, "4096") : GF_OK);
    if (ok && !OVER) ok = sample_once(scene);
    gf_scene_free(scene);
    free(t.data);
    return !ok;
}

/* ---- curves ------------------------------------------------------------------------------------ */

static int linear_stops(void *arg) {
    text t = {0};
    gf_curve *curve = NULL;
    size_t i, stops = 10000 + (size_t)OVER;
    int ok;
    put(&t, "linear(");
    for (i = 0; i < stops; i++) put(&t, i ? (i % 2 ? ", 0" : ", 1") : "1");
    put(&t, ")");
    ok = expect("gf_curve_parse", gf_curve_parse(t.data, &curve), OVER ? refused(GF_E_LIMIT, "10000") : GF_OK);
    if (ok && !OVER) {
        double y = 0;
        ok = expect("gf_curve_eval", gf_curve_eval(curve, 0.3, 0, &y), GF_OK);
    }
    gf_curve_free(curve);
    free(t.data);
    return !ok;
}

static int steps_count(void *arg) {
    gf_curve *curve = NULL;
    int ok = expect("gf_curve_parse", gf_curve_parse(OVER ? "steps(2147483648)" : "steps(2147483647)", &curve),
                    OVER ? refused(GF_E_INVALID_ARGUMENT, "steps") : GF_OK);
    if (ok && !OVER) {
        double y = 0;
        ok = expect("gf_curve_eval", gf_curve_eval(curve, 0.5, 0, &y), GF_OK);
    }
    gf_curve_free(curve);
    return !ok;
}

/* ---- scenes ------------------------------------------------------------------------------------ */

/* 1,000,000 layers through gf_scene_add_layer (flat under one root), then one more. The scene is
   compiled and sampled through gf_scene_sample_custom: the library needs about 700 bytes a layer
   (the model and its compiled sampler), and a host's gf_scene_sample buffer 344 more, which with
   1,000,000 layers is the host's own 344 MB, not the library's. */
static int layer_count(void *unused) {
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    char id[32];
    uint32_t i;
    int ok = 1;
    (void)unused;
    gf_scene_create(&scene);
    gf_layer_desc_init(&desc);
    desc.width = 10;
    desc.height = 10;
    desc.id = "root";
    gf_scene_add_layer(scene, &desc, NULL);
    desc.parent = "root";
    desc.id = id;
    for (i = 1; ok && i < 1000000; i++) {
        sprintf(id, "l%u", (unsigned)i);
        ok = expect("gf_scene_add_layer", gf_scene_add_layer(scene, &desc, NULL), GF_OK);
    }
    if (ok) {
        size_t written = 0;
        double *values = malloc(1000000 * sizeof *values);
        ok = values != NULL &&
             expect("gf_scene_sample_custom", gf_scene_sample_custom(scene, "glow", 0.5, values, 1000000, &written), GF_OK);
        free(values);
    }
    if (ok) {
        sprintf(id, "one-more");
        ok = expect("gf_scene_add_layer (1,000,001st)", gf_scene_add_layer(scene, &desc, NULL), refused(GF_E_LIMIT, "1000000"));
    }
    gf_scene_free(scene);
    return !ok;
}

/* A chain of 256 levels through gf_scene_add_layer, then a 257th. */
static int layer_depth(void *unused) {
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    char id[32], parent[32];
    int i, ok = 1;
    (void)unused;
    gf_scene_create(&scene);
    gf_layer_desc_init(&desc);
    desc.id = id;
    for (i = 0; ok && i < 257; i++) {
        sprintf(id, "l%d", i);
        sprintf(parent, "l%d", i - 1);
        desc.parent = i ? parent : NULL;
        ok = expect(i < 256 ? "gf_scene_add_layer" : "gf_scene_add_layer (level 257)",
                    gf_scene_add_layer(scene, &desc, NULL), i < 256 ? GF_OK : refused(GF_E_LIMIT, "256"));
        if (ok && i == 255) ok = sample_once(scene);
    }
    gf_scene_free(scene);
    return !ok;
}

/* The same through JSON. */
static int layer_depth_json(void *arg) {
    text t = {0};
    int i, ok, levels = 256 + OVER;
    putf(&t, "%s\"layers\": [", scene_head);
    for (i = 0; i < levels; i++) {
        if (i) putf(&t, ", {\"id\": \"l%d\", \"parent\": \"l%d\"}", i, i - 1);
        else put(&t, "{\"id\": \"l0\"}");
    }
    put(&t, "]}");
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "256") : GF_OK, 1);
    free(t.data);
    return !ok;
}

/* A group tree of 100,000 animations under the group (Animation.maximumGroupChildren counts the
   children, nested groups' included, not the group), then one more child. */
static int group_tree(void *unused) {
    gf_timing_params params;
    gf_timing *timing = NULL;
    gf_animation *group = NULL, *child = NULL;
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    double to = 1;
    int i, ok = 1;
    (void)unused;
    gf_timing_params_init(&params);
    params.duration = 1;
    gf_timing_create(&params, &timing);
    gf_animation_create_group(timing, &group);
    gf_animation_create_basic("opacity", timing, &child);
    gf_animation_set_values(child, GF_VALUE_TO, &to, 1);
    for (i = 0; ok && i < 100000; i++) ok = expect("gf_animation_add_child", gf_animation_add_child(group, child), GF_OK);
    if (ok) {
        gf_scene_create(&scene);
        gf_layer_desc_init(&desc);
        desc.id = "a";
        gf_scene_add_layer(scene, &desc, NULL);
        ok = expect("gf_scene_add_animation", gf_scene_add_animation(scene, "a", group, NULL, NULL), GF_OK) &&
             sample_once(scene);
    }
    if (ok) ok = expect("gf_animation_add_child (100,001st)", gf_animation_add_child(group, child), refused(GF_E_LIMIT, "100000"));
    gf_scene_free(scene);
    gf_animation_free(child);
    gf_animation_free(group);
    gf_timing_free(timing);
    return !ok;
}

/* JSON nesting of 128 levels: 62 nested groups put the innermost timing object at level
   2 x 62 + 4 = 128; keyframe values of 2 components there put their arrays at 129. The reader takes
   128 levels, and the scene then refuses groups nested past GF_MAX_GROUP_DEPTH (32); 129 levels are
   refused by the reader itself. */
static int json_depth_scene(void *arg) {
    text t = {0};
    int i, ok;
    putf(&t, "%s\"layers\": [{\"id\": \"a\"}], \"animations\": [", scene_head);
    for (i = 0; i < 62; i++)
        putf(&t, "{%s\"type\": \"group\", \"timing\": {\"duration\": 1}, \"animations\": [", i ? "" : "\"layer\": \"a\", ");
    if (OVER)
        put(&t, "{\"type\": \"keyframes\", \"keyPath\": \"position\", \"values\": [[0, 0], [1, 1]], "
                "\"timing\": {\"duration\": 1}}");
    else
        put(&t, "{\"type\": \"basic\", \"keyPath\": \"opacity\", \"to\": 0, \"timing\": {\"duration\": 1}}");
    for (i = 0; i < 62; i++) put(&t, "]}");
    put(&t, "]}");
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "128 levels") : refused(GF_E_LIMIT, "groups nest more than 32 deep"), 1);
    free(t.data);
    return !ok;
}

/* 10,000,000 JSON values: 14 in the document around one keyframe animation's values, the rest in
   its values (every scalar, array and object counts, keys do not). */
static int json_values(void *arg) {
    text t = {0};
    size_t values = 10000000 - 14 + (size_t)OVER;
    int ok;
    putf(&t, "%s\"layers\": [{\"id\": \"a\"}], \"animations\": [{\"layer\": \"a\", \"type\": \"keyframes\", "
             "\"keyPath\": \"opacity\", \"timing\": {\"duration\": 1}, \"values\": [0",
         scene_head);
    put_repeated(&t, ",0", values - 1);
    put(&t, "]}]}");
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "10000000 values") : GF_OK, 1);
    free(t.data);
    return !ok;
}

/* 10,000,000 values in the shape that costs the reader most per value: one-member objects (the
   object and its number), in a member the scene format does not know, so the whole document is
   read before it is refused. */
static int json_values_objects(void *arg) {
    /* 5 values around them (the document, format, version, and the two arrays), 4,999,997
       objects of 2, and one number: 10,000,000; one more number is over. */
    text t = {0};
    int ok;
    putf(&t, "%s\"layers\": [], \"unknown\": [", scene_head);
    put_repeated(&t, "{\"a\":0},", 4999997);
    put(&t, OVER ? "0,0]}" : "0]}");
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "10000000 values") : refused(GF_E_INVALID_ARGUMENT, "unknown key"), 0);
    free(t.data);
    return !ok;
}

/* The largest scene JSON by layers: 1,000,000 layers of one member each (2,000,000 values). */
static int json_layers(void *arg) {
    text t = {0};
    size_t i, count = 1000000 + (size_t)OVER;
    int ok;
    putf(&t, "%s\"layers\": [", scene_head);
    for (i = 0; i < count; i++) putf(&t, i ? ",{\"id\":\"l%zu\"}" : "{\"id\":\"l%zu\"}", i);
    put(&t, "]}");
    ok = load_scene(&t, OVER ? refused(GF_E_LIMIT, "1000000 layers") : GF_OK, 1);
    free(t.data);
    return !ok;
}

/* The limit counts the whole tree: a group of 60,000 children and a nested group of 50,000 passes
   gf_animation_add_child (each group holds fewer than 100,000) but not gf_scene_add_animation. */
static int group_tree_nested(void *unused) {
    gf_timing_params params;
    gf_timing *timing = NULL;
    gf_animation *outer = NULL, *inner = NULL, *child = NULL;
    gf_scene *scene = NULL;
    gf_layer_desc desc;
    double to = 1;
    int i, ok = 1;
    (void)unused;
    gf_timing_params_init(&params);
    params.duration = 1;
    gf_timing_create(&params, &timing);
    gf_animation_create_group(timing, &outer);
    gf_animation_create_group(timing, &inner);
    gf_animation_create_basic("opacity", timing, &child);
    gf_animation_set_values(child, GF_VALUE_TO, &to, 1);
    for (i = 0; ok && i < 50000; i++) ok = expect("gf_animation_add_child", gf_animation_add_child(inner, child), GF_OK);
    for (i = 0; ok && i < 60000; i++) ok = expect("gf_animation_add_child", gf_animation_add_child(outer, child), GF_OK);
    ok = ok && expect("gf_animation_add_child (the nested group)", gf_animation_add_child(outer, inner), GF_OK);
    if (ok) {
        gf_scene_create(&scene);
        gf_layer_desc_init(&desc);
        desc.id = "a";
        gf_scene_add_layer(scene, &desc, NULL);
        ok = expect("gf_scene_add_animation (110,001 in the tree)", gf_scene_add_animation(scene, "a", outer, NULL, NULL),
                    refused(GF_E_LIMIT, "100000"));
    }
    gf_scene_free(scene);
    gf_animation_free(child);
    gf_animation_free(inner);
    gf_animation_free(outer);
    gf_timing_free(timing);
    return !ok;
}

static int gradient_stops(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s\"layers\": [{\"id\": \"a\", \"gradient\": {\"colors\": [\"#FFF\", \"#000\", \"#FFF\", \"#000\"%s]}}]}",
         scene_head, OVER ? ", \"#FFF\"" : "");
    ok = load_scene(&t, OVER ? refused(GF_E_INVALID_ARGUMENT, "at most 4") : GF_OK, 1);
    free(t.data);
    return !ok;
}

/* The keyframe values one call takes: 2^24 doubles (Validation.swift; not yet documented). */
static int keyframe_values(void *arg) {
    gf_timing_params params;
    gf_timing *timing = NULL;
    gf_animation *animation = NULL;
    size_t count = ((size_t)1 << 24) + (size_t)OVER;
    double *values = calloc(count, sizeof *values);
    int ok;
    if (values == NULL) return 3;
    gf_timing_params_init(&params);
    params.duration = 1;
    gf_timing_create(&params, &timing);
    gf_animation_create_keyframes("opacity", timing, &animation);
    ok = expect("gf_animation_set_keyframes", gf_animation_set_keyframes(animation, values, count, NULL, 0),
                OVER ? refused(GF_E_LIMIT, "limit") : GF_OK);
    free(values);
    if (ok && !OVER) {
        gf_scene *scene = NULL;
        gf_layer_desc desc;
        gf_scene_create(&scene);
        gf_layer_desc_init(&desc);
        desc.id = "a";
        gf_scene_add_layer(scene, &desc, NULL);
        ok = expect("gf_scene_add_animation", gf_scene_add_animation(scene, "a", animation, NULL, NULL), GF_OK) &&
             sample_once(scene);
        gf_scene_free(scene);
    }
    gf_animation_free(animation);
    gf_timing_free(timing);
    return !ok;
}

/* ---- view trees ------------------------------------------------------------------------------ */

static int view_levels(void *arg) {
    text t = {0};
    int i, levels = 64 + OVER, ok;
    put(&t, "{\"viewport\": [375, 667], \"root\": ");
    for (i = 1; i < levels; i++) put(&t, "{\"frame\": [0, 0, 10, 10], \"children\": [");
    put(&t, "{\"type\": \"label\", \"frame\": [0, 0, 10, 10]}");
    for (i = 1; i < levels; i++) put(&t, "]}");
    put(&t, "}");
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "64 levels") : GF_OK);
    free(t.data);
    return !ok;
}

/* 100,000 nodes: the root and 99,999 labels. */
static int node_count(void *arg) {
    text t = {0};
    size_t i, labels = 99999 + (size_t)OVER;
    int ok;
    putf(&t, "%s, \"children\": [", tree_head);
    for (i = 0; i < labels; i++) put(&t, i ? ", {\"type\": \"label\", \"frame\": [0, 0, 10, 10]}"
                                           : "{\"type\": \"label\", \"frame\": [0, 0, 10, 10]}");
    put(&t, "]}}");
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "100,000 nodes") : GF_OK);
    free(t.data);
    return !ok;
}

/* The same through the builder: 100,000 nodes accepted, the next refused. */
static int node_count_builder(void *unused) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    gf_scene *scene = NULL;
    uint32_t root = 0, i;
    int ok;
    (void)unused;
    gf_view_tree_create(375, 667, &tree);
    gf_view_node_desc_init(&desc);
    desc.width = 375;
    desc.height = 667;
    ok = expect("gf_view_tree_set_root", gf_view_tree_set_root(tree, &desc, &root), GF_OK);
    desc.kind = GF_VIEW_LABEL;
    desc.width = 10;
    desc.height = 10;
    for (i = 1; ok && i < 100000; i++) ok = expect("gf_view_tree_add_node", gf_view_tree_add_node(tree, root, &desc, NULL), GF_OK);
    if (ok) {
        ok = expect("gf_skeleton_generate", gf_skeleton_generate(tree, &scene), GF_OK) && sample_once(scene);
        gf_scene_free(scene);
    }
    if (ok) ok = expect("gf_view_tree_add_node (100,001st)", gf_view_tree_add_node(tree, root, &desc, NULL), refused(GF_E_LIMIT, "100000"));
    gf_view_tree_free(tree);
    return !ok;
}

/* 100,000 nodes with a cell template holding some of them, read by gf_view_tree_load_json and
   generated: the builder used to count the template itself as a node and refuse what
   gf_skeleton_from_json accepts. */
static int node_count_with_template(void *unused) {
    text t = {0};
    gf_view_tree *tree = NULL;
    gf_scene *scene = NULL;
    size_t i;
    int ok;
    (void)unused;
    putf(&t, "%s, \"children\": [", tree_head);
    for (i = 0; i < 99989; i++) put(&t, i ? ", {\"type\": \"label\", \"frame\": [0, 0, 10, 10]}"
                                          : "{\"type\": \"label\", \"frame\": [0, 0, 10, 10]}");
    put(&t, "]}, \"cells\": {\"row\": {\"size\": [375, 40], \"children\": [");
    for (i = 0; i < 10; i++) put(&t, i ? ", {\"type\": \"label\", \"frame\": [0, 0, 10, 10]}"
                                       : "{\"type\": \"label\", \"frame\": [0, 0, 10, 10]}");
    put(&t, "]}, \"empty\": {\"size\": [375, 40]}}}");
    ok = expect("gf_view_tree_load_json", gf_view_tree_load_json(t.data, t.length, &tree), GF_OK) &&
         expect("gf_skeleton_generate", gf_skeleton_generate(tree, &scene), GF_OK) && sample_once(scene);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
    free(t.data);
    return !ok;
}

/* 1,000 templates through gf_view_tree_add_cell, then one more (the format's limit). */
static int cell_templates_builder(void *unused) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    gf_scene *scene = NULL;
    char name[32];
    uint32_t root = 0, content = 0;
    int i, ok;
    (void)unused;
    gf_view_tree_create(375, 667, &tree);
    gf_view_node_desc_init(&desc);
    desc.width = 375;
    desc.height = 667;
    ok = expect("gf_view_tree_set_root", gf_view_tree_set_root(tree, &desc, &root), GF_OK);
    desc.kind = GF_VIEW_LABEL;
    desc.width = 100;
    desc.height = 20;
    for (i = 0; ok && i < 1000; i++) {
        sprintf(name, "c%d", i);
        ok = expect("gf_view_tree_add_cell", gf_view_tree_add_cell(tree, name, 375, 40, &content), GF_OK) &&
             expect("gf_view_tree_add_node", gf_view_tree_add_node(tree, content, &desc, NULL), GF_OK);
    }
    if (ok) {
        ok = expect("gf_skeleton_generate", gf_skeleton_generate(tree, &scene), GF_OK) && sample_once(scene);
        gf_scene_free(scene);
    }
    if (ok) ok = expect("gf_view_tree_add_cell (1,001st)", gf_view_tree_add_cell(tree, "one-more", 375, 40, &content),
                        refused(GF_E_LIMIT, "1000 cell templates"));
    gf_view_tree_free(tree);
    return !ok;
}

static int cell_templates(void *arg) {
    text t = {0};
    int i, cells = 1000 + OVER, ok;
    putf(&t, "%s, \"children\": [{\"type\": \"table\", \"frame\": [0, 0, 375, 667], \"sections\": "
             "[{\"cell\": \"c0\", \"rows\": 3}]}]}, \"cells\": {",
         tree_head);
    for (i = 0; i < cells; i++)
        putf(&t, "%s\"c%d\": {\"size\": [375, 40], \"children\": [{\"type\": \"label\", \"frame\": [8, 8, 100, 20]}]}",
             i ? ", " : "", i);
    put(&t, "}}");
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "1,000") : GF_OK);
    free(t.data);
    return !ok;
}

static int label_lines(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s, \"children\": [{\"type\": \"label\", \"frame\": [0, 0, 300, 600], \"lines\": %d}]}}", tree_head,
         10000 + OVER);
    ok = skeleton_from(&t, OVER ? refused(GF_E_INVALID_ARGUMENT, "10000") : GF_OK);
    free(t.data);
    return !ok;
}

static int list_rows(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s, \"children\": [{\"type\": \"table\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"row\", "
             "\"rows\": %d}]}, {\"type\": \"collection\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": "
             "\"row\", \"itemSize\": [100, 40], \"items\": %d}]}]}, \"cells\": {\"row\": {\"size\": [375, 40], "
             "\"children\": [{\"type\": \"label\", \"frame\": [8, 8, 100, 20]}]}}}",
         tree_head, 1000000 + OVER, 1000000 + OVER);
    ok = skeleton_from(&t, OVER ? refused(GF_E_INVALID_ARGUMENT, "1000000") : GF_OK);
    free(t.data);
    return !ok;
}

/* The layout report at GF_MAX_LAYOUT_ITEMS: the root, a table and 499,999 rows of 0.001 pt (all in view), each
   row a cell and its one view: 2 + 2 x 499,999 = 1,000,000 items; one more view under the root makes 1,000,001.
   Asked for the count, then for the items into a buffer that large (112 MB). */
static int layout_items(void *arg) {
    text t = {0};
    gf_view_tree *tree = NULL;
    gf_layout_item *items = NULL;
    size_t count = 0, written = 0;
    gf_status status;
    int ok;
    putf(&t, "%s, \"children\": [{\"type\": \"table\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"c\", "
             "\"rowHeight\": 0.001, \"rows\": 499999}]}%s]}, \"cells\": {\"c\": {\"size\": [375, 1], "
             "\"children\": [{\"frame\": [0, 0, 1, 1]}]}}}",
         tree_head, OVER ? ", {\"frame\": [0, 0, 1, 1]}" : "");
    ok = expect("gf_view_tree_load_json", gf_view_tree_load_json(t.data, t.length, &tree), GF_OK);
    free(t.data);
    if (!ok) return 1;
    status = gf_view_tree_layout(tree, NULL, 0, &count);
    if (OVER) {
        ok = expect("gf_view_tree_layout", status, refused(GF_E_LIMIT, "1,000,000 views"));
    } else if ((ok = expect("gf_view_tree_layout (count)", status, GF_E_BUFFER_TOO_SMALL)) && count != 1000000) {
        printf("    %zu items, want 1,000,000\n", count);
        ok = 0;
    }
    if (ok && !OVER) {
        items = malloc(count * sizeof *items);
        if (items == NULL) {
            printf("    cannot allocate %zu items\n", count);
            ok = 0;
        } else {
            ok = expect("gf_view_tree_layout", gf_view_tree_layout(tree, items, count, &written), GF_OK) &&
                 written == count && items[count - 1].kind == GF_VIEW_VIEW && items[count - 2].kind == GF_LAYOUT_ROW;
        }
        free(items);
    }
    gf_view_tree_free(tree);
    return !ok;
}

/* Lists nested 16 deep: cell c_i holds a table of c_{i+1}; the root's table is level 1. */
static int list_nesting(void *arg) {
    text t = {0};
    int i, levels = 16 + OVER, ok;
    putf(&t, "%s, \"children\": [{\"type\": \"table\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"c1\", "
             "\"rows\": 1}]}]}, \"cells\": {",
         tree_head);
    for (i = 1; i < levels; i++)
        putf(&t, "\"c%d\": {\"size\": [375, 40], \"children\": [{\"type\": \"table\", \"frame\": [0, 0, 375, 40], "
                 "\"sections\": [{\"cell\": \"c%d\", \"rows\": 1}]}]}, ",
             i, i + 1);
    putf(&t, "\"c%d\": {\"size\": [375, 40], \"children\": [{\"type\": \"label\", \"frame\": [8, 8, 100, 20]}]}}}", levels);
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "nested more than 16") : GF_OK);
    free(t.data);
    return !ok;
}

/* JSON nesting of view trees: 256 levels. No legal tree nests that deep (64 view levels come
   first), so the document nests inside a style value: at 256 the colour is refused as a colour
   (GF_E_INVALID_ARGUMENT), at 257 the parser refuses the depth (GF_E_LIMIT). */
static int json_depth_tree(void *arg) {
    text t = {0};
    int depth = 256 + OVER, ok;
    /* The document (1), root (2), style (3), then depth - 3 arrays. */
    putf(&t, "%s, \"style\": {\"color\": ", tree_head);
    put_repeated(&t, "[", (size_t)depth - 3);
    put(&t, "0");
    put_repeated(&t, "]", (size_t)depth - 3);
    put(&t, "}}}");
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "256 levels") : refused(GF_E_INVALID_ARGUMENT, "color"));
    free(t.data);
    return !ok;
}

/* 1,000,000 bones: a viewport and table 1,000,000 points high, one label in each 1-point row;
   one label more is over. */
static int bone_count(void *arg) {
    /* A table of one-label rows: its skeleton is the root, 2 containers (the root's and the
       section's) and a bone per row, so GF_MAX_SKELETON_LAYERS - 3 rows is the largest that fits. */
    text t = {0};
    int ok;
    putf(&t, "{\"viewport\": [375, 1000000], \"root\": {\"frame\": [0, 0, 375, 1000000], \"children\": ["
             "{\"type\": \"table\", \"frame\": [0, 0, 375, 1000000], \"sections\": [{\"cell\": \"row\", \"rowHeight\": 1, "
             "\"rows\": %d}]}]}, \"cells\": {\"row\": {\"size\": [375, 1], \"children\": [{\"type\": \"label\", "
             "\"frame\": [0, 0, 10, 1]}]}}}",
         GF_MAX_SKELETON_LAYERS - 3 + OVER);
    ok = skeleton_from(&t, OVER ? refused(GF_E_LIMIT, "a scene holds at most 1,000,000") : GF_OK);
    free(t.data);
    return !ok;
}

/* The case: 1,000 labels of 10,000 lines (62 KB, inside every input limit) derive ten
   million line bones; the answer must be GF_E_LIMIT, found before the work is done. */
static int derived_line_bones(void *unused) {
    text t = {0};
    int i, ok;
    (void)unused;
    putf(&t, "%s, \"children\": [", tree_head);
    for (i = 0; i < 1000; i++) putf(&t, "%s{\"type\": \"label\", \"frame\": [0, 0, 300, 40], \"lines\": 10000}", i ? ", " : "");
    put(&t, "]}}");
    ok = skeleton_from(&t, GF_E_LIMIT);
    free(t.data);
    return !ok;
}

/* A 700-byte tree that fills a collection with 1 x 1 items: 250,125 visible items, each a bone.
   Accepted, it must be usable: sampled, and written only as JSON that reads back (its text is past
   the reader's document limits, so gf_scene_to_json answers GF_E_LIMIT and writes nothing). */
static int small_tree_large_skeleton(void *unused) {
    text t = {0};
    gf_scene *scene = NULL, *again = NULL;
    char *json = NULL;
    int ok;
    (void)unused;
    putf(&t, "%s, \"children\": [{\"type\": \"collection\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": "
             "\"card\", \"items\": 1000000, \"itemSize\": [1, 1]}]}]}, \"cells\": {\"card\": {\"size\": [100, 100], "
             "\"children\": [{\"type\": \"image\", \"frame\": [0, 0, 100, 60]}]}}}",
         tree_head);
    ok = expect("gf_skeleton_from_json", gf_skeleton_from_json(t.data, t.length, &scene), GF_OK) && sample_once(scene) &&
         expect("gf_scene_to_json", gf_scene_to_json(scene, &json), refused(GF_E_LIMIT, "could not be read back"));
    if (ok && json != NULL) {
        printf("    gf_scene_to_json refused, but wrote a string\n");
        ok = 0;
    }
    if (ok && json != NULL) {
        ok = expect("gf_scene_load_json (what gf_scene_to_json wrote)", gf_scene_load_json(json, strlen(json), &again),
                    GF_OK);
        if (!ok) printf("    gf_scene_to_json wrote %zu bytes\n", strlen(json));
    }
    gf_string_free(json);
    gf_scene_free(again);
    gf_scene_free(scene);
    free(t.data);
    return !ok;
}

/* ---- adjust lines ------------------------------------------------------------------------------ */

/* A tree with one label (bone 0) for adjust lines. */
static gf_view_tree *one_label_tree(void) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    uint32_t root = 0;
    gf_view_tree_create(375, 667, &tree);
    gf_view_node_desc_init(&desc);
    desc.width = 375;
    desc.height = 667;
    gf_view_tree_set_root(tree, &desc, &root);
    desc.kind = GF_VIEW_LABEL;
    desc.x = 16;
    desc.y = 16;
    desc.width = 200;
    desc.height = 40;
    desc.lines = 2;
    gf_view_tree_add_node(tree, root, &desc, NULL);
    return tree;
}

static int generate(gf_view_tree *tree, gf_status want) {
    gf_scene *scene = NULL;
    gf_status status = gf_skeleton_generate(tree, &scene);
    int ok = expect("gf_skeleton_generate", status, want);
    if (ok && status == GF_OK) ok = sample_once(scene);
    gf_scene_free(scene);
    return ok;
}

/* 10,000 adjust lines are applied; the 10,001st makes generation refuse them. */
static int adjust_line_count(void *unused) {
    gf_view_tree *tree = one_label_tree();
    int i, ok = 1;
    (void)unused;
    for (i = 0; ok && i < 10000; i++) ok = expect("gf_view_tree_add_adjust", gf_view_tree_add_adjust(tree, 0, "animation(0).down(0.001)"), GF_OK);
    ok = ok && generate(tree, GF_OK);
    ok = ok && expect("gf_view_tree_add_adjust", gf_view_tree_add_adjust(tree, 0, "animation(0).down(0.001)"), GF_OK);
    ok = ok && generate(tree, refused(GF_E_LIMIT, "10000"));
    gf_view_tree_free(tree);
    return !ok;
}

static int adjust_line_length(void *arg) {
    gf_view_tree *tree = one_label_tree();
    text t = {0};
    int ok;
    put(&t, "animation(0).down(2)");
    pad_to(&t, 10000 + (size_t)OVER);
    ok = expect("gf_view_tree_add_adjust", gf_view_tree_add_adjust(tree, 0, t.data), GF_OK) &&
         generate(tree, OVER ? refused(GF_E_LIMIT, "10000 characters") : GF_OK);
    gf_view_tree_free(tree);
    free(t.data);
    return !ok;
}

static int adjust_lines_modifier(void *arg) {
    gf_view_tree *tree = one_label_tree();
    int ok = expect("gf_view_tree_add_adjust",
                    gf_view_tree_add_adjust(tree, 0, OVER ? "animation(0).line(1001)" : "animation(0).line(1000)"), GF_OK) &&
             generate(tree, OVER ? refused(GF_E_INVALID_ARGUMENT, "1001") : GF_OK);
    gf_view_tree_free(tree);
    return !ok;
}

static int adjust_gradient_colours(void *arg) {
    gf_view_tree *tree = one_label_tree();
    text t = {0};
    int i, ok;
    put(&t, "animation(0).gradient(");
    for (i = 0; i < 4 + OVER; i++) put(&t, i ? ", #FFFFFF" : "#FFFFFF");
    put(&t, ")");
    ok = expect("gf_view_tree_add_adjust", gf_view_tree_add_adjust(tree, 0, t.data), GF_OK) &&
         generate(tree, OVER ? refused(GF_E_INVALID_ARGUMENT, "2 to 4 colours") : GF_OK);
    gf_view_tree_free(tree);
    free(t.data);
    return !ok;
}

/* ---- the table --------------------------------------------------------------------------------- */

/* ---- timelines ------------------------------------------------------------------------------- */

static const char *timeline_head = "{\"definitions\": {\"f\": {\"changes\": {\"opacity\": 1}}}, \"timeline\": {";

/* Loads a timeline; if it loads, schedules it with the two-call pattern (the proof it is usable)
   and checks the entry count. */
static int load_timeline(const text *json, gf_status want, size_t entries) {
    gf_timeline *timeline = NULL;
    gf_status status = gf_timeline_from_json(json->data, json->length, &timeline);
    int ok = expect("gf_timeline_from_json", status, want);
    if (ok && status == GF_OK) {
        size_t count = 0;
        gf_timeline_entry *buffer;
        status = gf_timeline_schedule(timeline, NULL, 0, &count);
        ok = expect("gf_timeline_schedule(capacity 0)", status, entries ? GF_E_BUFFER_TOO_SMALL : GF_OK) &&
             expect_count("entries", count, entries);
        buffer = malloc((count ? count : 1) * sizeof *buffer);
        if (ok && buffer != NULL) {
            ok = expect("gf_timeline_schedule", gf_timeline_schedule(timeline, buffer, count, &count), GF_OK) &&
                 (count == 0 || (buffer[count - 1].begin >= buffer[0].begin && buffer[0].name != NULL));
        }
        free(buffer);
    }
    gf_timeline_free(timeline);
    return ok;
}

/* GF_MAX_TIMELINE_JSON_VALUES (6,000,000) values in the shape that costs the reader most per
   value, one-member objects: the document and its definition (5 values), "timeline" and its
   "sequence" array (2), 2,999,995 delays of 2 values each (the object and its number), and a last
   label with a position (3). Over: one member more in that label, refused by the parser for its
   count before anything is built. Then a document of GF_MAX_JSON_VALUES, refused as fast. */
static int timeline_json_values(void *arg) {
    text t = {0};
    int ok;
    putf(&t, "%s\"sequence\": [", timeline_head);
    put_repeated(&t, "{\"delay\":0},", 2999995);
    put(&t, OVER ? "{\"label\":\"x\",\"position\":0,\"delay\":0}]}}" : "{\"label\":\"x\",\"position\":0}]}}");
    ok = load_timeline(&t, OVER ? refused(GF_E_LIMIT, "6000000 values") : GF_OK, 0);
    if (OVER && ok) {
        t.length = 0;
        putf(&t, "%s\"sequence\": [", timeline_head);
        put_repeated(&t, "{\"delay\":0},", 4999995);
        put(&t, "{\"label\":\"x\",\"position\":0}]}}");
        ok = load_timeline(&t, refused(GF_E_LIMIT, "6000000 values"), 0);
    }
    free(t.data);
    return !ok;
}

/* A million instances of one layer each (5 values each, 5,000,007 in all): the most entries a
   timeline may have; one more instance is refused. */
static int timeline_instances(void *arg) {
    text t = {0};
    size_t count = 1000000 + (size_t)OVER;
    int ok;
    putf(&t, "%s\"sequence\": [", timeline_head);
    put_repeated(&t, "{\"anim\":\"f\",\"layers\":[\"a\"],\"duration\":0.001},", count - 1);
    put(&t, "{\"anim\":\"f\",\"layers\":[\"a\"],\"duration\":0.001}]}}");
    ok = load_timeline(&t, OVER ? refused(GF_E_LIMIT, "1000000 entries") : GF_OK, 1000000);
    free(t.data);
    return !ok;
}

/* One instance on a million layers (staggered, so every begin differs), then one layer more. */
static int timeline_layers(void *arg) {
    text t = {0};
    size_t i, count = 1000000 + (size_t)OVER;
    int ok;
    putf(&t, "%s\"sequence\": [{\"stagger\": {\"each\": 0.001, \"from\": \"center\"}}, {\"anim\":\"f\",\"duration\":1,\"layers\":[",
         timeline_head);
    for (i = 0; i < count; i++) putf(&t, i ? ",\"l%zu\"" : "\"l%zu\"", i);
    put(&t, "]}]}}");
    ok = load_timeline(&t, OVER ? refused(GF_E_LIMIT, "1000000 entries") : GF_OK, 1000000);
    free(t.data);
    return !ok;
}

/* JSON nesting: 62 nested sequences below the root's array put their innermost array at level
   3 + 2 x 62 = 127 and a delay object in it at 128; an instance there puts its layers at 129. */
static int timeline_json_depth(void *arg) {
    text t = {0};
    int i, ok;
    putf(&t, "%s\"sequence\": [", timeline_head);
    for (i = 0; i < 62; i++) put(&t, "{\"sequence\": [");
    put(&t, OVER ? "{\"anim\": \"f\", \"layers\": [\"a\"], \"duration\": 1}" : "{\"delay\": 1}");
    for (i = 0; i < 62; i++) put(&t, "]}");
    put(&t, "]}}");
    ok = load_timeline(&t, OVER ? refused(GF_E_LIMIT, "128 levels") : GF_OK, 0);
    free(t.data);
    return !ok;
}

/* Counts the events gf_scene_advance reports. */
static void count_event(void *user_data, const gf_event *event) {
    (void)event;
    ++*(size_t *)user_data;
}

/* The largest legal timeline to apply, used as a host uses it: GF_MAX_TIMELINE_ENTRIES entries on
   one layer, GF_MAX_TIMELINE_ANIMATIONS of them of a definition with one key path and the rest of
   one without changes (so every entry is loaded, scheduled and played, and the most animations
   are applied), applied to a scene, sampled once (compiling every track) and advanced past its
   end (every start and end reported). Over: every entry of a definition of four key paths, which
   gf_timeline_apply refuses by counting before it builds anything, leaving the scene as it was
   (empty, and sampled as such). */
static int timeline_applied(void *arg) {
    text t = {0};
    size_t animating = OVER ? GF_MAX_TIMELINE_ENTRIES : GF_MAX_TIMELINE_ANIMATIONS, i, events = 0, written = 0;
    gf_timeline *timeline = NULL;
    gf_scene *scene = NULL;
    gf_layer_desc layer;
    gf_layer_state state;
    int ok;
    put(&t, OVER ? "{\"definitions\": {\"f\": {\"changes\": {\"opacity\": 1, \"position.x\": 1, \"position.y\": 1, "
                   "\"cornerRadius\": 1}}, \"g\": {\"changes\": {}}}, \"timeline\": {\"sequence\": ["
                 : "{\"definitions\": {\"f\": {\"changes\": {\"opacity\": 1}}, \"g\": {\"changes\": {}}}, "
                   "\"timeline\": {\"sequence\": [");
    for (i = 0; i < GF_MAX_TIMELINE_ENTRIES; i++)
        put(&t, i < animating ? "{\"anim\":\"f\",\"layers\":[\"a\"],\"duration\":0.001}," : "{\"anim\":\"g\",\"layers\":[\"a\"],\"duration\":0.001},");
    t.data[--t.length] = '\0';
    put(&t, "]}}");
    ok = expect("gf_timeline_from_json", gf_timeline_from_json(t.data, t.length, &timeline), GF_OK);
    free(t.data);
    ok = ok && expect("gf_scene_create", gf_scene_create(&scene), GF_OK);
    gf_layer_desc_init(&layer);
    layer.id = "a";
    layer.width = layer.height = 10;
    ok = ok && expect("gf_scene_add_layer", gf_scene_add_layer(scene, &layer, NULL), GF_OK);
    ok = ok && expect("gf_timeline_apply", gf_timeline_apply(timeline, scene),
                      OVER ? refused(GF_E_LIMIT, "4000000 animations") : GF_OK);
    want_message = NULL;
    /* At t = 2000 every instance has ended (a million of 1 ms each end at 1000 s) and added its
       change: opacity 1 + the animating count, which the sampler reports as is or clamps to 1. */
    ok = ok && expect("gf_scene_sample", gf_scene_sample(scene, 2000, &state, 1, &written), GF_OK) &&
         expect_count("layers sampled", written, 1);
    ok = ok && expect("gf_scene_advance", gf_scene_advance(scene, 2000, count_event, &events), GF_OK) &&
         expect_count("events", events, OVER ? 0 : 2 * animating);
    gf_scene_free(scene);
    gf_timeline_free(timeline);
    return !ok;
}

typedef struct budget_case {
    const char *name;
    gf_child_fn fn;
    int over;                     /* passed as param.over; -1: the case checks both sides itself */
    const char *expected_failure; /* NULL, or the open issue that makes it fail today */
} budget_case;

static const budget_case cases[] = {
    {"text: scene JSON of GF_MAX_TEXT_BYTES", text_scene, 0, NULL},
    {"text: scene JSON of GF_MAX_TEXT_BYTES + 1", text_scene, 1, NULL},
    {"text: view tree JSON of GF_MAX_TEXT_BYTES", text_tree, 0, NULL},
    {"text: view tree JSON of GF_MAX_TEXT_BYTES + 1", text_tree, 1, NULL},
    {"text: curve spec of 65,536 bytes", text_curve, 0, NULL},
    {"text: curve spec of 65,537 bytes", text_curve, 1, NULL},
    {"text: contents name of 4,096 bytes", contents_name, 0, NULL},
    {"text: contents name of 4,097 bytes", contents_name, 1, NULL},
    {"curve: linear() with 10,000 stops", linear_stops, 0, NULL},
    {"curve: linear() with 10,001 stops", linear_stops, 1, NULL},
    {"curve: steps(2^31 - 1)", steps_count, 0, NULL},
    {"curve: steps(2^31)", steps_count, 1, NULL},
    {"scene: 1,000,000 layers, then one more", layer_count, -1, NULL},
    {"scene: 256 levels of layers, then 257", layer_depth, -1, NULL},
    {"scene: JSON of 256 levels of layers", layer_depth_json, 0, NULL},
    {"scene: JSON of 257 levels of layers", layer_depth_json, 1, NULL},
    {"scene: group tree of 100,000, then one more", group_tree, -1, NULL},
    {"scene: nested groups of 110,000 in all", group_tree_nested, -1, NULL},
    {"scene: JSON nested 128 levels", json_depth_scene, 0, NULL},
    {"scene: JSON nested 129 levels", json_depth_scene, 1, NULL},
    {"scene: JSON of 10,000,000 values", json_values, 0, NULL},
    {"scene: JSON of 10,000,001 values", json_values, 1, NULL},
    {"scene: JSON of 10,000,000 values in one-member objects", json_values_objects, 0, NULL},
    {"scene: JSON of 10,000,001 values in one-member objects", json_values_objects, 1, NULL},
    {"scene: JSON of 1,000,000 layers", json_layers, 0, NULL},
    {"scene: JSON of 1,000,001 layers", json_layers, 1, NULL},
    {"scene: gradient of 4 stops", gradient_stops, 0, NULL},
    {"scene: gradient of 5 stops", gradient_stops, 1, NULL},
    {"scene: 2^24 keyframe values", keyframe_values, 0, NULL},
    {"scene: 2^24 + 1 keyframe values", keyframe_values, 1, NULL},
    {"tree: 64 levels of views", view_levels, 0, NULL},
    {"tree: 65 levels of views", view_levels, 1, NULL},
    {"tree: JSON of 100,000 nodes", node_count, 0, NULL},
    {"tree: JSON of 100,001 nodes", node_count, 1, NULL},
    {"tree: builder, 100,000 nodes, then one more", node_count_builder, -1, NULL},
    {"tree: JSON of 100,000 nodes and templates, loaded", node_count_with_template, -1, NULL},
    {"tree: builder, 1,000 templates, then one more", cell_templates_builder, -1, NULL},
    {"tree: 1,000 cell templates", cell_templates, 0, NULL},
    {"tree: 1,001 cell templates", cell_templates, 1, NULL},
    {"tree: a label of 10,000 lines", label_lines, 0, NULL},
    {"tree: a label of 10,001 lines", label_lines, 1, NULL},
    {"tree: 1,000,000 rows and items", list_rows, 0, NULL},
    {"tree: 1,000,001 rows and items", list_rows, 1, NULL},
    {"tree: lists nested 16 deep", list_nesting, 0, NULL},
    {"tree: lists nested 17 deep", list_nesting, 1, NULL},
    {"layout: 1,000,000 items", layout_items, 0, NULL},
    {"layout: 1,000,001 items", layout_items, 1, NULL},
    {"tree: JSON nested 256 levels", json_depth_tree, 0, NULL},
    {"tree: JSON nested 257 levels", json_depth_tree, 1, NULL},
    {"tree: 999,997 bones (1,000,000 layers)", bone_count, 0, NULL},
    {"tree: 999,998 bones (1,000,001 layers)", bone_count, 1, NULL},
    {"tree: 1,000 labels of 10,000 lines", derived_line_bones, -1, NULL},
    {"tree: 700 bytes making 250,125 bones", small_tree_large_skeleton, -1, NULL},
    {"adjust: 10,000 lines, then one more", adjust_line_count, -1, NULL},
    {"adjust: a line of 10,000 characters", adjust_line_length, 0, NULL},
    {"adjust: a line of 10,001 characters", adjust_line_length, 1, NULL},
    {"adjust: line(1000)", adjust_lines_modifier, 0, NULL},
    {"adjust: line(1001)", adjust_lines_modifier, 1, NULL},
    {"adjust: gradient of 4 colours", adjust_gradient_colours, 0, NULL},
    {"adjust: gradient of 5 colours", adjust_gradient_colours, 1, NULL},
    {"timeline: JSON of 6,000,000 values", timeline_json_values, 0, NULL},
    {"timeline: JSON of 6,000,001 and 10,000,000 values", timeline_json_values, 1, NULL},
    {"timeline: 1,000,000 instances", timeline_instances, 0, NULL},
    {"timeline: 1,000,001 instances", timeline_instances, 1, NULL},
    {"timeline: an instance of 1,000,000 layers", timeline_layers, 0, NULL},
    {"timeline: an instance of 1,000,001 layers", timeline_layers, 1, NULL},
    {"timeline: applied, sampled, advanced at GF_MAX_TIMELINE_ANIMATIONS", timeline_applied, 0, NULL},
    {"timeline: 4,000,000 animations to apply", timeline_applied, 1, NULL},
    {"timeline: JSON nested 128 levels", timeline_json_depth, 0, NULL},
    {"timeline: JSON nested 129 levels", timeline_json_depth, 1, NULL},
};

int main(int argc, char **argv) {
    gf_child_limits limits = {1024ull * MIB, 5};
    const char *cpu = getenv("GF_BUDGET_CPU_SECONDS");
    size_t i;
    if (cpu != NULL && atoi(cpu) > 0) limits.cpu_seconds = (unsigned)atoi(cpu);
    printf("budget per case: %s address space, %u s CPU%s\n", GF_CHILD_SANITIZED ? "unlimited" : "1 GiB",
           limits.cpu_seconds, GF_CHILD_SANITIZED ? " (sanitizer build)" : "");
    for (i = 0; i < COUNT(cases); i++) {
        param p;
        gf_child_result r;
        /* A case name on the command line runs only the cases whose names contain it. */
        if (argc > 1 && strstr(cases[i].name, argv[1]) == NULL) continue;
        p.over = cases[i].over > 0;
        r = gf_child_run(cases[i].fn, &p, &limits);
        gf_test_check(!gf_child_report(cases[i].name, &r, cases[i].expected_failure), __FILE__, __LINE__,
                      cases[i].name);
    }
    return gf_test_summary();
}
