/*
 * sdl_helper.c -- CTest c_sdl_helper: bindings/c/helpers/ghostframe_sdl.h on hand-made frames.
 *
 * Each case builds gf_layer_state records by hand (no scene), draws them with gfsdl_draw on SDL's
 * software renderer into a surface (no window), once each way (rects, the software renderer's
 * default, and geometry, the GPU renderers' default), and checks pixels whose colour follows from
 * the drawing rules alone: the painter's order across the batches and the backgrounds, clips,
 * hidden subtrees, z order, holes, opacity, an edge between pixels at its covered share, the
 * gradient along x, along y and diagonally, rotated layers, rounded corners, and frames that
 * overflow every batch capacity (more colours, rects, pieces and layers waiting than a batch
 * holds). Tolerances in 8-bit levels are stated per check: 1 where the helper computes the colour
 * (rects), more where SDL interpolates or blends (geometry). Also: frames with non-finite numbers,
 * parents out of range or in a cycle, and huge sizes draw without a crash or a hang.
 *
 * Built and run by CMake when SDL2 is found; needs no display (SDL_CreateSoftwareRenderer).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "gf_test.h"
#include "ghostframe_sdl.h"

#define W 256
#define H 128
#define MAX_LAYERS 4000

static SDL_Surface *surface;
static SDL_Renderer *renderer;
static gfsdl_frame frame;
static gf_layer_state states[MAX_LAYERS];
static size_t count;
static const SDL_Color magenta = {255, 0, 255, 255};

/* Adds a root-space axis-aligned layer (x, y, w, h) of colour (r, g, b) under `parent`. */
static gf_layer_state *add(int parent, double x, double y, double w, double h, double r, double g, double b) {
    gf_layer_state *s = &states[count];
    memset(s, 0, sizeof *s);
    s->index = (uint32_t)count;
    s->parent = parent;
    s->x = x, s->y = y, s->width = w, s->height = h;
    s->r = r, s->g = g, s->b = b, s->a = 1, s->opacity = 1;
    s->transform[0] = s->transform[3] = 1, s->transform[4] = x, s->transform[5] = y;
    count++;
    return s;
}

/* A two-stop gradient from colour c0 to c1 (RGB, opaque), from (sx, sy) to (ex, ey) in unit space. */
static void gradient(gf_layer_state *s, double c0, double c1, double sx, double sy, double ex, double ey) {
    int k;
    s->flags |= GF_LAYER_HAS_GRADIENT;
    s->gradient_stop_count = 2;
    s->gradient_locations[0] = 0, s->gradient_locations[1] = 1;
    for (k = 0; k < 3; k++) s->gradient_colors[k] = c0, s->gradient_colors[4 + k] = c1;
    s->gradient_colors[3] = s->gradient_colors[7] = 1;
    s->gradient_start_x = sx, s->gradient_start_y = sy, s->gradient_end_x = ex, s->gradient_end_y = ey;
}

/* Clears the surface to white and draws states[0..count) at `scale` the given way. */
static int draw(int mode, double scale, const double *holes) {
    int status;
    SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
    SDL_RenderClear(renderer);
    frame.mode = mode;
    status = gfsdl_draw(renderer, &frame, states, count, scale, holes, magenta);
    SDL_RenderFlush(renderer);
    return status;
}

/* The pixel (x, y): channel 0 red, 1 green, 2 blue. */
static int px(int x, int y, int channel) {
    Uint32 v = ((const Uint32 *)((const Uint8 *)surface->pixels + y * surface->pitch))[x];
    Uint8 c[3];
    SDL_GetRGB(v, surface->format, &c[0], &c[1], &c[2]);
    return c[channel];
}

/* Whether pixel (x, y) is (r, g, b) within `tol` levels per channel (prints it when not). */
static int is(int x, int y, int r, int g, int b, int tol) {
    int ok = abs(px(x, y, 0) - r) <= tol && abs(px(x, y, 1) - g) <= tol && abs(px(x, y, 2) - b) <= tol;
    if (!ok) printf("     pixel (%d, %d) is (%d, %d, %d), want (%d, %d, %d) +- %d\n", x, y, px(x, y, 0), px(x, y, 1),
                    px(x, y, 2), r, g, b, tol);
    return ok;
}

static const int modes[2] = {GFSDL_MODE_RECTS, GFSDL_MODE_GEOMETRY};

/* Overlapping siblings over a container: the later one wins where they overlap, in both ways
   (rects: the container is a background the bones are cut out of). */
