/*
 * bench_scene_simd.c -- a scene where every layer has its own timing, sampled through the C ABI
 * (on one thread, by range, and on 2 threads of the library's pool) side by side with a plain
 * scalar C loop and a hand-vectorised AVX2 loop of the same math, in one process.
 *
 * The scene: N layers, children of one root (opacity 0.9), on a grid of 50 columns as in
 * bench_scene.c. Layer i has its own timing: delay 0.0007 * (i % 1009) s, duration
 * 0.6 + 0.05 * (i % 7) + 0.00001 * i s, repeating forever, alternate on odd i, easeInOutQuad;
 * two basic animations on it: position.x from x + 10 to x + 22 (the anchor is the centre) and
 * opacity from 0.4 to 1.
 *
 * The mixed scene (its lines start "mixed_"): the same, with the easing mixed layer by layer
 * (issue 36): layer i eases with kind i % 4 -- linear, cubic-bezier(0.42, 0, 0.58, 1),
 * easeInOutQuad, easeOutBack -- so neighbours never share a curve. The scalar loop branches on
 * the kind; the AVX2 loop evaluates the four curves on every lane (the bezier by three Newton steps
 * from x: 1e-15 for this curve, whose X' >= 0.87) and blends by the lane's kind. Their bezier
 * solves to ~1e-15 where the library's table-guided solve promises 1e-9 in y, so the mixed
 * scene's values are checked against the library's to 1e-7 (positions move by 12).
 *
 * The gradient scene (its lines start "gradient_1pc_"; issue 36, point 2): the one-easing scene
 * with a gradient on 1 % of the layers (layer i with i % 100 == 50: three stops, evenly spaced,
 * left static), sampled in the same rounds as the scene without them; its ratio is the price of
 * the gradients. Its states are checked against the plain scene's: byte for byte on the layers
 * without a gradient, and on the others but for the flag and the gradient's fields, which are
 * checked against the gradient given.
 *
 * Both loops write the full gf_layer_state records gf_scene_sample writes (the frame in root
 * coordinates, the transform concatenated with the root's, the opacity times the root's). Their
 * values are checked against the library's (1e-9) before anything is timed; two ranges and two
 * threads are checked byte for byte against gf_scene_sample. The AVX2 loop runs only where the
 * CPU has AVX2 (__builtin_cpu_supports); elsewhere its lines say "unavailable".
 *
 * The halves: each half range timed alone on the calling thread; whole / longer half is the
 * speedup two threads reach on two otherwise idle cores (the split's own overhead included).
 *
 * The memory probe: no math at all, each state a copy of a 344-byte row of a table as large as
 * the frame, on one thread and on two. At 100,000 layers every loop here streams more memory
 * than the cache holds, so what two threads gain over one is bounded by what two cores gain in
 * memory bandwidth over one; the probe measures that bound in the same run.
 *
 * Times are the best of ROUNDS batches of samples at varying t, after a warm-up; the kinds take
 * turns batch by batch, so a slow stretch of the shared machine slows them alike. Wall times on a
 * shared machine are noisy: compare the ratios printed from the same run. The one-thread kinds
 * are also timed by the calling thread's CPU time (lines ending "_cpu"), which leaves out the
 * time the machine gave to other processes (not their cache and memory traffic).
 * Prints one line per measurement: "name value [unit]".
 *
 * One mode times nothing, for scripts/callgrind_scene.sh to count instructions with callgrind:
 *   bench_scene_simd --count N R KIND [mixed|gradient]
 *                                       builds the N-layer scene (one easing, mixed or with 1 %
 *                                       gradients), samples it once at t = 0 (which
 *                                       compiles it) and once more through KIND (which makes a
 *                                       range's workspace), then R more times at varying t through KIND:
 *                                       sample (gf_scene_sample), range (gf_scene_sample_range over
 *                                       every layer) or threads1 (gf_scene_sample_threads, 1 thread)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_NAME "bench_scene_simd"
#include "bench_common.h"
#include "ghostframe.h"

#define COLUMNS 50
#define CELL_W 24.0
#define CELL_H 16.0
#define LAYER_W 20.0
#define LAYER_H 12.0
#define MOVE_DISTANCE 12.0
#define ROOT_OPACITY 0.9
#define ROUNDS 11

static double layer_x(size_t i) { return CELL_W * (double)(i % COLUMNS) + 2; }
static double layer_y(size_t i) { return CELL_H * (double)(i / COLUMNS) + 2; }
static double layer_delay(size_t i) { return 0.0007 * (double)(i % 1009); }
static double layer_duration(size_t i) { return 0.6 + 0.05 * (double)(i % 7) + 0.00001 * (double)i; }

/* The scene of this run: 0 every layer easeInOutQuad, 1 the easings mixed (kind i % 4). */
static int mixed_scene;
/* Layers with a gradient in the scene build_scene makes: every GRADIENT_EVERY-th (i % 100 == 50), or none. */
static int gradient_scene;
#define GRADIENT_EVERY 100
static int is_gradient_layer(size_t i) { return i % GRADIENT_EVERY == GRADIENT_EVERY / 2; }
static int has_gradient(size_t i) { return gradient_scene && is_gradient_layer(i); }
/* The gradient's three stops: r, g, b, a each. */
static const double gradient_colors[12] = {0.9, 0.9, 0.9, 1, 1, 1, 1, 1, 0.9, 0.9, 0.9, 1};

