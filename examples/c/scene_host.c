/*
 * scene_host -- a small Ghostframe host: builds a skeleton-screen placeholder (a card with three
 * grey "bones" and a shimmering gradient band, the whole card pulsing in opacity) with the
 * gf_animation_* builders, then plays it: at t = 0, 0.25, ..., 1.5 s it advances the scene's
 * clock (printing the animations that start and end) and samples every layer, printing its frame
 * and opacity as a table. A real host would draw each gf_layer_state instead.
 *
 *   cc -std=c99 scene_host.c $(pkg-config --cflags --libs ghostframe) -o scene_host
 *   ./scene_host
 *
 * Every call that can fail returns a gf_status; on failure the program prints the status name
 * and gf_last_error_message() and exits with status 1.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <ghostframe.h>

#define MAX_LAYERS 8

/* Stops the program if a call failed, naming the call. */
#define TRY(call)                                                                                \
    do {                                                                                         \
        gf_status status_ = (call);                                                              \
        if (status_ != GF_OK) {                                                                  \
            fprintf(stderr, "scene_host: %s: %s: %s\n", #call, gf_status_string(status_),        \
                    gf_last_error_message());                                                    \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

/* Adds a rounded grey rectangle ("bone") under `parent`. */
static void add_bone(gf_scene *scene, const char *id, const char *parent, double x, double y, double width,
                     double height, double radius) {
    gf_layer_desc bone;
    gf_layer_desc_init(&bone); /* defaults: anchor at the centre, opacity 1, no transform */
    bone.id = id;
    bone.parent = parent;
    bone.x = x;
    bone.y = y;
    bone.width = width;
    bone.height = height;
    bone.corner_radius = radius;
    bone.r = bone.g = bone.b = 0.86;
    bone.a = 1;
    TRY(gf_scene_add_layer(scene, &bone, NULL));
}

/* A timing of `duration` seconds, repeated `iterations` times (INFINITY: forever), eased by `easing`. */
static gf_timing *make_timing(double duration, double iterations, const char *easing) {
    gf_timing_params params;
    gf_timing *timing = NULL;
    gf_curve *curve = NULL;
    TRY(gf_curve_parse(easing, &curve));
    gf_timing_params_init(&params);
    params.duration = duration;
    params.iterations = iterations;
    params.easing = curve;
    TRY(gf_timing_create(&params, &timing));
    gf_curve_free(curve); /* the timing keeps its own reference */
    return timing;
}

static void build_card(gf_scene *scene) {
    gf_layer_desc card, band;
    gf_animation *animation = NULL;
    gf_timing *timing;
    const double pulse[] = {1.0, 0.55, 1.0};
    double from, to;

    /* The card: the root of the tree. Children's frames are in its coordinates. */
    gf_layer_desc_init(&card);
    card.id = "card";
    card.x = 16;
    card.y = 16;
    card.width = 328;
    card.height = 96;
    card.corner_radius = 12;
    card.r = card.g = card.b = 0.96;
    card.a = 1;
    TRY(gf_scene_add_layer(scene, &card, NULL));

    /* Three bones: an avatar circle, a title bar and a shorter line. */
    add_bone(scene, "avatar", "card", 16, 16, 64, 64, 32);
    add_bone(scene, "title", "card", 96, 24, 200, 16, 4);
    add_bone(scene, "line", "card", 96, 52, 140, 12, 4);

    /* The shimmer: a band with a horizontal gradient clear -> white -> clear. */
    gf_layer_desc_init(&band);
    band.id = "shimmer";
    band.parent = "card";
    band.x = -120;
    band.width = 120;
    band.height = 96;
    band.gradient_stop_count = 3;
    band.gradient_start_x = 0; /* left to right, in the band's unit space */
    band.gradient_start_y = 0.5;
    band.gradient_end_x = 1;
    band.gradient_end_y = 0.5;
    band.gradient_colors[0] = band.gradient_colors[1] = band.gradient_colors[2] = 1; /* stop 0: clear white */
    band.gradient_colors[4] = band.gradient_colors[5] = band.gradient_colors[6] = 1; /* stop 1: white, */
    band.gradient_colors[7] = 0.6;                                                   /*   alpha 0.6 */
    band.gradient_colors[8] = band.gradient_colors[9] = band.gradient_colors[10] = 1; /* stop 2: clear */
    TRY(gf_scene_add_layer(scene, &band, NULL));

    /* The band sweeps across the card once a second, forever. position.x is where the band's
       anchor (its centre) sits, so -60 puts it just off the left edge and 388 off the right. */
    timing = make_timing(1.0, INFINITY, "ease-in-out");
    from = -60;
    to = 328 + 60;
    TRY(gf_animation_create_basic("position.x", timing, &animation));
    TRY(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
    TRY(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    TRY(gf_scene_add_animation(scene, "shimmer", animation, "shimmer", NULL));
    gf_animation_free(animation); /* the scene keeps a copy */
    gf_timing_free(timing);

    /* The whole card pulses: opacity 1 -> 0.55 -> 1 every 1.2 s; children inherit it. */
    timing = make_timing(1.2, INFINITY, "linear");
    TRY(gf_animation_create_keyframes("opacity", timing, &animation));
    TRY(gf_animation_set_keyframes(animation, pulse, 3, NULL, 0)); /* evenly spaced key times */
    TRY(gf_scene_add_animation(scene, "card", animation, "pulse", NULL));
    gf_animation_free(animation);
    gf_timing_free(timing);

    /* A one-off intro: the card slides up 12 points in half a second, then leaves the scene
       (animations are removed on completion unless GF_ANIMATION_KEEP_AFTER_END is set). */
    timing = make_timing(0.5, 1, "ease-out");
    from = 16 + 48 + 12; /* position.y: the card's centre, 12 points below its place */
    TRY(gf_animation_create_basic("position.y", timing, &animation));
    TRY(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1)); /* to: the layer's own value */
    TRY(gf_scene_add_animation(scene, "card", animation, "intro", NULL));
    gf_animation_free(animation);
    gf_timing_free(timing);
}

/* The event callback: the strings are valid only during the call. */
static void print_event(void *user_data, const gf_event *event) {
    (void)user_data;
    printf("      event: %-7s %-8s on %-8s (animation %llu) at %.2f s%s\n",
           event->kind == GF_EVENT_STARTED ? "started" : "ended", event->key ? event->key : "(no key)",
           event->layer_id, (unsigned long long)event->animation_id, event->time,
           event->reversed ? " (time went backwards)" : "");
}

int main(void) {
    static const char *const names[] = {"card", "avatar", "title", "line", "shimmer"};
    gf_scene *scene = NULL;
    gf_layer_state states[MAX_LAYERS];
    size_t count = 0, i;
    int frame;

    if (gf_abi_version() != GF_ABI_VERSION) {
        fprintf(stderr, "scene_host: library ABI %u, header ABI %d\n", (unsigned)gf_abi_version(), GF_ABI_VERSION);
        return 1;
    }
    TRY(gf_scene_create(&scene));
    build_card(scene);

    printf("   t  layer          x        y        w        h  opacity\n");
    for (frame = 0; frame <= 6; frame++) {
        double t = frame * 0.25;
        /* Move the clock: reports what started and ended since the previous frame. */
        TRY(gf_scene_advance(scene, t, print_event, NULL));
        /* The state of every layer at t, parents before children (layers were added in that order,
           so states[i] is names[i]). The first sample after a change compiles the scene; the later
           ones allocate nothing. */
        TRY(gf_scene_sample(scene, t, states, MAX_LAYERS, &count));
        for (i = 0; i < count; i++) {
            const gf_layer_state *s = &states[i];
            printf("%4.2f  %-8s %8.2f %8.2f %8.2f %8.2f %8.3f\n", t, names[s->index], s->x, s->y, s->width,
                   s->height, s->opacity);
        }
    }
    gf_scene_free(scene);
    return 0;
}
