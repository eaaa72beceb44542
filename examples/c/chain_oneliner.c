/*
 * chain_oneliner -- the seed's one-liner chain through the C ABI:
 *
 *   view.spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100).spring.cornerRadiusBy(4).animate()
 *
 * AXAnimationChain's view shorthand: every shorthand is combined with the top animator
 * (GF_CHAIN_COMBINE with anchor 0, the first link) and begins at the `after` time (begin_time;
 * 0 here, as no after(t) is written). So the three springs run together from t = 0: the card's
 * centre moves down 100 points with eased spring time while it grows by 100 x 100 and its corners
 * round by 4; all three end at T, the default spring's settling duration (1.27 s). The program
 * prints the schedule, then plays the chain: at t = 0, 0.25, ... it advances the scene (the
 * links' completions print as their ends are crossed) and samples it.
 *
 *   cc -std=c99 chain_oneliner.c $(pkg-config --cflags --libs ghostframe) -o chain_oneliner
 */
#include <stdio.h>
#include <stdlib.h>

#include <ghostframe.h>

#define TRY(call)                                                                                \
    do {                                                                                         \
        gf_status status_ = (call);                                                              \
        if (status_ != GF_OK) {                                                                  \
            fprintf(stderr, "chain_oneliner: %s: %s: %s\n", #call, gf_status_string(status_),    \
                    gf_last_error_message());                                                    \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

/* A link's completion: user_data is the label this program gave the link. */
static void completed(void *user_data, const gf_chain_completion *c) {
    printf("    %s: link %u (%s) %s at %.4f s\n", (const char *)user_data, (unsigned)c->index, c->name,
           c->reversed ? "re-entered" : "completed", c->time);
}

/* The view shorthand's `after` time: after(t) adds t, and a total below 0 is 0 (AXAnimationChain). */
static double after_time = 0;
/* The links added so far: the first opens the chain, the rest combine with it (anchor 0). */
static uint32_t shorthand_count = 0;

/* Adds a spring shorthand changing `property` by `by` (count numbers): combined with the first
   link, beginning at the `after` time. */
static void add_spring(gf_chain *chain, const char *property, const double *by, uint32_t count, const char *timing,
                       const char *label) {
    gf_chain_link_desc link;
    gf_chain_link_desc_init(&link); /* defaults: basic, next, m 1, k 100, c 10 */
    link.kind = GF_CHAIN_SPRING;
    link.placement = GF_CHAIN_COMBINE; /* ignored for the first link */
    link.anchor = shorthand_count > 0 ? 0 : GF_CHAIN_LAST;
    link.begin_time = after_time;
    link.property = property;
    link.by_value = by;
    link.value_count = count;
    link.timing = timing; /* NULL: the spring in physical seconds */
    link.completion = completed;
    link.user_data = (void *)label;
    TRY(gf_chain_add(chain, &link, NULL));
    shorthand_count++;
}

int main(void) {
    static const double center_by[2] = {0, 100}, size_by[2] = {100, 100}, radius_by[1] = {4};
    gf_scene *scene = NULL;
    gf_chain *chain = NULL;
    gf_layer_desc card;
    gf_timeline_entry entries[8];
    gf_layer_state state;
    size_t count = 0, i;
    double duration = 0;
    int step;

    TRY(gf_scene_create(&scene));
    gf_layer_desc_init(&card);
    card.id = "card";
    card.width = card.height = 100;
    TRY(gf_scene_add_layer(scene, &card, NULL));

    TRY(gf_chain_create("card", &chain));
    add_spring(chain, "position", center_by, 2, "easeOut", "centerBy");
    add_spring(chain, "bounds.size", size_by, 2, NULL, "sizeBy");
    add_spring(chain, "cornerRadius", radius_by, 1, NULL, "cornerRadiusBy");

    TRY(gf_chain_schedule(chain, entries, sizeof entries / sizeof entries[0], &count));
    TRY(gf_chain_duration(chain, &duration));
    printf("schedule (%.4f s):\n", duration);
    for (i = 0; i < count; i++)
        printf("  %-13s %s  %.4f -> %.4f\n", entries[i].name, entries[i].layer, entries[i].begin, entries[i].end);

    TRY(gf_chain_apply(chain, scene, NULL, 0));
    printf("%6s %9s %9s %9s %9s %7s\n", "t", "x", "y", "width", "height", "radius");
    for (step = 0; step <= 7; step++) {
        double t = step * 0.25;
        TRY(gf_chain_advance(chain, scene, t, NULL, NULL));
        TRY(gf_scene_sample(scene, t, &state, 1, &count));
        printf("%6.2f %9.3f %9.3f %9.3f %9.3f %7.3f\n", t, state.x, state.y, state.width, state.height,
               state.corner_radius);
    }
    TRY(gf_chain_free(chain));
    TRY(gf_scene_free(scene));
    return 0;
}
