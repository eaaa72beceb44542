/*
 * skeleton_host -- a Ghostframe host that shows a loading skeleton for a profile screen.
 *
 * A real host would walk its own widgets; this one describes a small profile screen by hand with
 * the gf_view_tree_* builder (an avatar, a name, a two-line bio, and a table of posts whose rows
 * repeat a "post" cell template), asks for a shimmering skeleton, and plays it: it samples a few
 * frames and prints every bone's rectangle, colour and shimmer band, then ends the skeleton (the
 * content has loaded) and prints the 0.2 s fade-out. A real host would draw each gf_layer_state.
 *
 *   cc -std=c99 skeleton_host.c $(pkg-config --cflags --libs ghostframe) -o skeleton_host
 *   ./skeleton_host
 *
 * The same screen as a JSON document (docs/view-tree-format.md) would go through
 * gf_skeleton_from_json in one call. Every call that can fail returns a gf_status; on failure the
 * program prints the status name and gf_last_error_message() and exits with status 1.
 */
#include <stdio.h>
#include <stdlib.h>

#include <ghostframe.h>

/* Stops the program if a call failed, naming the call. */
#define TRY(call)                                                                                \
    do {                                                                                         \
        gf_status status_ = (call);                                                              \
        if (status_ != GF_OK) {                                                                  \
            fprintf(stderr, "skeleton_host: %s: %s: %s\n", #call, gf_status_string(status_),     \
                    gf_last_error_message());                                                    \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

/* Adds a view of `kind` with the given frame (in its parent's coordinates) and returns its handle. */
static uint32_t add_view(gf_view_tree *tree, uint32_t parent, int32_t kind, const char *id, double x, double y,
                         double width, double height) {
    gf_view_node_desc desc;
    uint32_t node = 0;
    gf_view_node_desc_init(&desc); /* defaults: a plain view, one text line, no own corner radius */
    desc.kind = kind;
    desc.id = id;
    desc.x = x;
    desc.y = y;
    desc.width = width;
    desc.height = height;
    TRY(gf_view_tree_add_node(tree, parent, &desc, &node));
    return node;
}

/*
 * The profile screen, 375 x 667 points:
 *
 *   +--------------------------------------+
 *   | (avatar)  name                       |   the avatar is round (its own corner radius)
 *   |           bio, two lines .........   |
 *   |           ..............             |
 *   | posts: a table of "post" rows        |   each row: a thumbnail, a title, a date
 *   |   [thumb] title                      |
 *   |           date                       |
 *   |   ...as many rows as fill the screen |
 *   +--------------------------------------+
 */
static gf_view_tree *build_profile(void) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc desc;
    uint32_t root = 0, posts, post;

    TRY(gf_view_tree_create(375, 667, &tree)); /* the visible size */

    /* The root: the screen itself. It is the skeleton's background, never a bone. */
    gf_view_node_desc_init(&desc);
    desc.id = "profile";
    desc.width = 375;
    desc.height = 667;
    TRY(gf_view_tree_set_root(tree, &desc, &root));

    /* The header. Bones are numbered in this order: avatar 0, name 1, bio 2. */
    gf_view_node_desc_init(&desc);
    desc.kind = GF_VIEW_IMAGE; /* images keep their frame */
    desc.id = "avatar";
    desc.x = 16;
    desc.y = 16;
    desc.width = 64;
    desc.height = 64;
    desc.has_corner_radius = 1; /* the view's own radius wins over every style */
    desc.corner_radius = 32;
    TRY(gf_view_tree_add_node(tree, root, &desc, NULL));
    add_view(tree, root, GF_VIEW_LABEL, "name", 96, 20, 160, 24); /* a bar 24 x 0.75 = 18 high */
    gf_view_node_desc_init(&desc);
    desc.kind = GF_VIEW_LABEL;
    desc.id = "bio";
    desc.x = 96;
    desc.y = 52;
    desc.width = 260;
    desc.height = 40;
    desc.lines = 2; /* two line bars, the last half as wide */
    TRY(gf_view_tree_add_node(tree, root, &desc, NULL));

    /* The posts: a table below the header. Its rows come from a cell template, generated once and
       repeated as many times as the visible part of the table needs. */
    posts = add_view(tree, root, GF_VIEW_TABLE, "posts", 0, 108, 375, 559);
    TRY(gf_view_tree_add_cell(tree, "post", 375, 112, &post)); /* its views go under `post` */
    add_view(tree, post, GF_VIEW_IMAGE, "thumb", 16, 12, 88, 88);
    add_view(tree, post, GF_VIEW_LABEL, "title", 120, 16, 220, 20);
    add_view(tree, post, GF_VIEW_LABEL, "date", 120, 48, 120, 16);
    TRY(gf_view_tree_add_section(tree, posts, "{\"cell\": \"post\", \"rowHeight\": 112}"));

    /* Style: a shimmer over every bone, rounded bars (half their height unless set). */
    TRY(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\""));
    TRY(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "useCornerRadius", "true"));
    TRY(gf_view_tree_set_style(tree, post, "color", "\"#E4E6EB\"")); /* the rows: a bluer grey */

    /* Adjust lines (TABAnimated's chain syntax): the avatar shows a placeholder image (its name
       reaches the host as the layer's contents), the name bar a little shorter; in the post cell,
       the date bar narrower. Lines are checked when the skeleton is made. */
    TRY(gf_view_tree_add_adjust(tree, root, "named(avatar).placeholder(\"avatar-placeholder.png\")"));
    TRY(gf_view_tree_add_adjust(tree, root, "animation(1).reducedWidth(40)"));
    TRY(gf_view_tree_add_adjust(tree, post, "animation(2).width(72)"));
    return tree;
}

