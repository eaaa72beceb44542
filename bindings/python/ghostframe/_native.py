"""Finding, loading and declaring libghostframe.so (private).

Everything that touches ctypes declarations lives here: the POD structs and opaque handle
types of Include/ghostframe.h, one declarative table of every function's argtypes and
restype, the search for the library, the ABI check, and the errcheck that turns a
negative ``gf_status`` into a :class:`~ghostframe.errors.GhostframeError`.

The library is loaded once, when this module is first imported; :data:`lib` is the bound
library and :data:`library_path` the file it came from.

Search order (the first loadable candidate wins):

1. The bundled library: ``libghostframe.so*`` beside the package (a wheel or ``pip install``
   carries the library built for this very code, so it always comes first).
2. ``$GHOSTFRAME_LIBRARY`` - a file path, for a package without a bundled library (a
   checkout, a distribution's package). When it is set, it is the last place tried: a library
   named explicitly that does not load is an error, never replaced by another one.
3. Unset, the SwiftPM build folders of the repository the package sits in (a checkout): walk
   up to the directory holding ``Package.swift``, then ``.build/release/``, ``.build/debug/``,
   ``.build/*/release/``, ``.build/*/debug/``.
4. The system's search, by soname: ``dlopen("libghostframe.so.0")`` (the runtime name an
   installed library has, without the development symlink), ``dlopen("libghostframe.so")``
   (``LD_LIBRARY_PATH``, the ``ld.so.cache``, the default folders), then whatever
   ``ctypes.util.find_library("ghostframe")`` names, if that is something else.

When nothing loads, :class:`~ghostframe.LibraryNotFoundError` lists every place tried and
why each failed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
import re
import warnings
from ctypes import (
    POINTER,
    Structure,
    byref,
    c_char_p,
    c_double,
    c_int32,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any, Callable, List, NoReturn, Optional, Sequence, Tuple

from . import errors as _errors
from .errors import (
    ABIVersionError,
    InternalError,
    LibraryNotFoundError,
    MissingFunctionError,
    GF_E_CALLBACK,
    argument_type_error,
    error_for_status,
    take_callback_exception,
)

__all__ = [
    "ABI_VERSION",
    "ENV_VAR",
    "lib",
    "library_path",
    "load_library",
    "candidate_paths",
    "status_string",
    "last_error_message",
    "version_string",
    "take_string",
]

#: The GF_ABI_VERSION of the header this binding was written against.
ABI_VERSION = 1

#: The environment variable naming the library file to load.
ENV_VAR = "GHOSTFRAME_LIBRARY"

_LIBRARY_NAME = "libghostframe.so"

#: The runtime name (SONAME) of the installed library: ``libghostframe.so.<ABI major>``.
_SONAME = "libghostframe.so.0"

# ---------------------------------------------------------------------------------------
# Constants of Include/ghostframe.h
# ---------------------------------------------------------------------------------------

GF_DIRECTION_NORMAL = 0
GF_DIRECTION_REVERSE = 1
GF_DIRECTION_ALTERNATE = 2
GF_DIRECTION_ALTERNATE_REVERSE = 3

GF_FILL_NONE = 0
GF_FILL_FORWARDS = 1
GF_FILL_BACKWARDS = 2
GF_FILL_BOTH = 3

GF_PHASE_BEFORE = 0
GF_PHASE_ACTIVE = 1
GF_PHASE_AFTER = 2

GF_TIMING_STATE_RESOLVED = 1

# Scenes
GF_VALUE_FROM = 0
GF_VALUE_TO = 1
GF_VALUE_BY = 2
GF_VALUE_VELOCITY = 3

GF_ANIMATION_ADDITIVE = 1
GF_ANIMATION_CUMULATIVE = 2
GF_ANIMATION_KEEP_AFTER_END = 4

GF_CALCULATION_LINEAR = 0
GF_CALCULATION_DISCRETE = 1
GF_CALCULATION_PACED = 2
GF_CALCULATION_CUBIC = 3
GF_CALCULATION_CUBIC_PACED = 4

GF_TRANSITION_FADE = 0
GF_TRANSITION_MOVE_IN = 1
GF_TRANSITION_PUSH = 2
GF_TRANSITION_REVEAL = 3

GF_TRANSITION_FROM_LEFT = 0
GF_TRANSITION_FROM_RIGHT = 1
GF_TRANSITION_FROM_TOP = 2
GF_TRANSITION_FROM_BOTTOM = 3

GF_LAYER_HIDDEN = 1
GF_LAYER_HAS_GRADIENT = 2
GF_LAYER_HAS_CONTENTS = 4

#: gf_layer_info.kind of a layer that stands for no view (else the GF_VIEW_* of its view).
GF_LAYER_NO_VIEW = -1

#: The most threads gf_scene_sample_threads uses for one frame (the caller's included).
GF_MAX_SAMPLE_THREADS = 16

GF_EVENT_STARTED = 0
GF_EVENT_ENDED = 1
GF_EVENT_CALL = 2

# Skeletons
GF_VIEW_VIEW = 0
GF_VIEW_LABEL = 1
GF_VIEW_IMAGE = 2
GF_VIEW_BUTTON = 3
GF_VIEW_TEXT_FIELD = 4
GF_VIEW_TEXT_VIEW = 5
GF_VIEW_TABLE = 6
GF_VIEW_COLLECTION = 7

GF_SKELETON_AUTO = 0
GF_SKELETON_SKIP = 1
GF_SKELETON_BLOCK = 2
GF_SKELETON_KEEP = 3

GF_ALIGN_NATURAL = 0
GF_ALIGN_LEFT = 1
GF_ALIGN_CENTER = 2
GF_ALIGN_RIGHT = 3

#: The node handle of a view tree's global style level (gf_view_tree_set_style).
GF_VIEW_TREE_GLOBAL = 0xFFFFFFFF

#: The most bytes any text argument may have (GF_E_LIMIT beyond).
GF_MAX_TEXT_BYTES = 64 << 20

# gf_layout_item.kind after GF_VIEW_*: a list's cells; gf_layout_item.flags bits.
GF_LAYOUT_HEADER = 8
GF_LAYOUT_ROW = 9
GF_LAYOUT_ITEM = 10
GF_LAYOUT_FOOTER = 11
GF_LAYOUT_HAS_CORNER_RADIUS = 1
GF_LAYOUT_HAS_CHILDREN = 2
GF_LAYOUT_RIGHT_TO_LEFT = 4

# Chains
GF_CHAIN_BASIC = 0
GF_CHAIN_SPRING = 1
GF_CHAIN_KEYFRAME = 2
GF_CHAIN_TRANSITION = 3
GF_CHAIN_NEXT = 0
GF_CHAIN_COMBINE = 1
GF_CHAIN_LAST = 0xFFFFFFFF

# Card transition
GF_EXPAND_PART_UP = 0
GF_EXPAND_PART_DOWN = 1
GF_EXPAND_PART_TAPPED = 2
GF_EXPAND_PART_IMAGE = 3
#: The most items gf_view_tree_layout reports.
GF_MAX_LAYOUT_ITEMS = 1000000

# Exports
GF_EXPORT_LOTTIE = 0
GF_EXPORT_HTML = 1
GF_EXPORT_SVG = 2
GF_MAX_EXPORT_BYTES = 67108864
GF_MAX_EXPORT_LAYERS = 100000
GF_MAX_EXPORT_FRAMES = 100000
GF_MAX_EXPORT_DURATION = 3600
GF_MAX_EXPORT_FPS = 240

# ---------------------------------------------------------------------------------------
# Types of Include/ghostframe.h
# ---------------------------------------------------------------------------------------


class gf_curve(Structure):
    """Opaque ``gf_curve``; only pointers to it exist."""

    _fields_ = []


class gf_timing(Structure):
    """Opaque ``gf_timing``; only pointers to it exist."""

    _fields_ = []


class gf_scene(Structure):
    """Opaque ``gf_scene``; only pointers to it exist."""

    _fields_ = []


class gf_animation(Structure):
    """Opaque ``gf_animation``; only pointers to it exist."""

    _fields_ = []


gf_curve_p = POINTER(gf_curve)
gf_timing_p = POINTER(gf_timing)
gf_scene_p = POINTER(gf_scene)
gf_animation_p = POINTER(gf_animation)


class gf_view_tree(Structure):
    """Opaque ``gf_view_tree``; only pointers to it exist."""

    _fields_ = []


gf_view_tree_p = POINTER(gf_view_tree)


class gf_timeline(Structure):
    """Opaque ``gf_timeline``; only pointers to it exist."""

    _fields_ = []


gf_timeline_p = POINTER(gf_timeline)


class gf_timeline_entry(Structure):
    """One entry of a schedule (a timeline's or a chain's); the strings belong to the handle."""

    _fields_ = [
        ("name", c_char_p),
        ("layer", c_char_p),
        ("begin", c_double),
        ("end", c_double),
    ]


class gf_timeline_builder(Structure):
    """Opaque ``gf_timeline_builder``; only pointers to it exist."""

    _fields_ = []


gf_timeline_builder_p = POINTER(gf_timeline_builder)


class gf_tween_options(Structure):
    """A tween's duration, ease, position and stagger (GSAP's vars)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("duration", c_double),
        ("ease", c_char_p),
        ("position", c_char_p),
        ("stagger_json", c_char_p),
    ]


