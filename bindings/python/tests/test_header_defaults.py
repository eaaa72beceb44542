"""The defaults the header states beside gf_layer_desc's fields are what gf_layer_desc_init writes.

Include/ghostframe/scene.h documents each field's default in the comment beside it
("``double anchor_x, anchor_y; /* default 0.5, 0.5 */``"), and ``gf_layer_desc_init`` says it
fills "the defaults listed beside its fields". Those comments are written by hand, while the
function reads Swift's ``Layer()``: this test reads each comment (with _header.py's reader of the
header) and compares it with what the function writes into a descriptor first filled with a byte
pattern, through ctypes. The rules for a comment:

- ``default a, b, ...``: one number per field of the declaration, or one number for all of them
  (``double x, y, width, height; /* the frame; default 0 */``), or one for every element of an
  array; ``NULL`` for a pointer;
- ``sizeof(gf_x)``: the struct's size (``struct_size``);
- no ``default``: the field is 0 (a pointer NULL, every element of an array 0).

Numbers are compared exactly (tolerance 0): the stated defaults are short decimals the library
stores as the same doubles (0.5, 1, 0). A mismatch names the field.
"""

from __future__ import annotations

import ctypes
import os
import re
from typing import Any, Dict, List, Tuple, Type

import pytest

from ghostframe import _native
from _header import parse_header, struct_field_comments
from _support import find_repository, header_text

STRUCT = "gf_layer_desc"

#: A number, or NULL, as a default is written.
_VALUE = r"(?:NULL|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
_DEFAULT = re.compile(rf"\bdefault\s+({_VALUE}(?:\s*,\s*{_VALUE})*)")
_SIZEOF = re.compile(r"\bsizeof\((\w+)\)")


def stated_defaults(text: str, struct: str) -> Tuple[Dict[str, Any], List[str]]:
    """What the comments of ``struct`` in the header ``text`` say each field starts as:
    field -> a number, None (a NULL pointer) or ("sizeof", name); and the comments that could
    not be read, as problems naming their fields."""
    expected: Dict[str, Any] = {}
    problems: List[str] = []
    for decls, comment in struct_field_comments(text, struct):
        names = [d.name or "?" for d in decls]
        sizeof = _SIZEOF.search(comment)
        default = _DEFAULT.search(comment)
        if sizeof:
            values: List[Any] = [("sizeof", sizeof.group(1))]
        elif default:
            values = [None if v == "NULL" else float(v) for v in re.split(r"\s*,\s*", default.group(1))]
        elif re.search(r"\bdefault\b", comment):
            problems.append(f"{struct}.{', '.join(names)}: cannot read the default in /*{comment}*/")
            continue
        else:
            values = [0.0]  # no stated default: zero, NULL
        if len(values) == 1:
            values = values * len(names)
        if len(values) != len(names):
            problems.append(
                f"{struct}.{', '.join(names)}: /*{comment}*/ states {len(values)} defaults for {len(names)} fields"
            )
            continue
        expected.update(zip(names, values))
    return expected, problems


def written_by_init(struct: Type[ctypes.Structure], init: Any) -> Dict[str, Any]:
    """Each field of a ``struct`` (a ctypes Structure) as ``init`` leaves it, the descriptor
    filled with the byte 0xA5 before, so a field the function does not write shows as garbage.
    Pointers are read as addresses (None for NULL), never followed; arrays as lists."""
    desc = struct()
    ctypes.memset(ctypes.addressof(desc), 0xA5, ctypes.sizeof(desc))
    init(ctypes.byref(desc))
    written: Dict[str, Any] = {}
    for name, field_type, *_ in struct._fields_:  # (name, type[, bit width])
        offset = getattr(struct, name).offset
        if field_type in (ctypes.c_char_p, ctypes.c_void_p) or issubclass(field_type, ctypes._Pointer):
            written[name] = ctypes.c_void_p.from_buffer(desc, offset).value
        elif issubclass(field_type, ctypes.Array):
            written[name] = list(getattr(desc, name))
        else:
            written[name] = getattr(desc, name)
    return written


