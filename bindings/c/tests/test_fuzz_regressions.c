/*
 * Regression tests for what the fuzz targets found (scripts/fuzz.sh, Sources/Fuzz): each input that
 * made a target fail, fed to the entry point it came through, expecting a clean answer (GF_OK, or
 * a documented error with a message) and, where the harness checked more, that promise too.
 *
 * Every case runs in a child process (gf_child.h), so an input that still crashes the library is
 * reported as a failing case rather than ending the program. Cases whose fix belongs to another
 * change are marked with the reason and reported as XFAIL until it lands (XPASS afterwards).
 * The fixed inputs are also kept as files in scripts/fuzz/regressions/<target>/, which every fuzz
 * run replays first.
 */
#define _GNU_SOURCE
#include <float.h>

#include "gf_child.h"
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers ------------------------------------------------------------------------------ */

/* Whether a failed call answered cleanly: a documented negative status and a message. */
static int clean_failure(gf_status status) {
    const char *message = gf_last_error_message();
    int known = strcmp(gf_status_string(status), "unknown status") != 0;
    return status < 0 && status != GF_E_INTERNAL && known && message != NULL && message[0] != '\0';
}

/* The states of every layer of a scene at t, malloc'd; *count receives the layer count. */
static gf_layer_state *sample_all(gf_scene *scene, double t, size_t *count) {
    gf_layer_state *states;
    size_t written = 0;
    if (gf_scene_layer_count(scene, count) != GF_OK) return NULL;
    states = calloc(*count ? *count : 1, sizeof *states);
    if (states == NULL) return NULL;
    if (gf_scene_sample(scene, t, states, *count, &written) != GF_OK || written != *count) {
        free(states);
        return NULL;
    }
    return states;
}

/*
 * gf_skeleton_from_json(json) must be gf_view_tree_load_json(json) followed by gf_skeleton_generate
 * (the header says so): both succeed, and the scenes sample the same bytes at t = 0 and 0.7.
 */
static int load_then_generate_equals_from_json(const char *json) {
    gf_view_tree *tree = NULL;
    gf_scene *built = NULL, *direct = NULL;
    int ok = 1;
    double times[] = {0, 0.7};
    size_t i;
    gf_status loaded = gf_view_tree_load_json(json, strlen(json), &tree);
    if (loaded != GF_OK) {
        printf("    gf_view_tree_load_json: %s: %s\n", gf_status_string(loaded), gf_last_error_message());
        return 1;
    }
    if (gf_skeleton_generate(tree, &built) != GF_OK) {
        printf("    gf_skeleton_generate: %s\n", gf_last_error_message());
        ok = 0;
    }
    if (gf_skeleton_from_json(json, strlen(json), &direct) != GF_OK) {
        printf("    gf_skeleton_from_json: %s\n", gf_last_error_message());
        ok = 0;
    }
    for (i = 0; ok && i < sizeof times / sizeof times[0]; i++) {
        size_t a = 0, b = 0;
        gf_layer_state *x = sample_all(built, times[i], &a), *y = sample_all(direct, times[i], &b);
        if (x == NULL || y == NULL || a != b || memcmp(x, y, a * sizeof *x) != 0) {
            printf("    the two scenes differ at t = %g (%zu and %zu layers)\n", times[i], a, b);
            ok = 0;
        }
        free(x);
        free(y);
    }
    gf_scene_free(built);
    gf_scene_free(direct);
    gf_view_tree_free(tree);
    return ok ? 0 : 1;
}

/* The call through gf_skeleton_from_json must answer with a status (any), cleanly if it fails. */
static int from_json_answers_cleanly(const char *json) {
    gf_scene *scene = NULL;
    gf_status status = gf_skeleton_from_json(json, strlen(json), &scene);
    gf_scene_free(scene);
    if (status == GF_OK || clean_failure(status)) return 0;
    printf("    gf_skeleton_from_json: %d (%s), message \"%s\"\n", (int)status, gf_status_string(status),
           gf_last_error_message());
    return 1;
}

/* ---- tree: FuzzViewTreeJSON --------------------------------------------------------------- */

