/* Exists only so that SwiftPM builds this header-only target, which exposes
   Include/ghostframe.h to Swift as the module CGhostframe (see include/module.modulemap); the
   parts it includes (Include/ghostframe/*.h) are read through its #include lines. */
#include "../../Include/ghostframe.h"