/* The calling thread's CPU seconds. */
static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
enum { EASE_LINEAR, EASE_BEZIER, EASE_QUAD, EASE_OUT_BACK, EASE_KINDS };
static int layer_kind(size_t i) { return mixed_scene ? (int)(i % EASE_KINDS) : EASE_QUAD; }

/* cubic-bezier(0.42, 0, 0.58, 1): X(u) = ((AX u + BX) u + CX) u, Y likewise. */
#define BX1 0.42
#define BY1 0.0
#define BX2 0.58
#define BY2 1.0
#define B_CX (3 * BX1)
#define B_BX (3 * (BX2 - BX1) - B_CX)
#define B_AX (1 - B_CX - B_BX)
#define B_CY (3 * BY1)
#define B_BY (3 * (BY2 - BY1) - B_CY)
#define B_AY (1 - B_CY - B_BY)

/* The scalar easings, x in [0, 1]. */
static inline double ease_scalar(int kind, double x) {
    const double s = 1.70158;
    switch (kind) {
    case EASE_LINEAR: return x;
    case EASE_BEZIER: {
        double u = x;
        int k;
        if (x <= 0 || x >= 1) return x;
        for (k = 0; k < 3; k++) u -= (((B_AX * u + B_BX) * u + B_CX) * u - x) / ((3 * B_AX * u + 2 * B_BX) * u + B_CX);
        return ((B_AY * u + B_BY) * u + B_CY) * u;
    }
    case EASE_OUT_BACK:
        if (x == 0 || x == 1) return x;
        return (x - 1) * (x - 1) * ((s + 1) * (x - 1) + s) + 1;
    default: return x < 0.5 ? 2 * x * x : 1 - (2 - 2 * x) * (2 - 2 * x) / 2;
    }
}

