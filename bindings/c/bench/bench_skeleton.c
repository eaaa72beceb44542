/*
 * bench_skeleton.c -- skeleton generation and shimmer sampling through the C ABI.
 *
 * Generation (the target: 10,000 nodes in under 10 ms, growing linearly). Trees of N = 100,
 * 1,000 and 10,000 nodes, the same in SkeletonBenchmarks.swift: a 375 x 667 viewport, a root view
 * (375 wide, as tall as its content), (N - 1) / 10 cards, then (N - 1) % 10 labels. A card is 10
 * nodes: a container view (id "card<i>") at (0, 8 + 120 i), 375 x 112, holding
 *     an image 40 x 40 (corner radius 20), a label (id "title<i>") 200 x 20, a 2-line label 280 x 36,
 *     a button 72 x 28, and a toolbar view 200 x 24 holding four 24 x 24 icon views;
 * that is 8 bones (one of them 2 lines) per card, 9 bone layers. The extra labels follow the cards,
 * 30 points apart. The global style is shimmer, so every bone layer also gets a gradient and an
 * animation group. The tree is written two ways: as JSON text (built here with snprintf), and
 * through the gf_view_tree_* builder, and both must give byte-identical samples.
 *
 * Timed, best of R runs (R = 101, 31, 9 for the three sizes), each making and freeing a scene:
 *   c_abi_skeleton_generate_<N>         gf_skeleton_generate on a built tree (bones, layers, effect)
 *   c_abi_skeleton_generate_static_<N>  the same tree without an effect (animation none)
 *   c_abi_skeleton_from_json_<N>        gf_skeleton_from_json: JSON text to scene
 *   c_abi_view_tree_load_json_<N>       gf_view_tree_load_json alone (the JSON reading part)
 *   c_abi_view_tree_build_<N>           the builder calls that make the tree (create ... add_node)
 * and the growth ratios time(1,000) / time(100) and time(10,000) / time(1,000) (10 is linear).
 *
 * Sampling (target: under 50 us through the C ABI): a 1,000-bone shimmer skeleton, 100 cards of 10
 * single-line bones (an image, three labels, a button, a text field and four leaf views) on a root,
 * 1,002 layers. gf_scene_sample is timed as the best of 15 batches of 200 samples at varying t,
 * after the first sample (which compiles the scene; reported on its own) and a warm-up.
 * With malloc_count.so preloaded (scripts/bench.sh does), the allocation calls per sample too.
 *
 * Prints one line per measurement: "name value [unit]". Exits 2 if builder and JSON disagree.
 *
 * Two modes time nothing, for scripts/callgrind_skeleton.sh to count instructions with callgrind
 * (deterministic, unlike time on a shared machine):
 *   bench_skeleton --generate N R   builds the N-node shimmer tree, calls gf_skeleton_generate R
 *                                   times (freeing each scene);
 *   bench_skeleton --sample R       makes the 1,000-bone shimmer skeleton and calls gf_scene_sample
 *                                   1 + R times (the first compiles the scene).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_NAME "bench_skeleton"
#include "bench_common.h"
#include "ghostframe.h"

#define CARD_NODES 10
#define CARD_PITCH 120.0
#define LABEL_PITCH 30.0
#define SAMPLE_CARDS 100
#define SAMPLE_BONES_PER_CARD 10
#define SAMPLE_BATCH 200
#define SAMPLE_ROUNDS 15
#define ALLOCATION_SAMPLES 1000


/* ---- JSON text -------------------------------------------------------------------------------- */

typedef struct {
    char *text;
    size_t length, capacity;
} buffer;

static void append(buffer *b, const char *format, ...) {
    va_list args;
    int n;
    for (;;) {
        size_t room = b->capacity - b->length;
        va_start(args, format);
        n = vsnprintf(b->text + b->length, room, format, args);
        va_end(args);
        if (n < 0) exit(1);
        if ((size_t)n < room) break;
        b->capacity = b->capacity * 2 + (size_t)n + 1;
        b->text = realloc(b->text, b->capacity);
        if (b->text == NULL) exit(1);
    }
    b->length += (size_t)n;
}

/* ---- the generation tree ---------------------------------------------------------------------- */

