/*
 * Identity both ways and the one colour parser (issue 30): gf_scene_layer_info names the view each
 * skeleton bone's layer stands for (its id, GF_VIEW_* kind and line), keeps it through
 * gf_scene_update_layer and the scene JSON, and keeps its strings valid until the scene changes;
 * gf_color_parse reads colour text as the formats do (hex and CSS names). Bad input fails with a
 * message and leaves the out-parameters as they were.
 */
#include "gf_test.h"

#define CHECK_MESSAGE_HAS(word)                                                                  \
    do {                                                                                         \
        if (!CHECK(strstr(gf_last_error_message(), (word)) != NULL))                             \
            printf("     message \"%s\" lacks \"%s\"\n", gf_last_error_message(), (word));       \
    } while (0)

static const char TREE[] =
    "{\"viewport\": [375, 200], \"root\": {\"frame\": [0, 0, 375, 200], \"children\": ["
    "{\"id\": \"avatar\", \"type\": \"image\", \"frame\": [16, 16, 48, 48]},"
    "{\"id\": \"bio\", \"type\": \"label\", \"frame\": [76, 16, 200, 40], \"lines\": 2},"
    "{\"type\": \"label\", \"frame\": [76, 70, 120, 20]},"
    "{\"id\": \"go\", \"type\": \"button\", \"frame\": [16, 100, 80, 30]}]}}";

static gf_scene *skeleton(void) {
    gf_scene *scene = NULL;
    CHECK_OK(gf_skeleton_from_json(TREE, strlen(TREE), &scene));
    return scene;
}

/* The info of the layer `id`, or a zeroed struct with kind -100 when there is none. */
static gf_layer_info info_of(gf_scene *scene, const char *id) {
    gf_layer_info info;
    uint32_t index = 0;
    gf_layer_info_init(&info);
    if (gf_scene_layer_index(scene, id, &index) != GF_OK || gf_scene_layer_info(scene, index, &info) != GF_OK) {
        memset(&info, 0, sizeof info);
        info.kind = -100;
    }
    return info;
}

static void check_info(gf_scene *scene, const char *id, int32_t kind, const char *view_id, int32_t line) {
    gf_layer_info info = info_of(scene, id);
    CHECK_STR(info.id, id);
    CHECK_EQ_INT(info.kind, kind);
    CHECK_STR(info.view_id, view_id);
    CHECK_EQ_INT(info.line, line);
    CHECK_EQ_INT(info.reserved, 0);
    CHECK_EQ_INT(info.struct_size, sizeof(gf_layer_info));
}

static void check_skeleton_identity(gf_scene *scene) {
    check_info(scene, "skeleton", GF_LAYER_NO_VIEW, "", -1);
    check_info(scene, "container:root", GF_LAYER_NO_VIEW, "", -1);
    check_info(scene, "bone:0", GF_VIEW_IMAGE, "avatar", -1);
    check_info(scene, "bone:1:line:0", GF_VIEW_LABEL, "bio", 0);
    check_info(scene, "bone:1:line:1", GF_VIEW_LABEL, "bio", 1);
    check_info(scene, "bone:2", GF_VIEW_LABEL, "", -1); /* a view without an id */
    check_info(scene, "bone:3", GF_VIEW_BUTTON, "go", -1);
}

static void test_skeleton_layers_name_their_views(void) {
    gf_scene *scene = skeleton();
    size_t count = 0;
    CHECK_OK(gf_scene_layer_count(scene, &count));
    CHECK_EQ_INT(count, 7);
    check_skeleton_identity(scene);
    gf_scene_free(scene);
}

