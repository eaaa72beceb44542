/* A host built against an installed Ghostframe through find_package: checks the library it loaded
 * is the header's version, then samples a curve and prints it (install_check compares the output). */
#include <ghostframe.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    if (gf_version_number() != GF_VERSION_NUMBER || strcmp(gf_version_string(), GF_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: header %s, library %s\n", GF_VERSION_STRING, gf_version_string());
        return 1;
    }
    gf_curve *curve = NULL;
    if (gf_curve_parse("ease-in-out", &curve) != GF_OK) {
        fprintf(stderr, "consumer: %s\n", gf_last_error_message());
        return 1;
    }
    double y = 0;
    gf_status status = gf_curve_eval(curve, 0.25, 0, &y);
    gf_curve_free(curve);
    /* cubic-bezier(0.42, 0, 0.58, 1) at x = 0.25, by bisection to 1e-13 (independent of the engine) */
    if (status != GF_OK || fabs(y - 0.1291619310473) > 1e-7) {
        fprintf(stderr, "consumer: ease-in-out(0.25) = %.10f, status %d\n", y, (int)status);
        return 1;
    }
    printf("ghostframe %s: ease-in-out(0.25) = %.6f\n", gf_version_string(), y);
    return 0;
}