static gf_scene *build_scene(size_t n) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    gf_curve *curves[EASE_KINDS] = {NULL, NULL, NULL, NULL};
    char id[32];
    size_t i, rows = (n + COLUMNS - 1) / COLUMNS;
    TRY(gf_curve_parse("linear", &curves[EASE_LINEAR]));
    TRY(gf_curve_parse("cubic-bezier(0.42, 0, 0.58, 1)", &curves[EASE_BEZIER]));
    TRY(gf_curve_parse("easeInOutQuad", &curves[EASE_QUAD]));
    TRY(gf_curve_parse("easeOutBack", &curves[EASE_OUT_BACK]));
    TRY(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "root";
    d.width = CELL_W * COLUMNS;
    d.height = CELL_H * (double)rows;
    d.opacity = ROOT_OPACITY;
    TRY(gf_scene_add_layer(scene, &d, NULL));
    for (i = 0; i < n; i++) {
        gf_animation *animation = NULL;
        gf_timing *timing = NULL;
        gf_timing_params p;
        double from = layer_x(i) + LAYER_W / 2, to = from + MOVE_DISTANCE, fade_from = 0.4, fade_to = 1;
        sprintf(id, "l%zu", i);
        gf_layer_desc_init(&d);
        d.id = id;
        d.parent = "root";
        d.x = layer_x(i);
        d.y = layer_y(i);
        d.width = LAYER_W;
        d.height = LAYER_H;
        if (has_gradient(i)) {
            d.gradient_stop_count = 3;
            memcpy(d.gradient_colors, gradient_colors, sizeof gradient_colors);
        }
        TRY(gf_scene_add_layer(scene, &d, NULL));
        gf_timing_params_init(&p);
        p.duration = layer_duration(i);
        p.delay = layer_delay(i);
        p.iterations = INFINITY;
        p.direction = (i & 1) ? GF_DIRECTION_ALTERNATE : GF_DIRECTION_NORMAL;
        p.easing = curves[layer_kind(i)];
        TRY(gf_timing_create(&p, &timing));
        TRY(gf_animation_create_basic("position.x", timing, &animation));
        TRY(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
        TRY(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
        TRY(gf_scene_add_animation(scene, id, animation, "move", NULL));
        gf_animation_free(animation);
        TRY(gf_animation_create_basic("opacity", timing, &animation));
        TRY(gf_animation_set_values(animation, GF_VALUE_FROM, &fade_from, 1));
        TRY(gf_animation_set_values(animation, GF_VALUE_TO, &fade_to, 1));
        TRY(gf_scene_add_animation(scene, id, animation, "fade", NULL));
        gf_animation_free(animation);
        gf_timing_free(timing);
    }
    for (i = 0; i < EASE_KINDS; i++) gf_curve_free(curves[i]);
    return scene;
}

/* ---- the same frame in C, struct of arrays --------------------------------------------------- */

typedef struct {
    size_t count; /* animated layers (the root is written apart) */
    double *delay, *duration, *alternate, *from, *to, *x, *y;
    double *kind; /* the easing kind (EASE_*) as a double, for the AVX2 loop's compares */
    gf_layer_state root;
} soa_scene;

static soa_scene soa_build(size_t n) {
    soa_scene p;
    size_t i, rows = (n + COLUMNS - 1) / COLUMNS;
    double *block = aligned_alloc(32, 8 * ((n + 3) & ~(size_t)3) * sizeof(double));
    size_t stride = (n + 3) & ~(size_t)3;
    if (!block) exit(1);
    p.count = n;
    p.delay = block;
    p.duration = block + stride;
    p.alternate = block + 2 * stride;
    p.from = block + 3 * stride;
    p.to = block + 4 * stride;
    p.x = block + 5 * stride;
    p.y = block + 6 * stride;
    p.kind = block + 7 * stride;
    for (i = 0; i < n; i++) {
        p.delay[i] = layer_delay(i);
        p.duration[i] = layer_duration(i);
        p.alternate[i] = (i & 1) ? 1 : 0;
        p.x[i] = layer_x(i);
        p.y[i] = layer_y(i);
        p.from[i] = p.x[i] + LAYER_W / 2;
        p.to[i] = p.from[i] + MOVE_DISTANCE;
        p.kind[i] = (double)layer_kind(i);
    }
    memset(&p.root, 0, sizeof p.root);
    p.root.parent = -1;
    p.root.width = CELL_W * COLUMNS;
    p.root.height = CELL_H * (double)rows;
    p.root.opacity = ROOT_OPACITY;
    p.root.transform[0] = p.root.transform[3] = 1;
    p.root.transform[4] = p.root.width / 2 - p.root.width / 2;
    p.root.transform[5] = p.root.height / 2 - p.root.height / 2;
    return p;
}

/* One child's record from its animated position.x (the centre) and opacity (rotation 0, scale 1). */
static inline void write_child(gf_layer_state *s, const gf_layer_state *r, size_t index, double x, double y,
                               double position_x, double opacity) {
    const double *m = r->transform;
    double tx = position_x - LAYER_W / 2, ty = y + LAYER_H / 2 - LAYER_H / 2;
    memset(s, 0, sizeof *s);
    s->index = (uint32_t)index;
    s->parent = 0;
    s->width = LAYER_W;
    s->height = LAYER_H;
    s->x = r->x + tx;
    s->y = r->y + ty;
    s->transform[0] = m[0];
    s->transform[1] = m[1];
    s->transform[2] = m[2];
    s->transform[3] = m[3];
    s->transform[4] = m[0] * tx + m[2] * ty + m[4];
    s->transform[5] = m[1] * tx + m[3] * ty + m[5];
    opacity *= r->opacity;
    s->opacity = opacity < 0 ? 0 : opacity > 1 ? 1 : opacity;
    (void)x;
}

/* One animated layer i, scalar: Web Animations progress (endless, no fill), the layer's easing
   (a branch on its kind), two lerps (the scalar loop, and the AVX2 loop's tail). */
static inline void scalar_layer(const soa_scene *p, double t, gf_layer_state *out, size_t i) {
    double position_x = p->x[i] + LAYER_W / 2, opacity = 1;
    if (t >= p->delay[i]) {
        double overall = (t - p->delay[i]) / p->duration[i], iteration = floor(overall);
        double simple = overall - iteration, e;
        if (p->alternate[i] != 0 && ((long long)iteration & 1)) simple = 1 - simple;
        e = ease_scalar(mixed_scene ? (int)p->kind[i] : EASE_QUAD, simple);
        position_x = p->from[i] + (p->to[i] - p->from[i]) * e;
        opacity = 0.4 + (1 - 0.4) * e;
    }
    write_child(&out[i + 1], &out[0], i + 1, p->x[i], p->y[i], position_x, opacity);
}

static void scalar_sample(const soa_scene *p, double t, gf_layer_state *out) {
    size_t i;
    out[0] = p->root;
    for (i = 0; i < p->count; i++) scalar_layer(p, t, out, i);
}

/* The same math, four layers at a time with AVX2/FMA-free arithmetic (bit-compatible lanes). */
/* Layers [first, last) of the animated ones (out[0] is the root, written by the caller). */
__attribute__((target("avx2"))) static void avx2_sample_range(const soa_scene *p, double t, gf_layer_state *out,
                                                              size_t first, size_t last) {
    size_t i, n = last;
    const __m256d vt = _mm256_set1_pd(t), half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1),
                  two = _mm256_set1_pd(2), point4 = _mm256_set1_pd(0.4), point6 = _mm256_set1_pd(0.6),
                  centre = _mm256_set1_pd(LAYER_W / 2);
    double px[4], op[4];
    for (i = first; i + 4 <= n; i += 4) {
        __m256d delay = _mm256_loadu_pd(p->delay + i), duration = _mm256_loadu_pd(p->duration + i);
        __m256d active = _mm256_cmp_pd(vt, delay, _CMP_GE_OQ);
        __m256d overall = _mm256_div_pd(_mm256_sub_pd(vt, delay), duration);
        __m256d iteration = _mm256_floor_pd(overall), simple = _mm256_sub_pd(overall, iteration);
        /* odd iteration: iteration - 2 floor(iteration / 2) == 1 */
        __m256d odd = _mm256_cmp_pd(_mm256_sub_pd(iteration, _mm256_mul_pd(two, _mm256_floor_pd(
                                        _mm256_mul_pd(iteration, half)))), one, _CMP_EQ_OQ);
        __m256d flip = _mm256_and_pd(odd, _mm256_cmp_pd(_mm256_loadu_pd(p->alternate + i), _mm256_setzero_pd(),
                                                         _CMP_NEQ_OQ));
        __m256d s = _mm256_blendv_pd(simple, _mm256_sub_pd(one, simple), flip);
        __m256d low = _mm256_mul_pd(two, _mm256_mul_pd(s, s));
        __m256d u = _mm256_sub_pd(two, _mm256_mul_pd(two, s));
        __m256d high = _mm256_sub_pd(one, _mm256_div_pd(_mm256_mul_pd(u, u), two));
        __m256d e = _mm256_blendv_pd(high, low, _mm256_cmp_pd(s, half, _CMP_LT_OQ));
        if (mixed_scene) {
            /* Every curve on every lane, blended by the lane's kind (the quad is `e` already). */
            __m256d kind = _mm256_loadu_pd(p->kind + i), u = s, xm1 = _mm256_sub_pd(s, one), b, back;
            __m256d edge = _mm256_or_pd(_mm256_cmp_pd(s, _mm256_setzero_pd(), _CMP_LE_OQ),
                                        _mm256_cmp_pd(s, one, _CMP_GE_OQ));
            int k;
            for (k = 0; k < 3; k++) {
                __m256d xu = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(
                    _mm256_set1_pd(B_AX), u), _mm256_set1_pd(B_BX)), u), _mm256_set1_pd(B_CX)), u);
                __m256d dx = _mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(3 * B_AX), u),
                    _mm256_set1_pd(2 * B_BX)), u), _mm256_set1_pd(B_CX));
                u = _mm256_sub_pd(u, _mm256_div_pd(_mm256_sub_pd(xu, s), dx));
            }
            b = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(B_AY), u),
                _mm256_set1_pd(B_BY)), u), _mm256_set1_pd(B_CY)), u);
            b = _mm256_blendv_pd(b, s, edge);
            back = _mm256_add_pd(_mm256_mul_pd(_mm256_mul_pd(xm1, xm1), _mm256_add_pd(_mm256_mul_pd(
                _mm256_set1_pd(1.70158 + 1), xm1), _mm256_set1_pd(1.70158))), one);
            back = _mm256_blendv_pd(back, s, _mm256_or_pd(_mm256_cmp_pd(s, _mm256_setzero_pd(), _CMP_EQ_OQ),
                                                          _mm256_cmp_pd(s, one, _CMP_EQ_OQ)));
            e = _mm256_blendv_pd(e, s, _mm256_cmp_pd(kind, _mm256_set1_pd(EASE_LINEAR), _CMP_EQ_OQ));
            e = _mm256_blendv_pd(e, b, _mm256_cmp_pd(kind, _mm256_set1_pd(EASE_BEZIER), _CMP_EQ_OQ));
            e = _mm256_blendv_pd(e, back, _mm256_cmp_pd(kind, _mm256_set1_pd(EASE_OUT_BACK), _CMP_EQ_OQ));
        }
        __m256d from = _mm256_loadu_pd(p->from + i), to = _mm256_loadu_pd(p->to + i);
        __m256d moved = _mm256_add_pd(from, _mm256_mul_pd(_mm256_sub_pd(to, from), e));
        __m256d rest = _mm256_add_pd(_mm256_loadu_pd(p->x + i), centre);
        __m256d faded = _mm256_add_pd(point4, _mm256_mul_pd(point6, e));
        _mm256_storeu_pd(px, _mm256_blendv_pd(rest, moved, active));
        _mm256_storeu_pd(op, _mm256_blendv_pd(one, faded, active));
        write_child(&out[i + 1], &out[0], i + 1, p->x[i], p->y[i], px[0], op[0]);
        write_child(&out[i + 2], &out[0], i + 2, p->x[i + 1], p->y[i + 1], px[1], op[1]);
        write_child(&out[i + 3], &out[0], i + 3, p->x[i + 2], p->y[i + 2], px[2], op[2]);
        write_child(&out[i + 4], &out[0], i + 4, p->x[i + 3], p->y[i + 3], px[3], op[3]);
    }
    for (; i < n; i++) scalar_layer(p, t, out, i); /* the tail */
}

