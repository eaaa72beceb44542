/*
 * Skeletons through the C API: view trees built node by node (gf_view_tree_*) and the same trees as
 * JSON, generated (gf_skeleton_generate, gf_skeleton_from_json), sampled, and checked against values
 * computed by hand from the rules of docs/view-tree-format.md (each computation is written beside its
 * check); builder and JSON giving byte-identical samples; the effects (shimmer, breathe, drop) and
 * gf_skeleton_end; and bad input for every skeleton function (right code, a message that names the
 * problem, out-parameters untouched, the tree or scene unchanged).
 *
 * The scene of a skeleton (Skeleton+Scene.swift): "skeleton" (the viewport), "container:<group>"
 * (the root's group is "root", a list section's "LIST/section/N"), then "bone:<i>" per bone, or
 * "bone:<i>:line:<k>" per line of a multi-line bone. Samples are in root coordinates.
 */
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define SENTINEL_U32 0xA5A5A5A5u
#define SENTINEL_TREE ((gf_view_tree *)(void *)gf_test_sentinel_storage)
#define SENTINEL_SCENE ((gf_scene *)(void *)gf_test_sentinel_storage)

/* The default light palette (SkeletonDefaults): bones #EEEEEE, background #FFFFFF, drop #E1E1E1. */
#define BONE_GREY (238.0 / 255.0)
/* TABAnimated's shimmerBackColor 0xDFDFDF, the shimmer band's default base. */
#define SHIMMER_GREY (223.0 / 255.0)
#define DROP_GREY (225.0 / 255.0)

/* ---- hand-computed easing: cubic-bezier by bisection, independent of the library ------------- */

/* y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at the parameter s. */
static double bezier_coordinate(double s, double p1, double p2) {
    double u = 1 - s;
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s;
}

/* CSS cubic-bezier(x1, y1, x2, y2) at progress x in [0, 1]: solve x(s) = x by bisection, return y(s). */
static double cubic_bezier(double x1, double y1, double x2, double y2, double x) {
    double lo = 0, hi = 1;
    int i;
    for (i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        if (bezier_coordinate(mid, x1, x2) < x) lo = mid;
        else hi = mid;
    }
    return bezier_coordinate((lo + hi) / 2, y1, y2);
}

static double ease_in(double x) { return cubic_bezier(0.42, 0, 1, 1, x); }
static double ease_in_out(double x) { return cubic_bezier(0.42, 0, 0.58, 1, x); }

/* ---- helpers ------------------------------------------------------------------------------ */

/* A node description with the defaults and the given kind and frame. */
static gf_view_node_desc node_of(int32_t kind, double x, double y, double w, double h) {
    gf_view_node_desc d;
    memset(&d, SENTINEL_BYTE, sizeof d);
    gf_view_node_desc_init(&d);
    d.kind = kind;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    return d;
}

/* A 375 x 667 tree whose root is a plain view over the viewport; writes the root's handle. */
static gf_view_tree *new_tree(uint32_t *root) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc d = node_of(GF_VIEW_VIEW, 0, 0, 375, 667);
    CHECK_OK(gf_view_tree_create(375, 667, &tree));
    CHECK(tree != NULL);
    *root = SENTINEL_U32;
    CHECK_OK(gf_view_tree_set_root(tree, &d, root));
    return tree;
}

static uint32_t add(gf_view_tree *tree, uint32_t parent, const gf_view_node_desc *d) {
    uint32_t handle = SENTINEL_U32;
    gf_status status = gf_view_tree_add_node(tree, parent, d, &handle);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_view_tree_add_node succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return handle;
}

static uint32_t add_kind(gf_view_tree *tree, uint32_t parent, int32_t kind, double x, double y, double w, double h) {
    gf_view_node_desc d = node_of(kind, x, y, w, h);
    return add(tree, parent, &d);
}

static void style(gf_view_tree *tree, uint32_t node, const char *key, const char *value) {
    gf_status status = gf_view_tree_set_style(tree, node, key, value);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_view_tree_set_style succeeds"))
        printf("     %s = %s: %s: %s\n", key, value, gf_status_string(status), gf_last_error_message());
}

static gf_scene *generate(const gf_view_tree *tree) {
    gf_scene *scene = NULL;
    gf_status status = gf_skeleton_generate(tree, &scene);
    if (!gf_test_check(status == GF_OK && scene != NULL, __FILE__, __LINE__, "gf_skeleton_generate succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return scene;
}

static gf_scene *from_json(const char *json) {
    gf_scene *scene = NULL;
    gf_status status = gf_skeleton_from_json(json, strlen(json), &scene);
    if (!gf_test_check(status == GF_OK && scene != NULL, __FILE__, __LINE__, "gf_skeleton_from_json succeeds"))
        printf("     %s: %s\n", gf_status_string(status), gf_last_error_message());
    return scene;
}

static size_t layer_count(gf_scene *scene) {
    size_t count = 0;
    if (scene == NULL) return 0;
    CHECK_OK(gf_scene_layer_count(scene, &count));
    return count;
}

/* The state of the layer `id` at t (zeroed, and a failed check, when there is none). */
static gf_layer_state state_of(gf_scene *scene, const char *id, double t) {
    gf_layer_state none, *states;
    size_t capacity = layer_count(scene), count = 0;
    uint32_t index = SENTINEL_U32;
    gf_status status;
    memset(&none, 0, sizeof none);
    if (scene == NULL) return none;
    status = gf_scene_layer_index(scene, id, &index);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "the layer exists")) {
        printf("     layer '%s': %s\n", id, gf_last_error_message());
        return none;
    }
    states = calloc(capacity, sizeof *states);
    if (states == NULL) return none;
    CHECK_OK(gf_scene_sample(scene, t, states, capacity, &count));
    if (index < count) none = states[index];
    free(states);
    return none;
}

static int has_layer(gf_scene *scene, const char *id) {
    uint32_t index;
    return scene != NULL && gf_scene_layer_index(scene, id, &index) == GF_OK;
}

/* The number of bones: "bone:0", "bone:1", ... (or their first lines) until one is missing. */
static int bone_count(gf_scene *scene) {
    char id[48];
    int n;
    for (n = 0;; n++) {
        sprintf(id, "bone:%d", n);
        if (has_layer(scene, id)) continue;
        sprintf(id, "bone:%d:line:0", n);
        if (!has_layer(scene, id)) return n;
    }
}

/* Checks a bone layer's frame in root coordinates. */
#define CHECK_FRAME(s, X, Y, W, H)                                                               \
    do {                                                                                         \
        CHECK_NEAR((s).x, (X), 1e-9);                                                            \
        CHECK_NEAR((s).y, (Y), 1e-9);                                                            \
        CHECK_NEAR((s).width, (W), 1e-9);                                                        \
        CHECK_NEAR((s).height, (H), 1e-9);                                                       \
    } while (0)

/* The last error message contains `part`. */
#define CHECK_MESSAGE(part)                                                                      \
    do {                                                                                         \
        const char *gf_m_ = gf_last_error_message();                                             \
        if (!gf_test_check(strstr(gf_m_, (part)) != NULL, __FILE__, __LINE__,                    \
                           "the message contains \"" part "\""))                                 \
            printf("     message: \"%s\"\n", gf_m_);                                             \
    } while (0)

/* ---- frames: every layer at several times, to compare scenes byte for byte -------------------- */

static const double frame_times[] = {0, 0.1, 0.37, 0.75, 1.2, 2.9, 10.05};

typedef struct {
    size_t count;             /* layers */
    gf_layer_state *states;   /* COUNT(frame_times) x count, zeroed before sampling */
} frames;

static frames frames_of_scene(gf_scene *scene) {
    frames f;
    size_t i, count = 0;
    f.count = layer_count(scene);
    f.states = calloc(COUNT(frame_times) * (f.count ? f.count : 1), sizeof *f.states);
    if (scene == NULL || f.states == NULL) return f;
    for (i = 0; i < COUNT(frame_times); i++) {
        CHECK_OK(gf_scene_sample(scene, frame_times[i], f.states + i * f.count, f.count, &count));
        CHECK_EQ_INT(count, f.count);
    }
    return f;
}

/* Generates the tree and samples its scene (count 0 if generation fails). */
static frames frames_of_tree(const gf_view_tree *tree) {
    frames f;
    gf_scene *scene = generate(tree);
    f = frames_of_scene(scene);
    gf_scene_free(scene);
    return f;
}

static int same_frames(frames a, frames b) {
    return a.count == b.count && a.count > 0 && a.states != NULL && b.states != NULL &&
           memcmp(a.states, b.states, COUNT(frame_times) * a.count * sizeof *a.states) == 0;
}

/* Checks that `tree` still generates the scene `before` was taken from. */
#define CHECK_TREE_UNCHANGED(tree, before)                                                       \
    do {                                                                                         \
        frames gf_after_ = frames_of_tree(tree);                                                 \
        CHECK(same_frames((before), gf_after_) && "the tree is unchanged");                      \
        free(gf_after_.states);                                                                  \
    } while (0)

/* ---- the defaults ------------------------------------------------------------------------- */

static void test_node_desc_defaults(void) {
    gf_view_node_desc d;
    memset(&d, SENTINEL_BYTE, sizeof d);
    gf_view_node_desc_init(&d);
    CHECK_EQ_INT(d.struct_size, sizeof(gf_view_node_desc));
    CHECK(d.kind == GF_VIEW_VIEW && d.skeleton == GF_SKELETON_AUTO && d.align == GF_ALIGN_NATURAL);
    CHECK(d.hidden == 0 && d.lines == 1 && d.has_corner_radius == 0 && d.reserved == 0 && d.id == NULL);
    CHECK(d.x == 0 && d.y == 0 && d.width == 0 && d.height == 0 && d.corner_radius == 0);
    CHECK(d.content_offset_x == 0 && d.content_offset_y == 0);
    gf_view_node_desc_init(NULL); /* does nothing */
    gf_view_tree_free(NULL);
}

/* ---- bones: the production rules ------------------------------------------------------------ */

