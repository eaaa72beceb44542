/*
 * The card transition's helpers through the C ABI: view chains (gf_view_chain_*) against
 * offsets added by hand (a cell in a horizontally scrolled collection view in a table cell in a
 * vertically scrolled table view under a 64-point bar: offset (0 - 300, 64 - 250 + 400 + 40) =
 * (-300, 254)), the round trip window -> content -> window (exact: integers), and the snapshot
 * pool (gf_snapshot_pool_*): ids, reuse order, counts, exhaustion and bad releases, and
 * transitions that take their layers from a pool and give them back; misuse:
 * NULLs, NaN, negative sizes, limits, freed and wrong handles, nothing written on failure.
 */
#include "gf_test.h"

static const gf_view_level feed[3] = {
    {{0, 64, 375, 603}, {0, 250}},   /* the table view, scrolled down 250 */
    {{0, 400, 375, 200}, {0, 0}},    /* a table cell */
    {{0, 40, 375, 160}, {300, 0}},   /* a collection view in it, scrolled right 300 */
};

static void test_view_chain(void) {
    double offset[2] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE}, cell[4] = {330, 10, 150, 125}, out[4], back[4];
    CHECK_OK(gf_view_chain_offset(feed, 3, offset));
    CHECK_NEAR(offset[0], -300, 0);
    CHECK_NEAR(offset[1], 254, 0);
    CHECK_OK(gf_view_chain_window_rect(feed, 3, cell, out));
    CHECK_NEAR(out[0], 30, 0);
    CHECK_NEAR(out[1], 264, 0);
    CHECK_NEAR(out[2], 150, 0);
    CHECK_NEAR(out[3], 125, 0);
    CHECK_OK(gf_view_chain_content_rect(feed, 3, out, back));
    CHECK(memcmp(back, cell, sizeof cell) == 0);
    /* out may alias rect. */
    memcpy(back, cell, sizeof cell);
    CHECK_OK(gf_view_chain_window_rect(feed, 3, back, back));
    CHECK(memcmp(back, out, sizeof out) == 0);
    /* No levels: the window itself; levels may then be NULL. */
    CHECK_OK(gf_view_chain_offset(NULL, 0, offset));
    CHECK_NEAR(offset[0], 0, 0);
    CHECK_NEAR(offset[1], 0, 0);
    /* One level: frame origin minus scroll offset. */
    CHECK_OK(gf_view_chain_offset(&feed[2], 1, offset));
    CHECK_NEAR(offset[0], -300, 0);
    CHECK_NEAR(offset[1], 40, 0);
}

