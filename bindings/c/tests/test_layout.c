/*
 * The layout report through the C API (gf_view_tree_layout): a tree built node by node, its items
 * checked against frames computed by hand from docs/view-tree-format.md (each computation beside its
 * check); the same tree as JSON giving the same items; the two-call capacity convention; the id
 * strings owned by the tree; and bad input (right code, a message, out-parameters untouched).
 */
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A node description with the defaults and the given kind, id and frame. */
static gf_view_node_desc node_of(int32_t kind, const char *id, double x, double y, double w, double h) {
    gf_view_node_desc d;
    gf_view_node_desc_init(&d);
    d.kind = kind;
    d.id = id;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    return d;
}

/*
 * A 300 x 200 screen:
 *   root "root" (0, 0, 300, 200)
 *     collection "grid" (0, 40, 300, 160), one section: tile 85 x 70, spacing 10, insets 5 10 5 10
 *     label (hidden)
 *     button "buy" (250, 5, 40, 30), skeleton keep
 *   cell "tile" 85 x 70: label "caption" (5, 50, 60, 12)
 * Its JSON twin is TREE_JSON.
 */
static gf_view_tree *build_tree(void) {
    gf_view_tree *tree = NULL;
    uint32_t root = 0, grid = 0, tile = 0;
    gf_view_node_desc d;
    CHECK_OK(gf_view_tree_create(300, 200, &tree));
    d = node_of(GF_VIEW_VIEW, "root", 0, 0, 300, 200);
    CHECK_OK(gf_view_tree_set_root(tree, &d, &root));
    d = node_of(GF_VIEW_COLLECTION, "grid", 0, 40, 300, 160);
    CHECK_OK(gf_view_tree_add_node(tree, root, &d, &grid));
    CHECK_OK(gf_view_tree_add_section(tree, grid,
                                      "{\"cell\": \"tile\", \"itemSize\": [85, 70], \"spacing\": 10, \"insets\": [5, 10, 5, 10]}"));
    d = node_of(GF_VIEW_LABEL, "gone", 0, 0, 50, 10);
    d.hidden = 1;
    CHECK_OK(gf_view_tree_add_node(tree, root, &d, NULL));
    d = node_of(GF_VIEW_BUTTON, "buy", 250, 5, 40, 30);
    d.skeleton = GF_SKELETON_KEEP;
    d.has_corner_radius = 1;
    d.corner_radius = 6;
    CHECK_OK(gf_view_tree_add_node(tree, root, &d, NULL));
    CHECK_OK(gf_view_tree_add_cell(tree, "tile", 85, 70, &tile));
    d = node_of(GF_VIEW_LABEL, "caption", 5, 50, 60, 12);
    CHECK_OK(gf_view_tree_add_node(tree, tile, &d, NULL));
    return tree;
}

static const char TREE_JSON[] =
    "{\"viewport\": [300, 200], \"root\": {\"id\": \"root\", \"frame\": [0, 0, 300, 200], \"children\": ["
    " {\"id\": \"grid\", \"type\": \"collection\", \"frame\": [0, 40, 300, 160], \"sections\": ["
    "   {\"cell\": \"tile\", \"itemSize\": [85, 70], \"spacing\": 10, \"insets\": [5, 10, 5, 10]}]},"
    " {\"id\": \"gone\", \"type\": \"label\", \"frame\": [0, 0, 50, 10], \"hidden\": true},"
    " {\"id\": \"buy\", \"type\": \"button\", \"frame\": [250, 5, 40, 30], \"skeleton\": \"keep\", \"cornerRadius\": 6}]},"
    " \"cells\": {\"tile\": {\"size\": [85, 70], \"children\": ["
    "   {\"id\": \"caption\", \"type\": \"label\", \"frame\": [5, 50, 60, 12]}]}}}";

#define CHECK_RECT(a, b, c, d, ex, ey, ew, eh)                                                  \
    do {                                                                                        \
        CHECK_NEAR(a, ex, 0);                                                                   \
        CHECK_NEAR(b, ey, 0);                                                                   \
        CHECK_NEAR(c, ew, 0);                                                                   \
        CHECK_NEAR(d, eh, 0);                                                                   \
    } while (0)

