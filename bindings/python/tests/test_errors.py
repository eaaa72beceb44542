"""GhostframeError: status, message, status name, subclasses, thread-local messages."""

from __future__ import annotations

import pickle
import threading

import pytest

import ghostframe as gf
from ghostframe import errors


def test_error_is_a_value_error_with_status_and_message() -> None:
    with pytest.raises(gf.GhostframeError) as info:
        gf.Timing(-1)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.status == errors.GF_E_INVALID_ARGUMENT
    assert err.status_name == "GF_E_INVALID_ARGUMENT"
    assert type(err) is gf.InvalidArgumentError
    assert "duration" in err.message
    assert str(err) == f"GF_E_INVALID_ARGUMENT: {err.message}"
    assert err.function == "gf_timing_create"


def test_message_is_read_right_after_the_failing_call() -> None:
    """The message belongs to the call that failed, even when another call fails later."""
    with pytest.raises(gf.GhostframeError) as first:
        gf.Timing(1, delay=float("nan"))
    with pytest.raises(gf.GhostframeError) as second:
        gf.Timing(1, iterations=-1)
    assert "delay" in first.value.message
    assert "iterations" in second.value.message
    assert gf.last_error_message() == second.value.message


def test_messages_are_per_thread() -> None:
    results = {}
    barrier = threading.Barrier(2)

    def worker(name: str, kwargs: dict) -> None:
        barrier.wait()
        for _ in range(200):
            try:
                gf.Timing(**kwargs)
            except gf.GhostframeError as exc:
                if name not in exc.message.replace("_", " "):
                    results[name] = exc.message
                    return
        results.setdefault(name, "ok")

    threads = [
        threading.Thread(target=worker, args=("delay", {"duration": 1, "delay": float("inf")})),
        threading.Thread(target=worker, args=("playback rate", {"duration": 1, "playback_rate": 0})),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {"delay": "ok", "playback rate": "ok"}


@pytest.mark.parametrize(
    "status, name, cls",
    [
        (0, "GF_OK", None),
        (-1, "GF_E_NULL_ARGUMENT", gf.NullArgumentError),
        (-2, "GF_E_INVALID_ARGUMENT", gf.InvalidArgumentError),
        (-3, "GF_E_PARSE", gf.ParseError),
        (-4, "GF_E_BUFFER_TOO_SMALL", gf.BufferTooSmallError),
        (-5, "GF_E_INVALID_UTF8", gf.InvalidUTF8Error),
        (-6, "GF_E_NOT_FOUND", gf.NotFoundError),
        (-7, "GF_E_LIMIT", gf.LimitError),
        (-8, "GF_E_MISUSE", gf.MisuseError),
        (-9, "GF_E_CALLBACK", gf.CallbackError),
        (-10, "GF_E_IO", gf.FileReadError),
        (-100, "GF_E_INTERNAL", gf.InternalError),
    ],
)
def test_status_names_and_classes(status: int, name: str, cls) -> None:
    assert gf.status_string(status) == name
    if cls is not None:
        err = errors.error_for_status(status, "detail")
        assert type(err) is cls and isinstance(err, gf.GhostframeError) and cls.code == status
        assert str(err) == f"{name}: detail"


@pytest.mark.parametrize("status", [-11, -99, -101, 1, 2**31 - 1, -(2**31), 2**40])
def test_unknown_statuses(status: int) -> None:
    assert gf.status_string(status) == "unknown status"
    err = errors.error_for_status(status, "x")
    assert type(err) is gf.GhostframeError and err.status == status


def test_status_string_rejects_non_ints() -> None:
    with pytest.raises(TypeError):
        gf.status_string("GF_OK")  # type: ignore[arg-type]


def test_error_without_message_still_names_the_status() -> None:
    err = errors.error_for_status(-3, "")
    assert str(err) == "GF_E_PARSE (status -3)"


def test_errors_pickle() -> None:
    err = errors.error_for_status(-3, "unknown curve name 'eaze'", function="gf_curve_parse_n")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is gf.ParseError
    assert (back.status, back.message, back.function, str(back)) == (err.status, err.message, err.function, str(err))


def test_load_errors_are_import_errors() -> None:
    assert issubclass(gf.LibraryNotFoundError, ImportError)
    assert issubclass(gf.ABIVersionError, ImportError)
    assert issubclass(gf.LibraryLoadError, ImportError)
    assert not issubclass(gf.GhostframeError, ImportError)
