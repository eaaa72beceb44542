/*
 * ghostframe.h -- the C interface of Ghostframe, a skeleton-screen and animation engine.
 *
 * Ghostframe never draws and never owns a clock: the host passes in the time and draws
 * what it is told. This header and the parts it includes are the ABI contract;
 * libghostframe.so exports exactly the functions they declare.
 *
 * Parts: one header per concern in ghostframe/, all included here. A part may also be included
 * alone (#include <ghostframe/scene.h>); it includes the parts it needs.
 *
 *   ghostframe/base.h       versions, status codes and errors, strings (every part includes it)
 *   ghostframe/curve.h      curves (progress -> eased progress) and springs
 *   ghostframe/timing.h     the Web Animations timing model, with Core Animation's parameters
 *   ghostframe/animation.h  animation descriptions: basic, keyframe, spring, group, transition
 *   ghostframe/scene.h      scenes: layers, attached animations, sampling, events, JSON, exports
 *   ghostframe/timeline.h   timelines: JSON, the definition registry, the builder, playback
 *   ghostframe/skeleton.h   view trees, the skeletons made from them, their layout
 *   ghostframe/chain.h      chains of animations on one layer
 *   ghostframe/tools.h      the preload overlay, coordinate spaces and the card transition,
 *                           scrubbing, pull-to-refresh
 *   ghostframe/plugins.h    host curves, skeleton effects, node kinds, plugin libraries
 *
 * Conventions (they hold for every declaration of every part unless its comment says otherwise):
 *
 *   Status      Every call that can fail returns gf_status: GF_OK (0) or a negative
 *               GF_E_* code. New codes may be added; treat any unknown negative value
 *               as an error. gf_status_string() names a code; gf_last_error_message()
 *               gives the detail of the last failure on the calling thread.
 *   Failure     A failing call changes nothing: out-parameters, handles and buffers
 *               are left as they were, except that GF_E_BUFFER_TOO_SMALL writes the
 *               count it needs where the function says so.
 *   Handles     Opaque pointers made by gf_X_create/gf_X_parse and released by
 *               gf_X_free. gf_X_free(NULL) does nothing.
 *   Numbers     double arguments must be finite unless a comment allows infinity.
 *               NaN is always rejected with GF_E_INVALID_ARGUMENT.
 *   Strings     UTF-8. Inputs are copied; the caller keeps ownership. Strings the
 *               library returns are either static (said so) or released with
 *               gf_string_free().
 *   Structs     Option structs begin with uint32_t struct_size; fill them with the
 *               matching gf_X_init() and change only the fields you need. A struct_size
 *               smaller than the library's struct is GF_E_INVALID_ARGUMENT; a larger one
 *               (from a newer header) is accepted and its extra fields are ignored.
 *   Limits      Text arguments are at most GF_MAX_TEXT_BYTES bytes (GF_E_LIMIT beyond).
 *               Every other limit is a GF_MAX_* macro beside the declarations it bounds.
 *               Limits bound the work an input implies, not only its size: what an input
 *               expands into (the line layers of a skeleton's labels, the cells its lists
 *               lay out, the tracks a scene's animations compile to) is counted before it
 *               is built, so an input past a limit fails quickly with GF_E_LIMIT, and no
 *               allocation sized by input can fail (an abort) instead of answering.
 *               Whatever the library writes (gf_curve_spec, gf_scene_to_json), its
 *               readers accept.
 *   Names       Names the library stores and hands back (layer ids and parents, animation
 *               keys, custom property names, view-tree ids, cell template and group names)
 *               never contain NUL: C would see them truncated. Through JSON ("\u0000")
 *               or a binding that can carry one, such a name is GF_E_INVALID_ARGUMENT.
 *   Threads     A handle is used by one thread at a time; distinct handles are
 *               independent; functions without a handle are thread-safe.
 *   Callbacks   Receive the caller's void *user_data first, run on the thread that
 *               called into the library, and never while a library lock is held.
 *   Misuse      As SQLite's SQLITE_MISUSE: every handle argument is checked before it
 *               is used, and misuse is answered with GF_E_MISUSE and a message instead
 *               of a crash or heap corruption. Each function that takes a handle has a
 *               "Misuse:" line naming what it detects, per handle argument:
 *                 type   a pointer that is no handle of this library (compared with the
 *                        library's handle blocks, never read through), or a live handle
 *                        of another type;
 *                 freed  a handle already freed: a use after gf_X_free, or a second
 *                        gf_X_free (double free);
 *                 busy   a scene, animation or view tree another call is using at the
 *                        same time (another thread, or a callback re-entering it); in
 *                        every build (about 4 ns a call). Curves and timings may be read
 *                        by many threads at once and have no such check.
 *               gf_X_free returns GF_OK (also for NULL) or GF_E_MISUSE, when it freed
 *               nothing; ignoring its result is allowed.
 *               Handles are small blocks the library never returns to the system
 *               allocator. A freed handle stays detectably freed until more than 1,024
 *               other handles have been freed after it; then its block may serve a new
 *               handle, and a use of the old pointer is "type" if the new handle is of
 *               another type, but acts on the new handle if it is of the same type. That,
 *               and freeing a curve or timing while another thread is using it, are
 *               undefined behaviour and not detected.
 */
#ifndef GHOSTFRAME_H
#define GHOSTFRAME_H

#include "ghostframe/base.h"
#include "ghostframe/curve.h"
#include "ghostframe/timing.h"
#include "ghostframe/animation.h"
#include "ghostframe/scene.h"
#include "ghostframe/timeline.h"
#include "ghostframe/skeleton.h"
#include "ghostframe/chain.h"
#include "ghostframe/tools.h"
#include "ghostframe/plugins.h"

#endif /* GHOSTFRAME_H */
