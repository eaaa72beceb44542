/*
 * sdl_feed -- Ghostframe live in an SDL2 game loop: the feed skeleton in a window.
 *
 * The feed of examples/trees/feed.json (an avatar, a name, a three-line bio, a table of news rows
 * under a section header), built here with the gf_view_tree_* builder calls (no JSON), its
 * shimmering skeleton sampled every frame with the window's clock and drawn: every bone a rounded
 * rectangle of its colour, opacity and shimmer gradient, rasterised with exact-area anti-aliased
 * edges into a frame buffer that goes to the window through an SDL streaming texture.
 *
 *   space   ends the skeleton: its 0.2 s fade, then the content (the real layout) is shown
 *   click   on a news row (a card): the expanding-card transition (seed 004) from that card; a
 *           second click runs it back (the exit), from wherever the entry is
 *   esc     quits (so does closing the window)
 *
 * Options (for tests and recordings; a live run needs none):
 *   --frames N --fps F     a fixed clock: frame k shows time k / F, N frames, then exit
 *   --screenshot T:PATH    after drawing the first frame at time >= T, save the window's pixels
 *                          (SDL_RenderReadPixels) to PATH as a BMP; repeatable
 *   --click T:X,Y          push a left-button press and release at window pixel (X, Y) into the
 *                          event queue (SDL_PushEvent) before the first frame at time >= T; the
 *                          event loop handles it as a person's click; repeatable
 *   --key T:NAME           likewise a key press, NAME = space or escape; repeatable
 *   --scale S              pixels per point (default 1: a 375 x 667 window)
 *   --log PATH             one line per frame: index, time, sampling, drawing and total ms
 *
 * At exit it prints the frame times: sampling (gf_scene_sample), drawing (rasterising, the
 * texture upload, the renderer's copies) and the total (events, sampling, drawing, present; not
 * the sleep that paces a live run to 60 fps), each as mean, p50 and p99 in ms.
 *
 * Headless: SDL_VIDEODRIVER=offscreen (or dummy) with the software renderer.
 *
 *   cc -std=c99 -O2 sdl_feed.c $(pkg-config --cflags --libs ghostframe sdl2) -lm -o sdl_feed
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <ghostframe.h>

#define VIEW_W 375.0
#define VIEW_H 667.0
#define MAX_SCHEDULED 64
#define MAX_TIMED_FRAMES 100000
#define MAX_CARDS 64

/* Stops the program if a call failed, naming the call. */
#define TRY(call)                                                                                \
    do {                                                                                         \
        gf_status status_ = (call);                                                              \
        if (status_ != GF_OK) {                                                                  \
            fprintf(stderr, "sdl_feed: %s: %s: %s\n", #call, gf_status_string(status_),          \
                    gf_last_error_message());                                                    \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

/* ---- the feed, built with the C builder calls ------------------------------------------------ */

static uint32_t add_view(gf_view_tree *tree, uint32_t parent, int32_t kind, const char *id, double x, double y,
                         double w, double h, int32_t lines, double radius) {
    gf_view_node_desc desc;
    uint32_t node = 0;
    gf_view_node_desc_init(&desc);
    desc.kind = kind;
    desc.id = id;
    desc.x = x;
    desc.y = y;
    desc.width = w;
    desc.height = h;
    if (lines > 0) desc.lines = lines;
    if (radius >= 0) {
        desc.has_corner_radius = 1;
        desc.corner_radius = radius;
    }
    TRY(gf_view_tree_add_node(tree, parent, &desc, &node));
    return node;
}

/* examples/trees/feed.json, node by node. */
static gf_view_tree *build_feed(void) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    uint32_t root = 0, list, news, title;

    TRY(gf_view_tree_create(VIEW_W, VIEW_H, &tree));
    gf_view_node_desc_init(&desc);
    desc.id = "feed";
    desc.width = VIEW_W;
    desc.height = VIEW_H;
    TRY(gf_view_tree_set_root(tree, &desc, &root));
    TRY(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\""));
    TRY(gf_view_tree_set_style(tree, root, "color", "\"#EEEEEE\""));

    add_view(tree, root, GF_VIEW_IMAGE, "avatar", 16, 16, 48, 48, 0, 24);
    add_view(tree, root, GF_VIEW_LABEL, "name", 76, 16, 120, 20, 0, -1);
    add_view(tree, root, GF_VIEW_LABEL, "bio", 76, 44, 280, 40, 2, -1);
    list = add_view(tree, root, GF_VIEW_TABLE, "list", 0, 100, 375, 567, 0, -1);

    TRY(gf_view_tree_add_cell(tree, "news", 375, 100, &news));
    add_view(tree, news, GF_VIEW_IMAGE, "thumb", 16, 10, 80, 80, 0, 4);
    add_view(tree, news, GF_VIEW_LABEL, "headline", 108, 12, 250, 18, 0, -1);
    add_view(tree, news, GF_VIEW_LABEL, "summary", 108, 38, 250, 32, 2, -1);
    add_view(tree, news, GF_VIEW_LABEL, "meta", 108, 76, 120, 14, 0, -1);
    TRY(gf_view_tree_add_adjust(tree, news, "named(meta).reducedWidth(30)"));

    TRY(gf_view_tree_add_cell(tree, "title", 375, 30, &title));
    add_view(tree, title, GF_VIEW_LABEL, "section", 16, 8, 96, 16, 0, -1);

    TRY(gf_view_tree_add_section(tree, list,
                                 "{\"cell\": \"news\", \"rowHeight\": 100, \"header\": {\"cell\": \"title\", \"height\": 30}}"));
    TRY(gf_view_tree_add_adjust(tree, root, "animation(1).reducedWidth(20).down(2)"));
    TRY(gf_view_tree_add_adjust(tree, root, "named(bio).lines(3).lastScale(0.4)"));
    return tree;
}