static void test_strings_stay_until_the_scene_changes(void) {
    gf_scene *scene = skeleton();
    gf_layer_info first, other, again;
    gf_layer_info_init(&first);
    gf_layer_info_init(&other);
    gf_layer_info_init(&again);
    CHECK_OK(gf_scene_layer_info(scene, 2, &first));
    CHECK_OK(gf_scene_layer_info(scene, 3, &other));
    CHECK_OK(gf_scene_layer_info(scene, 2, &again));
    /* Later calls do not move the strings: the first call's pointers still read the same. */
    CHECK(first.id == again.id && first.view_id == again.view_id);
    CHECK_STR(first.id, "bone:0");
    CHECK_STR(first.view_id, "avatar");
    CHECK_STR(other.view_id, "bio");
    /* After a change the call answers again (new copies), and the values are the same. */
    CHECK_OK(gf_scene_set_custom(scene, "bone:0", "glow", 1));
    CHECK_OK(gf_scene_layer_info(scene, 2, &again));
    CHECK_STR(again.id, "bone:0");
    CHECK_STR(again.view_id, "avatar");
    gf_scene_free(scene);
}

static void test_kept_through_update_and_json(void) {
    gf_scene *scene = skeleton(), *again = NULL;
    gf_layer_desc desc;
    char *json = NULL;
    gf_layer_desc_init(&desc);
    desc.id = "bone:0";
    desc.parent = "container:root";
    desc.width = desc.height = 10;
    CHECK_OK(gf_scene_update_layer(scene, &desc));
    check_info(scene, "bone:0", GF_VIEW_IMAGE, "avatar", -1);
    CHECK_OK(gf_scene_to_json(scene, &json));
    CHECK(json != NULL && strstr(json, "\"source\": {") != NULL);
    if (json != NULL) {
        CHECK_OK(gf_scene_load_json(json, strlen(json), &again));
        if (again != NULL) check_skeleton_identity(again);
        gf_scene_free(again);
        gf_string_free(json);
    }
    gf_scene_free(scene);
}