/*
 * A label 100 x 20 at (16, 16): one bar, top-aligned, 20 x 0.75 = 15 high, x, y and width kept, in
 * the default bone colour, on the root's container (which covers the root, in the background
 * colour), under the clear viewport layer.
 */
static void check_label_scene(gf_scene *scene) {
    gf_layer_state root = state_of(scene, "skeleton", 0);
    gf_layer_state container = state_of(scene, "container:root", 0);
    gf_layer_state bar = state_of(scene, "bone:0", 0);
    CHECK_EQ_INT(layer_count(scene), 3);
    CHECK_FRAME(root, 0, 0, 375, 667);
    CHECK(root.parent == -1 && root.a == 0);
    CHECK_FRAME(container, 0, 0, 375, 667);
    CHECK(container.parent == 0 && container.r == 1 && container.g == 1 && container.b == 1 && container.a == 1);
    CHECK_FRAME(bar, 16, 16, 100, 20 * 0.75);
    CHECK_EQ_INT(bar.parent, 1);
    CHECK_NEAR(bar.r, BONE_GREY, 1e-12);
    CHECK_NEAR(bar.g, BONE_GREY, 1e-12);
    CHECK_NEAR(bar.b, BONE_GREY, 1e-12);
    CHECK_NEAR(bar.a, 1, 1e-12);
    CHECK_NEAR(bar.corner_radius, 0, 0);
    CHECK_NEAR(bar.opacity, 1, 0);
    CHECK_EQ_INT(bar.flags, 0); /* no effect: no gradient */
}

static void test_label_bar(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    scene = generate(tree);
    check_label_scene(scene);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"type\": \"label\", \"frame\": [16, 16, 100, 20]}]}}");
    check_label_scene(scene);
    gf_scene_free(scene);

    /* heightCoefficient 0.5: 20 x 0.5 = 10; boneHeight 9 wins over the coefficient. */
    scene = from_json("{\"viewport\": [375, 667], \"style\": {\"heightCoefficient\": 0.5}, \"root\": {\"frame\":"
                      " [0, 0, 375, 667], \"children\": [{\"type\": \"label\", \"frame\": [16, 16, 100, 20]}]}}");
    CHECK_NEAR(state_of(scene, "bone:0", 0).height, 10, 1e-12);
    gf_scene_free(scene);
    tree = new_tree(&root);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "heightCoefficient", "0.5");
    style(tree, GF_VIEW_TREE_GLOBAL, "boneHeight", "9");
    scene = generate(tree);
    CHECK_NEAR(state_of(scene, "bone:0", 0).height, 9, 1e-12);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * Images keep their frame (a 48 x 48 image at (16, 80) stays 48 x 48 even with boneHeight 9, which
 * every other bone takes); buttons are one bone and their insides are not visited; a leaf view is a
 * bone unless as large as the root; hidden and skip nodes produce nothing; a plain container
 * produces nothing itself. Document order numbers the bones: image 0, button 1, leaf 2.
 */
static void test_kinds(void) {
    uint32_t root, button, box;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc hidden = node_of(GF_VIEW_LABEL, 0, 0, 50, 20), skipped = node_of(GF_VIEW_IMAGE, 0, 0, 50, 50);
    gf_scene *scene;
    hidden.hidden = 1;
    skipped.skeleton = GF_SKELETON_SKIP;
    style(tree, GF_VIEW_TREE_GLOBAL, "boneHeight", "9");
    add_kind(tree, root, GF_VIEW_IMAGE, 16, 80, 48, 48);
    button = add_kind(tree, root, GF_VIEW_BUTTON, 16, 140, 120, 44);
    add_kind(tree, button, GF_VIEW_LABEL, 10, 10, 50, 20); /* inside the button: not visited */
    box = add_kind(tree, root, GF_VIEW_VIEW, 0, 200, 375, 100); /* a container: nothing itself */
    add_kind(tree, box, GF_VIEW_VIEW, 16, 10, 30, 30);     /* a leaf: a bone, in root coordinates */
    add_kind(tree, root, GF_VIEW_VIEW, 0, 0, 375, 667);    /* a leaf as large as the root: nothing */
    add(tree, root, &hidden);
    add(tree, root, &skipped);
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 3);
    CHECK_EQ_INT(layer_count(scene), 2 + 3);
    CHECK_FRAME(state_of(scene, "bone:0", 0), 16, 80, 48, 48);
    CHECK_FRAME(state_of(scene, "bone:1", 0), 16, 140, 120, 9);
    CHECK_FRAME(state_of(scene, "bone:2", 0), 16, 200 + 10, 30, 9);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * A label of 3 lines, frame 280 x 60 at (16, 100): three line layers, each lineHeight 12 high
 * (16 x 0.75), lineSpacing 8 apart: y = 100, 100 + 12 + 8 = 120, 100 + 2 x 20 = 140; every line as
 * wide as the frame except the last, lastLineScale 0.5 x 280 = 140. No "bone:0" layer of its own.
 */
static void check_lines_scene(gf_scene *scene) {
    CHECK(!has_layer(scene, "bone:0"));
    CHECK(!has_layer(scene, "bone:0:line:3"));
    CHECK_FRAME(state_of(scene, "bone:0:line:0", 0), 16, 100, 280, 12);
    CHECK_FRAME(state_of(scene, "bone:0:line:1", 0), 16, 120, 280, 12);
    CHECK_FRAME(state_of(scene, "bone:0:line:2", 0), 16, 140, 140, 12);
    CHECK_EQ_INT(layer_count(scene), 2 + 3);
}

static void test_multiline_label(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc bio = node_of(GF_VIEW_LABEL, 16, 100, 280, 60);
    gf_scene *scene;
    bio.lines = 3;
    add(tree, root, &bio);
    scene = generate(tree);
    check_lines_scene(scene);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"type\": \"label\", \"frame\": [16, 100, 280, 60], \"lines\": 3}]}}");
    check_lines_scene(scene);
    gf_scene_free(scene);

    /* lines 0: as many as fit, floor((60 + 8) / (12 + 8)) = 3. */
    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"type\": \"label\", \"frame\": [16, 100, 280, 60], \"lines\": 0}]}}");
    check_lines_scene(scene);
    gf_scene_free(scene);
}

/*
 * The corner radius cascade, first one wins:
 *   bone 0, a label 100 x 20 with its own radius 4            -> 4
 *   bone 1, a label 100 x 20 in a box whose style sets 3       -> 3 (the control-view level)
 *   bone 2, a label 100 x 20, global useCornerRadius, radius 0 -> half the bar: 15 / 2 = 7.5
 *   bone 3, an image 40 x 40, the same                         -> 40 / 2 = 20
 *   bone 4, a 3-line label                                     -> half the line height: 12 / 2 = 6
 * Without useCornerRadius every bone without its own radius or a control-view radius gets 0; with a
 * global cornerRadius of 5, those of bones 2, 3 and 4 are 5.
 */
static gf_view_tree *radius_tree(const char *global_radius, int use) {
    uint32_t root, box;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc own = node_of(GF_VIEW_LABEL, 16, 16, 100, 20), lines = node_of(GF_VIEW_LABEL, 16, 200, 280, 60);
    own.has_corner_radius = 1;
    own.corner_radius = 4;
    lines.lines = 3;
    add(tree, root, &own);
    box = add_kind(tree, root, GF_VIEW_VIEW, 0, 50, 375, 40);
    style(tree, box, "cornerRadius", "3");
    add_kind(tree, box, GF_VIEW_LABEL, 16, 10, 100, 20);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 100, 100, 20);
    add_kind(tree, root, GF_VIEW_IMAGE, 16, 140, 40, 40);
    add(tree, root, &lines);
    if (use) style(tree, GF_VIEW_TREE_GLOBAL, "useCornerRadius", "true");
    if (global_radius) style(tree, GF_VIEW_TREE_GLOBAL, "cornerRadius", global_radius);
    return tree;
}

static void check_radii(gf_scene *scene, double half_bar, double half_image, double half_line) {
    CHECK_NEAR(state_of(scene, "bone:0", 0).corner_radius, 4, 0);
    CHECK_NEAR(state_of(scene, "bone:1", 0).corner_radius, 3, 0);
    CHECK_NEAR(state_of(scene, "bone:2", 0).corner_radius, half_bar, 0);
    CHECK_NEAR(state_of(scene, "bone:3", 0).corner_radius, half_image, 0);
    CHECK_NEAR(state_of(scene, "bone:4:line:0", 0).corner_radius, half_line, 0);
    CHECK_NEAR(state_of(scene, "bone:4:line:2", 0).corner_radius, half_line, 0);
}

