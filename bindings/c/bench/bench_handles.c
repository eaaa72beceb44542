/*
 * bench_handles.c -- what the handle checks cost (docs/c-api.md "Misuse"): calls that do almost
 * nothing besides checking their handle (gf_scene_layer_count, gf_curve_eval) and gf_scene_sample
 * of a 1-layer and a 50-layer scene, each layer with a running opacity animation.
 *
 * Times are the best of ROUNDS batches of COUNT calls (argv[1] overrides COUNT). On a shared
 * machine, run it several times, interleaved with the build being compared, and keep the best.
 * Prints one line per measurement: "name ns_per_call".
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>

#define BENCH_NAME "bench_handles"
#include "bench_common.h"
#include "ghostframe.h"

#define ROUNDS 15
#define MAX_LAYERS 64

static gf_scene *make_scene(int layers) {
    gf_scene *scene = NULL;
    gf_timing *timing = NULL;
    gf_animation *fade = NULL;
    gf_timing_params p;
    gf_layer_desc d;
    double from = 0, to = 1;
    char id[32];
    int i;
    TRY(gf_scene_create(&scene));
    gf_timing_params_init(&p);
    p.duration = 1;
    p.iterations = 1e9;
    TRY(gf_timing_create(&p, &timing));
    TRY(gf_animation_create_basic("opacity", timing, &fade));
    TRY(gf_animation_set_values(fade, GF_VALUE_FROM, &from, 1));
    TRY(gf_animation_set_values(fade, GF_VALUE_TO, &to, 1));
    for (i = 0; i < layers; i++) {
        gf_layer_desc_init(&d);
        sprintf(id, "l%d", i);
        d.id = id;
        d.width = d.height = 10;
        TRY(gf_scene_add_layer(scene, &d, NULL));
        TRY(gf_scene_add_animation(scene, id, fade, NULL, NULL));
    }
    gf_animation_free(fade);
    gf_timing_free(timing);
    return scene;
}

int main(int argc, char **argv) {
    static const int sizes[] = {1, 50};
    long count = argc > 1 ? atol(argv[1]) : 1000000, i;
    gf_layer_state *states = malloc(MAX_LAYERS * sizeof *states);
    gf_curve *curve = NULL;
    size_t k, n;
    int round;
    if (states == NULL || count <= 0) return 1;
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        gf_scene *scene = make_scene(sizes[k]);
        double best_sample = 1e9, best_count = 1e9;
        TRY(gf_scene_sample(scene, 0, states, MAX_LAYERS, &n)); /* compiles the scene */
        for (round = 0; round < ROUNDS; round++) {
            double start = now(), total = 0;
            for (i = 0; i < count; i++) gf_scene_sample(scene, (double)(i & 1023) * 0.001, states, MAX_LAYERS, &n);
            if (now() - start < best_sample) best_sample = now() - start;
            start = now();
            for (i = 0; i < count; i++) {
                gf_scene_layer_count(scene, &n);
                total += (double)n;
            }
            if (now() - start < best_count) best_count = now() - start;
            sink = total;
        }
        printf("gf_scene_sample_%d_layers %.2f\n", sizes[k], best_sample * 1e9 / (double)count);
        printf("gf_scene_layer_count %.2f\n", best_count * 1e9 / (double)count);
        gf_scene_free(scene);
    }
    TRY(gf_curve_parse("ease", &curve));
    {
        double best = 1e9, y, sum = 0;
        for (round = 0; round < ROUNDS; round++) {
            double start = now();
            for (i = 0; i < count; i++) {
                gf_curve_eval(curve, (double)(i & 1023) / 1024.0, 0, &y);
                sum += y;
            }
            if (now() - start < best) best = now() - start;
        }
        sink = sum;
        printf("gf_curve_eval %.2f\n", best * 1e9 / (double)count);
    }
    gf_curve_free(curve);
    free(states);
    return 0;
}
