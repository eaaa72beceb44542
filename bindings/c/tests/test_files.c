/*
 * The file conveniences (issue 30): gf_scene_from_file, gf_skeleton_from_file and
 * gf_timeline_from_file. The reference for each is the text call on the same bytes: a file that
 * loads gives what the text call gives (sampled bit for bit, the same JSON back), and a document
 * the text call refuses is refused with the same status and the same message after the path.
 * The file's own failures: NULL, empty and too long paths, a missing file or folder, a directory,
 * a FIFO (answered without blocking), an unreadable file (when not root), invalid UTF-8, and a file
 * past GF_MAX_TEXT_BYTES, refused from its size (a sparse file of 1 TiB is never read).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, mkfifo, ftruncate, chdir, getcwd, geteuid under -std=c99 */
#include <sys/stat.h>
#include <unistd.h>

#include "gf_test.h"

#define SENTINEL_SCENE ((gf_scene *)(void *)gf_test_sentinel_storage)
#define SENTINEL_TIMELINE ((gf_timeline *)(void *)gf_test_sentinel_storage)

static const char scene_json[] =
    "{\"format\": \"ghostframe-scene\", \"version\": 1,"
    " \"layers\": [{\"id\": \"card\", \"frame\": [0, 0, 100, 50], \"backgroundColor\": \"#336699\"}],"
    " \"animations\": [{\"layer\": \"card\", \"type\": \"basic\", \"keyPath\": \"opacity\","
    " \"from\": 1, \"to\": 0, \"coreAnimation\": {\"duration\": 2, \"easing\": \"easeInEaseOut\"}}]}";

static const char tree_json[] =
    "{\"viewport\": [375, 200], \"style\": {\"animation\": \"shimmer\"},"
    " \"root\": {\"id\": \"screen\", \"frame\": [0, 0, 375, 200], \"children\": ["
    "  {\"id\": \"avatar\", \"type\": \"image\", \"frame\": [16, 16, 48, 48], \"cornerRadius\": 24},"
    "  {\"id\": \"name\", \"type\": \"label\", \"frame\": [76, 16, 120, 20]},"
    "  {\"id\": \"bio\", \"type\": \"label\", \"frame\": [76, 44, 280, 40], \"lines\": 2}]}}";

static const char timeline_json[] =
    "{\"definitions\": {\"pop\": {\"curve\": \"ease-out\", \"changes\": {\"transform.scale\": 0.2}}},"
    " \"timeline\": {\"sequence\": [{\"stagger\": 0.1},"
    "  {\"anim\": \"pop\", \"layers\": [\"a\", \"b\", \"c\"], \"duration\": 0.5}, {\"delay\": 0.25}]}}";

static char folder[256];

/* folder/name into out (the tests' paths are short). */
static const char *path_of(char *out, size_t size, const char *name) {
    snprintf(out, size, "%s/%s", folder, name);
    return out;
}

/* Writes `length` bytes to folder/name; returns its path in `out`. */
static const char *write_file(char *out, size_t size, const char *name, const void *bytes, size_t length) {
    FILE *file = fopen(path_of(out, size, name), "wb");
    if (file == NULL || fwrite(bytes, 1, length, file) != length || fclose(file) != 0) {
        printf("cannot write the test file %s\n", out);
        exit(2);
    }
    return out;
}

/* Whether a and b have the same layers and sample to the same bytes at a few times. */
static int same_scene(gf_scene *a, gf_scene *b) {
    static const double times[] = {0, 0.25, 0.5, 1, 1.75, 3};
    gf_layer_state sa[64], sb[64];
    size_t na = 0, nb = 0, i;
    if (gf_scene_layer_count(a, &na) != GF_OK || gf_scene_layer_count(b, &nb) != GF_OK) return 0;
    if (na != nb || na == 0 || na > 64) return 0;
    for (i = 0; i < sizeof times / sizeof times[0]; i++) {
        memset(sa, 0, sizeof sa);
        memset(sb, 0, sizeof sb);
        if (gf_scene_sample(a, times[i], sa, 64, &na) != GF_OK) return 0;
        if (gf_scene_sample(b, times[i], sb, 64, &nb) != GF_OK) return 0;
        if (na != nb || memcmp(sa, sb, na * sizeof sa[0]) != 0) return 0;
    }
    return 1;
}

