/*
 * curve_table -- a small Ghostframe host: parses a few curve specs and prints their values at
 * x = 0, 0.1, ..., 1 as a table.
 *
 *   cc -std=c99 curve_table.c $(pkg-config --cflags --libs ghostframe) -o curve_table
 *   ./curve_table                      # the default curves
 *   ./curve_table ease "steps(3)"      # or your own specs
 *
 * Every call that can fail returns a gf_status; on failure the program prints the status name
 * and gf_last_error_message() and exits with status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ghostframe.h>

#define MAX_CURVES 8
#define SAMPLES 11

static const char *const default_specs[] = {"ease", "ease-in-out", "steps(4, jump-end)", "easeOutBounce",
                                            "spring(1, 100, 10, 0)"};

/* Prints what failed and why; returns 0 so callers can `return fail(...)`. */
static int fail(const char *what, gf_status status) {
    fprintf(stderr, "curve_table: %s: %s: %s\n", what, gf_status_string(status), gf_last_error_message());
    return 0;
}

int main(int argc, char **argv) {
    const char *const *specs = default_specs;
    size_t count = sizeof default_specs / sizeof default_specs[0];
    gf_curve *curves[MAX_CURVES] = {NULL};
    double xs[SAMPLES], ys[MAX_CURVES][SAMPLES];
    int widths[MAX_CURVES];
    int ok = 1;
    size_t c, i;

    /* A binding checks the ABI it was compiled against before anything else. */
    if (gf_abi_version() != GF_ABI_VERSION) {
        fprintf(stderr, "curve_table: library ABI %u, header ABI %d\n", (unsigned)gf_abi_version(), GF_ABI_VERSION);
        return 1;
    }
    printf("ghostframe %s (ABI %u)\n\n", gf_version_string(), (unsigned)gf_abi_version());

    if (argc > 1) {
        specs = (const char *const *)(argv + 1);
        count = (size_t)(argc - 1);
        if (count > MAX_CURVES) {
            fprintf(stderr, "curve_table: at most %d curves\n", MAX_CURVES);
            return 2;
        }
    }
    for (i = 0; i < SAMPLES; i++) xs[i] = (double)i / (SAMPLES - 1);

    for (c = 0; c < count && ok; c++) {
        gf_status status = gf_curve_parse(specs[c], &curves[c]);
        if (status != GF_OK) {
            char what[256];
            snprintf(what, sizeof what, "parsing \"%s\"", specs[c]);
            ok = fail(what, status);
            break;
        }
        /* One call evaluates a whole column. */
        status = gf_curve_eval_n(curves[c], xs, ys[c], SAMPLES);
        if (status != GF_OK) ok = fail("gf_curve_eval_n", status);
        widths[c] = (int)strlen(specs[c]) > 9 ? (int)strlen(specs[c]) : 9;
    }

    if (ok) {
        printf("%5s", "x");
        for (c = 0; c < count; c++) printf("  %*s", widths[c], specs[c]);
        printf("\n%5s", "-----");
        for (c = 0; c < count; c++) {
            int k;
            printf("  ");
            for (k = 0; k < widths[c]; k++) putchar('-');
        }
        printf("\n");
        for (i = 0; i < SAMPLES; i++) {
            printf("%5.2f", xs[i]);
            for (c = 0; c < count; c++) printf("  %*.6f", widths[c], ys[c][i]);
            printf("\n");
        }
        /* The canonical spec of each curve, as the library prints it. */
        printf("\n");
        for (c = 0; c < count && ok; c++) {
            char *canonical = NULL;
            gf_status status = gf_curve_spec(curves[c], &canonical);
            if (status != GF_OK) {
                ok = fail("gf_curve_spec", status);
                break;
            }
            printf("%-*s -> %s\n", 22, specs[c], canonical);
            gf_string_free(canonical);
        }
    }

    for (c = 0; c < count; c++) gf_curve_free(curves[c]); /* NULL is fine */
    return ok ? 0 : 1;
}
