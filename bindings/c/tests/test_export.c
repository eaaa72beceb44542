/*
 * gf_scene_export through the C API: the defaults of its structs, the two-call buffer pattern
 * (length first, then the document and its NUL; a buffer one byte short is too small), the three
 * formats, what the report says of an ease-in opacity animation (written exactly, with Core
 * Animation's easeIn control points), of a spring (a linear() point list within 0.1 % of its move,
 * whatever the frame rate) and of two additive animations at once (baked, the error shrinking with
 * the frame rate), and refusals:
 * NULLs, NaN and out-of-range numbers, an unknown format, a small struct_size, a document past
 * max_bytes (GF_E_LIMIT), an empty scene, a freed scene. Every failure but GF_E_BUFFER_TOO_SMALL
 * leaves the out-parameters untouched.
 */
#include <float.h>
#include <stdlib.h>

#include "gf_test.h"

static const char *SCENE =
    "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"box\", \"frame\": [10, 20, 100, 50], \"backgroundColor\": \"#3F51B5\"}],"
    " \"animations\": [{\"layer\": \"box\", \"type\": \"basic\", \"keyPath\": \"opacity\", \"from\": 0.2, \"to\": 0.9,"
    " \"timing\": {\"duration\": 1, \"easing\": \"ease-in\", \"fill\": \"forwards\"}, \"removedOnCompletion\": false}]}";

static const char *SPRING_SCENE =
    "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"box\", \"frame\": [10, 20, 100, 50], \"backgroundColor\": \"#3F51B5\"}],"
    " \"animations\": [{\"layer\": \"box\", \"type\": \"spring\", \"keyPath\": \"position.x\", \"from\": 60, \"to\": 200,"
    " \"spring\": {\"mass\": 1, \"stiffness\": 120, \"damping\": 8}, \"timing\": {\"duration\": 1.5, \"fill\": \"forwards\"},"
    " \"removedOnCompletion\": false}]}";

/* Two additive moves of one property at once, along different curves: a sum no curve states. */
static const char *SUM_SCENE =
    "{\"format\": \"ghostframe-scene\", \"version\": 1, \"layers\": [{\"id\": \"box\", \"frame\": [10, 20, 100, 50], \"backgroundColor\": \"#3F51B5\"}],"
    " \"animations\": [{\"layer\": \"box\", \"type\": \"basic\", \"keyPath\": \"position.x\", \"by\": 100, \"additive\": true,"
    " \"timing\": {\"duration\": 1, \"easing\": \"ease-in\", \"fill\": \"forwards\"}, \"removedOnCompletion\": false},"
    " {\"layer\": \"box\", \"type\": \"basic\", \"keyPath\": \"position.x\", \"by\": 50, \"additive\": true,"
    " \"timing\": {\"duration\": 0.6, \"delay\": 0.2, \"easing\": \"ease-out\", \"fill\": \"forwards\"}, \"removedOnCompletion\": false}]}";

static gf_scene *load(const char *json) {
    gf_scene *scene = NULL;
    CHECK_OK(gf_scene_load_json(json, strlen(json), &scene));
    return scene;
}

/* Exports with the two calls; returns the document (free it) or NULL. */
static char *export_scene(gf_scene *scene, const gf_export_params *params, gf_export_report *report) {
    size_t length = 0;
    char *buffer;
    CHECK_FAIL(gf_scene_export(scene, params, NULL, 0, &length, report), GF_E_BUFFER_TOO_SMALL);
    CHECK(length > 0);
    buffer = malloc(length + 1);
    if (buffer == NULL) return NULL;
    /* One byte short: no room for the NUL. */
    memset(buffer, SENTINEL_BYTE, length + 1);
    CHECK_FAIL(gf_scene_export(scene, params, buffer, length, &length, report), GF_E_BUFFER_TOO_SMALL);
    CHECK_UNTOUCHED_BYTES(buffer, length + 1);
    CHECK_OK(gf_scene_export(scene, params, buffer, length + 1, &length, report));
    CHECK(strlen(buffer) == length);
    return buffer;
}

static void defaults(void) {
    gf_export_params params;
    gf_export_report report;
    gf_export_params_init(&params);
    CHECK(params.struct_size == sizeof params);
    CHECK(params.format == GF_EXPORT_LOTTIE && params.duration == 0 && params.fps == 60);
    CHECK(params.max_bytes == GF_MAX_EXPORT_BYTES);
    gf_export_report_init(&report);
    CHECK(report.struct_size == sizeof report && report.baked_properties == 0 && report.max_error == 0);
    gf_export_params_init(NULL);
    gf_export_report_init(NULL);
}