class gf_timeline_timing(Structure):
    """GSAP's repeat, yoyo, repeatDelay and timeScale of a timeline."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("repeat", c_int32),
        ("yoyo", c_int32),
        ("repeat_delay", c_double),
        ("time_scale", c_double),
    ]


class gf_timeline_event(Structure):
    """An instance of a timeline starting or ending, or a call point crossed; the strings live
    during the callback only."""

    _fields_ = [
        ("kind", c_int32),
        ("reversed", c_int32),
        ("instance", c_size_t),
        ("time", c_double),
        ("name", c_char_p),
        ("layers", POINTER(c_char_p)),
        ("layer_count", c_size_t),
    ]


class gf_spring(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("allows_overdamping", c_int32),
        ("mass", c_double),
        ("stiffness", c_double),
        ("damping", c_double),
        ("initial_velocity", c_double),
    ]


class gf_timing_params(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("direction", c_int32),
        ("fill", c_int32),
        ("reserved", c_int32),
        ("delay", c_double),
        ("end_delay", c_double),
        ("duration", c_double),
        ("iterations", c_double),
        ("iteration_start", c_double),
        ("playback_rate", c_double),
        ("time_offset", c_double),
        ("easing", gf_curve_p),
        ("time_scale", c_double),
    ]


class gf_core_animation_timing(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("autoreverses", c_int32),
        ("fill_mode", c_int32),
        ("reserved", c_int32),
        ("duration", c_double),
        ("begin_time", c_double),
        ("speed", c_double),
        ("time_offset", c_double),
        ("repeat_count", c_double),
        ("repeat_duration", c_double),
        ("easing", gf_curve_p),
    ]


class gf_timing_state(Structure):
    _fields_ = [
        ("phase", c_int32),
        ("flags", c_uint32),
        ("active_time", c_double),
        ("current_iteration", c_double),
        ("progress", c_double),
    ]


class gf_export_params(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("format", c_int32),
        ("duration", c_double),
        ("fps", c_double),
        ("max_bytes", c_uint64),
    ]


class gf_export_report(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("loops", c_int32),
        ("duration", c_double),
        ("fps", c_double),
        ("max_error", c_double),
        ("baked_properties", c_uint32),
        ("exact_properties", c_uint32),
    ]


class gf_layer_desc(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("hidden", c_int32),
        ("id", c_char_p),
        ("parent", c_char_p),
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
        ("anchor_x", c_double),
        ("anchor_y", c_double),
        ("corner_radius", c_double),
        ("r", c_double),
        ("g", c_double),
        ("b", c_double),
        ("a", c_double),
        ("opacity", c_double),
        ("scale_x", c_double),
        ("scale_y", c_double),
        ("rotation", c_double),
        ("translation_x", c_double),
        ("translation_y", c_double),
        ("z_position", c_double),
        ("gradient_stop_count", c_uint32),
        ("gradient_location_count", c_uint32),
        ("gradient_start_x", c_double),
        ("gradient_start_y", c_double),
        ("gradient_end_x", c_double),
        ("gradient_end_y", c_double),
        ("gradient_locations", c_double * 4),
        ("gradient_colors", c_double * 16),
    ]


class gf_layer_state(Structure):
    _fields_ = [
        ("index", c_uint32),
        ("parent", c_int32),
        ("flags", c_uint32),
        ("gradient_stop_count", c_uint32),
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
        ("corner_radius", c_double),
        ("r", c_double),
        ("g", c_double),
        ("b", c_double),
        ("a", c_double),
        ("opacity", c_double),
        ("transform", c_double * 6),
        ("z_position", c_double),
        ("gradient_start_x", c_double),
        ("gradient_start_y", c_double),
        ("gradient_end_x", c_double),
        ("gradient_end_y", c_double),
        ("gradient_locations", c_double * 4),
        ("gradient_colors", c_double * 16),
    ]


class gf_layer_info(Structure):
    """Who a layer is (gf_scene_layer_info): its id and the view a bone's layer stands for; set
    struct_size (gf_layer_info_init). The strings belong to the scene until it changes."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("kind", c_int32),
        ("line", c_int32),
        ("reserved", c_int32),
        ("id", c_char_p),
        ("view_id", c_char_p),
    ]


class gf_event(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("reversed", c_int32),
        ("animation_id", c_uint64),
        ("time", c_double),
        ("layer_id", c_char_p),
        ("key", c_char_p),
    ]


class gf_view_node_desc(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("kind", c_int32),
        ("skeleton", c_int32),
        ("align", c_int32),
        ("hidden", c_int32),
        ("lines", c_int32),
        ("has_corner_radius", c_int32),
        ("reserved", c_int32),
        ("id", c_char_p),
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
        ("corner_radius", c_double),
        ("content_offset_x", c_double),
        ("content_offset_y", c_double),
    ]


class gf_layout_item(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("parent", c_int32),
        ("flags", c_uint32),
        ("lines", c_int32),
        ("align", c_int32),
        ("skeleton", c_int32),
        ("section", c_int32),
        ("index", c_int32),
        ("id", c_char_p),
        ("x", c_double),
        ("y", c_double),
        ("width", c_double),
        ("height", c_double),
        ("clip_x", c_double),
        ("clip_y", c_double),
        ("clip_width", c_double),
        ("clip_height", c_double),
        ("corner_radius", c_double),
    ]


