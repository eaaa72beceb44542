/*
 * sample_loop.c -- the C side of bench_scene.py: times `calls` calls of gf_scene_sample made
 * from C, on the scene and into the array the Python benchmark uses, so the Python numbers of
 * the same run have the bare C call to be compared with (what the binding adds is the
 * difference). The library function comes in as a pointer (the benchmark passes the one ctypes
 * loaded), so this file links against nothing but libc.
 *
 *   cc -O2 -shared -fPIC -I Include bindings/python/bench/sample_loop.c -o sample_loop.so
 */
#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "ghostframe.h"

typedef gf_status (*gf_sample_fn)(gf_scene *scene, double t, gf_layer_state *out_states, size_t capacity,
                                  size_t *out_count);

/* Seconds per call of `sample(scene, t0 + k * dt, out, capacity, &count)` for k in
 * [0, calls); *out_status receives the first failing status (GF_OK if none). */
double gf_bench_sample_loop(gf_sample_fn sample, gf_scene *scene, double t0, double dt, size_t calls,
                            gf_layer_state *out, size_t capacity, int32_t *out_status) {
    struct timespec start, end;
    size_t count = 0, k;
    gf_status status = GF_OK, s;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (k = 0; k < calls; k++) {
        s = sample(scene, t0 + (double)k * dt, out, capacity, &count);
        if (s != GF_OK && status == GF_OK) status = s;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    *out_status = status;
    return ((double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec)) /
           (double)(calls ? calls : 1);
}
