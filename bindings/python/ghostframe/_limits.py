"""The library's documented limits, checked before Python builds something big (private).

The library refuses input past its limits with GF_E_LIMIT, but some inputs never reach it:
``json.dumps`` of a 100,000-deep dict runs out of recursion, and converting a list of a
hundred million keyframes runs out of memory first. The binding checks such inputs against
the same numbers, iteratively and before converting, and raises
:class:`~ghostframe.LimitError` as the library would.

The numbers are the library's (docs/scene-format.md and docs/view-tree-format.md "Limits",
Include/ghostframe.h beside gf_animation_set_keyframes and gf_animation_set_segment_curves).
"""

from __future__ import annotations

import json
from itertools import islice
from typing import Any, Iterable, List

from .errors import GF_E_LIMIT, LimitError, invalid_argument

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_VIEW_TREE_JSON_DEPTH",
    "MAX_TIMELINE_JSON_DEPTH",
    "MAX_TIMELINE_JSON_VALUES",
    "MAX_JSON_VALUES",
    "MAX_ARRAY_DOUBLES",
    "MAX_SEGMENT_CURVES",
    "limit_error",
    "json_text",
    "bounded_list",
]

#: Nesting of arrays and objects in scene documents, list sections and style values (the
#: JSON reader's default; the document is level 1).
MAX_JSON_DEPTH = 128
#: Nesting of arrays and objects in view tree documents (ViewTree.jsonLimits).
MAX_VIEW_TREE_JSON_DEPTH = 256
#: Nesting of arrays and objects in timeline documents (Timeline.maximumJSONDepth).
MAX_TIMELINE_JSON_DEPTH = 128
#: Values in one timeline document (Timeline.maximumJSONValues).
MAX_TIMELINE_JSON_VALUES = 6_000_000
#: Values in one JSON document.
MAX_JSON_VALUES = 10_000_000
#: Doubles in one array argument (keyframe values, key times, tension/continuity/bias).
MAX_ARRAY_DOUBLES = 1 << 24
#: Curves in one gf_animation_set_segment_curves call.
MAX_SEGMENT_CURVES = 1 << 20


def limit_error(message: str) -> LimitError:
    """The LimitError the library would raise, with ``message``."""
    return LimitError(GF_E_LIMIT, message)


def _children(container: Any) -> Iterable[Any]:
    return iter(container.values()) if isinstance(container, dict) else iter(container)


def check_json_shape(value: Any, name: str, max_depth: int, max_values: int = MAX_JSON_VALUES) -> None:
    """Walks what ``json.dumps`` would encode, without recursion, and raises LimitError past
    ``max_depth`` levels of arrays and objects or ``max_values`` values, ValueError for a
    container that contains itself (as ``json.dumps`` does)."""
    if not isinstance(value, (dict, list, tuple)):
        return
    count = 1
    on_path = {id(value)}
    stack = [(_children(value), value)]
    while stack:
        iterator, _ = stack[-1]
        for item in iterator:
            count += 1
            if count > max_values:
                raise limit_error(f"{name}: more than {max_values:,} JSON values exceed the limit")
            if isinstance(item, (dict, list, tuple)):
                if len(stack) >= max_depth:
                    raise limit_error(
                        f"{name}: nesting deeper than {max_depth} levels of arrays and objects exceeds the limit"
                    )
                if id(item) in on_path:
                    raise invalid_argument(f"{name}: Circular reference detected")
                on_path.add(id(item))
                stack.append((_children(item), item))
                break
        else:
            _, done = stack.pop()
            on_path.discard(id(done))


def json_text(value: Any, name: str, max_depth: int, **dumps: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, **dumps)`` once its shape is within the limits."""
    check_json_shape(value, name, max_depth)
    return json.dumps(value, ensure_ascii=False, **dumps)


def bounded_list(values: Iterable[Any], name: str, limit: int, what: str) -> List[Any]:
    """``list(values)``, refusing with LimitError (without going further) once it would hold
    more than ``limit`` items; ``what`` names them in the message ("doubles")."""
    if hasattr(values, "__len__"):
        try:
            size = len(values)  # type: ignore[arg-type]
        except TypeError:
            size = None
        if size is not None and size > limit:
            raise limit_error(f"{name}: {size:,} {what} exceed the limit of {limit:,}")
    items = list(islice(values, limit + 1))
    if len(items) > limit:
        raise limit_error(f"{name}: more than {limit:,} {what} exceed the limit")
    return items
