/*
 * Scenes through the C API: layers, every animation kind built with the gf_animation_* builders,
 * sampling checked against values computed by hand, custom values, events, hand-off, and bad
 * input for every scene and animation function (right code, a message, out-parameters untouched,
 * the scene unchanged).
 */
#include "gf_test.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define PI 3.14159265358979323846

#define SENTINEL_ANIMATION ((gf_animation *)(void *)gf_test_sentinel_storage)
#define SENTINEL_U32 0xA5A5A5A5u
#define SENTINEL_U64 0xA5A5A5A5A5A5A5A5ull
#define SENTINEL_SIZE ((size_t)0xA5A5A5A5u)

#define MAX_LAYERS 16

/* ---- helpers ------------------------------------------------------------------------------ */

static gf_scene *new_scene(void) {
    gf_scene *scene = NULL;
    CHECK_OK(gf_scene_create(&scene));
    CHECK(scene != NULL);
    return scene;
}

/* A layer description with the defaults and the given frame. */
static gf_layer_desc desc_of(const char *id, const char *parent, double x, double y, double w, double h) {
    gf_layer_desc d;
    memset(&d, SENTINEL_BYTE, sizeof d);
    gf_layer_desc_init(&d);
    d.id = id;
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    return d;
}

static void add_desc(gf_scene *scene, const gf_layer_desc *d) {
    gf_status status = gf_scene_add_layer(scene, d, NULL);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_scene_add_layer succeeds"))
        printf("     layer '%s': %s: %s\n", d->id ? d->id : "(null)", gf_status_string(status),
               gf_last_error_message());
}

static void add_layer(gf_scene *scene, const char *id, const char *parent, double x, double y, double w, double h) {
    gf_layer_desc d = desc_of(id, parent, x, y, w, h);
    add_desc(scene, &d);
}

/* A Web Animations timing; easing is a curve spec or NULL (linear). */
static gf_timing *timing_of(double duration, double delay, double iterations, int32_t direction, int32_t fill,
                            const char *easing) {
    gf_timing_params p;
    gf_timing *timing = NULL;
    gf_curve *curve = NULL;
    gf_timing_params_init(&p);
    p.duration = duration;
    p.delay = delay;
    p.iterations = iterations;
    p.direction = direction;
    p.fill = fill;
    if (easing != NULL) CHECK_OK(gf_curve_parse(easing, &curve));
    p.easing = curve;
    CHECK_OK(gf_timing_create(&p, &timing));
    gf_curve_free(curve); /* the timing keeps its own reference */
    return timing;
}

/* One run of `duration` seconds from `delay`, linear, no fill. */
static gf_timing *once(double duration, double delay) {
    return timing_of(duration, delay, 1, GF_DIRECTION_NORMAL, GF_FILL_NONE, NULL);
}

/* A basic animation of key_path from `from` to `to` (count components each; NULL leaves one out). */
static gf_animation *basic(const char *key_path, const gf_timing *timing, const double *from, const double *to,
                           size_t count) {
    gf_animation *animation = NULL;
    CHECK_OK(gf_animation_create_basic(key_path, timing, &animation));
    if (animation == NULL) return NULL;
    if (from) CHECK_OK(gf_animation_set_values(animation, GF_VALUE_FROM, from, count));
    if (to) CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, to, count));
    return animation;
}

static gf_animation *basic1(const char *key_path, const gf_timing *timing, double from, double to) {
    return basic(key_path, timing, &from, &to, 1);
}

/* Attaches `animation` to `layer`, releases the description, returns the id (0 on failure). */
static uint64_t attach(gf_scene *scene, const char *layer, gf_animation *animation, const char *key) {
    uint64_t id = 0;
    gf_status status = gf_scene_add_animation(scene, layer, animation, key, &id);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_scene_add_animation succeeds"))
        printf("     on '%s': %s: %s\n", layer, gf_status_string(status), gf_last_error_message());
    gf_animation_free(animation);
    return id;
}

/* Samples every layer at t into states (cleared first); returns the count. */
static size_t sample(gf_scene *scene, double t, gf_layer_state *states, size_t capacity) {
    size_t count = SENTINEL_SIZE;
    gf_status status;
    memset(states, 0, capacity * sizeof *states);
    status = gf_scene_sample(scene, t, states, capacity, &count);
    if (!gf_test_check(status == GF_OK, __FILE__, __LINE__, "gf_scene_sample succeeds")) {
        printf("     t = %g: %s: %s\n", t, gf_status_string(status), gf_last_error_message());
        return 0;
    }
    return count;
}

/* The state of layer `index` at t (zeroed if sampling fails). */
static gf_layer_state state_at(gf_scene *scene, size_t index, double t) {
    gf_layer_state states[MAX_LAYERS];
    size_t count = sample(scene, t, states, MAX_LAYERS);
    gf_layer_state none;
    if (index < count) return states[index];
    CHECK(index < count && "layer index in range");
    memset(&none, 0, sizeof none);
    return none;
}

static uint32_t index_of(gf_scene *scene, const char *id) {
    uint32_t index = SENTINEL_U32;
    CHECK_OK(gf_scene_layer_index(scene, id, &index));
    return index;
}

static gf_layer_state state_of(gf_scene *scene, const char *id, double t) {
    return state_at(scene, index_of(scene, id), t);
}

static size_t layer_count(gf_scene *scene) {
    size_t count = SENTINEL_SIZE;
    CHECK_OK(gf_scene_layer_count(scene, &count));
    return count;
}

/* Applies a state's transform to the layer-space point (u, v). */
static void apply(const gf_layer_state *s, double u, double v, double *x, double *y) {
    *x = s->transform[0] * u + s->transform[2] * v + s->transform[4];
    *y = s->transform[1] * u + s->transform[3] * v + s->transform[5];
}

/* ---- a snapshot of a scene, to check a failing call left it unchanged ------------------------ */

static const double snapshot_times[] = {-0.5, 0, 0.3, 0.75, 1.6, 4};
#define SNAPSHOT_TIMES (sizeof snapshot_times / sizeof snapshot_times[0])

typedef struct {
    size_t count;
    gf_layer_state states[SNAPSHOT_TIMES][MAX_LAYERS];
} snapshot;

static void snapshot_take(gf_scene *scene, snapshot *snap) {
    size_t i;
    memset(snap, 0, sizeof *snap);
    snap->count = layer_count(scene);
    for (i = 0; i < SNAPSHOT_TIMES; i++) sample(scene, snapshot_times[i], snap->states[i], MAX_LAYERS);
}

static int snapshot_matches(gf_scene *scene, const snapshot *snap) {
    static snapshot now;
    snapshot_take(scene, &now);
    return now.count == snap->count && memcmp(now.states, snap->states, sizeof now.states) == 0;
}

/* ---- sampling ----------------------------------------------------------------------------- */

static void test_layer_desc_defaults(void) {
    gf_layer_desc d;
    int i;
    memset(&d, SENTINEL_BYTE, sizeof d);
    gf_layer_desc_init(&d);
    CHECK_EQ_INT(d.struct_size, sizeof(gf_layer_desc));
    CHECK(d.hidden == 0 && d.id == NULL && d.parent == NULL);
    CHECK(d.x == 0 && d.y == 0 && d.width == 0 && d.height == 0);
    CHECK(d.anchor_x == 0.5 && d.anchor_y == 0.5 && d.corner_radius == 0);
    CHECK(d.r == 0 && d.g == 0 && d.b == 0 && d.a == 0 && d.opacity == 1);
    CHECK(d.scale_x == 1 && d.scale_y == 1 && d.rotation == 0);
    CHECK(d.translation_x == 0 && d.translation_y == 0 && d.z_position == 0);
    CHECK(d.gradient_stop_count == 0 && d.gradient_location_count == 0);
    CHECK(d.gradient_start_x == 0.5 && d.gradient_start_y == 0 && d.gradient_end_x == 0.5 && d.gradient_end_y == 1);
    for (i = 0; i < 4; i++) CHECK(d.gradient_locations[i] == 0);
    for (i = 0; i < 16; i++) CHECK(d.gradient_colors[i] == 0);
    gf_layer_desc_init(NULL); /* does nothing */
    gf_scene_free(NULL);
    gf_animation_free(NULL);
}