static void test_a_file_loads_as_its_text_does(void) {
    char path[512];
    gf_scene *from_file = NULL, *from_text = NULL;
    gf_timeline *timeline_file = NULL, *timeline_text = NULL;
    char *json_file = NULL, *json_text = NULL;
    double duration_file = -1, duration_text = -2;

    write_file(path, sizeof path, "scene.json", scene_json, strlen(scene_json));
    CHECK_OK(gf_scene_from_file(path, &from_file));
    CHECK_OK(gf_scene_load_json(scene_json, strlen(scene_json), &from_text));
    CHECK(from_file != NULL && from_text != NULL && same_scene(from_file, from_text));
    gf_scene_free(from_file);
    gf_scene_free(from_text);

    write_file(path, sizeof path, "tree.json", tree_json, strlen(tree_json));
    from_file = from_text = NULL;
    CHECK_OK(gf_skeleton_from_file(path, &from_file));
    CHECK_OK(gf_skeleton_from_json(tree_json, strlen(tree_json), &from_text));
    CHECK(from_file != NULL && from_text != NULL && same_scene(from_file, from_text));
    gf_scene_free(from_file);
    gf_scene_free(from_text);

    write_file(path, sizeof path, "timeline.json", timeline_json, strlen(timeline_json));
    CHECK_OK(gf_timeline_from_file(path, &timeline_file));
    CHECK_OK(gf_timeline_from_json(timeline_json, strlen(timeline_json), &timeline_text));
    if (timeline_file != NULL && timeline_text != NULL) {
        CHECK_OK(gf_timeline_duration(timeline_file, &duration_file));
        CHECK_OK(gf_timeline_duration(timeline_text, &duration_text));
        /* Three staggered 0.5 s instances (0, 0.1, 0.2) and a 0.25 s delay: 0.95 s, by hand. */
        CHECK_NEAR(duration_file, 0.95, 1e-12);
        CHECK(gf_test_same_double(duration_file, duration_text));
        CHECK_OK(gf_timeline_to_json(timeline_file, &json_file));
        CHECK_OK(gf_timeline_to_json(timeline_text, &json_text));
        CHECK(json_file != NULL && json_text != NULL && strcmp(json_file, json_text) == 0);
    }
    gf_string_free(json_file);
    gf_string_free(json_text);
    gf_timeline_free(timeline_file);
    gf_timeline_free(timeline_text);
}

static void test_a_relative_path_is_read_from_the_working_directory(void) {
    char path[512], cwd[4096];
    gf_scene *scene = NULL;
    write_file(path, sizeof path, "relative.json", scene_json, strlen(scene_json));
    if (getcwd(cwd, sizeof cwd) == NULL || chdir(folder) != 0) {
        CHECK(!"cannot change into the test folder");
        return;
    }
    CHECK_OK(gf_scene_from_file("relative.json", &scene));
    CHECK(scene != NULL);
    gf_scene_free(scene);
    CHECK(chdir(cwd) == 0);
}

/* The message after a failing text call, copied (the next call replaces it). */
static void text_message(char *out, size_t size) { snprintf(out, size, "%s", gf_last_error_message()); }

/* One reader's file call refuses what its text call refused (`text_status`, its message in
   `want`): the same status, the message "<path>: <text message>", and `out` left as it was. */
#define CHECK_FILE_AS_TEXT(file_call, out, sentinel)                        \
    do {                                                                     \
        CHECK(text_status < 0);                                              \
        snprintf(expected, sizeof expected, "%s: %s", path, want);           \
        CHECK_FAIL(file_call, text_status);                                  \
        CHECK_STR(gf_last_error_message(), expected);                        \
        CHECK_UNTOUCHED_PTR(out, sentinel);                                  \
    } while (0)

