"""The defaults the header states beside each field of every struct with an ``_init`` function
are what that function writes.

The header documents each field's default in the comment beside it ("``double anchor_x,
anchor_y; /* default 0.5, 0.5 */``"), and each ``gf_x_init(gf_x *)`` says it fills "the
defaults listed beside its fields". Those comments are written by hand, while the functions read
the Swift defaults: this test finds every ``gf_x_init`` the header declares, reads the comments of
``gf_x``'s fields (with _header.py's reader of the header) and compares them with what the
function writes into a struct first filled with a byte pattern, through the package's ctypes
declarations (ghostframe._native). The rules for a comment:

- ``sizeof(gf_x)``: the struct's size (``struct_size``);
- ``no default``: the field is 0 (the caller sets it);
- ``default a, b, ...`` (or ``defaults``): one value per field of the declaration, or one value
  for all of them (``double x, y, width, height; /* the frame; default 0 */``), or one for every
  element of an array;
- ``a (the default)``, ``a (default)``, ``a (GSAP's default)``, ``a = the default``: the value
  written just before the words;
- a comment whose last ``;``-separated part is values alone (``/* (> 0); 1 */``): those values;
- a comment that says ``default`` in another way cannot be read (a failure naming the field);
- nothing of the above: the field is 0 (a pointer, a callback included, NULL; every element of
  an array 0).

A value is a number, a fraction ``224/255`` (optionally ``= 0.878``, which must agree with it to
the digits written), ``NULL``, a ``GF_*`` macro of the header, or a bare name ``BASIC`` completed
by the ``GF_CHAIN_*`` the same comment names. A field whose type is a struct (``gf_spring
spring``) starts from that struct's own stated defaults, and its comment may change some of them
by name (``default mass 1, stiffness 100, damping 20``).

Numbers are compared exactly (tolerance 0): the stated defaults are short decimals or fractions
the library stores as the same doubles (0.5, 1, 2/3 as 2.0 / 3.0). A mismatch names the field.
"""

from __future__ import annotations

import ctypes
import os
import re
from typing import Any, Dict, List, Optional, Tuple, Type

import pytest

from ghostframe import _native
from _header import parse_header, struct_field_comments
from _support import find_repository, header_text

STRUCT = "gf_layer_desc"

#: A value as a default is written: NULL, a macro, a number or fraction, a bare name (BASIC).
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_VALUE = (rf"(?:NULL|GF_[A-Z0-9_]+|{_NUMBER}(?:\s*/\s*{_NUMBER}(?:\s*=\s*{_NUMBER})?)?|[A-Z][A-Z0-9_]*)"
          r"(?![\w.])")
_VALUES = rf"{_VALUE}(?:\s*,\s*{_VALUE})*"
_DEFAULT = re.compile(rf"\bdefaults?\s+({_VALUES})")
_NAMED = re.compile(rf"\bdefaults?\s+((?:[a-z_]\w*\s+{_VALUE})(?:\s*,\s*[a-z_]\w*\s+{_VALUE})*)")
_MARKED = re.compile(rf"(?<!\w)({_VALUES})\s*(?:\((?:the\s+|\w+'s\s+)?default\)|=\s*the\s+default\b)")
_TRAILING = re.compile(rf"\s*({_VALUES})\s*")
_NO_DEFAULT = re.compile(r"\bno\s+default\b")
_SIZEOF = re.compile(r"\bsizeof\((\w+)\)")
_FAMILY = re.compile(r"\b(GF_[A-Z0-9_]+_)\*")


def _macro_value(body: str) -> Optional[int]:
    """The integer a header macro's body spells (``0xFFFFFFFFu``, ``(-1)``), or None."""
    text = body.strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    text = re.sub(r"(?<=[0-9a-fA-F])[uUlL]+$", "", text)
    try:
        return int(text, 0)
    except ValueError:
        return None


