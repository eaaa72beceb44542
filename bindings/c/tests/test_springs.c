/* Springs: defaults, closed-form values, velocity, settling, overdamping, and bad input. */
#include <float.h>

#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static gf_spring spring_with(double mass, double stiffness, double damping, double velocity) {
    gf_spring s;
    gf_spring_init(&s);
    s.mass = mass;
    s.stiffness = stiffness;
    s.damping = damping;
    s.initial_velocity = velocity;
    return s;
}

static double value_at(const gf_spring *s, double t) {
    double v = SENTINEL_DOUBLE;
    gf_status status = gf_spring_value(s, t, &v);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_spring_value succeeds"))
        printf("     t = %g: %s: %s\n", t, gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? v : NAN;
}

static double velocity_at(const gf_spring *s, double t) {
    double v = SENTINEL_DOUBLE;
    gf_status status = gf_spring_velocity(s, t, &v);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_spring_velocity succeeds"))
        printf("     t = %g: %s: %s\n", t, gf_status_string(status), gf_last_error_message());
    return status == GF_OK ? v : NAN;
}

static void test_defaults(void) {
    gf_spring s;
    memset(&s, SENTINEL_BYTE, sizeof s);
    gf_spring_init(&s);
    CHECK_EQ_INT(s.struct_size, sizeof(gf_spring));
    CHECK_EQ_INT(s.allows_overdamping, 0);
    CHECK(s.mass == 1);
    CHECK(s.stiffness == 100);
    CHECK(s.damping == 10);
    CHECK(s.initial_velocity == 0);
}

static void test_values(void) {
    gf_spring s = spring_with(1, 100, 10, 0); /* omega0 = 10, damping ratio 0.5 */
    gf_spring moving = spring_with(2, 50, 4, 5);
    CHECK_NEAR(value_at(&s, 0.1), 0.3402998, 1e-6);
    CHECK_NEAR(value_at(&s, 0.0), 0.0, 0);
    CHECK_NEAR(value_at(&s, -1.0), 0.0, 0); /* t <= 0 gives 0 */
    CHECK_NEAR(value_at(&s, 100.0), 1.0, 1e-12);
    CHECK_NEAR(value_at(&s, 1e300), 1.0, 1e-12); /* absurd but finite time */
    CHECK_NEAR(velocity_at(&s, 0.1), 5.3350720, 1e-6);
    CHECK_NEAR(velocity_at(&s, -1.0), 0.0, 0); /* t < 0 gives 0 */
    CHECK_NEAR(velocity_at(&s, 0.0), 0.0, 1e-12);
    CHECK_NEAR(value_at(&moving, 0.3), 1.5270157, 1e-6);
    CHECK_NEAR(velocity_at(&moving, 0.0), 5.0, 1e-12); /* starts with its initial velocity */
    /* The default spring is the one gf_spring_init describes. */
    {
        gf_spring d;
        gf_spring_init(&d);
        CHECK(gf_test_same_double(value_at(&d, 0.37), value_at(&s, 0.37)));
    }
}

static void test_overdamping(void) {
    gf_spring over = spring_with(1, 100, 40, 0); /* damping ratio 2 */
    gf_spring critical = spring_with(1, 100, 20, 0);
    CHECK_NEAR(value_at(&over, 0.1), 0.2642411, 1e-6); /* moves as the critically damped spring */
    CHECK_NEAR(value_at(&over, 0.1), value_at(&critical, 0.1), 1e-12);
    over.allows_overdamping = 1;
    CHECK_NEAR(value_at(&over, 0.1), 0.1777366, 1e-6);
}

static void test_settling(void) {
    gf_spring s = spring_with(1, 100, 10, 0);
    double seconds = SENTINEL_DOUBLE, before = SENTINEL_DOUBLE, after = SENTINEL_DOUBLE;
    CHECK_OK(gf_spring_settling_duration(&s, 1e-3, &seconds));
    CHECK_NEAR(seconds, 1.270, 1e-3);
    /* After the settling time the spring stays within epsilon; just before it, it is not. */
    CHECK_OK(gf_spring_value(&s, seconds + 1e-6, &after));
    CHECK_OK(gf_spring_value(&s, seconds - 1e-3, &before));
    CHECK(fabs(after - 1) < 1e-3);
    CHECK(fabs(before - 1) >= 1e-3 - 1e-6);
    /* A looser epsilon settles sooner. */
    {
        double loose = SENTINEL_DOUBLE;
        CHECK_OK(gf_spring_settling_duration(&s, 1e-1, &loose));
        CHECK(loose < seconds && loose > 0);
    }
}

/* Issue 28: damping at or below ~1e-12 reported 0.157 s while the spring still swung at full
 * amplitude. With m = 1, k = 100, v0 = 0 the extrema t_k = k*pi/wd have |e| = exp(-beta t_k)
 * exactly, so the settling time is within one half-period pi/wd of the closed form
 * L = ln(1/eps)/beta, beta = c/2: tolerance pi/9.9999 (wd = 10 to within 2.5e-5) + 8 ulp(L).
 * Where L passes DBL_MAX the answer is GF_E_LIMIT; the smallest normal damping is one. */
static void test_hardly_damped(void) {
    int exponent;
    for (exponent = 1; exponent <= 309; exponent++) {
        double c = exponent <= 307 ? pow(10, -exponent) : exponent == 308 ? 7.7e-308 : DBL_MIN;
        double limit = log(1e3) / (c / 2), seconds = SENTINEL_DOUBLE;
        gf_spring s = spring_with(1, 100, c, 0);
        int failed_before = gf_test_failed;
        if (isinf(limit)) {
            CHECK_FAIL(gf_spring_settling_duration(&s, 1e-3, &seconds), GF_E_LIMIT);
            CHECK_UNTOUCHED_DOUBLE(seconds);
        } else {
            CHECK_OK(gf_spring_settling_duration(&s, 1e-3, &seconds));
            CHECK(fabs(seconds - limit) <= 3.141592653589793 / 9.9999 + 8 * (nextafter(limit, INFINITY) - limit));
        }
        if (gf_test_failed > failed_before) printf("     (damping %g: %.17g vs %.17g)\n", c, seconds, limit);
    }
}

static void test_bad_input(void) {
    static const double not_finite[3] = {NAN, INFINITY, -INFINITY};
    static const double bad_epsilon[] = {0, 1, -0.1, 1.5, NAN, INFINITY, -INFINITY};
    gf_spring good = spring_with(1, 100, 10, 0), s;
    double out = SENTINEL_DOUBLE;
    size_t i;
    /* NULL pointers */
    CHECK_FAIL(gf_spring_value(NULL, 0.5, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
    CHECK_FAIL(gf_spring_velocity(NULL, 0.5, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
    CHECK_FAIL(gf_spring_settling_duration(NULL, 1e-3, &out), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
    CHECK_FAIL(gf_spring_value(&good, 0.5, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_spring_velocity(&good, 0.5, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_spring_settling_duration(&good, 1e-3, NULL), GF_E_NULL_ARGUMENT);
    /* t must be finite */
    for (i = 0; i < COUNT(not_finite); i++) {
        CHECK_FAIL(gf_spring_value(&good, not_finite[i], &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
        CHECK_FAIL(gf_spring_velocity(&good, not_finite[i], &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
    }
    /* epsilon in (0, 1) */
    for (i = 0; i < COUNT(bad_epsilon); i++) {
        CHECK_FAIL(gf_spring_settling_duration(&good, bad_epsilon[i], &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
    }
    /* Every field of the struct, on every function that reads it. */
    for (i = 0; i < 22; i++) {
        int failed_before = gf_test_failed;
        s = good;
        switch (i) {
        case 0: s.mass = 0; break;
        case 1: s.mass = -1; break;
        case 2: s.mass = NAN; break;
        case 3: s.mass = INFINITY; break;
        case 4: s.stiffness = 0; break;
        case 5: s.stiffness = -100; break;
        case 6: s.stiffness = NAN; break;
        case 7: s.stiffness = INFINITY; break;
        case 8: s.damping = -1; break;
        case 9: s.damping = NAN; break;
        case 10: s.damping = INFINITY; break;
        case 11: s.damping = -INFINITY; break;
        case 12: s.initial_velocity = NAN; break;
        case 13: s.initial_velocity = INFINITY; break;
        case 14: s.initial_velocity = -INFINITY; break;
        case 15: s.allows_overdamping = 2; break;
        case 16: s.allows_overdamping = -1; break;
        case 17: s.struct_size = 0; break;
        case 18: s.struct_size = 4; break;
        case 19: s.struct_size = (uint32_t)sizeof(gf_spring) - 8; break;
        case 20: s.mass = -INFINITY; break;
        case 21: s.stiffness = -INFINITY; break;
        }
        out = SENTINEL_DOUBLE;
        CHECK_FAIL(gf_spring_value(&s, 0.5, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
        CHECK_FAIL(gf_spring_velocity(&s, 0.5, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
        CHECK_FAIL(gf_spring_settling_duration(&s, 1e-3, &out), GF_E_INVALID_ARGUMENT);
        CHECK_UNTOUCHED_DOUBLE(out);
        if (gf_test_failed > failed_before) printf("     (in bad-field case %d)\n", (int)i);
    }
    /* A spring that never settles: value and velocity are defined, settling is not. */
    s = spring_with(1, 100, 0, 0);
    CHECK_OK(gf_spring_value(&s, 0.1, &out));
    CHECK_NEAR(out, 1 - cos(1.0), 1e-9);
    out = SENTINEL_DOUBLE;
    CHECK_FAIL(gf_spring_settling_duration(&s, 1e-3, &out), GF_E_INVALID_ARGUMENT);
    CHECK_UNTOUCHED_DOUBLE(out);
}

int main(void) {
    RUN(test_defaults);
    RUN(test_values);
    RUN(test_overdamping);
    RUN(test_settling);
    RUN(test_hardly_damped);
    RUN(test_bad_input);
    return gf_test_summary();
}