static void test_empty_scene(void) {
    gf_scene *scene = new_scene();
    size_t count = SENTINEL_SIZE;
    CHECK_EQ_INT(layer_count(scene), 0);
    CHECK_OK(gf_scene_sample(scene, 0, NULL, 0, &count));
    CHECK_EQ_INT(count, 0);
    gf_scene_free(scene);
}

/* Basic animations at t = 0.25 of a one-second linear run: every from/to/by combination. */
static void test_basic(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_layer_desc d = desc_of("a", NULL, 10, 20, 100, 50);
    gf_layer_state s;
    const double black[4] = {0, 0, 0, 1}, orange[4] = {1, 0.5, 0, 1};
    double by = 8, to = 10;
    gf_animation *animation = NULL;
    d.corner_radius = 4;
    d.z_position = 2;
    add_desc(scene, &d);

    attach(scene, "a", basic1("opacity", timing, 0.2, 1.0), NULL);
    attach(scene, "a", basic1("position.x", timing, 0, 100), NULL);
    attach(scene, "a", basic1("bounds.size.width", timing, 100, 200), NULL);
    attach(scene, "a", basic("backgroundColor", timing, black, orange, 4), NULL);
    /* by alone: from the model value (4) to 4 + 8. */
    CHECK_OK(gf_animation_create_basic("cornerRadius", timing, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_BY, &by, 1));
    attach(scene, "a", animation, NULL);
    /* to alone: from the model value (2) to 10. */
    attach(scene, "a", basic("zPosition", timing, NULL, &to, 1), NULL);

    s = state_at(scene, 0, 0.25);
    CHECK_NEAR(s.opacity, 0.2 + 0.8 * 0.25, 1e-12);
    CHECK_NEAR(s.width, 125, 1e-12);
    /* position.x is the anchor's x: 25, so the frame's left edge is 25 - 0.5 * 125. */
    CHECK_NEAR(s.x, 25 - 0.5 * 125, 1e-12);
    CHECK_NEAR(s.y, 20, 1e-12);
    CHECK_NEAR(s.height, 50, 1e-12);
    CHECK_NEAR(s.r, 0.25, 1e-12);
    CHECK_NEAR(s.g, 0.125, 1e-12);
    CHECK_NEAR(s.b, 0, 1e-12);
    CHECK_NEAR(s.a, 1, 1e-12);
    CHECK_NEAR(s.corner_radius, 4 + 8 * 0.25, 1e-12);
    CHECK_NEAR(s.z_position, 2 + 8 * 0.25, 1e-12);
    CHECK_EQ_INT(s.index, 0);
    CHECK_EQ_INT(s.parent, -1);
    CHECK_EQ_INT(s.flags, 0);
    /* The transform maps the layer's space to root coordinates: here a translation to (x, y). */
    CHECK_NEAR(s.transform[0], 1, 1e-12);
    CHECK_NEAR(s.transform[1], 0, 1e-12);
    CHECK_NEAR(s.transform[2], 0, 1e-12);
    CHECK_NEAR(s.transform[3], 1, 1e-12);
    CHECK_NEAR(s.transform[4], 25 - 0.5 * 125, 1e-12);
    CHECK_NEAR(s.transform[5], 20, 1e-12);

    /* Before the start (no fill) and after the end (removed on completion): the model. */
    s = state_at(scene, 0, -1);
    CHECK(s.x == 10 && s.width == 100 && s.opacity == 1 && s.corner_radius == 4 && s.z_position == 2);
    s = state_at(scene, 0, 2);
    CHECK(s.x == 10 && s.width == 100 && s.opacity == 1 && s.r == 0 && s.a == 0);

    gf_timing_free(timing);
    gf_scene_free(scene);
}

/* Additive animations add to what is under them, in the order they were added. */
static void test_additive(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_layer_desc d = desc_of("b", NULL, 0, 0, 40, 40);
    gf_animation *animation;
    gf_layer_state s;
    d.opacity = 0.5;
    add_desc(scene, &d);
    d = desc_of("c", NULL, 5, 0, 10, 10);
    d.translation_x = 10;
    add_desc(scene, &d);

    attach(scene, "b", basic1("position.x", timing, 0, 100), NULL); /* replaces the model: 25 */
    animation = basic1("position.x", timing, 0, 8);                    /* adds 2 */
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_ADDITIVE));
    attach(scene, "b", animation, NULL);
    animation = basic1("opacity", timing, 0, 0.4); /* adds 0.1 to the model's 0.5 */
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_ADDITIVE));
    attach(scene, "b", animation, NULL);
    animation = basic1("transform.translation.x", timing, 0, 40); /* adds 10 to the model's 10 */
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_ADDITIVE));
    attach(scene, "c", animation, NULL);

    s = state_of(scene, "b", 0.25);
    CHECK_NEAR(s.x, 27 - 20, 1e-12);
    CHECK_NEAR(s.opacity, 0.6, 1e-12);
    s = state_of(scene, "c", 0.25);
    CHECK_NEAR(s.x, 5, 1e-12); /* the frame ignores transforms */
    CHECK_NEAR(s.transform[4], 5 + 20, 1e-12);

    /* The composed opacity is clamped to [0, 1]. */
    animation = basic1("opacity", timing, 0, 4);
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_ADDITIVE));
    attach(scene, "b", animation, NULL);
    CHECK_NEAR(state_of(scene, "b", 0.25).opacity, 1, 0);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

static void test_keyframes(void) {
    gf_scene *scene = new_scene();
    gf_timing *one = once(1, 0), *two = once(2, 0);
    gf_animation *animation = NULL;
    const double opacities[] = {0, 1, 0.5}, times[] = {0, 0.25, 1};
    const double points[] = {0, 0, 100, 50, 100, 150};
    const double radii[] = {1, 2, 3}, discrete_times[] = {0, 0.5, 0.75, 1};
    const double wave[] = {0, 1, 0}, tension[] = {0, 0, 0};
    gf_curve *ease_in = NULL;
    const gf_curve *curves[2];
    double eased = SENTINEL_DOUBLE;
    gf_layer_state s;
    add_layer(scene, "k", NULL, 0, 0, 10, 10);
    add_layer(scene, "eased", NULL, 0, 0, 10, 10);
    add_layer(scene, "cubic", NULL, 0, 0, 10, 10);

    /* opacity 0 -> 1 -> 0.5 at key times 0, 0.25, 1. */
    CHECK_OK(gf_animation_create_keyframes("opacity", one, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, opacities, COUNT(opacities), times, COUNT(times)));
    attach(scene, "k", animation, NULL);
    /* position through (0, 0), (100, 50), (100, 150), evenly spaced over 2 s. */
    CHECK_OK(gf_animation_create_keyframes("position", two, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, points, COUNT(points), NULL, 0));
    attach(scene, "k", animation, NULL);
    /* cornerRadius 1, 2, 3 held on [0, 0.5), [0.5, 0.75), [0.75, 1]. */
    CHECK_OK(gf_animation_create_keyframes("cornerRadius", one, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, radii, COUNT(radii), discrete_times, COUNT(discrete_times)));
    CHECK_OK(gf_animation_set_calculation_mode(animation, GF_CALCULATION_DISCRETE));
    attach(scene, "k", animation, NULL);

    s = state_of(scene, "k", 0.5);
    CHECK_NEAR(s.opacity, 1 + (0.5 - 1) * ((0.5 - 0.25) / 0.75), 1e-12);
    CHECK_NEAR(s.corner_radius, 2, 0);
    s = state_of(scene, "k", 0.125);
    CHECK_NEAR(s.opacity, 0.5, 1e-12);
    CHECK_NEAR(s.corner_radius, 1, 0);
    s = state_of(scene, "k", 0.8);
    CHECK_NEAR(s.corner_radius, 3, 0);
    s = state_of(scene, "k", 1.5); /* progress 0.75: halfway through the second segment */
    CHECK_NEAR(s.x, 100 - 5, 1e-12);
    CHECK_NEAR(s.y, 100 - 5, 1e-12);

    /* Segment curves: ease-in on the first segment, linear (NULL) on the second. */
    CHECK_OK(gf_curve_parse("ease-in", &ease_in));
    curves[0] = ease_in;
    curves[1] = NULL;
    CHECK_OK(gf_animation_create_keyframes("opacity", one, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, wave, COUNT(wave), NULL, 0));
    CHECK_OK(gf_animation_set_segment_curves(animation, curves, 2));
    attach(scene, "eased", animation, NULL);
    CHECK_OK(gf_curve_eval(ease_in, 0.5, 0, &eased));
    CHECK_NEAR(state_of(scene, "eased", 0.25).opacity, eased, 1e-12);
    CHECK_NEAR(state_of(scene, "eased", 0.75).opacity, 0.5, 1e-12);
    gf_curve_free(ease_in); /* the animation copied it */
    CHECK_NEAR(state_of(scene, "eased", 0.25).opacity, eased, 1e-12);

    /* A cubic (Catmull-Rom) spline passes through its keyframes. */
    CHECK_OK(gf_animation_create_keyframes("transform.rotation", one, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, wave, COUNT(wave), NULL, 0));
    CHECK_OK(gf_animation_set_calculation_mode(animation, GF_CALCULATION_CUBIC));
    CHECK_OK(gf_animation_set_tcb(animation, tension, NULL, NULL, COUNT(tension)));
    attach(scene, "cubic", animation, NULL);
    s = state_of(scene, "cubic", 0.5); /* rotation 1 rad about the centre (5, 5) */
    CHECK_NEAR(s.transform[0], cos(1.0), 1e-12);
    CHECK_NEAR(s.transform[1], sin(1.0), 1e-12);

    gf_timing_free(one);
    gf_timing_free(two);
    gf_scene_free(scene);
}