def _read_value(text: str, comment: str, macros: Dict[str, str]) -> Any:
    """One value as written in a comment: a float, None (NULL); ValueError naming what is wrong."""
    text = " ".join(text.split())
    if text == "NULL":
        return None
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", text):
        if not text.startswith("GF_"):
            family = _FAMILY.search(comment)
            if family is None:
                raise ValueError(f"{text} names no GF_*_* family in the same comment")
            text = family.group(1) + text
        if text not in macros:
            raise ValueError(f"the header defines no {text}")
        value = _macro_value(macros[text])
        if value is None:
            raise ValueError(f"{text} is not an integer macro ({macros[text]!r})")
        return float(value)
    parts = re.fullmatch(rf"({_NUMBER})(?:\s*/\s*({_NUMBER})(?:\s*=\s*({_NUMBER}))?)?", text)
    if parts is None:  # pragma: no cover - _VALUE admits nothing else
        raise ValueError(f"cannot read {text!r}")
    value = float(parts.group(1))
    if parts.group(2) is not None:
        value = value / float(parts.group(2))
        if parts.group(3) is not None:
            written = parts.group(3)
            digits = len(written.split(".")[1]) if "." in written else 0
            if abs(value - float(written)) > 0.5 * 10.0 ** -digits:
                raise ValueError(f"{parts.group(1)}/{parts.group(2)} is {value!r}, not {written}")
    return value


def _split_values(text: str) -> List[str]:
    return re.findall(_VALUE, text)


def stated_defaults(text: str, struct: str) -> Tuple[Dict[str, Any], List[str]]:
    """What the comments of ``struct`` in the header ``text`` say each field starts as:
    field -> a number, None (a NULL pointer), ("sizeof", name), or for a struct-typed field a dict
    of the same; and the comments that could not be read, as problems naming their fields."""
    header = parse_header(text)
    expected: Dict[str, Any] = {}
    problems: List[str] = []
    for decls, comment in struct_field_comments(text, struct):
        names = [d.name or "?" for d in decls]
        where = f"{struct}.{', '.join(names)}"
        nested = decls[0].base if decls[0].base in header.structs and not decls[0].stars else None
        try:
            values = _field_defaults(comment, header.macros, nested)
        except ValueError as error:
            problems.append(f"{where}: cannot read the default in /*{comment}*/: {error}")
            continue
        if nested is not None:
            inner, inner_problems = stated_defaults(text, nested)
            problems += [f"{struct}.{names[0]}: {p}" for p in inner_problems]
            unknown = sorted(set(values[0]) - set(inner))
            if unknown:
                problems.append(f"{where}: /*{comment}*/ names {unknown}, which {nested} lacks")
            values = [{**inner, **values[0]} for _ in names]
        if len(values) == 1:
            values = values * len(names)
        if len(values) != len(names):
            problems.append(f"{where}: /*{comment}*/ states {len(values)} defaults for {len(names)} fields")
            continue
        expected.update(zip(names, values))
    return expected, problems


def _field_defaults(comment: str, macros: Dict[str, str], nested: Optional[str]) -> List[Any]:
    """The values one comment states (one per field, or one for all); ValueError when it says
    ``default`` in a way the rules do not read. For a struct-typed field: [{name: value}]."""
    if nested is not None:
        named = _NAMED.search(comment)
        if named:
            pairs = [p.split(None, 1) for p in re.split(r"\s*,\s*(?=[a-z_])", named.group(1))]
            return [{name: _read_value(value, comment, macros) for name, value in pairs}]
        if re.search(r"\bdefault", comment):
            raise ValueError("a struct's defaults are written 'default name value, name value'")
        return [{}]
    sizeof = _SIZEOF.search(comment)
    if sizeof:
        return [("sizeof", sizeof.group(1))]
    if _NO_DEFAULT.search(comment):
        return [0.0]
    for pattern in (_DEFAULT, _MARKED):
        found = pattern.search(comment)
        if found:
            return [_read_value(v, comment, macros) for v in _split_values(found.group(1))]
    if re.search(r"\bdefault", comment):
        raise ValueError("no value beside the word")
    if ";" in comment:
        last = comment.rsplit(";", 1)[1]
        if _TRAILING.fullmatch(last):
            return [_read_value(v, comment, macros) for v in _split_values(last)]
    return [0.0]  # no stated default: zero, NULL


def _is_pointer(field_type: Any) -> bool:
    return (field_type in (ctypes.c_char_p, ctypes.c_void_p) or issubclass(field_type, ctypes._Pointer)
            or issubclass(field_type, ctypes._CFuncPtr))


def _read_fields(struct: Type[ctypes.Structure], base: Any, at: int) -> Dict[str, Any]:
    written: Dict[str, Any] = {}
    for name, field_type, *_ in struct._fields_:  # (name, type[, bit width])
        offset = at + getattr(struct, name).offset
        if _is_pointer(field_type):
            written[name] = ctypes.c_void_p.from_buffer(base, offset).value
        elif issubclass(field_type, ctypes.Structure):
            written[name] = _read_fields(field_type, base, offset)
        elif issubclass(field_type, ctypes.Array):
            written[name] = list((field_type).from_buffer(base, offset))
        else:
            written[name] = field_type.from_buffer(base, offset).value
    return written