static void test_corner_radius_cascade(void) {
    static const char *json =
        "{\"viewport\": [375, 667], \"style\": {\"useCornerRadius\": true}, \"root\": {\"frame\": [0, 0, 375, 667],"
        " \"children\": [{\"type\": \"label\", \"frame\": [16, 16, 100, 20], \"cornerRadius\": 4},"
        " {\"frame\": [0, 50, 375, 40], \"style\": {\"cornerRadius\": 3}, \"children\": ["
        "  {\"type\": \"label\", \"frame\": [16, 10, 100, 20]}]},"
        " {\"type\": \"label\", \"frame\": [16, 100, 100, 20]}, {\"type\": \"image\", \"frame\": [16, 140, 40, 40]},"
        " {\"type\": \"label\", \"frame\": [16, 200, 280, 60], \"lines\": 3}]}}";
    gf_view_tree *tree = radius_tree(NULL, 1);
    gf_scene *scene = generate(tree);
    check_radii(scene, 15.0 / 2, 40.0 / 2, 12.0 / 2);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
    scene = from_json(json);
    check_radii(scene, 15.0 / 2, 40.0 / 2, 12.0 / 2);
    gf_scene_free(scene);

    tree = radius_tree("0", 0);
    scene = generate(tree);
    check_radii(scene, 0, 0, 0);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    tree = radius_tree("5", 1);
    scene = generate(tree);
    check_radii(scene, 5, 5, 5);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/* ---- lists ---------------------------------------------------------------------------------- */

/*
 * A table over the whole 375 x 667 viewport, rowHeight 100, without a row count: it fills
 * ceil(667 / 100) = 7 rows. The row template (375 x 100) holds one label 200 x 20 at (16, 10), so
 * row r has a bar at y = 100 r + 10, 15 high. Layers: the viewport, the root's container, the
 * section's container "container:list/section/0", and 7 bones.
 */
static void check_table_scene(gf_scene *scene) {
    gf_layer_state section = state_of(scene, "container:list/section/0", 0);
    int r;
    CHECK_EQ_INT(bone_count(scene), 7);
    CHECK_EQ_INT(layer_count(scene), 3 + 7);
    CHECK_FRAME(section, 0, 0, 375, 667);
    for (r = 0; r < 7; r++) {
        char id[32];
        gf_layer_state bar;
        sprintf(id, "bone:%d", r);
        bar = state_of(scene, id, 0);
        CHECK_FRAME(bar, 16, 100.0 * r + 10, 200, 15);
        CHECK_EQ_INT(bar.parent, 2); /* the section's container */
    }
}

static gf_view_tree *table_tree(const char *section) {
    uint32_t root, list, row;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc d = node_of(GF_VIEW_TABLE, 0, 0, 375, 667);
    d.id = "list";
    list = add(tree, root, &d);
    row = SENTINEL_U32;
    CHECK_OK(gf_view_tree_add_cell(tree, "row", 375, 100, &row));
    CHECK(row != SENTINEL_U32);
    add_kind(tree, row, GF_VIEW_LABEL, 16, 10, 200, 20);
    CHECK_OK(gf_view_tree_add_section(tree, list, section));
    return tree;
}

static void test_table_fill(void) {
    gf_view_tree *tree = table_tree("{\"cell\": \"row\", \"rowHeight\": 100}");
    gf_scene *scene = generate(tree);
    check_table_scene(scene);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"id\": \"list\", \"type\": \"table\", \"frame\": [0, 0, 375, 667],"
                      " \"sections\": [{\"cell\": \"row\", \"rowHeight\": 100}]}]},"
                      " \"cells\": {\"row\": {\"size\": [375, 100], \"children\": ["
                      "{\"type\": \"label\", \"frame\": [16, 10, 200, 20]}]}}}");
    check_table_scene(scene);
    gf_scene_free(scene);

    /* rows: 3 fixes the count; rowHeight absent: the template's height (100), so still 7. */
    tree = table_tree("{\"cell\": \"row\", \"rows\": 3}");
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 3);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
    tree = table_tree("{\"cell\": \"row\"}");
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 7);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    /* rowHeight 150: ceil(667 / 150) = 5 rows, bars at 150 r + 10. */
    tree = table_tree("{\"cell\": \"row\", \"rowHeight\": 150}");
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 5);
    CHECK_FRAME(state_of(scene, "bone:4", 0), 16, 610, 200, 15);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * A collection over the whole viewport, items 100 x 100, spacing 10, no insets:
 *   columns = max(1, floor((375 + 10) / (100 + 10))) = floor(3.5) = 3,
 *   rows    = ceil((667 + 10) / (100 + 10)) = ceil(6.15) = 7,
 * so 3 x 7 = 21 items. The tile template holds one image 100 x 60 at (0, 0), so item i is a bone
 * 100 x 60 at (110 (i % 3), 110 (i / 3)).
 * With insets 16: columns = floor((375 - 32 + 10) / 110) = 3, and the items start at (16, 16).
 */
static void test_collection_fill(void) {
    uint32_t root, grid, tile;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc d = node_of(GF_VIEW_COLLECTION, 0, 0, 375, 667);
    gf_scene *scene;
    d.id = "grid";
    grid = add(tree, root, &d);
    CHECK_OK(gf_view_tree_add_cell(tree, "tile", 100, 100, &tile));
    add_kind(tree, tile, GF_VIEW_IMAGE, 0, 0, 100, 60);
    CHECK_OK(gf_view_tree_add_section(tree, grid, "{\"cell\": \"tile\", \"spacing\": 10}"));
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 3 * 7);
    CHECK_EQ_INT(layer_count(scene), 3 + 21);
    CHECK_FRAME(state_of(scene, "bone:0", 0), 0, 0, 100, 60);
    CHECK_FRAME(state_of(scene, "bone:4", 0), 110, 110, 100, 60);
    CHECK_FRAME(state_of(scene, "bone:20", 0), 220, 660, 100, 60);
    CHECK(has_layer(scene, "container:grid/section/0"));
    gf_scene_free(scene);

    /* A second section with items: 4 and insets 16, below the first (which ends at 7 x 110 - 10 = 760,
       past the visible bottom): nothing of it is visible, so no bones. */
    CHECK_OK(gf_view_tree_add_section(tree, grid, "{\"cell\": \"tile\", \"items\": 4, \"insets\": 16}"));
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 21);
    CHECK(has_layer(scene, "container:grid/section/1"));
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"id\": \"grid\", \"type\": \"collection\", \"frame\": [0, 0, 375, 667],"
                      " \"sections\": [{\"cell\": \"tile\", \"items\": 4, \"insets\": 16, \"spacing\": 10}]}]},"
                      " \"cells\": {\"tile\": {\"size\": [100, 100], \"children\": ["
                      "{\"type\": \"image\", \"frame\": [0, 0, 100, 60]}]}}}");
    /* items 4 in 3 columns from (16, 16): (16, 16), (126, 16), (236, 16), (16, 126). */
    CHECK_EQ_INT(bone_count(scene), 4);
    CHECK_FRAME(state_of(scene, "bone:2", 0), 236, 16, 100, 60);
    CHECK_FRAME(state_of(scene, "bone:3", 0), 16, 126, 100, 60);
    gf_scene_free(scene);
}

/* ---- adjust lines --------------------------------------------------------------------------- */

/*
 * "animation(0).reducedWidth(20).down(2)" on a label 100 x 20 at (16, 16): the bar 100 x 15 at
 * (16, 16) becomes 80 x 15 at (16, 18); bone 1 (a label 100 x 20 at (16, 50)) is untouched.
 * A cell's line "animation(0).x(30).height(5)" moves the bar of every row: (30, 100 r + 10), 200 x 5.
 */
static void test_adjust(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 50, 100, 20);
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "animation(0).reducedWidth(20).down(2)"));
    scene = generate(tree);
    CHECK_FRAME(state_of(scene, "bone:0", 0), 16, 18, 80, 15);
    CHECK_FRAME(state_of(scene, "bone:1", 0), 16, 50, 100, 15);
    gf_scene_free(scene);
    /* A second line applies after the first: bone 1 follows bone 0's bottom + 4 = 18 + 15 + 4 = 37. */
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "animation(1).topEqualToBottom_offset(0, 4); animation(0).color(#FF0000)"));
    scene = generate(tree);
    CHECK_FRAME(state_of(scene, "bone:1", 0), 16, 37, 100, 15);
    CHECK_NEAR(state_of(scene, "bone:0", 0).r, 1, 0);
    CHECK_NEAR(state_of(scene, "bone:0", 0).g, 0, 0);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"type\": \"label\", \"frame\": [16, 16, 100, 20]}, {\"type\": \"label\", \"frame\": [16, 50, 100, 20]}]},"
                      " \"adjust\": [\"animation(0).reducedWidth(20).down(2)\"]}");
    CHECK_FRAME(state_of(scene, "bone:0", 0), 16, 18, 80, 15);
    CHECK_FRAME(state_of(scene, "bone:1", 0), 16, 50, 100, 15);
    gf_scene_free(scene);

    tree = table_tree("{\"cell\": \"row\", \"rowHeight\": 100}");
    CHECK_OK(gf_view_tree_add_adjust(tree, 2 /* the row's content node */, "animation(0).x(30).height(5)"));
    scene = generate(tree);
    CHECK_FRAME(state_of(scene, "bone:0", 0), 30, 10, 200, 5);
    CHECK_FRAME(state_of(scene, "bone:6", 0), 30, 610, 200, 5);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    /* named(bio).lines(3).lastScale(0.4) turns a one-line label 280 x 60 into 3 lines, the last
       0.4 x 280 = 112 wide. */
    scene = from_json("{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                      "{\"id\": \"bio\", \"type\": \"label\", \"frame\": [16, 100, 280, 60]}]},"
                      " \"adjust\": [\"named(bio).lines(3).lastScale(0.4)\"]}");
    CHECK_FRAME(state_of(scene, "bone:0:line:0", 0), 16, 100, 280, 12);
    CHECK_FRAME(state_of(scene, "bone:0:line:2", 0), 16, 140, 112, 12);
    gf_scene_free(scene);
}

/* ---- builder and JSON: the same scene ------------------------------------------------------- */

static const char feed_json[] =
    "{\"viewport\": [375, 667], \"style\": {\"animation\": \"shimmer\", \"shimmerSpace\": \"shared\"},"
    " \"root\": {\"id\": \"feed\", \"frame\": [0, 0, 375, 667], \"style\": {\"color\": \"#E0E0E0\"}, \"children\": ["
    "  {\"id\": \"avatar\", \"type\": \"image\", \"frame\": [16, 16, 48, 48], \"cornerRadius\": 24},"
    "  {\"id\": \"name\", \"type\": \"label\", \"frame\": [76, 16, 120, 20]},"
    "  {\"id\": \"bio\", \"type\": \"label\", \"frame\": [76, 44, 280, 40], \"lines\": 2, \"align\": \"center\"},"
    "  {\"id\": \"follow\", \"type\": \"button\", \"frame\": [290, 16, 70, 24], \"skeleton\": \"keep\"},"
    "  {\"id\": \"list\", \"type\": \"table\", \"frame\": [0, 100, 375, 567], \"contentOffset\": [0, 20],"
    "   \"sections\": [{\"cell\": \"news\", \"rowHeight\": 90, \"header\": {\"cell\": \"title\", \"height\": 30}}]}]},"
    " \"cells\": {"
    "  \"news\": {\"size\": [375, 90], \"style\": {\"animation\": \"drop\"}, \"adjust\": [\"animation(1).reducedWidth(40)\"],"
    "   \"children\": [{\"type\": \"image\", \"frame\": [16, 10, 70, 70]},"
    "    {\"type\": \"label\", \"frame\": [100, 10, 240, 20]}, {\"type\": \"label\", \"frame\": [100, 40, 240, 40], \"lines\": 2}]},"
    "  \"title\": {\"size\": [375, 30], \"children\": [{\"type\": \"label\", \"frame\": [16, 5, 100, 20]}]}},"
    " \"adjust\": [\"animation(1).reducedWidth(20).down(2)\", \"named(bio).lines(3).lastScale(0.4)\"]}";

