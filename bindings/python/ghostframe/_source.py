"""One rule for the documents every loader reads (private): view trees (:func:`ghostframe.skeleton`,
``ViewTree.from_json``, :func:`ghostframe.layout`), scenes (``Scene.from_json``) and timelines
(``Timeline.from_json``).

A source is

- a ``dict`` (any ``Mapping``): the document itself, encoded with ``json.dumps``;
- ``bytes``, ``bytearray`` or ``memoryview``: the document's UTF-8 JSON text;
- an ``os.PathLike`` (``pathlib.Path``): always a file to read;
- a ``str``: JSON text when it is blank or its first non-blank character is ``{`` or ``[``, else
  a file's path. So ``'{"root": ...}'`` is a document and ``"feed.json"`` a file, whatever files
  exist; a path that does not exist raises :class:`FileNotFoundError` naming the file (and the
  rule, in case JSON text was meant).

Each loader also has a ``from_file(path)`` that reads a path only (a ``str`` is a path there
whatever it starts with). The library's errors about a file's content name the file
(``feed.json: root.children[3].fram: unknown key 'fram' (did you mean 'frame'?)``).
"""

from __future__ import annotations

import contextlib
import errno
import os
from typing import Any, Callable, Iterator, Mapping, Optional, Tuple, Union

from .errors import GhostframeError, argument_type_error

__all__ = ["DocumentSource", "PathSource", "is_json_text", "read_source", "read_file", "naming_the_file"]

#: What every loader takes: a dict, JSON text (str or UTF-8 bytes) or a path (see the module).
DocumentSource = Union[Mapping[str, Any], str, bytes, bytearray, memoryview, "os.PathLike[str]"]

#: What ``from_file`` takes: a path, as a str or an ``os.PathLike``.
PathSource = Union[str, "os.PathLike[str]"]

#: The rule, as the messages of a missing file state it.
RULE = "a str is read as JSON text only when its first non-blank character is '{' or '['"


def is_json_text(text: str) -> bool:
    """Whether a str source is JSON text (blank, or starting with ``{`` or ``[``) and not a path."""
    stripped = text.lstrip()
    return not stripped or stripped[0] in "{["


def read_file(path: Any, what: str, name: str = "path") -> Tuple[bytes, str]:
    """The bytes of the file ``path`` (a str or an ``os.PathLike``) and its name as a str.

    Raises:
        ArgumentTypeError: not a str or an ``os.PathLike``.
        FileNotFoundError: no such file, naming it (``no such scene file: 'x.json'``).
        OSError: the file cannot be read (the error names it).
    """
    if isinstance(path, os.PathLike):
        raw = os.fspath(path)
        text = os.fsdecode(raw) if isinstance(raw, bytes) else raw
    elif isinstance(path, str):
        text = path
    else:
        raise argument_type_error(f"{name} must be a str or an os.PathLike, not {type(path).__name__}")
    try:
        with open(text, "rb") as handle:
            return handle.read(), text
    except FileNotFoundError:
        raise FileNotFoundError(errno.ENOENT, f"no such {what} file", text) from None


def read_source(
    source: Any, what: str, name: str, encode: Callable[[Mapping[str, Any]], bytes]
) -> Tuple[bytes, Optional[str]]:
    """The UTF-8 JSON bytes of ``source`` under the module's rule, and the file it came from
    (``None`` unless it was a path). ``encode`` turns a mapping into JSON bytes (each loader
    checks its own format's limits first).

    Raises:
        ArgumentTypeError: an unsupported type (also a TypeError), naming ``name``.
        FileNotFoundError: a path that does not exist, naming it and the rule.
        OSError: the file cannot be read.
    """
    if isinstance(source, Mapping):
        return encode(source), None
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), None
    if isinstance(source, str):
        if is_json_text(source):
            return source.encode("utf-8", "surrogatepass"), None
    elif not isinstance(source, os.PathLike):
        raise argument_type_error(
            f"{name} must be a dict, JSON text (a str starting with '{{'), UTF-8 bytes or a path, "
            f"not {type(source).__name__}"
        )
    try:
        return read_file(source, what, name)
    except FileNotFoundError as error:
        if isinstance(source, str):  # perhaps JSON text was meant
            raise FileNotFoundError(errno.ENOENT, f"no such {what} file ({RULE})", error.filename) from None
        raise


@contextlib.contextmanager
def naming_the_file(path: Optional[str]) -> Iterator[None]:
    """Re-raises a library error about a file's content with the file's name in front of its
    message (same class, status and function); does nothing for a source that was no file."""
    try:
        yield
    except GhostframeError as error:
        if path is None:
            raise
        named = type(error)(
            error.status, f"{path}: {error.message}", status_name=error.status_name, function=error.function
        )
        raise named from error.__cause__  # a callback's exception stays the cause