/*
 * The hand computation. Columns: max(1, floor((300 - 10 - 10 + 10) / (85 + 10))) = floor(3.05) = 3.
 * The visible area is the grid's frame (0, 40, 300, 160), bottom 200; rows fill it from the section's
 * top 40: ceil((200 - 40 - 5 - 5 + 10) / (70 + 10)) = ceil(2) = 2 rows, so 6 items. Items start at
 * (0 + 10, 40 + 5) = (10, 45) with pitch 95 x 80: x = 10, 105, 200; y = 45, 125 (125 + 70 = 195 <= 200).
 * The caption of the item at (x, y) is at (x + 5, y + 50, 60, 12). Clips: the screen for the root's
 * views; the grid's frame for its items; an item's bounds for its caption (inside the grid).
 * Order: root, grid, then item 0, caption, item 1, caption, ..., item 5, caption, then buy: 1 + 1 + 12 + 1 = 15
 * items (the hidden label is left out).
 */
static void check_items(const gf_layout_item *items, size_t count) {
    size_t i;
    CHECK_EQ_INT(count, 15);
    if (count != 15) return;
    CHECK_EQ_INT(items[0].kind, GF_VIEW_VIEW);
    CHECK_EQ_INT(items[0].parent, -1);
    CHECK_EQ_INT(items[0].flags, GF_LAYOUT_HAS_CHILDREN);
    CHECK_STR(items[0].id, "root");
    CHECK_RECT(items[0].x, items[0].y, items[0].width, items[0].height, 0, 0, 300, 200);
    CHECK_RECT(items[0].clip_x, items[0].clip_y, items[0].clip_width, items[0].clip_height, 0, 0, 300, 200);
    CHECK_EQ_INT(items[1].kind, GF_VIEW_COLLECTION);
    CHECK_EQ_INT(items[1].parent, 0);
    CHECK_EQ_INT(items[1].section, -1);
    CHECK_STR(items[1].id, "grid");
    CHECK_RECT(items[1].x, items[1].y, items[1].width, items[1].height, 0, 40, 300, 160);
    for (i = 0; i < 6; i++) {
        const gf_layout_item *item = &items[2 + 2 * i], *caption = &items[3 + 2 * i];
        double x = 10 + 95.0 * (double)(i % 3), y = 45 + 80.0 * (double)(i / 3);
        CHECK_EQ_INT(item->kind, GF_LAYOUT_ITEM);
        CHECK_EQ_INT(item->parent, 1);
        CHECK_EQ_INT(item->section, 0);
        CHECK_EQ_INT(item->index, (int)i);
        CHECK_EQ_INT(item->flags, GF_LAYOUT_HAS_CHILDREN);
        CHECK_STR(item->id, "tile");
        CHECK_RECT(item->x, item->y, item->width, item->height, x, y, 85, 70);
        CHECK_RECT(item->clip_x, item->clip_y, item->clip_width, item->clip_height, 0, 40, 300, 160);
        CHECK_EQ_INT(caption->kind, GF_VIEW_LABEL);
        CHECK_EQ_INT(caption->parent, (int)(2 + 2 * i));
        CHECK_EQ_INT(caption->lines, 1);
        CHECK_EQ_INT(caption->align, GF_ALIGN_NATURAL);
        CHECK_STR(caption->id, "caption");
        CHECK_RECT(caption->x, caption->y, caption->width, caption->height, x + 5, y + 50, 60, 12);
        CHECK_RECT(caption->clip_x, caption->clip_y, caption->clip_width, caption->clip_height, x, y, 85, 70);
        /* One kept copy per name: every caption's id is the same string. */
        CHECK(caption->id == items[3].id);
    }
    CHECK_EQ_INT(items[14].kind, GF_VIEW_BUTTON);
    CHECK_EQ_INT(items[14].parent, 0);
    CHECK_EQ_INT(items[14].skeleton, GF_SKELETON_KEEP);
    CHECK_EQ_INT(items[14].flags, GF_LAYOUT_HAS_CORNER_RADIUS);
    CHECK_NEAR(items[14].corner_radius, 6, 0);
    CHECK_STR(items[14].id, "buy");
    CHECK_RECT(items[14].x, items[14].y, items[14].width, items[14].height, 250, 5, 40, 30);
}