#: ``void (*gf_event_fn)(void *user_data, const gf_event *event)``
gf_event_fn = ctypes.CFUNCTYPE(None, c_void_p, POINTER(gf_event))

#: ``void (*gf_timeline_event_fn)(void *user_data, const gf_timeline_event *event)``
gf_timeline_event_fn = ctypes.CFUNCTYPE(None, c_void_p, POINTER(gf_timeline_event))


class gf_expand_transition(Structure):
    """Opaque ``gf_expand_transition``; only pointers to it exist."""

    _fields_ = []


gf_expand_transition_p = POINTER(gf_expand_transition)


class gf_expand_params(Structure):
    """What gf_expand_transition_create builds from; initialise with gf_expand_params_init."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("window_width", c_double),
        ("window_height", c_double),
        ("images", POINTER(c_double)),
        ("image_count", c_size_t),
        ("tapped", c_size_t),
        ("ratio", c_double),
        ("duration", c_double),
        ("curve", c_char_p),
        ("delay", c_double),
    ]


class gf_skeleton_end_params(Structure):
    """How a skeleton ends (gf_skeleton_end_with); initialise with gf_skeleton_end_params_init."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("duration", c_double),
        ("curve", c_char_p),
    ]


class gf_expand_part(Structure):
    """One part of an expanding-card transition (gf_expand_transition_parts)."""

    _fields_ = [
        ("kind", c_int32),
        ("image_index", c_int32),
        ("start", c_double * 4),
        ("end", c_double * 4),
        ("source", c_double * 4),
    ]


class gf_chain(Structure):
    """Opaque ``gf_chain``; only pointers to it exist."""

    _fields_ = []


gf_chain_p = POINTER(gf_chain)


class gf_scrub(Structure):
    """Opaque ``gf_scrub``; only pointers to it exist."""

    _fields_ = []


gf_scrub_p = POINTER(gf_scrub)


class gf_pull_to_refresh(Structure):
    """Opaque ``gf_pull_to_refresh``; only pointers to it exist."""

    _fields_ = []


gf_pull_to_refresh_p = POINTER(gf_pull_to_refresh)


class gf_pull_to_refresh_params(Structure):
    """Every parameter of a pull-to-refresh control; initialise with gf_pull_to_refresh_params_init."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("width", c_double),
        ("trigger_distance", c_double),
        ("maximum_pull", c_double),
        ("threshold_distance", c_double),
        ("maximum_radius", c_double),
        ("ring_width", c_double),
        ("logo_size", c_double),
        ("spin_duration", c_double),
        ("fill_r", c_double),
        ("fill_g", c_double),
        ("fill_b", c_double),
        ("fill_a", c_double),
        ("background_r", c_double),
        ("background_g", c_double),
        ("background_b", c_double),
        ("background_a", c_double),
        ("logo_image", c_char_p),
        ("spring", gf_spring),
    ]


class gf_view_level(Structure):
    """One view of a chain of nested views (gf_view_chain_*): its frame and scroll offset."""

    _fields_ = [
        ("frame", c_double * 4),
        ("scroll_offset", c_double * 2),
    ]


class gf_snapshot_pool(Structure):
    """Opaque ``gf_snapshot_pool``; only pointers to it exist."""

    _fields_ = []


gf_snapshot_pool_p = POINTER(gf_snapshot_pool)


class gf_snapshot_pool_counts(Structure):
    """What a snapshot pool holds and has done (gf_snapshot_pool_get_counts); set struct_size."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("capacity", c_size_t),
        ("created", c_size_t),
        ("reused", c_size_t),
        ("in_use", c_size_t),
        ("available", c_size_t),
        ("acquirable", c_size_t),
    ]


class gf_chain_completion(Structure):
    """What a chain link's completion callback receives; the strings live for the call only."""

    _fields_ = [
        ("name", c_char_p),
        ("layer", c_char_p),
        ("time", c_double),
        ("index", c_uint32),
        ("reversed", c_int32),
    ]


#: ``void (*gf_chain_completion_fn)(void *user_data, const gf_chain_completion *completion)``
gf_chain_completion_fn = ctypes.CFUNCTYPE(None, c_void_p, POINTER(gf_chain_completion))


class gf_chain_link_desc(Structure):
    """One chain link for gf_chain_add; initialise with gf_chain_link_desc_init."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("kind", c_int32),
        ("placement", c_int32),
        ("autoreverses", c_int32),
        ("additive", c_int32),
        ("value_count", c_uint32),
        ("name", c_char_p),
        ("property", c_char_p),
        ("from_value", POINTER(c_double)),
        ("to_value", POINTER(c_double)),
        ("by_value", POINTER(c_double)),
        ("duration", c_double),
        ("begin_time", c_double),
        ("repeat_count", c_double),
        ("timing", c_char_p),
        ("mass", c_double),
        ("stiffness", c_double),
        ("damping", c_double),
        ("initial_velocity", c_double),
        ("values", POINTER(c_double)),
        ("keyframe_count", c_uint32),
        ("key_time_count", c_uint32),
        ("key_times", POINTER(c_double)),
        ("calculation_mode", c_char_p),
        ("transition_type", c_char_p),
        ("transition_subtype", c_char_p),
        ("from_layer", c_char_p),
        ("start_progress", c_double),
        ("end_progress", c_double),
        ("completion", gf_chain_completion_fn),
        ("user_data", c_void_p),
        ("anchor", c_uint32),
        ("reserved", c_int32),
    ]


class gf_preload(Structure):
    """Opaque ``gf_preload``; only pointers to it exist."""

    _fields_ = []


gf_preload_p = POINTER(gf_preload)


class gf_preload_params(Structure):
    """The preload overlay's parameters for gf_preload_create; initialise with gf_preload_params_init."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("width", c_double),
        ("height", c_double),
        ("background_r", c_double),
        ("background_g", c_double),
        ("background_b", c_double),
        ("background_a", c_double),
        ("loading_width", c_double),
        ("loading_height", c_double),
        ("marker_width", c_double),
        ("marker_height", c_double),
        ("marker_r", c_double),
        ("marker_g", c_double),
        ("marker_b", c_double),
        ("marker_a", c_double),
        ("shadow_width", c_double),
        ("shadow_height", c_double),
        ("shadow_r", c_double),
        ("shadow_g", c_double),
        ("shadow_b", c_double),
        ("shadow_a", c_double),
        ("shadow_narrowing", c_double),
        ("jump_height", c_double),
        ("jump_duration", c_double),
        ("down_duration", c_double),
        ("begin_time", c_double),
    ]


# ---------------------------------------------------------------------------------------
# The function table: every function of the header, once.
# ---------------------------------------------------------------------------------------


class _Status:
    """Marker restype: the function returns gf_status; negative values raise."""


STATUS = _Status
_c_double_p = POINTER(c_double)

# ---- Plugins: host curves, skeleton effects, node kinds, plugin libraries ----

#: ``double (*gf_curve_fn)(void *user_data, double progress)``
gf_curve_fn = ctypes.CFUNCTYPE(c_double, c_void_p, c_double)
#: ``void (*gf_free_fn)(void *user_data)``
gf_free_fn = ctypes.CFUNCTYPE(None, c_void_p)


