/*
 * peer_loop.c -- the C side of bench_peers.py for the Lottie players: times their per-frame
 * update called from C, as sample_loop.c times gf_scene_sample, so the players and Ghostframe are
 * compared without Python's call in between. The players' functions come in as pointers (the
 * benchmark passes the ones rlottie-python and thorvg-python loaded), so this file links against
 * nothing but libc.
 *
 *   cc -O2 -shared -fPIC bindings/python/bench/peer_loop.c -o peer_loop.so
 */
#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <time.h>

/* rlottie's lottie_animation_render_tree, ThorVG's tvg_animation_set_frame and tvg_canvas_update. */
typedef const void *(*render_tree_fn)(void *animation, size_t frame, size_t width, size_t height);
typedef int (*set_frame_fn)(void *animation, float frame);
typedef int (*update_fn)(void *canvas);

/* Seconds since an arbitrary start. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Seconds per call of render_tree(animation, (first + k) % cycle, width, height) for k in
 * [0, count); *out_null counts the calls that returned NULL. */
double gf_bench_rlottie_loop(render_tree_fn render_tree, void *animation, size_t first, size_t count, size_t cycle,
                             size_t width, size_t height, size_t *out_null) {
    size_t k, nulls = 0;
    double start = now();
    for (k = 0; k < count; k++)
        if (render_tree(animation, (first + k) % cycle, width, height) == NULL) nulls++;
    *out_null = nulls;
    return (now() - start) / (double)(count ? count : 1);
}

/* Seconds per frame of set_frame(animation, (first + k) % cycle), then update(canvas) unless
 * update is NULL, for k in [0, count); *out_failed counts the non-zero statuses. */
double gf_bench_thorvg_loop(set_frame_fn set_frame, update_fn update, void *animation, void *canvas, size_t first,
                            size_t count, size_t cycle, size_t *out_failed) {
    size_t k, failed = 0;
    double start = now();
    for (k = 0; k < count; k++) {
        if (set_frame(animation, (float)((first + k) % cycle)) != 0) failed++;
        if (update != NULL && update(canvas) != 0) failed++;
    }
    *out_failed = failed;
    return (now() - start) / (double)(count ? count : 1);
}