def default_mismatches(text: str, struct: Type[ctypes.Structure], init: Any) -> List[str]:
    """Every field whose stated default (``text``, the header) differs from what ``init`` writes."""
    name = struct.__name__
    expected, problems = stated_defaults(text, name)
    declared = [d.name or "?" for d in parse_header(text).structs[name]]
    if sorted(expected) != sorted(declared) and not problems:
        problems.append(f"{name}: the comments were read for {sorted(expected)}, the struct declares {declared}")
    written = written_by_init(struct, init)
    for field, want in expected.items():
        got = written.get(field)
        if isinstance(want, tuple):  # ("sizeof", struct name)
            want = ctypes.sizeof(getattr(_native, want[1]))
        if isinstance(got, list):
            ok = all(element == (want or 0.0) for element in got)
        elif want is None:
            ok = got is None
        else:
            ok = got == want or (want == 0 and got is None)  # a pointer with no stated default: NULL
        if not ok:
            problems.append(f"{name}.{field}: the header says {want!r}, {init.__name__} writes {got!r}")
    return problems


@pytest.fixture(scope="module")
def header() -> str:
    repo = find_repository()
    path = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    if not path or not os.path.isfile(path):
        pytest.skip("not inside the Ghostframe repository (no Include/ghostframe.h)")
    return header_text(path)


def test_layer_desc_defaults_are_what_init_writes(header: str) -> None:
    problems = default_mismatches(header, _native.gf_layer_desc, _native.lib.gf_layer_desc_init)
    assert not problems, "Include/ghostframe/scene.h and gf_layer_desc_init disagree:\n  " + "\n  ".join(problems)


def test_the_comments_are_read_as_written(header: str) -> None:
    """The reader finds the defaults the header states (so a reader that read nothing, and took
    every field for 0, fails here)."""
    expected, problems = stated_defaults(header, STRUCT)
    assert problems == []
    assert (expected["anchor_x"], expected["anchor_y"], expected["opacity"]) == (0.5, 0.5, 1.0)
    assert (expected["scale_x"], expected["scale_y"], expected["gradient_end_y"]) == (1.0, 1.0, 1.0)
    assert expected["struct_size"] == ("sizeof", STRUCT) and expected["id"] == 0.0
    assert len(expected) == len(_native.gf_layer_desc._fields_)


#: A change of one comment of the header -> the field the failure must name.
_DRIFTS = {
    "another-number": ("double opacity;                    /* default 1 */",
                       "double opacity;                    /* default 0.9 */", "gf_layer_desc.opacity:"),
    "second-of-a-pair": ("/* default 0.5, 0.5 */", "/* default 0.5, 0 */", "gf_layer_desc.anchor_y:"),
    "default-dropped": ("double scale_x, scale_y;           /* default 1, 1 */",
                        "double scale_x, scale_y;", "gf_layer_desc.scale_x:"),
    "unreadable": ("/* unit space; default 0.5, 1 */", "/* unit space; default the bottom */",
                   "gf_layer_desc.gradient_end_x, gradient_end_y: cannot read"),
    "wrong-count": ("/* radians, default 0 */", "/* radians, default 0, 1 */", "gf_layer_desc.rotation: /*"),
    "array-default": ("double gradient_colors[16];        /* RGBA per stop */",
                      "double gradient_colors[16];        /* RGBA per stop; default 1 */",
                      "gf_layer_desc.gradient_colors:"),
}


@pytest.mark.parametrize("drift", sorted(_DRIFTS))
def test_a_changed_comment_fails_naming_the_field(header: str, drift: str) -> None:
    old, new, expected = _DRIFTS[drift]
    assert header.count(old) == 1, f"the drift's anchor {old!r} is not once in the header"
    problems = default_mismatches(header.replace(old, new), _native.gf_layer_desc, _native.lib.gf_layer_desc_init)
    assert any(p.startswith(expected) for p in problems), problems
