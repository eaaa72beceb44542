/*
 * ghostframe_sdl.h -- draw a sampled Ghostframe frame with an SDL2 renderer (header-only).
 *
 * One call draws what gf_scene_sample wrote, by the rules every host otherwise re-implements
 * (the same as the Python preview's and ghostframe.draw's):
 *   - Core Animation's order: depth first, parents before children, siblings by z_position;
 *   - hidden layers skip their subtree; opacity is the sampled one (already through ancestors);
 *   - corner radii clamped to half the short side, the corners as triangle fans;
 *   - the gradient from its start to its end point (the layer's unit space, perpendicular in
 *     points), drawn over the layer's colour, ends extended: the shape is cut into slices at the
 *     stops and each vertex gets the colour of its place, so the renderer's vertex-colour
 *     interpolation is the gradient exactly (the GPU, or SDL's software renderer, does the work);
 *   - the root layers' children that have children (a skeleton's containers, list sections)
 *     clip their subtree (SDL_RenderSetClipRect);
 *   - kept bones (holes: the custom property "hole" = 1, from gf_scene_sample_custom) show the
 *     host's background colour.
 * Plain rectangles go through SDL_RenderFillRect, everything else through SDL_RenderGeometry
 * (SDL 2.0.18 or newer). No antialiasing: edges fall on the renderer's pixel rules.
 *
 * Usage (C99 or C++11; include <SDL.h> and <ghostframe.h> first):
 *
 *     gfsdl_frame frame;
 *     if (gfsdl_frame_init(&frame, layer_count) != 0) ...;   // the workspace, allocated once
 *     ...every frame:
 *     gf_scene_sample(scene, t, states, capacity, &count);
 *     SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255);
 *     SDL_RenderClear(renderer);
 *     gfsdl_draw(renderer, &frame, states, count, scale, NULL, white);  // holes: NULL or count doubles
 *     SDL_RenderPresent(renderer);
 *     ...
 *     gfsdl_frame_free(&frame);
 *
 * gfsdl_draw allocates nothing once the workspace holds `count` layers (it grows it, returning -1
 * when memory runs out, having drawn nothing). It changes the renderer's draw colour, blend mode
 * (NONE for opaque pieces, which SDL's software renderer fills several times faster; BLEND for
 * the others) and clip rectangle (the clip is reset to none at the end). Threads: as SDL's renderer, one
 * thread. Everything here is static: copy the file or include it in as many files as you like.
 */
#ifndef GHOSTFRAME_SDL_H
#define GHOSTFRAME_SDL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <ghostframe.h>

/* The most vertices of one convex piece: the fan of a rounded rectangle cut by two lines. */
#define GFSDL_ARC_STEPS_MAX 16
#define GFSDL_PI 3.14159265358979323846
#define GFSDL_POLY_MAX (4 * (GFSDL_ARC_STEPS_MAX + 1) + 8)

/** The workspace of gfsdl_draw: drawing order, clips, vertices. Zero it or gfsdl_frame_init it. */
typedef struct gfsdl_frame {
    size_t capacity;    /* layers */
    int *order;         /* drawing order */
    int *sorted;        /* layers sorted by (parent, z, index) */
    int *first_child;   /* index into sorted of each layer's first child, or -1 */
    int *clip;          /* the clipping ancestor's index, or -1 */
    SDL_Vertex vertices[3 * GFSDL_POLY_MAX];
    int indices[3 * 3 * GFSDL_POLY_MAX];
} gfsdl_frame;

static inline void gfsdl_frame_free(gfsdl_frame *f) {
    free(f->order);
    free(f->sorted);
    free(f->first_child);
    free(f->clip);
    f->order = f->sorted = f->first_child = f->clip = NULL;
    f->capacity = 0;
}

/** Makes room for `layers` layers. 0, or -1 when memory runs out (the frame is then empty). */
static inline int gfsdl_frame_init(gfsdl_frame *f, size_t layers) {
    memset(f, 0, sizeof *f);
    if (layers == 0) layers = 1;
    f->order = (int *)malloc(layers * sizeof(int));
    f->sorted = (int *)malloc(layers * sizeof(int));
    f->first_child = (int *)malloc(layers * sizeof(int));
    f->clip = (int *)malloc(layers * sizeof(int));
    if (f->order == NULL || f->sorted == NULL || f->first_child == NULL || f->clip == NULL) {
        gfsdl_frame_free(f);
        return -1;
    }
    f->capacity = layers;
    return 0;
}

