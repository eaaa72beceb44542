"""Drawing a sampled frame in a toolkit's own primitives: the rules every host otherwise
re-implements, once.

Each helper takes what :meth:`ghostframe.Scene.sample` returned (a numpy structured array or a
list of :class:`~ghostframe.LayerState`) and draws it onto the toolkit's own target, by the
preview's rules (:mod:`ghostframe.render.layers`): Core Animation's drawing order (parents before
children, siblings by ``z_position``), opacity through ancestors (already in the sample), corner
radii clamped to half the short side, the gradient's start and end points in the layer's unit
space drawn over its colour (ends extended), the list sections (the root's children that have
children) clipping what they hold, hidden subtrees skipped, and kept bones (``holes``, the
custom property ``"hole"``) showing ``background``.

* :func:`skia` — the preview's own painter on a ``skia.Canvas`` (``pip install
  'ghostframe[preview]'``);
* :func:`pygame` — ``pygame.draw.rect(..., border_radius=)`` fills and gradients scaled from
  cached one-pixel strips (``pip install 'ghostframe[pygame]'``);
* :func:`qpainter` — ``QPainter`` with ``QLinearGradient`` brushes, antialiased (``pip install
  'ghostframe[qt]'``; headless: ``QT_QPA_PLATFORM=offscreen``).

Each draws nothing else: the host clears the target (or draws its content) first, and flips.
``scale`` is pixels per point (2 for a 2x display). A missing toolkit is a
:class:`~ghostframe.MissingDependencyError` naming the extra to install.

>>> import ghostframe as gf
>>> from ghostframe import draw
>>> scene = gf.skeleton("examples/trees/feed.json")     # doctest: +SKIP
>>> draw.pygame(screen, scene.sample(t), holes=scene.sample_custom("hole", t))  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

from ._plan import paints_for

__all__ = ["skia", "pygame", "qpainter", "paints_for"]

RGB = Tuple[int, int, int]


def skia(canvas: Any, states: Any, *, scale: float = 1.0, holes: Optional[Sequence[float]] = None,
         background: RGB = (255, 255, 255), antialias: bool = True,
         size: Optional[Tuple[int, int]] = None) -> None:
    """Draws ``states`` onto a ``skia.Canvas`` as the preview does (it is the preview's painter).

    Args:
        canvas: a skia-python canvas (a raster surface's, a GPU surface's, a picture
            recorder's).
        states: a frame from ``scene.sample(t)``.
        scale: pixels per point.
        holes: the custom property ``"hole"`` per layer (``scene.sample_custom("hole", t)``):
            kept bones show ``background`` through the skeleton. None: no holes.
        background: what holes show, ``(r, g, b)`` in 0...255.
        antialias: Skia's antialiasing (on, as the preview).
        size: the canvas's size in pixels, for culling; by default its device clip's bounds.
    """
    from ._skia import draw_skia

    draw_skia(canvas, states, scale=scale, holes=holes, background=background, antialias=antialias, size=size)


def pygame(surface: Any, states: Any, *, scale: float = 1.0, holes: Optional[Sequence[float]] = None,
           background: RGB = (255, 255, 255)) -> None:
    """Draws ``states`` onto a ``pygame.Surface`` (the display surface too) with pygame's own
    primitives: ``pygame.draw.rect`` with ``border_radius`` for fills, gradients scaled from
    one-pixel strips cached per gradient (a rounded bone through a cached mask), translucent
    layers through a cached per-size surface blitted with its alpha. No antialiasing: edges and
    corners fall on whole pixels (the preview's antialiased edges differ there). Arguments as
    :func:`skia`; the surface's clip is kept and restored."""
    from ._pygame import draw_pygame

    draw_pygame(surface, states, scale=scale, holes=holes, background=background)


def qpainter(painter: Any, states: Any, *, scale: float = 1.0, holes: Optional[Sequence[float]] = None,
             background: RGB = (255, 255, 255), antialias: bool = True,
             size: Optional[Tuple[int, int]] = None) -> None:
    """Draws ``states`` with an active ``QPainter`` (PySide6) on a ``QImage``, ``QPixmap`` or a
    widget in its ``paintEvent``: ``drawRoundedRect`` / ``fillRect`` with ``QLinearGradient``
    brushes, ``setOpacity``, ``setClipRect``, the layer's transform as a ``QTransform``. The
    painter's state is saved and restored. ``size`` (pixels, for culling) defaults to the paint
    device's. Arguments as :func:`skia`."""
    from ._qt import draw_qpainter

    draw_qpainter(painter, states, scale=scale, holes=holes, background=background, antialias=antialias, size=size)
