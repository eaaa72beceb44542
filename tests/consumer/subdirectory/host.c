/* The subproject host: only configured by CTest subproject_check, never built. */
#include <ghostframe.h>

int main(void) { return gf_abi_version() == GF_ABI_VERSION ? 0 : 1; }
