/*
 * ghostframe_sdl.h -- draw a sampled Ghostframe frame with an SDL2 renderer (header-only).
 *
 * One call draws what gf_scene_sample wrote, by the rules every host otherwise re-implements
 * (the same as the Python preview's and ghostframe.draw's):
 *   - Core Animation's order: depth first, parents before children, siblings by z_position;
 *   - hidden layers skip their subtree; opacity is the sampled one (already through ancestors);
 *   - corner radii clamped to half the short side;
 *   - the gradient from its start to its end point (the layer's unit space, perpendicular in
 *     points), drawn over the layer's colour, ends extended;
 *   - the root layers' children that have children (a skeleton's containers, list sections)
 *     clip their subtree;
 *   - kept bones (holes: the custom property "hole" = 1, from gf_scene_sample_custom) show the
 *     host's background colour;
 *   - an edge between pixels (a 13.5-point bar) gives its pixels the covered share of the
 *     layer's opacity, as an antialiased renderer does.
 *
 * Two ways to the pixels, chosen per renderer (gfsdl_frame.mode):
 *   - geometry (GPU renderers): each layer cut into convex pieces at its gradient's stops, the
 *     pieces as triangle fans with the gradient as vertex colours (rounded corners with as many
 *     fan segments as the radius on screen needs), all the frame's triangles in as few
 *     SDL_RenderGeometry calls as possible (one per batch of non-overlapping layers): the GPU
 *     interpolates the colours;
 *   - rects (SDL's software renderer, whose triangle filler interpolates vertex colours with
 *     four 64-bit divisions per pixel and blends through a temporary surface per triangle): a
 *     layer placed on the axes whose gradient runs along an axis (or that has none) is cut into
 *     rectangles of one 8-bit colour (a gradient's colour changes by whole levels, so its columns
 *     come in runs), the rounded corners row by row (the arc's edge pixels at their covered
 *     share), and the frame's rectangles go out in one SDL_RenderFillRectsF call per colour; an
 *     opaque one-colour container (a background) is drawn last, minus what the layers over it
 *     cover, and those layers are drawn opaque over its colour, so each pixel is written once;
 *     what rects cannot draw (rotated layers, diagonal gradients) goes through geometry.
 * Layers are batched while their pixel boxes do not overlap (a layer over a pending one flushes
 * the batch first), so the painter's order holds.
 *
 * Usage (C99 or C++11; SDL 2.0.18 or newer; include <SDL.h> and <ghostframe.h> first):
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
 * gfsdl_draw allocates nothing once the workspace holds `count` layers and a row of the target's
 * pixels (it grows it, returning -1 when memory runs out, having drawn nothing). It changes the
 * renderer's draw colour and blend mode (NONE for opaque pieces, BLEND for the others); it leaves
 * the clip rectangle alone (the renderer's own clip, if the host set one, applies). Threads: as
 * SDL's renderer, one thread. Everything here is static: copy the file or include it in as many
 * files as you like.
 */
#ifndef GHOSTFRAME_SDL_H
#define GHOSTFRAME_SDL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <ghostframe.h>

/* gfsdl_frame.mode: how the pixels are made. */
#define GFSDL_MODE_AUTO 0     /* rects on SDL's software renderer, geometry on the others */
#define GFSDL_MODE_GEOMETRY 1 /* SDL_RenderGeometry for every layer */
#define GFSDL_MODE_RECTS 2    /* SDL_RenderFillRectsF where a layer allows, geometry for the rest */

/* The most fan segments of a quarter circle. */
#define GFSDL_ARC_STEPS_MAX 16
/* The most vertices of one convex piece: a rounded rectangle's fan cut by eight lines. */
#define GFSDL_POLY_MAX (4 * (GFSDL_ARC_STEPS_MAX + 1) + 16)
/* A batch's capacities (a full batch is drawn, and the next begins). */
#define GFSDL_RECTS_MAX 4096
#define GFSDL_COLOURS_MAX 128
#define GFSDL_BOXES_MAX 256
#define GFSDL_VERTICES_MAX 8192
#define GFSDL_BACKGROUNDS_MAX 8
#define GFSDL_PIECES_MAX 1024
#define GFSDL_PI 3.14159265358979323846

/** The workspace of gfsdl_draw: drawing order, clips, the batches. gfsdl_frame_init it (or zero
    it: gfsdl_draw then allocates it). Set `mode` after init to force a way (GFSDL_MODE_*). */
typedef struct gfsdl_frame {
    size_t capacity;        /* layers */
    int mode;               /* GFSDL_MODE_AUTO unless the host sets another */
    int *order;             /* drawing order */
    int *sorted;            /* layers sorted by (parent, z, index) */
    int *first_child;       /* index into sorted of each layer's first child, or -1 */
    int *clip;              /* the clipping ancestor's index, or -1 */
    /* rects waiting, with their colour's index; their second half holds them grouped by colour */
    SDL_FRect *rects;
    unsigned char *rect_colour;
    int rect_count;
    Uint32 colours[GFSDL_COLOURS_MAX]; /* RGBA, r in the low byte */
    int colour_count;
    short colour_slot[2 * GFSDL_COLOURS_MAX]; /* hash of colours: index + 1, or 0 */
    /* triangles waiting, and the blend mode they share */
    SDL_Vertex *vertices;
    int *indices;
    int vertex_count, index_count;
    SDL_BlendMode geometry_blend;
    float nudge; /* added to the triangles' positions: 0.5 where SDL truncates them (software) */
    /* the pixel boxes of the layers waiting */
    SDL_Rect boxes[GFSDL_BOXES_MAX];
    int box_count;
    /* backgrounds (rects only): opaque one-colour rectangles not drawn yet, as the pieces that no
       later layer covers (a layer inside one is drawn over its colour, opaque, and cut out) */
    SDL_Rect background_rect[GFSDL_BACKGROUNDS_MAX];
    Uint32 background_colour[GFSDL_BACKGROUNDS_MAX];
    int background_count;
    SDL_Rect *pieces;
    unsigned char *piece_owner;
    int piece_count;
    /* a layer's colour per column (or row) */
    Uint32 *line;
    size_t line_capacity;
} gfsdl_frame;

/** Frees the workspace (the frame is then empty; freeing it again does nothing). */
static inline void gfsdl_frame_free(gfsdl_frame *f) {
    free(f->order);
    free(f->sorted);
    free(f->first_child);
    free(f->clip);
    free(f->rects);
    free(f->rect_colour);
    free(f->vertices);
    free(f->indices);
    free(f->pieces);
    free(f->piece_owner);
    free(f->line);
    memset(f, 0, sizeof *f);
}