/* Springs: y = to + (from - to) * (1 - x0(t)) + v * (x1(t) - x0(t)), with x0 and x1 the unit
   spring's position at rest and with unit initial velocity (gf_spring_value). */
static void test_spring(void) {
    gf_scene *scene = new_scene();
    gf_spring spring;
    gf_animation *animation = NULL;
    double from = 0, to = 100, velocity = 50, x0 = SENTINEL_DOUBLE, x1 = SENTINEL_DOUBLE;
    gf_layer_state s;
    add_layer(scene, "s", NULL, 0, 0, 10, 10);
    add_layer(scene, "v", NULL, 0, 0, 10, 10);
    add_layer(scene, "held", NULL, 0, 0, 10, 10);
    gf_spring_init(&spring);

    CHECK_OK(gf_animation_create_spring("position.x", &spring, NULL, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    attach(scene, "s", animation, NULL);
    CHECK_OK(gf_animation_create_spring("position.x", &spring, NULL, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_FROM, &from, 1));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_VELOCITY, &velocity, 1));
    attach(scene, "v", animation, NULL);
    CHECK_OK(gf_animation_create_spring("position.x", &spring, NULL, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_KEEP_AFTER_END));
    attach(scene, "held", animation, NULL);

    CHECK_OK(gf_spring_value(&spring, 0.3, &x0));
    spring.initial_velocity = 1;
    CHECK_OK(gf_spring_value(&spring, 0.3, &x1));
    s = state_of(scene, "s", 0.3);
    CHECK_NEAR(s.x + 5, to + (from - to) * (1 - x0), 1e-9);
    s = state_of(scene, "v", 0.3);
    CHECK_NEAR(s.x + 5, to + (from - to) * (1 - x0) + velocity * (x1 - x0), 1e-9);
    /* Long after settling: removed on completion shows the model, kept holds the end value. */
    CHECK_NEAR(state_of(scene, "s", 100).x, 0, 0);
    /* The end value held is the spring's at its settling duration: within 1e-3 of the distance. */
    CHECK_NEAR(state_of(scene, "held", 100).x, to - 5, 1e-3 * (to - 0));
    gf_scene_free(scene);
}

/* Groups: children run in the group's time, clipped to its duration; the group repeats them. */
static void test_group(void) {
    gf_scene *scene = new_scene();
    gf_timing *group_timing = timing_of(2, 0, 2, GF_DIRECTION_NORMAL, GF_FILL_NONE, NULL);
    gf_timing *first = once(1, 0), *second = once(1, 1);
    gf_animation *group = NULL, *child;
    gf_layer_state s;
    add_layer(scene, "g", NULL, 0, 0, 10, 10);
    CHECK_OK(gf_animation_create_group(group_timing, &group));
    child = basic1("opacity", first, 0, 1);
    CHECK_OK(gf_animation_add_child(group, child));
    gf_animation_free(child); /* the group copied it */
    child = basic1("position.x", second, 0, 10);
    CHECK_OK(gf_animation_add_child(group, child));
    gf_animation_free(child);
    attach(scene, "g", group, "group");

    s = state_at(scene, 0, 0.5);
    CHECK_NEAR(s.opacity, 0.5, 1e-12);
    CHECK_NEAR(s.x, 0, 1e-12); /* the second child has not started: the model */
    s = state_at(scene, 0, 1.5);
    CHECK_NEAR(s.opacity, 1, 1e-12); /* the first child is over (no fill): the model */
    CHECK_NEAR(s.x, 5 - 5, 1e-12);
    s = state_at(scene, 0, 2.25); /* the group's second iteration */
    CHECK_NEAR(s.opacity, 0.25, 1e-12);
    s = state_at(scene, 0, 4.5); /* after the group */
    CHECK(s.opacity == 1 && s.x == 0);
    gf_timing_free(group_timing);
    gf_timing_free(first);
    gf_timing_free(second);
    gf_scene_free(scene);
}

/* A push from the right: at progress q the new layer is (1 - q) * width to the right, the old
   one q * width to the left. A fade multiplies the opacities by q and 1 - q. */