static gf_view_tree *feed_tree(void) {
    gf_view_tree *tree = NULL;
    gf_view_node_desc d = node_of(GF_VIEW_VIEW, 0, 0, 375, 667);
    uint32_t root = SENTINEL_U32, list, news, title;
    CHECK_OK(gf_view_tree_create(375, 667, &tree));
    d.id = "feed";
    CHECK_OK(gf_view_tree_set_root(tree, &d, &root));
    CHECK_EQ_INT(root, 0);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\"");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerSpace", "\"shared\"");
    style(tree, root, "color", "\"#E0E0E0\"");

    d = node_of(GF_VIEW_IMAGE, 16, 16, 48, 48);
    d.id = "avatar";
    d.has_corner_radius = 1;
    d.corner_radius = 24;
    add(tree, root, &d);
    d = node_of(GF_VIEW_LABEL, 76, 16, 120, 20);
    d.id = "name";
    add(tree, root, &d);
    d = node_of(GF_VIEW_LABEL, 76, 44, 280, 40);
    d.id = "bio";
    d.lines = 2;
    d.align = GF_ALIGN_CENTER;
    add(tree, root, &d);
    d = node_of(GF_VIEW_BUTTON, 290, 16, 70, 24);
    d.id = "follow";
    d.skeleton = GF_SKELETON_KEEP;
    add(tree, root, &d);
    d = node_of(GF_VIEW_TABLE, 0, 100, 375, 567);
    d.id = "list";
    d.content_offset_y = 20;
    list = add(tree, root, &d);

    CHECK_OK(gf_view_tree_add_cell(tree, "news", 375, 90, &news));
    style(tree, news, "animation", "\"drop\"");
    CHECK_OK(gf_view_tree_add_adjust(tree, news, "animation(1).reducedWidth(40)"));
    add_kind(tree, news, GF_VIEW_IMAGE, 16, 10, 70, 70);
    add_kind(tree, news, GF_VIEW_LABEL, 100, 10, 240, 20);
    d = node_of(GF_VIEW_LABEL, 100, 40, 240, 40);
    d.lines = 2;
    add(tree, news, &d);
    CHECK_OK(gf_view_tree_add_cell(tree, "title", 375, 30, &title));
    add_kind(tree, title, GF_VIEW_LABEL, 16, 5, 100, 20);
    CHECK_OK(gf_view_tree_add_section(tree, list, "{\"cell\": \"news\", \"rowHeight\": 90,"
                                                  " \"header\": {\"cell\": \"title\", \"height\": 30}}"));
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "animation(1).reducedWidth(20).down(2)"));
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "named(bio).lines(3).lastScale(0.4)"));
    return tree;
}

static char *scene_json(gf_scene *scene) {
    char *json = NULL;
    if (scene != NULL) CHECK_OK(gf_scene_to_json(scene, &json));
    return json;
}

static void test_builder_equals_json(void) {
    gf_view_tree *built = feed_tree(), *loaded = NULL;
    gf_scene *a = generate(built), *b = from_json(feed_json), *c;
    frames fa = frames_of_scene(a), fb = frames_of_scene(b), fc;
    char *ja = scene_json(a), *jb = scene_json(b);
    /* avatar, name, bio (3 lines), keep hole, then the header's label and
       ceil((567 - 30 + 20) / 90) = ceil(6.19) = 7 rows of 3 bones: 4 + 1 + 21 = 26 bones. */
    CHECK_EQ_INT(bone_count(a), 26);
    CHECK(same_frames(fa, fb) && "builder and JSON sample the same bytes");
    CHECK(ja != NULL && jb != NULL && strcmp(ja, jb) == 0 && "builder and JSON give the same scene");
    /* The name's bar: adjusted to 100 x 15 at (76, 18). */
    CHECK_FRAME(state_of(a, "bone:1", 0), 76, 18, 100, 15);

    /* gf_view_tree_load_json + gf_skeleton_generate is gf_skeleton_from_json. */
    CHECK_OK(gf_view_tree_load_json(feed_json, strlen(feed_json), &loaded));
    c = generate(loaded);
    fc = frames_of_scene(c);
    CHECK(same_frames(fa, fc));
    gf_string_free(ja);
    gf_string_free(jb);
    free(fa.states);
    free(fb.states);
    free(fc.states);
    gf_scene_free(a);
    gf_scene_free(b);
    gf_scene_free(c);
    gf_view_tree_free(built);
    gf_view_tree_free(loaded);
}

/* A loaded tree keeps growing through the builder: handles number the root 0, then depth first. */
static void test_extend_loaded_tree(void) {
    static const char json[] = "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                               "{\"frame\": [0, 100, 375, 100], \"children\": []}]}}";
    gf_view_tree *tree = NULL;
    gf_scene *scene;
    gf_view_node_desc d = node_of(GF_VIEW_LABEL, 10, 10, 100, 20);
    uint32_t handle = SENTINEL_U32;
    CHECK_OK(gf_view_tree_load_json(json, strlen(json), &tree));
    scene = generate(tree);
    CHECK_EQ_INT(bone_count(scene), 1); /* the leaf view, 375 x 100 */
    gf_scene_free(scene);
    CHECK_OK(gf_view_tree_add_node(tree, 1, &d, &handle));
    CHECK_EQ_INT(handle, 2);
    CHECK_OK(gf_view_tree_add_node(tree, 0, &d, NULL)); /* out_node may be NULL */
    scene = generate(tree);
    /* The view is now a container; its label at (10, 110), then the root's label at (10, 10). */
    CHECK_EQ_INT(bone_count(scene), 2);
    CHECK_FRAME(state_of(scene, "bone:0", 0), 10, 110, 100, 15);
    CHECK_FRAME(state_of(scene, "bone:1", 0), 10, 10, 100, 15);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/* ---- effects -------------------------------------------------------------------------------- */

/*
 * Shimmer, per element: each bone gets the gradient [base, highlight, base] at stops 0, 0.5, 1
 * (base = TABAnimated's shimmerBackColor 0xDFDFDF, before issue 29 the bone's 0xEEEEEE; highlight
 * = base with HSB brightness x 0.92, for a grey 223/255 x 0.92 per channel), whose start point
 * sweeps from (-1, 0.5) to (1, 0.5) and end point from (0, 0.5) to (2, 0.5), over 1.5 s with
 * ease-in, repeating. So start x = -1 + 2 ease-in((t mod 1.5) / 1.5), end x = start x + 1.
 */
static void test_shimmer(void) {
    static const double times[] = {0.375, 0.75, 1.2, 1.5 + 0.3, 3 * 1.5 + 0.6};
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    gf_layer_state s;
    size_t i;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\"");
    scene = generate(tree);
    s = state_of(scene, "bone:0", 0);
    CHECK(s.flags & GF_LAYER_HAS_GRADIENT);
    CHECK_EQ_INT(s.gradient_stop_count, 3);
    CHECK_NEAR(s.gradient_start_x, -1, 1e-12);
    CHECK_NEAR(s.gradient_start_y, 0.5, 1e-12);
    CHECK_NEAR(s.gradient_end_x, 0, 1e-12);
    CHECK_NEAR(s.gradient_end_y, 0.5, 1e-12);
    CHECK(s.gradient_locations[0] == 0 && s.gradient_locations[1] == 0.5 && s.gradient_locations[2] == 1);
    CHECK_NEAR(s.gradient_colors[0], SHIMMER_GREY, 1e-12);
    CHECK_NEAR(s.gradient_colors[4], SHIMMER_GREY * 0.92, 1e-12);
    CHECK_NEAR(s.gradient_colors[6], SHIMMER_GREY * 0.92, 1e-12);
    CHECK_NEAR(s.gradient_colors[7], 1, 1e-12);
    CHECK_NEAR(s.gradient_colors[8], SHIMMER_GREY, 1e-12);
    for (i = 0; i < COUNT(times); i++) {
        double t = times[i], cycles = floor(t / 1.5), x = -1 + 2 * ease_in((t - 1.5 * cycles) / 1.5);
        s = state_of(scene, "bone:0", t);
        CHECK_NEAR(s.gradient_start_x, x, 1e-9);
        CHECK_NEAR(s.gradient_end_x, x + 1, 1e-9);
        CHECK_NEAR(s.gradient_start_y, 0.5, 1e-12);
    }
    /* ease-in is slow at first: a quarter of the time moves less than a quarter of the way. */
    CHECK(state_of(scene, "bone:0", 0.375).gradient_start_x < -1 + 2 * 0.25);
    /* The bar's own geometry does not move. */
    CHECK_FRAME(state_of(scene, "bone:0", 0.9), 16, 16, 100, 15);
    gf_scene_free(scene);

    /* Direction down, duration 2: start (0.5, -1) -> (0.5, 1) over 2 s; at t = 1: -1 + 2 ease-in(0.5). */
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerDirection", "\"down\"");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerDuration", "2");
    scene = generate(tree);
    s = state_of(scene, "bone:0", 1);
    CHECK_NEAR(s.gradient_start_x, 0.5, 1e-12);
    CHECK_NEAR(s.gradient_start_y, -1 + 2 * ease_in(0.5), 1e-9);
    CHECK_NEAR(s.gradient_end_y, 2 * ease_in(0.5), 1e-9);
    gf_scene_free(scene);

    /* shimmerColor "bone": the bone's own colour (0xEEEEEE) as the base, the rule before
     * issue 29; a grey's highlight is each channel x 0.92. */
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerColor", "\"bone\"");
    scene = generate(tree);
    s = state_of(scene, "bone:0", 0);
    CHECK_NEAR(s.gradient_colors[0], BONE_GREY, 1e-12);
    CHECK_NEAR(s.gradient_colors[5], BONE_GREY * 0.92, 1e-12);
    CHECK_NEAR(s.gradient_colors[10], BONE_GREY, 1e-12);
    gf_scene_free(scene);
    /* A value that is neither a colour nor "bone" is refused, naming the key. */
    CHECK(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "shimmerColor", "\"bones\"") == GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "shimmerColor") != NULL);
    CHECK(strstr(gf_last_error_message(), "\"bone\"") != NULL);
    gf_view_tree_free(tree);
}