/* ---- a frame buffer and its rasteriser -------------------------------------------------------- */

typedef struct canvas {
    int width, height;
    double scale;     /* pixels per point */
    uint32_t *pixels; /* ARGB8888, opaque: what the streaming texture receives */
    /* per column of the layer being painted, when its colour depends on x only (a solid fill,
       a horizontal gradient): straight RGB, alpha (with the opacity), and the pixel if opaque */
    double *column_rgba;
    uint32_t *column_pixel;
} canvas;

static void canvas_clear(canvas *c, uint32_t argb) {
    size_t i, n = (size_t)c->width * (size_t)c->height;
    for (i = 0; i < n; i++) c->pixels[i] = argb;
}

/* How much of the pixel span [p, p+1) the interval [lo, hi) covers. */
static double span(double p, double lo, double hi) {
    double a = p > lo ? p : lo, b = p + 1 < hi ? p + 1 : hi;
    return b > a ? b - a : 0;
}

/* The corner factor of a pixel centre (cx, cy) for a rounded rectangle: 1 outside the corners'
   squares, else a one-pixel ramp across the arc (what an anti-aliased fill gives). */
static double corner(double cx, double cy, double x0, double y0, double x1, double y1, double r) {
    double kx = cx < x0 + r ? x0 + r : (cx > x1 - r ? x1 - r : cx);
    double ky = cy < y0 + r ? y0 + r : (cy > y1 - r ? y1 - r : cy);
    double d;
    if (kx == cx || ky == cy) return 1;
    d = 0.5 - (sqrt((cx - kx) * (cx - kx) + (cy - ky) * (cy - ky)) - r);
    return d <= 0 ? 0 : (d >= 1 ? 1 : d);
}

/* The straight RGBA of the layer's gradient at position t along it (stops in order, ends extended). */
static void gradient_at(const gf_layer_state *s, uint32_t n, double t, double out[4]) {
    const double *loc = s->gradient_locations, *col = s->gradient_colors;
    uint32_t i, k;
    if (t <= loc[0] || n == 1) {
        memcpy(out, col, 4 * sizeof(double));
        return;
    }
    for (i = 1; i < n; i++) {
        double lo = loc[i - 1], hi = loc[i] < lo ? lo : loc[i];
        if (t <= hi) {
            double f = hi - lo > 0 ? (t - lo) / (hi - lo) : 1;
            for (k = 0; k < 4; k++) out[k] = col[4 * (i - 1) + k] + (col[4 * i + k] - col[4 * (i - 1) + k]) * f;
            return;
        }
    }
    memcpy(out, col + 4 * (n - 1), 4 * sizeof(double));
}

/* src over the opaque pixel *p with alpha a (0..1), rounded floor(v * 255 + 0.5). */
static void blend(uint32_t *p, const double rgb[3], double a) {
    uint32_t d = *p;
    double r = rgb[0] * 255 * a + (double)(d >> 16 & 255) * (1 - a);
    double g = rgb[1] * 255 * a + (double)(d >> 8 & 255) * (1 - a);
    double b = rgb[2] * 255 * a + (double)(d & 255) * (1 - a);
    *p = 0xFF000000u | (uint32_t)(r + 0.5) << 16 | (uint32_t)(g + 0.5) << 8 | (uint32_t)(b + 0.5);
}

/*
 * Paints one layer: its frame (axis-aligned transforms: scale and translation; a rotated layer is
 * drawn as its bounding box) with its corner radius, the colour with the gradient over it, times
 * the opacity, clipped to `clip` (device pixels: x0, y0, x1, y1). Edges get the exact area of
 * each pixel inside the rectangle; corners a one-pixel ramp across the arc.
 */