static void test_transitions(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_animation *animation = NULL;
    gf_layer_state old_state, new_state;
    add_layer(scene, "old", NULL, 0, 0, 200, 100);
    add_layer(scene, "new", NULL, 0, 0, 200, 100);
    add_layer(scene, "faded-out", NULL, 0, 0, 10, 10);
    add_layer(scene, "faded-in", NULL, 0, 0, 10, 10);
    CHECK_OK(gf_animation_create_transition(GF_TRANSITION_PUSH, GF_TRANSITION_FROM_RIGHT, "old", 0, 1, timing,
                                            &animation));
    attach(scene, "new", animation, NULL);
    CHECK_OK(gf_animation_create_transition(GF_TRANSITION_FADE, GF_TRANSITION_FROM_LEFT, "faded-out", 0, 1, timing,
                                            &animation));
    attach(scene, "faded-in", animation, NULL);

    old_state = state_of(scene, "old", 0.25);
    new_state = state_of(scene, "new", 0.25);
    CHECK_NEAR(old_state.transform[4], -0.25 * 200, 1e-9);
    CHECK_NEAR(new_state.transform[4], 0.75 * 200, 1e-9);
    CHECK_NEAR(old_state.transform[5], 0, 1e-12);
    CHECK_NEAR(new_state.transform[5], 0, 1e-12);
    CHECK_NEAR(old_state.x, 0, 0); /* the frames stay; the translation moves them */
    CHECK_NEAR(state_of(scene, "faded-out", 0.25).opacity, 0.75, 1e-12);
    CHECK_NEAR(state_of(scene, "faded-in", 0.25).opacity, 0.25, 1e-12);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

/* Frames in root coordinates, opacity multiplied through parents, hidden inherited, and a
   rotated parent's transform applied to its child. */
static void test_hierarchy(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_layer_desc d = desc_of("root", NULL, 100, 100, 40, 20);
    gf_layer_state root, child, moved;
    double theta = PI / 2, cx = 120, cy = 110, x, y, want_x, want_y;
    double corners[2][2] = {{0, 0}, {4, 2}};
    int i;
    d.opacity = 0.5;
    d.rotation = theta;
    add_desc(scene, &d);
    d = desc_of("child", "root", 10, 5, 4, 2);
    d.opacity = 0.5;
    add_desc(scene, &d);
    d = desc_of("hidden", "root", 0, 0, 1, 1);
    d.hidden = 1;
    add_desc(scene, &d);
    add_layer(scene, "under-hidden", "hidden", 0, 0, 1, 1);
    add_layer(scene, "mover", NULL, 0, 0, 100, 100);
    add_layer(scene, "rider", "mover", 10, 10, 5, 5);
    attach(scene, "mover", basic1("position.x", timing, 50, 150), NULL);

    root = state_of(scene, "root", 0);
    child = state_of(scene, "child", 0);
    CHECK_NEAR(child.x, 110, 1e-12);
    CHECK_NEAR(child.y, 105, 1e-12);
    CHECK_NEAR(child.width, 4, 0);
    CHECK_NEAR(child.opacity, 0.25, 1e-12);
    CHECK_EQ_INT(child.parent, (int32_t)root.index);
    CHECK_EQ_INT(child.flags & GF_LAYER_HIDDEN, 0);
    CHECK(state_of(scene, "hidden", 0).flags & GF_LAYER_HIDDEN);
    CHECK(state_of(scene, "under-hidden", 0).flags & GF_LAYER_HIDDEN);

    /* The root turns by theta about its centre (120, 110) in its parent: a point (u, v) of the
       root's own space (0..40, 0..20) lands at centre + R(theta) (u - 20, v - 10). The child's
       point (p, q) is the root's (10 + p, 5 + q). */
    for (i = 0; i < 2; i++) {
        double u = 10 + corners[i][0] - 20, v = 5 + corners[i][1] - 10;
        want_x = cx + cos(theta) * u - sin(theta) * v;
        want_y = cy + sin(theta) * u + cos(theta) * v;
        apply(&child, corners[i][0], corners[i][1], &x, &y);
        CHECK_NEAR(x, want_x, 1e-12);
        CHECK_NEAR(y, want_y, 1e-12);
    }
    /* 90 degrees: the corner (0, 0) is root-local (10, 5), so (120 + 5, 110 - 10). */
    apply(&child, 0, 0, &x, &y);
    CHECK_NEAR(x, 125, 1e-12);
    CHECK_NEAR(y, 100, 1e-12);

    /* An animated parent carries its child: mover's anchor at 75, so its frame starts at 25. */
    moved = state_of(scene, "rider", 0.25);
    CHECK_NEAR(moved.x, 25 + 10, 1e-12);
    CHECK_NEAR(moved.y, 10, 1e-12);
    CHECK_NEAR(moved.transform[4], 35, 1e-12);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

static void test_buffer_too_small(void) {
    gf_scene *scene = new_scene();
    gf_layer_state states[3];
    double values[3];
    size_t count = SENTINEL_SIZE;
    add_layer(scene, "a", NULL, 0, 0, 1, 1);
    add_layer(scene, "b", "a", 0, 0, 1, 1);
    add_layer(scene, "c", "b", 0, 0, 1, 1);
    memset(states, SENTINEL_BYTE, sizeof states);
    CHECK_FAIL(gf_scene_sample(scene, 0, states, 2, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 3);
    CHECK_UNTOUCHED_BYTES(states, sizeof states);
    count = SENTINEL_SIZE;
    CHECK_FAIL(gf_scene_sample(scene, 0, NULL, 0, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 3);
    count = SENTINEL_SIZE;
    CHECK_OK(gf_scene_sample(scene, 0, states, 3, &count));
    CHECK_EQ_INT(count, 3);
    CHECK(states[2].index == 2 && states[2].parent == 1 && states[1].parent == 0);

    memset(values, SENTINEL_BYTE, sizeof values);
    count = SENTINEL_SIZE;
    CHECK_FAIL(gf_scene_sample_custom(scene, "p", 0, values, 1, &count), GF_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 3);
    CHECK_UNTOUCHED_BYTES(values, sizeof values);
    gf_scene_free(scene);
}

static void test_custom(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_layer_desc d = desc_of("a", NULL, 1, 2, 3, 4);
    double values[3];
    size_t count = SENTINEL_SIZE;
    add_desc(scene, &d);
    add_layer(scene, "b", NULL, 0, 0, 1, 1);
    add_layer(scene, "c", NULL, 0, 0, 1, 1);
    CHECK_OK(gf_scene_set_custom(scene, "a", "progress", 0.5));
    attach(scene, "b", basic1("custom.progress", timing, 0, 10), NULL);

    CHECK_OK(gf_scene_sample_custom(scene, "progress", 0.25, values, COUNT(values), &count));
    CHECK_EQ_INT(count, 3);
    CHECK_NEAR(values[0], 0.5, 0);
    CHECK_NEAR(values[1], 2.5, 1e-12);
    CHECK_NEAR(values[2], 0, 0);
    /* A name no layer has: zeros. */
    memset(values, SENTINEL_BYTE, sizeof values);
    CHECK_OK(gf_scene_sample_custom(scene, "unknown", 0.25, values, COUNT(values), &count));
    CHECK(values[0] == 0 && values[1] == 0 && values[2] == 0);
    /* gf_scene_update_layer keeps custom values and contents. */
    CHECK_OK(gf_scene_set_contents(scene, "a", "avatar.png"));
    d.x = 7;
    CHECK_OK(gf_scene_update_layer(scene, &d));
    CHECK_OK(gf_scene_sample_custom(scene, "progress", 0.25, values, COUNT(values), &count));
    CHECK_NEAR(values[0], 0.5, 0);
    CHECK_NEAR(state_of(scene, "a", 0).x, 7, 0);
    CHECK(state_of(scene, "a", 0).flags & GF_LAYER_HAS_CONTENTS);
    {
        char *name = NULL;
        CHECK_OK(gf_scene_layer_contents(scene, (uint32_t)index_of(scene, "a"), &name));
        CHECK(name != NULL && strcmp(name, "avatar.png") == 0);
        gf_string_free(name);
    }
    gf_timing_free(timing);
    gf_scene_free(scene);
}

/* ---- editing ------------------------------------------------------------------------------ */

static void test_editing(void) {
    gf_scene *scene = new_scene();
    gf_timing *timing = once(1, 0);
    gf_layer_desc d;
    uint32_t index = SENTINEL_U32;
    uint64_t on_grandchild, keyed, replacing;
    add_layer(scene, "root", NULL, 0, 0, 100, 100);
    add_layer(scene, "other", NULL, 0, 0, 100, 100);
    d = desc_of("child", "root", 0, 0, 10, 10);
    CHECK_OK(gf_scene_add_layer(scene, &d, &index));
    CHECK_EQ_INT(index, 2);
    add_layer(scene, "grandchild", "child", 1, 1, 1, 1);
    CHECK_EQ_INT(layer_count(scene), 4);
    on_grandchild = attach(scene, "grandchild", basic1("opacity", timing, 0, 1), NULL);

    /* Keys: a second animation under the same key on the same layer replaces the first. */
    keyed = attach(scene, "other", basic1("opacity", timing, 0, 1), "fade");
    replacing = attach(scene, "other", basic1("opacity", timing, 1, 0), "fade");
    CHECK(keyed != replacing && keyed != 0 && replacing != 0 && on_grandchild != keyed);
    CHECK_NEAR(state_of(scene, "other", 0.25).opacity, 0.75, 1e-12);
    CHECK_FAIL(gf_scene_remove_animation(scene, keyed), GF_E_NOT_FOUND);

    /* Reparenting "child" under "other": parents stay before children, indices follow. */
    d = desc_of("child", "other", 5, 5, 10, 10);
    CHECK_OK(gf_scene_update_layer(scene, &d));
    CHECK(index_of(scene, "other") < index_of(scene, "child"));
    CHECK(index_of(scene, "child") < index_of(scene, "grandchild"));
    CHECK_NEAR(state_of(scene, "grandchild", 0).x, 5 + 1, 0);

    /* Removing a layer removes its subtree and the animations on it. */
    CHECK_OK(gf_scene_remove_layer(scene, "child"));
    CHECK_EQ_INT(layer_count(scene), 2);
    index = SENTINEL_U32;
    CHECK_FAIL(gf_scene_layer_index(scene, "grandchild", &index), GF_E_NOT_FOUND);
    CHECK_EQ_INT(index, SENTINEL_U32);
    CHECK_FAIL(gf_scene_remove_animation(scene, on_grandchild), GF_E_NOT_FOUND);
    CHECK_OK(gf_scene_remove_animation(scene, replacing));
    CHECK_NEAR(state_of(scene, "other", 0.25).opacity, 1, 0);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

/* ---- events ------------------------------------------------------------------------------- */

typedef struct {
    int32_t kind, reversed;
    uint64_t id;
    double time;
    char layer[32];
    char key[32];
    int has_key;
} recorded_event;

typedef struct {
    size_t count;
    recorded_event events[16];
} recorder;

static void copy_text(char *out, size_t size, const char *text) {
    size_t n = text ? strlen(text) : 0;
    if (n >= size) n = size - 1;
    if (text) memcpy(out, text, n);
    out[n] = '\0';
}

static void record(void *user_data, const gf_event *event) {
    recorder *r = (recorder *)user_data;
    recorded_event *e;
    if (r->count >= COUNT(r->events)) return;
    e = &r->events[r->count++];
    e->kind = event->kind;
    e->reversed = event->reversed;
    e->id = event->animation_id;
    e->time = event->time;
    copy_text(e->layer, sizeof e->layer, event->layer_id); /* valid only during the callback */
    copy_text(e->key, sizeof e->key, event->key);
    e->has_key = event->key != NULL;
}

/* Checks one recorded event; key NULL means the event has no key. */
static void check_event(const recorder *r, size_t i, int line, int32_t kind, int32_t reversed, uint64_t id,
                        double time, const char *layer, const char *key) {
    const recorded_event *e = &r->events[i];
    char what[160];
    sprintf(what, "event %u: kind %d reversed %d id %llu time %g layer %s key %s", (unsigned)i, (int)kind,
            (int)reversed, (unsigned long long)id, time, layer, key ? key : "(none)");
    if (!gf_test_check(i < r->count && e->kind == kind && e->reversed == reversed && e->id == id &&
                           fabs(e->time - time) <= 1e-12 && strcmp(e->layer, layer) == 0 &&
                           (key ? e->has_key && strcmp(e->key, key) == 0 : !e->has_key),
                       __FILE__, line, what))
        printf("     got kind %d reversed %d id %llu time %g layer %s key %s\n", (int)e->kind, (int)e->reversed,
               (unsigned long long)e->id, e->time, e->layer, e->has_key ? e->key : "(none)");
}

#define CHECK_EVENT(r, i, kind, reversed, id, time, layer, key) \
    check_event(&(r), (i), __LINE__, (kind), (reversed), (id), (time), (layer), (key))

static void test_events(void) {
    gf_scene *scene = new_scene();
    gf_timing *early = once(1, 0.5), *late = once(1, 1);
    gf_timing *filled = timing_of(1, 0, 1, GF_DIRECTION_NORMAL, GF_FILL_FORWARDS, NULL);
    gf_animation *animation;
    recorder r;
    uint64_t first, second, removed;
    const char *no_key = NULL;
    add_layer(scene, "a", NULL, 0, 0, 1, 1);
    add_layer(scene, "b", NULL, 0, 0, 1, 1);
    add_layer(scene, "c", NULL, 0, 0, 1, 1);
    /* Active on [0.5, 1.5] and [1, 2], kept after their ends. */
    animation = basic1("opacity", early, 0, 1);
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_KEEP_AFTER_END));
    first = attach(scene, "a", animation, "k1");
    animation = basic1("opacity", late, 0, 1);
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_KEEP_AFTER_END));
    second = attach(scene, "b", animation, NULL);

    memset(&r, 0, sizeof r);
    CHECK_OK(gf_scene_advance(scene, 0, record, &r));
    CHECK_EQ_INT(r.count, 0);
    CHECK_OK(gf_scene_advance(scene, 3, record, &r));
    CHECK_EQ_INT(r.count, 4);
    if (r.count == 4) {
        CHECK_EVENT(r, 0, GF_EVENT_STARTED, 0, first, 0.5, "a", "k1");
        CHECK_EVENT(r, 1, GF_EVENT_STARTED, 0, second, 1.0, "b", no_key);
        CHECK_EVENT(r, 2, GF_EVENT_ENDED, 0, first, 1.5, "a", "k1");
        CHECK_EVENT(r, 3, GF_EVENT_ENDED, 0, second, 2.0, "b", no_key);
    }
    /* Backwards to 0.75: the crossings of [0.75, 3) in reverse, reversed. */
    memset(&r, 0, sizeof r);
    CHECK_OK(gf_scene_advance(scene, 0.75, record, &r));
    CHECK_EQ_INT(r.count, 3);
    if (r.count == 3) {
        CHECK_EVENT(r, 0, GF_EVENT_STARTED, 1, second, 2.0, "b", no_key);
        CHECK_EVENT(r, 1, GF_EVENT_STARTED, 1, first, 1.5, "a", "k1");
        CHECK_EVENT(r, 2, GF_EVENT_ENDED, 1, second, 1.0, "b", no_key);
    }
    /* Kept after the end: both are still in the scene. */
    CHECK_NEAR(state_of(scene, "a", 1.0).opacity, 0.5, 1e-12);

    /* Removed on completion: after its end the model shows even with fill forwards, and once
       the clock passes its end forwards it leaves the scene. */
    removed = attach(scene, "c", basic1("opacity", filled, 0, 0.5), "gone");
    CHECK_NEAR(state_of(scene, "c", 0.5).opacity, 0.25, 1e-12);
    CHECK_NEAR(state_of(scene, "c", 1.5).opacity, 1, 0);
    memset(&r, 0, sizeof r);
    CHECK_OK(gf_scene_advance(scene, 2.5, record, &r));
    /* The crossings of (0.75, 2.5]; at the same time, in the order the animations were added. */
    CHECK_EQ_INT(r.count, 4);
    if (r.count == 4) {
        CHECK_EVENT(r, 0, GF_EVENT_STARTED, 0, second, 1.0, "b", no_key);
        CHECK_EVENT(r, 1, GF_EVENT_ENDED, 0, removed, 1.0, "c", "gone");
        CHECK_EVENT(r, 2, GF_EVENT_ENDED, 0, first, 1.5, "a", "k1");
        CHECK_EVENT(r, 3, GF_EVENT_ENDED, 0, second, 2.0, "b", no_key);
    }
    CHECK_NEAR(state_of(scene, "c", 0.5).opacity, 1, 0); /* gone: the model at any time */
    CHECK_FAIL(gf_scene_remove_animation(scene, removed), GF_E_NOT_FOUND);
    CHECK_NEAR(state_of(scene, "a", 1.0).opacity, 0.5, 1e-12); /* kept ones stay until removed */
    CHECK_OK(gf_scene_remove_animation(scene, first));
    CHECK_FAIL(gf_scene_remove_animation(scene, first), GF_E_NOT_FOUND);
    CHECK_OK(gf_scene_advance(scene, 0, NULL, NULL)); /* callback NULL is allowed */
    gf_timing_free(early);
    gf_timing_free(late);
    gf_timing_free(filled);
    gf_scene_free(scene);
}

/* ---- hand-off ----------------------------------------------------------------------------- */

static void test_handoff(void) {
    gf_scene *scene = new_scene();
    gf_timing *first = timing_of(1, 0, 1, GF_DIRECTION_NORMAL, GF_FILL_FORWARDS, NULL);
    gf_timing *second = timing_of(1, 0.4, 1, GF_DIRECTION_NORMAL, GF_FILL_FORWARDS, "ease-in-out");
    gf_timing *springy;
    gf_spring spring;
    gf_animation *animation = NULL;
    double to = 300, settle = SENTINEL_DOUBLE, before, at_handoff_before, after, at_handoff_after;
    const double h = 0.4, dt = 1e-12;
    uint64_t id = SENTINEL_U64;
    add_layer(scene, "a", NULL, 0, 0, 10, 10);
    add_layer(scene, "s", NULL, 0, 0, 10, 10);
    attach(scene, "a", basic1("position.x", first, 0, 100), "move");
    attach(scene, "s", basic1("position.x", first, 0, 100), "move");

    before = state_of(scene, "a", h - dt).x;
    at_handoff_before = state_of(scene, "a", h).x;
    CHECK_NEAR(at_handoff_before, 40 - 5, 1e-12);
    /* To 300 from wherever the layer is at 0.4 s (replacing the keyed animation). */
    animation = basic("position.x", second, NULL, &to, 1);
    CHECK_OK(gf_animation_set_flags(animation, GF_ANIMATION_KEEP_AFTER_END));
    CHECK_OK(gf_scene_add_animation_handoff(scene, "a", animation, "move", h, &id));
    CHECK(id != SENTINEL_U64);
    gf_animation_free(animation);
    at_handoff_after = state_of(scene, "a", h).x;
    after = state_of(scene, "a", h + dt).x;
    CHECK_NEAR(at_handoff_after, at_handoff_before, 1e-9);
    CHECK_NEAR(after, before, 1e-9);
    CHECK_NEAR(state_of(scene, "a", h + 1).x, 300 - 5, 1e-9);
    CHECK_NEAR(state_of(scene, "a", h + 5).x, 300 - 5, 1e-9);

    /* A spring hand-off continues the position (and the velocity). */
    gf_spring_init(&spring);
    CHECK_OK(gf_spring_settling_duration(&spring, 1e-3, &settle));
    springy = timing_of(settle, h, 1, GF_DIRECTION_NORMAL, GF_FILL_FORWARDS, NULL);
    before = state_of(scene, "s", h - dt).x;
    at_handoff_before = state_of(scene, "s", h).x;
    CHECK_OK(gf_animation_create_spring("position.x", &spring, springy, &animation));
    CHECK_OK(gf_animation_set_values(animation, GF_VALUE_TO, &to, 1));
    CHECK_OK(gf_scene_add_animation_handoff(scene, "s", animation, "move", h, NULL));
    gf_animation_free(animation);
    CHECK_NEAR(state_of(scene, "s", h).x, at_handoff_before, 1e-9);
    CHECK_NEAR(state_of(scene, "s", h + dt).x, before, 1e-9);
    /* Velocity: 100 units/s before, the same just after (a forward difference over 1 us). */
    CHECK_NEAR((state_of(scene, "s", h + 1e-6).x - state_of(scene, "s", h).x) / 1e-6, 100, 0.1);
    gf_timing_free(first);
    gf_timing_free(second);
    gf_timing_free(springy);
    gf_scene_free(scene);
}

/* ---- bad input ---------------------------------------------------------------------------- */

/* A scene with layers and animations of several kinds, for the bad-input checks. */
static gf_scene *fixture(gf_timing *timing) {
    gf_scene *scene = new_scene();
    gf_layer_desc d = desc_of("root", NULL, 10, 10, 200, 100);
    const double kf[] = {0, 1, 0.5};
    gf_animation *animation = NULL;
    d.rotation = 0.3;
    d.opacity = 0.8;
    add_desc(scene, &d);
    add_layer(scene, "a", "root", 5, 5, 50, 20);
    add_layer(scene, "b", "a", 1, 2, 3, 4);
    add_layer(scene, "c", "root", 100, 0, 20, 20);
    CHECK_OK(gf_scene_set_custom(scene, "c", "p", 3));
    attach(scene, "a", basic1("position.x", timing, 0, 100), "move");
    CHECK_OK(gf_animation_create_keyframes("opacity", timing, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, kf, COUNT(kf), NULL, 0));
    attach(scene, "b", animation, NULL);
    CHECK_OK(gf_animation_create_transition(GF_TRANSITION_PUSH, GF_TRANSITION_FROM_TOP, "a", 0, 1, timing,
                                            &animation));
    attach(scene, "c", animation, NULL);
    return scene;
}

/* The call fails with `want` and a fresh message, and leaves the scene as it was. */
#define CHECK_REJECTED(call, want)                                                               \
    do {                                                                                         \
        CHECK_FAIL(call, want);                                                                  \
        CHECK(snapshot_matches(scene, &snap) && "the scene is unchanged");                       \
    } while (0)

static void test_bad_layers(void) {
    gf_timing *timing = once(1, 0);
    gf_scene *scene = fixture(timing);
    static snapshot snap;
    gf_layer_desc d, good = desc_of("new", "root", 0, 0, 1, 1);
    uint32_t index = SENTINEL_U32;
    size_t count = SENTINEL_SIZE;
    snapshot_take(scene, &snap);
    CHECK_EQ_INT(snap.count, 4);

    CHECK_FAIL(gf_scene_create(NULL), GF_E_NULL_ARGUMENT);

    /* gf_scene_add_layer */
    CHECK_REJECTED(gf_scene_add_layer(NULL, &good, &index), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_layer(scene, NULL, &index), GF_E_NULL_ARGUMENT);
    d = good; d.id = NULL;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_NULL_ARGUMENT);
    d = good; d.id = "";
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.id = "bad\xff";
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_UTF8);
    d = good; d.parent = "\xc3";
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_UTF8);
    d = good; d.struct_size = (uint32_t)sizeof(gf_layer_desc) - 8;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.struct_size = 0;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.x = NAN;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.width = INFINITY;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.height = -1;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.opacity = NAN;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.rotation = -INFINITY;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.hidden = 2;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.gradient_stop_count = 5;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.gradient_stop_count = 2; d.gradient_location_count = 1;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.gradient_stop_count = 2; d.gradient_colors[5] = NAN;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    /* Colour channels outside [0, 1]: refused when set, naming the field, as
       gf_scene_load_json refuses them (so gf_scene_to_json never writes them). */
    d = good; d.r = 1.5;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "layer 'new': backgroundColor.red must be in [0, 1]") != NULL);
    d = good; d.a = -0.25;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "backgroundColor.alpha must be in [0, 1]") != NULL);
    d = good; d.gradient_stop_count = 2; d.gradient_colors[6] = 2;
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "gradient.colors[1].blue must be in [0, 1]") != NULL);
    d = good; d.id = "a"; /* duplicate id */
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_INVALID_ARGUMENT);
    d = good; d.parent = "nobody";
    CHECK_REJECTED(gf_scene_add_layer(scene, &d, &index), GF_E_NOT_FOUND);
    CHECK_EQ_INT(index, SENTINEL_U32);

    /* gf_scene_update_layer */
    d = desc_of("root", NULL, 0, 0, 1, 1);
    CHECK_REJECTED(gf_scene_update_layer(NULL, &d), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_update_layer(scene, NULL), GF_E_NULL_ARGUMENT);
    d = desc_of("nobody", NULL, 0, 0, 1, 1);
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_NOT_FOUND);
    d = desc_of("root", "b", 0, 0, 1, 1); /* b is root's grandchild: a cycle */
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_INVALID_ARGUMENT);
    d = desc_of("a", "a", 0, 0, 1, 1); /* its own parent */
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_INVALID_ARGUMENT);
    d = desc_of("a", "nobody", 0, 0, 1, 1);
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_NOT_FOUND);
    d = desc_of("a", "root", NAN, 0, 1, 1);
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_INVALID_ARGUMENT);
    d = desc_of("a", "root", 0, 0, 1, 1);
    d.g = 1.0000001;
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "layer 'a': backgroundColor.green must be in [0, 1]") != NULL);
    d = desc_of("a", "root", 0, 0, 1, 1);
    d.struct_size = 4;
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_INVALID_ARGUMENT);
    d = desc_of(NULL, "root", 0, 0, 1, 1);
    CHECK_REJECTED(gf_scene_update_layer(scene, &d), GF_E_NULL_ARGUMENT);

    /* gf_scene_remove_layer */
    CHECK_REJECTED(gf_scene_remove_layer(NULL, "a"), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_remove_layer(scene, NULL), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_remove_layer(scene, "nobody"), GF_E_NOT_FOUND);
    CHECK_REJECTED(gf_scene_remove_layer(scene, "\xff"), GF_E_INVALID_UTF8);

    /* gf_scene_layer_index */
    index = SENTINEL_U32;
    CHECK_REJECTED(gf_scene_layer_index(NULL, "a", &index), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_layer_index(scene, NULL, &index), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_layer_index(scene, "a", NULL), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_layer_index(scene, "nobody", &index), GF_E_NOT_FOUND);
    CHECK_EQ_INT(index, SENTINEL_U32);

    /* gf_scene_layer_count */
    CHECK_REJECTED(gf_scene_layer_count(NULL, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_layer_count(scene, NULL), GF_E_NULL_ARGUMENT);
    CHECK_EQ_INT(count, SENTINEL_SIZE);

    /* gf_scene_set_custom */
    CHECK_REJECTED(gf_scene_set_custom(NULL, "a", "p", 1), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_set_custom(scene, NULL, "p", 1), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_set_custom(scene, "a", NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_set_custom(scene, "a", "p", NAN), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_set_custom(scene, "a", "p", INFINITY), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_set_custom(scene, "a", "", 1), GF_E_INVALID_ARGUMENT);
    CHECK(strstr(gf_last_error_message(), "layer 'a': a custom property name must not be empty") != NULL);
    CHECK_REJECTED(gf_scene_set_custom(scene, "nobody", "p", 1), GF_E_NOT_FOUND);

    gf_timing_free(timing);
    gf_scene_free(scene);
}

static void test_bad_animations(void) {
    gf_timing *timing = once(1, 0), *endless = timing_of(INFINITY, 0, 1, GF_DIRECTION_NORMAL, GF_FILL_NONE, NULL);
    gf_scene *scene = fixture(timing);
    static snapshot snap;
    gf_animation *out = SENTINEL_ANIMATION, *draft = NULL, *keyframes = NULL, *group = NULL, *transition = NULL;
    gf_animation *child = NULL;
    gf_spring spring, bad_spring;
    const double one = 1, nan1 = NAN, two[2] = {1, 2}, three[3] = {0, 1, 0.5};
    const double bad_times[2] = {0, 1}, nan_tension[3] = {0, NAN, 0};
    const gf_curve *no_curves = NULL;
    uint64_t id = SENTINEL_U64;
    gf_layer_state s;
    snapshot_take(scene, &snap);
    gf_spring_init(&spring);

    /* Builders: the out-parameter stays untouched. */
    CHECK_FAIL(gf_animation_create_basic(NULL, timing, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_basic("opacity", NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_basic("opacity", timing, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_basic("opacityy", timing, &out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_animation_create_basic("custom.", timing, &out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_animation_create_basic("\xff", timing, &out), GF_E_INVALID_UTF8);
    CHECK_FAIL(gf_animation_create_keyframes(NULL, timing, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_keyframes("transform.skew", timing, &out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_animation_create_keyframes("opacity", NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_keyframes("opacity", timing, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_spring("opacity", NULL, NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_spring(NULL, &spring, NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_spring("nope", &spring, NULL, &out), GF_E_NOT_FOUND);
    CHECK_FAIL(gf_animation_create_spring("opacity", &spring, NULL, NULL), GF_E_NULL_ARGUMENT);
    bad_spring = spring; bad_spring.struct_size = 8;
    CHECK_FAIL(gf_animation_create_spring("opacity", &bad_spring, NULL, &out), GF_E_INVALID_ARGUMENT);
    bad_spring = spring; bad_spring.mass = NAN;
    CHECK_FAIL(gf_animation_create_spring("opacity", &bad_spring, NULL, &out), GF_E_INVALID_ARGUMENT);
    bad_spring = spring; bad_spring.stiffness = -1;
    CHECK_FAIL(gf_animation_create_spring("opacity", &bad_spring, NULL, &out), GF_E_INVALID_ARGUMENT);
    bad_spring = spring; bad_spring.allows_overdamping = 2;
    CHECK_FAIL(gf_animation_create_spring("opacity", &bad_spring, NULL, &out), GF_E_INVALID_ARGUMENT);
    bad_spring = spring; bad_spring.damping = 0; /* never settles, and no timing to bound it */
    CHECK_FAIL(gf_animation_create_spring("opacity", &bad_spring, NULL, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_group(NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_group(timing, NULL), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_group(endless, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(99, GF_TRANSITION_FROM_LEFT, "a", 0, 1, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(-1, GF_TRANSITION_FROM_LEFT, "a", 0, 1, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 4, "a", 0, 1, timing, &out), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, NULL, 0, 1, timing, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", NAN, 1, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", 0, INFINITY, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", 0.6, 0.5, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", -0.1, 0.5, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", 0, 1.5, timing, &out),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", 0, 1, NULL, &out), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_create_transition(GF_TRANSITION_PUSH, 0, "a", 0, 1, timing, NULL), GF_E_NULL_ARGUMENT);
    CHECK_UNTOUCHED_PTR(out, SENTINEL_ANIMATION);

    /* Setters: a failing call leaves the draft as it was (checked by using it afterwards). */
    CHECK_OK(gf_animation_create_basic("opacity", timing, &draft));
    CHECK_OK(gf_animation_set_values(draft, GF_VALUE_FROM, &one, 1));
    CHECK_FAIL(gf_animation_set_values(NULL, GF_VALUE_TO, &one, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, 7, &one, 1), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, -1, &one, 1), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, GF_VALUE_FROM, two, 2), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, GF_VALUE_FROM, two, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, GF_VALUE_FROM, &nan1, 1), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_values(draft, GF_VALUE_FROM, NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_flags(NULL, 0), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_flags(draft, 8), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_flags(draft, 0x80000000u), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(draft, three, 3, NULL, 0), GF_E_INVALID_ARGUMENT); /* not keyframes */
    CHECK_FAIL(gf_animation_set_calculation_mode(draft, GF_CALCULATION_LINEAR), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_segment_curves(draft, &no_curves, 1), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_tcb(draft, three, NULL, NULL, 3), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_add_child(draft, draft), GF_E_INVALID_ARGUMENT); /* not a group */

    CHECK_OK(gf_animation_create_keyframes("position", timing, &keyframes));
    CHECK_OK(gf_animation_set_keyframes(keyframes, two, 2, NULL, 0));
    CHECK_FAIL(gf_animation_set_values(keyframes, GF_VALUE_TO, two, 2), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(NULL, two, 2, NULL, 0), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, three, 3, NULL, 0), GF_E_INVALID_ARGUMENT); /* 3 of 2 */
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, three, 0, NULL, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, NULL, 2, NULL, 0), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, two, 2, NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, (const double[]){NAN, 0}, 2, NULL, 0), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_keyframes(keyframes, two, 2, (const double[]){0, INFINITY}, 2),
               GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_calculation_mode(NULL, GF_CALCULATION_LINEAR), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_calculation_mode(keyframes, 5), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_calculation_mode(keyframes, -1), GF_E_INVALID_ARGUMENT);
    CHECK_FAIL(gf_animation_set_segment_curves(NULL, &no_curves, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_segment_curves(keyframes, NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_tcb(NULL, three, NULL, NULL, 3), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_set_tcb(keyframes, nan_tension, NULL, NULL, 3), GF_E_INVALID_ARGUMENT);

    CHECK_OK(gf_animation_create_group(timing, &group));
    CHECK_FAIL(gf_animation_add_child(NULL, draft), GF_E_NULL_ARGUMENT);
    CHECK_FAIL(gf_animation_add_child(group, NULL), GF_E_NULL_ARGUMENT);
    CHECK_OK(gf_animation_create_keyframes("opacity", timing, &child)); /* no keyframes: cannot be built */
    CHECK_FAIL(gf_animation_add_child(group, child), GF_E_INVALID_ARGUMENT);
    gf_animation_free(child);
    child = NULL;

    /* gf_scene_add_animation(_handoff): the scene and the out-parameter stay untouched. */
    CHECK_REJECTED(gf_scene_add_animation(NULL, "a", draft, NULL, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation(scene, NULL, draft, NULL, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", NULL, NULL, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation(scene, "nobody", draft, NULL, &id), GF_E_NOT_FOUND);
    CHECK_REJECTED(gf_scene_add_animation(scene, "\xff", draft, NULL, &id), GF_E_INVALID_UTF8);
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", draft, "\xff", &id), GF_E_INVALID_UTF8);
    /* Checked when added: key times that do not match the keyframes. */
    CHECK_OK(gf_animation_set_keyframes(keyframes, (const double[]){0, 0, 1, 1}, 4, bad_times, 1));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", keyframes, "move", &id), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_animation_set_keyframes(keyframes, (const double[]){0, 0, 1, 1}, 4, (const double[]){0.5, 1}, 2));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", keyframes, "move", &id), GF_E_INVALID_ARGUMENT);
    /* Segment curves that do not match the segments. */
    CHECK_OK(gf_animation_set_keyframes(keyframes, (const double[]){0, 0, 1, 1}, 4, NULL, 0));
    CHECK_OK(gf_animation_set_segment_curves(keyframes, (const gf_curve *const[]){NULL, NULL}, 2));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", keyframes, "move", &id), GF_E_INVALID_ARGUMENT);
    /* Tension, continuity, bias counts that do not match the keyframes. */
    gf_animation_free(keyframes);
    keyframes = NULL;
    CHECK_OK(gf_animation_create_keyframes("position", timing, &keyframes));
    CHECK_OK(gf_animation_set_keyframes(keyframes, (const double[]){0, 0, 1, 1}, 4, NULL, 0));
    CHECK_OK(gf_animation_set_calculation_mode(keyframes, GF_CALCULATION_CUBIC));
    CHECK_OK(gf_animation_set_tcb(keyframes, three, NULL, NULL, 3));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", keyframes, "move", &id), GF_E_INVALID_ARGUMENT);
    /* A spring needs a to-value. */
    CHECK_OK(gf_animation_create_spring("opacity", &spring, NULL, &child));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", child, NULL, &id), GF_E_INVALID_ARGUMENT);
    /* Transitions: from an unknown layer, from itself, inside a group. */
    CHECK_OK(gf_animation_create_transition(GF_TRANSITION_REVEAL, 0, "nobody", 0, 1, timing, &transition));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", transition, NULL, &id), GF_E_NOT_FOUND);
    gf_animation_free(transition);
    CHECK_OK(gf_animation_create_transition(GF_TRANSITION_REVEAL, 0, "a", 0, 1, timing, &transition));
    CHECK_REJECTED(gf_scene_add_animation(scene, "a", transition, NULL, &id), GF_E_INVALID_ARGUMENT);
    CHECK_OK(gf_animation_add_child(group, transition));
    CHECK_REJECTED(gf_scene_add_animation(scene, "root", group, NULL, &id), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(NULL, "a", draft, NULL, 0.5, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(scene, NULL, draft, NULL, 0.5, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(scene, "a", NULL, NULL, 0.5, &id), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(scene, "a", draft, NULL, NAN, &id), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(scene, "a", draft, NULL, INFINITY, &id), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_add_animation_handoff(scene, "nobody", draft, NULL, 0.5, &id), GF_E_NOT_FOUND);
    CHECK_EQ_INT(id, SENTINEL_U64);

    /* gf_scene_remove_animation */
    CHECK_REJECTED(gf_scene_remove_animation(NULL, 1), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_remove_animation(scene, 999), GF_E_NOT_FOUND);
    CHECK_REJECTED(gf_scene_remove_animation(scene, 0), GF_E_NOT_FOUND);

    /* The drafts survived the failures: draft still goes from 1 to the model (fill none). */
    {
        double to = 0;
        CHECK_OK(gf_animation_set_values(draft, GF_VALUE_TO, &to, 1));
        attach(scene, "c", draft, NULL);
        draft = NULL;
        s = state_of(scene, "c", 0.25);
        CHECK_NEAR(s.opacity, 0.8 * 0.75, 1e-12);
    }
    gf_animation_free(keyframes);
    gf_animation_free(group);
    gf_animation_free(transition);
    gf_animation_free(child);
    gf_timing_free(timing);
    gf_timing_free(endless);
    gf_scene_free(scene);
}

static void test_bad_sampling(void) {
    gf_timing *timing = once(1, 0);
    gf_scene *scene = fixture(timing);
    static snapshot snap;
    gf_layer_state states[MAX_LAYERS];
    double values[MAX_LAYERS];
    size_t count = SENTINEL_SIZE;
    recorder r;
    snapshot_take(scene, &snap);
    memset(states, SENTINEL_BYTE, sizeof states);
    memset(values, SENTINEL_BYTE, sizeof values);
    memset(&r, 0, sizeof r);

    CHECK_REJECTED(gf_scene_sample(NULL, 0, states, MAX_LAYERS, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, 0, states, MAX_LAYERS, NULL), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, 0, NULL, MAX_LAYERS, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, NAN, states, MAX_LAYERS, &count), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, INFINITY, states, MAX_LAYERS, &count), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, -INFINITY, states, MAX_LAYERS, &count), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample(scene, 0, states, (size_t)-1, &count), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(count, SENTINEL_SIZE);
    CHECK_UNTOUCHED_BYTES(states, sizeof states);

    CHECK_REJECTED(gf_scene_sample_custom(NULL, "p", 0, values, MAX_LAYERS, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, NULL, 0, values, MAX_LAYERS, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "p", 0, values, MAX_LAYERS, NULL), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "p", 0, NULL, MAX_LAYERS, &count), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "p", NAN, values, MAX_LAYERS, &count), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "p", -INFINITY, values, MAX_LAYERS, &count),
                   GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "", 0, values, MAX_LAYERS, &count), GF_E_NOT_FOUND);
    CHECK_REJECTED(gf_scene_sample_custom(scene, "\xff", 0, values, MAX_LAYERS, &count), GF_E_INVALID_UTF8);
    CHECK_EQ_INT(count, SENTINEL_SIZE);
    CHECK_UNTOUCHED_BYTES(values, sizeof values);

    CHECK_REJECTED(gf_scene_advance(NULL, 0, record, &r), GF_E_NULL_ARGUMENT);
    CHECK_REJECTED(gf_scene_advance(scene, NAN, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_REJECTED(gf_scene_advance(scene, INFINITY, record, &r), GF_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(r.count, 0);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

/* Setting no segment curves clears earlier ones (the animation is valid again). */
static void test_segment_curves_cleared(void) {
    gf_scene *scene = new_scene();
    gf_layer_desc d = desc_of("a", NULL, 0, 0, 10, 10);
    gf_timing *timing = once(1, 0);
    gf_animation *animation = NULL;
    gf_curve *ease = NULL;
    const gf_curve *curves[1];
    static const double values[3] = {0, 10, 40};
    CHECK_OK(gf_scene_add_layer(scene, &d, NULL));
    CHECK_OK(gf_curve_parse("ease", &ease));
    curves[0] = ease;
    CHECK_OK(gf_animation_create_keyframes("cornerRadius", timing, &animation));
    CHECK_OK(gf_animation_set_keyframes(animation, values, 3, NULL, 0));
    /* One curve for two segments is wrong ... */
    CHECK_OK(gf_animation_set_segment_curves(animation, curves, 1));
    CHECK_STATUS(gf_scene_add_animation(scene, "a", animation, NULL, NULL), GF_E_INVALID_ARGUMENT);
    /* ... and clearing them makes it right again. */
    CHECK_OK(gf_animation_set_segment_curves(animation, NULL, 0));
    CHECK_OK(gf_scene_add_animation(scene, "a", animation, NULL, NULL));
    gf_animation_free(animation);
    gf_curve_free(ease);
    gf_timing_free(timing);
    gf_scene_free(scene);
}

int main(void) {
    RUN(test_layer_desc_defaults);
    RUN(test_empty_scene);
    RUN(test_basic);
    RUN(test_additive);
    RUN(test_keyframes);
    RUN(test_spring);
    RUN(test_group);
    RUN(test_transitions);
    RUN(test_hierarchy);
    RUN(test_buffer_too_small);
    RUN(test_custom);
    RUN(test_editing);
    RUN(test_events);
    RUN(test_handoff);
    RUN(test_bad_layers);
    RUN(test_bad_animations);
    RUN(test_bad_sampling);
    RUN(test_segment_curves_cleared);
    return gf_test_summary();
}