/*
 * Breathe: the root layer's opacity goes 1.1 -> 0.6 over 1 s with ease-in and back (autoreverse),
 * forever; sampled opacities are clamped to [0, 1] and multiplied into the children:
 *   t = 0     1.1 -> 1
 *   t = 0.5   1.1 - 0.5 ease-in(0.5)
 *   t = 1     0.6
 *   t = 1.25  on the way back: 1.1 - 0.5 ease-in(0.75)
 *   t = 2.5   the third leg, forward again: as t = 0.5
 */
static void test_breathe(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"breathe\"");
    scene = generate(tree);
    CHECK_NEAR(state_of(scene, "skeleton", 0).opacity, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "skeleton", 0.5).opacity, 1.1 - 0.5 * ease_in(0.5), 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 1).opacity, 0.6, 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 1.25).opacity, 1.1 - 0.5 * ease_in(0.75), 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 2.5).opacity, 1.1 - 0.5 * ease_in(0.5), 1e-9);
    CHECK_NEAR(state_of(scene, "bone:0", 0.5).opacity, 1.1 - 0.5 * ease_in(0.5), 1e-9);
    CHECK_NEAR(state_of(scene, "container:root", 1).opacity, 0.6, 1e-9);
    CHECK_EQ_INT(state_of(scene, "bone:0", 0.5).flags, 0); /* no gradient */
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * Drop over two single-line labels: N = 1 + 2 layers, step d = 0.4 s, cycle
 * T = d (N + 1) - 0.02 (N - 1) N / 2 = 1.6 - 0.06 = 1.54 s; bone k starts at k T / (N + 3) = k T / 6.
 * Each runs keyframes [deep, base, base, deep] at key times [0, 0.2, 1, 1], ease-in-out over the
 * whole cycle, repeating, with no backwards fill (the base colour before its start). deep = #E1E1E1,
 * base = #EEEEEE. During the first 0.2 of a cycle (p = ease-in-out(time in cycle / T) < 0.2) the
 * colour is deep + (base - deep) p / 0.2.
 */
static void test_drop(void) {
    const double cycle = 0.4 * 4 - 0.02 * 2 * 3 / 2, step = cycle / 6;
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    double p;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 50, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"drop\"");
    scene = generate(tree);
    /* t = 0: bone 0 starts deep; bone 1 has not started, base. */
    CHECK_NEAR(state_of(scene, "bone:0", 0).r, DROP_GREY, 1e-9);
    CHECK_NEAR(state_of(scene, "bone:1", 0).r, BONE_GREY, 1e-9);
    /* t = T / 6: bone 1 starts deep. */
    CHECK_NEAR(state_of(scene, "bone:1", step).r, DROP_GREY, 1e-9);
    /* t = 0.1 T: bone 0 fading back, p = ease-in-out(0.1). */
    p = ease_in_out(0.1);
    CHECK(p < 0.2);
    CHECK_NEAR(state_of(scene, "bone:0", 0.1 * cycle).r, DROP_GREY + (BONE_GREY - DROP_GREY) * p / 0.2, 1e-9);
    CHECK_NEAR(state_of(scene, "bone:0", 0.1 * cycle).a, 1, 1e-12);
    /* t = step + 0.1 T: bone 1 at the same point of its cycle. */
    CHECK_NEAR(state_of(scene, "bone:1", step + 0.1 * cycle).r, DROP_GREY + (BONE_GREY - DROP_GREY) * p / 0.2, 1e-9);
    /* t = 0.5 T: p = 0.5 >= 0.2, base. */
    CHECK_NEAR(state_of(scene, "bone:0", 0.5 * cycle).r, BONE_GREY, 1e-9);
    /* t = T + 0.1 T: the second cycle repeats the first. */
    CHECK_NEAR(state_of(scene, "bone:0", 1.1 * cycle).r, DROP_GREY + (BONE_GREY - DROP_GREY) * p / 0.2, 1e-9);
    gf_scene_free(scene);

    /* "animation(0).dropIndex(1)": both bones at step 1, so at t = 0 neither has started. */
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "animation(0).dropIndex(1)"));
    scene = generate(tree);
    CHECK_NEAR(state_of(scene, "bone:0", 0).r, BONE_GREY, 1e-9);
    CHECK_NEAR(state_of(scene, "bone:0", step).r, DROP_GREY, 1e-9);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * gf_skeleton_end fades opacity to 0 over 0.2 s with ease-in-out, from the opacity shown at t:
 *   static skeleton, end at t = 1: 1 until 1, 1 - ease-in-out(0.5) = 0.5 at 1.1, 0 from 1.2 on;
 *   breathing skeleton, end at t = 0.5: from b = 1.1 - 0.5 ease-in(0.5); b (1 - 0.5) at 0.6;
 *   a table section alone: "container:list/section/0" fades, the root's container does not.
 */
static void test_end(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    double b = 1.1 - 0.5 * ease_in(0.5);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    scene = generate(tree);
    CHECK_OK(gf_skeleton_end(scene, 1, NULL));
    CHECK_NEAR(state_of(scene, "skeleton", 0.99).opacity, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "skeleton", 1).opacity, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "skeleton", 1.05).opacity, 1 - ease_in_out(0.25), 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 1.1).opacity, 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "bone:0", 1.1).opacity, 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 1.2).opacity, 0, 1e-12);
    CHECK_NEAR(state_of(scene, "bone:0", 50).opacity, 0, 1e-12);
    /* Ending again replaces the fade: now from t = 2 (the shown opacity at 2 is 0: 0 -> 0). */
    CHECK_OK(gf_skeleton_end(scene, 2, NULL));
    CHECK_NEAR(state_of(scene, "skeleton", 1.1).opacity, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "skeleton", 2.1).opacity, 0, 1e-12);
    gf_scene_free(scene);

    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"breathe\"");
    scene = generate(tree);
    CHECK_OK(gf_skeleton_end(scene, 0.5, NULL));
    CHECK_NEAR(state_of(scene, "skeleton", 0.5).opacity, b, 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 0.6).opacity, b * 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 0.7).opacity, 0, 1e-12);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    tree = table_tree("{\"cell\": \"row\", \"rowHeight\": 100}");
    scene = generate(tree);
    CHECK_OK(gf_skeleton_end(scene, 0, "list/section/0"));
    CHECK_NEAR(state_of(scene, "container:list/section/0", 0.1).opacity, 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "bone:3", 0.1).opacity, 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "container:list/section/0", 0.3).opacity, 0, 1e-12);
    CHECK_NEAR(state_of(scene, "container:root", 0.3).opacity, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "skeleton", 0.3).opacity, 1, 1e-12);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

/*
 * Issue 34, the lifecycle through the builder's style keys and gf_skeleton_end_with:
 *   showDelay 0.4, appearDuration 0.2: opacity 0 before 0.4, ease-in-out((t - 0.4) / 0.2), 1 from 0.6;
 *   gf_skeleton_end_with(t = 1, 0.5 s, "linear"): skeleton 1 - (t - 1) / 0.5, content (t - 1) / 0.5;
 *   ended at 0.3 (before the delay): the skeleton never shows, the content is 1 from 0.3;
 *   shimmerAngle 90 with shimmerHighlightLength 0.25 (band w = 1/3) and shimmerPauseDuration 0.5 on
 *   the 100 x 15 bar: start y = -w + (1 + w) ease-in(tau / 1.5) within a 2 s cycle, 1 in the pause;
 *   maxAnimationDuration 2: one 1.5 s sweep, then the model gradient (start x -1).
 */