static void paint_layer(canvas *c, const gf_layer_state *s, const double clip[4]) {
    const double k = c->scale;
    const double *m = s->transform;
    double x0 = m[4] * k, y0 = m[5] * k, x1 = (m[4] + m[0] * s->width + m[2] * s->height) * k,
           y1 = (m[5] + m[1] * s->width + m[3] * s->height) * k, r, opacity = s->opacity;
    double sx = 0, sy = 0, dx = 0, dy = 0, inv = 0, cx0, cy0, cx1, cy1;
    double rgb[3] = {s->r, s->g, s->b};
    uint32_t stops = s->gradient_stop_count > 4 ? 4 : s->gradient_stop_count;
    int has_gradient = (s->flags & GF_LAYER_HAS_GRADIENT) && stops > 0;
    int px0, py0, px1, py1, px, py;
    uint32_t solid = 0;
    if (x1 < x0) { double t = x0; x0 = x1; x1 = t; }
    if (y1 < y0) { double t = y0; y0 = y1; y1 = t; }
    if (!(opacity > 0) || !(x1 > x0) || !(y1 > y0)) return;
    if (opacity > 1) opacity = 1;
    if (!has_gradient && !(s->a > 0)) return;
    if (!has_gradient && s->a * opacity >= 1) {
        uint32_t white = 0xFFFFFFFFu;
        solid = white;
        blend(&solid, rgb, 1); /* the colour as a pixel */
    }
    r = s->corner_radius * k;
    if (r > (x1 - x0) / 2) r = (x1 - x0) / 2;
    if (r > (y1 - y0) / 2) r = (y1 - y0) / 2;
    if (!(r > 0)) r = 0;
    if (has_gradient) { /* from start to end point, in the layer's unit space */
        sx = x0 + s->gradient_start_x * (x1 - x0);
        sy = y0 + s->gradient_start_y * (y1 - y0);
        dx = x0 + s->gradient_end_x * (x1 - x0) - sx;
        dy = y0 + s->gradient_end_y * (y1 - y0) - sy;
        inv = dx * dx + dy * dy > 0 ? 1 / (dx * dx + dy * dy) : 0;
    }
    cx0 = fmax(x0, clip[0]), cy0 = fmax(y0, clip[1]), cx1 = fmin(x1, clip[2]), cy1 = fmin(y1, clip[3]);
    px0 = (int)floor(cx0), py0 = (int)floor(cy0), px1 = (int)ceil(cx1), py1 = (int)ceil(cy1);
    if (px0 < 0) px0 = 0;
    if (py0 < 0) py0 = 0;
    if (px1 > c->width) px1 = c->width;
    if (py1 > c->height) py1 = c->height;
    if (!has_gradient || dy == 0) {
        /* The colour depends on x only: one colour per column, then each row only blends. */
        for (px = px0; px < px1; px++) {
            double *q = c->column_rgba + 4 * (size_t)px, out_a;
            if (has_gradient) {
                double g[4];
                int j;
                gradient_at(s, stops, (px + 0.5 - sx) * dx * inv, g);
                out_a = g[3] + s->a * (1 - g[3]);
                for (j = 0; j < 3; j++) q[j] = out_a > 0 ? (g[j] * g[3] + rgb[j] * s->a * (1 - g[3])) / out_a : 0;
            } else {
                out_a = s->a;
                q[0] = rgb[0], q[1] = rgb[1], q[2] = rgb[2];
            }
            q[3] = out_a * opacity;
            c->column_pixel[px] = 0;
            if (q[3] >= 1) {
                uint32_t pixel = 0xFFFFFFFFu;
                blend(&pixel, q, 1);
                c->column_pixel[px] = pixel;
            }
        }
        for (py = py0; py < py1; py++) {
            uint32_t *row = c->pixels + (size_t)py * (size_t)c->width;
            double cover_y = span(py, cy0, cy1), cy = py + 0.5;
            int in_corner_rows = r > 0 && (cy < y0 + r || cy > y1 - r);
            int ix0 = (int)ceil(cx0), ix1 = (int)floor(cx1);
            for (px = px0; px < px1; px++) {
                double a = px < ix0 || px >= ix1 ? cover_y * span(px, cx0, cx1) : cover_y, cx = px + 0.5;
                const double *q = c->column_rgba + 4 * (size_t)px;
                if (in_corner_rows && (cx < x0 + r || cx > x1 - r)) a *= corner(cx, cy, x0, y0, x1, y1, r);
                if (a >= 1 && c->column_pixel[px] != 0) row[px] = c->column_pixel[px];
                else if (a > 0) blend(row + px, q, a * q[3]);
            }
        }
        return;
    }
    for (py = py0; py < py1; py++) {
        uint32_t *row = c->pixels + (size_t)py * (size_t)c->width;
        double cover_y = span(py, cy0, cy1), cy = py + 0.5;
        int in_corner_rows = r > 0 && (cy < y0 + r || cy > y1 - r);
        int ix0 = (int)ceil(cx0), ix1 = (int)floor(cx1); /* the columns fully inside */
        if (solid != 0 && cover_y >= 1 && !in_corner_rows && ix1 > ix0) {
            /* an opaque fill's inner row: stores only; its (at most two) edge pixels below */
            for (px = ix0 < px0 ? px0 : ix0; px < (ix1 > px1 ? px1 : ix1); px++) row[px] = solid;
            for (px = px0; px < px1; px++) {
                double a;
                if (px >= ix0 && px < ix1) continue;
                a = span(px, cx0, cx1);
                if (a >= 1) row[px] = solid;
                else if (a > 0) blend(row + px, rgb, a * s->a * opacity);
            }
            continue;
        }
        for (px = px0; px < px1; px++) {
            double a = px < ix0 || px >= ix1 ? cover_y * span(px, cx0, cx1) : cover_y, cx = px + 0.5;
            if (in_corner_rows && (cx < x0 + r || cx > x1 - r)) a *= corner(cx, cy, x0, y0, x1, y1, r);
            if (!(a > 0)) continue;
            if (has_gradient) { /* the gradient's colour over the layer's own, straight alpha */
                double g[4], out[3], out_a;
                int j;
                gradient_at(s, stops, ((cx - sx) * dx + (cy - sy) * dy) * inv, g);
                out_a = g[3] + s->a * (1 - g[3]);
                for (j = 0; j < 3; j++) out[j] = out_a > 0 ? (g[j] * g[3] + rgb[j] * s->a * (1 - g[3])) / out_a : 0;
                blend(row + px, out, a * out_a * opacity);
            } else if (a >= 1 && solid != 0) {
                row[px] = solid; /* an opaque fill away from its edges */
            } else {
                blend(row + px, rgb, a * s->a * opacity);
            }
        }
    }
}

