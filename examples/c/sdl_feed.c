/*
 * sdl_feed -- Ghostframe live in an SDL2 game loop: the feed skeleton in a window.
 *
 * The feed of examples/trees/feed.json (an avatar, a name, a three-line bio, a table of news rows
 * under a section header), built here with the gf_view_tree_* builder calls (no JSON), its
 * shimmering skeleton sampled every frame with the window's clock and drawn by the renderer with
 * bindings/c/helpers/ghostframe_sdl.h: on a GPU renderer every bone a rounded rectangle (triangle
 * fans) with the shimmer's gradient as vertex colours (SDL_RenderGeometry), on SDL's software
 * renderer rectangles of one colour per SDL_RenderFillRectsF call (the gradient's columns in runs
 * of one 8-bit level), so the renderer does the work.
 *
 *   space   ends the skeleton (gf_skeleton_end): its 0.2 s fade, then the content (the real
 *           layout), shown once gf_skeleton_content_opacity reaches 1: no timer of the host's own
 *   click   on a news row (a card): the expanding-card transition from that card; a
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
 *   --draw WAY             ghostframe_sdl.h's way to the pixels: auto (the default: rects on
 *                          SDL's software renderer, geometry on the others), geometry or rects
 *
 * At exit it prints the frame times: sampling (gf_scene_sample), drawing (gfsdl_draw, the content,
 * the transition's copies) and the total (events, sampling, drawing, present; not
 * the sleep that paces a live run to 60 fps), each as mean, p50 and p99 in ms.
 *
 * Headless: SDL_VIDEODRIVER=offscreen (or dummy) with the software renderer.
 *
 *   cc -std=c99 -O2 -I bindings/c/helpers sdl_feed.c $(pkg-config --cflags --libs ghostframe sdl2) -lm -o sdl_feed
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <ghostframe.h>

#include "ghostframe_sdl.h"

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
    SDL_Texture *snapshot; /* the window at the tap, for the card transition */
    gfsdl_frame frame;     /* ghostframe_sdl.h's workspace */
    uint32_t *pixels;      /* the window read back at the tap */
    int width, height;     /* pixels */
    double scale;

    gf_scene *skeleton;
    gf_layer_state *states; /* one buffer for every scene: the largest layer count */
    size_t capacity;
    int ended;              /* `space` was pressed */

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

/* The real views once loaded: images as blue-grey blocks, labels as dark text lines, rows with a
   separator. */
static void draw_content(host *h) {
    size_t i;
    const SDL_Color image = {140, 173, 219, 255}, text = {64, 64, 64, 255}, rule = {217, 217, 217, 255};
    for (i = 0; i < h->layout_count; i++) {
        const gf_layout_item *it = &h->layout[i];
        double k = h->scale;
        int line, lines = it->lines > 0 ? it->lines : 1;
        SDL_Rect clip;
        if (it->clip_width <= 0 || it->clip_height <= 0) continue;
        clip.x = (int)lround(it->clip_x * k), clip.y = (int)lround(it->clip_y * k);
        clip.w = (int)lround((it->clip_x + it->clip_width) * k) - clip.x;
        clip.h = (int)lround((it->clip_y + it->clip_height) * k) - clip.y;
        SDL_RenderSetClipRect(h->renderer, &clip);
        if (it->kind == GF_VIEW_IMAGE) {
            gfsdl_fill_rounded(h->renderer, &h->frame, it->x, it->y, it->width, it->height, it->corner_radius, k, image);
        } else if (it->kind == GF_VIEW_LABEL) {
            double pitch = it->height / lines;
            for (line = 0; line < lines; line++)
                gfsdl_fill_rounded(h->renderer, &h->frame, it->x, it->y + line * pitch + pitch * 0.2,
                                   line == lines - 1 && lines > 1 ? it->width * 0.6 : it->width, pitch * 0.6, 0, k, text);
        } else if (it->kind == GF_LAYOUT_ROW) {
            gfsdl_fill_rounded(h->renderer, &h->frame, it->x + 16, it->y + it->height - 1, it->width - 16, 1, 0, k, rule);
        }
    }
    SDL_RenderSetClipRect(h->renderer, NULL);
}

