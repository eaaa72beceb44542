/* A minimal C host: loads libghostframe.so (linked), prints gf_version_string() and checks it and
   the ABI version against the header. Used by the static-runtime check. */
#include <stdio.h>
#include <string.h>

#include "ghostframe.h"

int main(void) {
    const char *version = gf_version_string();
    printf("ghostframe %s (ABI %u)\n", version ? version : "(null)", (unsigned)gf_abi_version());
    if (version == NULL || strcmp(version, GF_VERSION_STRING) != 0 || gf_abi_version() != GF_ABI_VERSION) {
        fprintf(stderr, "version_host: expected %s (ABI %d)\n", GF_VERSION_STRING, GF_ABI_VERSION);
        return 1;
    }
    return 0;
}
