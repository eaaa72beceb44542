"""The ctypes declarations of the binding agree with Include/ghostframe.h (and its parts).

Nothing here is a hand-kept copy of the header: _header.py reads it with a parser and with
the C compiler (sizeof, _Alignof, offsets and field sizes of every struct; the value of every
GF_* macro; the width and signedness of every integer type used). Both readings are compared
with the binding: the ctypes Structures of ``ghostframe._native`` (field names and order,
offsets, sizes, field types, alignment), the opaque handle types and the callback type, the
Python GF_* constants, and ``_native.FUNCTIONS`` (return type, parameter count, and each
parameter's type: integer width and signedness, double, size_t, ``const char *`` text,
library-owned strings, handle and struct pointers, callbacks). Whatever the binding
deliberately leaves out or declares more loosely is in an allow-list below, each entry with
its reason; so a new or changed header declaration fails this test until the binding follows
it or the list explains why not.

The tests at the end feed the same checks deliberately wrong ctypes declarations and mutated
copies of the header, to show that each kind of drift is caught.
"""

from __future__ import annotations

import ctypes
import importlib
import os
import re
import subprocess
from ctypes import POINTER, Structure, c_char_p, c_double, c_int32, c_uint32, c_void_p
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import pytest

import ghostframe as gf
from ghostframe import _limits, _native, errors
from _header import (
    Decl,
    Header,
    Layout,
    compare_constants,
    compare_function,
    compare_struct,
    compare_types,
    compiler,
    ctypes_type,
    measure,
    parse_header,
    resolve,
)
from _support import find_repository, header_text

# ---------------------------------------------------------------------------------------
# Allow-lists: what the binding deliberately does not mirror, each with its reason.
# ---------------------------------------------------------------------------------------

#: GF_* macros without a Python constant of their own.
OMITTED_CONSTANTS: Dict[str, str] = {
    # Limits the library enforces itself, answering GF_E_LIMIT with a message that names the
    # limit; nothing in the binding has to know them. (The few the binding must check before
    # Python itself would fail are in COUNTERPARTS, under their _limits names.)
    "GF_MAX_CURVE_SPEC_BYTES": "enforced by gf_curve_parse",
    "GF_MAX_HOST_NAME_BYTES": "enforced by the gf_register_* calls",
    "GF_MAX_HOST_REGISTRATIONS": "enforced by the gf_register_* calls",
    "GF_MAX_EFFECT_SAMPLES": "enforced by gf_register_effect",
    "GF_PLUGIN_INIT_SYMBOL": "a plugin's export (C); the binding loads plugins with gf_plugin_load",
    "GF_MAX_EXPAND_IMAGES": "enforced by gf_expand_transition_create",
    "GF_MAX_VIEW_CHAIN_LEVELS": "enforced by the gf_view_chain_* calls",
    "GF_MAX_SNAPSHOT_POOL": "enforced by gf_snapshot_pool_create",
    "GF_MAX_LINEAR_POINTS": "enforced by gf_curve_parse",
    "GF_MAX_LAYERS": "enforced by the scene calls",
    "GF_MAX_LAYER_DEPTH": "enforced by the scene calls",
    "GF_MAX_ANIMATION_TRACKS": "enforced by gf_scene_add_animation and the loaders",
    "GF_MAX_ANIMATION_VALUES": "enforced by gf_scene_add_animation and the loaders",
    "GF_MAX_CUSTOM_SLOTS": "enforced by the scene calls",
    "GF_MAX_GROUP_CHILDREN": "enforced by gf_animation_add_child and gf_scene_add_animation",
    "GF_MAX_GROUP_DEPTH": "enforced by gf_animation_add_child and gf_scene_add_animation",
    "GF_MAX_VIEW_DEPTH": "enforced by the view-tree calls",
    "GF_MAX_VIEW_NODES": "enforced by the view-tree calls",
    "GF_MAX_CELL_TEMPLATES": "enforced by gf_view_tree_add_cell and the loader",
    "GF_MAX_LABEL_LINES": "enforced by the view-tree calls",
    "GF_MAX_LIST_COUNT": "enforced by the view-tree calls",
    "GF_MAX_LIST_NESTING": "enforced by gf_skeleton_generate",
    "GF_MAX_ADJUST_LINES": "enforced by gf_view_tree_add_adjust and the loader",
    "GF_MAX_ADJUST_LINE_CHARS": "enforced by gf_view_tree_add_adjust and the loader",
    "GF_MAX_ADJUST_BONE_EDITS": "enforced by gf_skeleton_generate",
    "GF_MAX_SKELETON_BONES": "enforced by gf_skeleton_generate",
    "GF_MAX_SKELETON_CONTAINERS": "enforced by gf_skeleton_generate",
    "GF_MAX_SKELETON_LIST_CELLS": "enforced by gf_skeleton_generate",
    "GF_MAX_SKELETON_VIEW_VISITS": "enforced by gf_skeleton_generate",
    "GF_MAX_SKELETON_LAYERS": "enforced by gf_skeleton_generate",
    "GF_MAX_CHAIN_LINKS": "enforced by gf_chain_add",
    "GF_MAX_TIMELINE_ENTRIES": "enforced by gf_timeline_from_json",
    "GF_MAX_TIMELINE_KEYFRAMES": "enforced by gf_timeline_apply",
    "GF_MAX_TIMELINE_EVENTS_PER_MOVE": "enforced by gf_timeline_seek and gf_timeline_advance",
    "GF_MAX_TIMELINE_ANIMATIONS": "enforced by gf_timeline_apply",
}