class gf_effect_output(Structure):
    """``gf_effect_output``: what a skeleton effect writes for one bone at one progress."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("has_gradient", c_int32),
        ("red", c_double),
        ("green", c_double),
        ("blue", c_double),
        ("alpha", c_double),
        ("opacity", c_double),
        ("scale_x", c_double),
        ("scale_y", c_double),
        ("gradient_colors", c_double * 12),
        ("gradient_start_x", c_double),
        ("gradient_start_y", c_double),
        ("gradient_end_x", c_double),
        ("gradient_end_y", c_double),
    ]


#: ``int32_t (*gf_effect_fn)(void *, double x, double y, double w, double h, uint32_t index,
#: uint32_t count, double progress, gf_effect_output *out)``
gf_effect_fn = ctypes.CFUNCTYPE(
    c_int32, c_void_p, c_double, c_double, c_double, c_double, c_uint32, c_uint32, c_double,
    POINTER(gf_effect_output),
)


class gf_effect_params(Structure):
    """``gf_effect_params``: how an effect is sampled (keyframes per cycle, seconds per cycle)."""

    _fields_ = [("struct_size", c_uint32), ("samples", c_uint32), ("duration", c_double)]


class gf_plugin(Structure):
    """Opaque ``gf_plugin``; only pointers to it exist."""

    _fields_ = []


gf_plugin_p = POINTER(gf_plugin)


class gf_plugin_registrar(Structure):
    """Opaque ``gf_plugin_registrar``: the library's side of one plugin load (plugins' C side)."""

    _fields_ = []


#: The plugin table's functions (a plugin written in C calls them; declared for agreement).
gf_plugin_register_curve_fn = ctypes.CFUNCTYPE(
    c_int32, POINTER(gf_plugin_registrar), c_char_p, gf_curve_fn, c_void_p, gf_free_fn
)
gf_plugin_register_effect_fn = ctypes.CFUNCTYPE(
    c_int32, POINTER(gf_plugin_registrar), c_char_p, gf_effect_fn, POINTER(gf_effect_params), c_void_p, gf_free_fn
)
gf_plugin_register_node_kind_fn = ctypes.CFUNCTYPE(
    c_int32, POINTER(gf_plugin_registrar), c_char_p, c_char_p, c_char_p
)


class gf_plugin_api(Structure):
    """``gf_plugin_api``: the function table a plugin's entry point receives."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("abi_version", c_uint32),
        ("plugin_abi_version", c_uint32),
        ("reserved", c_uint32),
        ("registrar", POINTER(gf_plugin_registrar)),
        ("register_curve", gf_plugin_register_curve_fn),
        ("register_effect", gf_plugin_register_effect_fn),
        ("register_node_kind", gf_plugin_register_node_kind_fn),
    ]


#: ``gf_status (*gf_plugin_init_fn)(gf_plugin_api *api)``: a plugin's entry point.
gf_plugin_init_fn = ctypes.CFUNCTYPE(c_int32, POINTER(gf_plugin_api))