/* The file call refuses `bytes` as the text call does, for each of the three readers. */
static void check_refused_alike(const char *name, const char *bytes, size_t length) {
    char path[512], want[2048], expected[2600];
    gf_scene *scene = SENTINEL_SCENE;
    gf_timeline *timeline = SENTINEL_TIMELINE;
    gf_status text_status;
    write_file(path, sizeof path, name, bytes, length);

    text_status = gf_scene_load_json(bytes, length, &scene);
    text_message(want, sizeof want);
    CHECK_FILE_AS_TEXT(gf_scene_from_file(path, &scene), scene, SENTINEL_SCENE);

    text_status = gf_skeleton_from_json(bytes, length, &scene);
    text_message(want, sizeof want);
    CHECK_FILE_AS_TEXT(gf_skeleton_from_file(path, &scene), scene, SENTINEL_SCENE);

    text_status = gf_timeline_from_json(bytes, length, &timeline);
    text_message(want, sizeof want);
    CHECK_FILE_AS_TEXT(gf_timeline_from_file(path, &timeline), timeline, SENTINEL_TIMELINE);
}

static void test_a_bad_document_fails_as_its_text_does_with_the_path(void) {
    static const char not_json[] = "{\"layers\": [1, 2,";
    static const char wrong_shape[] = "{\"layers\": 3, \"root\": 4, \"timeline\": 5}";
    static const char empty[] = "";
    static const char bad_utf8[] = "{\"id\": \"\xC3\x28\"}";
    check_refused_alike("not-json.json", not_json, strlen(not_json));
    check_refused_alike("wrong-shape.json", wrong_shape, strlen(wrong_shape));
    check_refused_alike("empty.json", empty, 0);
    /* The text calls say GF_E_INVALID_UTF8 for the argument ("json is not valid UTF-8"); the file
       calls for the file. */
    {
        char path[512];
        gf_scene *scene = SENTINEL_SCENE;
        write_file(path, sizeof path, "bad-utf8.json", bad_utf8, strlen(bad_utf8));
        CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_INVALID_UTF8);
        CHECK(strncmp(gf_last_error_message(), path, strlen(path)) == 0);
        CHECK(strstr(gf_last_error_message(), "not valid UTF-8") != NULL);
        CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    }
}

/* The message begins with `path` and holds `words`. */
static void check_message(const char *path, const char *words) {
    const char *message = gf_last_error_message();
    if (!CHECK(strncmp(message, path, strlen(path)) == 0 && strstr(message, words) != NULL))
        printf("     message \"%s\", want \"%s: ...%s...\"\n", message, path, words);
}

static void test_the_file_errors(void) {
    char path[512], long_path[5000];
    gf_scene *scene = SENTINEL_SCENE;
    gf_timeline *timeline = SENTINEL_TIMELINE;

    CHECK_FAIL(gf_scene_from_file(NULL, &scene), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_from_file(NULL, &scene), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_from_file(NULL, &timeline), GF_E_NULL_ARGUMENT);
    write_file(path, sizeof path, "out-null.json", scene_json, strlen(scene_json));
    CHECK_FAIL(gf_scene_from_file(path, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_skeleton_from_file(path, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_timeline_from_file(path, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_from_file("", &scene), GF_E_INVALID_ARGUMENT);
    memset(long_path, 'a', sizeof long_path - 1);
    long_path[sizeof long_path - 1] = '\0';
    CHECK_FAIL(gf_scene_from_file(long_path, &scene), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "PATH_MAX") != NULL);

    path_of(path, sizeof path, "missing.json");
    CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_NOT_FOUND);
    check_message(path, "no such file");
    CHECK_FAIL(gf_skeleton_from_file(path, &scene), GF_E_NOT_FOUND);
    check_message(path, "no such file");
    CHECK_FAIL(gf_timeline_from_file(path, &timeline), GF_E_NOT_FOUND);
    check_message(path, "no such file");
    path_of(path, sizeof path, "no-such-folder/scene.json");
    CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_NOT_FOUND);
    check_message(path, "no such file");
    /* A regular file used as a folder (ENOTDIR): there is no such file either. */
    path_of(path, sizeof path, "out-null.json/scene.json");
    CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_NOT_FOUND);

    CHECK_FAIL(gf_scene_from_file(folder, &scene), GF_E_IO);
    check_message(folder, "not a regular file (a directory)");
    CHECK_FAIL(gf_timeline_from_file(folder, &timeline), GF_E_IO);

    /* A FIFO without a writer: a blocking open would wait forever. */
    path_of(path, sizeof path, "fifo");
    if (CHECK(mkfifo(path, 0600) == 0)) {
        CHECK_FAIL(gf_skeleton_from_file(path, &scene), GF_E_IO);
        check_message(path, "not a regular file (a FIFO)");
    }

    /* Unreadable: root reads any file, so only an unprivileged run can check it. */
    write_file(path, sizeof path, "unreadable.json", scene_json, strlen(scene_json));
    if (geteuid() != 0 && CHECK(chmod(path, 0) == 0)) {
        CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_IO);
        check_message(path, "cannot open (Permission denied)");
    } else {
        printf("note: running as root, the unreadable-file check is skipped\n");
    }
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    CHECK_UNTOUCHED_PTR(timeline, SENTINEL_TIMELINE);
    CHECK(strcmp(gf_status_string(GF_E_IO), "GF_E_IO") == 0);
}

