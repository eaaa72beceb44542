#!/usr/bin/env python3
"""The layout of every public struct of ghostframe.h against the committed baseline (CTest ``abi_layout``).

Finds every ``typedef struct NAME { ... } NAME;`` block of the header and the parts it includes, in
the order the preprocessor reads them (scripts/header_text.py; new structs and parts need no change
here), writes a C program that prints each struct's size and alignment and each member's offset and
size, compiles it against the header with the C compiler given, runs it, and compares its output
with the baseline (``Include/abi-layout.txt``). Any difference (a member moved, resized, added or
removed, a struct added or gone) fails, as a missing symbol fails ``abi_check``.

    check_abi_layout.py --cc cc [--header Include/ghostframe.h] [--baseline Include/abi-layout.txt]
    check_abi_layout.py --cc cc --update      # `make abi-baseline`: rewrite the baseline

Lines starting with ``#`` in the baseline are comments and are not compared.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from header_text import expanded

ROOT = Path(__file__).resolve().parent.parent
STRUCT = re.compile(r"typedef\s+struct\s+(\w+)\s*\{([^{}]*)\}\s*(\w+)\s*;", re.S)
FUNCTION_POINTER = re.compile(r"\(\s*\*\s*(?:const\s+)?(\w+)\s*\)\s*\(")
DECLARATOR = re.compile(r"(\w+)\s*((?:\[[^\]]*\]\s*)*)$")
BANNER = """\
# The layout of every public struct of Include/ghostframe.h: size and alignment of each struct, offset
# and size of each member, in bytes, as the C compiler lays them out on LP64 Linux. CTest abi_layout
# (scripts/check_abi_layout.py) compares the header with this file; a difference is an ABI change.
# Regenerate it only for a deliberate one (`make abi-baseline`), and say so in CHANGELOG.md.
"""


def strip_comments(text: str) -> str:
    """The header without /* */ and // comments (string literals in struct bodies do not occur)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def members(body: str, struct: str) -> list[str]:
    """The member names of one struct body, in order."""
    names: list[str] = []
    for declaration in body.split(";"):
        declaration = " ".join(declaration.split())
        if not declaration:
            continue
        if declaration.startswith("#"):
            raise SystemExit(f"abi_layout: {struct}: a preprocessor line inside the struct; extend the generator")
        pointer = FUNCTION_POINTER.search(declaration)
        if pointer:
            names.append(pointer.group(1))
            continue
        if ":" in declaration:
            raise SystemExit(f"abi_layout: {struct}: bit-field {declaration!r}; offsetof cannot take it, extend the generator")
        # `double x, y` / `const char *const *layers` / `double colors[16]`: the first declarator
        # follows the type; the others follow commas.
        for index, declarator in enumerate(declaration.split(",")):
            match = DECLARATOR.search(declarator.strip())
            if match is None or (index == 0 and match.start() == 0):
                raise SystemExit(f"abi_layout: {struct}: cannot read the member(s) of {declaration!r}")
            names.append(match.group(1))
    return names


def structs(header: Path) -> list[tuple[str, list[str]]]:
    """Every typedef'd struct with a body, in header order (the parts expanded where included)."""
    found = []
    for tag, body, name in STRUCT.findall(strip_comments(expanded(header))):
        if tag != name:
            raise SystemExit(f"abi_layout: typedef struct {tag} {{...}} {name}: the tag and name differ")
        found.append((name, members(body, name)))
    if not found:
        raise SystemExit(f"abi_layout: no `typedef struct NAME {{ ... }} NAME;` in {header}")
    return found


def program(header: Path, found: list[tuple[str, list[str]]]) -> str:
    """A C99 program printing the layout table."""
    lines = [
        "#include <stddef.h>",
        "#include <stdio.h>",
        f'#include "{header.resolve()}"',
        "#define ALIGN(T) offsetof(struct { char c; T t; }, t)",
        "#define MEMBER(T, m) printf(\"  %-28s offset %4zu size %4zu\\n\", #m, offsetof(T, m), sizeof(((T *)0)->m))",
        "int main(void) {",
    ]
    for name, names in found:
        lines.append(f'    printf("{name} size %zu align %zu\\n", sizeof({name}), ALIGN({name}));')
        lines.extend(f"    MEMBER({name}, {member});" for member in names)
    lines += ["    return 0;", "}", ""]
    return "\n".join(lines)


def table(cc: str, header: Path) -> str:
    """The layout table the compiler gives."""
    found = structs(header)
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "abi_layout.c"
        binary = Path(work) / "abi_layout"
        source.write_text(program(header, found), encoding="utf-8")
        compile_command = [*shlex.split(cc), "-std=c99", "-Wall", "-Werror", "-o", str(binary), str(source)]
        result = subprocess.run(compile_command, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"abi_layout: {' '.join(compile_command)} failed:\n{result.stderr}")
        return subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout


def compared(text: str) -> list[str]:
    """The lines that are compared: all but comments and blank lines."""
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="the C compiler (may hold flags)")
    parser.add_argument("--header", type=Path, default=ROOT / "Include" / "ghostframe.h")
    parser.add_argument("--baseline", type=Path, default=ROOT / "Include" / "abi-layout.txt")
    parser.add_argument("--update", action="store_true", help="rewrite the baseline from the header")
    args = parser.parse_args()

    actual = table(args.cc, args.header)
    count = sum(1 for line in actual.splitlines() if not line.startswith(" "))
    if args.update:
        args.baseline.write_text(BANNER + actual, encoding="utf-8")
        print(f"abi_layout: wrote {args.baseline} ({count} structs)")
        return 0
    if not args.baseline.is_file():
        print(f"abi_layout: no baseline {args.baseline}; create it with `make abi-baseline`", file=sys.stderr)
        return 1
    expected = compared(args.baseline.read_text(encoding="utf-8"))
    got = compared(actual)
    if expected == got:
        print(f"abi_layout: the {count} structs of {args.header.name} match {args.baseline.name}")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        [line + "\n" for line in expected], [line + "\n" for line in got],
        fromfile=f"{args.baseline} (committed)", tofile=f"{args.header} (compiled now)"))
    print(f"abi_layout: FAIL: the layout of the header's structs differs from {args.baseline}.\n"
          "  A struct a released library shares with hosts changed size or moved a member: hosts built\n"
          "  against the old header would read the wrong bytes. If that is not intended, undo it (add\n"
          "  new members at the end of a struct that carries struct_size). If it is, update the\n"
          "  baseline deliberately with `make abi-baseline`, and record the change in CHANGELOG.md.",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