def written_by_init(struct: Type[ctypes.Structure], init: Any) -> Dict[str, Any]:
    """Each field of a ``struct`` (a ctypes Structure) as ``init`` leaves it, the struct filled
    with the byte 0xA5 before, so a field the function does not write shows as garbage.
    Pointers (callbacks too) are read as addresses (None for NULL), never followed; arrays as
    lists; a nested struct as a dict of its fields."""
    desc = struct()
    ctypes.memset(ctypes.addressof(desc), 0xA5, ctypes.sizeof(desc))
    init(ctypes.byref(desc))
    return _read_fields(struct, desc, 0)


def _compare(where: str, expected: Dict[str, Any], written: Dict[str, Any], init: str) -> List[str]:
    problems: List[str] = []
    for field, want in expected.items():
        got = written.get(field)
        if isinstance(want, dict):
            if not isinstance(got, dict):
                problems.append(f"{where}.{field}: the header describes a struct, {init} writes {got!r}")
            else:
                problems += _compare(f"{where}.{field}", want, got, init)
            continue
        if isinstance(want, tuple):  # ("sizeof", struct name)
            want = ctypes.sizeof(getattr(_native, want[1]))
        if isinstance(got, list):
            ok = all(element == (want or 0.0) for element in got)
        elif want is None:
            ok = got is None
        else:
            ok = got == want or (want == 0 and got is None)  # a pointer with no stated default: NULL
        if not ok:
            problems.append(f"{where}.{field}: the header says {want!r}, {init} writes {got!r}")
    return problems


def default_mismatches(text: str, struct: Type[ctypes.Structure], init: Any) -> List[str]:
    """Every field whose stated default (``text``, the header) differs from what ``init`` writes."""
    name = struct.__name__
    expected, problems = stated_defaults(text, name)
    declared = [d.name or "?" for d in parse_header(text).structs[name]]
    if sorted(expected) != sorted(declared) and not problems:
        problems.append(f"{name}: the comments were read for {sorted(expected)}, the struct declares {declared}")
    return problems + _compare(name, expected, written_by_init(struct, init), init.__name__)


def init_functions(text: str) -> List[str]:
    """The structs the header gives an ``_init`` function: every ``void gf_x_init(gf_x *)``."""
    found = []
    for name, fn in parse_header(text).functions.items():
        struct = name[: -len("_init")]
        if (name.endswith("_init") and len(fn.params) == 1 and fn.params[0].base == struct
                and fn.params[0].stars == 1 and fn.ret.base == "void"):
            found.append(struct)
    return sorted(found)


def _repository_header() -> Optional[str]:
    repo = find_repository()
    path = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    return header_text(path) if path and os.path.isfile(path) else None


#: Read once at collection, so each struct is a test of its own (none outside the repository).
_HEADER = _repository_header()
#: Structs with an _init function today; init_functions(header) must find them all (a reader that
#: found none would check nothing), and checks any new one by itself.
_KNOWN = {
    "gf_chain_link_desc", "gf_core_animation_timing", "gf_effect_params", "gf_expand_params",
    "gf_export_params", "gf_export_report", "gf_layer_desc", "gf_layer_info", "gf_preload_params",
    "gf_pull_to_refresh_params", "gf_skeleton_end_params", "gf_spring", "gf_timeline_timing",
    "gf_timing_params", "gf_tween_options", "gf_view_node_desc",
}


@pytest.fixture(scope="module")
def header() -> str:
    if _HEADER is None:
        pytest.skip("not inside the Ghostframe repository (no Include/ghostframe.h)")
    return _HEADER


def test_every_init_function_is_found(header: str) -> None:
    found = set(init_functions(header))
    assert _KNOWN <= found, f"init_functions no longer finds {sorted(_KNOWN - found)}"


@pytest.mark.parametrize("struct", init_functions(_HEADER) if _HEADER is not None else [])
def test_stated_defaults_are_what_init_writes(header: str, struct: str) -> None:
    assert hasattr(_native, struct), f"ghostframe._native declares no ctypes struct {struct}"
    init = getattr(_native.lib, f"{struct}_init")
    problems = default_mismatches(header, getattr(_native, struct), init)
    assert not problems, f"the header and {struct}_init disagree:\n  " + "\n  ".join(problems)