static void test_lifecycle(void) {
    uint32_t root;
    gf_view_tree *tree = new_tree(&root);
    gf_scene *scene;
    gf_skeleton_end_params params;
    double content = -1, w = 1.0 / 3;
    gf_layer_state s;
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\"");
    style(tree, GF_VIEW_TREE_GLOBAL, "showDelay", "0.4");
    style(tree, GF_VIEW_TREE_GLOBAL, "appearDuration", "0.2");
    scene = generate(tree);
    CHECK_NEAR(state_of(scene, "bone:0", 0.39).opacity, 0, 1e-12);
    CHECK_NEAR(state_of(scene, "bone:0", 0.45).opacity, ease_in_out(0.25), 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 0.5).opacity, 0.5, 1e-9);
    CHECK_NEAR(state_of(scene, "skeleton", 0.6).opacity, 1, 1e-12);
    /* The sweep begins with the appearance: at 0.4 + 0.75 as at 0.75 without a delay. */
    CHECK_NEAR(state_of(scene, "bone:0", 1.15).gradient_start_x, -1 + 2 * ease_in(0.5), 1e-9);
    CHECK_OK(gf_skeleton_content_opacity(scene, 5, NULL, &content));
    CHECK_NEAR(content, 0, 1e-12);
    memset(&params, SENTINEL_BYTE, sizeof params);
    gf_skeleton_end_params_init(&params);
    CHECK_EQ_INT(params.struct_size, sizeof params);
    CHECK_NEAR(params.duration, 0.2, 1e-15);
    CHECK(params.curve == NULL && params.reserved == 0);
    params.duration = 0.5;
    params.curve = "linear";
    CHECK_OK(gf_skeleton_end_with(scene, 1, NULL, &params));
    CHECK_NEAR(state_of(scene, "bone:0", 1.2).opacity, 1 - 0.4, 1e-9);
    CHECK_OK(gf_skeleton_content_opacity(scene, 1.2, NULL, &content));
    CHECK_NEAR(content, 0.4, 1e-9);
    CHECK_OK(gf_skeleton_content_opacity(scene, 9, NULL, &content));
    CHECK_NEAR(content, 1, 1e-12);
    CHECK_NEAR(state_of(scene, "bone:0", 9).opacity, 0, 1e-12);
    gf_scene_free(scene);
    /* Ended before the delay passed: never shown, the content at once. */
    scene = generate(tree);
    CHECK_OK(gf_skeleton_end(scene, 0.3, NULL));
    CHECK_NEAR(state_of(scene, "bone:0", 0.5).opacity, 0, 1e-12);
    CHECK_NEAR(state_of(scene, "bone:0", 2).opacity, 0, 1e-12);
    CHECK_OK(gf_skeleton_content_opacity(scene, 0.3, NULL, &content));
    CHECK_NEAR(content, 1, 1e-12);
    gf_scene_free(scene);
    gf_view_tree_free(tree);

    tree = new_tree(&root);
    add_kind(tree, root, GF_VIEW_LABEL, 16, 16, 100, 20);
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\"");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerAngle", "90");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerHighlightLength", "0.25");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerPauseDuration", "0.5");
    style(tree, GF_VIEW_TREE_GLOBAL, "shimmerHighlightColor", "\"#FF0000\"");
    scene = generate(tree);
    s = state_of(scene, "bone:0", 0.75);
    CHECK_NEAR(s.gradient_start_x, 0.5, 1e-12);
    CHECK_NEAR(s.gradient_start_y, -w + (1 + w) * ease_in(0.5), 1e-9);
    CHECK_NEAR(s.gradient_end_y, -w + (1 + w) * ease_in(0.5) + w, 1e-9);
    CHECK_NEAR(s.gradient_colors[4], 1, 1e-12);
    CHECK_NEAR(s.gradient_colors[5], 0, 1e-12);
    s = state_of(scene, "bone:0", 1.8);
    CHECK_NEAR(s.gradient_start_y, 1, 1e-12);
    s = state_of(scene, "bone:0", 2.75);
    CHECK_NEAR(s.gradient_start_y, -w + (1 + w) * ease_in(0.5), 1e-9);
    gf_scene_free(scene);
    style(tree, GF_VIEW_TREE_GLOBAL, "maxAnimationDuration", "2");
    scene = generate(tree);
    CHECK_NEAR(state_of(scene, "bone:0", 0.75).gradient_start_y, -w + (1 + w) * ease_in(0.5), 1e-9);
    CHECK_NEAR(state_of(scene, "bone:0", 2.75).gradient_start_y, -w, 1e-12);
    gf_scene_free(scene);
    /* Bad values are refused naming the key; a control view cannot set showDelay. */
    CHECK(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "shimmerHighlightLength", "1.5") == GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("shimmerHighlightLength");
    CHECK(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "maxAnimationDuration", "0") == GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("maxAnimationDuration");
    CHECK(gf_view_tree_set_style(tree, root, "showDelay", "0.4") == GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("only the global style sets showDelay");
    gf_view_tree_free(tree);
}

/* ---- bad input ------------------------------------------------------------------------------ */

/*
 * The fixture of the error tests: a label (handle 1, id "name"), a table (handle 2) with a section
 * of "row" cells (content node 3, holding a label, handle 4), shimmer, and one adjust line.
 */
static gf_view_tree *fixture(void) {
    uint32_t root, list, row;
    gf_view_tree *tree = new_tree(&root);
    gf_view_node_desc d = node_of(GF_VIEW_LABEL, 16, 16, 100, 20);
    d.id = "name";
    CHECK_EQ_INT(add(tree, root, &d), 1);
    d = node_of(GF_VIEW_TABLE, 0, 100, 375, 567);
    d.id = "list";
    list = add(tree, root, &d);
    CHECK_EQ_INT(list, 2);
    CHECK_OK(gf_view_tree_add_cell(tree, "row", 375, 100, &row));
    CHECK_EQ_INT(row, 3);
    CHECK_EQ_INT(add_kind(tree, row, GF_VIEW_LABEL, 16, 10, 200, 20), 4);
    CHECK_OK(gf_view_tree_add_section(tree, list, "{\"cell\": \"row\", \"rowHeight\": 100}"));
    style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer\"");
    CHECK_OK(gf_view_tree_add_adjust(tree, root, "animation(0).down(2)"));
    return tree;
}

static void test_bad_create(void) {
    gf_view_tree *tree = SENTINEL_TREE;
    CHECK_FAIL(gf_view_tree_create(375, 667, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_create(NAN, 667, &tree), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_create(375, INFINITY, &tree), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_create(-INFINITY, 667, &tree), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_create(-375, 667, &tree), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_create(375, 0, &tree), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("viewport");
    CHECK_UNTOUCHED_PTR(tree, SENTINEL_TREE);
}

/* A node description the builder refuses, and the message part that names the problem. */
typedef struct {
    const char *what;
    gf_view_node_desc desc;
    const char *message;
} bad_desc;

static size_t bad_descs(bad_desc *out) {
    size_t n = 0;
    gf_view_node_desc good = node_of(GF_VIEW_LABEL, 16, 200, 100, 20);
#define BAD(field_what, statement, part)                                                         \
    do {                                                                                         \
        gf_view_node_desc d = good;                                                              \
        statement;                                                                               \
        out[n].what = field_what;                                                                \
        out[n].desc = d;                                                                         \
        out[n].message = part;                                                                   \
        n++;                                                                                     \
    } while (0)
    BAD("struct_size 0", d.struct_size = 0, "struct_size");
    BAD("struct_size too small", d.struct_size = (uint32_t)sizeof(gf_view_node_desc) - 8, "struct_size");
    BAD("kind 8", d.kind = 8, "kind");
    BAD("kind -1", d.kind = -1, "kind");
    BAD("skeleton 4", d.skeleton = 4, "skeleton");
    BAD("align 9", d.align = 9, "align");
    BAD("hidden 2", d.hidden = 2, "hidden");
    BAD("has_corner_radius -1", d.has_corner_radius = -1, "has_corner_radius");
    BAD("reserved 1", d.reserved = 1, "reserved");
    BAD("lines -1", d.lines = -1, "lines");
    BAD("x NaN", d.x = NAN, "x");
    BAD("y inf", d.y = INFINITY, "y");
    BAD("width -inf", d.width = -INFINITY, "width");
    BAD("height NaN", d.height = NAN, "height");
    BAD("width -1", d.width = -1, "width");
    BAD("height -0.5", d.height = -0.5, "height");
    BAD("corner_radius NaN", d.corner_radius = NAN, "corner_radius");
    BAD("content_offset_y inf", d.content_offset_y = INFINITY, "content_offset_y");
    BAD("id not UTF-8", d.id = "\xff\xfe", "UTF-8");
#undef BAD
    return n;
}

static void test_bad_nodes(void) {
    bad_desc bad[32];
    size_t n = bad_descs(bad), i;
    gf_view_tree *tree = fixture(), *empty = NULL;
    frames before = frames_of_tree(tree);
    gf_view_node_desc good = node_of(GF_VIEW_LABEL, 16, 200, 100, 20);
    uint32_t handle = SENTINEL_U32;
    CHECK_EQ_INT(before.count, 3 + 1 + 6); /* ceil(567 / 100) = 6 rows */

    for (i = 0; i < n; i++) {
        gf_test_name = bad[i].what;
        CHECK_FAIL(gf_view_tree_add_node(tree, 0, &bad[i].desc, &handle),
                   strcmp(bad[i].what, "id not UTF-8") == 0 ? GF_E_INVALID_UTF8 : GF_E_INVALID_ARGUMENT);
        {
            const char *m = gf_last_error_message();
            if (!gf_test_check(strstr(m, bad[i].message) != NULL, __FILE__, __LINE__, bad[i].message))
                printf("     message: \"%s\"\n", m);
        }
        CHECK_UNTOUCHED_PTR(handle, SENTINEL_U32);
    }
    gf_test_name = "test_bad_nodes";
    CHECK_FAIL(gf_view_tree_add_node(NULL, 0, &good, &handle), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_node(tree, 0, NULL, &handle), GF_E_NULL_ARGUMENT);
    /* Unknown handles: past the last node, the global level, a huge one. */
    CHECK_FAIL(gf_view_tree_add_node(tree, 5, &good, &handle), GF_E_NOT_FOUND);
    CHECK_MESSAGE("5");
    CHECK_FAIL(gf_view_tree_add_node(tree, GF_VIEW_TREE_GLOBAL, &good, &handle), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_view_tree_add_node(tree, 0x7FFFFFFFu, &good, &handle), GF_E_NOT_FOUND);
    CHECK_UNTOUCHED_PTR(handle, SENTINEL_U32);

    /* A struct_size larger than the library's (a newer header) is accepted, its tail ignored. */
    {
        union {
            gf_view_node_desc desc;
            unsigned char bytes[sizeof(gf_view_node_desc) + 32];
        } newer;
        memset(&newer, SENTINEL_BYTE, sizeof newer);
        newer.desc = good;
        newer.desc.struct_size = (uint32_t)sizeof newer;
        CHECK_OK(gf_view_tree_add_node(tree, 3, &newer.desc, &handle));
        CHECK_EQ_INT(handle, 5);
        handle = SENTINEL_U32;
    }
    gf_view_tree_free(tree);
    tree = fixture();

    /* set_root: twice, and every bad description on a fresh tree. */
    CHECK_FAIL(gf_view_tree_set_root(tree, &good, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("root");
    CHECK_FAIL(gf_view_tree_set_root(NULL, &good, &handle), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_root(tree, NULL, &handle), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(handle, SENTINEL_U32);
    CHECK_TREE_UNCHANGED(tree, before);

    CHECK_OK(gf_view_tree_create(375, 667, &empty));
    for (i = 0; i < n; i++) {
        gf_test_name = bad[i].what;
        CHECK_FAIL(gf_view_tree_set_root(empty, &bad[i].desc, &handle),
                   strcmp(bad[i].what, "id not UTF-8") == 0 ? GF_E_INVALID_UTF8 : GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_PTR(handle, SENTINEL_U32);
    }
    gf_test_name = "test_bad_nodes";
    /* No root yet: nothing to add under, nothing to generate. */
    CHECK_FAIL(gf_view_tree_add_node(empty, 0, &good, &handle), GF_E_NOT_FOUND);
    {
        gf_scene *scene = SENTINEL_SCENE;
        CHECK_FAIL(gf_skeleton_generate(empty, &scene), GF_E_INVALID_ARGUMENT);
        CHECK_MESSAGE("root");
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
    /* The failed set_root calls left the tree without a root: this one is the first. */
    CHECK_OK(gf_view_tree_set_root(empty, &good, &handle));
    CHECK_EQ_INT(handle, 0);
    gf_view_tree_free(empty);
    free(before.states);
    gf_view_tree_free(tree);
}

static void test_bad_cells(void) {
    gf_view_tree *tree = fixture();
    frames before = frames_of_tree(tree);
    uint32_t handle = SENTINEL_U32;
    CHECK_FAIL(gf_view_tree_add_cell(NULL, "x", 10, 10, &handle), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, NULL, 10, 10, &handle), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "x", 10, 10, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "", 10, 10, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "row", 375, 100, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("row");
    CHECK_FAIL(gf_view_tree_add_cell(tree, "x", NAN, 10, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "x", 10, INFINITY, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "x", -10, 10, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "x", 10, 0, &handle), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_cell(tree, "\xc3\x28", 10, 10, &handle), GF_E_INVALID_UTF8);
    CHECK_UNTOUCHED_PTR(handle, SENTINEL_U32);
    CHECK_TREE_UNCHANGED(tree, before);
    /* None of the failures took the name "x". */
    CHECK_OK(gf_view_tree_add_cell(tree, "x", 10, 10, &handle));
    CHECK_EQ_INT(handle, 5);
    free(before.states);
    gf_view_tree_free(tree);
}

static void test_bad_sections(void) {
    gf_view_tree *tree = fixture();
    frames before = frames_of_tree(tree);
    gf_scene *scene = SENTINEL_SCENE;
    CHECK_FAIL(gf_view_tree_add_section(NULL, 2, "{\"cell\": \"row\"}"), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 9, "{\"cell\": \"row\"}"), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_view_tree_add_section(tree, GF_VIEW_TREE_GLOBAL, "{\"cell\": \"row\"}"), GF_E_NOT_FOUND);
    /* Not a list: the label (1) and the cell's content node (3). */
    CHECK_FAIL(gf_view_tree_add_section(tree, 1, "{\"cell\": \"row\"}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'name' (handle 1) is a label, not a table or collection");
    CHECK_FAIL(gf_view_tree_add_section(tree, 3, "{\"cell\": \"row\"}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("cell 'row' (handle 3) is a view");
    /* Malformed JSON: a parse error with line and column, after the list and the section's
       place in it (the fixture's list has one section already). */
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\","), GF_E_PARSE);
    CHECK_MESSAGE("node 'list' (handle 2): sections[1]: line 1, column 16");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, ""), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\"} x"), GF_E_PARSE);
    /* Well-formed JSON of the wrong shape, naming the key. */
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "[]"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'list' (handle 2): sections[1]: missing required key 'cell'");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"itemSize\": [10, 10]}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("itemSize");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"rowHeigth\": 10}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'list' (handle 2): sections[1].rowHeigth: unknown key 'rowHeigth' (did you mean 'rowHeight'?)");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"rowHeight\": 0}"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("rowHeight");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"rows\": 1.5}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"rows\": -1}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": 7}"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"header\": {\"height\": 5}}"),
               GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'list' (handle 2): sections[1].header: missing required key 'cell'");
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"row\", \"rowHeight\": 1e999}"), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_add_section(tree, 2, "{\"cell\": \"\xff\"}"), GF_E_INVALID_UTF8);
    CHECK_TREE_UNCHANGED(tree, before);

    /* A section naming a missing cell is accepted; generation names the problem and makes nothing. */
    CHECK_OK(gf_view_tree_add_section(tree, 2, "{\"cell\": \"nwes\"}"));
    CHECK_FAIL(gf_skeleton_generate(tree, &scene), GF_E_NOT_FOUND);
    CHECK_MESSAGE("nwes");
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    free(before.states);
    gf_view_tree_free(tree);
}