#: (name, restype, argtypes). STATUS means c_int32 plus the errcheck.
FUNCTIONS: Sequence[Tuple[str, Any, Sequence[Any]]] = (
    # Versions
    ("gf_version_string", c_char_p, ()),
    ("gf_version_number", c_uint32, ()),
    ("gf_abi_version", c_uint32, ()),
    # Status codes and errors
    ("gf_status_string", c_char_p, (c_int32,)),
    ("gf_last_error_message", c_char_p, ()),
    ("gf_string_free", None, (c_void_p,)),
    # Curves
    ("gf_curve_parse", STATUS, (c_char_p, POINTER(gf_curve_p))),
    ("gf_curve_parse_n", STATUS, (c_char_p, c_size_t, POINTER(gf_curve_p))),
    ("gf_curve_free", STATUS, (gf_curve_p,)),
    ("gf_curve_eval", STATUS, (gf_curve_p, c_double, c_int32, _c_double_p)),
    ("gf_curve_eval_n", STATUS, (gf_curve_p, _c_double_p, _c_double_p, c_size_t)),
    ("gf_curve_spec", STATUS, (gf_curve_p, POINTER(c_void_p))),
    # Springs
    ("gf_spring_init", None, (POINTER(gf_spring),)),
    ("gf_spring_value", STATUS, (POINTER(gf_spring), c_double, _c_double_p)),
    ("gf_spring_velocity", STATUS, (POINTER(gf_spring), c_double, _c_double_p)),
    ("gf_spring_settling_duration", STATUS, (POINTER(gf_spring), c_double, _c_double_p)),
    # Timing
    ("gf_timing_params_init", None, (POINTER(gf_timing_params),)),
    ("gf_timing_create", STATUS, (POINTER(gf_timing_params), POINTER(gf_timing_p))),
    ("gf_core_animation_timing_init", None, (POINTER(gf_core_animation_timing),)),
    (
        "gf_timing_create_core_animation",
        STATUS,
        (POINTER(gf_core_animation_timing), POINTER(gf_timing_p)),
    ),
    ("gf_timing_free", STATUS, (gf_timing_p,)),
    ("gf_timing_get_params", STATUS, (gf_timing_p, POINTER(gf_timing_params))),
    ("gf_timing_active_duration", STATUS, (gf_timing_p, _c_double_p)),
    ("gf_timing_end_time", STATUS, (gf_timing_p, _c_double_p)),
    ("gf_timing_at", STATUS, (gf_timing_p, c_double, POINTER(gf_timing_state))),
    # Scenes
    ("gf_scene_create", STATUS, (POINTER(gf_scene_p),)),
    ("gf_scene_free", STATUS, (gf_scene_p,)),
    ("gf_layer_desc_init", None, (POINTER(gf_layer_desc),)),
    ("gf_scene_add_layer", STATUS, (gf_scene_p, POINTER(gf_layer_desc), POINTER(c_uint32))),
    ("gf_scene_update_layer", STATUS, (gf_scene_p, POINTER(gf_layer_desc))),
    ("gf_scene_remove_layer", STATUS, (gf_scene_p, c_char_p)),
    ("gf_scene_layer_index", STATUS, (gf_scene_p, c_char_p, POINTER(c_uint32))),
    ("gf_scene_layer_count", STATUS, (gf_scene_p, POINTER(c_size_t))),
    ("gf_scene_set_custom", STATUS, (gf_scene_p, c_char_p, c_char_p, c_double)),
    ("gf_scene_set_contents", STATUS, (gf_scene_p, c_char_p, c_char_p)),
    ("gf_scene_layer_contents", STATUS, (gf_scene_p, c_uint32, POINTER(c_void_p))),
    ("gf_layer_info_init", None, (POINTER(gf_layer_info),)),
    ("gf_scene_layer_info", STATUS, (gf_scene_p, c_uint32, POINTER(gf_layer_info))),
    ("gf_color_parse", STATUS, (c_char_p, _c_double_p)),
    ("gf_key_path_components", STATUS, (c_char_p, POINTER(c_uint32))),
    ("gf_animation_create_basic", STATUS, (c_char_p, gf_timing_p, POINTER(gf_animation_p))),
    ("gf_animation_create_keyframes", STATUS, (c_char_p, gf_timing_p, POINTER(gf_animation_p))),
    (
        "gf_animation_create_spring",
        STATUS,
        (c_char_p, POINTER(gf_spring), gf_timing_p, POINTER(gf_animation_p)),
    ),
    ("gf_animation_create_group", STATUS, (gf_timing_p, POINTER(gf_animation_p))),
    (
        "gf_animation_create_transition",
        STATUS,
        (c_int32, c_int32, c_char_p, c_double, c_double, gf_timing_p, POINTER(gf_animation_p)),
    ),
    ("gf_animation_free", STATUS, (gf_animation_p,)),
    ("gf_animation_set_values", STATUS, (gf_animation_p, c_int32, _c_double_p, c_size_t)),
    ("gf_animation_set_flags", STATUS, (gf_animation_p, c_uint32)),
    (
        "gf_animation_set_keyframes",
        STATUS,
        (gf_animation_p, _c_double_p, c_size_t, _c_double_p, c_size_t),
    ),
    ("gf_animation_set_calculation_mode", STATUS, (gf_animation_p, c_int32)),
    ("gf_animation_set_segment_curves", STATUS, (gf_animation_p, POINTER(gf_curve_p), c_size_t)),
    (
        "gf_animation_set_tcb",
        STATUS,
        (gf_animation_p, _c_double_p, _c_double_p, _c_double_p, c_size_t),
    ),
    ("gf_animation_add_child", STATUS, (gf_animation_p, gf_animation_p)),
    (
        "gf_scene_add_animation",
        STATUS,
        (gf_scene_p, c_char_p, gf_animation_p, c_char_p, POINTER(c_uint64)),
    ),
    (
        "gf_scene_add_animation_handoff",
        STATUS,
        (gf_scene_p, c_char_p, gf_animation_p, c_char_p, c_double, POINTER(c_uint64)),
    ),
    ("gf_scene_remove_animation", STATUS, (gf_scene_p, c_uint64)),
    # out_states / out_values are declared void *: the binding passes numpy or array.array
    # addresses as plain integers (same ABI as gf_layer_state * / double *).
    ("gf_scene_sample", STATUS, (gf_scene_p, c_double, c_void_p, c_size_t, POINTER(c_size_t))),
    (
        "gf_scene_sample_custom",
        STATUS,
        (gf_scene_p, c_char_p, c_double, c_void_p, c_size_t, POINTER(c_size_t)),
    ),
    (
        "gf_scene_sample_range",
        STATUS,
        (gf_scene_p, c_double, c_size_t, c_size_t, c_void_p, c_size_t, POINTER(c_size_t)),
    ),
    (
        "gf_scene_sample_threads",
        STATUS,
        (gf_scene_p, c_double, c_uint32, c_void_p, c_size_t, POINTER(c_size_t)),
    ),
    ("gf_scene_advance", STATUS, (gf_scene_p, c_double, gf_event_fn, c_void_p)),
    ("gf_scene_load_json", STATUS, (c_char_p, c_size_t, POINTER(gf_scene_p))),
    ("gf_scene_from_file", STATUS, (c_char_p, POINTER(gf_scene_p))),
    ("gf_scene_to_json", STATUS, (gf_scene_p, POINTER(c_void_p))),
    # Exports
    ("gf_export_params_init", None, (POINTER(gf_export_params),)),
    ("gf_export_report_init", None, (POINTER(gf_export_report),)),
    (
        "gf_scene_export",
        STATUS,
        (gf_scene_p, POINTER(gf_export_params), c_void_p, c_size_t, POINTER(c_size_t), POINTER(gf_export_report)),
    ),
    # Timelines
    ("gf_timeline_from_json", STATUS, (c_char_p, c_size_t, POINTER(gf_timeline_p))),
    ("gf_timeline_from_file", STATUS, (c_char_p, POINTER(gf_timeline_p))),
    ("gf_timeline_free", STATUS, (gf_timeline_p,)),
    ("gf_timeline_duration", STATUS, (gf_timeline_p, _c_double_p)),
    (
        "gf_timeline_schedule",
        STATUS,
        (gf_timeline_p, POINTER(gf_timeline_entry), c_size_t, POINTER(c_size_t)),
    ),
    ("gf_timeline_apply", STATUS, (gf_timeline_p, gf_scene_p)),
    ("gf_timeline_to_json", STATUS, (gf_timeline_p, POINTER(c_void_p))),
    ("gf_timeline_define", STATUS, (c_char_p, c_char_p, c_char_p)),
    ("gf_timeline_undefine", STATUS, (c_char_p,)),
    # Timeline playback
    ("gf_timeline_seek", STATUS, (gf_timeline_p, c_double, gf_timeline_event_fn, c_void_p)),
    ("gf_timeline_advance", STATUS, (gf_timeline_p, c_double, gf_timeline_event_fn, c_void_p)),
    ("gf_timeline_set_rate", STATUS, (gf_timeline_p, c_double)),
    ("gf_timeline_rate", STATUS, (gf_timeline_p, _c_double_p)),
    ("gf_timeline_reverse", STATUS, (gf_timeline_p,)),
    ("gf_timeline_time", STATUS, (gf_timeline_p, _c_double_p)),
    # Timelines written in code
    ("gf_tween_options_init", None, (POINTER(gf_tween_options),)),
    ("gf_timeline_timing_init", None, (POINTER(gf_timeline_timing),)),
    ("gf_timeline_builder_create", STATUS, (POINTER(gf_timeline_timing), POINTER(gf_timeline_builder_p))),
    ("gf_timeline_builder_free", STATUS, (gf_timeline_builder_p,)),
    (
        "gf_timeline_builder_to",
        STATUS,
        (gf_timeline_builder_p, POINTER(c_char_p), c_size_t, c_char_p, POINTER(gf_tween_options)),
    ),
    (
        "gf_timeline_builder_from",
        STATUS,
        (gf_timeline_builder_p, POINTER(c_char_p), c_size_t, c_char_p, POINTER(gf_tween_options)),
    ),
    (
        "gf_timeline_builder_from_to",
        STATUS,
        (gf_timeline_builder_p, POINTER(c_char_p), c_size_t, c_char_p, c_char_p, POINTER(gf_tween_options)),
    ),
    (
        "gf_timeline_builder_anim",
        STATUS,
        (gf_timeline_builder_p, c_char_p, POINTER(c_char_p), c_size_t, POINTER(gf_tween_options)),
    ),
    ("gf_timeline_builder_add_label", STATUS, (gf_timeline_builder_p, c_char_p, c_char_p)),
    ("gf_timeline_builder_add", STATUS, (gf_timeline_builder_p, gf_timeline_p, c_char_p)),
    ("gf_timeline_builder_call", STATUS, (gf_timeline_builder_p, c_char_p, c_char_p)),
    ("gf_timeline_builder_build", STATUS, (gf_timeline_builder_p, POINTER(gf_timeline_p))),
    # Card transition
    (
        "gf_scene_convert_rect",
        STATUS,
        (gf_scene_p, POINTER(c_double), c_char_p, c_char_p, POINTER(c_double)),
    ),
    (
        "gf_scene_convert_point",
        STATUS,
        (gf_scene_p, POINTER(c_double), c_char_p, c_char_p, POINTER(c_double)),
    ),
    ("gf_view_chain_offset", STATUS, (POINTER(gf_view_level), c_size_t, POINTER(c_double))),
    (
        "gf_view_chain_window_rect",
        STATUS,
        (POINTER(gf_view_level), c_size_t, POINTER(c_double), POINTER(c_double)),
    ),
    (
        "gf_view_chain_content_rect",
        STATUS,
        (POINTER(gf_view_level), c_size_t, POINTER(c_double), POINTER(c_double)),
    ),
    ("gf_snapshot_pool_create", STATUS, (c_size_t, POINTER(gf_snapshot_pool_p))),
    ("gf_snapshot_pool_free", STATUS, (gf_snapshot_pool_p,)),
    ("gf_snapshot_pool_acquire", STATUS, (gf_snapshot_pool_p, c_size_t, POINTER(c_void_p))),
    ("gf_snapshot_pool_release", STATUS, (gf_snapshot_pool_p, c_char_p)),
    ("gf_snapshot_pool_get_counts", STATUS, (gf_snapshot_pool_p, POINTER(gf_snapshot_pool_counts))),
    ("gf_expand_params_init", None, (POINTER(gf_expand_params),)),
    (
        "gf_expand_transition_create",
        STATUS,
        (POINTER(gf_expand_params), POINTER(gf_expand_transition_p)),
    ),
    (
        "gf_expand_transition_create_in_pool",
        STATUS,
        (POINTER(gf_expand_params), gf_snapshot_pool_p, POINTER(gf_expand_transition_p)),
    ),
    ("gf_expand_transition_release", STATUS, (gf_expand_transition_p, gf_snapshot_pool_p)),
    ("gf_expand_transition_free", STATUS, (gf_expand_transition_p,)),
    (
        "gf_expand_transition_parts",
        STATUS,
        (gf_expand_transition_p, POINTER(gf_expand_part), c_size_t, POINTER(c_size_t)),
    ),
    ("gf_expand_transition_scene", STATUS, (gf_expand_transition_p, POINTER(gf_scene_p))),
    ("gf_expand_transition_exit", STATUS, (gf_expand_transition_p, c_double, POINTER(gf_scene_p))),
    # Skeletons
    ("gf_view_node_desc_init", None, (POINTER(gf_view_node_desc),)),
    ("gf_view_tree_create", STATUS, (c_double, c_double, POINTER(gf_view_tree_p))),
    ("gf_view_tree_load_json", STATUS, (c_char_p, c_size_t, POINTER(gf_view_tree_p))),
    ("gf_view_tree_free", STATUS, (gf_view_tree_p,)),
    (
        "gf_view_tree_set_root",
        STATUS,
        (gf_view_tree_p, POINTER(gf_view_node_desc), POINTER(c_uint32)),
    ),
    (
        "gf_view_tree_add_node",
        STATUS,
        (gf_view_tree_p, c_uint32, POINTER(gf_view_node_desc), POINTER(c_uint32)),
    ),
    (
        "gf_view_tree_add_cell",
        STATUS,
        (gf_view_tree_p, c_char_p, c_double, c_double, POINTER(c_uint32)),
    ),
    ("gf_view_tree_add_section", STATUS, (gf_view_tree_p, c_uint32, c_char_p)),
    ("gf_view_tree_set_style", STATUS, (gf_view_tree_p, c_uint32, c_char_p, c_char_p)),
    ("gf_view_tree_add_adjust", STATUS, (gf_view_tree_p, c_uint32, c_char_p)),
    ("gf_skeleton_generate", STATUS, (gf_view_tree_p, POINTER(gf_scene_p))),
    ("gf_skeleton_from_json", STATUS, (c_char_p, c_size_t, POINTER(gf_scene_p))),
    ("gf_skeleton_from_file", STATUS, (c_char_p, POINTER(gf_scene_p))),
    ("gf_skeleton_end", STATUS, (gf_scene_p, c_double, c_char_p)),
    ("gf_skeleton_end_params_init", None, (POINTER(gf_skeleton_end_params),)),
    ("gf_skeleton_end_with", STATUS, (gf_scene_p, c_double, c_char_p, POINTER(gf_skeleton_end_params))),
    ("gf_skeleton_content_opacity", STATUS, (gf_scene_p, c_double, c_char_p, _c_double_p)),
    # Layout
    ("gf_view_tree_layout", STATUS, (gf_view_tree_p, POINTER(gf_layout_item), c_size_t, POINTER(c_size_t))),
    # Chains
    ("gf_chain_link_desc_init", None, (POINTER(gf_chain_link_desc),)),
    ("gf_chain_create", STATUS, (c_char_p, POINTER(gf_chain_p))),
    ("gf_chain_free", STATUS, (gf_chain_p,)),
    ("gf_chain_add", STATUS, (gf_chain_p, POINTER(gf_chain_link_desc), POINTER(c_uint32))),
    ("gf_chain_duration", STATUS, (gf_chain_p, _c_double_p)),
    ("gf_chain_schedule", STATUS, (gf_chain_p, POINTER(gf_timeline_entry), c_size_t, POINTER(c_size_t))),
    ("gf_chain_apply", STATUS, (gf_chain_p, gf_scene_p, c_char_p, c_double)),
    ("gf_chain_advance", STATUS, (gf_chain_p, gf_scene_p, c_double, gf_event_fn, c_void_p)),
    # Preload overlay
    ("gf_preload_params_init", None, (POINTER(gf_preload_params),)),
    ("gf_preload_create", STATUS, (POINTER(gf_preload_params), POINTER(gf_preload_p))),
    ("gf_preload_free", STATUS, (gf_preload_p,)),
    ("gf_preload_scene", STATUS, (gf_preload_p, POINTER(gf_scene_p))),
    ("gf_preload_dismiss", STATUS, (gf_preload_p, c_double)),
    ("gf_preload_removal_time", STATUS, (gf_preload_p, _c_double_p)),
    # Scrubbing (out_states as void *, as gf_scene_sample)
    (
        "gf_scrub_create",
        STATUS,
        (gf_scene_p, c_double, c_double, c_double, c_double, gf_curve_p, POINTER(gf_scrub_p)),
    ),
    (
        "gf_scrub_create_with_spring",
        STATUS,
        (gf_scene_p, c_double, c_double, c_double, c_double, gf_curve_p, POINTER(gf_spring), POINTER(gf_scrub_p)),
    ),
    ("gf_scrub_free", STATUS, (gf_scrub_p,)),
    ("gf_scrub_time", STATUS, (gf_scrub_p, c_double, _c_double_p)),
    ("gf_scrub_sample", STATUS, (gf_scrub_p, c_double, c_void_p, c_size_t, POINTER(c_size_t))),
    ("gf_scrub_release", STATUS, (gf_scrub_p, c_double, c_double, c_double, c_double)),
    ("gf_scrub_value_at_clock", STATUS, (gf_scrub_p, c_double, _c_double_p)),
    ("gf_scrub_sample_at_clock", STATUS, (gf_scrub_p, c_double, c_void_p, c_size_t, POINTER(c_size_t))),
    # The pull-to-refresh control (out_states as void *, as gf_scene_sample)
    (
        "gf_pull_to_refresh_create",
        STATUS,
        (c_double, c_double, c_double, c_double, c_double, c_double, c_double, c_double, POINTER(gf_pull_to_refresh_p)),
    ),
    ("gf_pull_to_refresh_params_init", None, (POINTER(gf_pull_to_refresh_params),)),
    (
        "gf_pull_to_refresh_create_with_params",
        STATUS,
        (POINTER(gf_pull_to_refresh_params), POINTER(gf_pull_to_refresh_p)),
    ),
    ("gf_pull_to_refresh_free", STATUS, (gf_pull_to_refresh_p,)),
    ("gf_pull_to_refresh_scene", STATUS, (gf_pull_to_refresh_p, POINTER(gf_scene_p))),
    ("gf_pull_to_refresh_sample", STATUS, (gf_pull_to_refresh_p, c_double, c_void_p, c_size_t, POINTER(c_size_t))),
    ("gf_pull_to_refresh_begin", STATUS, (gf_pull_to_refresh_p, c_double)),
    ("gf_pull_to_refresh_end", STATUS, (gf_pull_to_refresh_p, c_double)),
    (
        "gf_pull_to_refresh_sample_at_clock",
        STATUS,
        (gf_pull_to_refresh_p, c_double, c_void_p, c_size_t, POINTER(c_size_t)),
    ),
    # Plugins
    ("gf_register_curve", STATUS, (c_char_p, gf_curve_fn, c_void_p, gf_free_fn)),
    ("gf_unregister_curve", STATUS, (c_char_p,)),
    ("gf_effect_params_init", None, (POINTER(gf_effect_params),)),
    ("gf_register_effect", STATUS, (c_char_p, gf_effect_fn, POINTER(gf_effect_params), c_void_p, gf_free_fn)),
    ("gf_unregister_effect", STATUS, (c_char_p,)),
    ("gf_register_node_kind", STATUS, (c_char_p, c_char_p, c_char_p)),
    ("gf_unregister_node_kind", STATUS, (c_char_p,)),
    ("gf_plugin_load", STATUS, (c_char_p, POINTER(gf_plugin_p))),
    ("gf_plugin_unload", STATUS, (gf_plugin_p,)),
)