def test_the_comments_are_read_as_written(header: str) -> None:
    """The reader finds the defaults the header states (so a reader that read nothing, and took
    every field for 0, fails here)."""
    expected, problems = stated_defaults(header, STRUCT)
    assert problems == []
    assert (expected["anchor_x"], expected["anchor_y"], expected["opacity"]) == (0.5, 0.5, 1.0)
    assert (expected["scale_x"], expected["scale_y"], expected["gradient_end_y"]) == (1.0, 1.0, 1.0)
    assert expected["struct_size"] == ("sizeof", STRUCT) and expected["id"] == 0.0
    assert len(expected) == len(_native.gf_layer_desc._fields_)


def test_every_convention_is_read(header: str) -> None:
    """One field per way of stating a default, read as the value it states."""
    def read(struct: str) -> Dict[str, Any]:
        expected, problems = stated_defaults(header, struct)
        assert problems == [], problems
        return expected

    chain = read("gf_chain_link_desc")
    assert chain["kind"] == _native.GF_CHAIN_BASIC and chain["placement"] == _native.GF_CHAIN_NEXT
    assert chain["anchor"] == float(0xFFFFFFFF) and chain["duration"] == 0.0  # "0 = the default: ..."
    assert (chain["mass"], chain["stiffness"], chain["damping"], chain["end_progress"]) == (1, 100, 10, 1)
    assert read("gf_view_node_desc")["lines"] == 1.0
    assert read("gf_timeline_timing")["time_scale"] == 1.0  # a last part of values alone: "; 1"
    export = read("gf_export_params")
    assert (export["fps"], export["max_bytes"]) == (60.0, float(_native.GF_MAX_EXPORT_BYTES))
    assert read("gf_tween_options")["duration"] == 0.5  # "0.5 (GSAP's default)"
    preload = read("gf_preload_params")
    assert (preload["width"], preload["marker_r"], preload["shadow_narrowing"]) == (0.0, 224 / 255, 1 / 1.6)
    assert read("gf_expand_params")["ratio"] == 2 / 3
    assert read("gf_layer_info")["kind"] == float(_native.GF_LAYER_NO_VIEW)
    spring = read("gf_pull_to_refresh_params")["spring"]
    assert spring["struct_size"] == ("sizeof", "gf_spring")
    assert (spring["mass"], spring["stiffness"], spring["damping"], spring["initial_velocity"]) == (1, 100, 20, 0)


#: A change of one comment of the header -> the struct checked, and the field the failure must name.
_DRIFTS = {
    "another-number": ("gf_layer_desc", "double opacity;                    /* default 1 */",
                       "double opacity;                    /* default 0.9 */", "gf_layer_desc.opacity:"),
    "second-of-a-pair": ("gf_layer_desc", "/* default 0.5, 0.5 */", "/* default 0.5, 0 */",
                         "gf_layer_desc.anchor_y:"),
    "default-dropped": ("gf_layer_desc", "double scale_x, scale_y;           /* default 1, 1 */",
                        "double scale_x, scale_y;", "gf_layer_desc.scale_x:"),
    "unreadable": ("gf_layer_desc", "/* unit space; default 0.5, 1 */", "/* unit space; default the bottom */",
                   "gf_layer_desc.gradient_end_x, gradient_end_y: cannot read"),
    "wrong-count": ("gf_layer_desc", "/* radians, default 0 */", "/* radians, default 0, 1 */",
                    "gf_layer_desc.rotation: /*"),
    "array-default": ("gf_layer_desc", "double gradient_colors[16];        /* RGBA per stop */",
                      "double gradient_colors[16];        /* RGBA per stop; default 1 */",
                      "gf_layer_desc.gradient_colors:"),
    "family-name": ("gf_chain_link_desc", "/* GF_CHAIN_*; default BASIC */", "/* GF_CHAIN_*; default SPRING */",
                    "gf_chain_link_desc.kind:"),
    "unknown-name": ("gf_view_node_desc", "/* GF_VIEW_*; default VIEW */", "/* GF_VIEW_*; default VIEWS */",
                     "gf_view_node_desc.kind: cannot read"),
    "marked-default": ("gf_chain_link_desc", "GF_CHAIN_NEXT (default) or GF_CHAIN_COMBINE",
                       "GF_CHAIN_COMBINE (default) or GF_CHAIN_NEXT", "gf_chain_link_desc.placement:"),
    "equals-the-default": ("gf_chain_link_desc", "0 = the default: 0.25 s", "0.25 = the default: 0.25 s",
                           "gf_chain_link_desc.duration:"),
    "macro": ("gf_chain_link_desc", "default GF_CHAIN_LAST, the link added last",
              "default GF_CHAIN_COMBINE, the link added last", "gf_chain_link_desc.anchor:"),
    "trailing-value": ("gf_export_params", "(0, GF_MAX_EXPORT_FPS]; 60", "(0, GF_MAX_EXPORT_FPS]; 30",
                       "gf_export_params.fps:"),
    "whose-default": ("gf_tween_options", "0.5 (GSAP's default)", "0.25 (GSAP's default)",
                      "gf_tween_options.duration:"),
    "fraction": ("gf_pull_to_refresh_params", "default 72/255, 70/255", "default 73/255, 70/255",
                 "gf_pull_to_refresh_params.fill_r:"),
    "fraction-and-decimal": ("gf_preload_params", "default 1/1.6 = 0.625", "default 1/1.6 = 0.7",
                             "gf_preload_params.shadow_narrowing: cannot read"),
    "no-default-dropped": ("gf_preload_params", "the host's bounds; no default (0: set them)",
                           "the host's bounds; default 100", "gf_preload_params.width:"),
    "nested-struct": ("gf_pull_to_refresh_params", "default mass 1, stiffness 100, damping 20",
                      "default mass 1, stiffness 100, damping 10", "gf_pull_to_refresh_params.spring.damping:"),
    "nested-unknown-field": ("gf_pull_to_refresh_params", "default mass 1, stiffness 100, damping 20",
                             "default mass 1, stiffness 100, dampening 20", "gf_pull_to_refresh_params.spring: /*"),
    "nested-default-kept": ("gf_pull_to_refresh_params", "double initial_velocity;    /* default 0 */",
                            "double initial_velocity;    /* default 5 */",
                            "gf_pull_to_refresh_params.spring.initial_velocity:"),
    "callback-default": ("gf_chain_link_desc", "/* NULL or the link's completion callback */",
                         "/* the link's completion callback; default 1 */", "gf_chain_link_desc.completion:"),
}


