/*
 * global_plugin.c -- a test plugin whose entry point registers through the
 * library's global functions (gf_register_curve, gf_register_node_kind) instead of its
 * gf_plugin_api table, as a plugin linked against libghostframe.so may. What it registers while
 * its entry point runs belongs to it all the same: gf_plugin_unload removes it, and the library
 * is closed only when nothing uses its code any more.
 *
 *   acme.global        a curve: x^3, with user data freed by global_free.
 *   acme.GlobalView    a node kind: a label of 2 lines.
 *
 * global_free, the user data's finalizer, uses the timeline registry and the curve registry while
 * it runs (a finalizer may call any registry function), and counts what did not return GF_OK.
 *
 * Build: cc -shared -fPIC -I Include examples/c/plugins/global_plugin.c -o libglobal_plugin.so
 * -L<dir of libghostframe.so> -lghostframe (CMake builds it as gf_global_plugin).
 */
#include <stdlib.h>

#include "ghostframe.h"

/* What the tests read: user data blocks alive, and nested calls in global_free that failed. */
static int global_live = 0;
static int global_nested_failures = 0;

__attribute__((visibility("default"))) int global_plugin_live_user_data(void) { return global_live; }
__attribute__((visibility("default"))) int global_plugin_nested_failures(void) { return global_nested_failures; }

typedef struct global_cube { double power; } global_cube;

static double global_cube_eval(void *user_data, double x) {
    const global_cube *c = (const global_cube *)user_data;
    double y = 1;
    for (int i = 0; i < (int)c->power; i++) y *= x;
    return y;
}

static void global_free(void *user_data) {
    free(user_data);
    global_live--;
    if (gf_timeline_define("acme.globalFreed", NULL, "{\"opacity\": 1}") != GF_OK) global_nested_failures++;
    if (gf_timeline_undefine("acme.globalFreed") != GF_OK) global_nested_failures++;
    if (gf_unregister_curve("acme.neverRegistered") != GF_E_NOT_FOUND) global_nested_failures++;
}

__attribute__((visibility("default"))) gf_status gf_plugin_init(gf_plugin_api *api) {
    api->plugin_abi_version = GF_ABI_VERSION;
    global_cube *cube = malloc(sizeof *cube);
    if (cube == NULL) return GF_E_INTERNAL;
    cube->power = 3;
    gf_status status = gf_register_curve("acme.global", global_cube_eval, cube, global_free);
    if (status != GF_OK) {
        free(cube); /* on failure the plugin keeps ownership */
        return status;
    }
    global_live++;
    return gf_register_node_kind("acme.GlobalView", "label", "{\"lines\": 2}");
}