__attribute__((target("avx2"))) static void avx2_sample(const soa_scene *p, double t, gf_layer_state *out) {
    out[0] = p->root;
    avx2_sample_range(p, t, out, 0, p->count);
}

/* The AVX2 loop on two threads (the second one made per frame, as a host without a pool would):
   the reference for what two cores of this machine give on this frame. */
typedef struct {
    const soa_scene *p;
    double t;
    gf_layer_state *out;
    size_t first, last;
} avx2_half;

static void *avx2_half_thread(void *raw) {
    avx2_half *h = raw;
    avx2_sample_range(h->p, h->t, h->out, h->first, h->last);
    return NULL;
}

static void avx2_sample_2threads(const soa_scene *p, double t, gf_layer_state *out) {
    pthread_t other;
    size_t middle = (p->count / 2) & ~(size_t)3;
    avx2_half high = {p, t, out, middle, p->count};
    out[0] = p->root;
    if (pthread_create(&other, NULL, avx2_half_thread, &high) != 0) {
        avx2_sample_range(p, t, out, 0, p->count);
        return;
    }
    avx2_sample_range(p, t, out, 0, middle);
    pthread_join(other, NULL);
}

/* The memory probe: out[i] = rows[i] for every state (a plain loop of 8-byte copies, no call). */
static void copy_rows(const gf_layer_state *rows, gf_layer_state *out, size_t first, size_t last) {
    size_t i, k;
    for (i = first; i < last; i++) {
        const uint64_t *from = (const uint64_t *)(const void *)&rows[i];
        uint64_t *to = (uint64_t *)(void *)&out[i];
        for (k = 0; k < sizeof *out / sizeof *to; k++) to[k] = from[k];
    }
}