static void test_host_layers_have_no_view(void) {
    static const char doc[] =
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": ["
        "{\"id\": \"plain\"},"
        "{\"id\": \"named\", \"source\": {\"view\": \"hero\", \"kind\": \"textField\"}}]}";
    static const char bad_kind[] =
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": ["
        "{\"id\": \"a\", \"source\": {\"kind\": \"lable\"}}]}";
    gf_scene *scene = NULL, *sentinel = (gf_scene *)(void *)gf_test_sentinel_storage, *out = sentinel;
    gf_layer_desc desc;
    CHECK_OK(gf_scene_load_json(doc, strlen(doc), &scene));
    check_info(scene, "plain", GF_LAYER_NO_VIEW, "", -1);
    check_info(scene, "named", GF_VIEW_TEXT_FIELD, "hero", -1);
    gf_layer_desc_init(&desc);
    desc.id = "mine";
    CHECK_OK(gf_scene_add_layer(scene, &desc, NULL));
    check_info(scene, "mine", GF_LAYER_NO_VIEW, "", -1);
    gf_scene_free(scene);
    CHECK_FAIL(gf_scene_load_json(bad_kind, strlen(bad_kind), &out), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("layers[0].source.kind: unknown view kind 'lable' (did you mean 'label'?)");
    CHECK_UNTOUCHED_PTR(out, sentinel);
}

static void test_layer_info_bad_input(void) {
    gf_scene *scene = skeleton();
    gf_layer_info info;
    memset(&info, SENTINEL_BYTE, sizeof info);
    info.struct_size = sizeof info;
    CHECK_FAIL(gf_scene_layer_info(scene, 7, &info), GF_E_NOT_FOUND);
    CHECK_MESSAGE_HAS("no layer at index 7 (there are 7)");
    CHECK(gf_test_all_bytes((const unsigned char *)&info + sizeof info.struct_size,
                            sizeof info - sizeof info.struct_size));
    info.struct_size = (uint32_t)offsetof(gf_layer_info, view_id);
    CHECK_FAIL(gf_scene_layer_info(scene, 0, &info), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("gf_layer_info.struct_size");
    CHECK(gf_test_all_bytes((const unsigned char *)&info + sizeof info.struct_size,
                            sizeof info - sizeof info.struct_size));
    CHECK_FAIL(gf_scene_layer_info(scene, 0, NULL), GF_E_NULL_ARGUMENT);
    info.struct_size = sizeof info;
    CHECK_FAIL(gf_scene_layer_info(NULL, 0, &info), GF_E_NULL_ARGUMENT);
    gf_layer_info_init(NULL); /* does nothing */
    gf_scene_free(scene);
}

static void check_color(const char *text, double r, double g, double b, double a) {
    double rgba[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    CHECK_OK(gf_color_parse(text, rgba));
    /* Exactly n / 255: the reader's arithmetic, bit for bit. */
    CHECK(gf_test_same_double(rgba[0], r) && gf_test_same_double(rgba[1], g) && gf_test_same_double(rgba[2], b) &&
          gf_test_same_double(rgba[3], a));
}

static void test_color_parse(void) {
    double rgba[4] = {SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE, SENTINEL_DOUBLE};
    const char *bad[] = {"#GG0000", "#12345", "#FFFF", " white", "white ", "", "rgb(1, 2, 3)", "#", "\xff"};
    size_t i;
    check_color("#F00", 1, 0, 0, 1);
    check_color("#f0a", 1, 0, 170.0 / 255, 1);
    check_color("#FF000080", 1, 0, 0, 128.0 / 255);
    check_color("#eeeeee", 238.0 / 255, 238.0 / 255, 238.0 / 255, 1);
    check_color("white", 1, 1, 1, 1);
    check_color("CornflowerBlue", 100.0 / 255, 149.0 / 255, 237.0 / 255, 1); /* #6495ED */
    check_color("REBECCAPURPLE", 102.0 / 255, 51.0 / 255, 153.0 / 255, 1);  /* #663399 */
    check_color("transparent", 0, 0, 0, 0);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_FAIL(gf_color_parse(bad[i], rgba), strcmp(bad[i], "\xff") == 0 ? GF_E_INVALID_UTF8 : GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(rgba[0]);
        CHECK_UNTOUCHED_DOUBLE(rgba[3]);
    }
    CHECK_FAIL(gf_color_parse("whtie", rgba), GF_E_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("found 'whtie' (did you mean 'white'?)");
    CHECK_FAIL(gf_color_parse(NULL, rgba), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_color_parse("white", NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(rgba[1]);
}

/* The scene format reads colour names through the same parser: a layer of "gold" samples as
   gf_color_parse("gold") says, and that is #FFD700. */
static void test_color_names_in_the_formats(void) {
    static const char doc[] =
        "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"a\", \"backgroundColor\": \"Gold\"}]}";
    gf_scene *scene = NULL;
    gf_layer_state state;
    size_t count = 0;
    double rgba[4];
    CHECK_OK(gf_scene_load_json(doc, strlen(doc), &scene));
    CHECK_OK(gf_scene_sample(scene, 0, &state, 1, &count));
    CHECK_OK(gf_color_parse("gold", rgba));
    CHECK(gf_test_same_double(state.r, rgba[0]) && gf_test_same_double(state.g, rgba[1]) &&
          gf_test_same_double(state.b, rgba[2]) && gf_test_same_double(state.a, rgba[3]));
    CHECK(gf_test_same_double(rgba[0], 1) && gf_test_same_double(rgba[1], 215.0 / 255) && rgba[2] == 0);
    gf_scene_free(scene);
}

int main(void) {
    RUN(test_skeleton_layers_name_their_views);
    RUN(test_strings_stay_until_the_scene_changes);
    RUN(test_kept_through_update_and_json);
    RUN(test_host_layers_have_no_view);
    RUN(test_layer_info_bad_input);
    RUN(test_color_parse);
    RUN(test_color_names_in_the_formats);
    return gf_test_summary();
}