static void test_painter_order(void) {
    int m;
    count = 0;
    add(-1, 0, 0, W, H, 0.5, 0.5, 0.5);         /* root: grey */
    add(0, 0, 0, 100, 100, 1, 1, 1);            /* container: white, clips */
    add(1, 10, 10, 40, 40, 1, 0, 0);            /* red */
    add(1, 30, 30, 40, 40, 0, 0, 1);            /* blue, over red */
    add(1, 35, 35, 10, 10, 0, 1, 0);            /* green, over blue */
    add(1, 80, 80, 40, 40, 1, 0, 0);            /* red, cut by the container at 100 */
    for (m = 0; m < 2; m++) {
        CHECK(draw(modes[m], 1, NULL) == 0);
        CHECK(is(20, 20, 255, 0, 0, 0));
        CHECK(is(32, 32, 0, 0, 255, 0));
        CHECK(is(40, 40, 0, 255, 0, 0));
        CHECK(is(60, 60, 0, 0, 255, 0));
        CHECK(is(5, 5, 255, 255, 255, 0));
        CHECK(is(90, 20, 255, 255, 255, 0));
        CHECK(is(99, 99, 255, 0, 0, 0));
        CHECK(is(100, 99, 128, 128, 128, 1)); /* clipped: the root shows */
        CHECK(is(150, 50, 128, 128, 128, 1));
    }
}

/* Two containers side by side (two backgrounds), children clipped to theirs, a third layer over
   both; a hidden container hides its subtree; z_position orders siblings. */
static void test_backgrounds_clips_hidden_z(void) {
    int m;
    gf_layer_state *s;
    count = 0;
    add(-1, 0, 0, W, H, 1, 1, 1);
    add(0, 0, 0, 128, 64, 0.2, 0.2, 0.2);       /* 1: dark grey container */
    add(0, 0, 64, 128, 64, 0.8, 0.8, 0.8);      /* 2: light grey container */
    add(1, 10, 10, 20, 80, 1, 0, 0);            /* 3: red, child of 1: cut at y 64 */
    add(2, 40, 50, 20, 40, 0, 1, 0);            /* 4: green, child of 2: cut above y 64 */
    s = add(0, 140, 0, 100, 100, 0, 0, 1);      /* 5: blue container, hidden */
    s->flags |= GF_LAYER_HIDDEN;
    add(5, 150, 10, 20, 20, 1, 0, 0);           /* 6: child of the hidden one */
    s = add(2, 70, 70, 20, 20, 1, 1, 0);        /* 7: yellow, z 1: over 8 */
    s->z_position = 1;
    add(2, 75, 75, 20, 20, 0, 1, 1);            /* 8: cyan, z 0 */
    for (m = 0; m < 2; m++) {
        CHECK(draw(modes[m], 1, NULL) == 0);
        CHECK(is(20, 20, 255, 0, 0, 0));
        CHECK(is(20, 63, 255, 0, 0, 0));
        CHECK(is(20, 64, 204, 204, 204, 0));   /* the red one ends at its container's edge */
        CHECK(is(50, 60, 51, 51, 51, 0));      /* the green one starts at its container's edge */
        CHECK(is(50, 64, 0, 255, 0, 0));
        CHECK(is(5, 5, 51, 51, 51, 0));
        CHECK(is(5, 120, 204, 204, 204, 0));
        CHECK(is(160, 20, 255, 255, 255, 0));  /* hidden: the root shows */
        CHECK(is(80, 80, 255, 255, 0, 0));     /* z 1 over z 0 */
        CHECK(is(92, 92, 0, 255, 255, 0));
    }
}

/* Opacity, an edge between pixels, a hole. */
static void test_opacity_edges_holes(void) {
    double holes[5] = {0, 0, 0, 0, 1};
    int m;
    gf_layer_state *s;
    count = 0;
    add(-1, 0, 0, W, H, 1, 1, 1);
    add(0, 0, 0, W, H, 1, 1, 1);                    /* 1: white container */
    s = add(1, 10, 10, 20, 20, 0, 0, 0);            /* 2: black at half opacity */
    s->opacity = 0.5;
    add(1, 40.25, 10, 20, 10.5, 0, 0, 0);           /* 3: black, left edge 3/4 into pixel 40, bottom half into row 20 */
    add(1, 70, 10, 20, 20, 0, 0, 0);                /* 4: a hole */
    for (m = 0; m < 2; m++) {
        int tol = m == 0 ? 1 : 2; /* rects: computed here; geometry: SDL's 8-bit blending */
        CHECK(draw(modes[m], 1, holes) == 0);
        CHECK(is(20, 20, 128, 128, 128, tol));
        CHECK(is(45, 15, 0, 0, 0, 0));
        CHECK(is(40, 15, 64, 64, 64, tol));         /* 1/4 covered: 255 * 3/4 left */
        CHECK(is(45, 20, 128, 128, 128, tol));      /* half covered */
        CHECK(is(45, 21, 255, 255, 255, 0));
        CHECK(is(39, 15, 255, 255, 255, 0));
        CHECK(is(80, 20, 255, 0, 255, 0));          /* the hole shows the background colour */
    }
}

