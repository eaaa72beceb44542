/*
 * bench_scene.c -- sampling a scene through the C ABI, against a plain C loop computing the same
 * frame over the same data, and the allocations a sample makes.
 *
 * The scene (the same in SceneBenchmarks.swift): N layers as children of one
 * root (opacity 0.9, frame 0 0 1200 x 16 * rows) on a grid of 50 columns: layer i at
 * (24 * (i % 50) + 2, 16 * (i / 50) + 2), 20 x 12, with two running animations, each delayed by
 * 0.025 * (i % 16) s:
 *   position.x  basic from x + 10 to x + 22 (the anchor is the centre), 0.8 s, repeating forever,
 *               alternate, ease-in-out;
 *   opacity     keyframes 0.4, 1, 0.4 (linear, evenly spaced), 1.2 s, repeating forever.
 *
 * The plain loop computes, per layer, the Web Animations progress of both timings (phase,
 * iteration, alternate direction, the cubic-bezier of bench_bezier.h), both interpolations, then
 * the output the library writes: the frame in root coordinates, the 2D affine transform (rotation
 * 0 and scale 1 here, but computed generally with cos/sin and concatenated with the parent's, as
 * the engine does) and the opacity times the parent's, into a gf_layer_state array. Its values
 * are checked against the library's (1e-9) at a few times before anything is timed.
 *
 * Times are the best of ROUNDS batches of samples at varying t, after a warm-up (the first sample
 * after building compiles the scene; it is reported separately).
 *
 * Allocations: when malloc_count.so (malloc_count.c) is preloaded, the exact number of allocation
 * calls during gf_scene_sample; always, glibc's mallinfo2() before and after (net change only).
 *
 * Prints one line per measurement: "name value [unit]".
 *
 * One mode times nothing, for scripts/callgrind_scene.sh to count instructions with callgrind:
 *   bench_scene --count N R   builds the N-layer scene, samples it once at t = 0 (which compiles
 *                             it), then R more times at varying t with gf_scene_sample
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_NAME "bench_scene"
#include "bench_common.h"
#include "ghostframe.h"
#include "bench_bezier.h"

#define COLUMNS 50
#define CELL_W 24.0
#define CELL_H 16.0
#define LAYER_W 20.0
#define LAYER_H 12.0
#define DELAYS 16
#define DELAY_STEP 0.025
#define MOVE_DURATION 0.8
#define MOVE_DISTANCE 12.0
#define FADE_DURATION 1.2
#define ROOT_OPACITY 0.9
#define ROUNDS 15
#define ALLOCATION_SAMPLES 1000

static const double keyframe_values[3] = {0.4, 1.0, 0.4};


/* ---- the scene, through the C API ------------------------------------------------------------ */

static double layer_x(size_t i) { return CELL_W * (double)(i % COLUMNS) + 2; }
static double layer_y(size_t i) { return CELL_H * (double)(i / COLUMNS) + 2; }
static double layer_delay(size_t i) { return DELAY_STEP * (double)(i % DELAYS); }

static gf_timing *make_timing(double duration, double delay, int32_t direction, const gf_curve *easing) {
    gf_timing_params p;
    gf_timing *timing = NULL;
    gf_timing_params_init(&p);
    p.duration = duration;
    p.delay = delay;
    p.iterations = INFINITY;
    p.direction = direction;
    p.easing = easing;
    TRY(gf_timing_create(&p, &timing));
    return timing;
}