/** Makes room for `layers` layers and the batches. 0, or -1 when memory runs out (the frame is
    then empty). */
static inline int gfsdl_frame_init(gfsdl_frame *f, size_t layers) {
    memset(f, 0, sizeof *f);
    if (layers == 0) layers = 1;
    f->order = (int *)malloc(layers * sizeof(int));
    f->sorted = (int *)malloc(layers * sizeof(int));
    f->first_child = (int *)malloc(layers * sizeof(int));
    f->clip = (int *)malloc(layers * sizeof(int));
    f->rects = (SDL_FRect *)malloc(2 * GFSDL_RECTS_MAX * sizeof(SDL_FRect));
    f->rect_colour = (unsigned char *)malloc(GFSDL_RECTS_MAX);
    f->vertices = (SDL_Vertex *)malloc(GFSDL_VERTICES_MAX * sizeof(SDL_Vertex));
    f->indices = (int *)malloc(3 * GFSDL_VERTICES_MAX * sizeof(int));
    f->pieces = (SDL_Rect *)malloc(GFSDL_PIECES_MAX * sizeof(SDL_Rect));
    f->piece_owner = (unsigned char *)malloc(GFSDL_PIECES_MAX);
    if (f->order == NULL || f->sorted == NULL || f->first_child == NULL || f->clip == NULL || f->rects == NULL ||
        f->rect_colour == NULL || f->vertices == NULL || f->indices == NULL || f->pieces == NULL ||
        f->piece_owner == NULL) {
        gfsdl_frame_free(f);
        return -1;
    }
    f->capacity = layers;
    return 0;
}

/* ---- order ------------------------------------------------------------------------------- */

static const gf_layer_state *gfsdl_sort_states_;