/* ---- the host ------------------------------------------------------------------------------------ */

typedef struct scheduled {
    double t;
    int kind; /* 0 screenshot, 1 click, 2 key */
    int done;
    int x, y;
    SDL_Keycode key;
    char path[512];
} scheduled;

typedef struct host {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *frame;    /* the canvas, streamed */
    SDL_Texture *snapshot; /* the window at the tap, for the card transition */
    canvas canvas;
    double scale;

    gf_scene *skeleton;
    gf_layer_state *states; /* one buffer for every scene: the largest layer count */
    size_t capacity;
    int *order;             /* the skeleton's drawing order: depth first, siblings by z */
    int *clip_parent;       /* the nearest ancestor that clips (a list section), or -1 */
    size_t layer_count;
    double ended_at;        /* scene time of `space`, or -1 */

    gf_layout_item *layout; /* the real views, for the content */
    size_t layout_count;
    double cards[MAX_CARDS][4]; /* the news rows: window points */
    size_t card_count;

    gf_expand_transition *transition;
    gf_scene *entry, *exit;
    gf_expand_part parts[MAX_CARDS + 2];
    size_t part_count;
    double entry_at, exit_at, exit_from; /* clock times; exit_from: the entry time it exits from */
    double delay, duration;              /* the transition's timing (gf_expand_params) */
    int exiting;
} host;