#: GF_* macros whose Python counterpart has another name or is read from the loaded library:
#: macro -> (where, a function returning the Python value).
COUNTERPARTS: Dict[str, Tuple[str, Callable[[], Any]]] = {
    "GF_ABI_VERSION": ("ghostframe.ABI_VERSION", lambda: gf.ABI_VERSION),
    # The binding has no version constants: the version is the loaded library's.
    "GF_VERSION_STRING": ("ghostframe.__version__ (from gf_version_string)", lambda: gf.__version__),
    "GF_VERSION_NUMBER": ("gf_version_number()", lambda: _native.lib.gf_version_number()),
    "GF_VERSION_MAJOR": ("ghostframe.__version__, first part", lambda: int(gf.__version__.split(".")[0])),
    "GF_VERSION_MINOR": ("ghostframe.__version__, second part", lambda: int(gf.__version__.split(".")[1])),
    "GF_VERSION_PATCH": ("ghostframe.__version__, third part", lambda: int(gf.__version__.split(".")[2])),
    # Limits the binding checks before Python would fail first (deep recursion, huge lists).
    "GF_MAX_SCENE_JSON_DEPTH": ("ghostframe._limits.MAX_JSON_DEPTH", lambda: _limits.MAX_JSON_DEPTH),
    "GF_MAX_VIEW_TREE_JSON_DEPTH": (
        "ghostframe._limits.MAX_VIEW_TREE_JSON_DEPTH",
        lambda: _limits.MAX_VIEW_TREE_JSON_DEPTH,
    ),
    "GF_MAX_JSON_VALUES": ("ghostframe._limits.MAX_JSON_VALUES", lambda: _limits.MAX_JSON_VALUES),
    "GF_MAX_TIMELINE_JSON_DEPTH": (
        "ghostframe._limits.MAX_TIMELINE_JSON_DEPTH",
        lambda: _limits.MAX_TIMELINE_JSON_DEPTH,
    ),
    "GF_MAX_TIMELINE_JSON_VALUES": (
        "ghostframe._limits.MAX_TIMELINE_JSON_VALUES",
        lambda: _limits.MAX_TIMELINE_JSON_VALUES,
    ),
}

#: The modules whose GF_* attributes are the binding's constants.
CONSTANT_MODULES = (_native, errors)

#: Structs of the header without a ctypes Structure (none today).
OMITTED_STRUCTS: Dict[str, str] = {}

