"""What ``ghostframe export`` reads (private): a document recognised by its content.

A JSON object with ``root`` is a view tree (its skeleton is exported), one with ``layers`` a scene,
one with ``timeline`` a timeline document, played on its stage as the gallery plays it: the scene
``stages/NAME.json`` beside it. (A general loader for ``preview`` is planned; this one is the
export command's own.)
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Tuple

from .errors import invalid_argument

__all__ = ["load_document"]


def _read(path: str) -> Tuple[str, Dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise invalid_argument(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(document, dict):
        raise invalid_argument("expected a JSON object (a view tree, a scene or a timeline)")
    return text, document


def load_document(path: str) -> Tuple[str, Any]:
    """(kind, scene): kind is ``"view tree"``, ``"scene"`` or ``"timeline"``; the scene is what
    the export writes. Raises GhostframeError (a document the library refuses, or one that is
    none of the three) or OSError (a file that cannot be read)."""
    from .scene import Scene

    text, document = _read(path)
    if "root" in document:
        from .skeleton import skeleton

        return "view tree", skeleton(document)
    if "layers" in document:
        return "scene", Scene.from_json(text)
    if "timeline" in document:
        from .timeline import Timeline

        name = os.path.splitext(os.path.basename(path))[0]
        stage = os.path.join(os.path.dirname(os.path.abspath(path)), "stages", name + ".json")
        if not os.path.isfile(stage):
            raise invalid_argument(f"a timeline is played on its stage, and there is no {stage}")
        with open(stage, encoding="utf-8") as handle:
            scene = Scene.from_json(handle.read())
        with Timeline.from_json(text) as timeline:
            timeline.apply(scene)
        return "timeline", scene
    raise invalid_argument("not a view tree (no \"root\"), a scene (no \"layers\") or a timeline (no \"timeline\")")