/* Gradients: along x and y (rects: exact to the level), diagonal (geometry either way), at 2x. */
static void test_gradients(void) {
    int m, j, worst;
    count = 0;
    add(-1, 0, 0, W, H, 1, 1, 1);
    gradient(add(0, 0, 0, W, 10, 0, 0, 0), 0, 1, 0, 0.5, 1, 0.5);        /* 1: black to white along x */
    gradient(add(0, 0, 20, 10, 100, 0, 0, 0), 0, 1, 0.5, 0, 0.5, 1);     /* 2: along y */
    gradient(add(0, 100, 20, 100, 100, 0, 0, 0), 0, 1, 0, 0, 1, 1);      /* 3: diagonal */
    for (m = 0; m < 2; m++) {
        int tol = m == 0 ? 1 : 3;
        CHECK(draw(modes[m], 1, NULL) == 0);
        for (j = 0, worst = 0; j < W; j++) {
            int want = (int)floor((j + 0.5) / W * 255 + 0.5), d = abs(px(j, 5, 0) - want);
            if (d > worst) worst = d;
        }
        CHECK(worst <= tol);
        for (j = 0, worst = 0; j < 100; j++) {
            int want = (int)floor((j + 0.5) / 100 * 255 + 0.5), d = abs(px(5, 20 + j, 1) - want);
            if (d > worst) worst = d;
        }
        CHECK(worst <= tol);
        /* diagonal: t = ((x - 100) + (y - 20)) / 200 at the pixel's centre */
        CHECK(is(150, 70, 128, 128, 128, 4));
        CHECK(is(110, 30, 28, 28, 28, 4));
        CHECK(is(190, 110, 230, 230, 230, 4));
    }
    /* at 2x the x gradient spans 512 pixels: only the first half is on the surface */
    CHECK(draw(GFSDL_MODE_RECTS, 2, NULL) == 0);
    for (j = 0, worst = 0; j < W; j++) {
        int want = (int)floor((j + 0.5) / (2 * W) * 255 + 0.5), d = abs(px(j, 15, 2) - want);
        if (d > worst) worst = d;
    }
    CHECK(worst <= 1);
}

/* A rotated layer and a circle. */
static void test_rotation_corners(void) {
    int m, x, y;
    gf_layer_state *s;
    for (m = 0; m < 2; m++) {
        long dark = 0;
        count = 0;
        add(-1, 0, 0, W, H, 1, 1, 1);
        s = add(0, 0, 0, 40, 40, 1, 0, 0);        /* red, 45 degrees about (60, 60) */
        s->transform[0] = s->transform[3] = cos(GFSDL_PI / 4);
        s->transform[1] = sin(GFSDL_PI / 4), s->transform[2] = -sin(GFSDL_PI / 4);
        s->transform[4] = 60, s->transform[5] = 60 - 20 * sqrt(2.0); /* its top corner at (60, 31.7) */
        s = add(0, 120, 10, 80, 80, 0, 0, 0);     /* a black circle */
        s->corner_radius = 60;                    /* clamped to 40 */
        CHECK(draw(modes[m], 1, NULL) == 0);
        CHECK(is(60, 60, 255, 0, 0, 0));          /* the centre */
        CHECK(is(60, 36, 255, 0, 0, 0));          /* near the top corner */
        CHECK(is(40, 36, 255, 255, 255, 0));      /* inside the unrotated box, outside the diamond */
        CHECK(is(160, 50, 0, 0, 0, 0));
        CHECK(is(122, 12, 255, 255, 255, 0));     /* the clamped radius leaves the corners empty */
        CHECK(is(197, 87, 255, 255, 255, 0));
        for (y = 0; y < H; y++)
            for (x = 110; x < 210; x++) dark += 255 - px(x, y, 0);
        CHECK_NEAR(dark / 255.0, GFSDL_PI * 40 * 40, 0.01 * GFSDL_PI * 40 * 40); /* the area within 1 % */
    }
}

/* More colours, rects, background pieces and layers waiting than a batch holds: 3,200 cells of
   3 x 3 pixels in a 80 x 40 grid, each its own colour, over a container; then the same cells as
   roots (no container). */