class NativeLibrary:
    """A loaded libghostframe.so with every function of :data:`FUNCTIONS` bound.

    Functions are attributes named as in C (``lib.gf_curve_parse``). Status-returning
    functions raise :class:`GhostframeError` instead of returning a negative status. A
    function the file does not export is replaced by a stub that raises
    :class:`MissingFunctionError` when called.
    """

    path: str
    abi_version: int
    missing: Tuple[str, ...]

    def __init__(self, cdll: ctypes.CDLL, path: str, abi_version: int) -> None:
        self._cdll = cdll
        self.path = path
        self.abi_version = abi_version
        missing = []
        for name, restype, argtypes in FUNCTIONS:
            try:
                fn = getattr(cdll, name)
            except AttributeError:
                missing.append(name)
                setattr(self, name, _missing_stub(name, path))
                continue
            fn.argtypes = list(argtypes)
            if restype is STATUS:
                fn.restype = c_int32
                fn.errcheck = self._make_errcheck(name)
            else:
                fn.restype = restype
            setattr(self, name, fn)
        self.missing = tuple(missing)
        # Used by the errcheck; None when the file lacks them (a partial build).
        self._raw_message = None if "gf_last_error_message" in missing else cdll.gf_last_error_message
        self._raw_status_string = None if "gf_status_string" in missing else cdll.gf_status_string

    def unchecked(self, name: str, typed: bool = True) -> Any:
        """A second binding of the status-returning function ``name`` with the same argument
        types but no errcheck: it returns the status as an int, and the caller passes a
        negative one to :meth:`raise_status`. For hot paths (``Scene.sample(t, out=)``),
        where the errcheck's Python frame is a measurable share of the call; a stub raising
        MissingFunctionError when the file lacks the function.

        With ``typed=False`` the binding has no argument types either (ctypes then converts
        nothing): the caller must pass ctypes objects of exactly the declared types."""
        if name in self.missing:
            return _missing_stub(name, self.path)
        for entry_name, restype, argtypes in FUNCTIONS:
            if entry_name == name and restype is STATUS:
                fn = self._cdll._FuncPtr((name, self._cdll))
                if typed:
                    fn.argtypes = list(argtypes)
                fn.restype = c_int32
                return fn
        raise AttributeError(f"libghostframe has no status-returning function {name!r} in the binding's table")

    def raise_status(self, status: int, name: str) -> NoReturn:
        """Raises the :class:`GhostframeError` of a negative ``status`` returned by the
        function ``name`` (as the errcheck does), reading the thread's last message first."""
        # Read the thread-local message first, before anything else can fail.
        message = self.last_error_message()
        error = error_for_status(status, message, status_name=self.status_string(status), function=name)
        # A Python callback that raised (plugins.py) stashed its exception on this thread:
        # it is the cause of the failure the library reports, and forgotten whatever it reports.
        failed = status == GF_E_CALLBACK
        cause = take_callback_exception(failed, failed and name == "gf_scene_sample_threads")
        if cause is not None:
            raise error from cause
        raise error

    def __getattr__(self, name: str) -> Any:  # only reached for unknown names
        raise AttributeError(f"libghostframe has no function {name!r} in the binding's table")

    def _make_errcheck(self, name: str) -> Callable[..., int]:
        # A free runs no callback, so it has nothing of its own to forget; and it may run from a
        # garbage collector's finalizer between a failed callback and the errcheck of the call
        # that ran it, where forgetting would lose that call's cause.
        forgets = not name.endswith("_free")

        def errcheck(status: int, func: Any, args: Any) -> int:
            if status >= 0:
                # Forgets what a callback of this call kept: a call that succeeded has no cause.
                # (The unchecked sampling calls skip this: the library reports the failure of
                # every callback a frame runs, so a frame that succeeded kept nothing.)
                if forgets and _errors._kept:
                    take_callback_exception(False)
                return status
            self.raise_status(status, name)
            return status  # unreachable: raise_status always raises

        return errcheck

    def last_error_message(self) -> str:
        """``gf_last_error_message()`` decoded (``""`` if the library lacks it)."""
        if self._raw_message is None:
            return ""
        raw = self._raw_message()
        return raw.decode("utf-8", "replace") if raw else ""

    def status_string(self, status: int) -> str:
        """``gf_status_string(status)`` decoded."""
        if self._raw_status_string is None:
            from .errors import _STATUS_NAMES

            return _STATUS_NAMES.get(status, "unknown status")
        raw = self._raw_status_string(int(status))
        return raw.decode("utf-8", "replace") if raw else "unknown status"

    def __repr__(self) -> str:
        return f"<NativeLibrary {self.path!r} abi={self.abi_version}>"


