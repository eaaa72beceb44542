"""A layer's state in its three forms (ghostframe._states): LayerState, LAYER_STATE_DTYPE and the
struct unpack format, all derived from the ctypes ``gf_layer_state._fields_`` (issue 31, point 4).

The reference is ctypes itself: a ``gf_layer_state`` filled with a distinct value in every slot
is read back field by field through its ctypes attributes, and each form must give exactly those
values (every value is an integer or a dyadic fraction, so equality is exact)."""

from __future__ import annotations

import ast
import ctypes
import inspect

import pytest

import ghostframe as gf
from ghostframe import _native, _states

from _support import numpy_available

DECLARED = [(field[0], field[1]) for field in _native.gf_layer_state._fields_]


def _filled() -> _native.gf_layer_state:
    """A gf_layer_state whose slots all differ: 1, 2, 3, ... (halves for doubles, -1 for parent)."""
    raw = _native.gf_layer_state()
    slot = 1
    for name, ctype in DECLARED:
        if hasattr(ctype, "_length_"):
            array = getattr(raw, name)
            for i in range(ctype._length_):
                array[i] = slot + 0.5
                slot += 1
        else:
            setattr(raw, name, -slot if name == "parent" else slot + (0.5 if ctype is ctypes.c_double else 0))
            slot += 1
    return raw


def _expected(raw: _native.gf_layer_state) -> dict:
    return {name: (tuple(getattr(raw, name)) if hasattr(ctype, "_length_") else getattr(raw, name))
            for name, ctype in DECLARED}


def test_layer_state_has_the_structs_fields_in_order() -> None:
    assert gf.LayerState._fields == tuple(name for name, _ in DECLARED)
    assert gf.LayerState is gf.scene.LayerState is _states.LayerState


def test_the_type_checkers_declaration_matches_the_struct() -> None:
    """The class mypy reads (under TYPE_CHECKING) has the fields of _fields_, in order, with a
    tuple for each array (of its length where it is spelt out) and int / float for the scalars."""
    tree = ast.parse(inspect.getsource(_states))
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == "_LayerStateFields"]
    assert len(classes) == 1
    fields = [(node.target.id, node.annotation) for node in classes[0].body if isinstance(node, ast.AnnAssign)]
    assert [name for name, _ in fields] == [name for name, _ in DECLARED]
    for (name, annotation), (_, ctype) in zip(fields, DECLARED):
        text = ast.unparse(annotation)
        if hasattr(ctype, "_length_"):
            assert text.startswith("Tuple["), (name, text)
            if "..." not in text:
                assert text.count("float") == ctype._length_, (name, text)
        else:
            assert text == ("float" if ctype is ctypes.c_double else "int"), (name, text)


def test_the_unpack_format_reads_every_field_as_ctypes_does() -> None:
    raw = _filled()
    data = ctypes.string_at(ctypes.addressof(raw), ctypes.sizeof(raw))
    assert _states.STATE_STRUCT.size == len(data) == _states.STATE_SIZE
    state = _states.state_from_fields(_states.STATE_STRUCT.unpack(data))
    assert type(state) is gf.LayerState
    assert state._asdict() == _expected(raw)
    twice = _states.states_from_buffer(data + data)
    assert twice == [state, state]


@pytest.mark.skipif(not numpy_available(), reason="numpy is not installed")
def test_the_dtype_reads_every_field_as_ctypes_does() -> None:
    import numpy as np

    raw = _filled()
    data = ctypes.string_at(ctypes.addressof(raw), ctypes.sizeof(raw))
    row = np.frombuffer(data, dtype=gf.LAYER_STATE_DTYPE)[0]
    expected = _expected(raw)
    assert list(gf.LAYER_STATE_DTYPE.names) == list(expected)
    for name, value in expected.items():
        got = row[name]
        assert (tuple(got.tolist()) if isinstance(value, tuple) else got.item()) == value, name
    assert repr(row) == repr(_states.state_from_fields(_states.STATE_STRUCT.unpack(data)))
