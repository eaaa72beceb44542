/*
 * bench_draw_sdl: the feed skeleton (examples/trees/feed.json) sampled and drawn with
 * bindings/c/helpers/ghostframe_sdl.h on SDL's software renderer, headless (SDL_VIDEODRIVER=dummy),
 * at 1x (375 x 667) and 2x (750 x 1334), over 600 frames at 60 fps times (the shimmer moving), the
 * target cleared before each frame. Prints "name value unit" lines: the sampling time per frame
 * (gf_scene_sample) beside the drawing time (gfsdl_draw and the renderer's flush), each p50 and
 * mean, drawing the software renderer's way (sdl_feed_draw_software_*: rects of one colour, the
 * helper's default there) and the GPU renderers' way forced (sdl_feed_draw_geometry_software_*:
 * SDL_RenderGeometry, which SDL's software renderer fills itself). Measures only: it never fails
 * on a number.
 *
 *   bench_draw_sdl PATH/TO/feed.json
 */
#include <stdio.h>
#include <stdlib.h>

#include <SDL.h>
#include <ghostframe.h>

#include "ghostframe_sdl.h"

#define FRAMES 600

static double now(void) { return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency(); }

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *name, double *values, size_t n) {
    double sum = 0;
    size_t i;
    for (i = 0; i < n; i++) sum += values[i];
    qsort(values, n, sizeof *values, by_value);
    printf("%s_p50 %.4f ms\n%s_mean %.4f ms\n", name, values[n / 2] * 1e3, name, sum / (double)n * 1e3);
}

int main(int argc, char **argv) {
    static double sampling[FRAMES], drawing[FRAMES];
    const SDL_Color white = {255, 255, 255, 255};
    char *json;
    long length;
    FILE *file;
    gf_scene *scene = NULL;
    size_t capacity = 0, count = 0;
    gf_layer_state *states;
    int run;
    if (argc != 2 || (file = fopen(argv[1], "rb")) == NULL) {
        fprintf(stderr, "usage: bench_draw_sdl PATH/TO/feed.json\n");
        return 2;
    }
    fseek(file, 0, SEEK_END);
    length = ftell(file);
    fseek(file, 0, SEEK_SET);
    json = malloc((size_t)length + 1);
    if (json == NULL || fread(json, 1, (size_t)length, file) != (size_t)length) return 1;
    fclose(file);
    if (gf_skeleton_from_json(json, (size_t)length, &scene) != GF_OK) {
        fprintf(stderr, "bench_draw_sdl: %s\n", gf_last_error_message());
        return 1;
    }
    gf_scene_layer_count(scene, &capacity);
    states = calloc(capacity, sizeof *states);
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    if (states == NULL || SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "bench_draw_sdl: %s\n", SDL_GetError());
        return 1;
    }
    for (run = 0; run < 4; run++) {
        int scale = 1 + run / 2, way = run % 2 ? GFSDL_MODE_GEOMETRY : GFSDL_MODE_AUTO;
        SDL_Window *window = SDL_CreateWindow("bench", 0, 0, 375 * scale, 667 * scale, 0);
        SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
        gfsdl_frame frame;
        char name[96];
        int k;
        if (renderer == NULL || gfsdl_frame_init(&frame, capacity) != 0) {
            fprintf(stderr, "bench_draw_sdl: %s\n", SDL_GetError());
            return 1;
        }
        frame.mode = way;
        for (k = -30; k < FRAMES; k++) { /* 30 frames of warm-up */
            double t = (k < 0 ? k + 30 : k) / 60.0, t0 = now(), t1;
            gf_scene_sample(scene, t, states, capacity, &count);
            t1 = now();
            SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255);
            SDL_RenderClear(renderer);
            gfsdl_draw(renderer, &frame, states, count, scale, NULL, white);
            SDL_RenderFlush(renderer);
            if (k >= 0) sampling[k] = t1 - t0, drawing[k] = now() - t1;
        }
        if (way == GFSDL_MODE_AUTO) {
            snprintf(name, sizeof name, "sdl_feed_sampling_%dx%d", 375 * scale, 667 * scale);
            report(name, sampling, FRAMES);
        }
        snprintf(name, sizeof name, "sdl_feed_draw_%ssoftware_%dx%d", way == GFSDL_MODE_AUTO ? "" : "geometry_",
                 375 * scale, 667 * scale);
        report(name, drawing, FRAMES);
        gfsdl_frame_free(&frame);
        SDL_DestroyRenderer(renderer);
        SDL_DestroyWindow(window);
    }
    SDL_Quit();
    gf_scene_free(scene);
    free(states);
    free(json);
    return 0;
}
