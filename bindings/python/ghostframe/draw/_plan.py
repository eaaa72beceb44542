"""What every helper draws: the sample's layers as :class:`~ghostframe.render.layers.LayerPaint`
records, in drawing order, with their clips (the preview's rules, :func:`layer_paints`)."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from ..render.layers import LayerPaint, layer_paints


def _rows(states: Any) -> List[Any]:
    """Rows indexable by field position: a numpy structured array's tuples, or LayerStates."""
    if hasattr(states, "dtype"):
        return states.tolist()  # type: ignore[no-any-return]
    return list(states)


def paints_for(states: Any, size: Tuple[int, int], scale: float = 1.0,
               holes: Optional[Sequence[float]] = None) -> List[LayerPaint]:
    """The layers of a sampled frame to draw on a ``size`` pixel target, in order.

    Which layers clip their subtree is read from the tree's shape: the root layers' children
    that have children (a skeleton's containers: ``"container:root"`` and the list sections).
    """
    rows = _rows(states)
    n = len(rows)
    parents = [int(r[1]) for r in rows]
    has_children = [False] * n
    for p in parents:
        if 0 <= p < n:
            has_children[p] = True
    clips = [False] * n
    for i, p in enumerate(parents):
        if 0 <= p < n and parents[p] < 0 and has_children[i]:
            clips[i] = True
    return layer_paints(rows, holes if holes is not None else (), scale, size, clips, clips)