@pytest.mark.parametrize("drift", sorted(_DRIFTS))
def test_a_changed_comment_fails_naming_the_field(header: str, drift: str) -> None:
    struct, old, new, expected = _DRIFTS[drift]
    assert header.count(old) == 1, f"the drift's anchor {old!r} is not once in the header"
    init = getattr(_native.lib, f"{struct}_init")
    problems = default_mismatches(header.replace(old, new), getattr(_native, struct), init)
    assert any(p.startswith(expected) for p in problems), problems


def _field_paths(struct: Type[ctypes.Structure], at: int = 0, prefix: str = "") -> List[Tuple[str, Any, int]]:
    """(dotted name, ctypes type, offset) of every field, a nested struct's fields included."""
    paths: List[Tuple[str, Any, int]] = []
    for name, field_type, *_ in struct._fields_:
        offset = at + getattr(struct, name).offset
        if issubclass(field_type, ctypes.Structure):
            paths += _field_paths(field_type, offset, f"{prefix}{name}.")
        else:
            paths.append((f"{prefix}{name}", field_type, offset))
    return paths


def _nudged(init: Any, field_type: Any, offset: int) -> Any:
    """``init``, then the field at ``offset`` changed: a library whose default drifted."""
    def drifted(pointer: Any) -> None:
        init(pointer)
        base = pointer._obj
        if _is_pointer(field_type):
            ctypes.c_void_p.from_buffer(base, offset).value = 0x1000
        else:
            cell = (field_type._type_ if issubclass(field_type, ctypes.Array) else field_type).from_buffer(base, offset)
            cell.value = cell.value + 1
    drifted.__name__ = init.__name__
    return drifted


@pytest.mark.parametrize("struct", init_functions(_HEADER) if _HEADER is not None else [])
def test_a_changed_library_default_fails_naming_the_field(header: str, struct: str) -> None:
    """Every field of every struct is compared: a library writing another value into any one of
    them (a nested struct's fields and an array's first element included) fails, naming it."""
    ctype, init = getattr(_native, struct), getattr(_native.lib, f"{struct}_init")
    missed = []
    for path, field_type, offset in _field_paths(ctype):
        problems = default_mismatches(header, ctype, _nudged(init, field_type, offset))
        if not any(p.startswith(f"{struct}.{path}:") for p in problems):
            missed.append(path)
    assert missed == [], f"{struct}: a changed default of {missed} passes"