/* Found by the extreme corpus: a template of size [0, h] or [w, 0] loaded through JSON, which the
   format allows (generation refuses it only where a list repeats it without its own size), was
   refused by gf_view_tree_load_json (the builder's "> 0" rule), while gf_skeleton_from_json
   generated it. Fixed: ViewTreeBuilder(tree:) keeps templates as the format reads them. */
static int zero_sized_cell(void *unused) {
    (void)unused;
    return load_then_generate_equals_from_json(
        "{\"viewport\": [1e16, 9007199254740993], \"style\": {\"lastLineScale\": 100, \"reducedMotion\": \"static\", "
        "\"boneHeight\": 2.2250738585072014e-308, \"lengthDuration\": 1e308}, \"root\": {\"id\": \"n1\", \"type\": "
        "\"button\", \"frame\": [-0.0, 123456789012345678901234567890, 5e-324, 100]}, \"cells\": {\"row\": {\"size\": "
        "[9007199254740993, -0], \"children\": [], \"adjust\": [\"createNamed(x).toShortAnimation().height(1e16)."
        "lines(1000)\"]}, \"card\": {\"size\": [0, 1.7976931348623157e308], \"children\": []}}}");
}

/* The same with a template a list uses through its own rowHeight and itemSize. */
static int zero_sized_cell_in_lists(void *unused) {
    (void)unused;
    return load_then_generate_equals_from_json(
        "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
        "{\"type\": \"table\", \"frame\": [0, 0, 375, 300], \"sections\": [{\"cell\": \"flat\", \"rowHeight\": 40}]}, "
        "{\"type\": \"collection\", \"frame\": [0, 300, 375, 367], \"sections\": [{\"cell\": \"flat\", "
        "\"itemSize\": [100, 50]}]}]}, \"cells\": {\"flat\": {\"size\": [375, 0], \"children\": "
        "[{\"type\": \"label\", \"frame\": [8, 8, 100, 20]}]}}}");
}