#: Header functions the binding does not put in _native.FUNCTIONS (none today).
UNWRAPPED_FUNCTIONS: Dict[str, str] = {}

#: (function, parameter) pairs the binding declares c_void_p instead of the typed pointer.
TYPE_ERASED_POINTERS: Dict[Tuple[str, str], str] = {
    ("gf_scene_sample", "out_states"): "the binding passes numpy or array.array buffers as addresses",
    ("gf_scene_sample_custom", "out_values"): "the binding passes numpy or array.array buffers as addresses",
    ("gf_scene_sample_range", "out_states"): "the binding passes numpy or array.array buffers as addresses",
    ("gf_scene_sample_threads", "out_states"): "the binding passes numpy or array.array buffers as addresses",
    ("gf_scrub_sample", "out_states"): "the binding passes numpy or bytearray buffers as addresses",
    ("gf_scrub_sample_at_clock", "out_states"): "the binding passes numpy or bytearray buffers as addresses",
    ("gf_pull_to_refresh_sample", "out_states"): "the binding passes numpy or bytearray buffers as addresses",
    ("gf_pull_to_refresh_sample_at_clock", "out_states"): "the binding passes numpy or bytearray buffers as addresses",
}


def python_constants() -> Dict[str, Tuple[str, Any]]:
    """Every GF_* constant of the binding: name -> (where, value)."""
    found: Dict[str, Tuple[str, Any]] = {}
    for module in CONSTANT_MODULES:
        for name, value in vars(module).items():
            if name.startswith("GF_") and isinstance(value, int):
                found[name] = (f"{module.__name__}.{name}", value)
    return found


@dataclass
class Report:
    problems: List[str]
    wrapped: List[str]
    unwrapped: List[str]


def check_agreement(
    header_path: str, workdir: str, table: Optional[Sequence[Tuple[str, Any, Sequence[Any]]]] = None
) -> Report:
    """Every comparison of the binding with the header at header_path."""
    table = _native.FUNCTIONS if table is None else table
    header = parse_header(header_text(header_path))
    layout = measure(header_path, header, workdir)
    problems = [f"header: cannot read {what!r}" for what in header.unparsed]
    problems += [
        f"header: {name} is not an integer type; teach _header.resolve() about it" for name in layout.not_integers
    ]

    # Structs, opaque handles and callbacks.
    for name, fields in header.structs.items():
        if name in OMITTED_STRUCTS:
            continue
        py = getattr(_native, name, None)
        if py is None:
            problems.append(
                f"{name}: no ctypes Structure in ghostframe._native (add it, or list it in OMITTED_STRUCTS)"
            )
            continue
        problems += compare_struct(name, fields, header, layout, py)
    for name in header.opaque:
        py = getattr(_native, name, None)
        if not (isinstance(py, type) and issubclass(py, Structure)) or py._fields_:
            problems.append(
                f"{name}: an opaque handle; the binding needs a field-less Structure of that name, has {py!r}"
            )
    for name, cb in header.callbacks.items():
        py = getattr(_native, name, None)
        declared_type = resolve(Decl(name, False, 0, None, None), header, layout)
        problems += compare_types(declared_type, ctypes_type(py), name)
    declared = set(header.structs) | set(header.opaque) | set(header.callbacks)
    for name, value in vars(_native).items():
        is_struct = isinstance(value, type) and issubclass(value, Structure)
        if name.startswith("gf_") and is_struct and name not in declared:
            problems.append(f"ghostframe._native.{name}: the header declares no such struct")
    stale = set(OMITTED_STRUCTS) - set(header.structs)
    problems += [f"{name}: in OMITTED_STRUCTS but not in the header" for name in sorted(stale)]

    # Constants.
    problems += compare_constants(layout.constants, python_constants(), COUNTERPARTS, OMITTED_CONSTANTS)

    # Functions.
    entries = {name: (restype, argtypes) for name, restype, argtypes in table}
    wrapped, unwrapped = [], []
    for name, fn in header.functions.items():
        if name not in entries:
            unwrapped.append(name)
            if name not in UNWRAPPED_FUNCTIONS:
                problems.append(
                    f"{name}: declared in the header, not in _native.FUNCTIONS "
                    f"(wrap it, or list it in UNWRAPPED_FUNCTIONS)"
                )
            continue
        wrapped.append(name)
        restype, argtypes = entries[name]
        problems += compare_function(fn, restype, argtypes, header, layout, TYPE_ERASED_POINTERS)
    for name in entries:
        if name not in header.functions:
            problems.append(f"_native.FUNCTIONS has {name}, which the header does not declare")
    for name in sorted(set(UNWRAPPED_FUNCTIONS) - set(unwrapped)):
        state = "wrapped" if name in entries else "not in the header"
        problems.append(f"{name}: in UNWRAPPED_FUNCTIONS but {state}")
    for (name, param), _ in TYPE_ERASED_POINTERS.items():
        fn = header.functions.get(name)
        if fn is None or param not in [p.name for p in fn.params]:
            problems.append(f"TYPE_ERASED_POINTERS names {name}({param}), which the header does not declare")
        elif name in entries:
            index = [p.name for p in fn.params].index(param)
            argtypes = entries[name][1]
            if index < len(argtypes) and argtypes[index] is not c_void_p:
                problems.append(
                    f"TYPE_ERASED_POINTERS names {name}({param}), which the binding declares typed; drop the entry"
                )
    return Report(problems, wrapped, unwrapped)