static void test_hand_computed(void) {
    gf_view_tree *tree = build_tree();
    gf_layout_item items[20];
    size_t count = 0;
    CHECK_STATUS(gf_view_tree_layout(tree, NULL, 0, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 15);
    CHECK_OK(gf_view_tree_layout(tree, items, COUNT(items), &count));
    check_items(items, count);
    gf_view_tree_free(tree);
}

static void test_json_twin(void) {
    gf_view_tree *built = build_tree(), *loaded = NULL;
    gf_layout_item a[16], b[16];
    size_t na = 0, nb = 0, i;
    CHECK_OK(gf_view_tree_load_json(TREE_JSON, strlen(TREE_JSON), &loaded));
    CHECK_OK(gf_view_tree_layout(built, a, COUNT(a), &na));
    CHECK_OK(gf_view_tree_layout(loaded, b, COUNT(b), &nb));
    check_items(b, nb);
    CHECK_EQ_INT(na, nb);
    for (i = 0; i < na && i < nb; i++) {
        /* The same fields but the id pointers (each tree keeps its own copies). */
        gf_layout_item x = a[i], y = b[i];
        CHECK((x.id == NULL) == (y.id == NULL) && (x.id == NULL || strcmp(x.id, y.id) == 0));
        x.id = y.id = NULL;
        CHECK(memcmp(&x, &y, sizeof x) == 0);
    }
    gf_view_tree_free(built);
    gf_view_tree_free(loaded);
}

static void test_capacity_and_ownership(void) {
    gf_view_tree *tree = build_tree();
    gf_layout_item items[15], again[15];
    size_t count = 777, i;
    const char *first_id;
    gf_view_node_desc d;
    /* One too small: the count it needs, and no item written. */
    memset(items, SENTINEL_BYTE, sizeof items);
    CHECK_FAIL(gf_view_tree_layout(tree, items, 14, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 15);
    CHECK_UNTOUCHED_BYTES(items, sizeof items);
    CHECK_OK(gf_view_tree_layout(tree, items, 15, &count));
    first_id = items[0].id;
    /* Ids stay valid and unchanged across later calls and edits, until the tree is freed. */
    d = node_of(GF_VIEW_IMAGE, "late", 0, 0, 10, 10);
    CHECK_OK(gf_view_tree_add_node(tree, 0, &d, NULL));
    CHECK_STATUS(gf_view_tree_layout(tree, again, 15, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 16);
    CHECK(first_id == items[0].id);
    CHECK_STR(first_id, "root");
    for (i = 0; i < 15; i++) CHECK(items[i].id == NULL || strlen(items[i].id) > 0);
    gf_view_tree_free(tree);
}

static void test_bad_input(void) {
    gf_view_tree *tree = build_tree(), *bad = NULL;
    gf_layout_item items[15];
    size_t count = 777;
    gf_scene *scene = NULL;
    char generation[512];
    uint32_t root = 0, list = 0;
    gf_view_node_desc d;
    memset(items, SENTINEL_BYTE, sizeof items);
    CHECK_FAIL(gf_view_tree_layout(NULL, items, 15, &count), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_layout(tree, items, 15, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_tree_layout(tree, NULL, 15, &count), GF_E_NULL_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "out_items") != NULL);
    CHECK_FAIL(gf_view_tree_layout(tree, items, SIZE_MAX, &count), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(count, 777);
    CHECK_UNTOUCHED_BYTES(items, sizeof items);
    /* A tree generation refuses (a section naming no template, which the builder only finds out when the
       tree is used) is refused alike, with the same message. */
    CHECK_OK(gf_view_tree_create(100, 100, &bad));
    d = node_of(GF_VIEW_VIEW, NULL, 0, 0, 100, 100);
    CHECK_OK(gf_view_tree_set_root(bad, &d, &root));
    d = node_of(GF_VIEW_TABLE, "list", 0, 0, 100, 100);
    CHECK_OK(gf_view_tree_add_node(bad, root, &d, &list));
    CHECK_OK(gf_view_tree_add_section(bad, list, "{\"cell\": \"nope\", \"rowHeight\": 10}"));
    CHECK_FAIL(gf_skeleton_generate(bad, &scene), GF_E_NOT_FOUND);
    snprintf(generation, sizeof generation, "%s", gf_last_error_message());
    CHECK(strstr(generation, "nope") != NULL);
    CHECK_FAIL(gf_view_tree_layout(bad, items, 15, &count), GF_E_NOT_FOUND);
    CHECK_STR(gf_last_error_message(), generation);
    CHECK_EQ_INT(count, 777);
    CHECK_UNTOUCHED_BYTES(items, sizeof items);
    gf_view_tree_free(bad);
    gf_view_tree_free(tree);
}

int main(void) {
    RUN(test_hand_computed);
    RUN(test_json_twin);
    RUN(test_capacity_and_ownership);
    RUN(test_bad_input);
    return gf_test_summary();
}
