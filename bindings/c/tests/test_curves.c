/* Curves: parsing, known values, the before flag, batch evaluation, specs, and bad input. */
#include <pthread.h>

#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Parses a spec that must be valid; NULL (and a failed check) if it is not. */
static gf_curve *parse(const char *spec) {
    gf_curve *curve = NULL;
    gf_status status = gf_curve_parse(spec, &curve);
    if (!gf_test_check(status == GF_OK && curve != NULL, __FILE__, __LINE__, "parse a valid spec"))
        printf("     spec \"%s\": %s: %s\n", spec, gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? curve : NULL;
}

/* curve(x) with before flag 0; NaN (and a failed check) if the call fails. */
static double eval(const gf_curve *curve, double x, int32_t before_flag) {
    double y = SENTINEL_DOUBLE;
    gf_status status;
    if (curve == NULL) return NAN;
    status = gf_curve_eval(curve, x, before_flag, &y);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_curve_eval succeeds"))
        printf("     x = %g: %s: %s\n", x, gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? y : NAN;
}

static void check_value(const char *spec, double x, double want, double tol) {
    gf_curve *curve = parse(spec);
    double y = eval(curve, x, 0);
    if (!gf_test_check(fabs(y - want) <= tol, __FILE__, __LINE__, "known curve value"))
        printf("     %s(%g) = %.10g, want %.10g +- %g\n", spec, x, y, want, tol);
    gf_curve_free(curve);
}

/* Two specs describe the same curve: equal values at many points (within tol). */
static void check_same_curve(const char *a, const char *b, double tol) {
    gf_curve *ca = parse(a), *cb = parse(b);
    int i, same = ca != NULL && cb != NULL;
    for (i = -10; i <= 30 && same; i++) {
        double x = i / 20.0, ya = eval(ca, x, 0), yb = eval(cb, x, 0);
        if (!(fabs(ya - yb) <= tol)) {
            printf("     %s(%g) = %.10g but %s(%g) = %.10g\n", a, x, ya, b, x, yb);
            same = 0;
        }
    }
    if (!gf_test_check(same, __FILE__, __LINE__, "two specs give the same curve")) printf("     \"%s\" vs \"%s\"\n", a, b);
    gf_curve_free(ca);
    gf_curve_free(cb);
}

static void test_known_values(void) {
    check_value("linear", 0.3, 0.3, 0);
    check_value("ease", 0.5, 0.8024034, 1e-6);
    check_value("ease", 0.25, 0.4085106, 1e-6);
    check_value("ease-in", 0.5, 0.3153568, 1e-6);
    check_value("ease-in-out", 0.5, 0.5, 1e-9);
    check_value("ease-in-out", 0.25, 0.1291619, 1e-6);
    check_value("easeOutBounce", 0.3, 0.680625, 1e-9);
    check_value("easeOutBounce", 0.5, 0.765625, 1e-9);
    check_value("easeInQuad", 0.5, 0.25, 1e-12);
    check_value("easeInOutCubic", 0.25, 0.0625, 1e-12);
    check_value("linear(0, 0.25, 1)", 0.25, 0.125, 1e-12);
    check_value("linear(0, 0.25, 1)", 0.75, 0.625, 1e-12);
    /* Extrapolation outside [0, 1] as CSS specifies: along the end tangents. */
    check_value("linear", 1.5, 1.5, 1e-12);
    check_value("ease", -0.5, -0.2, 1e-9);
    check_value("ease", 1.5, 1.0, 1e-9);
}

static void test_endpoints(void) {
    static const char *specs[] = {"linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(0.1, 0.7, 1, 0.1)",
                                  "steps(4)", "steps(3, jump-none)", "step-end", "default", "easeIn", "easeOut",
                                  "easeInEaseOut", "easeInQuad", "easeOutElastic", "easeInOutBack", "easeOutBounce",
                                  "linear(0, 0.9, 1)"};
    size_t i;
    for (i = 0; i < COUNT(specs); i++) {
        gf_curve *curve = parse(specs[i]);
        double y0 = eval(curve, 0, 0), y1 = eval(curve, 1, 0);
        if (!gf_test_check(fabs(y0) <= 1e-12 && fabs(y1 - 1) <= 1e-12, __FILE__, __LINE__, "curve(0) = 0, curve(1) = 1"))
            printf("     %s: (0) = %.17g, (1) = %.17g\n", specs[i], y0, y1);
        gf_curve_free(curve);
    }
}

static void test_equivalent_specs(void) {
    check_same_curve("ease", "cubic-bezier(0.25, 0.1, 0.25, 1)", 1e-9);
    check_same_curve("ease-in", "cubic-bezier(0.42, 0, 1, 1)", 1e-9);
    check_same_curve("ease-out", "cubic-bezier(0, 0, 0.58, 1)", 1e-9);
    check_same_curve("ease-in-out", "cubic-bezier(0.42, 0, 0.58, 1)", 1e-9);
    check_same_curve("default", "cubic-bezier(0.25, 0.1, 0.25, 1)", 1e-9);
    check_same_curve("easeInEaseOut", "cubic-bezier(0.42, 0, 0.58, 1)", 1e-9);
    check_same_curve("step-start", "steps(1, jump-start)", 0);
    check_same_curve("step-end", "steps(1, jump-end)", 0);
    check_same_curve("steps(4)", "steps(4, end)", 0);
    check_same_curve("steps(4, start)", "steps(4, jump-start)", 0);
    check_same_curve("linear", "linear(0, 1)", 1e-12);
    /* Trailing spring arguments default to 1, 100, 10, 0. */
    check_same_curve("spring(1, 100)", "spring(1, 100, 10, 0)", 0);
    check_same_curve("spring(2)", "spring(2, 100, 10, 0)", 0);
}

static void test_steps_and_before_flag(void) {
    gf_curve *steps = parse("steps(4)"), *start = parse("steps(4, jump-start)");
    gf_curve *both = parse("steps(4, jump-both)"), *none = parse("steps(4, jump-none)"), *ease = parse("ease");
    CHECK_NEAR(eval(steps, 0.3, 0), 0.25, 0);
    CHECK_NEAR(eval(steps, 0.99, 0), 0.75, 0);
    /* At a step boundary the before flag takes the step back (CSS Easing, step 3). */
    CHECK_NEAR(eval(steps, 0.25, 0), 0.25, 0);
    CHECK_NEAR(eval(steps, 0.25, 1), 0.0, 0);
    CHECK_NEAR(eval(steps, 0.5, 1), 0.25, 0);
    CHECK_NEAR(eval(steps, 0.3, 1), 0.25, 0); /* not a boundary: no effect */
    CHECK_NEAR(eval(start, 0.0, 0), 0.25, 0);
    CHECK_NEAR(eval(start, 0.0, 1), 0.0, 0);
    CHECK_NEAR(eval(both, 0.0, 0), 0.2, 1e-15);
    CHECK_NEAR(eval(both, 0.9, 0), 0.8, 1e-15);
    CHECK_NEAR(eval(none, 0.5, 0), 2.0 / 3.0, 1e-15);
    CHECK_NEAR(eval(none, 0.0, 0), 0.0, 0);
    /* Only step curves read the flag. */
    CHECK(gf_test_same_double(eval(ease, 0.5, 1), eval(ease, 0.5, 0)));
    gf_curve_free(steps);
    gf_curve_free(start);
    gf_curve_free(both);
    gf_curve_free(none);
    gf_curve_free(ease);
}

static void test_eval_n_equals_eval(void) {
    static const char *specs[] = {"linear", "ease", "steps(4)", "steps(5, jump-start)", "easeOutBounce",
                                  "easeInOutElastic", "spring(1, 100, 10, 0)", "linear(0, 0.3 20%, 1)",
                                  "cubic-bezier(0.3, -0.5, 0.7, 1.5)"};
    double xs[81], ys[81], in_place[81];
    size_t i, k;
    for (i = 0; i < COUNT(xs); i++) xs[i] = -0.5 + (double)i / 40.0; /* -0.5 .. 1.5, hits 0, 0.25, ..., 1 exactly */
    for (k = 0; k < COUNT(specs); k++) {
        gf_curve *curve = parse(specs[k]);
        int equal = 1, in_place_equal = 1;
        if (curve == NULL) continue;
        CHECK_OK(gf_curve_eval_n(curve, xs, ys, COUNT(xs)));
        memcpy(in_place, xs, sizeof xs);
        CHECK_OK(gf_curve_eval_n(curve, in_place, in_place, COUNT(xs))); /* xs and ys may be the same buffer */
        for (i = 0; i < COUNT(xs); i++) {
            double y = eval(curve, xs[i], 0);
            if (!gf_test_same_double(y, ys[i])) {
                if (equal) printf("     %s: eval(%g) = %.17g, eval_n = %.17g\n", specs[k], xs[i], y, ys[i]);
                equal = 0;
            }
            if (!gf_test_same_double(y, in_place[i])) in_place_equal = 0;
            if (!isfinite(y)) equal = 0;
        }
        CHECK(equal && "gf_curve_eval_n equals gf_curve_eval one by one");
        CHECK(in_place_equal && "in-place gf_curve_eval_n equals gf_curve_eval");
        /* n == 0 succeeds, even with NULL buffers. */
        CHECK_OK(gf_curve_eval_n(curve, NULL, NULL, 0));
        gf_curve_free(curve);
    }
}

static void test_spec_round_trip(void) {
    static const char *specs[] = {"linear", "ease", "ease-in-out", "cubic-bezier(0.1, 0.2, 0.3, 0.4)", "steps(4)",
                                  "steps(3, jump-both)", "step-start", "easeInEaseOut", "easeOutBounce",
                                  "linear(0, 0.25 30%, 1)", "spring(1, 100, 10, 0)", "spring(2, 50, 3, 1.5)"};
    size_t k;
    for (k = 0; k < COUNT(specs); k++) {
        gf_curve *first = parse(specs[k]), *second = NULL;
        char *spec1 = SENTINEL_STRING, *spec2 = SENTINEL_STRING;
        int i, same = 1;
        if (first == NULL) continue;
        CHECK_OK(gf_curve_spec(first, &spec1));
        CHECK(spec1 != SENTINEL_STRING && spec1 != NULL && spec1[0] != '\0');
        if (spec1 == SENTINEL_STRING || spec1 == NULL) {
            gf_curve_free(first);
            continue;
        }
        second = parse(spec1);
        if (second != NULL) {
            CHECK_OK(gf_curve_spec(second, &spec2));
            if (spec2 != SENTINEL_STRING && spec2 != NULL) {
                if (!gf_test_check(strcmp(spec1, spec2) == 0, __FILE__, __LINE__, "the canonical spec is stable"))
                    printf("     \"%s\" -> \"%s\" -> \"%s\"\n", specs[k], spec1, spec2);
                gf_string_free(spec2);
            }
            for (i = -4; i <= 24; i++) {
                double x = i / 20.0;
                if (!gf_test_same_double(eval(first, x, 0), eval(second, x, 0))) same = 0;
            }
            if (!gf_test_check(same, __FILE__, __LINE__, "parsing the canonical spec gives the same curve"))
                printf("     \"%s\" -> \"%s\"\n", specs[k], spec1);
        }
        gf_string_free(spec1);
        gf_curve_free(first);
        gf_curve_free(second);
    }
}

static void test_parse_n(void) {
    static const char not_terminated[4] = {'e', 'a', 's', 'e'};
    gf_curve *a = NULL, *b = NULL, *c = NULL, *out = SENTINEL_CURVE;
    CHECK_OK(gf_curve_parse_n("ease-in-out", 4, &a)); /* only the first 4 bytes: "ease" */
    CHECK_OK(gf_curve_parse_n(not_terminated, sizeof not_terminated, &b));
    CHECK_OK(gf_curve_parse_n("linear", strlen("linear"), &c));
    if (a != NULL && b != NULL) {
        CHECK_NEAR(eval(a, 0.5, 0), 0.8024034, 1e-6);
        CHECK(gf_test_same_double(eval(a, 0.3, 0), eval(b, 0.3, 0)));
    }
    if (c != NULL) CHECK_NEAR(eval(c, 0.7, 0), 0.7, 0);
    gf_curve_free(a);
    gf_curve_free(b);
    gf_curve_free(c);
    /* The length counts: a NUL inside it is part of the (invalid) spec. */
    CHECK_FAIL(gf_curve_parse_n("ease\0junk", 9, &out), GF_E_PARSE);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse_n("ease", 0, &out), GF_E_PARSE);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
}

/* ---- bad input ---------------------------------------------------------------------------- */

struct bad_spec {
    const char *spec;
    gf_status want;
};

static void test_parse_bad_input(void) {
    static const struct bad_spec bad[] = {
        {"", GF_E_PARSE},
        {"eaze", GF_E_PARSE},
        {"cubic-bezier(2,0,1,1)", GF_E_INVALID_ARGUMENT},
        {"cubic-bezier(-0.1, 0, 1, 1)", GF_E_INVALID_ARGUMENT},
        {"cubic-bezier(0, 0, 1.5, 1)", GF_E_INVALID_ARGUMENT},
        {"cubic-bezier(0, 1e400, 1, 1)", GF_E_INVALID_ARGUMENT}, /* overflows to infinity */
        {"steps(0)", GF_E_INVALID_ARGUMENT},
        {"steps(0, jump-start)", GF_E_INVALID_ARGUMENT},
        {"steps(1, jump-none)", GF_E_INVALID_ARGUMENT}, /* jump-none needs at least 2 steps */
        {"cubic-bezier(0,0,1", GF_E_PARSE},
        {"cubic-bezier(0, 0, 1, 1, 1)", GF_E_PARSE},
        {"cubic-bezier(a, 0, 1, 1)", GF_E_PARSE},
        {"steps(4, jump-sideways)", GF_E_PARSE},
        {"linear(", GF_E_PARSE},
        {"spring(1, 100, 0, 0)", GF_E_INVALID_ARGUMENT}, /* never settles */
        {"spring(0, 100, 10, 0)", GF_E_INVALID_ARGUMENT},
        {"spring(1, -100, 10, 0)", GF_E_INVALID_ARGUMENT},
        {"easeInQuadratic", GF_E_PARSE},
        {"ease ease", GF_E_PARSE},
        /* Decimal numbers only (issue 28 point 10): strtod's hexadecimal is no curve number. */
        {"cubic-bezier(0x0.8, 0, 1, 1)", GF_E_PARSE},
        {"steps(0x2)", GF_E_PARSE},
        {"linear(0, 0x1)", GF_E_PARSE},
        {"linear(0, 1 0x32%)", GF_E_PARSE},
        {"spring(1, 0x64, 10, 0)", GF_E_PARSE},
    };
    static const char *bad_utf8[] = {
        "\xff\xfe",        /* never valid */
        "ease\xc3",        /* truncated sequence */
        "\xc0\xaf",        /* overlong '/' */
        "\xed\xa0\x80",    /* UTF-16 surrogate */
        "linear\x80",      /* stray continuation byte */
        "\xf4\x90\x80\x80" /* above U+10FFFF */
    };
    size_t i;
    gf_curve *out = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse("ease", NULL), GF_E_NULL_ARGUMENT);
    for (i = 0; i < COUNT(bad); i++) {
        out = SENTINEL_CURVE;
        CHECK_FAIL(gf_curve_parse(bad[i].spec, &out), bad[i].want);
        if (!gf_test_check(out == SENTINEL_CURVE, __FILE__, __LINE__, "out_curve untouched")) printf("     spec \"%s\"\n", bad[i].spec);
        RELEASE_UNEXPECTED_CURVE(out);
        if (gf_last_error_message()[0] == '\0') printf("     (no message for spec \"%s\")\n", bad[i].spec);
    }
    for (i = 0; i < COUNT(bad_utf8); i++) {
        out = SENTINEL_CURVE;
        CHECK_FAIL(gf_curve_parse(bad_utf8[i], &out), GF_E_INVALID_UTF8);
        CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
        RELEASE_UNEXPECTED_CURVE(out);
        out = SENTINEL_CURVE;
        CHECK_FAIL(gf_curve_parse_n(bad_utf8[i], strlen(bad_utf8[i]), &out), GF_E_INVALID_UTF8);
        CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
        RELEASE_UNEXPECTED_CURVE(out);
    }
    /* gf_curve_parse_n */
    out = SENTINEL_CURVE;
    CHECK_FAIL(gf_curve_parse_n(NULL, 4, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse_n(NULL, 0, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse_n("ease", 4, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_curve_parse_n("ease", SIZE_MAX, &out), GF_E_LIMIT); /* absurd length: rejected before reading */
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse_n("eaze", 4, &out), GF_E_PARSE);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
    CHECK_FAIL(gf_curve_parse_n("steps(0)", 8, &out), GF_E_INVALID_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_CURVE);
    RELEASE_UNEXPECTED_CURVE(out);
}

static void test_eval_bad_input(void) {
    static const double not_finite[3] = {NAN, INFINITY, -INFINITY};
    static const int32_t bad_flags[] = {2, -1, INT32_MAX, INT32_MIN};
    gf_curve *curve = parse("linear");
    double y = SENTINEL_DOUBLE;
    size_t i;
    CHECK_FAIL(gf_curve_eval(NULL, 0.5, 0, &y), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(y);
    if (curve == NULL) return;
    CHECK_FAIL(gf_curve_eval(curve, 0.5, 0, NULL), GF_E_NULL_ARGUMENT);
    for (i = 0; i < COUNT(not_finite); i++) {
        CHECK_FAIL(gf_curve_eval(curve, not_finite[i], 0, &y), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(y);
    }
    for (i = 0; i < COUNT(bad_flags); i++) {
        CHECK_FAIL(gf_curve_eval(curve, 0.5, bad_flags[i], &y), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(y);
    }
    /* Absurd but finite inputs are fine and give finite outputs. */
    CHECK_OK(gf_curve_eval(curve, 1e300, 0, &y));
    CHECK(isfinite(y));
    CHECK_OK(gf_curve_eval(curve, -1e300, 1, &y));
    CHECK(isfinite(y));
    gf_curve_free(curve);
}

static void test_eval_n_bad_input(void) {
    gf_curve *curve = parse("linear");
    double xs[6] = {0, 0.2, 0.4, 0.6, 0.8, 1}, ys[6];
    size_t i;
    for (i = 0; i < COUNT(ys); i++) ys[i] = SENTINEL_DOUBLE;
    CHECK_FAIL(gf_curve_eval_n(NULL, xs, ys, 6), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_curve_eval_n(NULL, NULL, NULL, 0), GF_E_NULL_ARGUMENT);
    if (curve == NULL) return;
    CHECK_FAIL(gf_curve_eval_n(curve, NULL, ys, 6), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_curve_eval_n(curve, xs, NULL, 6), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_curve_eval_n(curve, xs, ys, SIZE_MAX), GF_E_INVALID_ARGUMENT); /* absurd count */
    xs[3] = NAN;
    CHECK_FAIL(gf_curve_eval_n(curve, xs, ys, 6), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "3") != NULL && "the message names the index");
    xs[3] = 0.6;
    xs[5] = INFINITY;
    CHECK_FAIL(gf_curve_eval_n(curve, xs, ys, 6), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "5") != NULL && "the message names the index");
    xs[5] = 1;
    xs[0] = -INFINITY;
    CHECK_FAIL(gf_curve_eval_n(curve, xs, ys, 6), GF_E_INVALID_ARGUMENT);
    for (i = 0; i < COUNT(ys); i++) CHECK_UNTOUCHED_DOUBLE(ys[i]);
    /* In place, a bad input leaves the buffer as it was. */
    xs[0] = 0.1;
    xs[4] = NAN;
    CHECK_FAIL(gf_curve_eval_n(curve, xs, xs, 6), GF_E_INVALID_ARGUMENT);
    CHECK(xs[0] == 0.1 && xs[1] == 0.2 && isnan(xs[4]));
    gf_curve_free(curve);
}

static void test_spec_bad_input(void) {
    gf_curve *curve = parse("linear");
    char *spec = SENTINEL_STRING;
    CHECK_FAIL(gf_curve_spec(NULL, &spec), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(spec, SENTINEL_STRING);
    if (curve != NULL) CHECK_FAIL(gf_curve_spec(curve, NULL), GF_E_NULL_ARGUMENT);
    gf_curve_free(curve);
}

/* ---- threads ------------------------------------------------------------------------------ */

#define THREAD_N 2000
static double thread_xs[THREAD_N];

struct thread_job {
    const gf_curve *curve;
    double ys[THREAD_N];
    gf_status status;
};

static void *thread_eval(void *arg) {
    struct thread_job *job = (struct thread_job *)arg;
    int round;
    for (round = 0; round < 5 && job->status == GF_OK; round++)
        job->status = gf_curve_eval_n(job->curve, thread_xs, job->ys, THREAD_N);
    return NULL;
}

/* One curve may be read from many threads at once. */
static void test_shared_curve_across_threads(void) {
    static struct thread_job jobs[4];
    double want[THREAD_N];
    pthread_t threads[4];
    gf_curve *curve = parse("easeInOutElastic");
    size_t i, t;
    if (curve == NULL) return;
    for (i = 0; i < THREAD_N; i++) thread_xs[i] = (double)i / (THREAD_N - 1);
    CHECK_OK(gf_curve_eval_n(curve, thread_xs, want, THREAD_N));
    for (t = 0; t < 4; t++) {
        jobs[t].curve = curve;
        jobs[t].status = GF_OK;
        CHECK(pthread_create(&threads[t], NULL, thread_eval, &jobs[t]) == 0);
    }
    for (t = 0; t < 4; t++) {
        CHECK(pthread_join(threads[t], NULL) == 0);
        CHECK_OK(jobs[t].status);
        CHECK(memcmp(jobs[t].ys, want, sizeof want) == 0 && "same results on every thread");
    }
    gf_curve_free(curve);
}

int main(void) {
    RUN(test_known_values);
    RUN(test_endpoints);
    RUN(test_equivalent_specs);
    RUN(test_steps_and_before_flag);
    RUN(test_eval_n_equals_eval);
    RUN(test_spec_round_trip);
    RUN(test_parse_n);
    RUN(test_parse_bad_input);
    RUN(test_eval_bad_input);
    RUN(test_eval_n_bad_input);
    RUN(test_spec_bad_input);
    RUN(test_shared_curve_across_threads);
    return gf_test_summary();
}