typedef struct {
    const gf_layer_state *rows;
    gf_layer_state *out;
    size_t first, last;
} copy_half;

static void *copy_half_thread(void *raw) {
    copy_half *h = raw;
    copy_rows(h->rows, h->out, h->first, h->last);
    return NULL;
}

/* The probe on two threads, made per frame as the AVX2 loop's. */
static void copy_rows_2threads(const gf_layer_state *rows, gf_layer_state *out, size_t count) {
    pthread_t other;
    copy_half high = {rows, out, count / 2, count};
    if (pthread_create(&other, NULL, copy_half_thread, &high) != 0) {
        copy_rows(rows, out, 0, count);
        return;
    }
    copy_rows(rows, out, 0, count / 2);
    pthread_join(other, NULL);
}

static double max_difference(const gf_layer_state *lib, const gf_layer_state *plain, size_t count) {
    double worst = 0;
    size_t i;
    int k;
    for (i = 0; i < count; i++) {
        const gf_layer_state *x = &lib[i], *y = &plain[i];
        double values[][2] = {{x->x, y->x}, {x->y, y->y}, {x->width, y->width}, {x->height, y->height},
                              {x->opacity, y->opacity}, {x->transform[0], y->transform[0]},
                              {x->transform[1], y->transform[1]}, {x->transform[2], y->transform[2]},
                              {x->transform[3], y->transform[3]}, {x->transform[4], y->transform[4]},
                              {x->transform[5], y->transform[5]}};
        if (x->index != y->index || x->parent != y->parent || x->flags != y->flags) return INFINITY;
        for (k = 0; k < (int)(sizeof values / sizeof values[0]); k++) {
            double diff = fabs(values[k][0] - values[k][1]);
            if (!(diff <= worst)) worst = diff;
        }
    }
    return worst;
}

/* The gradient scene's states against the plain scene's at one time (see the top): 1 when they
   agree. State k + 1 is animated layer k's. */
static int gradient_states_agree(const gf_layer_state *plain, const gf_layer_state *gradient, size_t count) {
    static const double locations[4] = {0, 0.5, 1, 1}; /* three stops, evenly spaced */
    size_t i;
    for (i = 0; i < count; i++) {
        gf_layer_state expected = plain[i];
        if (i >= 1 && is_gradient_layer(i - 1)) {
            expected.flags |= GF_LAYER_HAS_GRADIENT;
            expected.gradient_stop_count = 3;
            expected.gradient_start_x = 0.5;
            expected.gradient_start_y = 0;
            expected.gradient_end_x = 0.5;
            expected.gradient_end_y = 1;
            memcpy(expected.gradient_locations, locations, sizeof locations);
            memset(expected.gradient_colors, 0, sizeof expected.gradient_colors);
            memcpy(expected.gradient_colors, gradient_colors, sizeof gradient_colors);
        }
        if (memcmp(&expected, &gradient[i], sizeof expected) != 0) return 0;
    }
    return 1;
}

/* ---- measuring ------------------------------------------------------------------------------- */

typedef void (*gf_bench_begin_fn)(void);
typedef unsigned long (*gf_bench_end_fn)(unsigned long *);

static double time_at(long k) { return 0.5 + 0.0137 * (double)k; }

static long batch_size(size_t n) {
    long batch = (long)(400000 / n);
    return batch < 3 ? 3 : batch;
}

enum { LIBRARY, LIBRARY_THREADS, LIBRARY_THREADS2, SCALAR, AVX2, AVX2_THREADS2, HALF_LOW, HALF_HIGH, COPY, COPY_THREADS2,
       GRADIENT, KINDS };