static size_t card_count(size_t n) { return (n - 1) / CARD_NODES; }
static size_t extra_labels(size_t n) { return (n - 1) % CARD_NODES; }
static double root_height(size_t n) {
    return 8 + CARD_PITCH * (double)card_count(n) + LABEL_PITCH * (double)extra_labels(n);
}

/* The tree as JSON text; `animation` is "shimmer" or "none". */
static buffer tree_json(size_t n, const char *animation) {
    buffer b = {NULL, 0, 0};
    size_t i, cards = card_count(n);
    b.capacity = 256 * n + 1024;
    b.text = malloc(b.capacity);
    if (b.text == NULL) exit(1);
    append(&b, "{\"viewport\": [375, 667], \"style\": {\"animation\": \"%s\"},\n"
               " \"root\": {\"id\": \"screen\", \"frame\": [0, 0, 375, %.17g], \"children\": [\n",
           animation, root_height(n));
    for (i = 0; i < cards; i++) {
        append(&b,
               "  {\"id\": \"card%zu\", \"frame\": [0, %.17g, 375, 112], \"children\": [\n"
               "    {\"type\": \"image\", \"frame\": [16, 16, 40, 40], \"cornerRadius\": 20},\n"
               "    {\"id\": \"title%zu\", \"type\": \"label\", \"frame\": [68, 16, 200, 20]},\n"
               "    {\"type\": \"label\", \"frame\": [68, 44, 280, 36], \"lines\": 2},\n"
               "    {\"type\": \"button\", \"frame\": [287, 16, 72, 28]},\n"
               "    {\"frame\": [68, 84, 200, 24], \"children\": [\n"
               "      {\"frame\": [0, 0, 24, 24]}, {\"frame\": [40, 0, 24, 24]},"
               " {\"frame\": [80, 0, 24, 24]}, {\"frame\": [120, 0, 24, 24]}]}]}%s\n",
               i, 8 + CARD_PITCH * (double)i, i, (i + 1 < cards || extra_labels(n) > 0) ? "," : "");
    }
    for (i = 0; i < extra_labels(n); i++) {
        append(&b, "  {\"type\": \"label\", \"frame\": [16, %.17g, 300, 20]}%s\n",
               8 + CARD_PITCH * (double)cards + LABEL_PITCH * (double)i, i + 1 < extra_labels(n) ? "," : "");
    }
    append(&b, "]}}\n");
    return b;
}

static uint32_t add_node(gf_view_tree *tree, uint32_t parent, int32_t kind, const char *id, double x, double y,
                         double w, double h) {
    gf_view_node_desc d;
    uint32_t node = 0;
    gf_view_node_desc_init(&d);
    d.kind = kind;
    d.id = id;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    TRY(gf_view_tree_add_node(tree, parent, &d, &node));
    return node;
}

/* The same tree through the builder. */
static gf_view_tree *tree_built(size_t n, const char *animation) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc d;
    uint32_t root = 0, card, bar;
    size_t i, cards = card_count(n);
    char id[32], style[32];
    TRY(gf_view_tree_create(375, 667, &tree));
    snprintf(style, sizeof style, "\"%s\"", animation);
    TRY(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", style));
    gf_view_node_desc_init(&d);
    d.id = "screen";
    d.width = 375;
    d.height = root_height(n);
    TRY(gf_view_tree_set_root(tree, &d, &root));
    for (i = 0; i < cards; i++) {
        snprintf(id, sizeof id, "card%zu", i);
        card = add_node(tree, root, GF_VIEW_VIEW, id, 0, 8 + CARD_PITCH * (double)i, 375, 112);
        gf_view_node_desc_init(&d);
        d.kind = GF_VIEW_IMAGE;
        d.x = d.y = 16;
        d.width = d.height = 40;
        d.has_corner_radius = 1;
        d.corner_radius = 20;
        TRY(gf_view_tree_add_node(tree, card, &d, NULL));
        snprintf(id, sizeof id, "title%zu", i);
        add_node(tree, card, GF_VIEW_LABEL, id, 68, 16, 200, 20);
        gf_view_node_desc_init(&d);
        d.kind = GF_VIEW_LABEL;
        d.x = 68;
        d.y = 44;
        d.width = 280;
        d.height = 36;
        d.lines = 2;
        TRY(gf_view_tree_add_node(tree, card, &d, NULL));
        add_node(tree, card, GF_VIEW_BUTTON, NULL, 287, 16, 72, 28);
        bar = add_node(tree, card, GF_VIEW_VIEW, NULL, 68, 84, 200, 24);
        add_node(tree, bar, GF_VIEW_VIEW, NULL, 0, 0, 24, 24);
        add_node(tree, bar, GF_VIEW_VIEW, NULL, 40, 0, 24, 24);
        add_node(tree, bar, GF_VIEW_VIEW, NULL, 80, 0, 24, 24);
        add_node(tree, bar, GF_VIEW_VIEW, NULL, 120, 0, 24, 24);
    }
    for (i = 0; i < extra_labels(n); i++)
        add_node(tree, root, GF_VIEW_LABEL, NULL, 16, 8 + CARD_PITCH * (double)cards + LABEL_PITCH * (double)i, 300, 20);
    return tree;
}