# ---------------------------------------------------------------------------------------
# The tests against the real header
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def header_path() -> str:
    repo = find_repository()
    path = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    if not path or not os.path.isfile(path):
        pytest.skip("not inside the Ghostframe repository (no Include/ghostframe.h)")
    return path


@pytest.fixture(scope="module")
def need_compiler() -> None:
    if compiler() is None:
        pytest.skip("no C compiler (cc, gcc, clang or $CC) to ask the header's layout")


@pytest.fixture(scope="module")
def real(
    header_path: str, need_compiler: None, tmp_path_factory: pytest.TempPathFactory
) -> Tuple[Header, Layout]:
    header = parse_header(header_text(header_path))
    return header, measure(header_path, header, str(tmp_path_factory.mktemp("layout")))


def test_the_binding_agrees_with_the_header(header_path: str, need_compiler: None, tmp_path) -> None:
    report = check_agreement(header_path, str(tmp_path))
    print(
        f"\n{len(report.wrapped)} header functions wrapped by _native.FUNCTIONS; "
        f"not wrapped: {', '.join(report.unwrapped) or 'none'}"
    )
    assert not report.problems, "the binding and Include/ghostframe.h disagree:\n  " + "\n  ".join(
        report.problems
    )


def test_the_parser_reads_the_whole_header(header_path: str, real: Tuple[Header, Layout]) -> None:
    """A parse that silently lost declarations fails here."""
    header, layout = real
    # The preprocessor's own list of the header's object-like GF_ macros.
    listed = subprocess.run(
        [compiler(), "-dM", "-E", "-x", "c", header_path],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    listed_names = set(re.findall(r"^#define (GF_\w+) ", listed, flags=re.M))
    assert listed_names == set(header.macros) == set(layout.constants)
    assert header.unparsed == []
    assert len(header.functions) >= 70
    assert set(header.structs) >= {
        "gf_spring", "gf_timing_params", "gf_core_animation_timing", "gf_timing_state",
        "gf_layer_desc", "gf_layer_state", "gf_event", "gf_view_node_desc",
    }
    assert set(header.opaque) >= {"gf_curve", "gf_timing", "gf_scene", "gf_animation", "gf_view_tree"}
    assert set(header.callbacks) == {
        "gf_event_fn", "gf_chain_completion_fn", "gf_timeline_event_fn",
        # issue 16: host callbacks and the plugin table
        "gf_curve_fn", "gf_free_fn", "gf_effect_fn", "gf_plugin_register_curve_fn",
        "gf_plugin_register_effect_fn", "gf_plugin_register_node_kind_fn", "gf_plugin_init_fn",
    }
    assert len(header.macros) >= 90
    # Fields the parser read tile each struct: no gap wider than alignment padding.
    for name, fields in header.structs.items():
        end = 0
        for decl in fields:
            offset, size = layout.fields[(name, decl.name)]
            assert 0 <= offset - end < 8, f"{name}.{decl.name} at {offset}, the previous field ended at {end}"
            end = offset + size
        assert 0 <= layout.structs[name][0] - end < 8, name


def test_the_live_functions_carry_the_table(real: Tuple[Header, Layout]) -> None:
    """What the comparison reads (the table) is what the loaded functions use."""
    for name, restype, argtypes in _native.FUNCTIONS:
        fn = getattr(_native.lib, name)
        assert tuple(fn.argtypes) == tuple(argtypes), name
        if restype is _native.STATUS:
            assert fn.restype is c_int32 and fn.errcheck is not None, name
        else:
            assert fn.restype is restype, name


def test_skeleton_choices_use_the_header_values(real: Tuple[Header, Layout]) -> None:
    """The view-tree names the Python API takes map to the header's GF_VIEW/SKELETON/ALIGN values."""
    skeleton = importlib.import_module("ghostframe.skeleton")  # gf.skeleton is the function
    constants = real[1].constants
    tables = ((skeleton._KINDS, "GF_VIEW_"), (skeleton._MODES, "GF_SKELETON_"), (skeleton._ALIGNS, "GF_ALIGN_"))
    for names, prefix in tables:
        for word, value in names.items():
            macro = prefix + re.sub(r"(?<!^)([A-Z])", r"_\1", word).upper()
            assert constants[macro] == value, (word, macro)
        values = [m for m in constants if m.startswith(prefix) and m != "GF_VIEW_TREE_GLOBAL"]
        assert len(names) == len(values), (prefix, sorted(names), values)


# ---------------------------------------------------------------------------------------
# The checks catch drift: wrong ctypes declarations, mutated headers
# ---------------------------------------------------------------------------------------


def _wrong_struct(name: str, fields: List[Tuple[str, Any]]) -> type:
    return type(name, (Structure,), {"_fields_": fields})


def _spring_fields(**replace: Any) -> List[Tuple[str, Any]]:
    return [(n, replace.get(n, t)) for n, t in _native.gf_spring._fields_]


def test_the_real_spring_passes(real: Tuple[Header, Layout]) -> None:
    header, layout = real
    assert compare_struct("gf_spring", header.structs["gf_spring"], header, layout, _native.gf_spring) == []


@pytest.mark.parametrize(
    "fields, expected",
    [
        # Same size and offset, other signedness: only the type comparison sees it.
        (
            _spring_fields(allows_overdamping=c_uint32),
            "gf_spring.allows_overdamping: header int32, ctypes uint32",
        ),
        # A narrower field shifts every later offset.
        (_spring_fields(mass=ctypes.c_float), "gf_spring.mass: header offset 8 size 8, ctypes offset 8 size 4"),
        ([f for f in _native.gf_spring._fields_ if f[0] != "damping"], "missing in ctypes: ['damping']"),
        (list(reversed(_native.gf_spring._fields_)), "fields differ"),
        (_spring_fields() + [("extra", c_double)], "not in the header: ['extra']"),
    ],
    ids=["signedness", "width", "missing", "order", "extra"],
)
def test_a_wrong_struct_is_caught(real: Tuple[Header, Layout], fields: List[Tuple[str, Any]], expected: str) -> None:
    header, layout = real
    wrong = _wrong_struct("gf_spring", fields)
    problems = compare_struct("gf_spring", header.structs["gf_spring"], header, layout, wrong)
    assert any(expected in p for p in problems), problems


def test_a_wrong_array_or_pointer_field_is_caught(real: Tuple[Header, Layout]) -> None:
    header, layout = real
    state = [(n, c_double * 5 if n == "gradient_locations" else t) for n, t in _native.gf_layer_state._fields_]
    wrong = _wrong_struct("gf_layer_state", state)
    problems = compare_struct("gf_layer_state", header.structs["gf_layer_state"], header, layout, wrong)
    expected = "gf_layer_state.gradient_locations: header double[4], ctypes double[5]"
    assert any(expected in p for p in problems), problems
    params = [(n, POINTER(_native.gf_timing) if n == "easing" else t) for n, t in _native.gf_timing_params._fields_]
    wrong = _wrong_struct("gf_timing_params", params)
    problems = compare_struct("gf_timing_params", header.structs["gf_timing_params"], header, layout, wrong)
    assert problems == ["gf_timing_params.easing: header gf_curve *, ctypes gf_timing *"]


def _table(name: str) -> Tuple[Any, Sequence[Any]]:
    for entry_name, restype, argtypes in _native.FUNCTIONS:
        if entry_name == name:
            return restype, argtypes
    raise KeyError(name)


def test_the_real_declarations_pass(real: Tuple[Header, Layout]) -> None:
    header, layout = real
    # Owned strings, type-erased buffers, the callback, a char * parameter, a pointer to handles.
    names = ("gf_curve_spec", "gf_scene_sample", "gf_scene_advance", "gf_string_free")
    for name in names + ("gf_animation_set_segment_curves",):
        fn = header.functions[name]
        assert compare_function(fn, *_table(name), header, layout, TYPE_ERASED_POINTERS) == [], name


_STATUS, _scene_p, _curve_p, _timing_p = _native.STATUS, _native.gf_scene_p, _native.gf_curve_p, _native.gf_timing_p
_c_double_p = POINTER(c_double)
_event_fn = ctypes.CFUNCTYPE


def _case(case_id: str, name: str, restype: Any, argtypes: Sequence[Any], expected: str) -> Any:
    return pytest.param(name, restype, argtypes, expected, id=case_id)


@pytest.mark.parametrize(
    "name, restype, argtypes, expected",
    [
        _case(
            "width",
            "gf_scene_remove_animation",
            _STATUS,
            (_scene_p, c_uint32),
            "gf_scene_remove_animation(id): header uint64, ctypes uint32",
        ),
        _case(
            "count",
            "gf_scene_remove_animation",
            _STATUS,
            (_scene_p,),
            "the header has 2 parameters (scene, id), the binding 1",
        ),
        _case(
            "double-for-int",
            "gf_curve_eval",
            _STATUS,
            (_curve_p, c_double, c_double, _c_double_p),
            "gf_curve_eval(before_flag): header int32, ctypes double",
        ),
        _case(
            "no-errcheck",
            "gf_curve_eval",
            c_int32,
            (_curve_p, c_double, c_int32, _c_double_p),
            "gf_curve_eval return: header gf_status, ctypes int32 (declare STATUS",
        ),
        _case(
            "status-for-int",
            "gf_version_number",
            _STATUS,
            (),
            "gf_version_number return: header uint32, ctypes gf_status (only gf_status",
        ),
        _case(
            "size_t",
            "gf_curve_parse_n",
            _STATUS,
            (c_char_p, c_uint32, POINTER(_curve_p)),
            "gf_curve_parse_n(length): header uint64, ctypes uint32",
        ),
        _case(
            "owned-string",
            "gf_curve_spec",
            _STATUS,
            (_curve_p, POINTER(c_char_p)),
            "gf_curve_spec(out_spec): header char **, ctypes const char ** (a string the library hands over",
        ),
        _case(
            "text-as-address",
            "gf_scene_remove_layer",
            _STATUS,
            (_scene_p, c_void_p),
            "gf_scene_remove_layer(id): header const char *, ctypes void * (c_void_p loses",
        ),
        _case(
            "erased-pointer",
            "gf_timing_at",
            _STATUS,
            (_timing_p, c_double, c_void_p),
            "gf_timing_at(out_state): header gf_timing_state *, ctypes void * (c_void_p loses",
        ),
        _case(
            "other-handle",
            "gf_curve_free",
            _STATUS,
            (_timing_p,),
            "gf_curve_free(curve): header gf_curve *, ctypes gf_timing *",
        ),
        _case(
            "pointer-depth",
            "gf_scene_create",
            _STATUS,
            (_scene_p,),
            "gf_scene_create(out_scene): header gf_scene **, ctypes gf_scene *",
        ),
        _case(
            "pointee-width",
            "gf_scene_layer_count",
            _STATUS,
            (_scene_p, POINTER(c_uint32)),
            "gf_scene_layer_count(out_count): header uint64 *, ctypes uint32 *",
        ),
        _case(
            "callback-parameter",
            "gf_scene_advance",
            _STATUS,
            (_scene_p, c_double, _event_fn(None, c_void_p, POINTER(_native.gf_layer_state)), c_void_p),
            "gf_scene_advance(callback) (callback parameter 1): header gf_event *, ctypes gf_layer_state *",
        ),
        _case(
            "callback-return",
            "gf_scene_advance",
            _STATUS,
            (_scene_p, c_double, _event_fn(c_int32, c_void_p, POINTER(_native.gf_event)), c_void_p),
            "gf_scene_advance(callback) (callback return): header void, ctypes int32",
        ),
        _case(
            "callback-as-pointer",
            "gf_scene_advance",
            _STATUS,
            (_scene_p, c_double, c_void_p, c_void_p),
            "gf_scene_advance(callback): header void (*)(void *, gf_event *), ctypes void *",
        ),
    ],
)
def test_a_wrong_signature_is_caught(
    real: Tuple[Header, Layout], name: str, restype: Any, argtypes: Sequence[Any], expected: str
) -> None:
    header, layout = real
    fn = header.functions[name]
    problems = compare_function(fn, restype, argtypes, header, layout, TYPE_ERASED_POINTERS)
    assert any(expected in p for p in problems), problems


def test_a_type_erased_pointer_needs_its_allow_list_entry(real: Tuple[Header, Layout]) -> None:
    header, layout = real
    fn = header.functions["gf_scene_sample"]
    assert compare_function(fn, *_table("gf_scene_sample"), header, layout, TYPE_ERASED_POINTERS) == []
    problems = compare_function(fn, *_table("gf_scene_sample"), header, layout, erased=())
    assert problems == [
        "gf_scene_sample(out_states): header gf_layer_state *, ctypes void * "
        "(c_void_p loses the pointee's type; if that is deliberate, list it in TYPE_ERASED_POINTERS)"
    ]


def test_constants_are_compared_both_ways() -> None:
    macros = {"GF_A": 1, "GF_B": -2, "GF_C": 3, "GF_S": "0.1.0", "GF_OMIT": 9}
    python = {"GF_A": ("m.GF_A", 1), "GF_B": ("m.GF_B", 2), "GF_OLD": ("m.GF_OLD", 5)}
    counterparts = {"GF_S": ("m.version", lambda: "0.1.1")}
    problems = compare_constants(macros, python, counterparts, {"GF_OMIT": "why", "GF_GONE": "why"})
    assert problems == [
        "GF_B: header -2, binding m.GF_B = 2",
        "GF_C = 3: no Python counterpart (add it, or list it in OMITTED_CONSTANTS)",
        "GF_S: header '0.1.0', binding m.version = '0.1.1'",
        "m.GF_OLD: the header has no GF_OLD",
        "GF_GONE: an allow-list entry for a macro the header does not define",
    ]
    assert compare_constants({"GF_A": 1}, {"GF_A": ("m.GF_A", 1)}, {}, {}) == []


_MUTATIONS = {
    "field-signedness": (
        "int32_t allows_overdamping;",
        "uint32_t allows_overdamping;",
        "gf_spring.allows_overdamping: header uint32, ctypes int32",
    ),
    "new-field": (
        "const char *key;         /* NULL",
        "const char *key; double duration; /* NULL",
        "gf_event: fields differ",
    ),
    "enum-value": (
        "#define GF_FILL_BOTH 3",
        "#define GF_FILL_BOTH 4",
        "GF_FILL_BOTH: header 4, binding ghostframe._native.GF_FILL_BOTH = 3",
    ),
    "new-constant": (
        "#define GF_FILL_BOTH 3",
        "#define GF_FILL_BOTH 3\n#define GF_FILL_AUTO 4",
        "GF_FILL_AUTO = 4: no Python counterpart",
    ),
    "new-limit": (
        "#define GF_MAX_LAYERS 1000000",
        "#define GF_MAX_LAYERS 1000000\n#define GF_MAX_SCENES 10",
        "GF_MAX_SCENES = 10: no Python counterpart",
    ),
    "parameter-width": (
        "gf_status gf_scene_remove_animation(gf_scene *scene, uint64_t id);",
        "gf_status gf_scene_remove_animation(gf_scene *scene, uint32_t id);",
        "gf_scene_remove_animation(id): header uint32, ctypes uint64",
    ),
    "parameter-added": (
        "gf_status gf_skeleton_end(gf_scene *scene, double t, const char *group);",
        "gf_status gf_skeleton_end(gf_scene *scene, double t, const char *group,\n    double duration);",
        "gf_skeleton_end: the header has 4 parameters (scene, t, group, duration), the binding 3",
    ),
    "return-type": (
        "uint32_t gf_abi_version(void);",
        "uint64_t gf_abi_version(void);",
        "gf_abi_version return: header uint64, ctypes uint32",
    ),
    "new-function": (
        "gf_status gf_scene_remove_animation(gf_scene *scene, uint64_t id);",
        "gf_status gf_scene_remove_animation(gf_scene *scene, uint64_t id);\n"
        "gf_status gf_scene_clear(gf_scene *scene);",
        "gf_scene_clear: declared in the header, not in _native.FUNCTIONS",
    ),
    "callback": (
        "typedef void (*gf_event_fn)(void *user_data, const gf_event *event);",
        "typedef void (*gf_event_fn)(void *user_data, const gf_event *event, size_t count);",
        "gf_event_fn: callback header",
    ),
    "new-struct": (
        "typedef struct gf_event {",
        "typedef struct gf_range {\n    double start, end;\n} gf_range;\n\ntypedef struct gf_event {",
        "gf_range: no ctypes Structure",
    ),
    "new-handle": (
        "typedef struct gf_scene gf_scene;",
        "typedef struct gf_scene gf_scene;\ntypedef struct gf_player gf_player;",
        "gf_player: an opaque handle",
    ),
    "unknown-type": (
        "gf_status gf_curve_eval(const gf_curve *curve, double x, int32_t before_flag, double *out_y);",
        "#include <stdbool.h>\n"
        "gf_status gf_curve_eval(const gf_curve *curve, double x, bool before_flag, double *out_y);",
        "gf_curve_eval(before_flag): header uint8, ctypes int32",
    ),
}


@pytest.mark.parametrize("mutation", sorted(_MUTATIONS))
def test_a_drifted_header_fails_the_check(
    header_path: str, need_compiler: None, tmp_path, mutation: str
) -> None:
    """The whole check, run on a copy of the header (its parts expanded into one file) with one change
    the binding does not follow."""
    old, new, expected = _MUTATIONS[mutation]
    text = header_text(header_path)
    assert text.count(old) == 1, f"the mutation's anchor {old!r} is not once in the header"
    mutated = tmp_path / "ghostframe.h"
    mutated.write_text(text.replace(old, new), encoding="utf-8")
    report = check_agreement(str(mutated), str(tmp_path))
    assert any(expected in p for p in report.problems), report.problems


def test_the_parser_refuses_what_it_cannot_read() -> None:
    header = parse_header(
        "typedef struct gf_x { void (*fn)(int); } gf_x;\n"
        "int gf_variadic(const char *format, ...);\n"
        "#define GF_MACRO(x) (x)\n"
    )
    assert any("function-pointer field" in u for u in header.unparsed), header.unparsed
    assert any("gf_variadic" in u for u in header.unparsed), header.unparsed
    assert "GF_MACRO" not in header.macros  # function-like macros are not constants