/* A sparse file of `size` bytes (no disk blocks): folder/name. */
static int sparse_file(char *path, size_t size_of_path, const char *name, long long size) {
    FILE *file = fopen(path_of(path, size_of_path, name), "wb");
    int ok = file != NULL && ftruncate(fileno(file), (off_t)size) == 0;
    if (file != NULL) ok = fclose(file) == 0 && ok;
    return ok;
}

static void test_a_file_past_the_text_limit_is_refused_from_its_size(void) {
    char path[512], words[128];
    gf_scene *scene = SENTINEL_SCENE;
    gf_timeline *timeline = SENTINEL_TIMELINE;
    const long long over = (long long)GF_MAX_TEXT_BYTES + 1, huge = 1LL << 40;

    if (CHECK(sparse_file(path, sizeof path, "over.json", over))) {
        snprintf(words, sizeof words, "the file is %lld bytes", over);
        CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_LIMIT);
        check_message(path, words);
        CHECK(strstr(gf_last_error_message(), "GF_MAX_TEXT_BYTES") != NULL);
        CHECK_FAIL(gf_skeleton_from_file(path, &scene), GF_E_LIMIT);
        CHECK_FAIL(gf_timeline_from_file(path, &timeline), GF_E_LIMIT);
    }
    /* 1 TiB: the message gives the size, so the call answered before reading (a read would stop
       past the limit and say the file grew). */
    if (sparse_file(path, sizeof path, "huge.json", huge)) {
        snprintf(words, sizeof words, "the file is %lld bytes", huge);
        CHECK_FAIL(gf_scene_from_file(path, &scene), GF_E_LIMIT);
        check_message(path, words);
    } else {
        printf("note: this file system has no sparse 1 TiB files; the huge-file check is skipped\n");
    }
    CHECK_UNTOUCHED_PTR(scene, SENTINEL_SCENE);
    CHECK_UNTOUCHED_PTR(timeline, SENTINEL_TIMELINE);
}

static void remove_folder(void) {
    static const char *names[] = {"scene.json", "tree.json", "timeline.json", "relative.json", "not-json.json",
                                  "wrong-shape.json", "empty.json", "bad-utf8.json", "out-null.json", "fifo",
                                  "unreadable.json", "over.json", "huge.json"};
    char path[512];
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) remove(path_of(path, sizeof path, names[i]));
    rmdir(folder);
}

int main(void) {
    const char *tmp = getenv("TMPDIR");
    snprintf(folder, sizeof folder, "%s/gf-test-files-XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
    if (mkdtemp(folder) == NULL) {
        printf("cannot make a temporary folder under %s\n", folder);
        return 2;
    }
    RUN(test_a_file_loads_as_its_text_does);
    RUN(test_a_relative_path_is_read_from_the_working_directory);
    RUN(test_a_bad_document_fails_as_its_text_does_with_the_path);
    RUN(test_the_file_errors);
    RUN(test_a_file_past_the_text_limit_is_refused_from_its_size);
    remove_folder();
    return gf_test_summary();
}
