"""``ghostframe`` (also ``python3 -m ghostframe``): render view trees' skeletons to GIFs and PNG strips.

    ghostframe preview TREE.json -o OUT.gif [--scale S] [--fps F] [--duration D] [--layout]
                       [--strip N] [--end-at T] [--images DIR] [--plugin PATH ...]
    ghostframe gallery [-o DIR] [--trees DIR] [--timelines DIR] [--scale S] [--fps F] [--duration D]
                       [--layout] [--plugin PATH ...]
    ghostframe export INPUT.json [--lottie OUT.json] [--html OUT.html] [--svg OUT.svg]
                      [--duration S] [--fps N] [--plugin PATH ...]

``export`` writes a view tree's skeleton, a scene or a timeline (on its stage, stages/NAME.json
beside it), recognised by its content, as Lottie, HTML or SVG (docs/exports.md).

``--plugin PATH`` (repeatable) loads a plugin library first (``gf_plugin_load``), so the trees
may use the curves, skeleton effects and node kinds it registers; a plugin that cannot be
loaded is a failure (``ghostframe preview: PATH: <message>``).
    ghostframe --version
    ghostframe [COMMAND] --help         (with examples)

Exit status: 0 on success, 2 on any failure, reported as one line on stderr without a
traceback: a bad option, a missing tree file, a tree the library refuses (the line is
``ghostframe preview: FILE: <message>``, and the message names the JSON path of the
problem, e.g. ``root.frame[3]: expected a number, found a string``), a file that cannot be
read or written, skia-python or Pillow not installed, libghostframe.so not found. That last one happens
when the package is imported, before :func:`main` runs, so it is reported by
``ghostframe/_cli_guard.py``. An interrupted render (Ctrl-C) exits with 130.

A render that takes longer than a second draws a progress bar on stderr
(``[#####.....] 12/40 frames``), only when stderr is a terminal; it is cleared at the end.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import sys
import time
from typing import Any, Callable, Optional, Sequence, TextIO

from . import _cli_guard
from .errors import GhostframeError, InternalError

PROG = _cli_guard.PROG  # the name in messages and usage, however the program was started
EXIT_OK = 0
#: Every failure: bad input and a missing library or Pillow alike (the guard's status too).
EXIT_FAILURE = _cli_guard.EXIT_FAILURE
#: Ctrl-C, as shells report a SIGINT (128 + 2).
EXIT_INTERRUPTED = 130

#: Seconds a render runs before its progress bar appears (so quick renders stay quiet).
PROGRESS_DELAY = 1.0
_BAR_WIDTH = 30

_EXAMPLES = f"""\
examples:
  {PROG} preview examples/trees/feed.json -o feed.gif
      the skeleton of feed.json as an animated GIF: one effect cycle at 20 fps
  {PROG} preview examples/trees/card.json -o card.png --strip 6
      a PNG strip: 6 frames side by side
  {PROG} preview examples/trees/feed.json -o feed.gif --layout --scale 2
      with the real layout drawn faintly behind the bones, 2 pixels per point
  {PROG} gallery -o docs/gallery
      every examples/trees/*.json to docs/gallery/NAME.gif"""

_PREVIEW_EXAMPLES = f"""\
examples:
  {PROG} preview examples/trees/feed.json -o feed.gif
      an animated GIF of one effect cycle at 20 fps
  {PROG} preview examples/trees/card.json -o card.png --strip 6
      a PNG strip: 6 frames side by side, spread over the cycle
  {PROG} preview examples/trees/feed.json -o feed.gif --layout --scale 2
      with the real layout drawn faintly behind the bones, 2 pixels per point
  {PROG} preview examples/trees/feed.json -o end.gif --end-at 1
      the skeleton fading out at 1 s, revealing the real layout
  {PROG} preview examples/plugins/glow.json -o glow.gif --plugin build/libgf_example_plugin.so
      a tree using the example plugin's acme.glow effect and acme.AvatarView node kind"""

_GALLERY_EXAMPLES = f"""\
examples:
  {PROG} gallery
      examples/trees/*.json to docs/gallery/NAME.gif inside the repository; elsewhere the
      examples installed with the package, to ./gallery
  {PROG} gallery -o /tmp/gallery --layout
      elsewhere, with the real layout behind the bones
  {PROG} gallery --trees my/trees -o out --fps 10 --scale 0.5
      your own trees, smaller and quicker"""

_EXIT_STATUS = """\
exit status: 0 ok; 2 on any failure, told in one line on stderr (a bad option, a
missing file, a tree the library refuses: the line names the file and the JSON
path of the problem; Pillow or libghostframe.so not installed)"""


class _UserError(Exception):
    """A problem with what the user asked for: reported on stderr, exit status 2."""


def _positive(kind: type, name: str) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
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
    """The Ghostframe checkout the command works in: the one above the current folder, else the
    one this package's source belongs to (``PYTHONPATH=bindings/python``). An installed package
    belongs to none, even in an environment that lives inside a checkout."""
    found = _find_repository(os.getcwd())
    if found:
        return found
    package = os.path.dirname(os.path.abspath(__file__))
    repo = _find_repository(package)
    if repo and os.path.realpath(os.path.join(repo, "bindings", "python", "ghostframe")) == os.path.realpath(package):
        return repo
    return None


def _examples(repo: Optional[str]) -> Optional[str]:
    """The examples folder: the repository's inside a checkout, else the one an installed
    package carries (ghostframe/examples: trees and timelines, package data of the wheel)."""
    if repo:
        return os.path.join(repo, "examples")
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), "examples")
    return bundled if os.path.isdir(bundled) else None


def _is_terminal(stream: Optional[TextIO]) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
        return False


class _ProgressBar:
    """A one-line progress bar, ``\\r[#####.....] 12/40 frames``, to pass as ``preview(progress=...)``.

    Drawn only when the stream is a terminal (a log file or a pipe gets no ``\\r`` noise),
    and only once ``delay`` seconds have passed since the bar was made, so quick renders
    print nothing. :meth:`finish` clears the line again.
    """

    def __init__(self, stream: Optional[TextIO] = None, *, label: str = "",
                 delay: Optional[float] = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self._stream = sys.stderr if stream is None else stream
        self._on = _is_terminal(self._stream)
        self._label = label
        self._delay = PROGRESS_DELAY if delay is None else delay  # read now, so tests can set it
        self._clock = clock
        self._started = clock()
        self._drawn = 0  # the length of the line on screen, to clear it

    def __call__(self, done: int, total: int) -> None:
        if not self._on or self._clock() - self._started < self._delay:
            return
        filled = min(_BAR_WIDTH, _BAR_WIDTH * done // total) if total > 0 else _BAR_WIDTH
        line = f"{self._label}[{'#' * filled}{'.' * (_BAR_WIDTH - filled)}] {done}/{total} frames"
        self._stream.write("\r" + line.ljust(self._drawn))
        self._stream.flush()
        self._drawn = max(self._drawn, len(line))

    def finish(self) -> None:
        """Clears the bar's line, if it was drawn, so what follows starts on a clean line."""
        if self._drawn:
            self._stream.write("\r" + " " * self._drawn + "\r")
            self._stream.flush()
            self._drawn = 0


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
        parser.add_argument("--at", type=_non_negative, default=None, metavar="T",
                            help="write only the frame at time T, as a PNG (what a live host's "
                                 "screenshot at T is compared with)")
        parser.add_argument("--end-at", type=_non_negative, default=None, metavar="T", dest="end_at",
                            help="fade the skeleton out from time T (0.2 s), showing the real layout")
        parser.add_argument("--images", default=None, metavar="DIR",
                            help="the folder where placeholder(name) images are files (default: the "
                                 "tree's folder); a missing image is drawn as a glyph")
    parser.add_argument("--plugin", action="append", default=[], metavar="PATH", dest="plugins",
                        help="load a plugin library first (repeatable): its curves, skeleton effects "
                             "and node kinds become usable in the trees")
    # Kept so older scripts still run: the renderer draws with Skia and has no numpy backend to turn off.
    parser.add_argument("--no-numpy", action="store_true", dest="no_numpy", help=argparse.SUPPRESS)


def _parser() -> argparse.ArgumentParser:
    # prog is fixed: `python -m ghostframe` would otherwise call itself "__main__.py".
    # RawDescriptionHelpFormatter keeps the examples' lines as written.
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog=PROG,
        formatter_class=raw,
        description="Ghostframe: render the skeleton screens of view trees (docs/view-tree-format.md)\n"
                    "to animated GIFs or PNG strips.",
        epilog=f"{_EXAMPLES}\n\n{_EXIT_STATUS}\n\n'{PROG} COMMAND --help' shows a command's options.",
    )
    parser.add_argument("--version", action="store_true", help="print the library and package versions")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    preview = commands.add_parser(
        "preview", help="render one view tree's skeleton to a GIF (or a PNG strip)",
        formatter_class=raw,
        description="Renders the skeleton of a view tree, sampled at t = i / fps, to an animated GIF,\n"
                    "or with --strip to a PNG of frames side by side.",
        epilog=f"{_PREVIEW_EXAMPLES}\n\n{_EXIT_STATUS}")
    preview.add_argument("tree", metavar="TREE.json", help="the view tree (a JSON file)")
    preview.add_argument("-o", "--output", required=True, metavar="OUT",
                         help="the file to write (.gif, or .png with --strip)")
    _add_render_options(preview, gallery=False)

    gallery = commands.add_parser(
        "gallery", help="render every examples/trees/*.json to DIR/NAME.gif",
        formatter_class=raw,
        description="Renders every view tree of a folder (default: the repository's examples/trees,\n"
                    "or outside a checkout the examples installed with the package)\n"
                    "to NAME.gif in the output folder, and says where they went.",
        epilog=f"{_GALLERY_EXAMPLES}\n\n{_EXIT_STATUS}")
    gallery.add_argument("-o", "--output", default=None, metavar="DIR",
                         help="the output folder (default: docs/gallery of the repository, else ./gallery)")
    gallery.add_argument("--trees", default=None, metavar="DIR",
                         help="the folder of view trees (default: examples/trees of the repository, or "
                              "the package's own examples)")
    gallery.add_argument("--timelines", default=None, metavar="DIR",
                         help="the folder of timelines, each played on stages/NAME.json, written to "
                              "timeline-NAME.gif with the seed's one-liner chain as chain-oneliner.gif, the preload "
                              "overlay as preload.gif and the pull-to-refresh control as pull-to-refresh.gif "
                              "(default: examples/timelines of the repository or the package; 'none' "
                              "skips them)")
    _add_render_options(gallery, gallery=True)

    export = commands.add_parser(
        "export", help="write a view tree's skeleton, a scene or a timeline as Lottie, HTML or SVG",
        formatter_class=raw,
        description="Writes a document other toolkits play (docs/exports.md): a view tree's skeleton, a\n"
                    "scene, or a timeline on its stage (stages/NAME.json beside it), recognised by its content.",
        epilog=f"""examples:
  {PROG} export examples/trees/feed.json --lottie feed.json --html feed.html --svg feed.svg
      the feed skeleton's effect cycle in the three formats
  {PROG} export examples/timelines/staggers.json --lottie staggers.json --fps 30
      a timeline on its stage, baked at 30 fps where Lottie cannot state it

{_EXIT_STATUS}""")
    export.add_argument("input", metavar="INPUT.json", help="a view tree, a scene or a timeline document")
    export.add_argument("--lottie", default=None, metavar="OUT.json", help="write a Lottie (Bodymovin) JSON file")
    export.add_argument("--html", default=None, metavar="OUT.html", help="write a self-contained HTML page")
    export.add_argument("--svg", default=None, metavar="OUT.svg", help="write a standalone SVG")
    export.add_argument("--duration", type=_positive(float, "--duration"), default=None, metavar="S",
                        help="seconds covered (default: one seamless effect cycle, or until the last "
                             "finite animation ends)")
    export.add_argument("--fps", type=_positive(float, "--fps"), default=60.0, metavar="N",
                        help="Lottie's frame rate and the rate of baking (default 60)")
    export.add_argument("--plugin", action="append", default=[], metavar="PATH", dest="plugins",
                        help="load a plugin library first (repeatable)")
    return parser


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def _refusal(exc: GhostframeError) -> str:
    """A refused tree's message: the library's, which starts with the JSON path."""
    text = exc.message or str(exc)
    if isinstance(exc, InternalError):  # not the user's fault: say so
        text += f" ({exc.status_name}: a bug in Ghostframe, please report it)"
    return text


def _run_preview(args: argparse.Namespace) -> int:
    from .preview import preview

    if os.path.isdir(args.tree):
        raise _UserError(f"{args.tree}: is a folder, not a view tree file")
    if not os.path.isfile(args.tree):
        raise _UserError(f"{args.tree}: no such file")
    folder = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(folder):
        raise _UserError(f"{args.output}: no such folder {folder}")
    if args.at is not None and args.strip is not None:
        raise _UserError("--at and --strip cannot be combined")
    if args.at is not None:
        if not args.output.lower().endswith(".png"):
            print(f"{PROG}: note: writing a PNG to {args.output}", file=sys.stderr)
    elif args.strip is None and not args.output.lower().endswith(".gif"):
        print(f"{PROG}: note: writing a GIF to {args.output}", file=sys.stderr)
    bar = _ProgressBar()
    try:
        result = preview(
            args.tree, args.output, scale=args.scale, fps=args.fps, duration=args.duration,
            layout=args.layout, strip=args.strip, end_at=args.end_at, images=args.images, progress=bar,
            at=args.at,
        )
    finally:
        bar.finish()  # before any message, which then starts on a clean line
    if args.at is not None:
        what = f"the frame at {args.at:g} s"
    elif result.kind == "png":
        what = f"{result.frames} frame strip"
    else:
        what = f"{result.frames} frames at {result.fps:g} fps"
    print(f"wrote {result.path} ({result.size[0]} x {result.size[1]}, {what}, {result.duration:g} s, "
          f"{_size(result.bytes)}) in {result.seconds:.2f} s")
    return EXIT_OK


def _run_gallery(args: argparse.Namespace) -> int:
    from .preview import preview

    repo = _repository()
    examples = _examples(repo)
    trees_dir = args.trees or (os.path.join(examples, "trees") if examples else None)
    if trees_dir is None:
        raise _UserError("no --trees folder given, no Ghostframe repository (examples/trees) above the "
                         "current directory, and no examples installed with the package")
    if not os.path.isdir(trees_dir):
        raise _UserError(f"{trees_dir}: no such folder")
    out_dir = args.output or (os.path.join(repo, "docs", "gallery") if repo else "gallery")
    trees = sorted(glob.glob(os.path.join(glob.escape(trees_dir), "*.json")))
    if not trees:
        raise _UserError(f"{trees_dir}: no *.json view trees")
    timelines_dir = args.timelines or (os.path.join(examples, "timelines") if examples else None)
    if timelines_dir == "none":
        timelines_dir = None
    if timelines_dir is not None and not os.path.isdir(timelines_dir):
        raise _UserError(f"{timelines_dir}: no such folder")
    os.makedirs(out_dir, exist_ok=True)
    started = time.perf_counter()
    total = 0
    for path in trees:
        name = os.path.splitext(os.path.basename(path))[0]
        output = os.path.join(out_dir, name + ".gif")
        bar = _ProgressBar(label=f"{name} ")  # one bar per tree
        try:
            result = preview(path, output, scale=args.scale, fps=args.fps, duration=args.duration,
                             layout=args.layout, progress=bar)
        except GhostframeError as exc:  # name the file, as preview does
            raise _UserError(f"{path}: {_refusal(exc)}") from None
        except (ValueError, TypeError) as exc:
            raise _UserError(f"{path}: {exc}") from None
        finally:
            bar.finish()
        total += result.bytes
        print(f"  {output}  {result.size[0]} x {result.size[1]}, {result.frames} frames, "
              f"{result.duration:g} s, {_size(result.bytes)}, {result.seconds:.2f} s")
    count = len(trees)
    if timelines_dir is not None:
        from .motion_gallery import MotionGif, render_motion

        def report(gif: MotionGif) -> None:
            print(f"  {gif.path}  {gif.frames} frames, {gif.duration:g} s, {_size(gif.bytes)}")

        try:
            motion = render_motion(timelines_dir, out_dir, fps=args.fps, scale=args.scale, report=report)
        except GhostframeError as exc:
            raise _UserError(f"{timelines_dir}: {_refusal(exc)}") from None
        total += sum(gif.bytes for gif in motion)
        count += len(motion)
    print(f"wrote {count} GIFs ({_size(total)}) to {out_dir} in {time.perf_counter() - started:.1f} s")
    return EXIT_OK


def _run_export(args: argparse.Namespace) -> int:
    from ._export_input import load_document

    outputs = [(fmt, path) for fmt, path in (("lottie", args.lottie), ("html", args.html), ("svg", args.svg)) if path]
    if not outputs:
        raise _UserError("nothing to write: give --lottie, --html or --svg")
    if os.path.isdir(args.input):
        raise _UserError(f"{args.input}: is a folder, not a document")
    if not os.path.isfile(args.input):
        raise _UserError(f"{args.input}: no such file")
    for _, path in outputs:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise _UserError(f"{path}: no such folder {folder}")
    kind, scene = load_document(args.input)
    for fmt, path in outputs:
        result = scene.export(fmt, duration=args.duration, fps=args.fps)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(result.text)
        baked = (f", {result.baked_properties} baked at {result.fps:g} fps (largest error {result.max_error:.3g})"
                 if result.baked_properties else "")
        print(f"wrote {path} ({fmt} of the {kind}, {result.duration:g} s{' looping' if result.loops else ''}, "
              f"{_size(len(result.text.encode('utf-8')))}, {result.exact_properties} animated properties exact{baked})")
    return EXIT_OK


def _fail(where: str, text: str) -> int:
    """Prints one line, ``ghostframe[ COMMAND]: text``, to stderr; returns the failure status."""
    line = " ".join(str(text).splitlines())  # one line, whatever the message holds
    print(f"{PROG}{' ' + where if where else ''}: {line}", file=sys.stderr)
    return EXIT_FAILURE


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status (0 ok, 2 any failure, 130 interrupted).

    ``argv`` defaults to ``sys.argv[1:]``. Bad options make argparse exit (SystemExit 2)
    with a usage line; ``--help`` exits 0.
    """
    parser = _parser()
    args = parser.parse_args(argv)  # exits 2 with a usage message on bad options
    import ghostframe  # already imported: this module is part of the package

    if args.version:
        print(f"ghostframe {ghostframe.__version__} (library {ghostframe.library_path}, "
              f"ABI {ghostframe.ABI_VERSION})")
        return EXIT_OK
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_FAILURE
    command = args.command
    try:
        if command != "export":  # exports draw nothing
            from .preview import check_dependencies  # Pillow and skia-python are needed from here on

            check_dependencies()
    except ImportError as exc:  # MissingDependencyError: its message names the package
        return _fail(command, getattr(exc, "message", None) or str(exc))
    for path in args.plugins:
        try:
            ghostframe.load_plugin(path)  # stays loaded until the process ends
        except GhostframeError as exc:
            return _fail(command, f"{path}: {exc.message or exc}")
    tree = getattr(args, "tree", None) or getattr(args, "input", None)
    where = f"{tree}: " if tree else ""
    try:
        if command == "preview":
            return _run_preview(args)
        if command == "export":
            return _run_export(args)
        return _run_gallery(args)
    except GhostframeError as exc:  # a refused tree: `ghostframe preview: FILE: <JSON path>: ...`
        return _fail(command, where + _refusal(exc))
    except _UserError as exc:
        return _fail(command, str(exc))
    except OSError as exc:
        detail = exc.strerror or str(exc)
        name = exc.filename if exc.filename is not None else ""
        return _fail(command, f"{name}{': ' if name else ''}{detail}")
    except (ValueError, TypeError) as exc:
        return _fail(command, where + str(exc))
    except KeyboardInterrupt:  # Ctrl-C during a long render: no traceback either
        _fail(command, "interrupted")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