static void test_view_chain_bad_input(void) {
    gf_view_level bad[3];
    double offset[2] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE}, rect[4] = {0, 0, 10, 10};
    double out[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    memcpy(bad, feed, sizeof feed);
    bad[1].scroll_offset[1] = NAN;
    CHECK_FAIL(gf_view_chain_offset(bad, 3, offset), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 1") != NULL);
    memcpy(bad, feed, sizeof feed);
    bad[2].frame[2] = -1;
    CHECK_FAIL(gf_view_chain_window_rect(bad, 3, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 2") != NULL);
    CHECK_FAIL(gf_view_chain_offset(NULL, 1, offset), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_view_chain_offset(feed, GF_MAX_VIEW_CHAIN_LEVELS + 1, offset), GF_E_LIMIT);
    CHECK_FAIL(gf_view_chain_offset(feed, SIZE_MAX, offset), GF_E_LIMIT);
    CHECK_FAIL(gf_view_chain_offset(feed, 3, NULL), GF_E_NULL_ARGUMENT);
    rect[1] = INFINITY;
    CHECK_FAIL(gf_view_chain_content_rect(feed, 3, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_view_chain_content_rect(feed, 3, NULL, out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(offset[0]);
    CHECK_UNTOUCHED_DOUBLE(offset[1]);
    CHECK_UNTOUCHED_DOUBLE(out[0]);
    CHECK_UNTOUCHED_DOUBLE(out[3]);
}

/* Issue 28: finite levels and rects whose sums overflow returned GF_OK with inf (or NaN). Each
 * call refuses them, naming the level (or the rect), and writes nothing. */
static void test_view_chain_overflow(void) {
    static const gf_view_level sums[2] = {{{1e308, 0, 1, 1}, {0, 0}}, {{0, 0, 1, 1}, {-1e308, 0}}};
    static const gf_view_level alone[1] = {{{1e308, 0, 1, 1}, {-1e308, 0}}};
    static const gf_view_level far[1] = {{{1e308, 0, 1, 1}, {0, 0}}};
    double offset[2] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE}, rect[4] = {0, 0, 10, 10};
    double out[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    CHECK_FAIL(gf_view_chain_offset(sums, 2, offset), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 1: the offset to the window overflows") != NULL);
    CHECK_FAIL(gf_view_chain_window_rect(sums, 2, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 1") != NULL);
    CHECK_FAIL(gf_view_chain_content_rect(sums, 2, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 1") != NULL);
    CHECK_FAIL(gf_view_chain_offset(alone, 1, offset), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "level 0") != NULL);
    /* The offset is finite; the rect moved by it is not. */
    CHECK_OK(gf_view_chain_offset(far, 1, offset));
    CHECK(offset[0] == 1e308 && offset[1] == 0);
    offset[0] = offset[1] = SENTINEL_DOUBLE;
    rect[0] = 1e308;
    CHECK_FAIL(gf_view_chain_window_rect(far, 1, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "window rect's origin overflows") != NULL);
    rect[0] = -1e308;
    CHECK_FAIL(gf_view_chain_content_rect(far, 1, rect, out), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "content rect's origin overflows") != NULL);
    CHECK_UNTOUCHED_DOUBLE(offset[0]);
    CHECK_UNTOUCHED_DOUBLE(offset[1]);
    CHECK_UNTOUCHED_DOUBLE(out[0]);
    CHECK_UNTOUCHED_DOUBLE(out[1]);
    CHECK_UNTOUCHED_DOUBLE(out[2]);
    CHECK_UNTOUCHED_DOUBLE(out[3]);
}

static gf_snapshot_pool_counts counts_of(const gf_snapshot_pool *pool) {
    gf_snapshot_pool_counts c;
    memset(&c, 0, sizeof c);
    c.struct_size = sizeof c;
    CHECK_OK(gf_snapshot_pool_get_counts(pool, &c));
    return c;
}

static void test_pool(void) {
    gf_snapshot_pool *pool = NULL;
    char *ids[3] = {SENTINEL_STRING, SENTINEL_STRING, SENTINEL_STRING}, *again[2] = {SENTINEL_STRING, SENTINEL_STRING};
    gf_snapshot_pool_counts c;
    CHECK_OK(gf_snapshot_pool_create(3, &pool));
    c = counts_of(pool);
    CHECK_EQ_INT(c.capacity, 3);
    CHECK_EQ_INT(c.acquirable, 3);
    CHECK_OK(gf_snapshot_pool_acquire(pool, 2, ids));
    CHECK_STR(ids[0], "snapshot.0");
    CHECK_STR(ids[1], "snapshot.1");
    CHECK(ids[2] == SENTINEL_STRING);
    /* All or none: 2 asked, 1 acquirable. */
    CHECK_FAIL(gf_snapshot_pool_acquire(pool, 2, again), GF_E_LIMIT);
    CHECK(again[0] == SENTINEL_STRING && again[1] == SENTINEL_STRING);
    CHECK_OK(gf_snapshot_pool_release(pool, ids[0]));
    CHECK_OK(gf_snapshot_pool_release(pool, ids[1]));
    CHECK_FAIL(gf_snapshot_pool_release(pool, ids[1]), GF_E_INVALID_ARGUMENT); /* released already */
    CHECK_FAIL(gf_snapshot_pool_release(pool, "snapshot.9"), GF_E_INVALID_ARGUMENT);
    c = counts_of(pool);
    CHECK_EQ_INT(c.created, 2);
    CHECK_EQ_INT(c.in_use, 0);
    CHECK_EQ_INT(c.available, 2);
    CHECK_EQ_INT(c.acquirable, 3);
    /* Reuse: the most recently released first, then a new one. */
    CHECK_OK(gf_snapshot_pool_acquire(pool, 2, again));
    CHECK_STR(again[0], "snapshot.1");
    CHECK_STR(again[1], "snapshot.0");
    gf_string_free(again[0]);
    gf_string_free(again[1]);
    CHECK_OK(gf_snapshot_pool_acquire(pool, 1, &ids[2]));
    CHECK_STR(ids[2], "snapshot.2");
    c = counts_of(pool);
    CHECK_EQ_INT(c.created, 3);
    CHECK_EQ_INT(c.reused, 2);
    CHECK_EQ_INT(c.in_use, 3);
    CHECK_EQ_INT(c.available, 0);
    CHECK_EQ_INT(c.acquirable, 0);
    CHECK_FAIL(gf_snapshot_pool_acquire(pool, 1, again), GF_E_LIMIT);
    CHECK_OK(gf_snapshot_pool_acquire(pool, 0, NULL));
    gf_string_free(ids[0]);
    gf_string_free(ids[1]);
    gf_string_free(ids[2]);
    CHECK_OK(gf_snapshot_pool_free(pool));
}

static void test_pool_misuse(void) {
    gf_snapshot_pool *out = (gf_snapshot_pool *)(void *)gf_test_sentinel_storage, *pool = NULL;
    gf_scene *scene = NULL;
    gf_snapshot_pool_counts c;
    char *id = SENTINEL_STRING;
    CHECK_FAIL(gf_snapshot_pool_create(0, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_snapshot_pool_create(GF_MAX_SNAPSHOT_POOL + 1, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_snapshot_pool_create(SIZE_MAX, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_snapshot_pool_create(4, NULL), GF_E_NULL_ARGUMENT);
    CHECK(out == (gf_snapshot_pool *)(void *)gf_test_sentinel_storage);
    CHECK_OK(gf_snapshot_pool_create(GF_MAX_SNAPSHOT_POOL, &pool));
    CHECK_FAIL(gf_snapshot_pool_acquire(pool, 1, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_snapshot_pool_acquire(pool, SIZE_MAX, &id), GF_E_LIMIT);
    CHECK(id == SENTINEL_STRING);
    CHECK_FAIL(gf_snapshot_pool_release(pool, NULL), GF_E_NULL_ARGUMENT);
    memset(&c, 0, sizeof c);
    c.struct_size = 8;
    CHECK_FAIL(gf_snapshot_pool_get_counts(pool, &c), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_snapshot_pool_get_counts(pool, NULL), GF_E_NULL_ARGUMENT);
    CHECK_OK(gf_scene_create(&scene));
    CHECK_FAIL(gf_snapshot_pool_acquire((gf_snapshot_pool *)(void *)scene, 1, &id), GF_E_MISUSE);
    CHECK_OK(gf_scene_free(scene));
    CHECK_OK(gf_snapshot_pool_free(pool));
    CHECK_FAIL(gf_snapshot_pool_acquire(pool, 1, &id), GF_E_MISUSE);
    CHECK_FAIL(gf_snapshot_pool_free(pool), GF_E_MISUSE);
    CHECK_OK(gf_snapshot_pool_free(NULL));
}

/* Two transitions through one pool: the second reuses the first's layers (layer i + 1 of its
 * scene is part i, named by the pool); a third while the second holds them gets new ids; a
 * pool too small is GF_E_LIMIT with the pool unchanged; releasing twice or into another pool is
 * refused. */
static gf_expand_transition *transition_in(gf_snapshot_pool *pool, gf_status want) {
    static const double images[8] = {-60, 300, 150, 125, 105, 300, 150, 125};
    gf_expand_params p;
    gf_expand_transition *t = NULL;
    gf_expand_params_init(&p);
    p.window_width = 375;
    p.window_height = 667;
    p.images = images;
    p.image_count = 2;
    p.tapped = 1;
    CHECK_STATUS(gf_expand_transition_create_in_pool(&p, pool, &t), want);
    return t;
}

static void check_layer(const gf_expand_transition *t, uint32_t index, const char *id) {
    gf_scene *scene = NULL;
    char *json = NULL, needle[64];
    uint32_t i = 0;
    CHECK_OK(gf_expand_transition_scene(t, &scene));
    CHECK_OK(gf_scene_layer_index(scene, id, &i));
    CHECK_EQ_INT(i, index);
    CHECK_OK(gf_scene_to_json(scene, &json));
    snprintf(needle, sizeof needle, "\"%s\"", id);
    CHECK(strstr(json, needle) != NULL);
    gf_string_free(json);
    CHECK_OK(gf_scene_free(scene));
}

static void test_transitions_share_a_pool(void) {
    gf_snapshot_pool *pool = NULL, *other = NULL;
    gf_expand_transition *first, *second, *third, *plain = NULL;
    gf_snapshot_pool_counts c;
    CHECK_OK(gf_snapshot_pool_create(6, &pool));
    CHECK_OK(gf_snapshot_pool_create(6, &other));
    first = transition_in(pool, GF_OK);
    check_layer(first, 1, "snapshot.0");
    check_layer(first, 4, "snapshot.3");
    CHECK_FAIL(gf_expand_transition_release(first, other), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_expand_transition_release(first, pool));
    CHECK_FAIL(gf_expand_transition_release(first, pool), GF_E_INVALID_ARGUMENT);
    second = transition_in(pool, GF_OK);
    /* Released 0, 1, 2, 3: reused last released first. */
    check_layer(second, 1, "snapshot.3");
    check_layer(second, 4, "snapshot.0");
    c = counts_of(pool);
    CHECK_EQ_INT(c.created, 4);
    CHECK_EQ_INT(c.reused, 4);
    CHECK_EQ_INT(c.in_use, 4);
    /* 2 acquirable, 4 needed: refused, pool unchanged. */
    third = transition_in(pool, GF_E_LIMIT);
    CHECK(third == NULL);
    c = counts_of(pool);
    CHECK_EQ_INT(c.in_use, 4);
    CHECK_EQ_INT(c.acquirable, 2);
    CHECK_OK(gf_expand_transition_release(second, pool));
    third = transition_in(pool, GF_OK);
    check_layer(third, 1, "snapshot.0");
    /* A transition made without a pool has layers no pool handed out. */
    {
        static const double one[4] = {10, 20, 30, 40};
        gf_expand_params p;
        gf_expand_params_init(&p);
        p.window_width = p.window_height = 100;
        p.images = one;
        p.image_count = 1;
        CHECK_OK(gf_expand_transition_create(&p, &plain));
        CHECK_FAIL(gf_expand_transition_release(plain, other), GF_E_INVALID_ARGUMENT);
        CHECK_FAIL(gf_expand_transition_create_in_pool(&p, NULL, &plain), GF_E_NULL_ARGUMENT);
        CHECK_FAIL(gf_expand_transition_create_in_pool(&p, (gf_snapshot_pool *)(void *)plain, &plain), GF_E_MISUSE);
    }
    CHECK_OK(gf_expand_transition_free(plain));
    CHECK_OK(gf_expand_transition_free(first));
    CHECK_OK(gf_expand_transition_free(second));
    CHECK_OK(gf_expand_transition_free(third));
    CHECK_OK(gf_snapshot_pool_free(pool));
    CHECK_OK(gf_snapshot_pool_free(other));
}

int main(void) {
    RUN(test_view_chain);
    RUN(test_view_chain_bad_input);
    RUN(test_view_chain_overflow);
    RUN(test_pool);
    RUN(test_pool_misuse);
    RUN(test_transitions_share_a_pool);
    return gf_test_summary();
}