/* The layer index of `id`, or -1 if the scene has no such layer. */
static long layer_index(gf_scene *scene, const char *id) {
    uint32_t index;
    return gf_scene_layer_index(scene, id, &index) == GF_OK ? (long)index : -1;
}

/* Prints one bone layer: its rectangle, its colour, where the shimmer's bright band is, and the
   image it shows, if any (the host would draw that image aspect-fit over the bar). */
static void print_bone(gf_scene *scene, const char *id, const gf_layer_state *s) {
    printf("  %-14s %6.1f %6.1f %6.1f %6.1f  r%5.1f  #%02X%02X%02X", id, s->x, s->y, s->width, s->height,
           s->corner_radius, (unsigned)(s->r * 255 + 0.5), (unsigned)(s->g * 255 + 0.5), (unsigned)(s->b * 255 + 0.5));
    if (s->flags & GF_LAYER_HAS_GRADIENT) {
        /* The gradient runs from its start point to its end point (unit space of the layer); its
           middle stop (location 0.5) is the bright band. */
        double band = s->x + s->width * (s->gradient_start_x + s->gradient_end_x) / 2;
        printf("  band at x = %6.1f", band);
    }
    if (s->flags & GF_LAYER_HAS_CONTENTS) {
        char *image = NULL;
        TRY(gf_scene_layer_contents(scene, s->index, &image));
        printf("  image %s", image != NULL ? image : "?");
        gf_string_free(image); /* the library's copy is ours to free */
    }
    printf("\n");
}

/*
 * Prints every bone at scene time t. Bones are the layers "bone:<i>", or for a multi-line bone
 * "bone:<i>:line:<k>", numbered in document order: the root's bones first, then each row's.
 */
static void print_frame(gf_scene *scene, gf_layer_state *states, size_t capacity, double t) {
    size_t count = 0;
    int bone;
    TRY(gf_scene_sample(scene, t, states, capacity, &count));
    printf("t = %.2f s     x      y      w      h  radius colour\n", t);
    for (bone = 0;; bone++) {
        char id[48];
        long index;
        int line;
        sprintf(id, "bone:%d", bone);
        if ((index = layer_index(scene, id)) >= 0) {
            print_bone(scene, id, &states[index]);
            continue;
        }
        for (line = 0;; line++) { /* a multi-line bone: one layer per line */
            sprintf(id, "bone:%d:line:%d", bone, line);
            if ((index = layer_index(scene, id)) < 0) break;
            print_bone(scene, id, &states[index]);
        }
        if (line == 0) break; /* no bone with this number: that was the last */
    }
}

int main(void) {
    static const double frames[] = {0, 0.75};
    gf_view_tree *tree;
    gf_scene *scene = NULL;
    gf_layer_state *states;
    size_t capacity = 0, i;
    uint32_t root = 0;

    if (gf_abi_version() != GF_ABI_VERSION) {
        fprintf(stderr, "skeleton_host: library ABI %u, header ABI %d\n", (unsigned)gf_abi_version(), GF_ABI_VERSION);
        return 1;
    }

    /* The view tree in, the skeleton out: a scene of layers ("skeleton", the containers, the
       bones) with the shimmer attached as animations. The tree can be freed right away. */
    tree = build_profile();
    TRY(gf_skeleton_generate(tree, &scene));
    gf_view_tree_free(tree);

    TRY(gf_scene_layer_count(scene, &capacity));
    states = calloc(capacity, sizeof *states);
    if (states == NULL) return 1;
    printf("%zu layers\n", capacity);
    for (i = 0; i < sizeof frames / sizeof frames[0]; i++) print_frame(scene, states, capacity, frames[i]);

    /* The content has loaded at t = 2: fade the whole skeleton out (0.2 s, ease-in-out). A list's
       section alone would be gf_skeleton_end(scene, t, "posts/section/0"). Once the opacity is 0
       the host removes the skeleton and shows its real views. */
    TRY(gf_skeleton_end(scene, 2.0, NULL));
    TRY(gf_scene_layer_index(scene, "skeleton", &root));
    printf("fade-out\n");
    for (i = 0; i <= 5; i++) {
        size_t count = 0;
        double t = 1.95 + 0.05 * (double)i;
        TRY(gf_scene_sample(scene, t, states, capacity, &count));
        printf("  t = %.2f s  skeleton opacity %.3f\n", t, states[root].opacity);
    }
    free(states);
    gf_scene_free(scene);
    return 0;
}