def _missing_stub(name: str, path: str) -> Callable[..., Any]:
    def stub(*args: Any, **kwargs: Any) -> Any:
        raise MissingFunctionError(
            f"{path} does not export {name}, which Include/ghostframe.h declares; "
            f"the library is a partial or broken build"
        )

    stub.__name__ = name
    return stub


# ---------------------------------------------------------------------------------------
# Finding and loading
# ---------------------------------------------------------------------------------------


def _natural_key(text: str) -> List[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def _beside_package(package_dir: str) -> List[str]:
    found = glob.glob(os.path.join(glob.escape(package_dir), _LIBRARY_NAME + "*"))
    exact = [p for p in found if os.path.basename(p) == _LIBRARY_NAME]
    versioned = sorted(
        (p for p in found if p not in exact), key=lambda p: _natural_key(os.path.basename(p)), reverse=True
    )
    return exact + versioned


def _find_repository(start: str) -> Optional[str]:
    directory = os.path.abspath(start)
    while True:
        if os.path.isfile(os.path.join(directory, "Package.swift")):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def candidate_paths(
    package_dir: Optional[str] = None, env: Optional[str] = None
) -> List[Tuple[str, Optional[str]]]:
    """The places searched, in order, as ``(description, path_or_name)`` pairs.

    Args:
        package_dir: the package folder (default: this module's).
        env: the value of ``$GHOSTFRAME_LIBRARY`` (``None`` or empty: not set). When set, it
            follows the bundled library and ends the list.

    Paths that do not exist are included; :func:`load_library` skips them with a reason.
    A path of ``None`` is a place that had nothing to offer (its description says why);
    it is listed so that the not-found error names every place looked at.
    """
    if package_dir is None:
        package_dir = os.path.dirname(os.path.abspath(__file__))
    out: List[Tuple[str, Optional[str]]] = []
    beside = _beside_package(package_dir)
    if beside:
        out.extend(("the bundled library", p) for p in beside)
    else:
        out.append(("the bundled library", os.path.join(package_dir, _LIBRARY_NAME)))
    if env:
        out.append((f"${ENV_VAR}", env))
        return out
    out.append((f"${ENV_VAR} (not set)", None))
    repo = _find_repository(os.path.dirname(package_dir))
    if repo is None:
        out.append((f"SwiftPM build folders (no Package.swift above {package_dir})", None))
    else:
        build = os.path.join(repo, ".build")
        for config in ("release", "debug"):
            out.append((f"SwiftPM {config} build", os.path.join(build, config, _LIBRARY_NAME)))
        for config in ("release", "debug"):
            pattern = os.path.join(glob.escape(build), "*", config, _LIBRARY_NAME)
            for path in sorted(glob.glob(pattern)):
                out.append((f"SwiftPM {config} build", path))
    out.append(("the system's search for the soname", _SONAME))
    out.append(("the system's search for the development name", _LIBRARY_NAME))
    system = ctypes.util.find_library("ghostframe")
    if system and system not in (_SONAME, _LIBRARY_NAME):
        out.append(("ctypes.util.find_library('ghostframe')", system))
    # Drop repeats (.build/debug is usually a symlink to .build/<triple>/debug).
    seen = set()
    unique: List[Tuple[str, Optional[str]]] = []
    for description, candidate in out:
        if candidate is None:
            unique.append((description, candidate))
            continue
        key = os.path.realpath(candidate) if os.sep in candidate else candidate
        if key in seen:
            continue
        seen.add(key)
        unique.append((description, candidate))
    return unique


def _try_open(path: str) -> Tuple[Optional[ctypes.CDLL], str]:
    if os.sep in path and not os.path.exists(path):
        return None, "no such file"
    try:
        return ctypes.CDLL(path), ""
    except OSError as exc:
        return None, str(exc) or type(exc).__name__


class _DlInfo(Structure):
    _fields_ = [
        ("dli_fname", c_char_p),
        ("dli_fbase", c_void_p),
        ("dli_sname", c_char_p),
        ("dli_saddr", c_void_p),
    ]


def _file_of(cdll: ctypes.CDLL, candidate: str) -> str:
    """The file a loaded library came from (dladdr), else the candidate as given."""
    if os.sep in candidate:
        return os.path.abspath(candidate)
    try:
        dladdr = ctypes.CDLL(None).dladdr
        dladdr.argtypes = [c_void_p, POINTER(_DlInfo)]
        dladdr.restype = ctypes.c_int
        info = _DlInfo()
        address = ctypes.cast(cdll.gf_abi_version, c_void_p)
        if dladdr(address, byref(info)) and info.dli_fname:
            return os.fsdecode(info.dli_fname)
    except (AttributeError, OSError):
        pass
    return candidate


def _abi_of(cdll: ctypes.CDLL) -> Optional[int]:
    try:
        fn = cdll.gf_abi_version
    except AttributeError:
        return None
    fn.argtypes = []
    fn.restype = c_uint32
    return int(fn())


def _warn_if_stale(chosen: str, others: List[str]) -> None:
    """Warns when another SwiftPM build of the library is newer than the one loaded."""
    try:
        chosen_time = os.path.getmtime(chosen)
    except OSError:
        return
    for other in others:
        try:
            newer = os.path.getmtime(other) > chosen_time and not os.path.samefile(other, chosen)
        except OSError:
            continue
        if newer:
            warnings.warn(
                f"ghostframe loaded {chosen}, but {other} was built more recently; "
                f"set {ENV_VAR} to choose a build",
                RuntimeWarning,
                stacklevel=2,
            )
            return


def load_library(
    path: Optional[str] = None, *, expected_abi: int = ABI_VERSION
) -> NativeLibrary:
    """Loads libghostframe.so and checks its ABI version.

    Args:
        path: a file to load; ``None`` searches (see the module docstring).
        expected_abi: the ABI version to insist on.

    Raises:
        LibraryNotFoundError: nothing loadable was found (the message lists every place
            tried and why it was rejected).
        ABIVersionError: the first Ghostframe library found has another ABI version.
    """
    candidates: List[Tuple[str, Optional[str]]]
    if path is not None:
        candidates = [("explicit path", os.fspath(path))]
    else:
        candidates = candidate_paths(env=os.environ.get(ENV_VAR))
    attempts: List[str] = []
    for description, candidate in candidates:
        if candidate is None:
            attempts.append(description)
            continue
        cdll, reason = _try_open(candidate)
        if cdll is None:
            attempts.append(f"{description}: {candidate} ({reason})")
            continue
        abi = _abi_of(cdll)
        if abi is None:
            attempts.append(
                f"{description}: {candidate} (loaded, but it does not export gf_abi_version; "
                f"not a Ghostframe library)"
            )
            continue
        if abi != expected_abi:
            raise ABIVersionError(candidate, expected_abi, abi)
        if description.startswith("SwiftPM"):
            _warn_if_stale(candidate, [p for d, p in candidates if p and d.startswith("SwiftPM")])
        return NativeLibrary(cdll, _file_of(cdll, candidate), abi)
    lines = "\n  ".join(attempts)
    hint = (
        f"install the ghostframe wheel (it bundles the library), install libghostframe "
        f"(cmake --install: {_SONAME} on the loader's path), build it with `swift build` in "
        f"the Ghostframe repository, or set {ENV_VAR} to the path of libghostframe.so"
    )
    raise LibraryNotFoundError(
        f"could not load libghostframe.so; tried:\n  {lines}\n{hint}", attempts
    )


# ---------------------------------------------------------------------------------------
# Helpers for the public modules
# ---------------------------------------------------------------------------------------


def take_string(ptr: c_void_p) -> str:
    """Copies a library-owned ``char *`` into a str and releases it with gf_string_free."""
    if not ptr.value:
        raise InternalError(-100, "the library returned a NULL string after success")
    try:
        return ctypes.string_at(ptr.value).decode("utf-8", "replace")
    finally:
        lib.gf_string_free(ptr)


def status_string(status: int) -> str:
    """The name of a status code (``gf_status_string``), e.g. ``"GF_E_PARSE"``."""
    if not isinstance(status, int):
        raise argument_type_error(f"status must be an int, not {type(status).__name__}")
    if not -(2**31) <= status < 2**31:
        return "unknown status"
    return lib.status_string(status)


def last_error_message() -> str:
    """``gf_last_error_message()``: the detail of the last failing call on this thread."""
    return lib.last_error_message()


def version_string() -> str:
    """``gf_version_string()``: the library's version, e.g. ``"0.1.0"``."""
    raw = lib.gf_version_string()
    return raw.decode("ascii", "replace") if raw else ""


#: The loaded library (import fails with a LibraryLoadError if there is none).
lib: NativeLibrary = load_library()
#: The file libghostframe.so was loaded from.
library_path: str = lib.path