typedef struct {
    gf_scene *scene;
    gf_scene *gradient_scene; /* the same scene with 1 % gradients (GRADIENT), or NULL */
    const soa_scene *soa;
    gf_layer_state *states;
    const gf_layer_state *rows; /* the memory probe's table */
    size_t capacity;
    uint32_t threads;
} job;

static void run_once(const job *j, int kind, double t) {
    size_t count;
    switch (kind) {
    case LIBRARY: gf_scene_sample(j->scene, t, j->states, j->capacity, &count); break;
    case LIBRARY_THREADS:
    case LIBRARY_THREADS2: gf_scene_sample_threads(j->scene, t, j->threads, j->states, j->capacity, &count); break;
    case SCALAR: scalar_sample(j->soa, t, j->states); break;
    case HALF_LOW: gf_scene_sample_range(j->scene, t, 0, j->capacity / 2, j->states, j->capacity, &count); break;
    case HALF_HIGH:
        gf_scene_sample_range(j->scene, t, j->capacity / 2, j->capacity, j->states, j->capacity, &count);
        break;
    case AVX2_THREADS2: avx2_sample_2threads(j->soa, t, j->states); break;
    case COPY: copy_rows(j->rows, j->states, 0, j->capacity); break;
    case COPY_THREADS2: copy_rows_2threads(j->rows, j->states, j->capacity); break;
    case GRADIENT: gf_scene_sample(j->gradient_scene, t, j->states, j->capacity, &count); break;
    default: avx2_sample(j->soa, t, j->states); break;
    }
}

/* The best time per sample of each kind, measured round by round: every round runs one batch of
   each kind in turn, so a slow stretch of the shared machine slows all of them alike and the
   ratios of one run compare like with like. `times[kind]` gets the best batch in wall time,
   `cpu_times[kind]` in the calling thread's CPU time. */
static void measure(job *j, const int *kinds, int count, size_t n, double *times, double *cpu_times) {
    long batch = batch_size(n), k, round;
    int i;
    for (i = 0; i < count; i++) {
        times[kinds[i]] = INFINITY;
        cpu_times[kinds[i]] = INFINITY;
        j->threads = kinds[i] == LIBRARY_THREADS2 ? 2 : 1;
        for (k = 0; k < 10; k++) run_once(j, kinds[i], time_at(k));
    }
    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i < count; i++) {
            double start, cpu_start, elapsed, cpu;
            j->threads = kinds[i] == LIBRARY_THREADS2 ? 2 : 1;
            cpu_start = cpu_now();
            start = now();
            for (k = 0; k < batch; k++) run_once(j, kinds[i], time_at(round * batch + k));
            elapsed = (now() - start) / (double)batch;
            cpu = (cpu_now() - cpu_start) / (double)batch;
            if (elapsed < times[kinds[i]]) times[kinds[i]] = elapsed;
            if (cpu < cpu_times[kinds[i]]) cpu_times[kinds[i]] = cpu;
            sink = j->states[j->capacity - 1].x;
        }
    }
}

/* A host's own threads: two ranges of one frame. */
typedef struct {
    gf_scene *scene;
    double t;
    size_t begin, end, capacity;
    gf_layer_state *states;
    gf_status status;
} range_job;

static void *range_thread(void *raw) {
    range_job *r = raw;
    size_t count;
    r->status = gf_scene_sample_range(r->scene, r->t, r->begin, r->end, r->states, r->capacity, &count);
    return NULL;
}

/* --count N R KIND: the first sample (compiling) and R more through KIND, for an instruction count. */
static int count_mode(size_t n, long rounds, const char *kind) {
    size_t capacity = n + 1, count = 0;
    long k;
    gf_scene *scene = build_scene(n);
    gf_layer_state *states = calloc(capacity, sizeof *states);
    int which = strcmp(kind, "sample") == 0 ? 0 : strcmp(kind, "range") == 0 ? 1 : strcmp(kind, "threads1") == 0 ? 2 : -1;
    if (!states || which < 0) return 1;
    TRY(gf_scene_sample(scene, 0, states, capacity, &count));
    /* k = -1: one call through KIND before the counted ones (a range makes its workspace then). */
    for (k = -1; k < rounds; k++) {
        double t = k < 0 ? 0 : time_at(k);
        if (which == 0) TRY(gf_scene_sample(scene, t, states, capacity, &count));
        else if (which == 1) TRY(gf_scene_sample_range(scene, t, 0, capacity, states, capacity, &count));
        else TRY(gf_scene_sample_threads(scene, t, 1, states, capacity, &count));
    }
    gf_scene_free(scene);
    free(states);
    return 0;
}