/* A template named "" (the format does not forbid it; the builder's gf_view_tree_add_cell does). */
static int empty_cell_name(void *unused) {
    (void)unused;
    return load_then_generate_equals_from_json(
        "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": [{\"type\": \"table\", "
        "\"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"\", \"rows\": 2}]}]}, \"cells\": {\"\": "
        "{\"size\": [375, 44], \"children\": [{\"type\": \"label\", \"frame\": [8, 8, 100, 20]}]}}}");
}

/* Found by fuzzing the feed example: a viewport height of -5e-324667 reads as -0, which the format
   allows (sizes >= 0) and generation accepts, but gf_view_tree_load_json refused it (the builder's
   "> 0" rule for gf_view_tree_create). Fixed as for templates: ViewTreeBuilder(tree:) takes the
   format's rule. A zero viewport the same. */
static int zero_viewport(void *unused) {
    (void)unused;
    return load_then_generate_equals_from_json(
               "{\"viewport\": [375, -5e-324667], \"style\": {\"animation\": \"shimmer\"}, \"root\": {\"id\": "
               "\"feed\", \"frame\": [0, 0, 375, 667], \"children\": [{\"id\": \"avatar\", \"type\": \"image\", "
               "\"frame\": [32, 16, 48, 48], \"cornerRadius\": 24}, {\"id\": \"bio\", \"type\": \"label\", \"frame\": "
               "[76, 44, 280, 40], \"lines\": 2}, {\"type\": \"table\", \"frame\": [0, 100, 375, 567], \"sections\": "
               "[{\"cell\": \"news\", \"rowHeight\": 100}]}]}, \"cells\": {\"news\": {\"size\": [375, 100], "
               "\"children\": []}}}") ||
           load_then_generate_equals_from_json(
               "{\"viewport\": [0, 0], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": [{\"type\": "
               "\"label\", \"frame\": [8, 8, 100, 20]}]}}");
}

/* Found by the extreme corpus (issue 9, section 2): itemSize, spacing and insets near 1e308 make the
   column count NaN, and Int(...) traps in SkeletonGenerator+Lists.swift. */
static int collection_item_size_1e308(void *unused) {
    (void)unused;
    return from_json_answers_cleanly(
        "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": [{\"type\": "
        "\"collection\", \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"card\", \"itemSize\": [1e308, "
        "1e308], \"spacing\": 1e308, \"insets\": 1e308}]}]}, \"cells\": {\"card\": {\"size\": [100, 100], "
        "\"children\": [{\"type\": \"image\", \"frame\": [0, 0, 100, 60]}]}}}");
}

/* ---- section: FuzzSection ------------------------------------------------------------------ */

/* Found by the extreme corpus, through gf_view_tree_add_section: the same trap, from a section whose
   item is 1e308 wide and 1e-300 high with 1.8e308 spacing and insets. */
static int section_extreme_spacing(void *unused) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    uint32_t root = 0, grid = 0, card = 0;
    gf_scene *scene = NULL;
    gf_status status;
    (void)unused;
    if (gf_view_tree_create(375, 667, &tree) != GF_OK) return 2;
    gf_view_node_desc_init(&desc);
    desc.width = 375;
    desc.height = 667;
    gf_view_tree_set_root(tree, &desc, &root);
    desc.kind = GF_VIEW_COLLECTION;
    desc.y = 390;
    desc.height = 277;
    gf_view_tree_add_node(tree, root, &desc, &grid);
    gf_view_tree_add_cell(tree, "card", 170, 120, &card);
    desc.kind = GF_VIEW_IMAGE;
    desc.y = 0;
    desc.width = 170;
    desc.height = 80;
    gf_view_tree_add_node(tree, card, &desc, NULL);
    status = gf_view_tree_add_section(tree, grid,
                                      "{\"cell\": \"card\", \"itemSize\": [1e308, 1e-300], \"spacing\": "
                                      "1.7976931348623157e308, \"insets\": 1.7976931348623157e308, \"items\": 7, "
                                      "\"header\": {\"cell\": \"card\", \"height\": 4294967296}}");
    if (status == GF_OK) status = gf_skeleton_generate(tree, &scene);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
    if (status == GF_OK || clean_failure(status)) return 0;
    printf("    %d (%s): %s\n", (int)status, gf_status_string(status), gf_last_error_message());
    return 1;
}

/* ---- curve: FuzzCurveSpec ------------------------------------------------------------------ */

/* Found by the extreme corpus (issue 9, section 2, round trips at the limits): linear() with its
   maximum of 10,000 stops is a 50 KB spec, its canonical spec (gf_curve_spec) is 221 KB, and
   gf_curve_parse refuses that: over its 64 KiB spec limit. Whatever the library writes, it reads. */
static int curve_spec_round_trip_at_stop_limit(void *unused) {
    size_t size = 10000 * 3 + 16, i;
    char *spec = malloc(size), *written = NULL, *p;
    gf_curve *curve = NULL, *again = NULL;
    gf_status status;
    int result = 1;
    (void)unused;
    if (spec == NULL) return 2;
    p = spec + sprintf(spec, "linear(");
    for (i = 0; i < 10000; i++) p += sprintf(p, i ? ", %d" : "%d", (int)(i % 2 ? 0 : 1));
    strcpy(p, ")");
    if (gf_curve_parse(spec, &curve) != GF_OK) {
        printf("    the 10,000-stop spec does not parse: %s\n", gf_last_error_message());
    } else if (gf_curve_spec(curve, &written) != GF_OK) {
        printf("    gf_curve_spec: %s\n", gf_last_error_message());
    } else if ((status = gf_curve_parse(written, &again)) != GF_OK) {
        printf("    gf_curve_spec wrote %zu bytes, which gf_curve_parse refuses: %s\n", strlen(written),
               gf_last_error_message());
    } else {
        double y1 = 0, y2 = 0;
        result = 0;
        for (i = 0; i <= 64; i++) {
            gf_curve_eval(curve, (double)i / 64, 0, &y1);
            gf_curve_eval(again, (double)i / 64, 0, &y2);
            if (!gf_test_same_double(y1, y2)) result = 1;
        }
        if (result) printf("    the curve read back evaluates differently\n");
    }
    gf_curve_free(again);
    gf_string_free(written);
    gf_curve_free(curve);
    free(spec);
    return result;
}

/* ---- tools: FuzzTools (scripts/fuzz/regressions/tools/) ------------------------------------ */

/* A call's answer as the tools target checks it: a clean failure, or GF_OK with every one of the
   n numbers it wrote finite. */
static int finite_or_clean(const char *call, gf_status status, const double *values, size_t n) {
    size_t i;
    if (status != GF_OK) {
        if (clean_failure(status)) return 0;
        printf("    %s: %d (%s), message \"%s\"\n", call, (int)status, gf_status_string(status), gf_last_error_message());
        return 1;
    }
    for (i = 0; i < n; i++) {
        if (!isfinite(values[i])) {
            printf("    %s: GF_OK with %g\n", call, values[i]);
            return 1;
        }
    }
    return 0;
}

/* Every layer of scene at t: GF_OK with finite frames, or a clean failure. */
static int scene_finite(gf_scene *scene, double t) {
    size_t count = 0, i;
    int bad = 0;
    gf_layer_state *states = NULL;
    gf_status status = gf_scene_layer_count(scene, &count);
    if (status == GF_OK) {
        states = calloc(count ? count : 1, sizeof *states);
        if (states == NULL) return 2;
        status = gf_scene_sample(scene, t, states, count, &count);
    }
    for (i = 0; status == GF_OK && i < count; i++) {
        double frame[4] = {states[i].x, states[i].y, states[i].width, states[i].height};
        bad |= finite_or_clean("gf_scene_sample", GF_OK, frame, 4);
    }
    free(states);
    return bad || finite_or_clean("gf_scene_sample", status, NULL, 0);
}

/* The fuzz target's scrub scene: two layers, "b" fading in over [0, 1]. */
static gf_scene *scrub_scene(void) {
    static const char json[] =
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\", \"frame\": [0, 0, 10, 10]}, "
        "{\"id\": \"b\", \"parent\": \"a\", \"frame\": [1, 1, 2, 2]}], \"animations\": [{\"layer\": \"b\", \"type\": "
        "\"basic\", \"keyPath\": \"opacity\", \"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1}}]}";
    gf_scene *scene = NULL;
    return gf_scene_load_json(json, strlen(json), &scene) == GF_OK ? scene : NULL;
}

/* scrub-time-overflow: a cubic-bezier dipping below 0 maps input 2 of [0.001, 375] onto the time
   range (DBL_MAX, 0) at DBL_MAX x 1.02: gf_scrub_time gave GF_OK and inf. */
static int scrub_time_overflow(void *unused) {
    gf_scene *scene = scrub_scene();
    gf_curve *curve = NULL;
    gf_scrub *scrub = NULL;
    double t = 0;
    int bad;
    (void)unused;
    if (scene == NULL || gf_curve_parse("cubic-bezier(0.5, -2, 0.5, 3)", &curve) != GF_OK) return 2;
    if (gf_scrub_create(scene, 0.001, 375, DBL_MAX, 0, curve, &scrub) != GF_OK) return 2;
    bad = finite_or_clean("gf_scrub_time(2)", gf_scrub_time(scrub, 2, &t), &t, 1);
    gf_scrub_free(scrub);
    gf_curve_free(curve);
    gf_scene_free(scene);
    return bad;
}

/* scrub-release-overflow: an all but undamped spring (m 100, k 3.8e45, c 1e-300) released from 0
   to rest at DBL_MAX swings past it: gf_scrub_value_at_clock gave GF_OK and inf. */
static int scrub_release_overflow(void *unused) {
    gf_scene *scene = scrub_scene();
    gf_scrub *scrub = NULL;
    gf_spring spring;
    const double after[] = {0, 0.25, 0.5, 1, 3, -1, 1e6};
    size_t i;
    int bad = 0;
    (void)unused;
    gf_spring_init(&spring);
    spring.mass = 100;
    spring.stiffness = 3.826933629549994e+45;
    spring.damping = 1e-300;
    spring.allows_overdamping = 1;
    if (scene == NULL) return 2;
    if (gf_scrub_create_with_spring(scene, -0.0, 375, 120.00000762939453, 9.189227629366493e-255, NULL, &spring,
                                    &scrub) != GF_OK)
        return 2;
    bad |= finite_or_clean("gf_scrub_release", gf_scrub_release(scrub, 100, 0, 0, DBL_MAX), NULL, 0);
    for (i = 0; i < COUNT(after); i++) {
        double value = 0;
        bad |= finite_or_clean("gf_scrub_value_at_clock", gf_scrub_value_at_clock(scrub, 100 + after[i], &value),
                               &value, 1);
    }
    gf_scrub_free(scrub);
    gf_scene_free(scene);
    return bad;
}

/* A tool's create call answered made and, when it was GF_OK, handed out scene (NULL if that
   failed): clean, or every layer of the scene finite at t. Frees the scene. */
static int made_scene_finite(const char *call, gf_status made, gf_scene *scene, double t) {
    int bad = made != GF_OK ? finite_or_clean(call, made, NULL, 0) : scene == NULL ? 1 : scene_finite(scene, t);
    gf_scene_free(scene);
    return bad;
}

/* expand-window-overflow: a 375 x DBL_MAX window whose tapped image starts at y = 1e300 moves the
   down part to y = H with height H - 1e300: its centre is past DBL_MAX, sampled as y = inf. */
static int expand_window_overflow(void *unused) {
    const double images[2][4] = {{0, 1e300, 1e16, 1e154}, {5e-324, 1e-12, 2.2250738585072014e-308, 1e308}};
    gf_expand_params p;
    gf_expand_transition *transition = NULL;
    gf_scene *scene = NULL;
    gf_status made;
    (void)unused;
    gf_expand_params_init(&p);
    p.window_width = 375;
    p.window_height = DBL_MAX;
    p.images = &images[0][0];
    p.image_count = 2;
    made = gf_expand_transition_create(&p, &transition);
    if (made == GF_OK) gf_expand_transition_scene(transition, &scene);
    gf_expand_transition_free(transition);
    return made_scene_finite("gf_expand_transition_create", made, scene, 0.5);
}

/* preload-overflow: bounds of DBL_MAX x DBL_MAX with a jump of DBL_MAX put the marker at y = inf. */
static int preload_overflow(void *unused) {
    gf_preload_params p;
    gf_preload *preload = NULL;
    gf_scene *scene = NULL;
    gf_status made;
    gf_preload_params_init(&p);
    (void)unused;
    p.width = p.height = p.jump_height = p.down_duration = p.begin_time = DBL_MAX;
    p.jump_duration = 2.068603273478089e+272;
    if ((made = gf_preload_create(&p, &preload)) == GF_OK) gf_preload_scene(preload, &scene);
    gf_preload_free(preload);
    return made_scene_finite("gf_preload_create", made, scene, 0);
}

/* ---- the table ------------------------------------------------------------------------------ */

typedef struct regression {
    const char *name;
    gf_child_fn fn;
    const char *expected_failure; /* NULL, or why it still fails */
} regression;

static const regression regressions[] = {
    {"tree: zero-sized cell template", zero_sized_cell, NULL},
    {"tree: zero-sized template with list sizes", zero_sized_cell_in_lists, NULL},
    {"tree: cell template named \"\"", empty_cell_name, NULL},
    {"tree: viewport of -0 and of 0 x 0", zero_viewport, NULL},
    {"tree: collection itemSize 1e308", collection_item_size_1e308, NULL},
    {"section: spacing and insets 1.8e308", section_extreme_spacing, NULL},
    {"curve: canonical spec of 10,000 stops", curve_spec_round_trip_at_stop_limit, NULL},
    {"tools: scrub time range past DBL_MAX", scrub_time_overflow, NULL},
    {"tools: scrub release swinging past DBL_MAX", scrub_release_overflow, NULL},
    {"tools: expand transition in a DBL_MAX window", expand_window_overflow, NULL},
    {"tools: preload overlay jumping DBL_MAX", preload_overflow, NULL},
};

int main(void) {
    size_t i;
    /* A hang is a failure too: no case needs more than a few seconds. */
    gf_child_limits limits = {0, 60};
    for (i = 0; i < COUNT(regressions); i++) {
        gf_child_result r = gf_child_run(regressions[i].fn, NULL, &limits);
        int failed = gf_child_report(regressions[i].name, &r, regressions[i].expected_failure);
        gf_test_check(!failed, __FILE__, __LINE__, regressions[i].name);
    }
    return gf_test_summary();
}
