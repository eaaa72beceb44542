"""Ghostframe: a skeleton-screen and animation engine, from Python.

A thin, typed layer over ``libghostframe.so`` (the C ABI of Include/ghostframe.h), loaded
with ctypes when this package is imported.

>>> import ghostframe as gf
>>> round(gf.Curve("ease")(0.5), 7)
0.8024034
>>> gf.Timing(1, delay=0.5).at(0.0).phase
'before'

Modules, one per concept: :mod:`ghostframe.curve` (:class:`Curve`),
:mod:`ghostframe.spring` (:class:`Spring`), :mod:`ghostframe.timing` (:class:`Timing`,
:class:`TimingState`), :mod:`ghostframe.animation` (:class:`Animation`),
:mod:`ghostframe.scene` (:class:`Scene`, :class:`LayerState`, :class:`Event`,
``LAYER_STATE_DTYPE``), :mod:`ghostframe.skeleton` (:func:`skeleton`, :class:`ViewTree`,
:func:`end_skeleton`), :mod:`ghostframe.timeline` (:class:`Timeline`, :class:`TimelineEntry`,
:func:`define_timeline_animation`), :mod:`ghostframe.timeline_player` (:class:`TimelineEvent`: a timeline's
seek, advance, rate and reverse), :mod:`ghostframe.layout` (:func:`layout`, :class:`LayoutItem`: the real
views where the engine lays them out), :mod:`ghostframe.preview` (rendering scenes to images and
GIFs: drawn by :mod:`ghostframe.render` with skia-python, written with Pillow; imported on demand),
:mod:`ghostframe.errors` (the exceptions). The library itself is
found and declared in :mod:`ghostframe._native`; see docs/python-guide.md.
"""

from __future__ import annotations

from typing import Any, List

from . import errors as _errors

try:
    from . import _native  # loads libghostframe.so: LibraryLoadError (an ImportError) if it cannot
except _errors.LibraryLoadError as _load_error:
    # The command line (`ghostframe ...`, `python -m ghostframe ...`) imports this package
    # before its main() runs: there, say it in one line and exit 2 instead of a traceback.
    # Anywhere else this returns, and library users get the ImportError unchanged.
    from ._cli_guard import exit_if_command_line

    exit_if_command_line(_load_error)
    raise

from . import documents, scene
from ._native import ABI_VERSION, last_error_message, library_path, status_string
from .color import parse_color
from .curve import Curve
from .errors import *  # noqa: F401,F403  (exactly errors.__all__, listed in __all__ below)
from .animation import Animation
from .chain import Chain, ChainCompletion, ChainEntry, ChainLink
from .chain_shorthand import ViewAnimationChain
from .scene import Event, LayerInfo, LayerState, LayerStates, Scene, StatesArray, empty_states
from .spring import Spring
from .timing import Timing, TimingState
from .documents import SceneDocument, TimelineDocument, ViewTreeDocument

from .skeleton import ViewTree, end_skeleton, skeleton
from .layout import LayoutItem, layout
from .timeline import Timeline, TimelineEntry, define_timeline_animation, undefine_timeline_animation
from .timeline_player import TimelineEvent
from .preload import PreloadOverlay
from .card import ExpandPart, ExpandTransition
from .card_tools import SnapshotLayerPool, ViewChain
from .scrub import PullToRefresh, Scrub
from .page import from_page  # Playwright is imported when a page is walked, not here
from . import plugins as _plugins
from .plugins import *  # noqa: F401,F403  (exactly plugins.__all__, listed in __all__ below)

__all__ = [
    "__version__",
    "ABI_VERSION",
    "library_path",
    "status_string",
    "last_error_message",
    # values
    "parse_color",
    "Curve",
    "Spring",
    "Timing",
    "TimingState",
    # scenes (gf.LAYER_STATE_DTYPE too, when numpy is installed)
    "Scene",
    "LayerState",
    "LayerStates",
    "StatesArray",
    "LayerInfo",
    "empty_states",
    "Event",
    "Animation",
    # chains (gf_chain_*): AXAnimationChain-style next / combine chains on one layer
    "Chain",
    "ChainLink",
    "ChainCompletion",
    "ChainEntry",
    # AXAnimationChain's view shorthand over a Chain: shorthands run together, from after(t)
    "ViewAnimationChain",
    # the documents the loaders read, as TypedDicts (ghostframe.documents has every part)
    "ViewTreeDocument",
    "SceneDocument",
    "TimelineDocument",
    # skeletons (gf_skeleton_*, gf_view_tree_*); previews are in ghostframe.preview (skia-python, Pillow)
    "skeleton",
    "ViewTree",
    "end_skeleton",
    # the layout report (gf_view_tree_layout): the real views, where the host shows them
    "layout",
    "LayoutItem",
    # timelines (gf_timeline_*): Anim-style timelines compiled to begin times, applied to scenes
    "Timeline",
    "TimelineEntry",
    "define_timeline_animation",
    "undefine_timeline_animation",
    "TimelineEvent",
    # tools (gf_preload_*): the seeds' ready-made pieces
    "PreloadOverlay",
    # the expanding-card transition (gf_expand_transition_*)
    "ExpandTransition",
    "ExpandPart",
    # its helpers: nested views to window coordinates (gf_view_chain_*), the layer pool (gf_snapshot_pool_*)
    "ViewChain",
    "SnapshotLayerPool",
    # scrubbing (gf_scrub_*): a scene driven by a host value, with spring-back on release
    "Scrub",
    "PullToRefresh",
    # a web page's DOM walked into a view tree (ghostframe.page: Playwright and Chromium)
    "from_page",
]
# Whole modules' names, in the forms type checkers read (PEP 484: `__all__ += module.__all__`), so
# `gf.register_curve` and `gf.InvalidArgumentError` are public under mypy --strict too:
# plugins (gf_register_*, gf_plugin_*): host curves, skeleton effects, node kinds, plugin libraries;
__all__ += _plugins.__all__
# errors: every name ghostframe.errors exports.
__all__ += _errors.__all__

__version__: str


def __getattr__(name: str) -> Any:
    # __version__ comes from gf_version_string(); asked for on first use, then cached.
    if name == "__version__":
        version = _native.version_string()
        globals()["__version__"] = version
        return version
    if name == "LAYER_STATE_DTYPE":  # needs numpy; not cached, so hiding numpy hides it
        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | {"__version__", "LAYER_STATE_DTYPE"})