/* ---- the 1,000-bone shimmer skeleton ------------------------------------------------------------ */

static buffer sampling_json(void) {
    static const char *const kinds[SAMPLE_BONES_PER_CARD] = {"image", "label", "label", "label", "button",
                                                             "textField", "view", "view", "view", "view"};
    buffer b = {NULL, 0, 0};
    size_t c, k;
    b.capacity = 1 << 16;
    b.text = malloc(b.capacity);
    if (b.text == NULL) exit(1);
    append(&b, "{\"viewport\": [375, 667], \"style\": {\"animation\": \"shimmer\"},\n"
               " \"root\": {\"frame\": [0, 0, 375, %d], \"children\": [\n", 8 + 120 * SAMPLE_CARDS);
    for (c = 0; c < SAMPLE_CARDS; c++) {
        append(&b, "  {\"frame\": [0, %zu, 375, 112], \"children\": [", 8 + 120 * c);
        for (k = 0; k < SAMPLE_BONES_PER_CARD; k++) {
            /* Two rows of five: 64 x 40 at (8 + 72 (k % 5), 8 + 52 (k / 5)). */
            append(&b, "{\"type\": \"%s\", \"frame\": [%zu, %zu, 64, 40]}%s", kinds[k], 8 + 72 * (k % 5),
                   8 + 52 * (k / 5), k + 1 < SAMPLE_BONES_PER_CARD ? ", " : "");
        }
        append(&b, "]}%s\n", c + 1 < SAMPLE_CARDS ? "," : "");
    }
    append(&b, "]}}\n");
    return b;
}

/* ---- measuring -------------------------------------------------------------------------------- */

static size_t layer_count(gf_scene *scene) {
    size_t count = 0;
    TRY(gf_scene_layer_count(scene, &count));
    return count;
}

/* The number of bones: "bone:0", "bone:1", ... (or their first lines) until one is missing. */
static size_t bone_count(gf_scene *scene) {
    char id[48];
    uint32_t index;
    size_t n;
    for (n = 0;; n++) {
        snprintf(id, sizeof id, "bone:%zu", n);
        if (gf_scene_layer_index(scene, id, &index) == GF_OK) continue;
        snprintf(id, sizeof id, "bone:%zu:line:0", n);
        if (gf_scene_layer_index(scene, id, &index) != GF_OK) return n;
    }
}

/* Whether two scenes sample the same bytes at a few times. */
static int same_samples(gf_scene *a, gf_scene *b) {
    static const double times[] = {0, 0.41, 1.3, 7.77};
    size_t count = layer_count(a), got = 0, i;
    gf_layer_state *x, *y;
    int same = 1;
    if (layer_count(b) != count) return 0;
    x = calloc(count, sizeof *x);
    y = calloc(count, sizeof *y);
    if (x == NULL || y == NULL) exit(1);
    for (i = 0; i < sizeof times / sizeof times[0]; i++) {
        memset(x, 0, count * sizeof *x);
        memset(y, 0, count * sizeof *y);
        TRY(gf_scene_sample(a, times[i], x, count, &got));
        TRY(gf_scene_sample(b, times[i], y, count, &got));
        if (memcmp(x, y, count * sizeof *x) != 0) same = 0;
    }
    free(x);
    free(y);
    return same;
}

static int rounds_for(size_t n) { return n <= 100 ? 101 : n <= 1000 ? 31 : 9; }

static double best_generate(const gf_view_tree *tree, int rounds) {
    double best = INFINITY;
    int r;
    for (r = 0; r < rounds; r++) {
        gf_scene *scene = NULL;
        double start = now(), elapsed;
        TRY(gf_skeleton_generate(tree, &scene));
        elapsed = now() - start;
        gf_scene_free(scene);
        if (elapsed < best) best = elapsed;
    }
    return best;
}

