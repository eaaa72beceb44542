/*
 * Layer contents through the C API: gf_scene_set_contents / gf_scene_layer_contents, the
 * GF_LAYER_HAS_CONTENTS flag of sampled states, the scene JSON's "contents", and a skeleton bone's
 * placeholder(name) adjust modifier; bad input leaves the scene and the out-parameters as they were.
 */
#include "gf_test.h"

#define SENTINEL_U32 0xA5A5A5A5u

static gf_scene *two_layers(void) {
    gf_scene *scene = NULL;
    gf_layer_desc d;
    CHECK_OK(gf_scene_create(&scene));
    gf_layer_desc_init(&d);
    d.id = "root";
    d.width = d.height = 100;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    d.id = "avatar";
    d.parent = "root";
    d.x = d.y = 10;
    d.width = d.height = 40;
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    return scene;
}

static uint32_t flags_of(gf_scene *scene, uint32_t index) {
    gf_layer_state states[4];
    size_t count = 0;
    if (gf_scene_sample(scene, 0, states, 4, &count) != GF_OK || index >= count) return SENTINEL_U32;
    return states[index].flags;
}

static void test_set_and_read(void) {
    gf_scene *scene = two_layers();
    char *name = SENTINEL_STRING, *json = NULL;
    CHECK_OK(gf_scene_layer_contents(scene, 1, &name));
    CHECK(name == NULL);
    CHECK_EQ_INT(flags_of(scene, 1), 0);
    CHECK_OK(gf_scene_set_contents(scene, "avatar", "people/ada.png"));
    CHECK_EQ_INT(flags_of(scene, 1), GF_LAYER_HAS_CONTENTS);
    CHECK_EQ_INT(flags_of(scene, 0), 0);
    CHECK_OK(gf_scene_layer_contents(scene, 1, &name));
    CHECK_STR(name, "people/ada.png");
    gf_string_free(name);
    /* The JSON carries it, and a scene loaded from that JSON reads the same. */
    CHECK_OK(gf_scene_to_json(scene, &json));
    CHECK(json != NULL && strstr(json, "\"contents\": \"people/ada.png\"") != NULL);
    if (json != NULL) {
        gf_scene *again = NULL;
        CHECK_OK(gf_scene_load_json(json, strlen(json), &again));
        name = NULL;
        CHECK_OK(gf_scene_layer_contents(again, 1, &name));
        CHECK_STR(name, "people/ada.png");
        gf_string_free(name);
        gf_scene_free(again);
        gf_string_free(json);
    }
    /* NULL clears. */
    CHECK_OK(gf_scene_set_contents(scene, "avatar", NULL));
    name = SENTINEL_STRING;
    CHECK_OK(gf_scene_layer_contents(scene, 1, &name));
    CHECK(name == NULL);
    CHECK_EQ_INT(flags_of(scene, 1), 0);
    gf_scene_free(scene);
}

static void test_bad_input(void) {
    gf_scene *scene = two_layers();
    char *name = SENTINEL_STRING;
    CHECK_OK(gf_scene_set_contents(scene, "avatar", "kept"));
    CHECK_FAIL(gf_scene_set_contents(scene, "avatar", ""), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_scene_set_contents(scene, "nobody", "x"), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_scene_set_contents(scene, NULL, "x"), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_set_contents(NULL, "avatar", "x"), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_layer_contents(scene, 2, &name), GF_E_NOT_FOUND);
    CHECK_UNTOUCHED_PTR(name, SENTINEL_STRING);
    CHECK_FAIL(gf_scene_layer_contents(scene, 0, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_layer_contents(NULL, 0, &name), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(name, SENTINEL_STRING);
    /* Every failure left the earlier name in place. */
    name = NULL;
    CHECK_OK(gf_scene_layer_contents(scene, 1, &name));
    CHECK_STR(name, "kept");
    gf_string_free(name);
    gf_scene_free(scene);
}

static void test_skeleton_placeholder(void) {
    static const char tree[] =
        "{\"viewport\": [200, 100], \"adjust\": [\"animation(0).placeholder(avatar)\"],"
        " \"root\": {\"frame\": [0, 0, 200, 100], \"children\": ["
        "  {\"type\": \"image\", \"frame\": [10, 10, 40, 40]}, {\"type\": \"label\", \"frame\": [60, 10, 100, 20]}]}}";
    gf_scene *scene = NULL;
    uint32_t avatar = SENTINEL_U32, label = SENTINEL_U32;
    char *name = NULL;
    CHECK_OK(gf_skeleton_from_json(tree, sizeof tree - 1, &scene));
    CHECK_OK(gf_scene_layer_index(scene, "bone:0", &avatar));
    CHECK_OK(gf_scene_layer_index(scene, "bone:1", &label));
    CHECK_OK(gf_scene_layer_contents(scene, avatar, &name));
    CHECK_STR(name, "avatar");
    gf_string_free(name);
    CHECK(flags_of(scene, avatar) & GF_LAYER_HAS_CONTENTS);
    CHECK(!(flags_of(scene, label) & GF_LAYER_HAS_CONTENTS));
    gf_scene_free(scene);
}

int main(void) {
    RUN(test_set_and_read);
    RUN(test_bad_input);
    RUN(test_skeleton_placeholder);
    return gf_test_summary();
}