static void test_bad_styles(void) {
    gf_view_tree *tree = fixture();
    frames before = frames_of_tree(tree);
    CHECK_FAIL(gf_view_tree_set_style(NULL, GF_VIEW_TREE_GLOBAL, "color", "\"#FFF\""), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, NULL, "\"#FFF\""), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "color", NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, 9, "color", "\"#FFF\""), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_view_tree_set_style(tree, 0xFFFFFFFEu, "color", "\"#FFF\""), GF_E_NOT_FOUND);
    /* Unknown keys, with a suggestion. */
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "colour", "\"#FFF\""), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("global style: colour: unknown key 'colour' (did you mean 'color'?)");
    CHECK_FAIL(gf_view_tree_set_style(tree, 0, "", "1"), GF_E_INVALID_ARGUMENT);
    /* Bad values, naming the node (or the global style) and the key. */
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"bin\""), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("global style: animation: unknown animation 'bin'");
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "7"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, 1, "color", "\"#GGG\""), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'name' (handle 1): style.color: expected a colour");
    CHECK_FAIL(gf_view_tree_set_style(tree, 1, "color", "[1, 2, 0, 1]"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("node 'name' (handle 1): style.color[1]: a colour channel must be in [0, 1], found 2");
    CHECK_FAIL(gf_view_tree_set_style(tree, 3, "shimmerDuration", "0"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("cell 'row' (handle 3): style.shimmerDuration");
    CHECK_FAIL(gf_view_tree_set_style(tree, 0, "lineHeight", "-1"), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("the root (handle 0): style.lineHeight");
    CHECK_FAIL(gf_view_tree_set_style(tree, 3, "cornerRadius", "-1"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, 3, "useCornerRadius", "1"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, 3, "dropStayRatio", "1.5"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_set_style(tree, 3, "shimmerDirection", "\"sideways\""), GF_E_INVALID_ARGUMENT);
    /* Malformed JSON values. */
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "\"shimmer"), GF_E_PARSE);
    CHECK_MESSAGE("global style: animation: line 1, column");
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "animation", "shimmer"), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_set_style(tree, 1, "animation", "shimmer"), GF_E_PARSE);
    CHECK_MESSAGE("node 'name' (handle 1): style.animation: line 1, column 1");
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "lineHeight", ""), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "lineHeight", "NaN"), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "lineHeight", "1e999"), GF_E_PARSE);
    CHECK_FAIL(gf_view_tree_set_style(tree, GF_VIEW_TREE_GLOBAL, "color", "\"\xff\""), GF_E_INVALID_UTF8);
    CHECK_TREE_UNCHANGED(tree, before);
    free(before.states);
    gf_view_tree_free(tree);
}