static double best_from_json(const buffer *json, int rounds) {
    double best = INFINITY;
    int r;
    for (r = 0; r < rounds; r++) {
        gf_scene *scene = NULL;
        double start = now(), elapsed;
        TRY(gf_skeleton_from_json(json->text, json->length, &scene));
        elapsed = now() - start;
        gf_scene_free(scene);
        if (elapsed < best) best = elapsed;
    }
    return best;
}

static double best_load_json(const buffer *json, int rounds) {
    double best = INFINITY;
    int r;
    for (r = 0; r < rounds; r++) {
        gf_view_tree *tree = NULL;
        double start = now(), elapsed;
        TRY(gf_view_tree_load_json(json->text, json->length, &tree));
        elapsed = now() - start;
        gf_view_tree_free(tree);
        if (elapsed < best) best = elapsed;
    }
    return best;
}

static double best_build(size_t n, int rounds) {
    double best = INFINITY;
    int r;
    for (r = 0; r < rounds; r++) {
        double start = now(), elapsed;
        gf_view_tree *tree = tree_built(n, "shimmer");
        elapsed = now() - start;
        gf_view_tree_free(tree);
        if (elapsed < best) best = elapsed;
    }
    return best;
}

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static double time_at(long k) { return 0.5 + 0.0137 * (double)k; }