static gf_scene *build_scene(size_t n) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    gf_timing *move[DELAYS], *fade[DELAYS];
    gf_curve *ease_in_out = NULL;
    char id[32];
    size_t i, rows = (n + COLUMNS - 1) / COLUMNS;
    TRY(gf_curve_parse("ease-in-out", &ease_in_out));
    for (i = 0; i < DELAYS; i++) {
        move[i] = make_timing(MOVE_DURATION, layer_delay(i), GF_DIRECTION_ALTERNATE, ease_in_out);
        fade[i] = make_timing(FADE_DURATION, layer_delay(i), GF_DIRECTION_NORMAL, NULL);
    }
    TRY(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "root";
    d.width = CELL_W * COLUMNS;
    d.height = CELL_H * (double)rows;
    d.opacity = ROOT_OPACITY;
    TRY(gf_scene_add_layer(scene, &d, NULL));
    for (i = 0; i < n; i++) {
        gf_animation *animation = NULL;
        double from = layer_x(i) + LAYER_W / 2, to = from + MOVE_DISTANCE;
        sprintf(id, "l%zu", i);
        gf_layer_desc_init(&d);
        d.id = id;
        d.parent = "root";
        d.x = layer_x(i);
        d.y = layer_y(i);
        d.width = LAYER_W;
        d.height = LAYER_H;
        TRY(gf_scene_add_layer(scene, &d, NULL));

        TRY(gf_animation_create_basic("position.x", move[i % DELAYS], &animation));
        TRY(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
        TRY(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
        TRY(gf_scene_add_animation(scene, id, animation, "move", NULL));
        gf_animation_free(animation);

        TRY(gf_animation_create_keyframes("opacity", fade[i % DELAYS], &animation));
        TRY(gf_animation_set_keyframes(animation, keyframe_values, 3, NULL, 0));
        TRY(gf_scene_add_animation(scene, id, animation, "fade", NULL));
        gf_animation_free(animation);
    }
    for (i = 0; i < DELAYS; i++) {
        gf_timing_free(move[i]);
        gf_timing_free(fade[i]);
    }
    gf_curve_free(ease_in_out);
    return scene;
}

/* ---- the same frame in plain C --------------------------------------------------------------- */

typedef struct {
    double x, y, width, height, anchor_x, anchor_y, opacity, rotation, scale_x, scale_y;
    double from, to, move_delay, fade_delay;
} plain_layer;

typedef struct {
    size_t count;      /* layers, the root first */
    plain_layer *layers;
    bezier ease_in_out;
} plain_scene;

static plain_scene plain_build(size_t n) {
    plain_scene p;
    size_t i, rows = (n + COLUMNS - 1) / COLUMNS;
    p.count = n + 1;
    p.layers = calloc(p.count, sizeof *p.layers);
    if (!p.layers) exit(1);
    p.ease_in_out = bezier_make(0.42, 0, 0.58, 1);
    for (i = 0; i < p.count; i++) {
        plain_layer *l = &p.layers[i];
        l->anchor_x = l->anchor_y = 0.5;
        l->scale_x = l->scale_y = 1;
        l->rotation = 0;
        if (i == 0) {
            l->width = CELL_W * COLUMNS;
            l->height = CELL_H * (double)rows;
            l->opacity = ROOT_OPACITY;
            continue;
        }
        l->x = layer_x(i - 1);
        l->y = layer_y(i - 1);
        l->width = LAYER_W;
        l->height = LAYER_H;
        l->opacity = 1;
        l->from = l->x + LAYER_W / 2;
        l->to = l->from + MOVE_DISTANCE;
        l->move_delay = l->fade_delay = layer_delay(i - 1);
    }
    return p;
}

/*
 * Web Animations progress for an endless iteration count, no fill, iteration start 0: -1 before
 * the delay (no effect), else the directed progress of the current iteration.
 */
static double directed_progress(double t, double delay, double duration, int alternate) {
    double overall, iteration, simple;
    if (t < delay) return -1;
    overall = (t - delay) / duration;
    iteration = floor(overall);
    simple = overall - iteration;
    if (alternate && ((long long)iteration & 1)) return 1 - simple;
    return simple;
}

/* Writes the state of every layer at t, as gf_scene_sample does. */
static void plain_sample(const plain_scene *p, double t, gf_layer_state *out) {
    static const gf_layer_state zero;
    size_t i;
    for (i = 0; i < p->count; i++) {
        const plain_layer *l = &p->layers[i];
        gf_layer_state *s = &out[i];
        double position_x = l->x + l->anchor_x * l->width, position_y = l->y + l->anchor_y * l->height;
        double opacity = l->opacity, progress, anchor_x, anchor_y, cosine, sine, a, b, c, d, tx, ty;
        if (i > 0) {
            progress = directed_progress(t, l->move_delay, MOVE_DURATION, 1);
            if (progress >= 0) {
                progress = bezier_eval(&p->ease_in_out, progress);
                position_x = l->from + (l->to - l->from) * progress;
            }
            progress = directed_progress(t, l->fade_delay, FADE_DURATION, 0);
            if (progress >= 0) { /* keyframes at 0, 0.5, 1 */
                int segment = progress < 0.5 ? 0 : 1;
                double t0 = segment * 0.5, u = (progress - t0) / 0.5;
                opacity = keyframe_values[segment] + (keyframe_values[segment + 1] - keyframe_values[segment]) * u;
            }
        }
        /* Layer space -> parent space: to the anchor, scale, rotate, to the position. */
        anchor_x = l->anchor_x * l->width;
        anchor_y = l->anchor_y * l->height;
        cosine = cos(l->rotation);
        sine = sin(l->rotation);
        a = cosine * l->scale_x;
        b = sine * l->scale_x;
        c = -sine * l->scale_y;
        d = cosine * l->scale_y;
        tx = position_x - (a * anchor_x + c * anchor_y);
        ty = position_y - (b * anchor_x + d * anchor_y);
        *s = zero;
        s->index = (uint32_t)i;
        s->width = l->width;
        s->height = l->height;
        if (i > 0) { /* every layer but the root is the root's child */
            const gf_layer_state *r = &out[0];
            const double *m = r->transform;
            s->parent = 0;
            s->x = r->x + position_x - anchor_x;
            s->y = r->y + position_y - anchor_y;
            s->transform[0] = m[0] * a + m[2] * b;
            s->transform[1] = m[1] * a + m[3] * b;
            s->transform[2] = m[0] * c + m[2] * d;
            s->transform[3] = m[1] * c + m[3] * d;
            s->transform[4] = m[0] * tx + m[2] * ty + m[4];
            s->transform[5] = m[1] * tx + m[3] * ty + m[5];
            opacity *= r->opacity;
        } else {
            s->parent = -1;
            s->x = position_x - anchor_x;
            s->y = position_y - anchor_y;
            s->transform[0] = a;
            s->transform[1] = b;
            s->transform[2] = c;
            s->transform[3] = d;
            s->transform[4] = tx;
            s->transform[5] = ty;
        }
        s->opacity = opacity < 0 ? 0 : opacity > 1 ? 1 : opacity;
    }
}

/* The largest difference between the library's states and the plain loop's (integers must match). */
static double max_difference(const gf_layer_state *lib, const gf_layer_state *plain, size_t count) {
    double worst = 0;
    size_t i;
    int k;
    for (i = 0; i < count; i++) {
        const gf_layer_state *x = &lib[i], *y = &plain[i];
        double values[][2] = {{x->x, y->x}, {x->y, y->y}, {x->width, y->width}, {x->height, y->height},
                              {x->opacity, y->opacity}, {x->corner_radius, y->corner_radius}, {x->a, y->a},
                              {x->transform[0], y->transform[0]}, {x->transform[1], y->transform[1]},
                              {x->transform[2], y->transform[2]}, {x->transform[3], y->transform[3]},
                              {x->transform[4], y->transform[4]}, {x->transform[5], y->transform[5]}};
        if (x->index != y->index || x->parent != y->parent || x->flags != y->flags) return INFINITY;
        for (k = 0; k < (int)(sizeof values / sizeof values[0]); k++) {
            double diff = fabs(values[k][0] - values[k][1]);
            if (!(diff <= worst)) worst = diff; /* NaN counts as the worst */
        }
    }
    return worst;
}

/* ---- measuring ------------------------------------------------------------------------------- */

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static double time_at(long k) { return 0.5 + 0.0137 * (double)k; }

/* Samples per timed batch: about 200,000 layer states. */
static long batch_size(size_t n) {
    long batch = (long)(200000 / n);
    return batch < 4 ? 4 : batch;
}

static double best_library(gf_scene *scene, gf_layer_state *states, size_t capacity, size_t n) {
    long batch = batch_size(n), k, round;
    double best = INFINITY;
    size_t count;
    for (round = 0; round < ROUNDS; round++) {
        double start = now(), elapsed;
        for (k = 0; k < batch; k++) gf_scene_sample(scene, time_at(round * batch + k), states, capacity, &count);
        elapsed = (now() - start) / (double)batch;
        if (elapsed < best) best = elapsed;
        sink = states[capacity - 1].x;
    }
    return best;
}

static double best_plain(const plain_scene *p, gf_layer_state *states, size_t n) {
    long batch = batch_size(n), k, round;
    double best = INFINITY;
    for (round = 0; round < ROUNDS; round++) {
        double start = now(), elapsed;
        for (k = 0; k < batch; k++) plain_sample(p, time_at(round * batch + k), states);
        elapsed = (now() - start) / (double)batch;
        if (elapsed < best) best = elapsed;
        sink = states[p->count - 1].x;
    }
    return best;
}

/* --count N R: the first sample (compiling) and R more, for an instruction count. */
static int count_mode(size_t n, long rounds) {
    size_t capacity = n + 1, count = 0;
    long k;
    gf_scene *scene = build_scene(n);
    gf_layer_state *states = calloc(capacity, sizeof *states);
    if (!states) return 1;
    TRY(gf_scene_sample(scene, 0, states, capacity, &count));
    for (k = 0; k < rounds; k++) TRY(gf_scene_sample(scene, 0.5 + 0.0137 * (double)k, states, capacity, &count));
    gf_scene_free(scene);
    free(states);
    return 0;
}

int main(int argc, char **argv) {
    static const size_t sizes[] = {100, 1000, 10000};
    static const double check_times[] = {0, 0.01, 0.3, 0.77, 1.234, 5.5, 17.01, 123.456};
    gf_bench_begin_fn count_begin = (gf_bench_begin_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_begin");
    gf_bench_end_fn count_end = (gf_bench_end_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_end");
    double per_layer[3] = {0, 0, 0};
    int exit_code = 0;
    size_t s;

    if (argc == 4 && strcmp(argv[1], "--count") == 0) {
        long n = atol(argv[2]), rounds = atol(argv[3]);
        if (n < 1 || rounds < 0) {
            fprintf(stderr, "usage: bench_scene [--count LAYERS ROUNDS]\n");
            return 1;
        }
        return count_mode((size_t)n, rounds);
    }
    if (count_begin && count_end) { /* the counter works: parsing a curve does allocate */
        gf_curve *curve = NULL;
        count_begin();
        TRY(gf_curve_parse("cubic-bezier(0.1, 0.2, 0.3, 0.4)", &curve));
        gf_curve_free(curve);
        printf("allocations_check_curve_parse %lu\n", count_end(NULL));
    }
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s], capacity = n + 1, count = 0, i;
        gf_scene *scene = build_scene(n);
        plain_scene plain = plain_build(n);
        gf_layer_state *states = calloc(capacity, sizeof *states), *reference = calloc(capacity, sizeof *reference);
        double start, first, library, hand, worst = 0;
        unsigned long allocations = 0, frees = 0, first_allocations = 0;
        struct mallinfo2 before, after;
        if (!states || !reference) return 1;

        /* The first sample compiles the scene. */
        if (count_begin) count_begin();
        start = now();
        TRY(gf_scene_sample(scene, 0, states, capacity, &count));
        first = now() - start;
        if (count_end) first_allocations = count_end(NULL);
        if (count != capacity) {
            fprintf(stderr, "bench_scene: %zu layers sampled, expected %zu\n", count, capacity);
            return 1;
        }

        /* The plain loop computes what the library does. */
        for (i = 0; i < sizeof check_times / sizeof check_times[0]; i++) {
            double diff;
            TRY(gf_scene_sample(scene, check_times[i], states, capacity, &count));
            plain_sample(&plain, check_times[i], reference);
            diff = max_difference(states, reference, capacity);
            if (diff > worst || diff != diff) worst = diff;
        }
        if (!(worst <= 1e-9)) {
            fprintf(stderr, "bench_scene: the plain loop differs from the library by %g at N = %zu\n", worst, n);
            exit_code = 2;
        }

        /* Warm-up, then the timings. */
        for (i = 0; i < 20; i++) gf_scene_sample(scene, time_at((long)i), states, capacity, &count);
        library = best_library(scene, states, capacity, n);
        for (i = 0; i < 20; i++) plain_sample(&plain, time_at((long)i), reference);
        hand = best_plain(&plain, reference, n);
        per_layer[s] = library / (double)n;

        /* Allocations per sample: net bytes and chunks from mallinfo2, exact calls from the shim. */
        before = mallinfo2();
        if (count_begin) count_begin();
        for (i = 0; i < ALLOCATION_SAMPLES; i++)
            gf_scene_sample(scene, time_at((long)i) + 0.001, states, capacity, &count);
        if (count_end) allocations = count_end(&frees);
        after = mallinfo2();

        printf("c_abi_first_sample_%zu %.1f us\n", n, first * 1e6);
        printf("c_abi_scene_sample_%zu %.2f us\n", n, library * 1e6);
        printf("plain_c_scene_%zu %.2f us\n", n, hand * 1e6);
        printf("scene_ratio_%zu %.2f\n", n, library / hand);
        printf("c_abi_per_layer_%zu %.1f ns\n", n, library * 1e9 / (double)n);
        printf("plain_c_vs_library_max_difference_%zu %.3g\n", n, worst);
        if (count_begin && count_end) {
            printf("allocations_per_sample_%zu %g\n", n, (double)allocations / ALLOCATION_SAMPLES);
            printf("frees_per_sample_%zu %g\n", n, (double)frees / ALLOCATION_SAMPLES);
            printf("allocations_first_sample_%zu %lu\n", n, first_allocations);
        } else {
            printf("allocations_per_sample_%zu unavailable (preload malloc_count.so, as scripts/bench.sh does)\n", n);
        }
        printf("mallinfo_net_bytes_over_%d_samples_%zu %+ld\n", ALLOCATION_SAMPLES, n,
               (long)(after.uordblks + after.hblkhd) - (long)(before.uordblks + before.hblkhd));
        printf("mallinfo_net_chunks_over_%d_samples_%zu %+ld\n", ALLOCATION_SAMPLES, n,
               (long)(after.ordblks + after.hblks) - (long)(before.ordblks + before.hblks));
        if (count_begin && allocations != 0) exit_code = 3;

        gf_scene_free(scene);
        free(plain.layers);
        free(states);
        free(reference);
    }
    printf("c_abi_per_layer_growth_1000_over_100 %.2f\n", per_layer[1] / per_layer[0]);
    printf("c_abi_per_layer_growth_10000_over_1000 %.2f\n", per_layer[2] / per_layer[1]);
    return exit_code;
}
