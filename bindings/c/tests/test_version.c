/* Versions, status codes, error messages (thread-local), gf_string_free. */
#include <pthread.h>

#include "gf_test.h"

static char message_in_fresh_thread[512];
static char message_set_in_thread[512];

static void copy_message(char *to, size_t size) {
    const char *message = gf_last_error_message();
    strncpy(to, message ? message : "(null)", size - 1);
    to[size - 1] = '\0';
}

static void test_versions(void) {
    char expected[64];
    CHECK_STR(gf_version_string(), GF_VERSION_STRING);
    CHECK_EQ_INT(gf_version_number(), GF_VERSION_NUMBER);
    CHECK_EQ_INT(gf_abi_version(), GF_ABI_VERSION);
    /* The header's own macros agree with each other. */
    sprintf(expected, "%d.%d.%d", GF_VERSION_MAJOR, GF_VERSION_MINOR, GF_VERSION_PATCH);
    CHECK_STR(GF_VERSION_STRING, expected);
    CHECK_EQ_INT(GF_VERSION_NUMBER, GF_VERSION_MAJOR * 10000 + GF_VERSION_MINOR * 100 + GF_VERSION_PATCH);
    /* Static storage: the same text on every call. */
    CHECK_STR(gf_version_string(), gf_version_string());
}

static void test_status_strings(void) {
    static const gf_status unknown[] = {1, 2, 100, -11, -12, -99, -101, INT32_MIN, INT32_MAX};
    size_t i;
    CHECK_STR(gf_status_string(GF_OK), "GF_OK");
    CHECK_STR(gf_status_string(GF_E_NULL_ARGUMENT), "GF_E_NULL_ARGUMENT");
    CHECK_STR(gf_status_string(GF_E_INVALID_ARGUMENT), "GF_E_INVALID_ARGUMENT");
    CHECK_STR(gf_status_string(GF_E_PARSE), "GF_E_PARSE");
    CHECK_STR(gf_status_string(GF_E_BUFFER_TOO_SMALL), "GF_E_BUFFER_TOO_SMALL");
    CHECK_STR(gf_status_string(GF_E_INVALID_UTF8), "GF_E_INVALID_UTF8");
    CHECK_STR(gf_status_string(GF_E_NOT_FOUND), "GF_E_NOT_FOUND");
    CHECK_STR(gf_status_string(GF_E_LIMIT), "GF_E_LIMIT");
    CHECK_STR(gf_status_string(GF_E_MISUSE), "GF_E_MISUSE");
    CHECK_STR(gf_status_string(GF_E_CALLBACK), "GF_E_CALLBACK");
    CHECK_STR(gf_status_string(GF_E_IO), "GF_E_IO");
    CHECK_STR(gf_status_string(GF_E_INTERNAL), "GF_E_INTERNAL");
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) CHECK_STR(gf_status_string(unknown[i]), "unknown status");
    /* The codes are the documented values (bindings hard-code them). */
    CHECK_EQ_INT(GF_OK, 0);
    CHECK_EQ_INT(GF_E_NULL_ARGUMENT, -1);
    CHECK_EQ_INT(GF_E_INVALID_ARGUMENT, -2);
    CHECK_EQ_INT(GF_E_PARSE, -3);
    CHECK_EQ_INT(GF_E_BUFFER_TOO_SMALL, -4);
    CHECK_EQ_INT(GF_E_INVALID_UTF8, -5);
    CHECK_EQ_INT(GF_E_NOT_FOUND, -6);
    CHECK_EQ_INT(GF_E_LIMIT, -7);
    CHECK_EQ_INT(GF_E_MISUSE, -8);
    CHECK_EQ_INT(GF_E_CALLBACK, -9);
    CHECK_EQ_INT(GF_E_IO, -10);
    CHECK_EQ_INT(GF_E_INTERNAL, -100);
}

/* Runs first: nothing has failed on this thread yet. */
static void test_no_error_yet(void) {
    const char *message = gf_last_error_message();
    CHECK(message != NULL);
    CHECK_STR(message, "");
}

static void *thread_main(void *arg) {
    gf_curve *curve = SENTINEL_CURVE;
    (void)arg;
    copy_message(message_in_fresh_thread, sizeof message_in_fresh_thread);
    if (gf_curve_parse("eaze", &curve) != GF_OK)
        copy_message(message_set_in_thread, sizeof message_set_in_thread);
    else
        gf_curve_free(curve);
    return NULL;
}

static void test_messages_are_thread_local(void) {
    char main_message[512];
    pthread_t thread;
    gf_curve *curve = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse(NULL, &curve), GF_E_NULL_ARGUMENT);
    copy_message(main_message, sizeof main_message);
    CHECK(pthread_create(&thread, NULL, thread_main, NULL) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK_STR(message_in_fresh_thread, ""); /* a new thread has no error yet */
    CHECK(message_set_in_thread[0] != '\0');
    CHECK(strcmp(message_set_in_thread, main_message) != 0);
    CHECK_STR(gf_last_error_message(), main_message); /* the other thread's failure did not reach here */
}

static void test_success_keeps_message(void) {
    char before[512];
    gf_curve *curve = NULL;
    double y = 0;
    CHECK_FAIL(gf_curve_eval(NULL, 0.5, 0, &y), GF_E_NULL_ARGUMENT);
    copy_message(before, sizeof before);
    CHECK(before[0] != '\0');
    /* Successful calls do not touch the message. */
    (void)gf_version_string();
    (void)gf_status_string(GF_E_PARSE);
    CHECK_OK(gf_curve_parse("linear", &curve));
    CHECK_OK(gf_curve_eval(curve, 0.25, 0, &y));
    CHECK_NEAR(y, 0.25, 0);
    gf_curve_free(curve);
    CHECK_STR(gf_last_error_message(), before);
}

static void test_message_names_the_problem(void) {
    gf_curve *curve = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse("eaze", &curve), GF_E_PARSE);
    CHECK(strstr(gf_last_error_message(), "eaze") != NULL);
    CHECK_UNTOUCHED_PTR(curve, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(curve);
}

static void test_frees_accept_null(void) {
    char before[512];
    gf_curve *curve = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse("", &curve), GF_E_PARSE);
    RELEASE_UNEXPECTED_CURVE(curve);
    copy_message(before, sizeof before);
    /* Each must simply return (a crash fails the binary) and, not being a failure, keep the message. */
    gf_string_free(NULL);
    gf_curve_free(NULL);
    gf_timing_free(NULL);
    gf_spring_init(NULL);
    gf_timing_params_init(NULL);
    gf_core_animation_timing_init(NULL);
    CHECK_STR(gf_last_error_message(), before);
}

int main(void) {
    RUN(test_no_error_yet);
    RUN(test_versions);
    RUN(test_status_strings);
    RUN(test_messages_are_thread_local);
    RUN(test_success_keeps_message);
    RUN(test_message_names_the_problem);
    RUN(test_frees_accept_null);
    return gf_test_summary();
}