/* qsort's order of layer indices: by parent, then z_position, then index (a stable sort). */
static int gfsdl_by_parent_z_(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    const gf_layer_state *s = gfsdl_sort_states_;
    if (s[i].parent != s[j].parent) return s[i].parent < s[j].parent ? -1 : 1;
    if (s[i].z_position != s[j].z_position) return s[i].z_position < s[j].z_position ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* Depth first, parents before children, siblings by z (stable); a parent out of range is a root.
   Returns how many layers f->order holds. */
static inline size_t gfsdl_order_(gfsdl_frame *f, const gf_layer_state *states, size_t n) {
    size_t i, count = 0, top = 0;
    int *stack = f->clip; /* borrowed while ordering: clips are computed after */
    int sorted = 1;
    for (i = 0; i < n; i++) f->sorted[i] = (int)i, f->first_child[i] = -1;
    for (i = 1; i < n && sorted; i++) /* a sampled scene is usually in this order already */
        sorted = states[i - 1].parent < states[i].parent ||
                 (states[i - 1].parent == states[i].parent && !(states[i].z_position < states[i - 1].z_position));
    if (!sorted) {
        gfsdl_sort_states_ = states;
        qsort(f->sorted, n, sizeof(int), gfsdl_by_parent_z_);
    }
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

/* ---- colours ----------------------------------------------------------------------------- */

/* A layer's paint: its colour (straight RGBA), its gradient (0 stops: none) and its opacity. */
typedef struct gfsdl_paint_ {
    double fill[4];
    double opacity;
    uint32_t stops;
    const double *locations, *colors;
} gfsdl_paint_;

/* 0..1 to a byte, rounded. */
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
static inline void gfsdl_gradient_at_(const gfsdl_paint_ *p, double t, double out[4]) {
    const double *loc = p->locations, *col = p->colors;
    double lo = loc[0];
    uint32_t i;
    int k;
    if (t <= lo || p->stops == 1) {
        memcpy(out, col, 4 * sizeof(double));
        return;
    }
    for (i = 1; i < p->stops; i++) {
        double hi = loc[i] < lo ? lo : loc[i];
        if (t <= hi) {
            double f = hi - lo > 0 ? (t - lo) / (hi - lo) : 1;
            for (k = 0; k < 4; k++) out[k] = col[4 * (i - 1) + k] + (col[4 * i + k] - col[4 * (i - 1) + k]) * f;
            return;
        }
        lo = hi;
    }
    memcpy(out, col + 4 * (p->stops - 1), 4 * sizeof(double));
}

/* The paint at gradient position t as RGBA bytes (r in the low byte), the opacity in the alpha. */
static inline Uint32 gfsdl_colour_at_(const gfsdl_paint_ *p, double t) {
    double rgba[4];
    if (p->stops > 0) {
        double g[4];
        gfsdl_gradient_at_(p, t, g);
        gfsdl_over_(g, p->fill, rgba);
    } else {
        memcpy(rgba, p->fill, sizeof rgba);
    }
    return (Uint32)gfsdl_byte_(rgba[0]) | (Uint32)gfsdl_byte_(rgba[1]) << 8 | (Uint32)gfsdl_byte_(rgba[2]) << 16 |
           (Uint32)gfsdl_byte_(rgba[3] * p->opacity) << 24;
}

/* `colour` with its alpha times `cover` (0..1]. */
static inline Uint32 gfsdl_covered_(Uint32 colour, double cover) {
    if (cover >= 1) return colour;
    if (!(cover > 0)) return colour & 0xFFFFFFu;
    return (colour & 0xFFFFFFu) | (Uint32)(int)((double)(colour >> 24) * cover + 0.5) << 24;
}

/* `colour` over the opaque `under`: opaque. */
static inline Uint32 gfsdl_under_(Uint32 colour, Uint32 under) {
    Uint32 a = colour >> 24, k = 255 - a, out = 0xFF000000u;
    int shift;
    if (a == 255) return colour;
    for (shift = 0; shift < 24; shift += 8)
        out |= ((((colour >> shift) & 255u) * a + ((under >> shift) & 255u) * k + 127) / 255) << shift;
    return out;
}

/* ---- batches ----------------------------------------------------------------------------- */

/* Draws the waiting rects, one SDL_RenderFillRectsF call per colour. */
static inline void gfsdl_flush_rects_(SDL_Renderer *renderer, gfsdl_frame *f) {
    int start[GFSDL_COLOURS_MAX + 1], at[GFSDL_COLOURS_MAX];
    SDL_FRect *grouped = f->rects + GFSDL_RECTS_MAX;
    int i, c;
    if (f->rect_count > 0) {
        memset(start, 0, sizeof start);
        for (i = 0; i < f->rect_count; i++) start[f->rect_colour[i] + 1]++;
        for (c = 0; c < f->colour_count; c++) start[c + 1] += start[c], at[c] = start[c];
        for (i = 0; i < f->rect_count; i++) grouped[at[f->rect_colour[i]]++] = f->rects[i];
        for (c = 0; c < f->colour_count; c++) {
            Uint32 k = f->colours[c];
            Uint8 a = (Uint8)(k >> 24);
            if (start[c + 1] == start[c]) continue;
            SDL_SetRenderDrawColor(renderer, (Uint8)k, (Uint8)(k >> 8), (Uint8)(k >> 16), a);
            SDL_SetRenderDrawBlendMode(renderer, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
            SDL_RenderFillRectsF(renderer, grouped + start[c], start[c + 1] - start[c]);
        }
    }
    f->rect_count = 0;
    f->colour_count = 0;
    memset(f->colour_slot, 0, sizeof f->colour_slot);
}

/* Draws the waiting triangles with one SDL_RenderGeometry call. */
static inline void gfsdl_flush_geometry_(SDL_Renderer *renderer, gfsdl_frame *f) {
    if (f->index_count > 0) {
        SDL_SetRenderDrawBlendMode(renderer, f->geometry_blend);
        SDL_RenderGeometry(renderer, NULL, f->vertices, f->vertex_count, f->indices, f->index_count);
    }
    f->vertex_count = f->index_count = 0;
}

/* Draws everything waiting; `forget_boxes` also forgets the waiting layers' boxes (a capacity
   flush keeps them: the overlap test may then flush once more than needed, never too few). */
static inline void gfsdl_flush_(SDL_Renderer *renderer, gfsdl_frame *f, int forget_boxes) {
    gfsdl_flush_rects_(renderer, f);
    gfsdl_flush_geometry_(renderer, f);
    if (forget_boxes) f->box_count = 0;
}

/* A layer about to be batched, its pixel box `box`: flushes first when it overlaps a layer
   waiting (the painter's order), then remembers it. */
static inline void gfsdl_begin_layer_(SDL_Renderer *renderer, gfsdl_frame *f, const SDL_Rect *box) {
    int i;
    for (i = 0; i < f->box_count; i++) {
        const SDL_Rect *b = &f->boxes[i];
        if (box->x < b->x + b->w && b->x < box->x + box->w && box->y < b->y + b->h && b->y < box->y + box->h) {
            gfsdl_flush_(renderer, f, 1);
            break;
        }
    }
    if (f->box_count == GFSDL_BOXES_MAX) gfsdl_flush_(renderer, f, 1);
    f->boxes[f->box_count++] = *box;
}

/* Queues the rect (x, y, w, h) in whole pixels in `colour` (alpha 0: nothing). */
static inline void gfsdl_rect_(SDL_Renderer *renderer, gfsdl_frame *f, int x, int y, int w, int h, Uint32 colour) {
    unsigned slot;
    int c;
    if ((colour >> 24) == 0 || w <= 0 || h <= 0) return;
    if (f->rect_count == GFSDL_RECTS_MAX) gfsdl_flush_(renderer, f, 0);
    slot = (unsigned)((colour * 2654435761u) >> 24) & (2 * GFSDL_COLOURS_MAX - 1);
    for (;;) { /* open addressing, at most half full */
        c = f->colour_slot[slot] - 1;
        if (c < 0 || f->colours[c] == colour) break;
        slot = (slot + 1) & (2 * GFSDL_COLOURS_MAX - 1);
    }
    if (c < 0) {
        if (f->colour_count == GFSDL_COLOURS_MAX) {
            gfsdl_flush_(renderer, f, 0);
            slot = (unsigned)((colour * 2654435761u) >> 24) & (2 * GFSDL_COLOURS_MAX - 1);
        }
        c = f->colour_count++;
        f->colours[c] = colour;
        f->colour_slot[slot] = (short)(c + 1);
    }
    f->rects[f->rect_count].x = (float)x, f->rects[f->rect_count].y = (float)y;
    f->rects[f->rect_count].w = (float)w, f->rects[f->rect_count].h = (float)h;
    f->rect_colour[f->rect_count++] = (unsigned char)c;
}

/* ---- backgrounds ------------------------------------------------------------------------- */

/* Whether two rects share a pixel. */
static inline int gfsdl_overlap_(const SDL_Rect *a, const SDL_Rect *b) {
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* Draws the background b (queues its pieces; its rect joins the layers waiting) and forgets it. */
static inline void gfsdl_release_(SDL_Renderer *renderer, gfsdl_frame *f, int b) {
    int i, kept = 0;
    for (i = 0; i < f->piece_count; i++) {
        const SDL_Rect *p = &f->pieces[i];
        if (f->piece_owner[i] == b) {
            gfsdl_rect_(renderer, f, p->x, p->y, p->w, p->h, f->background_colour[b]);
        } else {
            f->pieces[kept] = *p, f->piece_owner[kept] = f->piece_owner[i];
            kept++;
        }
    }
    f->piece_count = kept;
    if (f->box_count == GFSDL_BOXES_MAX) gfsdl_flush_(renderer, f, 1);
    f->boxes[f->box_count++] = f->background_rect[b];
    f->background_colour[b] = 0; /* no longer a background: a free slot */
}

/* Draws every background with a piece in `box` (NULL: all). */
static inline void gfsdl_release_in_(SDL_Renderer *renderer, gfsdl_frame *f, const SDL_Rect *box) {
    int b, i;
    for (b = 0; b < f->background_count; b++) {
        if (f->background_colour[b] == 0) continue;
        for (i = 0; i < f->piece_count; i++)
            if (f->piece_owner[i] == b && (box == NULL || gfsdl_overlap_(&f->pieces[i], box))) {
                gfsdl_release_(renderer, f, b);
                break;
            }
    }
}

/* The background whose pieces cover all of `box` (none of another's in it), -2 when no piece is
   in it, else -1. */
static inline int gfsdl_under_box_(const gfsdl_frame *f, const SDL_Rect *box) {
    long long covered = 0;
    int i, owner = -2;
    for (i = 0; i < f->piece_count; i++) {
        const SDL_Rect *p = &f->pieces[i];
        int w, h;
        if (!gfsdl_overlap_(p, box)) continue;
        if (owner >= 0 && f->piece_owner[i] != owner) return -1;
        owner = f->piece_owner[i];
        w = (p->x + p->w < box->x + box->w ? p->x + p->w : box->x + box->w) - (p->x > box->x ? p->x : box->x);
        h = (p->y + p->h < box->y + box->h ? p->y + p->h : box->y + box->h) - (p->y > box->y ? p->y : box->y);
        covered += (long long)w * h;
    }
    if (owner < 0) return -2;
    return covered == (long long)box->w * box->h ? owner : -1;
}

/* Cuts `box` out of every background piece. 0, or -1 when the pieces would not fit (nothing cut). */
static inline int gfsdl_cut_out_(gfsdl_frame *f, const SDL_Rect *box) {
    int i, n = f->piece_count, kept = 0, hits = 0;
    for (i = 0; i < n; i++) hits += gfsdl_overlap_(&f->pieces[i], box);
    if (hits == 0) return 0;
    if (n + 3 * hits > GFSDL_PIECES_MAX) return -1;
    for (i = 0; i < n; i++) { /* a piece hit leaves up to four: above, below, left, right */
        SDL_Rect p = f->pieces[i], q;
        int owner = f->piece_owner[i], top, bottom;
        if (!gfsdl_overlap_(&p, box)) {
            f->pieces[kept] = p, f->piece_owner[kept++] = (unsigned char)owner;
            continue;
        }
        top = p.y > box->y ? p.y : box->y;
        bottom = p.y + p.h < box->y + box->h ? p.y + p.h : box->y + box->h;
        if (box->y > p.y) q = p, q.h = box->y - p.y, f->pieces[f->piece_count] = q, f->piece_owner[f->piece_count++] = (unsigned char)owner;
        if (box->y + box->h < p.y + p.h)
            q = p, q.y = box->y + box->h, q.h = p.y + p.h - q.y, f->pieces[f->piece_count] = q,
            f->piece_owner[f->piece_count++] = (unsigned char)owner;
        if (box->x > p.x)
            q.x = p.x, q.y = top, q.w = box->x - p.x, q.h = bottom - top, f->pieces[f->piece_count] = q,
            f->piece_owner[f->piece_count++] = (unsigned char)owner;
        if (box->x + box->w < p.x + p.w)
            q.x = box->x + box->w, q.y = top, q.w = p.x + p.w - q.x, q.h = bottom - top, f->pieces[f->piece_count] = q,
            f->piece_owner[f->piece_count++] = (unsigned char)owner;
    }
    /* the pieces made went to the end: move them down over the gap the hit ones left */
    for (i = n; i < f->piece_count; i++) f->pieces[kept] = f->pieces[i], f->piece_owner[kept++] = f->piece_owner[i];
    f->piece_count = kept;
    return 0;
}

/* An opaque layer of one colour filling `box` exactly: becomes a background (drawn later, minus
   what later layers cover) when there is room. 1 if it did, 0 if it is to be drawn now. */
static inline int gfsdl_background_(SDL_Renderer *renderer, gfsdl_frame *f, const SDL_Rect *box, Uint32 colour) {
    int i, b;
    for (b = 0; b < f->background_count && f->background_colour[b] != 0; b++) {} /* a free slot */
    if (b == GFSDL_BACKGROUNDS_MAX || f->piece_count == GFSDL_PIECES_MAX) return 0;
    if (gfsdl_cut_out_(f, box) != 0) return 0; /* what it covers of older ones is never seen */
    for (i = 0; i < f->box_count; i++) /* layers waiting under it are drawn first */
        if (gfsdl_overlap_(&f->boxes[i], box)) {
            gfsdl_flush_(renderer, f, 1);
            break;
        }
    f->background_rect[b] = *box;
    f->background_colour[b] = colour;
    f->pieces[f->piece_count] = *box, f->piece_owner[f->piece_count++] = (unsigned char)b;
    if (b == f->background_count) f->background_count++;
    return 1;
}

/* ---- geometry ---------------------------------------------------------------------------- */

/* A vertex in pixels: a[0] x, a[1] y, a[2] the gradient's position t. */
typedef struct gfsdl_vertex_ { double a[3]; } gfsdl_vertex_;

/* Keeps the part of the convex polygon in[0..n) where sign * (v.a[k] - bound) >= 0, into out
   (at most one vertex more); the attributes are interpolated along the cut edges. */
static inline int gfsdl_cut_(const gfsdl_vertex_ *in, int n, gfsdl_vertex_ *out, int k, double bound, int sign) {
    int i, j, m = 0;
    for (i = 0; i < n && m < GFSDL_POLY_MAX; i++) {
        const gfsdl_vertex_ *a = &in[i], *b = &in[(i + 1) % n];
        double ta = sign * (a->a[k] - bound), tb = sign * (b->a[k] - bound);
        if (ta >= 0) out[m++] = *a;
        if ((ta >= 0) != (tb >= 0) && m < GFSDL_POLY_MAX) {
            double q = ta / (ta - tb);
            for (j = 0; j < 3; j++) out[m].a[j] = a->a[j] + (b->a[j] - a->a[j]) * q;
            out[m].a[k] = bound; /* exactly on the line */
            m++;
        }
    }
    return m;
}

/* Cuts the polygon p[0..n) (using tmp) to the box [x0, x1] x [y0, y1]; the count left in p. */
static inline int gfsdl_cut_box_(gfsdl_vertex_ *p, int n, gfsdl_vertex_ *tmp, double x0, double y0, double x1,
                                 double y1) {
    if (n >= 3) n = gfsdl_cut_(p, n, tmp, 0, x0, 1);
    if (n >= 3) n = gfsdl_cut_(tmp, n, p, 0, x1, -1);
    if (n >= 3) n = gfsdl_cut_(p, n, tmp, 1, y0, 1);
    if (n >= 3) n = gfsdl_cut_(tmp, n, p, 1, y1, -1);
    return n < 3 ? 0 : n;
}

/* Queues the convex polygon p[0..n) as a triangle fan, each vertex the paint at its t, the
   alpha times `cover`. */
static inline void gfsdl_fan_(SDL_Renderer *renderer, gfsdl_frame *f, const gfsdl_vertex_ *p, int n,
                              const gfsdl_paint_ *paint, double cover) {
    SDL_BlendMode blend = SDL_BLENDMODE_NONE;
    Uint32 colours[GFSDL_POLY_MAX];
    int i, base, any = 0;
    if (n < 3) return;
    for (i = 0; i < n; i++) {
        colours[i] = gfsdl_covered_(gfsdl_colour_at_(paint, p[i].a[2]), cover);
        if ((colours[i] >> 24) != 255) blend = SDL_BLENDMODE_BLEND;
        if ((colours[i] >> 24) != 0) any = 1;
    }
    if (!any) return;
    if (f->index_count > 0 && blend != f->geometry_blend) gfsdl_flush_geometry_(renderer, f);
    if (f->vertex_count + n > GFSDL_VERTICES_MAX || f->index_count + 3 * (n - 2) > 3 * GFSDL_VERTICES_MAX)
        gfsdl_flush_(renderer, f, 0);
    f->geometry_blend = blend;
    base = f->vertex_count;
    for (i = 0; i < n; i++) {
        SDL_Vertex *v = &f->vertices[base + i];
        v->position.x = (float)p[i].a[0] + f->nudge, v->position.y = (float)p[i].a[1] + f->nudge;
        v->color.r = (Uint8)colours[i], v->color.g = (Uint8)(colours[i] >> 8);
        v->color.b = (Uint8)(colours[i] >> 16), v->color.a = (Uint8)(colours[i] >> 24);
        v->tex_coord.x = v->tex_coord.y = 0;
    }
    for (i = 1; i + 1 < n; i++) {
        int *t = &f->indices[f->index_count];
        t[0] = base, t[1] = base + i, t[2] = base + i + 1;
        f->index_count += 3;
    }
    f->vertex_count += n;
}

/* A fractional pixel's share of [lo, hi). */
static inline double gfsdl_share_(double pixel, double lo, double hi) {
    double a = fmax(pixel, lo), b = fmin(pixel + 1, hi);
    return b > a ? b - a : 0;
}

/* The layer through geometry. `m` its transform, `k` pixels per point, (gx, gy) and (dx, dy)
   the gradient's start and direction (t = (p - g).d in layer points), `clip` the pixels it may
   touch. A square layer placed on the axes with an edge between pixels is drawn grown to whole
   pixels, each band of edge pixels at the opacity times its covered share. */
static inline void gfsdl_geometry_layer_(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *s,
                                         const gfsdl_paint_ *paint, double r, double k, double gx, double gy,
                                         double dx, double dy, const SDL_Rect *clip) {
    static const double cx[4] = {1, 1, 0, 0}, cy[4] = {0, 1, 1, 0};
    const double *m = s->transform;
    gfsdl_vertex_ shape[GFSDL_POLY_MAX], a[GFSDL_POLY_MAX], b[GFSDL_POLY_MAX];
    double bx[4], by[4], gxs[4], gys[4];
    int n = 0, i, j, nx = 0, ny = 0, slices;
    int banded = fabs(m[1]) < 1e-9 && fabs(m[2]) < 1e-9 && m[0] > 0 && m[3] > 0 && !(r > 0);
    double x0 = m[4] * k, x1 = (m[4] + m[0] * s->width) * k, y0 = m[5] * k, y1 = (m[5] + m[3] * s->height) * k;
    if (banded) { /* the bands: [grown edge, first whole pixel), the whole pixels, [last, grown edge) */
        double g0 = floor(x0 + 1e-6), g1 = ceil(x1 - 1e-6), h0 = floor(y0 + 1e-6), h1 = ceil(y1 - 1e-6);
        banded = !(fabs(g0 - x0) < 1e-6 && fabs(g1 - x1) < 1e-6 && fabs(h0 - y0) < 1e-6 && fabs(h1 - y1) < 1e-6);
        if (banded) {
            bx[nx++] = g0;
            if (g0 + 1 < g1 && x0 > g0 + 1e-6) bx[nx++] = g0 + 1;
            if (g1 - 1 > bx[nx - 1] && x1 < g1 - 1e-6) bx[nx++] = g1 - 1;
            bx[nx] = g1;
            by[ny++] = h0;
            if (h0 + 1 < h1 && y0 > h0 + 1e-6) by[ny++] = h0 + 1;
            if (h1 - 1 > by[ny - 1] && y1 < h1 - 1e-6) by[ny++] = h1 - 1;
            by[ny] = h1;
            for (i = 0; i < nx; i++)
                gxs[i] = i == 0 && bx[1] - bx[0] == 1 ? gfsdl_share_(bx[0], x0, x1)
                         : i == nx - 1 && bx[nx] - bx[nx - 1] == 1 ? gfsdl_share_(bx[nx - 1], x0, x1) : 1;
            for (j = 0; j < ny; j++)
                gys[j] = j == 0 && by[1] - by[0] == 1 ? gfsdl_share_(by[0], y0, y1)
                         : j == ny - 1 && by[ny] - by[ny - 1] == 1 ? gfsdl_share_(by[ny - 1], y0, y1) : 1;
            /* the grown rectangle, its t from its place in the layer */
            for (i = 0; i < 4; i++) {
                double px = cx[i] > 0 ? g1 : g0, py = cy[i] > 0 ? h1 : h0;
                double lx = (px / k - m[4]) / m[0], ly = (py / k - m[5]) / m[3];
                shape[i].a[0] = px, shape[i].a[1] = py, shape[i].a[2] = (lx - gx) * dx + (ly - gy) * dy;
            }
            n = 4;
        }
    }
    if (!banded) { /* the rounded rectangle, clockwise (y down), corners with enough segments */
        double w = s->width, h = s->height;
        double scale = k * sqrt(fabs(m[0] * m[3] - m[1] * m[2]));
        int steps = 1, corner;
        if (r > 0) {
            double on_screen = r * scale; /* a chord at most 0.1 px inside the arc */
            double step = on_screen > 0.1 ? 2 * acos(1 - 0.1 / on_screen) : GFSDL_PI / 2;
            double need = step > 0 ? ceil((GFSDL_PI / 2) / step) : GFSDL_ARC_STEPS_MAX;
            steps = need < 1 ? 1 : need > GFSDL_ARC_STEPS_MAX ? GFSDL_ARC_STEPS_MAX : (int)need;
        }
        for (corner = 0; corner < 4; corner++) { /* top right, bottom right, bottom left, top left */
            double ox = cx[corner] > 0 ? w - r : r, oy = cy[corner] > 0 ? h - r : r;
            double a0 = (corner - 1) * GFSDL_PI / 2; /* -90, 0, 90, 180 degrees */
            int q, last = r > 0 ? steps : 0;
            if (!(r > 0)) ox = cx[corner] > 0 ? w : 0, oy = cy[corner] > 0 ? h : 0;
            for (q = 0; q <= last; q++) {
                double ang = a0 + (GFSDL_PI / 2) * q / steps;
                double lx = ox + (r > 0 ? r * cos(ang) : 0), ly = oy + (r > 0 ? r * sin(ang) : 0);
                shape[n].a[0] = (m[0] * lx + m[2] * ly + m[4]) * k;
                shape[n].a[1] = (m[1] * lx + m[3] * ly + m[5]) * k;
                shape[n].a[2] = (lx - gx) * dx + (ly - gy) * dy;
                n++;
            }
        }
    }
    slices = paint->stops > 0 ? (int)paint->stops + 1 : 1;
    for (i = 0; i < slices; i++) { /* slice i: between stop i - 1 and stop i */
        double lo = i == 0 ? -HUGE_VAL : paint->locations[i - 1];
        double hi = i == slices - 1 ? HUGE_VAL : paint->locations[i];
        int c = n, bi, bj;
        memcpy(a, shape, (size_t)n * sizeof *a);
        if (hi < lo) hi = lo;
        if (i > 0 && c >= 3) c = gfsdl_cut_(a, c, b, 2, lo, 1), memcpy(a, b, (size_t)c * sizeof *a);
        if (i < slices - 1 && c >= 3) c = gfsdl_cut_(a, c, b, 2, hi, -1), memcpy(a, b, (size_t)c * sizeof *a);
        c = gfsdl_cut_box_(a, c, b, clip->x, clip->y, (double)clip->x + clip->w, (double)clip->y + clip->h);
        if (c < 3) continue;
        if (!banded) {
            gfsdl_fan_(renderer, f, a, c, paint, 1);
            continue;
        }
        for (bj = 0; bj < ny; bj++)
            for (bi = 0; bi < nx; bi++) {
                gfsdl_vertex_ piece[GFSDL_POLY_MAX];
                int e;
                memcpy(piece, a, (size_t)c * sizeof *a);
                e = gfsdl_cut_box_(piece, c, b, bx[bi], by[bj], bx[bi + 1], by[bj + 1]);
                if (e >= 3) gfsdl_fan_(renderer, f, piece, e, paint, gxs[bi] * gys[bj]);
            }
    }
}

/* ---- rects ------------------------------------------------------------------------------- */

/* The band of rows [y0, y1) whose pixels span [xa, xb) (pixels, fractional), each row covered
   `cover_y`, as rects of one colour: `line` the colour of each column from column `first` (NULL:
   `colour` for all), [cmin, cmax) the columns it may touch; `under` 0, or the opaque colour
   under all of [cmin, cmax): then every column is drawn, opaque, over it. */
static inline void gfsdl_band_(SDL_Renderer *renderer, gfsdl_frame *f, int y0, int y1, double xa, double xb,
                               double cover_y, const Uint32 *line, int first, Uint32 colour, int cmin, int cmax,
                               Uint32 under) {
    double fa = floor(xa), fb = ceil(xb);
    int i, a, b, run = 0;
    Uint32 run_colour = 0;
    a = under != 0 ? cmin : fa > cmin ? (int)fa : cmin;
    b = under != 0 ? cmax : fb < cmax ? (int)fb : cmax;
    for (i = a; i < b; i++) {
        Uint32 c = line != NULL ? line[i - first] : colour;
        double cover = cover_y;
        if (i < xa || i + 1 > xb) cover *= fmin(i + 1, xb) - fmax(i, xa);
        c = gfsdl_covered_(c, cover);
        if (under != 0) c = gfsdl_under_(c, under);
        if (i > a && c == run_colour) continue;
        if (i > a) gfsdl_rect_(renderer, f, run, y0, i - run, y1 - y0, run_colour);
        run = i, run_colour = c;
    }
    if (b > a) gfsdl_rect_(renderer, f, run, y0, b - run, y1 - y0, run_colour);
}

/* The layer as rects: placed on the axes (device box [x0, x1) x [y0, y1) in pixels, corner radii
   rx, ry in pixels), its colour constant or changing along one axis (`along`: 0 none, 1 x, 2 y;
   t = t0 + dt * pixel centre), clipped to `clip`; `under` 0, or the opaque colour under all of
   `clip` (then all of it is drawn). 0, or -1 when the line of colours cannot grow (nothing
   queued). */
static inline int gfsdl_rects_layer_(SDL_Renderer *renderer, gfsdl_frame *f, const gfsdl_paint_ *paint, double x0,
                                     double y0, double x1, double y1, double rx, double ry, int along, double t0,
                                     double dt, const SDL_Rect *clip, Uint32 under) {
    double fx0 = fmax(floor(x0), clip->x), fx1 = fmin(ceil(x1), (double)clip->x + clip->w);
    double fy0 = fmax(floor(y0), clip->y), fy1 = fmin(ceil(y1), (double)clip->y + clip->h);
    int ix0, ix1, iy0, iy1, j, band = -1;
    double band_xa = 0, band_xb = 0, band_cover = 0;
    Uint32 colour = 0, band_colour = 0;
    const Uint32 *line = NULL;
    if (!(fx0 < fx1) || !(fy0 < fy1)) return 0;
    ix0 = (int)fx0, ix1 = (int)fx1, iy0 = (int)fy0, iy1 = (int)fy1;
    if (along != 0) {
        size_t need = (size_t)(along == 1 ? ix1 - ix0 : iy1 - iy0), i;
        int from = along == 1 ? ix0 : iy0;
        if (need > f->line_capacity) {
            Uint32 *grown = (Uint32 *)realloc(f->line, need * sizeof(Uint32));
            if (grown == NULL) return -1;
            f->line = grown, f->line_capacity = need;
        }
        for (i = 0; i < need; i++) f->line[i] = gfsdl_colour_at_(paint, t0 + dt * ((double)from + (double)i + 0.5));
        line = f->line;
    } else {
        colour = gfsdl_colour_at_(paint, 0);
        if ((colour >> 24) == 0 && under == 0) return 0;
    }
    for (j = iy0; j <= iy1; j++) {
        double xa = 0, xb = 0, cover = 0;
        Uint32 row_colour = 0;
        if (j < iy1) {
            double top = fmax(j, y0), bottom = fmin(j + 1, y1), yc = (top + bottom) / 2, d = 0;
            cover = bottom - top;
            if (ry > 0) { /* how far into a corner's rows: the arc's inset at the row's centre */
                if (yc - y0 < ry) d = (ry - (yc - y0)) / ry;
                else if (y1 - yc < ry) d = (ry - (y1 - yc)) / ry;
            }
            xa = x0, xb = x1;
            if (d > 0) {
                double inset = rx * (1 - sqrt(fmax(0, 1 - d * d)));
                xa += inset, xb -= inset;
            }
            row_colour = along == 2 ? line[j - iy0] : colour;
            if (band >= 0 && xa == band_xa && xb == band_xb && cover == band_cover && row_colour == band_colour)
                continue; /* the same row again: the band grows */
        }
        if (band >= 0)
            gfsdl_band_(renderer, f, band, j, band_xa, band_xb, band_cover, along == 1 ? line : NULL, ix0, band_colour,
                        ix0, ix1, under);
        band = j, band_xa = xa, band_xb = xb, band_cover = cover, band_colour = row_colour;
    }
    return 0;
}

/* ---- layers ------------------------------------------------------------------------------ */

/* One layer, clipped to `clip` (pixels): through rects when `rects` and the layer allows, else
   geometry. 0, or -1 when memory ran out. */
static inline int gfsdl_layer_(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *s, double k, int hole,
                               SDL_Color background, const SDL_Rect *clip, int rects) {
    const double *m = s->transform;
    gfsdl_paint_ paint;
    double r = s->corner_radius, gx = 0, gy = 0, dx = 0, dy = 0;
    double px[4], py[4], x0, x1, y0, y1, fx0, fx1, fy0, fy1;
    int axis = fabs(m[1]) < 1e-9 && fabs(m[2]) < 1e-9, i;
    SDL_Rect box;
    paint.opacity = s->opacity > 1 ? 1 : s->opacity;
    paint.fill[0] = s->r, paint.fill[1] = s->g, paint.fill[2] = s->b, paint.fill[3] = s->a;
    paint.stops = (s->flags & GF_LAYER_HAS_GRADIENT) ? (s->gradient_stop_count > 4 ? 4 : s->gradient_stop_count) : 0;
    paint.locations = s->gradient_locations, paint.colors = s->gradient_colors;
    if (!(paint.opacity > 0) || !(s->width > 0) || !(s->height > 0) || !(fabs(m[0] * m[3] - m[1] * m[2]) >= 1e-12))
        return 0;
    if (hole) {
        paint.fill[0] = background.r / 255.0, paint.fill[1] = background.g / 255.0;
        paint.fill[2] = background.b / 255.0, paint.fill[3] = 1;
        paint.stops = 0;
    }
    if (paint.stops == 0 && !(paint.fill[3] > 0)) return 0;
    if (paint.stops > 0) { /* t(p) = (p - S).(E - S) / |E - S|^2 in layer points */
        double ex, ey, len2;
        gx = s->gradient_start_x * s->width, gy = s->gradient_start_y * s->height;
        ex = s->gradient_end_x * s->width - gx, ey = s->gradient_end_y * s->height - gy;
        len2 = ex * ex + ey * ey;
        if (!(len2 > 0)) { /* no direction: the first colour everywhere */
            double g[4];
            memcpy(g, s->gradient_colors, sizeof g);
            gfsdl_over_(g, paint.fill, paint.fill);
            paint.stops = 0;
        } else {
            dx = ex / len2, dy = ey / len2;
        }
    }
    if (!axis || !(r > 0)) r = 0;
    if (r > s->width / 2) r = s->width / 2;
    if (r > s->height / 2) r = s->height / 2;
    /* the pixel box, clipped */
    for (i = 0; i < 4; i++) {
        double lx = (i == 1 || i == 2) ? s->width : 0, ly = i >= 2 ? s->height : 0;
        px[i] = (m[0] * lx + m[2] * ly + m[4]) * k, py[i] = (m[1] * lx + m[3] * ly + m[5]) * k;
    }
    x0 = fmin(fmin(px[0], px[1]), fmin(px[2], px[3])), x1 = fmax(fmax(px[0], px[1]), fmax(px[2], px[3]));
    y0 = fmin(fmin(py[0], py[1]), fmin(py[2], py[3])), y1 = fmax(fmax(py[0], py[1]), fmax(py[2], py[3]));
    fx0 = fmax(floor(x0), clip->x), fx1 = fmin(ceil(x1), (double)clip->x + clip->w);
    fy0 = fmax(floor(y0), clip->y), fy1 = fmin(ceil(y1), (double)clip->y + clip->h);
    if (!(fx0 < fx1) || !(fy0 < fy1)) return 0; /* clipped out (or not finite) */
    box.x = (int)fx0, box.y = (int)fy0, box.w = (int)(fx1 - fx0), box.h = (int)(fy1 - fy0);
    if ((rects || (paint.stops == 0 && !(r > 0))) && axis) { /* plain rectangles always */
        /* along x (1), y (2) or neither (0): t = t0 + dt * pixel centre */
        int along = -1;
        double t0 = 0, dt = 0;
        if (paint.stops == 0) {
            along = 0;
        } else if (fabs(dy * s->height) <= 1e-9) {
            along = 1, dt = dx / (k * m[0]), t0 = (-m[4] / m[0] - gx) * dx;
        } else if (fabs(dx * s->width) <= 1e-9) {
            along = 2, dt = dy / (k * m[3]), t0 = (-m[5] / m[3] - gy) * dy;
        }
        if (along >= 0) {
            double rx = r * fabs(m[0]) * k, ry = r * fabs(m[3]) * k;
            Uint32 under = 0;
            if (rects && along == 0 && !(r > 0) && x0 <= box.x && y0 <= box.y && x1 >= box.x + box.w &&
                y1 >= box.y + box.h) { /* opaque, one colour, filling its box: a background? */
                Uint32 colour = gfsdl_colour_at_(&paint, 0);
                if ((colour >> 24) == 255 && gfsdl_background_(renderer, f, &box, colour)) return 0;
            }
            if (rects && f->piece_count > 0) { /* over a background: opaque over its colour, and cut out of it */
                int b = gfsdl_under_box_(f, &box);
                if (b >= 0 && gfsdl_cut_out_(f, &box) == 0) under = f->background_colour[b];
                else if (b != -2) gfsdl_release_in_(renderer, f, &box);
            }
            gfsdl_begin_layer_(renderer, f, &box);
            return gfsdl_rects_layer_(renderer, f, &paint, x0, y0, x1, y1, rx, ry, along, t0, dt, &box, under);
        }
    }
    if (f->piece_count > 0) gfsdl_release_in_(renderer, f, &box);
    gfsdl_begin_layer_(renderer, f, &box);
    gfsdl_geometry_layer_(renderer, f, s, &paint, r, k, gx, gy, dx, dy, &box);
    return 0;
}

/* Whether the renderer is SDL's software renderer. */
static inline int gfsdl_is_software_(SDL_Renderer *renderer) {
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(renderer, &info) != 0) return 0;
    return (info.flags & SDL_RENDERER_SOFTWARE) != 0 || (info.name != NULL && strcmp(info.name, "software") == 0);
}

/* The pixels a draw may touch: the renderer's viewport, from (0, 0). */
static inline SDL_Rect gfsdl_target_(SDL_Renderer *renderer) {
    SDL_Rect viewport;
    SDL_RenderGetViewport(renderer, &viewport);
    viewport.x = viewport.y = 0;
    return viewport;
}

/* Makes the workspace hold `count` layers (keeping the mode). 0, or -1 when memory runs out. */
static inline int gfsdl_reserve_(gfsdl_frame *f, size_t count) {
    if (count <= f->capacity && f->rects != NULL) return 0;
    {
        int mode = f->mode;
        gfsdl_frame_free(f);
        if (gfsdl_frame_init(f, count) != 0) return -1;
        f->mode = mode;
    }
    return 0;
}

/**
 * Draws states[0..count) (what gf_scene_sample wrote) onto the renderer's target: `scale` pixels
 * per point, `holes` NULL or the custom property "hole" per layer, `background` what holes show.
 * 0, or -1 when the workspace could not grow (nothing drawn, or, if a row of colours could not
 * grow, the frame drawn up to that layer).
 */
static inline int gfsdl_draw(SDL_Renderer *renderer, gfsdl_frame *f, const gf_layer_state *states, size_t count,
                             double scale, const double *holes, SDL_Color background) {
    size_t i, drawn;
    int rects, software, status = 0;
    SDL_Rect target, clip_rect;
    if (gfsdl_reserve_(f, count) != 0) return -1;
    software = gfsdl_is_software_(renderer);
    rects = f->mode == GFSDL_MODE_RECTS || (f->mode == GFSDL_MODE_AUTO && software);
    f->nudge = software ? 0.5f : 0.0f;
    target = gfsdl_target_(renderer);
    f->rect_count = f->colour_count = f->vertex_count = f->index_count = f->box_count = 0;
    f->background_count = f->piece_count = 0;
    memset(f->colour_slot, 0, sizeof f->colour_slot);
    drawn = gfsdl_order_(f, states, count);
    for (i = 0; i < count; i++) f->clip[i] = -1;
    for (i = 0; i < drawn && status == 0; i++) {
        int k = f->order[i], p = states[k].parent, c;
        int hidden_parent = p >= 0 && (size_t)p < count && p != k && (states[p].flags & GF_LAYER_HIDDEN ||
                                                                     f->clip[p] == -3);
        /* clip: inherited; a root's child with children clips its subtree */
        if (hidden_parent || (states[k].flags & GF_LAYER_HIDDEN)) {
            f->clip[k] = -3; /* hidden, with its subtree */
            continue;
        }
        if (p >= 0 && (size_t)p < count && p != k) {
            int pp = states[p].parent, ppp = pp >= 0 && (size_t)pp < count ? states[pp].parent : 0;
            f->clip[k] = f->clip[p];
            /* p clips when its parent is a root (and it has children: k) */
            if (pp >= 0 && (size_t)pp < count && pp != p && (ppp < 0 || (size_t)ppp >= count || ppp == pp))
                f->clip[k] = p;
        }
        c = f->clip[k];
        clip_rect = target;
        if (c >= 0) {
            const gf_layer_state *cs = &states[c];
            double x0 = cs->transform[4] * scale, y0 = cs->transform[5] * scale;
            double x1 = (cs->transform[4] + cs->transform[0] * cs->width) * scale;
            double y1 = (cs->transform[5] + cs->transform[3] * cs->height) * scale;
            double l = fmax(fmin(x0, x1), 0), t = fmax(fmin(y0, y1), 0);
            double rr = fmin(fmax(x0, x1), target.w), b = fmin(fmax(y0, y1), target.h);
            if (!(l < rr) || !(t < b)) continue; /* clipped out (or not finite) */
            clip_rect.x = (int)floor(l + 0.5), clip_rect.y = (int)floor(t + 0.5);
            clip_rect.w = (int)floor(rr + 0.5) - clip_rect.x, clip_rect.h = (int)floor(b + 0.5) - clip_rect.y;
            if (clip_rect.w <= 0 || clip_rect.h <= 0) continue;
        }
        status = gfsdl_layer_(renderer, f, &states[k], scale, holes != NULL && holes[k] == 1.0, background,
                              &clip_rect, rects);
    }
    gfsdl_release_in_(renderer, f, NULL);
    gfsdl_flush_(renderer, f, 1);
    return status;
}

/** A rounded rectangle (window points x, y, w, h, radius r) in one colour, for a host's own
    content, drawn at once (under the renderer's clip rectangle, if set). */
static inline void gfsdl_fill_rounded(SDL_Renderer *renderer, gfsdl_frame *f, double x, double y, double w, double h,
                                      double r, double scale, SDL_Color color) {
    gf_layer_state s;
    SDL_Rect target;
    int software;
    if (gfsdl_reserve_(f, 1) != 0) return;
    software = gfsdl_is_software_(renderer);
    f->nudge = software ? 0.5f : 0.0f;
    memset(&s, 0, sizeof s);
    s.transform[0] = s.transform[3] = 1, s.transform[4] = x, s.transform[5] = y;
    s.width = w, s.height = h, s.corner_radius = r, s.opacity = 1;
    s.r = color.r / 255.0, s.g = color.g / 255.0, s.b = color.b / 255.0, s.a = color.a / 255.0;
    target = gfsdl_target_(renderer);
    gfsdl_layer_(renderer, f, &s, scale, 0, color, &target,
                 f->mode == GFSDL_MODE_RECTS || (f->mode == GFSDL_MODE_AUTO && software));
    gfsdl_release_in_(renderer, f, NULL);
    gfsdl_flush_(renderer, f, 1);
}

#endif /* GHOSTFRAME_SDL_H */