static int bench_sampling(void) {
    gf_bench_begin_fn count_begin = (gf_bench_begin_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_begin");
    gf_bench_end_fn count_end = (gf_bench_end_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_end");
    buffer json = sampling_json();
    gf_scene *scene = NULL;
    gf_layer_state *states;
    size_t capacity, count = 0, bones, i;
    double start, first, best = INFINITY;
    unsigned long allocations = 0, frees = 0;
    long k, round;
    int status = 0;

    TRY(gf_skeleton_from_json(json.text, json.length, &scene));
    capacity = layer_count(scene);
    bones = bone_count(scene);
    states = calloc(capacity, sizeof *states);
    if (states == NULL) exit(1);

    start = now(); /* the first sample compiles the scene */
    TRY(gf_scene_sample(scene, 0, states, capacity, &count));
    first = now() - start;
    for (i = 0; i < 50; i++) TRY(gf_scene_sample(scene, time_at((long)i), states, capacity, &count));
    for (round = 0; round < SAMPLE_ROUNDS; round++) {
        double elapsed;
        start = now();
        for (k = 0; k < SAMPLE_BATCH; k++)
            gf_scene_sample(scene, time_at(round * SAMPLE_BATCH + k), states, capacity, &count);
        elapsed = (now() - start) / SAMPLE_BATCH;
        if (elapsed < best) best = elapsed;
        sink += states[capacity - 1].gradient_start_x;
    }
    if (count_begin && count_end) {
        count_begin();
        for (i = 0; i < ALLOCATION_SAMPLES; i++) gf_scene_sample(scene, time_at((long)i) + 0.001, states, capacity, &count);
        allocations = count_end(&frees);
    }

    printf("shimmer_sample_bones %zu\n", bones);
    printf("shimmer_sample_layers %zu\n", capacity);
    printf("c_abi_shimmer_first_sample_1000 %.1f us\n", first * 1e6);
    printf("c_abi_shimmer_sample_1000 %.2f us\n", best * 1e6);
    printf("c_abi_shimmer_per_layer_1000 %.1f ns\n", best * 1e9 / (double)capacity);
    if (count_begin && count_end) {
        printf("shimmer_allocations_per_sample_1000 %g\n", (double)allocations / ALLOCATION_SAMPLES);
        if (allocations != 0) status = 3;
    } else {
        printf("shimmer_allocations_per_sample_1000 unavailable (preload malloc_count.so, as scripts/bench.sh does)\n");
    }
    free(states);
    free(json.text);
    gf_scene_free(scene);
    return status;
}

/* --generate N R: R generations of the N-node shimmer tree, for an instruction count. */
static int generate_only(size_t n, long rounds) {
    gf_view_tree *tree = tree_built(n, "shimmer");
    long r;
    for (r = 0; r < rounds; r++) {
        gf_scene *scene = NULL;
        TRY(gf_skeleton_generate(tree, &scene));
        gf_scene_free(scene);
    }
    gf_view_tree_free(tree);
    return 0;
}

/* --sample R: the first sample (compiling) and R more of the 1,000-bone shimmer skeleton. */
static int sample_only(long rounds) {
    buffer json = sampling_json();
    gf_scene *scene = NULL;
    gf_layer_state *states;
    size_t capacity, count = 0;
    long k;
    TRY(gf_skeleton_from_json(json.text, json.length, &scene));
    capacity = layer_count(scene);
    states = calloc(capacity, sizeof *states);
    if (states == NULL) exit(1);
    TRY(gf_scene_sample(scene, 0, states, capacity, &count));
    for (k = 0; k < rounds; k++) TRY(gf_scene_sample(scene, time_at(k), states, capacity, &count));
    free(states);
    free(json.text);
    gf_scene_free(scene);
    return 0;
}

int main(int argc, char **argv) {
    static const size_t sizes[] = {100, 1000, 10000};
    double generate[3], from_json[3];
    int exit_code = 0, s;

    if (argc == 4 && strcmp(argv[1], "--generate") == 0) {
        long n = strtol(argv[2], NULL, 10), rounds = strtol(argv[3], NULL, 10);
        if (n < 1 || rounds < 1) {
            fprintf(stderr, "usage: bench_skeleton [--generate NODES ROUNDS]\n");
            return 1;
        }
        return generate_only((size_t)n, rounds);
    }
    if (argc == 3 && strcmp(argv[1], "--sample") == 0) {
        long rounds = strtol(argv[2], NULL, 10);
        if (rounds < 0) {
            fprintf(stderr, "usage: bench_skeleton [--sample ROUNDS]\n");
            return 1;
        }
        return sample_only(rounds);
    }

    for (s = 0; s < 3; s++) {
        size_t n = sizes[s];
        int rounds = rounds_for(n);
        buffer json = tree_json(n, "shimmer");
        gf_view_tree *tree = tree_built(n, "shimmer"), *static_tree = tree_built(n, "none");
        gf_scene *a = NULL, *b = NULL;
        double build, load, generate_static;

        /* Builder and JSON make the same skeleton. */
        TRY(gf_skeleton_generate(tree, &a));
        TRY(gf_skeleton_from_json(json.text, json.length, &b));
        if (!same_samples(a, b)) {
            fprintf(stderr, "bench_skeleton: builder and JSON disagree at N = %zu\n", n);
            exit_code = 2;
        }
        printf("skeleton_nodes_%zu bones %zu layers %zu json_bytes %zu\n", n, bone_count(a), layer_count(a),
               json.length);
        gf_scene_free(a);
        gf_scene_free(b);

        generate[s] = best_generate(tree, rounds);
        generate_static = best_generate(static_tree, rounds);
        from_json[s] = best_from_json(&json, rounds);
        load = best_load_json(&json, rounds);
        build = best_build(n, rounds);
        printf("c_abi_skeleton_generate_%zu %.3f ms\n", n, generate[s] * 1e3);
        printf("c_abi_skeleton_generate_static_%zu %.3f ms\n", n, generate_static * 1e3);
        printf("c_abi_skeleton_from_json_%zu %.3f ms\n", n, from_json[s] * 1e3);
        printf("c_abi_view_tree_load_json_%zu %.3f ms\n", n, load * 1e3);
        printf("c_abi_view_tree_build_%zu %.3f ms\n", n, build * 1e3);
        printf("c_abi_skeleton_generate_per_node_%zu %.0f ns\n", n, generate[s] * 1e9 / (double)n);
        free(json.text);
        gf_view_tree_free(tree);
        gf_view_tree_free(static_tree);
    }
    printf("c_abi_skeleton_generate_growth_1000_over_100 %.2f\n", generate[1] / generate[0]);
    printf("c_abi_skeleton_generate_growth_10000_over_1000 %.2f\n", generate[2] / generate[1]);
    printf("c_abi_skeleton_from_json_growth_1000_over_100 %.2f\n", from_json[1] / from_json[0]);
    printf("c_abi_skeleton_from_json_growth_10000_over_1000 %.2f\n", from_json[2] / from_json[1]);

    s = bench_sampling();
    if (s != 0 && exit_code == 0) exit_code = s;
    return exit_code;
}