/* The skeleton (or, once its fade is over, the content) at scene time t, drawn by the renderer. */
static void draw_feed(host *h, double t, double *sample_ms) {
    size_t count = 0;
    double t0 = now_seconds(), content = 0;
    const SDL_Color white = {255, 255, 255, 255};
    TRY(gf_scene_sample(h->skeleton, t, h->states, h->capacity, &count));
    if (h->ended) TRY(gf_skeleton_content_opacity(h->skeleton, t, NULL, &content));
    *sample_ms += (now_seconds() - t0) * 1000;
    /* The skeleton's root container is opaque and covers the window: no clear needed until the
       end fades it (then what is under it must be the background, not the last frame). */
    if (h->ended) {
        SDL_SetRenderDrawColor(h->renderer, 255, 255, 255, 255);
        SDL_RenderClear(h->renderer);
    }
    if (content >= 1) {
        draw_content(h);
        return;
    }
    /* The feed has no kept bones: no holes to read (gf_scene_sample_custom "hole" otherwise). */
    if (gfsdl_draw(h->renderer, &h->frame, h->states, count, h->scale, NULL, white) != 0) {
        fprintf(stderr, "sdl_feed: out of memory\n");
        exit(1);
    }
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
        /* the snapshot: the feed at the tap, read back from the renderer */
        draw_feed(h, t, sample_ms);
        if (SDL_RenderReadPixels(h->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, h->pixels, h->width * 4) != 0 ||
            SDL_UpdateTexture(h->snapshot, NULL, h->pixels, h->width * 4) != 0) {
            fprintf(stderr, "sdl_feed: snapshot: %s\n", SDL_GetError());
            exit(1);
        }
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
                    "                [--key T:space|escape]... [--scale S] [--log PATH]\n"
                    "                [--draw auto|geometry|rects]\n");
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
    int running = 1, draw_mode = GFSDL_MODE_AUTO;
    long frame;

    memset(&h, 0, sizeof h);
    h.scale = 1;
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
        } else if (strcmp(a, "--draw") == 0) {
            if (strcmp(v, "auto") == 0) draw_mode = GFSDL_MODE_AUTO;
            else if (strcmp(v, "geometry") == 0) draw_mode = GFSDL_MODE_GEOMETRY;
            else if (strcmp(v, "rects") == 0) draw_mode = GFSDL_MODE_RECTS;
            else usage();
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
    if (h.states == NULL || gfsdl_frame_init(&h.frame, h.capacity) != 0) return 1;
    h.frame.mode = draw_mode;

    /* The window, its renderer (accelerated if there is one, else software), the textures. */
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "sdl_feed: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    h.width = (int)lround(VIEW_W * h.scale);
    h.height = (int)lround(VIEW_H * h.scale);
    h.window = SDL_CreateWindow("Ghostframe feed", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, h.width,
                                h.height, 0);
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
    h.snapshot = SDL_CreateTexture(h.renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, h.width,
                                   h.height);
    h.pixels = malloc((size_t)h.width * (size_t)h.height * 4);
    if (h.snapshot == NULL || h.pixels == NULL) {
        fprintf(stderr, "sdl_feed: textures: %s\n", SDL_GetError());
        return 1;
    }
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
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_SPACE && !h.ended) {
                TRY(gf_skeleton_end(h.skeleton, t, NULL));
                h.ended = 1;
            }
            if (event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT)
                on_click(&h, event.button.x, event.button.y, t, &sampled);
        }
        if (!running) break;

        if (h.transition != NULL && !draw_transition(&h, t, &sampled)) end_transition(&h);
        if (h.transition == NULL) draw_feed(&h, t, &sampled);
        drawn = (now_seconds() - began) * 1000 - sampled;

        for (i = 0; i < planned; i++) { /* screenshots: the frame as the window shows it */
            scheduled *s = &plan[i];
            SDL_Surface *shot;
            if (s->done || s->kind != 0 || t + 1e-9 < s->t) continue;
            s->done = 1;
            shot = SDL_CreateRGBSurfaceWithFormat(0, h.width, h.height, 32, SDL_PIXELFORMAT_ARGB8888);
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
        static const char *const ways[] = {"auto", "geometry", "rects"};
        printf("sdl_feed: %zu frames (%d x %d, video driver %s, renderer %s, drawing %s)\n", timed, h.width,
               h.height, SDL_GetCurrentVideoDriver(), info.name, ways[draw_mode]);
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
    free(h.pixels);
    gfsdl_frame_free(&h.frame);
    SDL_DestroyTexture(h.snapshot);
    SDL_DestroyRenderer(h.renderer);
    SDL_DestroyWindow(h.window);
    SDL_Quit();
    return 0;
}
