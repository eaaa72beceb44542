/* Exists only so that SwiftPM builds this header-only target, which exposes
   Include/ghostframe.h to Swift as the module CGhostframe (see include/module.modulemap). */
#include "../../Include/ghostframe.h"
