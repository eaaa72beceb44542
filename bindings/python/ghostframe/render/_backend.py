"""The drawing packages, imported on first use: skia-python draws, Pillow holds and writes images.

Either one missing is a :class:`~ghostframe.MissingDependencyError` (an ImportError too) whose
message names the package and the command that installs it.
"""

from __future__ import annotations

from typing import Any, Tuple

from ..errors import GF_E_NOT_FOUND, MissingDependencyError

_EXTRA = "pip install 'ghostframe[preview]'"


def load_skia() -> Any:
    """The ``skia`` module (skia-python)."""
    try:
        import skia
    except ImportError as exc:
        raise MissingDependencyError(
            GF_E_NOT_FOUND,
            f"ghostframe.preview draws with skia-python, which cannot be imported ({exc}): "
            f"pip install skia-python (or {_EXTRA})",
        ) from None
    return skia


def load_pillow() -> Tuple[Any, Any]:
    """Pillow's ``Image`` and ``ImageDraw`` modules."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise MissingDependencyError(
            GF_E_NOT_FOUND, f"ghostframe.preview needs Pillow: pip install Pillow (or {_EXTRA})"
        ) from None
    return Image, ImageDraw