static void test_capacities(void) {
    int root, i, ok = 1;
    for (root = 0; root < 2; root++) {
        count = 0;
        add(-1, 0, 0, W, H, 1, 1, 1);
        add(0, 0, 0, W, H, 0.5, 0.5, 0.5); /* 1: grey container */
        for (i = 0; i < 3200; i++) {
            int cx = i % 80, cy = i / 80;
            add(root ? -1 : 1, cx * 3 + 1, cy * 3 + 1, 2, 2, (i % 16) / 15.0, (i / 16 % 16) / 15.0, (i / 256) / 15.0);
        }
        CHECK(draw(GFSDL_MODE_RECTS, 1, NULL) == 0);
        for (i = 0; i < 3200 && ok; i++) {
            int cx = i % 80, cy = i / 80;
            ok = is(cx * 3 + 1, cy * 3 + 1, (i % 16) * 17, (i / 16 % 16) * 17, (i / 256) * 17, 0) &&
                 is(cx * 3 + 2, cy * 3 + 2, (i % 16) * 17, (i / 16 % 16) * 17, (i / 256) * 17, 0) &&
                 (root || is(cx * 3, cy * 3, 128, 128, 128, 1));
        }
        CHECK(ok);
        CHECK(is(250, 125, 128, 128, 128, 1)); /* the container beside the grid (drawn after the roots) */
    }
}

/* Frames no sampler writes: they draw without a crash or a hang, and a zeroed workspace grows. */
static void test_hostile_frames(void) {
    gfsdl_frame zeroed;
    gf_layer_state *s;
    int m;
    count = 0;
    add(-1, 0, 0, W, H, 1, 1, 1);
    s = add(0, 1e300, -1e300, 1e300, 1e300, 0, 0, 0);
    s = add(0, 0, 0, NAN, 10, 0, 0, 0);
    s = add(0, 0, 0, 10, 10, 0, 0, 0);
    s->transform[4] = INFINITY;
    s = add(0, 0, 0, 10, 10, NAN, 0, 0);
    s->opacity = NAN;
    s = add(0, 5, 5, 10, 10, 0, 0, 0);
    s->corner_radius = INFINITY;
    gradient(s, 0, 1, NAN, 0, 1, INFINITY);
    add(6, 20, 20, 10, 10, 0, 0, 0); /* 6: its own parent (a root) */
    add(99, 40, 40, 10, 10, 0, 0, 0); /* parent out of range: a root */
    s = add(0, 0, 0, 1e9, 1e9, 0.5, 0.5, 0.5);
    s->corner_radius = 4e8;
    gradient(s, 0, 1, 0, 0, 1, 0);
    states[2].parent = 3, states[3].parent = 2; /* a cycle */
    for (m = 0; m < 2; m++) CHECK(draw(modes[m], 1, NULL) == 0);
    memset(&zeroed, 0, sizeof zeroed);
    CHECK(gfsdl_draw(renderer, &zeroed, states, count, 1, NULL, magenta) == 0);
    CHECK(zeroed.capacity >= count);
    gfsdl_frame_free(&zeroed);
    gfsdl_frame_free(&zeroed); /* again: nothing */
    CHECK(gfsdl_draw(renderer, &frame, states, 0, 1, NULL, magenta) == 0);
}

/* gfsdl_fill_rounded draws at once, under the renderer's clip rectangle. */
static void test_fill_rounded(void) {
    const SDL_Color blue = {0, 0, 255, 255};
    SDL_Rect clip = {0, 0, 50, 128};
    int m;
    for (m = 0; m < 2; m++) {
        count = 0;
        CHECK(draw(modes[m], 1, NULL) == 0);
        SDL_RenderSetClipRect(renderer, &clip);
        gfsdl_fill_rounded(renderer, &frame, 10, 10, 80, 40, 8, 1, blue);
        SDL_RenderSetClipRect(renderer, NULL);
        SDL_RenderFlush(renderer);
        CHECK(is(30, 30, 0, 0, 255, 0));
        CHECK(is(60, 30, 255, 255, 255, 0)); /* clipped */
        CHECK(is(10, 10, 255, 255, 255, 0)); /* the corner */
    }
}

int main(void) {
    surface = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    renderer = surface != NULL ? SDL_CreateSoftwareRenderer(surface) : NULL;
    if (renderer == NULL || gfsdl_frame_init(&frame, 16) != 0) {
        printf("sdl_helper: %s\n", SDL_GetError());
        return 1;
    }
    CHECK(gfsdl_is_software_(renderer));
    RUN(test_painter_order);
    RUN(test_backgrounds_clips_hidden_z);
    RUN(test_opacity_edges_holes);
    RUN(test_gradients);
    RUN(test_rotation_corners);
    RUN(test_capacities);
    RUN(test_hostile_frames);
    RUN(test_fill_rounded);
    gfsdl_frame_free(&frame);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(surface);
    SDL_Quit();
    return gf_test_summary();
}