static void test_bad_adjust(void) {
    gf_view_tree *tree = fixture();
    frames before = frames_of_tree(tree);
    gf_scene *scene = SENTINEL_SCENE;
    CHECK_FAIL(gf_view_tree_add_adjust(NULL, 0, "animation(0).down(1)"), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_adjust(tree, 0, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_adjust(tree, 9, "animation(0).down(1)"), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_view_tree_add_adjust(tree, GF_VIEW_TREE_GLOBAL, "animation(0).down(1)"), GF_E_NOT_FOUND);
    /* Only the root and a cell's content node take lines: not the label (1) nor the cell's label (4). */
    CHECK_FAIL(gf_view_tree_add_adjust(tree, 1, "animation(0).down(1)"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_adjust(tree, 4, "animation(0).down(1)"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_tree_add_adjust(tree, 0, "\xed\xa0\x80"), GF_E_INVALID_UTF8); /* a surrogate */
    CHECK_TREE_UNCHANGED(tree, before);
    gf_view_tree_free(tree);

    /* Lines are checked when the skeleton is made: add_adjust accepts them, generate names the
       line (its position in the root's list) and the column. "animation(0)." is 13 scalars. */
    tree = fixture();
    CHECK_OK(gf_view_tree_add_adjust(tree, 0, "animation(0).reducedWidht(20)"));
    CHECK_FAIL(gf_skeleton_generate(tree, &scene), GF_E_PARSE);
    CHECK_MESSAGE("adjust[1], column 14");
    CHECK_MESSAGE("reducedWidth");
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    gf_view_tree_free(tree);

    tree = fixture();
    CHECK_OK(gf_view_tree_add_adjust(tree, 0, "animation(7).down(1)"));
    CHECK_FAIL(gf_skeleton_generate(tree, &scene), GF_E_NOT_FOUND);
    CHECK_MESSAGE("adjust[1], column 1");
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    gf_view_tree_free(tree);

    tree = fixture();
    CHECK_OK(gf_view_tree_add_adjust(tree, 0, "animation(0).width(0)"));
    CHECK_FAIL(gf_skeleton_generate(tree, &scene), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("adjust[1], column 20");
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    gf_view_tree_free(tree);

    /* A cell's line: named by the cell. The row holds one bone, so bone 3 does not exist. */
    tree = fixture();
    CHECK_OK(gf_view_tree_add_adjust(tree, 3, "animation(3).down(1)"));
    CHECK_FAIL(gf_skeleton_generate(tree, &scene), GF_E_NOT_FOUND);
    CHECK_MESSAGE("cells.row.adjust[0], column 1");
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    gf_view_tree_free(tree);

    /* The same through JSON. */
    {
        static const char json[] = "{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
                                   "{\"type\": \"label\", \"frame\": [16, 16, 100, 20]}]},"
                                   " \"adjust\": [\"animation(0).down(2)\", \"animation(0).down(2).radius(-1)\"]}";
        CHECK_FAIL(gf_skeleton_from_json(json, strlen(json), &scene), GF_E_INVALID_ARGUMENT);
        CHECK_MESSAGE("adjust[1], column");
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
    free(before.states);
}

/* Malformed JSON documents: the code, and the JSON path (or line and column) in the message. */
static void test_bad_json(void) {
    static const struct {
        const char *json;
        gf_status status;
        const char *message;
    } cases[] = {
        {"", GF_E_PARSE, "line 1"},
        {"{", GF_E_PARSE, "line 1, column"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667]},}", GF_E_PARSE, "column"},
        {"{\"viewport\": [375, 667]}", GF_E_INVALID_ARGUMENT, "$: missing required key 'root'"},
        {"{\"viewports\": [375, 667], \"root\": {\"frame\": [0, 0, 1, 1]}}", GF_E_INVALID_ARGUMENT, "viewports"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
         "{\"type\": \"label\", \"frame\": [0, 0, 1, 1]}, {\"type\": \"label\", \"fram\": [0, 0, 1, 1]}]}}",
         GF_E_INVALID_ARGUMENT, "root.children[1].fram"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
         "{\"type\": \"lable\", \"frame\": [0, 0, 1, 1]}]}}",
         GF_E_INVALID_ARGUMENT, "root.children[0].type"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
         "{\"type\": \"label\", \"frame\": [0, 0, -5, 1]}]}}",
         GF_E_INVALID_ARGUMENT, "root.children[0].frame[2]"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
         "{\"type\": \"label\", \"frame\": [0, 0, 5, 1], \"lines\": 1.5}]}}",
         GF_E_INVALID_ARGUMENT, "root.children[0].lines"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": ["
         "{\"type\": \"label\", \"frame\": [0, 0, 5, 1], \"sections\": []}]}}",
         GF_E_INVALID_ARGUMENT, "root.children[0].sections"},
        {"{\"viewport\": [375, 667], \"style\": {\"animation\": \"bin\"}, \"root\": {\"frame\": [0, 0, 1, 1]}}",
         GF_E_INVALID_ARGUMENT, "style.animation"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 375, 667], \"children\": [{\"type\": \"table\","
         " \"frame\": [0, 0, 375, 667], \"sections\": [{\"cell\": \"nwes\"}]}]}, \"cells\": {\"news\": {\"size\": [375, 90]}}}",
         GF_E_NOT_FOUND, "root.children[0].sections[0].cell"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 1, 1]}, \"cells\": {\"my cell\": {}}}",
         GF_E_INVALID_ARGUMENT, "cells[\"my cell\"]"},
        {"{\"viewport\": [375, 667], \"root\": {\"frame\": [0, 0, 1, 1e999]}}", GF_E_PARSE, "1e999"},
        {"{\"viewport\": [375, 667], \"root\": {\"id\": \"\xff\", \"frame\": [0, 0, 1, 1]}}", GF_E_INVALID_UTF8, "UTF-8"},
    };
    size_t i;
    for (i = 0; i < COUNT(cases); i++) {
        gf_view_tree *tree = SENTINEL_TREE;
        gf_scene *scene = SENTINEL_SCENE;
        const char *m;
        size_t length = strlen(cases[i].json);
        CHECK_FAIL(gf_view_tree_load_json(cases[i].json, length, &tree), cases[i].status);
        m = gf_last_error_message();
        if (!gf_test_check(strstr(m, cases[i].message) != NULL, __FILE__, __LINE__, cases[i].message))
            printf("     case %zu, message: \"%s\"\n", i, m);
        CHECK_UNTOUCHED_PTR(tree, SENTINEL_TREE);
        CHECK_FAIL(gf_skeleton_from_json(cases[i].json, length, &scene), cases[i].status);
        m = gf_last_error_message();
        if (!gf_test_check(strstr(m, cases[i].message) != NULL, __FILE__, __LINE__, cases[i].message))
            printf("     case %zu, message: \"%s\"\n", i, m);
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
    {
        gf_view_tree *tree = SENTINEL_TREE;
        gf_scene *scene = SENTINEL_SCENE;
        /* NULL arguments, and a length that ends the text early (the document is cut). */
        CHECK_FAIL(gf_view_tree_load_json(NULL, 5, &tree), GF_E_NULL_ARGUMENT);
        CHECK_FAIL(gf_view_tree_load_json(feed_json, strlen(feed_json), NULL), GF_E_NULL_ARGUMENT);
        CHECK_FAIL(gf_view_tree_load_json(feed_json, 40, &tree), GF_E_PARSE);
        CHECK_FAIL(gf_view_tree_load_json(NULL, 0, &tree), GF_E_PARSE);
        CHECK_FAIL(gf_skeleton_from_json(NULL, 5, &scene), GF_E_NULL_ARGUMENT);
        CHECK_FAIL(gf_skeleton_from_json(feed_json, strlen(feed_json), NULL), GF_E_NULL_ARGUMENT);
        CHECK_FAIL(gf_skeleton_from_json(feed_json, 40, &scene), GF_E_PARSE);
        CHECK_FAIL(gf_skeleton_from_json(feed_json, (size_t)GF_MAX_TEXT_BYTES + 1, &scene), GF_E_LIMIT);
        CHECK_UNTOUCHED_PTR(tree, SENTINEL_TREE);
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
}

static void test_bad_generate(void) {
    gf_view_tree *tree = fixture();
    gf_scene *scene = SENTINEL_SCENE;
    CHECK_FAIL(gf_skeleton_generate(NULL, &scene), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_generate(tree, NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    gf_view_tree_free(tree);
}

static void test_bad_end(void) {
    gf_view_tree *tree = fixture();
    gf_scene *scene = generate(tree), *plain = NULL;
    frames before = frames_of_scene(scene), after;
    CHECK_FAIL(gf_skeleton_end(NULL, 0, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end(scene, NAN, NULL), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end(scene, INFINITY, NULL), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end(scene, -INFINITY, "list/section/0"), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end(scene, 0, "list/section/7"), GF_E_NOT_FOUND);
    CHECK_MESSAGE("list/section/7");
    CHECK_FAIL(gf_skeleton_end(scene, 0, "container:list/section/0"), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_skeleton_end(scene, 0, ""), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_skeleton_end(scene, 0, "\xff"), GF_E_INVALID_UTF8);
    after = frames_of_scene(scene);
    CHECK(same_frames(before, after) && "the scene is unchanged");
    /* A scene that is not a skeleton has no "skeleton" layer. */
    CHECK_OK(gf_scene_create(&plain));
    CHECK_FAIL(gf_skeleton_end(plain, 0, NULL), GF_E_NOT_FOUND);
    CHECK_MESSAGE("skeleton");
    free(before.states);
    free(after.states);
    gf_scene_free(plain);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

static void test_bad_end_with(void) {
    gf_view_tree *tree = fixture();
    gf_scene *scene = generate(tree);
    frames before = frames_of_scene(scene), after;
    gf_skeleton_end_params params;
    double out = -7;
    gf_skeleton_end_params_init(NULL); /* does nothing */
    gf_skeleton_end_params_init(&params);
    CHECK_FAIL(gf_skeleton_end_with(NULL, 0, NULL, &params), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_end_with(scene, NAN, NULL, &params), GF_E_INVALID_ARGUMENT);
    params.duration = -0.1;
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, NULL, &params), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE("duration");
    params.duration = INFINITY;
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, NULL, &params), GF_E_INVALID_ARGUMENT);
    params.duration = 0.2;
    params.curve = "ease-inn";
    CHECK(gf_skeleton_end_with(scene, 0, NULL, &params) != GF_OK);
    CHECK_MESSAGE("ease-inn");
    params.curve = NULL;
    params.reserved = 1;
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, NULL, &params), GF_E_INVALID_ARGUMENT);
    params.reserved = 0;
    params.struct_size = 4;
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, NULL, &params), GF_E_INVALID_ARGUMENT);
    params.struct_size = sizeof params;
    CHECK_FAIL(gf_skeleton_end_with(scene, 0, "list/section/7", &params), GF_E_NOT_FOUND);
    after = frames_of_scene(scene);
    CHECK(same_frames(before, after) && "the scene is unchanged");
    CHECK_OK(gf_skeleton_content_opacity(scene, 10, NULL, &out));
    CHECK_NEAR(out, 0, 1e-12);
    out = -7;
    CHECK_FAIL(gf_skeleton_content_opacity(NULL, 0, NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_content_opacity(scene, 0, NULL, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_content_opacity(scene, INFINITY, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_skeleton_content_opacity(scene, 0, "list/section/7", &out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_skeleton_content_opacity(scene, 0, "\xff", &out), GF_E_INVALID_UTF8);
    CHECK(out == -7 && "out_opacity untouched");
    free(before.states);
    free(after.states);
    gf_scene_free(scene);
    gf_view_tree_free(tree);
}

int main(void) {
    RUN(test_node_desc_defaults);
    RUN(test_label_bar);
    RUN(test_kinds);
    RUN(test_multiline_label);
    RUN(test_corner_radius_cascade);
    RUN(test_table_fill);
    RUN(test_collection_fill);
    RUN(test_adjust);
    RUN(test_builder_equals_json);
    RUN(test_extend_loaded_tree);
    RUN(test_shimmer);
    RUN(test_breathe);
    RUN(test_drop);
    RUN(test_end);
    RUN(test_lifecycle);
    RUN(test_bad_create);
    RUN(test_bad_nodes);
    RUN(test_bad_cells);
    RUN(test_bad_sections);
    RUN(test_bad_styles);
    RUN(test_bad_adjust);
    RUN(test_bad_json);
    RUN(test_bad_generate);
    RUN(test_bad_end);
    RUN(test_bad_end_with);
    return gf_test_summary();
}