/* ---- order ------------------------------------------------------------------------------- */

static const gf_layer_state *gfsdl_sort_states_;

static int gfsdl_by_parent_z_(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    const gf_layer_state *s = gfsdl_sort_states_;
    if (s[i].parent != s[j].parent) return s[i].parent < s[j].parent ? -1 : 1;
    if (s[i].z_position != s[j].z_position) return s[i].z_position < s[j].z_position ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* Depth first, parents before children, siblings by z (stable); a parent out of range is a root. */
static inline size_t gfsdl_order_(gfsdl_frame *f, const gf_layer_state *states, size_t n) {
    size_t i, count = 0, top = 0;
    int *stack = f->clip; /* borrowed while ordering: clips are computed after */
    for (i = 0; i < n; i++) f->sorted[i] = (int)i, f->first_child[i] = -1;
    gfsdl_sort_states_ = states;
    qsort(f->sorted, n, sizeof(int), gfsdl_by_parent_z_);
    for (i = n; i-- > 0;) {
        int k = f->sorted[i], p = states[k].parent;
        if (p >= 0 && (size_t)p < n && p != k) f->first_child[p] = (int)i;
    }
    /* roots, highest z first on the stack so the lowest is drawn first */
    for (i = n; i-- > 0;) {
        int k = f->sorted[i], p = states[k].parent;
        if (p < 0 || (size_t)p >= n || p == k) stack[top++] = k;
    }
    while (top > 0 && count < n) {
        int at = stack[--top], c = f->first_child[at];
        size_t last;
        f->order[count++] = at;
        if (c < 0) continue;
        for (last = (size_t)c; last < n && states[f->sorted[last]].parent == at; last++) {}
        while (last-- > (size_t)c && top < n) stack[top++] = f->sorted[last];
    }
    return count;
}

/* ---- shapes ------------------------------------------------------------------------------ */

typedef struct gfsdl_point_ { double x, y; } gfsdl_point_;

/* The rounded rectangle (0, 0, w, h) with radius r as a convex polygon, clockwise (y down). */
static inline int gfsdl_rounded_(gfsdl_point_ *out, double w, double h, double r, double pixels_per_point) {
    static const double cx[4] = {1, 1, 0, 0}, cy[4] = {0, 1, 1, 0};
    int steps, corner, k, n = 0;
    if (!(r > 0)) {
        out[0].x = 0, out[0].y = 0, out[1].x = w, out[1].y = 0;
        out[2].x = w, out[2].y = h, out[3].x = 0, out[3].y = h;
        return 4;
    }
    steps = (int)ceil(r * pixels_per_point / 2);
    if (steps < 2) steps = 2;
    if (steps > GFSDL_ARC_STEPS_MAX) steps = GFSDL_ARC_STEPS_MAX;
    for (corner = 0; corner < 4; corner++) { /* top right, bottom right, bottom left, top left */
        double ox = cx[corner] > 0 ? w - r : r, oy = cy[corner] > 0 ? h - r : r;
        double a0 = (corner - 1) * GFSDL_PI / 2; /* -90, 0, 90, 180 degrees */
        for (k = 0; k <= steps; k++) {
            double a = a0 + (GFSDL_PI / 2) * k / steps;
            out[n].x = ox + r * cos(a), out[n].y = oy + r * sin(a);
            n++;
        }
    }
    return n;
}

/* Keeps the part of polygon in[0..n) where t(p) = (p - s).d >= lo (sign +1) or <= hi (sign -1). */
static inline int gfsdl_cut_(const gfsdl_point_ *in, int n, gfsdl_point_ *out, gfsdl_point_ s, gfsdl_point_ d,
                      double bound, int sign) {
    int i, m = 0;
    for (i = 0; i < n; i++) {
        gfsdl_point_ a = in[i], b = in[(i + 1) % n];
        double ta = sign * (((a.x - s.x) * d.x + (a.y - s.y) * d.y) - bound);
        double tb = sign * (((b.x - s.x) * d.x + (b.y - s.y) * d.y) - bound);
        if (ta >= 0) out[m++] = a;
        if ((ta >= 0) != (tb >= 0) && m < GFSDL_POLY_MAX) {
            double f = ta / (ta - tb);
            out[m].x = a.x + (b.x - a.x) * f, out[m].y = a.y + (b.y - a.y) * f;
            m++;
        }
        if (m >= GFSDL_POLY_MAX) break;
    }
    return m;
}

static inline Uint8 gfsdl_byte_(double v) {
    return (Uint8)(v <= 0 ? 0 : v >= 1 ? 255 : (int)(v * 255 + 0.5));
}

/* Straight RGBA `top` over straight RGBA `below`. */
static inline void gfsdl_over_(const double top[4], const double below[4], double out[4]) {
    double a = top[3] + below[3] * (1 - top[3]), k = below[3] * (1 - top[3]);
    int j;
    if (!(a > 0)) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    for (j = 0; j < 3; j++) out[j] = (top[j] * top[3] + below[j] * k) / a;
    out[3] = a;
}

/* The gradient's straight RGBA at t (stops made non-decreasing, ends extended). */
static inline void gfsdl_gradient_at_(const gf_layer_state *s, uint32_t n, double t, double out[4]) {
    const double *loc = s->gradient_locations, *col = s->gradient_colors;
    double lo = loc[0];
    uint32_t i;
    int k;
    if (t <= lo || n == 1) {
        memcpy(out, col, 4 * sizeof(double));
        return;
    }
    for (i = 1; i < n; i++) {
        double hi = loc[i] < lo ? lo : loc[i];
        if (t <= hi) {
            double f = hi - lo > 0 ? (t - lo) / (hi - lo) : 1;
            for (k = 0; k < 4; k++) out[k] = col[4 * (i - 1) + k] + (col[4 * i + k] - col[4 * (i - 1) + k]) * f;
            return;
        }
        lo = hi;
    }
    memcpy(out, col + 4 * (n - 1), 4 * sizeof(double));
}

/* Opaque pixels need no blending (SDL's software renderer fills them several times faster). */
static inline void gfsdl_blend_(SDL_Renderer *renderer, const SDL_Vertex *v, int n) {
    int i, opaque = 1;
    for (i = 0; i < n && opaque; i++) opaque = v[i].color.a == 255;
    SDL_SetRenderDrawBlendMode(renderer, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
}

/* One convex polygon (layer space) as a triangle fan, each vertex coloured by `color_of`. */
static inline void gfsdl_fan_(SDL_Renderer *renderer, gfsdl_frame *f, const gfsdl_point_ *poly, int n, const double *m,
                       double scale, const gf_layer_state *s, uint32_t stops, gfsdl_point_ gs, gfsdl_point_ gd,
                       const double fill[4], double opacity) {
    int i;
    if (n < 3) return;
    for (i = 0; i < n; i++) {
        double rgba[4];
        SDL_Vertex *v = &f->vertices[i];
        v->position.x = (float)((m[0] * poly[i].x + m[2] * poly[i].y + m[4]) * scale);
        v->position.y = (float)((m[1] * poly[i].x + m[3] * poly[i].y + m[5]) * scale);
        if (stops > 0) {
            double g[4], t = (poly[i].x - gs.x) * gd.x + (poly[i].y - gs.y) * gd.y;
            gfsdl_gradient_at_(s, stops, t, g);
            gfsdl_over_(g, fill, rgba);
        } else {
            memcpy(rgba, fill, sizeof rgba);
        }
        v->color.r = gfsdl_byte_(rgba[0]), v->color.g = gfsdl_byte_(rgba[1]), v->color.b = gfsdl_byte_(rgba[2]);
        v->color.a = gfsdl_byte_(rgba[3] * opacity);
        v->tex_coord.x = v->tex_coord.y = 0;
    }
    for (i = 1; i + 1 < n; i++) f->indices[3 * (i - 1)] = 0, f->indices[3 * (i - 1) + 1] = i, f->indices[3 * (i - 1) + 2] = i + 1;
    gfsdl_blend_(renderer, f->vertices, n);
    SDL_RenderGeometry(renderer, NULL, f->vertices, n, f->indices, 3 * (n - 2));
}

/* One layer's shape, sliced at the gradient's stops when it has one; `ox, oy, w, h` the part of
   the layer's space drawn (its bounds, or bounds grown to whole pixels), `cover` the opacity's factor. */
static inline void gfsdl_shape_(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *s, double scale,
                                int hole, SDL_Color background, double ox, double oy, double w, double h, double cover) {
    double mm[6];
    const double *m = mm;
    double opacity = (s->opacity > 1 ? 1 : s->opacity) * cover, r = s->corner_radius;
    double fill[4] = {s->r, s->g, s->b, s->a};
    uint32_t stops = (s->flags & GF_LAYER_HAS_GRADIENT) ? (s->gradient_stop_count > 4 ? 4 : s->gradient_stop_count) : 0;
    gfsdl_point_ shape[GFSDL_POLY_MAX], a[GFSDL_POLY_MAX], b[GFSDL_POLY_MAX], gs = {0, 0}, gd = {0, 0};
    int axis, n, i;
    memcpy(mm, s->transform, sizeof mm);
    mm[4] += mm[0] * ox + mm[2] * oy, mm[5] += mm[1] * ox + mm[3] * oy;
    axis = fabs(m[1]) < 1e-9 && fabs(m[2]) < 1e-9;
    if (!(opacity > 0) || !(w > 0) || !(h > 0) || fabs(m[0] * m[3] - m[1] * m[2]) < 1e-12) return;
    if (hole) {
        fill[0] = background.r / 255.0, fill[1] = background.g / 255.0, fill[2] = background.b / 255.0, fill[3] = 1;
        stops = 0;
    }
    if (stops == 0 && !(fill[3] > 0)) return;
    if (!axis || r < 0) r = 0;
    if (r > s->width / 2) r = s->width / 2;
    if (r > s->height / 2) r = s->height / 2;
    if (stops == 0 && r == 0 && axis) { /* a plain rectangle */
        SDL_FRect rect;
        double x0 = m[4] * scale, x1 = (m[4] + m[0] * w) * scale, y0 = m[5] * scale, y1 = (m[5] + m[3] * h) * scale;
        rect.x = (float)fmin(x0, x1), rect.y = (float)fmin(y0, y1);
        rect.w = (float)fabs(x1 - x0), rect.h = (float)fabs(y1 - y0);
        SDL_SetRenderDrawColor(renderer, gfsdl_byte_(fill[0]), gfsdl_byte_(fill[1]), gfsdl_byte_(fill[2]),
                               gfsdl_byte_(fill[3] * opacity));
        SDL_SetRenderDrawBlendMode(renderer, gfsdl_byte_(fill[3] * opacity) == 255 ? SDL_BLENDMODE_NONE
                                                                                   : SDL_BLENDMODE_BLEND);
        SDL_RenderFillRectF(renderer, &rect);
        return;
    }
    n = gfsdl_rounded_(shape, w, h, r, scale * sqrt(fabs(m[0] * m[3] - m[1] * m[2])));
    if (stops > 0) {
        /* t(p) = (p - S).(E - S) / |E - S|^2 in layer points; slices between the stops */
        double ex, ey, len2;
        gs.x = s->gradient_start_x * s->width - ox, gs.y = s->gradient_start_y * s->height - oy;
        ex = s->gradient_end_x * s->width - ox - gs.x, ey = s->gradient_end_y * s->height - oy - gs.y;
        len2 = ex * ex + ey * ey;
        if (!(len2 > 0)) { /* no direction: the colour at t = 0 everywhere */
            double g[4];
            memcpy(g, s->gradient_colors, sizeof g);
            gfsdl_over_(g, fill, fill);
            stops = 0;
        } else {
            gd.x = ex / len2, gd.y = ey / len2;
        }
    }
    if (stops == 0) {
        gfsdl_fan_(renderer, f, shape, n, m, scale, s, 0, gs, gd, fill, opacity);
        return;
    }
    for (i = 0; i <= (int)stops; i++) { /* slice i: between stop i - 1 and stop i */
        double lo = i == 0 ? -HUGE_VAL : s->gradient_locations[i - 1];
        double hi = i == (int)stops ? HUGE_VAL : s->gradient_locations[i];
        int k = n;
        const gfsdl_point_ *piece = shape;
        if (hi < lo) hi = lo;
        if (i > 0) k = gfsdl_cut_(piece, k, a, gs, gd, lo, 1), piece = a;
        if (i < (int)stops && k > 0) k = gfsdl_cut_(piece, k, b, gs, gd, hi, -1), piece = b;
        if (k < 3) continue;
        if ((i == 0 || i == (int)stops) && r == 0 && axis && (gd.x == 0 || gd.y == 0)) {
            /* an end slice of a square layer along an axis: one colour, a rectangle */
            double g[4], rgba[4], x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
            SDL_FRect rect;
            int j;
            for (j = 0; j < k; j++) {
                double px = (m[0] * piece[j].x + m[4]) * scale, py = (m[3] * piece[j].y + m[5]) * scale;
                x0 = fmin(x0, px), x1 = fmax(x1, px), y0 = fmin(y0, py), y1 = fmax(y1, py);
            }
            gfsdl_gradient_at_(s, stops, i == 0 ? -HUGE_VAL : HUGE_VAL, g);
            gfsdl_over_(g, fill, rgba);
            rect.x = (float)x0, rect.y = (float)y0, rect.w = (float)(x1 - x0), rect.h = (float)(y1 - y0);
            SDL_SetRenderDrawColor(renderer, gfsdl_byte_(rgba[0]), gfsdl_byte_(rgba[1]), gfsdl_byte_(rgba[2]),
                                   gfsdl_byte_(rgba[3] * opacity));
            SDL_SetRenderDrawBlendMode(renderer, gfsdl_byte_(rgba[3] * opacity) == 255 ? SDL_BLENDMODE_NONE
                                                                                       : SDL_BLENDMODE_BLEND);
            if (rect.w > 0 && rect.h > 0) SDL_RenderFillRectF(renderer, &rect);
            continue;
        }
        gfsdl_fan_(renderer, f, piece, k, m, scale, s, stops, gs, gd, fill, opacity);
    }
}

/* A fractional pixel's share of [lo, hi). */
static inline double gfsdl_share_(double pixel, double lo, double hi) {
    double a = fmax(pixel, lo), b = fmin(pixel + 1, hi);
    return b > a ? b - a : 0;
}

/* One layer. A square layer placed on the axes with an edge between pixels is drawn grown to
   whole pixels, each band of edge pixels clipped to itself at the opacity times its covered share
   (the interior at full opacity): the coverage an antialiased renderer gives those edges, for the
   price of a second draw clipped to one row or column. */
static inline void gfsdl_layer_(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *s, double scale,
                                int hole, SDL_Color background, const SDL_Rect *clip) {
    const double *m = s->transform;
    double x0, x1, y0, y1, gx0, gx1, gy0, gy1, xs[4], ys[4];
    int ix, iy, nx = 0, ny = 0;
    if (!(fabs(m[1]) < 1e-9 && fabs(m[2]) < 1e-9 && m[0] > 0 && m[3] > 0 && !(s->corner_radius > 0))) {
        gfsdl_shape_(renderer, f, s, scale, hole, background, 0, 0, s->width, s->height, 1);
        return;
    }
    x0 = m[4] * scale, x1 = (m[4] + m[0] * s->width) * scale;
    y0 = m[5] * scale, y1 = (m[5] + m[3] * s->height) * scale;
    gx0 = floor(x0 + 1e-6), gx1 = ceil(x1 - 1e-6), gy0 = floor(y0 + 1e-6), gy1 = ceil(y1 - 1e-6);
    if (fabs(gx0 - x0) < 1e-6 && fabs(gx1 - x1) < 1e-6 && fabs(gy0 - y0) < 1e-6 && fabs(gy1 - y1) < 1e-6) {
        gfsdl_shape_(renderer, f, s, scale, hole, background, 0, 0, s->width, s->height, 1);
        return;
    }
    /* the bands: [grown edge, first whole pixel), the whole pixels, [last whole pixel, grown edge) */
    xs[nx++] = gx0;
    if (gx0 + 1 < gx1 && x0 > gx0 + 1e-6) xs[nx++] = gx0 + 1;
    if (gx1 - 1 > xs[nx - 1] && x1 < gx1 - 1e-6) xs[nx++] = gx1 - 1;
    xs[nx] = gx1;
    ys[ny++] = gy0;
    if (gy0 + 1 < gy1 && y0 > gy0 + 1e-6) ys[ny++] = gy0 + 1;
    if (gy1 - 1 > ys[ny - 1] && y1 < gy1 - 1e-6) ys[ny++] = gy1 - 1;
    ys[ny] = gy1;
    for (iy = 0; iy < ny; iy++)
        for (ix = 0; ix < nx; ix++) {
            SDL_Rect band, cut;
            double cover_x = ix == 0 && xs[1] - xs[0] == 1 ? gfsdl_share_(xs[0], x0, x1)
                             : ix == nx - 1 && xs[nx] - xs[nx - 1] == 1 ? gfsdl_share_(xs[nx - 1], x0, x1) : 1;
            double cover_y = iy == 0 && ys[1] - ys[0] == 1 ? gfsdl_share_(ys[0], y0, y1)
                             : iy == ny - 1 && ys[ny] - ys[ny - 1] == 1 ? gfsdl_share_(ys[ny - 1], y0, y1) : 1;
            band.x = (int)xs[ix], band.y = (int)ys[iy], band.w = (int)(xs[ix + 1] - xs[ix]), band.h = (int)(ys[iy + 1] - ys[iy]);
            if (clip != NULL && !SDL_IntersectRect(&band, clip, &cut)) continue;
            SDL_RenderSetClipRect(renderer, clip != NULL ? &cut : &band);
            gfsdl_shape_(renderer, f, s, scale, hole, background, (gx0 / scale - m[4]) / m[0], (gy0 / scale - m[5]) / m[3],
                         (gx1 - gx0) / scale / m[0], (gy1 - gy0) / scale / m[3], cover_x * cover_y);
        }
    SDL_RenderSetClipRect(renderer, clip);
}

/**
 * Draws states[0..count) (what gf_scene_sample wrote) onto the renderer's target: `scale` pixels
 * per point, `holes` NULL or the custom property "hole" per layer, `background` what holes show.
 * 0, or -1 when the workspace could not grow (nothing drawn).
 */
static inline int gfsdl_draw(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *states, size_t count,
                      double scale, const double *holes, SDL_Color background) {
    size_t i, drawn;
    int current_clip = -2;
    SDL_Rect clip_rect;
    if (count > f->capacity) {
        gfsdl_frame_free(f);
        if (gfsdl_frame_init(f, count) != 0) return -1;
    }
    drawn = gfsdl_order_(f, states, count);
    for (i = 0; i < count; i++) f->clip[i] = -1;
    for (i = 0; i < drawn; i++) {
        int k = f->order[i], p = states[k].parent;
        int hidden_parent = p >= 0 && (size_t)p < count && p != k && (states[p].flags & GF_LAYER_HIDDEN ||
                                                                     f->clip[p] == -3);
        /* clip: inherited; a root's child with children clips its subtree */
        if (hidden_parent || (states[k].flags & GF_LAYER_HIDDEN)) {
            f->clip[k] = -3; /* hidden, with its subtree */
            continue;
        }
        if (p >= 0 && (size_t)p < count && p != k) {
            int pp = states[p].parent;
            f->clip[k] = f->clip[p];
            if ((pp < 0 || (size_t)pp >= count) && f->first_child[p] >= 0) f->clip[k] = p;
        }
        if (f->clip[k] != current_clip) {
            current_clip = f->clip[k];
            if (current_clip < 0) {
                SDL_RenderSetClipRect(renderer, NULL);
            } else {
                const gf_layer_state *c = &states[current_clip];
                double x0 = c->transform[4] * scale, y0 = c->transform[5] * scale;
                double x1 = (c->transform[4] + c->transform[0] * c->width) * scale;
                double y1 = (c->transform[5] + c->transform[3] * c->height) * scale;
                clip_rect.x = (int)lround(fmin(x0, x1)), clip_rect.y = (int)lround(fmin(y0, y1));
                clip_rect.w = (int)lround(fmax(x0, x1)) - clip_rect.x, clip_rect.h = (int)lround(fmax(y0, y1)) - clip_rect.y;
                SDL_RenderSetClipRect(renderer, &clip_rect);
            }
        }
        gfsdl_layer_(renderer, f, &states[k], scale, holes != NULL && holes[k] == 1.0, background,
                     current_clip < 0 ? NULL : &clip_rect);
    }
    SDL_RenderSetClipRect(renderer, NULL);
    return 0;
}

/** A rounded rectangle (window points x, y, w, h, radius r) in one colour, for a host's own content. */
static inline void gfsdl_fill_rounded(SDL_Renderer *renderer, gfsdl_frame *f, double x, double y, double w, double h,
                               double r, double scale, SDL_Color color) {
    gf_layer_state s;
    memset(&s, 0, sizeof s);
    s.transform[0] = s.transform[3] = 1, s.transform[4] = x, s.transform[5] = y;
    s.width = w, s.height = h, s.corner_radius = r, s.opacity = 1;
    s.r = color.r / 255.0, s.g = color.g / 255.0, s.b = color.b / 255.0, s.a = color.a / 255.0;
    {
        SDL_Rect clip;
        SDL_RenderGetClipRect(renderer, &clip);
        gfsdl_layer_(renderer, f, &s, scale, 0, color, SDL_RenderIsClipEnabled(renderer) ? &clip : NULL);
    }
}

#endif /* GHOSTFRAME_SDL_H */
