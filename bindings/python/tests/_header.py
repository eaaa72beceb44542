"""Reading Include/ghostframe.h and comparing it with ctypes declarations (for
test_header_agreement.py, which holds the policy: the allow-lists and what is compared).

The header is the umbrella and the parts it includes (Include/ghostframe/*.h), read as one
text (_support.header_text). It is read twice: by a parser for its one declaration style
(comments and preprocessor lines removed, then one declaration per ``;``), which gives every struct's
fields, every prototype and the callback typedefs as spelled; and by the C compiler, through
a generated program that prints every struct's sizeof, _Alignof and field offsets and sizes,
the value of every GF_* macro, and the width and signedness of every integer type the
declarations use. Types of both sides become the same small tuples, compared by the
functions at the end.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
from ctypes import Structure
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Dict, List, Optional, Sequence, Tuple

from ghostframe import _native

# ---------------------------------------------------------------------------------------
# C types, as both sides describe them
# ---------------------------------------------------------------------------------------
#
# A type is a tuple:
#   ("void",)  ("char", is_const)  ("int", bytes, is_signed)  ("float", bytes)  ("bool",)
#   ("status",)                    gf_status as a return type: c_int32 plus the errcheck
#   ("struct", name)  ("ptr", pointee)  ("array", element, length)
#   ("fnptr", return, (parameters...))
#   ("unmapped", spelling)         a type the checks do not know (always a mismatch)

VOID = ("void",)
STATUS = ("status",)


def spell(t: Tuple[Any, ...]) -> str:
    """A C-like spelling of a type tuple, for messages."""
    kind = t[0]
    if kind == "void":
        return "void"
    if kind == "char":
        return "const char" if t[1] else "char"
    if kind == "int":
        return f"{'' if t[2] else 'u'}int{8 * t[1]}"
    if kind == "float":
        return {8: "double", 4: "float"}.get(t[1], f"float{8 * t[1]}")
    if kind == "bool":
        return "bool"
    if kind == "status":
        return "gf_status"
    if kind == "struct":
        return t[1]
    if kind == "ptr":
        return spell(t[1]) + ("*" if t[1][0] == "ptr" else " *")
    if kind == "array":
        return f"{spell(t[1])}[{t[2]}]"
    if kind == "fnptr":
        return f"{spell(t[1])} (*)({', '.join(spell(p) for p in t[2]) or 'void'})"
    return f"<{t[1] if len(t) > 1 else kind}>"


def ctypes_type(t: Any) -> Tuple[Any, ...]:
    """The type tuple of a ctypes type (or None, or _native.STATUS)."""
    if t is None:
        return VOID
    if t is _native.STATUS:
        return STATUS
    if isinstance(t, type):
        if issubclass(t, ctypes._SimpleCData):
            code = t._type_
            if code == "z":
                return ("ptr", ("char", True))  # c_char_p reads a NUL-terminated string
            if code == "P":
                return ("ptr", VOID)
            if code in "bBhHiIlLqQ":
                return ("int", ctypes.sizeof(t), code.islower())
            if code in "fdg":
                return ("float", ctypes.sizeof(t))
            if code == "c":
                return ("char", False)
            if code == "?":
                return ("bool",)
        if issubclass(t, ctypes._Pointer):
            return ("ptr", ctypes_type(t._type_))
        if issubclass(t, Structure):
            return ("struct", t.__name__)
        if issubclass(t, ctypes.Array):
            return ("array", ctypes_type(t._type_), t._length_)
        if issubclass(t, ctypes._CFuncPtr):
            return ("fnptr", ctypes_type(t._restype_), tuple(ctypes_type(a) for a in t._argtypes_))
    return ("unmapped", repr(t))


def _mismatch(c: Tuple[Any, ...], py: Tuple[Any, ...], erased_ok: bool) -> Optional[str]:
    """None when ctypes type ``py`` may declare header type ``c``; else why not ("" for plainly other)."""
    if c[0] == "unmapped":
        return f"the header's type {c[1]!r} is not one these checks know; teach resolve() about it"
    if c == py:
        return None
    if c[0] == "ptr" and py[0] == "ptr":
        pointee, py_pointee = c[1], py[1]
        if py_pointee == VOID:
            if pointee == ("char", False) or erased_ok:
                return None
            return "c_void_p loses the pointee's type; if that is deliberate, list it in TYPE_ERASED_POINTERS"
        if pointee == ("char", False) and py_pointee == ("char", True):
            return (
                "a string the library hands over, declared c_char_p: its address is lost and "
                "gf_string_free cannot release it; declare c_void_p"
            )
        return _mismatch(pointee, py_pointee, False)
    if c[0] == "array" and py[0] == "array" and c[2] == py[2]:
        return _mismatch(c[1], py[1], False)
    if c == STATUS:
        return "declare STATUS, so a negative status raises"
    if py == STATUS:
        return "only gf_status returns take the errcheck"
    return ""


def compare_types(c: Tuple[Any, ...], py: Tuple[Any, ...], where: str, erased_ok: bool = False) -> List[str]:
    """Problems with declaring the header's type ``c`` as the ctypes type ``py``.

    Equal types agree. Besides: a ``char *`` the library hands over (not const) must be
    c_void_p, so the binding keeps the address it passes to gf_string_free; any other
    pointer may be c_void_p only where ``erased_ok`` (TYPE_ERASED_POINTERS) says so.
    Callbacks are compared return and parameter by parameter.
    """
    if c[0] == "fnptr" and py[0] == "fnptr":
        problems = compare_types(c[1], py[1], f"{where} (callback return)")
        if len(c[2]) != len(py[2]):
            return problems + [f"{where}: callback header {spell(c)}, ctypes {spell(py)} (parameter count)"]
        for i, (a, b) in enumerate(zip(c[2], py[2])):
            problems += compare_types(a, b, f"{where} (callback parameter {i})")
        return problems
    reason = _mismatch(c, py, erased_ok)
    if reason is None:
        return []
    return [f"{where}: header {spell(c)}, ctypes {spell(py)}" + (f" ({reason})" if reason else "")]


# ---------------------------------------------------------------------------------------
# Reading the header's declarations
# ---------------------------------------------------------------------------------------

_QUALIFIERS = {"const", "volatile", "restrict"}
_BUILTIN = {"void", "char", "double", "float"}


@dataclass
class Decl:
    """One declarator as spelled: base type name, its const, pointer depth, array length, name."""

    base: str
    base_const: bool
    stars: int
    array: Optional[int]
    name: Optional[str]


@dataclass
class Function:
    """A prototype, or a callback typedef (``typedef void (*name)(...)``)."""

    name: str
    ret: Decl
    params: List[Decl]


@dataclass
class Header:
    """What the parser found in a header."""

    structs: Dict[str, List[Decl]] = field(default_factory=dict)  # name -> fields, in order
    opaque: List[str] = field(default_factory=list)
    scalar_typedefs: Dict[str, Decl] = field(default_factory=dict)
    callbacks: Dict[str, Function] = field(default_factory=dict)
    functions: Dict[str, Function] = field(default_factory=dict)
    macros: Dict[str, str] = field(default_factory=dict)  # name -> body as written
    unparsed: List[str] = field(default_factory=list)


def _tokens(text: str) -> List[str]:
    return re.findall(r"[A-Za-z_]\w*|\*|\[\s*\w*\s*\]|[^\sA-Za-z_]", text)


def parse_decl(text: str, named: bool = True) -> Decl:
    """One declaration such as ``const gf_curve *const *curves`` or ``double x[4]``."""
    tokens = _tokens(text)
    words = [t for t in tokens if re.fullmatch(r"[A-Za-z_]\w*", t) and t not in _QUALIFIERS and t != "struct"]
    stars = tokens.count("*")
    arrays = [t for t in tokens if t.startswith("[")]
    unexpected = [t for t in tokens if not re.fullmatch(r"[A-Za-z_]\w*|\*|\[\s*\w*\s*\]", t)]
    if unexpected or not words or len(arrays) > 1:
        raise ValueError(f"cannot read the declaration {text!r}")
    first_star = tokens.index("*") if stars else len(tokens)
    base_const = "const" in tokens[:first_star]
    name = words.pop() if named and len(words) >= 2 else None
    array = int(arrays[0].strip("[] ")) if arrays else None
    return Decl(" ".join(words), base_const, stars, array, name)


def _params(text: str) -> List[Decl]:
    text = text.strip()
    if text == "void":
        return []
    return [parse_decl(part) for part in text.split(",")]


def _struct_fields(body: str) -> List[Decl]:
    fields: List[Decl] = []
    for statement in body.split(";"):
        statement = " ".join(statement.split())
        if not statement:
            continue
        if "(" in statement:
            raise ValueError(f"a function-pointer field ({statement!r}) needs the parser extended")
        first, *more = statement.split(",")
        decl = parse_decl(first)
        fields.append(decl)
        for declarator in more:
            extra = parse_decl(f"{decl.base} {declarator}")
            extra.base_const = decl.base_const
            fields.append(extra)
    return fields


def parse_header(text: str) -> Header:
    """Reads the declarations of a header written in ghostframe.h's style."""
    header = Header()
    text = re.sub(r"\\\n", " ", text)  # macro line continuations
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    for name, body in re.findall(r"^[ \t]*#[ \t]*define[ \t]+(GF_\w+)(?![\w(])[ \t]*(.*)$", text, flags=re.M):
        header.macros[name] = body.strip()
    # C++ guards (extern "C" { ... }) are not C declarations.
    text = re.sub(r"#\s*ifdef\s+__cplusplus.*?#\s*endif", " ", text, flags=re.S)
    text = re.sub(r"^[ \t]*#[^\n]*", " ", text, flags=re.M)

    def take_struct(match: "re.Match[str]") -> str:
        tag, body, name = match.groups()
        if tag != name:
            header.unparsed.append(f"typedef struct {tag} {{...}} {name} (tag and name differ)")
        try:
            header.structs[name] = _struct_fields(body)
        except ValueError as exc:
            header.unparsed.append(str(exc))
        return ";"

    text = re.sub(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", take_struct, text, flags=re.S)
    for statement in text.split(";"):
        statement = " ".join(statement.split())
        if not statement:
            continue
        try:
            m = re.fullmatch(r"typedef struct (\w+) (\w+)", statement)
            if m:
                header.opaque.append(m.group(2))
                continue
            m = re.fullmatch(r"typedef (.+?)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)", statement)
            if m:
                ret, params = parse_decl(m.group(1), named=False), _params(m.group(3))
                header.callbacks[m.group(2)] = Function(m.group(2), ret, params)
                continue
            m = re.fullmatch(r"typedef ([\w\s\*]+?) (\w+)", statement)
            if m:
                header.scalar_typedefs[m.group(2)] = parse_decl(m.group(1), named=False)
                continue
            m = re.fullmatch(r"(.+?)\b(gf_\w+)\s*\((.*)\)", statement)
            if m and "(" not in m.group(1):
                ret, params = parse_decl(m.group(1), named=False), _params(m.group(3))
                header.functions[m.group(2)] = Function(m.group(2), ret, params)
                continue
        except ValueError as exc:
            header.unparsed.append(str(exc))
            continue
        header.unparsed.append(statement)
    # Every identifier called like a function must have been read as a prototype (a type such as
    # the gf_status of "typedef gf_status (*gf_x_fn)(...)" is not called).
    called = set(re.findall(r"\b(gf_\w+)\s*\(", text))
    for name in sorted(called - set(header.functions) - set(header.scalar_typedefs)):
        header.unparsed.append(f"{name}(...) (a prototype the parser did not read)")
    return header


def struct_field_comments(text: str, struct: str) -> List[Tuple[List[Decl], str]]:
    """The declarations of ``struct``'s body in a header text (comments kept), each with the
    comment written after it on its line (``""`` when none): ``double anchor_x, anchor_y; /*
    default 0.5, 0.5 */`` gives ``([anchor_x, anchor_y], " default 0.5, 0.5 ")``. A comment on a
    line of its own belongs to no declaration. ValueError when the struct is not there."""
    match = re.search(rf"typedef\s+struct\s+{struct}\s*\{{(.*?)\}}\s*{struct}\s*;", text, flags=re.S)
    if match is None:
        raise ValueError(f"no typedef struct {struct} {{...}} {struct}; in the header")
    comments: List[str] = []

    def hold(found: "re.Match[str]") -> str:
        comments.append(found.group(1))
        return f" @{len(comments) - 1}@ "

    # Comments become placeholders first, so a ';' inside one does not end a declaration.
    body = re.sub(r"/\*(.*?)\*/", hold, match.group(1), flags=re.S)
    body = re.sub(r"//([^\n]*)", hold, body)
    found: List[Tuple[List[Decl], str]] = []
    for declaration in re.finditer(r"([^;]*);[ \t]*(?:@(\d+)@)?", body):
        statement = re.sub(r"@\d+@", " ", declaration.group(1))
        if statement.strip():
            beside = comments[int(declaration.group(2))] if declaration.group(2) else ""
            found.append((_struct_fields(statement), beside))
    return found


# ---------------------------------------------------------------------------------------
# What the compiler says
# ---------------------------------------------------------------------------------------


@dataclass
class Layout:
    """The compiler's answers about a header."""

    structs: Dict[str, Tuple[int, int]] = field(default_factory=dict)  # name -> (sizeof, alignof)
    fields: Dict[Tuple[str, str], Tuple[int, int]] = field(default_factory=dict)  # -> (offset, size)
    integers: Dict[str, Tuple[int, bool]] = field(default_factory=dict)  # type -> (size, signed)
    not_integers: List[str] = field(default_factory=list)
    constants: Dict[str, Any] = field(default_factory=dict)


def _base_names(header: Header) -> List[str]:
    decls: List[Decl] = [d for fs in header.structs.values() for d in fs]
    for fn in list(header.functions.values()) + list(header.callbacks.values()):
        decls += [fn.ret, *fn.params]
    known = set(header.structs) | set(header.opaque) | set(header.callbacks) | _BUILTIN
    return sorted({d.base for d in decls} - known)


def c_program(header: Header) -> str:
    """A C program printing the layout facts of `header`, one tab-separated line each."""
    lines = [
        "#include <stdio.h>",
        "#include <stddef.h>",
        "#include <stdint.h>",
        '#include "ghostframe.h"',
        "int main(void) {",
    ]
    for name, fields in header.structs.items():
        lines.append(f'printf("struct\\t{name}\\t%zu\\t%zu\\n", sizeof({name}), (size_t)_Alignof({name}));')
        for decl in fields:
            lines.append(
                f'printf("field\\t{name}\\t{decl.name}\\t%zu\\t%zu\\n", offsetof({name}, {decl.name}), '
                f"sizeof((({name} *)0)->{decl.name}));"
            )
    for base in _base_names(header):
        # (T)1 / 2 is 0 only for an integer type; (T)-1 < 0 only for a signed one.
        lines.append(
            f'printf("type\\t{base}\\t%zu\\t%d\\t%d\\n", sizeof({base}), '
            f"(int)((({base})1 / 2) == 0), (int)((({base})-1) < ({base})0));"
        )
    for name, body in header.macros.items():
        if body.startswith('"'):
            lines.append(f'printf("string\\t{name}\\t%s\\n", {name});')
        else:
            lines.append(f'printf("integer\\t{name}\\t%lld\\n", (long long)({name}));')
    lines += ["return 0;", "}"]
    return "\n".join(lines) + "\n"


def compiler() -> Optional[str]:
    for candidate in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    return None


def measure(header_path: str, header: Header, workdir: str) -> Layout:
    """Compiles and runs c_program(header) against the header at header_path."""
    cc = compiler()
    if cc is None:  # the callers skip before this
        raise RuntimeError("no C compiler")
    source = os.path.join(workdir, "header_facts.c")
    exe = os.path.join(workdir, "header_facts")
    with open(source, "w", encoding="utf-8") as f:
        f.write(c_program(header))
    build = subprocess.run(
        [cc, "-std=c11", "-I", os.path.dirname(os.path.abspath(header_path)), "-o", exe, source],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if build.returncode != 0:
        raise AssertionError(
            f"the generated layout program does not compile against {header_path}:\n{build.stderr}"
        )
    out = subprocess.run([exe], capture_output=True, text=True, check=True, timeout=60).stdout
    layout = Layout()
    for line in out.splitlines():
        kind, name, *rest = line.split("\t")
        if kind == "struct":
            layout.structs[name] = (int(rest[0]), int(rest[1]))
        elif kind == "field":
            layout.fields[(name, rest[0])] = (int(rest[1]), int(rest[2]))
        elif kind == "type":
            if rest[1] == "1":
                layout.integers[name] = (int(rest[0]), rest[2] == "1")
            else:
                layout.not_integers.append(name)
        elif kind == "integer":
            layout.constants[name] = int(rest[0])
        elif kind == "string":
            layout.constants[name] = rest[0] if rest else ""
    return layout


def resolve(decl: Decl, header: Header, layout: Layout, as_return: bool = False) -> Tuple[Any, ...]:
    """The type tuple of a declarator, with integer widths and signedness from the compiler."""
    base = decl.base
    if as_return and base == "gf_status" and decl.stars == 0:
        t: Tuple[Any, ...] = STATUS
    elif base == "void":
        t = VOID
    elif base == "char":
        t = ("char", decl.base_const)
    elif base == "double":
        t = ("float", 8)
    elif base == "float":
        t = ("float", 4)
    elif base in header.structs or base in header.opaque:
        t = ("struct", base)
    elif base in header.callbacks:
        cb = header.callbacks[base]
        t = ("fnptr", resolve(cb.ret, header, layout), tuple(resolve(p, header, layout) for p in cb.params))
    elif base in layout.integers:
        size, signed = layout.integers[base]
        t = ("int", size, signed)
    else:
        t = ("unmapped", base)
    for _ in range(decl.stars):
        t = ("ptr", t)
    if decl.array is not None:
        t = ("array", t, decl.array)
    return t


# ---------------------------------------------------------------------------------------
# The comparisons
# ---------------------------------------------------------------------------------------


def compare_struct(name: str, fields: Sequence[Decl], header: Header, layout: Layout, py: Any) -> List[str]:
    """Problems with the ctypes Structure `py` as the header's struct `name`."""
    if not (isinstance(py, type) and issubclass(py, Structure)):
        return [f"{name}: the binding's counterpart is {py!r}, not a ctypes Structure"]
    problems = []
    c_names = [d.name for d in fields]
    py_names = [f[0] for f in py._fields_]
    if c_names != py_names:
        missing = [n for n in c_names if n not in py_names]
        extra = [n for n in py_names if n not in c_names]
        problems.append(
            f"{name}: fields differ: header {c_names}, ctypes {py_names}"
            + (f" (missing in ctypes: {missing})" if missing else "")
            + (f" (not in the header: {extra})" if extra else "")
        )
    for decl in fields:
        if not hasattr(py, decl.name):
            continue
        offset, size = layout.fields[(name, decl.name)]
        descriptor = getattr(py, decl.name)
        if (descriptor.offset, descriptor.size) != (offset, size):
            problems.append(
                f"{name}.{decl.name}: header offset {offset} size {size}, "
                f"ctypes offset {descriptor.offset} size {descriptor.size}"
            )
        py_type = dict(py._fields_)[decl.name]
        problems += compare_types(resolve(decl, header, layout), ctypes_type(py_type), f"{name}.{decl.name}")
    size, align = layout.structs[name]
    if ctypes.sizeof(py) != size:
        problems.append(f"{name}: header sizeof {size}, ctypes sizeof {ctypes.sizeof(py)}")
    if ctypes.alignment(py) != align:
        problems.append(f"{name}: header alignment {align}, ctypes alignment {ctypes.alignment(py)}")
    return problems


def compare_function(
    fn: Function,
    restype: Any,
    argtypes: Sequence[Any],
    header: Header,
    layout: Layout,
    erased: Collection[Tuple[str, str]],
) -> List[str]:
    """Problems with declaring the header's `fn` with these ctypes restype and argtypes;
    ``erased`` names the (function, parameter) pairs that may be c_void_p."""
    ret = resolve(fn.ret, header, layout, as_return=True)
    problems = compare_types(ret, ctypes_type(restype), f"{fn.name} return")
    if len(argtypes) != len(fn.params):
        names = ", ".join(p.name or "?" for p in fn.params)
        return problems + [
            f"{fn.name}: the header has {len(fn.params)} parameters ({names}), "
            f"the binding {len(argtypes)} argtypes"
        ]
    for decl, py in zip(fn.params, argtypes):
        problems += compare_types(
            resolve(decl, header, layout),
            ctypes_type(py),
            f"{fn.name}({decl.name})",
            erased_ok=(fn.name, decl.name) in erased,
        )
    return problems


def compare_constants(
    macros: Dict[str, Any],
    python: Dict[str, Tuple[str, Any]],
    counterparts: Dict[str, Tuple[str, Callable[[], Any]]],
    omitted: Dict[str, str],
) -> List[str]:
    """Problems between the header's macro values and the binding's constants."""
    problems = []
    for name, value in sorted(macros.items()):
        if name in python:
            where, py_value = python[name]
        elif name in counterparts:
            where, getter = counterparts[name]
            py_value = getter()
        elif name in omitted:
            continue
        else:
            problems.append(
                f"{name} = {value!r}: no Python counterpart (add it, or list it in OMITTED_CONSTANTS)"
            )
            continue
        if name in omitted:
            problems.append(
                f"{name}: listed in OMITTED_CONSTANTS but the binding has {where}; drop the entry"
            )
        if py_value != value or type(py_value) is not type(value):
            problems.append(f"{name}: header {value!r}, binding {where} = {py_value!r}")
    for name, (where, _) in sorted(python.items()):
        if name not in macros:
            problems.append(f"{where}: the header has no {name}")
    for name in sorted((set(counterparts) | set(omitted)) - set(macros)):
        problems.append(f"{name}: an allow-list entry for a macro the header does not define")
    return problems