static void formats(void) {
    gf_scene *scene = load(SCENE);
    gf_export_params params;
    gf_export_report report;
    char *text;
    gf_export_params_init(&params);
    gf_export_report_init(&report);
    text = export_scene(scene, &params, &report);
    if (text != NULL) {
        CHECK(strncmp(text, "{\"v\":", 5) == 0);
        /* Core Animation's easeIn, written as the keyframe's out and in tangents. */
        CHECK(strstr(text, "\"o\":{\"x\":0.42,\"y\":0},\"i\":{\"x\":1,\"y\":1}") != NULL);
    }
    free(text);
    /* Until the animation ends (1 s), played once; one animated property, exact. */
    CHECK(report.duration == 1 && report.fps == 60 && report.loops == 0);
    CHECK(report.exact_properties >= 1 && report.baked_properties == 0 && report.max_error == 0);
    params.format = GF_EXPORT_HTML;
    text = export_scene(scene, &params, NULL);
    if (text != NULL) CHECK(strncmp(text, "<!DOCTYPE html>", 15) == 0 && strstr(text, "prefers-reduced-motion") != NULL);
    free(text);
    params.format = GF_EXPORT_SVG;
    params.duration = 2;
    text = export_scene(scene, &params, &report);
    if (text != NULL) CHECK(strncmp(text, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
    free(text);
    CHECK(report.duration == 2);
    CHECK_OK(gf_scene_free(scene));
}

/* The reports of `json` exported at 24 and at 96 frames a second. */
static void reports_at_two_rates(const char *json, gf_export_report *coarse, gf_export_report *fine) {
    gf_scene *scene = load(json);
    gf_export_params params;
    gf_export_params_init(&params);
    gf_export_report_init(coarse);
    gf_export_report_init(fine);
    params.fps = 24;
    free(export_scene(scene, &params, coarse));
    params.fps = 96;
    free(export_scene(scene, &params, fine));
    CHECK_OK(gf_scene_free(scene));
}

static void approximated_spring(void) {
    gf_export_report report, finer;
    reports_at_two_rates(SPRING_SCENE, &report, &finer);
    /* Counted with the baked properties; 0.1 % of the 140 pt move, or what was measured if more. */
    CHECK(report.baked_properties >= 1 && report.max_error >= 0.14 - 1e-9 && report.max_error <= 0.28);
    CHECK(finer.baked_properties >= 1 && finer.max_error >= 0.14 - 1e-9 && finer.max_error <= 0.28);
}

static void baked_sum(void) {
    gf_export_report report, finer;
    reports_at_two_rates(SUM_SCENE, &report, &finer);
    CHECK(report.baked_properties >= 1 && report.max_error > 0 && report.max_error < 10);
    /* Four times the rate: the error between samples shrinks (about 16 times for a smooth value). */
    CHECK(finer.max_error < report.max_error / 4);
}

static void refusals(void) {
    gf_scene *scene = load(SCENE), *empty = NULL, *freed = load(SCENE);
    gf_export_params params;
    gf_export_report report;
    char buffer[64];
    size_t length = 12345;
    memset(buffer, SENTINEL_BYTE, sizeof buffer);
    gf_export_report_init(&report);
    CHECK_FAIL(gf_scene_export(NULL, NULL, buffer, sizeof buffer, &length, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_scene_export(scene, NULL, buffer, sizeof buffer, NULL, NULL), GF_E_NULL_ARGUMENT);
#define REFUSED(field, value, want)                                                               \
    do {                                                                                          \
        gf_export_params_init(&params);                                                           \
        params.field = (value);                                                                   \
        CHECK_FAIL(gf_scene_export(scene, &params, buffer, sizeof buffer, &length, &report), want); \
    } while (0)
    REFUSED(format, 7, GF_E_INVALID_ARGUMENT);
    REFUSED(format, -1, GF_E_INVALID_ARGUMENT);
    REFUSED(fps, 0, GF_E_INVALID_ARGUMENT);
    REFUSED(fps, NAN, GF_E_INVALID_ARGUMENT);
    REFUSED(fps, INFINITY, GF_E_INVALID_ARGUMENT);
    REFUSED(fps, GF_MAX_EXPORT_FPS + 1, GF_E_INVALID_ARGUMENT);
    REFUSED(duration, -1, GF_E_INVALID_ARGUMENT);
    REFUSED(duration, NAN, GF_E_INVALID_ARGUMENT);
    REFUSED(duration, DBL_MAX, GF_E_INVALID_ARGUMENT);
    REFUSED(max_bytes, 0, GF_E_INVALID_ARGUMENT);
    REFUSED(max_bytes, (uint64_t)GF_MAX_EXPORT_BYTES + 1, GF_E_INVALID_ARGUMENT);
    REFUSED(max_bytes, 100, GF_E_LIMIT);
    REFUSED(struct_size, 8, GF_E_INVALID_ARGUMENT);
    /* 3,000 s at 240 fps: past GF_MAX_EXPORT_FRAMES, refused before anything is sampled. */
    gf_export_params_init(&params);
    params.duration = 3000;
    params.fps = 240;
    CHECK_FAIL(gf_scene_export(scene, &params, buffer, sizeof buffer, &length, &report), GF_E_LIMIT);
    report.struct_size = 4;
    CHECK_FAIL(gf_scene_export(scene, NULL, buffer, sizeof buffer, &length, &report), GF_E_INVALID_ARGUMENT);
    CHECK(length == 12345);
    CHECK_UNTOUCHED_BYTES(buffer, sizeof buffer);
    CHECK_OK(gf_scene_create(&empty));
    CHECK_FAIL(gf_scene_export(empty, NULL, buffer, sizeof buffer, &length, NULL), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "no layers") != NULL);
    CHECK_OK(gf_scene_free(empty));
    CHECK_OK(gf_scene_free(freed));
    CHECK_FAIL(gf_scene_export(freed, NULL, buffer, sizeof buffer, &length, NULL), GF_E_MISUSE);
    CHECK(length == 12345);
    CHECK_OK(gf_scene_free(scene));
#undef REFUSED
}

int main(void) {
    RUN(defaults);
    RUN(formats);
    RUN(approximated_spring);
    RUN(baked_sum);
    RUN(refusals);
    return gf_test_summary();
}
