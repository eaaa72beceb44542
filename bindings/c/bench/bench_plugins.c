/*
 * bench_plugins.c -- issue 16: the cost per value of a host curve (a C callback) against the
 * built-in curve of the same math, easeInQuad (x^2), in batch (gf_curve_eval_n), one call at a
 * time (gf_curve_eval) and inside scene sampling (LAYERS layers, each fading with that easing).
 * Both curves compute x^2, so the difference is what the callback costs. Also counts the
 * allocation calls of 1,000 samples of the host-curve scene (malloc_count.so preloaded, as
 * scripts/bench.sh does): must be 0 (a WARNING line and exit 3 when not).
 * Prints one line per measurement: "name value unit".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_NAME "bench_plugins"
#include "bench_common.h"

#define COUNT 1000000
#define ROUNDS 7
#define LAYERS 1000
#define SAMPLES 200

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static double square(void *user_data, double x) {
    (void)user_data;
    return x * x;
}

static gf_scene *fading_scene(const char *easing) {
    size_t size = 256 + (size_t)LAYERS * 256;
    char *json = malloc(size), *p = json;
    p += sprintf(p, "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [");
    for (int i = 0; i < LAYERS; i++)
        p += sprintf(p, "%s{\"id\": \"l%d\", \"frame\": [0, 0, 10, 10]}", i ? ", " : "", i);
    p += sprintf(p, "], \"animations\": [");
    for (int i = 0; i < LAYERS; i++)
        p += sprintf(p, "%s{\"layer\": \"l%d\", \"key\": \"f\", \"type\": \"basic\", \"keyPath\": \"opacity\", "
                        "\"from\": 0, \"to\": 1, \"timing\": {\"duration\": 1, \"delay\": %g, \"fill\": \"both\", "
                        "\"easing\": \"%s\"}}", i ? ", " : "", i, i * 1e-4, easing);
    sprintf(p, "]}");
    gf_scene *scene = NULL;
    TRY(gf_scene_load_json(json, strlen(json), &scene));
    free(json);
    return scene;
}

static double per_value_sampling(gf_scene *scene, gf_layer_state *states) {
    double best = 1e9;
    size_t count = 0;
    for (int round = 0; round < ROUNDS; round++) {
        double start = now();
        for (int s = 0; s < SAMPLES; s++) TRY(gf_scene_sample(scene, s / (double)SAMPLES, states, LAYERS, &count));
        double elapsed = now() - start;
        if (elapsed < best) best = elapsed;
    }
    return best / SAMPLES / LAYERS;
}

int main(void) {
    double *xs = malloc(COUNT * sizeof *xs), *ys = malloc(COUNT * sizeof *ys);
    gf_layer_state *states = malloc(LAYERS * sizeof *states);
    if (!xs || !ys || !states) return 1;
    unsigned long long state = 42;
    for (int i = 0; i < COUNT; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        xs[i] = (double)(state >> 11) / 9007199254740992.0;
    }
    TRY(gf_register_curve("bench.square", square, NULL, NULL));
    const char *specs[2] = {"easeInQuad", "bench.square"};
    const char *names[2] = {"builtin_easeInQuad", "c_host_curve"};
    for (int k = 0; k < 2; k++) {
        gf_curve *curve = NULL;
        TRY(gf_curve_parse(specs[k], &curve));
        double best_batch = 1e9, best_single = 1e9;
        for (int round = 0; round < ROUNDS; round++) {
            double start = now();
            TRY(gf_curve_eval_n(curve, xs, ys, COUNT));
            if (now() - start < best_batch) best_batch = now() - start;
            start = now();
            double sum = 0, y;
            for (int i = 0; i < COUNT; i++) {
                gf_curve_eval(curve, xs[i], 0, &y);
                sum += y;
            }
            sink = sum;
            if (now() - start < best_single) best_single = now() - start;
        }
        printf("%s_eval_n %.2f ns/value\n", names[k], best_batch * 1e9 / COUNT);
        printf("%s_eval %.2f ns/value\n", names[k], best_single * 1e9 / COUNT);
        gf_curve_free(curve);
        gf_scene *scene = fading_scene(specs[k]);
        printf("%s_scene_sample %.2f ns/layer (%d layers)\n", names[k], per_value_sampling(scene, states) * 1e9, LAYERS);
        gf_scene_free(scene);
    }
    /* Allocation calls while sampling the host-curve scene (after a first, compiling sample). */
    int status = 0;
    gf_bench_begin_fn begin = (gf_bench_begin_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_begin");
    gf_bench_end_fn end = (gf_bench_end_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_end");
    if (begin && end) {
        gf_scene *scene = fading_scene("bench.square");
        size_t count = 0;
        TRY(gf_scene_sample(scene, 0.5, states, LAYERS, &count));
        unsigned long frees = 0;
        begin();
        for (int s = 0; s < 1000; s++) TRY(gf_scene_sample(scene, s / 1000.0, states, LAYERS, &count));
        unsigned long calls = end(&frees);
        printf("c_host_curve_allocations_per_sample %.3f calls\n", calls / 1000.0);
        if (calls != 0) {
            printf("WARNING bench_plugins: sampling a host-curve scene allocated\n");
            status = 3;
        }
        gf_scene_free(scene);
    }
    gf_unregister_curve("bench.square");
    free(xs);
    free(ys);
    free(states);
    return status;
}