static double now_seconds(void) {
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

/* Depth first, parents before children, siblings by z_position (stable), as Core Animation. */
static void compute_order(host *h) {
    size_t n = h->layer_count, i, count = 0, top = 0;
    int *stack = malloc(n * sizeof *stack);
    if (stack == NULL) exit(1);
    /* roots in reverse so the first is popped first; children pushed in reverse z order */
    for (i = n; i-- > 0;)
        if (h->states[i].parent < 0) stack[top++] = (int)i;
    while (top > 0) {
        int at = stack[--top], j;
        size_t first = top;
        h->order[count++] = at;
        for (j = (int)n - 1; j >= 0; j--)
            if (h->states[j].parent == at) stack[top++] = j;
        /* sort the pushed children so that the lowest z is on top of the stack (popped first) */
        for (i = first + 1; i < top; i++) {
            int v = stack[i];
            size_t k = i;
            while (k > first && h->states[stack[k - 1]].z_position < h->states[v].z_position) {
                stack[k] = stack[k - 1];
                k--;
            }
            stack[k] = v;
        }
    }
    h->layer_count = count;
    free(stack);
    for (i = 0; i < n; i++) { /* a non-root parent (a list section) clips its layers */
        int p = h->states[i].parent;
        h->clip_parent[i] = (p >= 0 && h->states[p].parent >= 0) ? p : -1;
    }
}

/* The real views once loaded: images as blue-grey blocks, labels as dark text lines, rows with a
   separator. */
static void draw_content(host *h) {
    size_t i;
    double clip[4] = {0, 0, h->canvas.width, h->canvas.height};
    gf_layer_state s;
    for (i = 0; i < h->layout_count; i++) {
        const gf_layout_item *it = &h->layout[i];
        double k = h->scale;
        double c[4] = {it->clip_x * k, it->clip_y * k, (it->clip_x + it->clip_width) * k,
                       (it->clip_y + it->clip_height) * k};
        int line, lines = it->lines > 0 ? it->lines : 1;
        if (it->clip_width <= 0 || it->clip_height <= 0) continue;
        memset(&s, 0, sizeof s);
        s.opacity = 1;
        s.transform[0] = s.transform[3] = 1;
        if (it->kind == GF_VIEW_IMAGE) {
            s.transform[4] = it->x, s.transform[5] = it->y, s.width = it->width, s.height = it->height;
            s.corner_radius = it->corner_radius;
            s.r = 0.55, s.g = 0.68, s.b = 0.86, s.a = 1;
            paint_layer(&h->canvas, &s, c);
        } else if (it->kind == GF_VIEW_LABEL) {
            double pitch = it->height / lines;
            for (line = 0; line < lines; line++) {
                s.transform[4] = it->x, s.transform[5] = it->y + line * pitch + pitch * 0.2;
                s.width = line == lines - 1 && lines > 1 ? it->width * 0.6 : it->width;
                s.height = pitch * 0.6;
                s.r = s.g = s.b = 0.25, s.a = 1;
                paint_layer(&h->canvas, &s, c);
            }
        } else if (it->kind == GF_LAYOUT_ROW) {
            s.transform[4] = it->x + 16, s.transform[5] = it->y + it->height - 1, s.width = it->width - 16, s.height = 1;
            s.r = s.g = s.b = 0.85, s.a = 1;
            paint_layer(&h->canvas, &s, c);
        }
        (void)clip;
    }
}

/* The skeleton (or, once its fade is over, the content) at scene time t into the canvas. */
static void draw_feed(host *h, double t, double *sample_ms) {
    size_t count = 0, i;
    double t0 = now_seconds();
    TRY(gf_scene_sample(h->skeleton, t, h->states, h->capacity, &count));
    *sample_ms += (now_seconds() - t0) * 1000;
    canvas_clear(&h->canvas, 0xFFFFFFFFu);
    if (h->ended_at >= 0 && t >= h->ended_at + 0.2) {
        draw_content(h);
        return;
    }
    for (i = 0; i < h->layer_count && i < count; i++) {
        int index = h->order[i], p = index;
        double clip[4] = {0, 0, h->canvas.width, h->canvas.height};
        const gf_layer_state *s = &h->states[index];
        int hidden = 0;
        while (p >= 0) { /* hidden with an ancestor */
            if (h->states[p].flags & GF_LAYER_HIDDEN) hidden = 1;
            p = h->states[p].parent;
        }
        if (hidden) continue;
        for (p = h->clip_parent[index]; p >= 0; p = h->clip_parent[p]) {
            const gf_layer_state *c = &h->states[p];
            clip[0] = fmax(clip[0], c->transform[4] * h->scale);
            clip[1] = fmax(clip[1], c->transform[5] * h->scale);
            clip[2] = fmin(clip[2], (c->transform[4] + c->transform[0] * c->width) * h->scale);
            clip[3] = fmin(clip[3], (c->transform[5] + c->transform[3] * c->height) * h->scale);
        }
        paint_layer(&h->canvas, s, clip);
    }
}

static void upload(host *h) {
    SDL_UpdateTexture(h->frame, NULL, h->canvas.pixels, h->canvas.width * 4);
}

/* The card under window pixel (x, y), or -1. */
static int card_at(const host *h, int x, int y) {
    size_t i;
    double px = (x + 0.5) / h->scale, py = (y + 0.5) / h->scale;
    for (i = 0; i < h->card_count; i++) {
        const double *c = h->cards[i];
        if (px >= c[0] && px < c[0] + c[2] && py >= c[1] && py < c[1] + c[3] && py < VIEW_H) return (int)i;
    }
    return -1;
}

static void end_transition(host *h) {
    gf_scene_free(h->entry);
    gf_scene_free(h->exit);
    gf_expand_transition_free(h->transition);
    h->entry = h->exit = NULL;
    h->transition = NULL;
    h->exiting = 0;
}

/* A click: on a card, the entry from that card (the window as it is now is the snapshot); during
   or after an entry, the exit from where the entry is. */
static void on_click(host *h, int x, int y, double t, double *sample_ms) {
    if (h->transition != NULL) {
        if (!h->exiting) {
            h->exit_from = t - h->entry_at;
            TRY(gf_expand_transition_exit(h->transition, h->exit_from, &h->exit));
            h->exit_at = t;
            h->exiting = 1;
        }
        return;
    }
    {
        int card = card_at(h, x, y);
        gf_expand_params params;
        size_t count = 0;
        if (card < 0) return;
        gf_expand_params_init(&params);
        params.window_width = VIEW_W;
        params.window_height = VIEW_H;
        params.images = &h->cards[0][0];
        params.image_count = h->card_count;
        params.tapped = (size_t)card;
        params.duration = 0.5;
        h->delay = params.delay;
        h->duration = params.duration;
        TRY(gf_expand_transition_create(&params, &h->transition));
        TRY(gf_expand_transition_parts(h->transition, h->parts, MAX_CARDS + 2, &count));
        h->part_count = count;
        TRY(gf_expand_transition_scene(h->transition, &h->entry));
        h->entry_at = t;
        /* the snapshot: the feed at the tap */
        draw_feed(h, t, sample_ms);
        SDL_UpdateTexture(h->snapshot, NULL, h->canvas.pixels, h->canvas.width * 4);
    }
}

/* The transition's frame at clock time t: each part's crop of the snapshot stretched into its
   sampled frame, lowest zPosition first (the renderer scales). Returns 0 once the exit is over. */
static int draw_transition(host *h, double t, double *sample_ms) {
    gf_scene *scene = h->exiting ? h->exit : h->entry;
    double s = h->exiting ? t - h->exit_at : t - h->entry_at, t0 = now_seconds();
    size_t count = 0, i, j, order[MAX_CARDS + 2];
    /* The exit lasts delay + duration after a finished entry (the dismissal), else as long as
       the entry had moved (the retrace). */
    if (h->exiting && s >= (h->exit_from >= h->delay + h->duration ? h->delay + h->duration
                                                                  : fmin(fmax(h->exit_from - h->delay, 0), h->duration)))
        return 0;
    TRY(gf_scene_sample(scene, s, h->states, h->capacity, &count));
    *sample_ms += (now_seconds() - t0) * 1000;
    for (i = 0; i < h->part_count; i++) order[i] = i;
    for (i = 1; i < h->part_count; i++) /* stable insertion sort by z */
        for (j = i; j > 0 && h->states[order[j - 1] + 1].z_position > h->states[order[j] + 1].z_position; j--) {
            size_t v = order[j];
            order[j] = order[j - 1];
            order[j - 1] = v;
        }
    SDL_SetRenderDrawColor(h->renderer, 255, 255, 255, 255);
    SDL_RenderClear(h->renderer);
    for (i = 0; i < h->part_count; i++) {
        const gf_expand_part *part = &h->parts[order[i]];
        const gf_layer_state *st = &h->states[order[i] + 1];
        /* the source clipped to the window, the destination cut in proportion */
        double sx0 = fmax(part->source[0], 0), sy0 = fmax(part->source[1], 0);
        double sx1 = fmin(part->source[0] + part->source[2], VIEW_W), sy1 = fmin(part->source[1] + part->source[3], VIEW_H);
        double fx = st->width / part->source[2], fy = st->height / part->source[3], k = h->scale;
        SDL_Rect src;
        SDL_FRect dst;
        if (!(sx1 > sx0 && sy1 > sy0) || !(st->width > 0 && st->height > 0)) continue;
        src.x = (int)lround(sx0 * k);
        src.y = (int)lround(sy0 * k);
        src.w = (int)lround(sx1 * k) - src.x;
        src.h = (int)lround(sy1 * k) - src.y;
        dst.x = (float)((st->x + (sx0 - part->source[0]) * fx) * k);
        dst.y = (float)((st->y + (sy0 - part->source[1]) * fy) * k);
        dst.w = (float)((sx1 - sx0) * fx * k);
        dst.h = (float)((sy1 - sy0) * fy * k);
        if (src.w > 0 && src.h > 0) SDL_RenderCopyF(h->renderer, h->snapshot, &src, &dst);
    }
    return 1;
}

static int parse_time_prefix(const char *arg, double *t, const char **rest) {
    char *end;
    *t = strtod(arg, &end);
    if (end == arg || *end != ':' || !isfinite(*t) || *t < 0) return 0;
    *rest = end + 1;
    return 1;
}

static void usage(void) {
    fprintf(stderr, "usage: sdl_feed [--frames N --fps F] [--screenshot T:PATH]... [--click T:X,Y]...\n"
                    "                [--key T:space|escape]... [--scale S] [--log PATH]\n");
    exit(2);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* mean, p50, p99 of values[0..n) (sorted in place). */
static void summarise(const char *what, double *values, size_t n) {
    double sum = 0;
    size_t i;
    if (n == 0) return;
    for (i = 0; i < n; i++) sum += values[i];
    qsort(values, n, sizeof *values, compare_doubles);
    printf("  %-9s mean %.4f ms  p50 %.4f ms  p99 %.4f ms\n", what, sum / (double)n, values[n / 2],
           values[(size_t)((double)(n - 1) * 0.99 + 0.5)]);
}

int main(int argc, char **argv) {
    static scheduled plan[MAX_SCHEDULED];
    static double sample_ms[MAX_TIMED_FRAMES], draw_ms[MAX_TIMED_FRAMES], total_ms[MAX_TIMED_FRAMES];
    size_t planned = 0, timed = 0, i;
    long frames = -1;
    double fps = 60, start;
    const char *log_path = NULL;
    FILE *log = NULL;
    host h;
    gf_view_tree *tree;
    int running = 1;
    long frame;

    memset(&h, 0, sizeof h);
    h.scale = 1;
    h.ended_at = -1;
    for (i = 1; i < (size_t)argc; i++) {
        const char *a = argv[i], *v = i + 1 < (size_t)argc ? argv[i + 1] : NULL, *rest;
        scheduled *s = &plan[planned];
        if (v == NULL) usage();
        i++;
        if (strcmp(a, "--frames") == 0) {
            frames = strtol(v, NULL, 10);
            if (frames <= 0) usage();
        } else if (strcmp(a, "--fps") == 0) {
            fps = strtod(v, NULL);
            if (!(fps > 0 && fps < 10000)) usage();
        } else if (strcmp(a, "--scale") == 0) {
            h.scale = strtod(v, NULL);
            if (!(h.scale >= 0.25 && h.scale <= 4)) usage();
        } else if (strcmp(a, "--log") == 0) {
            log_path = v;
        } else if (planned < MAX_SCHEDULED && parse_time_prefix(v, &s->t, &rest)) {
            if (strcmp(a, "--screenshot") == 0 && strlen(rest) > 0 && strlen(rest) < sizeof s->path) {
                s->kind = 0;
                strcpy(s->path, rest);
            } else if (strcmp(a, "--click") == 0 && sscanf(rest, "%d,%d", &s->x, &s->y) == 2) {
                s->kind = 1;
            } else if (strcmp(a, "--key") == 0 && (strcmp(rest, "space") == 0 || strcmp(rest, "escape") == 0)) {
                s->kind = 2;
                s->key = rest[0] == 's' ? SDLK_SPACE : SDLK_ESCAPE;
            } else {
                usage();
            }
            planned++;
        } else {
            usage();
        }
    }
    if (gf_abi_version() != GF_ABI_VERSION) {
        fprintf(stderr, "sdl_feed: library ABI %u, header ABI %d\n", (unsigned)gf_abi_version(), GF_ABI_VERSION);
        return 1;
    }

    /* The feed's skeleton and its real layout (for the content and the cards). */
    tree = build_feed();
    TRY(gf_skeleton_generate(tree, &h.skeleton));
    if (gf_view_tree_layout(tree, NULL, 0, &h.layout_count) != GF_E_BUFFER_TOO_SMALL && h.layout_count != 0) {
        fprintf(stderr, "sdl_feed: gf_view_tree_layout: %s\n", gf_last_error_message());
        return 1;
    }
    h.layout = calloc(h.layout_count + 1, sizeof *h.layout);
    if (h.layout == NULL) return 1;
    TRY(gf_view_tree_layout(tree, h.layout, h.layout_count, &h.layout_count));
    for (i = 0; i < h.layout_count && h.card_count < MAX_CARDS; i++) {
        const gf_layout_item *it = &h.layout[i];
        if (it->kind == GF_LAYOUT_ROW && it->clip_height > 0) {
            double *c = h.cards[h.card_count++];
            c[0] = it->x, c[1] = it->y, c[2] = it->width, c[3] = it->height;
        }
    }
    /* The id strings of the layout belong to the tree: it lives as long as the layout. */
    TRY(gf_scene_layer_count(h.skeleton, &h.capacity));
    if (h.capacity < MAX_CARDS + 3) h.capacity = MAX_CARDS + 3; /* the transition's layers too */
    h.states = calloc(h.capacity, sizeof *h.states);
    h.order = calloc(h.capacity, sizeof *h.order);
    h.clip_parent = calloc(h.capacity, sizeof *h.clip_parent);
    if (h.states == NULL || h.order == NULL || h.clip_parent == NULL) return 1;
    TRY(gf_scene_sample(h.skeleton, 0, h.states, h.capacity, &h.layer_count));
    compute_order(&h);

    /* The window, its renderer (accelerated if there is one, else software), the textures. */
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "sdl_feed: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    h.canvas.width = (int)lround(VIEW_W * h.scale);
    h.canvas.height = (int)lround(VIEW_H * h.scale);
    h.window = SDL_CreateWindow("Ghostframe feed", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, h.canvas.width,
                                h.canvas.height, 0);
    if (h.window == NULL) {
        fprintf(stderr, "sdl_feed: SDL_CreateWindow: %s\n", SDL_GetError());
        return 1;
    }
    /* Headless (offscreen, dummy): SDL's software renderer, not a GL emulated on the CPU. */
    if (strcmp(SDL_GetCurrentVideoDriver(), "offscreen") == 0 || strcmp(SDL_GetCurrentVideoDriver(), "dummy") == 0)
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    h.renderer = SDL_CreateRenderer(h.window, -1, 0);
    if (h.renderer == NULL) h.renderer = SDL_CreateRenderer(h.window, -1, SDL_RENDERER_SOFTWARE);
    if (h.renderer == NULL) {
        fprintf(stderr, "sdl_feed: SDL_CreateRenderer: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    h.frame = SDL_CreateTexture(h.renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, h.canvas.width,
                                h.canvas.height);
    h.snapshot = SDL_CreateTexture(h.renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                   h.canvas.width, h.canvas.height);
    h.canvas.pixels = malloc((size_t)h.canvas.width * (size_t)h.canvas.height * 4);
    h.canvas.column_rgba = malloc((size_t)h.canvas.width * 4 * sizeof(double));
    h.canvas.column_pixel = malloc((size_t)h.canvas.width * sizeof(uint32_t));
    if (h.frame == NULL || h.snapshot == NULL || h.canvas.pixels == NULL || h.canvas.column_rgba == NULL ||
        h.canvas.column_pixel == NULL) {
        fprintf(stderr, "sdl_feed: textures: %s\n", SDL_GetError());
        return 1;
    }
    h.canvas.scale = h.scale;
    if (log_path != NULL && (log = fopen(log_path, "w")) == NULL) {
        fprintf(stderr, "sdl_feed: cannot write %s\n", log_path);
        return 1;
    }

    start = now_seconds();
    for (frame = 0; running && (frames < 0 || frame < frames); frame++) {
        double t = frames < 0 ? now_seconds() - start : (double)frame / fps;
        double began = now_seconds(), sampled = 0, drawn, total;
        SDL_Event event;
        /* The scheduled clicks and keys go into the queue, as a person's would. */
        for (i = 0; i < planned; i++) {
            scheduled *s = &plan[i];
            if (s->done || s->kind == 0 || t + 1e-9 < s->t) continue;
            s->done = 1;
            if (s->kind == 1) {
                SDL_Event e;
                memset(&e, 0, sizeof e);
                e.type = SDL_MOUSEBUTTONDOWN;
                e.button.button = SDL_BUTTON_LEFT;
                e.button.state = SDL_PRESSED;
                e.button.clicks = 1;
                e.button.x = s->x;
                e.button.y = s->y;
                e.button.windowID = SDL_GetWindowID(h.window);
                SDL_PushEvent(&e);
                e.type = SDL_MOUSEBUTTONUP;
                e.button.state = SDL_RELEASED;
                SDL_PushEvent(&e);
            } else {
                SDL_Event e;
                memset(&e, 0, sizeof e);
                e.type = SDL_KEYDOWN;
                e.key.state = SDL_PRESSED;
                e.key.keysym.sym = s->key;
                e.key.windowID = SDL_GetWindowID(h.window);
                SDL_PushEvent(&e);
            }
        }
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_QUIT) running = 0;
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE) running = 0;
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_SPACE && h.ended_at < 0) {
                TRY(gf_skeleton_end(h.skeleton, t, NULL));
                h.ended_at = t;
            }
            if (event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT)
                on_click(&h, event.button.x, event.button.y, t, &sampled);
        }
        if (!running) break;

        if (h.transition != NULL && !draw_transition(&h, t, &sampled)) end_transition(&h);
        if (h.transition == NULL) {
            draw_feed(&h, t, &sampled);
            upload(&h);
            SDL_RenderCopy(h.renderer, h.frame, NULL, NULL);
        }
        drawn = (now_seconds() - began) * 1000 - sampled;

        for (i = 0; i < planned; i++) { /* screenshots: the frame as the window shows it */
            scheduled *s = &plan[i];
            SDL_Surface *shot;
            if (s->done || s->kind != 0 || t + 1e-9 < s->t) continue;
            s->done = 1;
            shot = SDL_CreateRGBSurfaceWithFormat(0, h.canvas.width, h.canvas.height, 32, SDL_PIXELFORMAT_ARGB8888);
            if (shot == NULL || SDL_RenderReadPixels(h.renderer, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) != 0 ||
                SDL_SaveBMP(shot, s->path) != 0) {
                fprintf(stderr, "sdl_feed: screenshot %s: %s\n", s->path, SDL_GetError());
                return 1;
            }
            SDL_FreeSurface(shot);
        }
        SDL_RenderPresent(h.renderer);
        total = (now_seconds() - began) * 1000;
        if (timed < MAX_TIMED_FRAMES) {
            sample_ms[timed] = sampled;
            draw_ms[timed] = drawn;
            total_ms[timed] = total;
            timed++;
        }
        if (log != NULL) fprintf(log, "%ld %.6f %.4f %.4f %.4f\n", frame, t, sampled, drawn, total);
        if (frames < 0 && total < 1000.0 / fps) SDL_Delay((Uint32)(1000.0 / fps - total)); /* ~60 fps live */
    }

    {
        SDL_RendererInfo info;
        if (SDL_GetRendererInfo(h.renderer, &info) != 0) info.name = "?";
        printf("sdl_feed: %zu frames (%d x %d, video driver %s, renderer %s)\n", timed, h.canvas.width,
               h.canvas.height, SDL_GetCurrentVideoDriver(), info.name);
    }
    summarise("sampling", sample_ms, timed);
    summarise("drawing", draw_ms, timed);
    summarise("total", total_ms, timed);
    if (log != NULL) fclose(log);
    end_transition(&h);
    gf_scene_free(h.skeleton);
    gf_view_tree_free(tree);
    free(h.layout);
    free(h.states);
    free(h.order);
    free(h.clip_parent);
    free(h.canvas.pixels);
    free(h.canvas.column_rgba);
    free(h.canvas.column_pixel);
    SDL_DestroyTexture(h.frame);
    SDL_DestroyTexture(h.snapshot);
    SDL_DestroyRenderer(h.renderer);
    SDL_DestroyWindow(h.window);
    SDL_Quit();
    return 0;
}