int main(int argc, char **argv) {
    static const size_t sizes[] = {1000, 100000};
    static const double check_times[] = {0, 0.01, 0.3, 0.77, 1.234, 5.5, 17.01, 123.456};
    gf_bench_begin_fn count_begin = (gf_bench_begin_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_begin");
    gf_bench_end_fn count_end = (gf_bench_end_fn)dlsym(RTLD_DEFAULT, "gf_bench_count_end");
    int has_avx2, exit_code = 0, mode;
    size_t s;
    if ((argc == 5 || (argc == 6 && (strcmp(argv[5], "mixed") == 0 || strcmp(argv[5], "gradient") == 0))) &&
        strcmp(argv[1], "--count") == 0) {
        long n = atol(argv[2]), rounds = atol(argv[3]);
        if (n < 1 || rounds < 0) {
            fprintf(stderr, "usage: bench_scene_simd [--count LAYERS ROUNDS sample|range|threads1 [mixed|gradient]]\n");
            return 1;
        }
        mixed_scene = argc == 6 && strcmp(argv[5], "mixed") == 0;
        gradient_scene = argc == 6 && strcmp(argv[5], "gradient") == 0;
        return count_mode((size_t)n, rounds, argv[4]);
    }
    __builtin_cpu_init();
    has_avx2 = __builtin_cpu_supports("avx2");
    /* The one-easing scene, then the mixed one (issue 36), both sizes each. */
    for (mode = 0; mode < 2; mode++)
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const char *prefix = mode ? "mixed_" : "";
        const double tolerance = mode ? 1e-7 : 1e-9;
        size_t n = sizes[s], capacity = n + 1, count = 0, i;
        gf_scene *scene, *gscene = NULL;
        soa_scene soa;
        gf_layer_state *states = calloc(capacity, sizeof *states), *reference = calloc(capacity, sizeof *reference);
        gf_layer_state *rows = calloc(capacity, sizeof *rows);
        job j;
        double library, threads1, threads2, scalar, gradient = NAN, avx2 = NAN, avx2_threads2 = NAN, worst = 0, worst_avx2 = 0, low, high;
        double copy, copy_threads2, cpu[KINDS];
        int ranges_equal = 1, threads_equal = 1, gradients_agree = 1;
        unsigned long allocations = 0;
        if (!states || !reference || !rows) return 1;
        mixed_scene = mode;
        scene = build_scene(n);
        soa = soa_build(n);
        TRY(gf_scene_sample(scene, 0, states, capacity, &count));
        if (mode == 0) {
            gradient_scene = 1;
            gscene = build_scene(n);
            gradient_scene = 0;
            TRY(gf_scene_sample(gscene, 0, reference, capacity, &count));
        }

        for (i = 0; i < sizeof check_times / sizeof check_times[0]; i++) {
            pthread_t a, b;
            range_job left = {scene, check_times[i], 0, capacity / 3, capacity, reference, GF_OK};
            range_job right = {scene, check_times[i], capacity / 3, capacity, capacity, reference, GF_OK};
            double diff;
            TRY(gf_scene_sample(scene, check_times[i], states, capacity, &count));
            if (gscene) {
                TRY(gf_scene_sample(gscene, check_times[i], reference, capacity, &count));
                if (!gradient_states_agree(states, reference, capacity)) gradients_agree = 0;
            }
            /* Two ranges on two threads, and the pool's two threads: gf_scene_sample's bytes. */
            memset(reference, 0xAB, capacity * sizeof *reference);
            pthread_create(&a, NULL, range_thread, &left);
            pthread_create(&b, NULL, range_thread, &right);
            pthread_join(a, NULL);
            pthread_join(b, NULL);
            if (left.status != GF_OK || right.status != GF_OK ||
                memcmp(states, reference, capacity * sizeof *states) != 0) ranges_equal = 0;
            memset(reference, 0xCD, capacity * sizeof *reference);
            TRY(gf_scene_sample_threads(scene, check_times[i], 2, reference, capacity, &count));
            if (memcmp(states, reference, capacity * sizeof *states) != 0) threads_equal = 0;
            scalar_sample(&soa, check_times[i], reference);
            diff = max_difference(states, reference, capacity);
            if (!(diff <= worst)) worst = diff;
            if (has_avx2) {
                avx2_sample(&soa, check_times[i], reference);
                diff = max_difference(states, reference, capacity);
                if (!(diff <= worst_avx2)) worst_avx2 = diff;
            }
        }
        if (!(worst <= tolerance) || !(worst_avx2 <= tolerance)) {
            fprintf(stderr, BENCH_NAME ": %sthe C loops differ from the library by %g (scalar), %g (AVX2) at N = %zu\n",
                    prefix, worst, worst_avx2, n);
            exit_code = 2;
        }
        if (!gradients_agree) {
            fprintf(stderr, BENCH_NAME ": the 1 %% gradient scene's states differ from the plain scene's at N = %zu\n", n);
            exit_code = 2;
        }
        if (!ranges_equal || !threads_equal) {
            fprintf(stderr, BENCH_NAME ": %sranges (%d) or threads (%d) differ from gf_scene_sample at N = %zu\n",
                    prefix, ranges_equal, threads_equal, n);
            exit_code = 2;
        }

        j.scene = scene;
        j.gradient_scene = gscene;
        j.soa = &soa;
        j.states = states;
        j.rows = rows;
        j.capacity = capacity;
        j.threads = 1;
        {
            int kinds[KINDS], kind_count = 0;
            double times[KINDS];
            static const int common[] = {LIBRARY, LIBRARY_THREADS, LIBRARY_THREADS2, HALF_LOW, HALF_HIGH, SCALAR, COPY,
                                         COPY_THREADS2};
            for (i = 0; i < sizeof common / sizeof common[0]; i++) kinds[kind_count++] = common[i];
            if (gscene) kinds[kind_count++] = GRADIENT;
            if (has_avx2) kinds[kind_count++] = AVX2, kinds[kind_count++] = AVX2_THREADS2;
            measure(&j, kinds, kind_count, n, times, cpu);
            if (gscene) gradient = times[GRADIENT];
            copy = times[COPY];
            copy_threads2 = times[COPY_THREADS2];
            library = times[LIBRARY];
            threads1 = times[LIBRARY_THREADS];
            threads2 = times[LIBRARY_THREADS2];
            low = times[HALF_LOW];
            high = times[HALF_HIGH];
            scalar = times[SCALAR];
            if (has_avx2) avx2 = times[AVX2], avx2_threads2 = times[AVX2_THREADS2];
        }

        if (count_begin) count_begin();
        for (i = 0; i < 100; i++) gf_scene_sample_threads(scene, time_at((long)i) + 0.001, 2, states, capacity, &count);
        if (count_end) allocations = count_end(NULL);

        printf("%sown_timings_c_abi_sample_%zu %.2f us\n", prefix, n, library * 1e6);
        printf("%sown_timings_c_abi_threads1_%zu %.2f us\n", prefix, n, threads1 * 1e6);
        printf("%sown_timings_c_abi_threads2_%zu %.2f us\n", prefix, n, threads2 * 1e6);
        printf("%sown_timings_scalar_c_%zu %.2f us\n", prefix, n, scalar * 1e6);
        if (has_avx2) printf("%sown_timings_avx2_c_%zu %.2f us\n", prefix, n, avx2 * 1e6);
        else printf("%sown_timings_avx2_c_%zu unavailable (no AVX2)\n", prefix, n);
        printf("%sown_timings_per_layer_%zu %.1f ns\n", prefix, n, library * 1e9 / (double)n);
        printf("%sown_timings_ratio_library_over_scalar_%zu %.2f\n", prefix, n, library / scalar);
        if (has_avx2) printf("%sown_timings_ratio_library_over_avx2_%zu %.2f\n", prefix, n, library / avx2);
        printf("%sown_timings_ratio_library_over_scalar_cpu_%zu %.2f\n", prefix, n, cpu[LIBRARY] / cpu[SCALAR]);
        if (has_avx2) printf("%sown_timings_ratio_library_over_avx2_cpu_%zu %.2f\n", prefix, n, cpu[LIBRARY] / cpu[AVX2]);
        if (gscene) {
            printf("gradient_1pc_c_abi_sample_%zu %.2f us\n", n, gradient * 1e6);
            printf("gradient_1pc_ratio_over_plain_%zu %.2f\n", n, gradient / library);
            printf("gradient_1pc_ratio_over_plain_cpu_%zu %.2f\n", n, cpu[GRADIENT] / cpu[LIBRARY]);
            printf("gradient_1pc_states_agree_%zu %s\n", n, gradients_agree ? "yes" : "NO");
        }
        printf("%sown_timings_speedup_2_threads_over_1_%zu %.2f\n", prefix, n, threads1 / threads2);
        printf("%sown_timings_speedup_2_threads_over_sample_%zu %.2f\n", prefix, n, library / threads2);
        if (has_avx2) {
            printf("%sown_timings_avx2_c_threads2_%zu %.2f us\n", prefix, n, avx2_threads2 * 1e6);
            printf("%sown_timings_avx2_speedup_2_threads_%zu %.2f\n", prefix, n, avx2 / avx2_threads2);
        }
        printf("%smemory_probe_copy_%zu %.2f us\n", prefix, n, copy * 1e6);
        printf("%smemory_probe_copy_threads2_%zu %.2f us\n", prefix, n, copy_threads2 * 1e6);
        printf("%smemory_probe_speedup_2_threads_%zu %.2f\n", prefix, n, copy / copy_threads2);
        printf("%sown_timings_half_ranges_%zu %.2f us %.2f us\n", prefix, n, low * 1e6, high * 1e6);
        printf("%sown_timings_ideal_2_thread_speedup_%zu %.2f\n", prefix, n, threads1 / (low > high ? low : high));
        printf("%sown_timings_max_difference_scalar_%zu %.3g\n", prefix, n, worst);
        if (has_avx2) printf("%sown_timings_max_difference_avx2_%zu %.3g\n", prefix, n, worst_avx2);
        printf("%sown_timings_ranges_and_threads_equal_sample_%zu %s\n", prefix, n, ranges_equal && threads_equal ? "yes" : "NO");
        if (count_begin && count_end) {
            printf("%sallocations_per_sample_threads2_%zu %g\n", prefix, n, (double)allocations / 100);
            if (allocations != 0) exit_code = 3;
        }
        gf_scene_free(scene);
        gf_scene_free(gscene);
        free(soa.delay);
        free(states);
        free(reference);
        free(rows);
    }
    return exit_code;
}
