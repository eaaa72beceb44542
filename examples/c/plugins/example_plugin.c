/*
 * example_plugin.c -- an example Ghostframe plugin: one host curve, one skeleton
 * effect and one node kind, registered through the function table gf_plugin_load passes.
 *
 *   acme.wobble       a curve: 1 - cos(4.5 pi x) e^(-6x): from 0 at x = 0, overshooting and
 *                     settling to 1 at x = 1 (cos(4.5 pi) = 0).
 *   acme.glow         a skeleton effect: each bone's opacity pulses 1 -> 0.6 -> 1 once a cycle,
 *                     the pulse travelling along the bones (phase index / count); 1.2 s a cycle.
 *   acme.AvatarView   a node kind: an image with a corner radius of half its width.
 *
 * Build: cc -shared -fPIC -I Include examples/c/plugins/example_plugin.c -o libacme_plugin.so -lm
 * (CMake builds it as gf_example_plugin). Defining ACME_PLUGIN_ABI builds it for another ABI
 * version, which gf_plugin_load refuses (the tests build such a copy).
 */
#include <math.h>
#include <stdlib.h>

#include "ghostframe.h"

#ifndef ACME_PLUGIN_ABI
#define ACME_PLUGIN_ABI GF_ABI_VERSION
#endif

#define ACME_PI 3.14159265358979323846

/* How many user_data blocks are alive: the tests read it (acme_live_user_data) to see that the
 * library frees them when the last curve using them goes. */
static int acme_live = 0;

__attribute__((visibility("default"))) int acme_live_user_data(void) { return acme_live; }

typedef struct acme_wobble { double frequency, decay; } acme_wobble;

static double acme_wobble_eval(void *user_data, double x) {
    const acme_wobble *w = (const acme_wobble *)user_data;
    return 1.0 - cos(w->frequency * ACME_PI * x) * exp(-w->decay * x);
}

static void acme_free(void *user_data) {
    free(user_data);
    acme_live--;
}

static int32_t acme_glow(void *user_data, double x, double y, double width, double height, uint32_t index,
                         uint32_t count, double progress, gf_effect_output *out) {
    (void)user_data; (void)x; (void)y; (void)width; (void)height;
    double phase = count > 0 ? (double)index / (double)count : 0;
    double wave = 0.5 - 0.5 * cos(2 * ACME_PI * (progress - phase));
    out->opacity = 1.0 - 0.4 * wave;
    return GF_OK;
}

__attribute__((visibility("default"))) gf_status gf_plugin_init(gf_plugin_api *api) {
    api->plugin_abi_version = ACME_PLUGIN_ABI;
    if (api->struct_size < sizeof(gf_plugin_api)) return GF_E_INVALID_ARGUMENT;
    acme_wobble *wobble = malloc(sizeof *wobble);
    if (wobble == NULL) return GF_E_INTERNAL;
    wobble->frequency = 4.5;
    wobble->decay = 6;
    gf_status status = api->register_curve(api->registrar, "acme.wobble", acme_wobble_eval, wobble, acme_free);
    if (status != GF_OK) {
        free(wobble);  /* on failure the plugin keeps ownership */
        return status;
    }
    acme_live++;
    /* Only the table: a plugin need not link against libghostframe.so (a Python host loads the
     * library without exporting its symbols to plugins). */
    gf_effect_params params = {sizeof(gf_effect_params), 25, 1.2};
    status = api->register_effect(api->registrar, "acme.glow", acme_glow, &params, NULL, NULL);
    if (status != GF_OK) return status;
    return api->register_node_kind(api->registrar, "acme.AvatarView", "image", "{\"cornerRadius\": \"50%\"}");
}
