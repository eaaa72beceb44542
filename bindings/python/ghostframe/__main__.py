"""``python3 -m ghostframe``: render view trees' skeletons to GIFs and PNG strips.

    python3 -m ghostframe preview TREE.json -o OUT.gif [--scale S] [--fps F] [--duration D]
                                  [--layout] [--strip N] [--end-at T]
    python3 -m ghostframe gallery [-o DIR] [--trees DIR] [--scale S] [--fps F] [--layout]
    python3 -m ghostframe --version

Exit status: 0 on success, 2 for bad input (options, a tree the library refuses, a file
that cannot be read or written: the message goes to stderr, without a traceback), 1 when
the environment is missing something (libghostframe.so, Pillow).
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import sys
import time
from typing import Optional, Sequence

EXIT_OK = 0
EXIT_ENVIRONMENT = 1
EXIT_BAD_INPUT = 2

_PROG = "python3 -m ghostframe"


class _UserError(Exception):
    """A problem with what the user asked for: reported on stderr, exit status 2."""


def _positive(kind: type, name: str):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {text!r}") from None
        if not (math.isfinite(value) and value > 0):
            raise argparse.ArgumentTypeError(f"{name} must be > 0, got {text!r}")
        return value

    return parse


def _non_negative(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the time must be a number of seconds, got {text!r}") from None
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"the time must be >= 0, got {text!r}")
    return value


def _find_repository(start: str) -> Optional[str]:
    directory = os.path.abspath(start)
    while True:
        if os.path.isfile(os.path.join(directory, "Package.swift")) and os.path.isdir(
            os.path.join(directory, "examples")
        ):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _repository() -> Optional[str]:
    return _find_repository(os.getcwd()) or _find_repository(os.path.dirname(os.path.abspath(__file__)))


def _add_render_options(parser: argparse.ArgumentParser, *, gallery: bool) -> None:
    parser.add_argument("--scale", type=_positive(float, "--scale"), default=1.0, metavar="S",
                        help="pixels per point (default 1: a 375 x 667 viewport is 375 x 667 pixels)")
    parser.add_argument("--fps", type=_positive(float, "--fps"), default=20.0, metavar="F",
                        help="frames per second (default 20); frame i shows time i / F")
    parser.add_argument("--duration", type=_positive(float, "--duration"), default=None, metavar="D",
                        help="seconds to render (default: one full effect cycle, e.g. 1.5 s for a "
                             "shimmer; with --end-at, until 0.5 s after T)")
    parser.add_argument("--layout", action="store_true",
                        help="draw the real views faintly behind the bones (frames as outlines, "
                             "labels as grey lines)")
    if not gallery:
        parser.add_argument("--strip", type=_positive(int, "--strip"), default=None, metavar="N",
                            help="write a PNG of N frames side by side (spread over the duration) "
                                 "instead of a GIF")
        parser.add_argument("--end-at", type=_non_negative, default=None, metavar="T", dest="end_at",
                            help="fade the skeleton out from time T (0.2 s), showing the real layout")
        parser.add_argument("--images", default=None, metavar="DIR",
                            help="the folder where placeholder(name) images are files (default: the "
                                 "tree's folder); a missing image is drawn as a glyph")
    parser.add_argument("--no-numpy", action="store_true", dest="no_numpy",
                        help="draw with Pillow alone even when numpy is installed")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="Ghostframe: render the skeleton screens of view trees (docs/view-tree-format.md) "
                    "to animated GIFs or PNG strips.",
        epilog="Exit status: 0 ok, 2 bad input (the message names the problem, e.g. the JSON path), "
               "1 missing library or Pillow.",
    )
    parser.add_argument("--version", action="store_true", help="print the library and package versions")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    preview = commands.add_parser(
        "preview", help="render one view tree's skeleton to a GIF (or a PNG strip)",
        description="Renders the skeleton of a view tree, sampled at t = i / fps, to an animated GIF, "
                    "or with --strip to a PNG of frames side by side.")
    preview.add_argument("tree", metavar="TREE.json", help="the view tree (a JSON file)")
    preview.add_argument("-o", "--output", required=True, metavar="OUT",
                         help="the file to write (.gif, or .png with --strip)")
    _add_render_options(preview, gallery=False)

    gallery = commands.add_parser(
        "gallery", help="render every examples/trees/*.json to DIR/NAME.gif",
        description="Renders every view tree of a folder (default: the repository's examples/trees) "
                    "to NAME.gif in the output folder, and says where they went.")
    gallery.add_argument("-o", "--output", default=None, metavar="DIR",
                         help="the output folder (default: docs/gallery of the repository)")
    gallery.add_argument("--trees", default=None, metavar="DIR",
                         help="the folder of view trees (default: examples/trees of the repository)")
    _add_render_options(gallery, gallery=True)
    return parser


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def _run_preview(args: argparse.Namespace) -> int:
    from .preview import preview

    if not os.path.isfile(args.tree):
        raise _UserError(f"{args.tree}: no such file")
    folder = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(folder):
        raise _UserError(f"{args.output}: no such folder {folder}")
    if args.strip is None and not args.output.lower().endswith(".gif"):
        print(f"{_PROG}: note: writing a GIF to {args.output}", file=sys.stderr)
    result = preview(
        args.tree, args.output, scale=args.scale, fps=args.fps, duration=args.duration,
        layout=args.layout, strip=args.strip, end_at=args.end_at,
        use_numpy=False if args.no_numpy else None, images=args.images,
    )
    what = f"{result.frames} frame strip" if result.kind == "png" else f"{result.frames} frames at {result.fps:g} fps"
    print(f"wrote {result.path} ({result.size[0]} x {result.size[1]}, {what}, {result.duration:g} s, "
          f"{_size(result.bytes)}) in {result.seconds:.2f} s")
    return EXIT_OK


def _run_gallery(args: argparse.Namespace) -> int:
    from .preview import preview

    repo = _repository()
    trees_dir = args.trees or (os.path.join(repo, "examples", "trees") if repo else None)
    if trees_dir is None:
        raise _UserError("no --trees folder given and no Ghostframe repository (examples/trees) found "
                         "above the current directory")
    if not os.path.isdir(trees_dir):
        raise _UserError(f"{trees_dir}: no such folder")
    out_dir = args.output or (os.path.join(repo, "docs", "gallery") if repo else "gallery")
    trees = sorted(glob.glob(os.path.join(glob.escape(trees_dir), "*.json")))
    if not trees:
        raise _UserError(f"{trees_dir}: no *.json view trees")
    os.makedirs(out_dir, exist_ok=True)
    started = time.perf_counter()
    total = 0
    for path in trees:
        name = os.path.splitext(os.path.basename(path))[0]
        output = os.path.join(out_dir, name + ".gif")
        try:
            result = preview(path, output, scale=args.scale, fps=args.fps, duration=args.duration,
                             layout=args.layout, use_numpy=False if args.no_numpy else None)
        except ValueError as exc:  # GhostframeError included: name the file
            raise _UserError(f"{path}: {getattr(exc, 'message', None) or exc}") from None
        total += result.bytes
        print(f"  {output}  {result.size[0]} x {result.size[1]}, {result.frames} frames, "
              f"{result.duration:g} s, {_size(result.bytes)}, {result.seconds:.2f} s")
    print(f"wrote {len(trees)} GIFs ({_size(total)}) to {out_dir} in {time.perf_counter() - started:.1f} s")
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)  # exits 2 with a usage message on bad options
    try:
        import ghostframe  # loads libghostframe.so
        from .errors import GhostframeError
    except ImportError as exc:
        print(f"{_PROG}: {exc}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    if args.version:
        print(f"ghostframe {ghostframe.__version__} (library {ghostframe.library_path}, "
              f"ABI {ghostframe.ABI_VERSION})")
        return EXIT_OK
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_BAD_INPUT
    try:
        from .preview import _pil  # Pillow is needed from here on

        _pil()
    except ImportError as exc:
        print(f"{_PROG}: {exc}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    tree = getattr(args, "tree", None)
    try:
        if args.command == "preview":
            return _run_preview(args)
        return _run_gallery(args)
    except GhostframeError as exc:
        where = f"{tree}: " if tree else ""
        print(f"{_PROG} {args.command}: {where}{exc.message or exc} ({exc.status_name})", file=sys.stderr)
    except _UserError as exc:
        print(f"{_PROG} {args.command}: {exc}", file=sys.stderr)
    except OSError as exc:
        detail = exc.strerror or str(exc)
        name = exc.filename if exc.filename is not None else ""
        print(f"{_PROG} {args.command}: {name}{': ' if name else ''}{detail}", file=sys.stderr)
    except (ValueError, TypeError) as exc:
        where = f"{tree}: " if tree else ""
        print(f"{_PROG} {args.command}: {where}{exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
