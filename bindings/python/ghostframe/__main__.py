"""``ghostframe`` (also ``python3 -m ghostframe``): render view trees' skeletons, scenes and
timelines to GIF, APNG, WebP or MP4 animations, PNG frames and PNG strips.

    ghostframe preview DOCUMENT -o OUT [--scale S] [--fps F] [--duration D] [--layout]
                       [--strip N | --at T] [--end-at T] [--stage SCENE.json] [--images DIR]
                       [--plugin PATH ...]
    ghostframe gallery [-o DIR] [--trees DIR] [--timelines DIR] [--scale S] [--fps F] [--duration D]
                       [--layout] [--plugin PATH ...]
    ghostframe page URL_OR_FILE -o TREE.json [--html SHELL.html] [--viewport W,H] [--style JSON]
                    [--browser PATH] [--timeout S]
    ghostframe export DOCUMENT [--lottie OUT.json] [--html OUT.html] [--svg OUT.svg]
                      [--duration S] [--fps N] [--stage SCENE.json] [--plugin PATH ...]
    ghostframe --version
    ghostframe [COMMAND] --help         (with examples, and the packaged examples' names)

``DOCUMENT`` is a view tree, a scene or a timeline (played on its stage, by default
``stages/NAME.json`` beside it), recognised by its content (:mod:`ghostframe._documents`), or
the name of an example that comes with the package (``ghostframe preview feed``). ``OUT``'s
extension chooses the format: ``.gif``, ``.apng``, ``.webp`` and ``.mp4`` (the ``video``
extra) are animations; ``.png`` is one still image, the frame at ``--at T`` or a strip of
``--strip N`` frames, and needs one of them.

``export`` writes the same documents (a view tree's skeleton, a scene, a timeline on its stage)
as Lottie, HTML or SVG for other toolkits' players (docs/exports.md).

``--plugin PATH`` (repeatable) loads a plugin library first (``gf_plugin_load``), so the trees
may use the curves, skeleton effects and node kinds it registers; a plugin that cannot be
loaded is a failure (``ghostframe preview: PATH: <message>``).

Exit status: 0 on success, 2 on any failure, reported as one line on stderr without a
traceback: a bad option, an unknown output extension, a missing document file, a document the
library refuses (the line is ``ghostframe preview: FILE: <message>``, and the message names
the JSON path of the problem, e.g. ``root.frame[3]: expected a number, found a string``), a
file that cannot be read or written, skia-python, Pillow or (for ``.mp4``) imageio-ffmpeg not
installed, libghostframe.so not found. That last one happens when the package is imported,
before :func:`main` runs, so it is reported by ``ghostframe/_cli_guard.py``. An interrupted
render (Ctrl-C) exits with 130.

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
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple, cast

if TYPE_CHECKING:
    from .documents import ViewTreeDocument

from . import _cli_guard
from ._documents import EXAMPLE_FOLDERS, bundled_examples, find_examples
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
  {PROG} preview feed -o feed.gif
      the skeleton of the feed example as an animated GIF: one effect cycle at 20 fps
  {PROG} preview card -o card.png --strip 6
      a PNG strip: 6 frames side by side
  {PROG} preview staggers -o staggers.webp
      a timeline played on its stage, as an animated WebP
  {PROG} preview feed -o feed.apng --layout --scale 2
      an animated PNG, the real layout drawn faintly behind the bones, 2 pixels per point
  {PROG} gallery -o gallery
      every example tree and timeline to gallery/NAME.gif"""

_PREVIEW_EXAMPLES = f"""\
examples:
  {PROG} preview feed -o feed.gif
      an animated GIF of one effect cycle at 20 fps
  {PROG} preview card -o card.png --strip 6
      a PNG strip: 6 frames side by side, spread over the cycle
  {PROG} preview feed -o feed.gif --layout --scale 2
      with the real layout drawn faintly behind the bones, 2 pixels per point
  {PROG} preview feed -o end.apng --end-at 1
      the skeleton fading out at 1 s, revealing the real layout, as an animated PNG
  {PROG} preview feed -o frame.png --at 0.5
      the one frame at 0.5 s
  {PROG} preview chain -o chain.webp
      a scene: its whole animation and half a second at rest, as an animated WebP
  {PROG} preview seed-array -o seed-array.mp4
      a timeline on its stage (stages/seed-array.json beside it) as an MP4 video
      (needs imageio-ffmpeg: pip install 'ghostframe[video]')"""

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
exit status: 0 ok; 2 on any failure, told in one line on stderr (a bad option, an
unknown output extension, a missing file, a document the library refuses: the line
names the file and the JSON path of the problem; Pillow, skia-python, imageio-ffmpeg
for .mp4, or libghostframe.so not installed)"""

#: What ``-o`` writes, by extension.
_FORMATS = """\
output formats, chosen by OUT's extension:
  .gif .apng .webp   the animation (GIF: exact colours; APNG and WebP: lossless)
  .mp4               the animation as H.264 video (pip install 'ghostframe[video]')
  .png               one still image: the frame at --at T, or --strip N frames
                     side by side (a .png needs one of them; .apng is the animation)"""

_KIND_TITLES = {"trees": "view trees", "scenes": "scenes", "timelines": "timelines"}


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
    return bundled_examples()


def _example_documents() -> Dict[str, Tuple[str, str]]:
    """The examples reachable by name: ``{name: (folder, path)}`` (:func:`find_examples`) of
    the checkout's examples folder, else of the one the installed package carries."""
    return find_examples(_examples(_repository()))


def _examples_help() -> str:
    """The --help paragraph that lists the examples by name."""
    found = _example_documents()
    if not found:
        return "packaged examples: none found (neither a checkout's examples/ nor the package's)"
    lines = ["packaged examples (give the name instead of a file):"]
    for folder in EXAMPLE_FOLDERS:
        names = [name for name, (where, _) in found.items() if where == folder]
        if names:
            title = _KIND_TITLES.get(folder, folder) + ":"
            lines.append(_wrapped(f"  {title:<12}", ", ".join(names)))
    return "\n".join(lines)


def _wrapped(head: str, text: str, width: int = 78) -> str:
    """``head`` then ``text``, wrapped at ``width`` with the continuation lines indented under it."""
    lines: List[str] = []
    line = head
    for word in text.split(" "):
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += word + " "
    lines.append(line.rstrip())
    return "\n".join(lines)


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
                             "labels as grey lines; view trees)")
    if not gallery:
        parser.add_argument("--strip", type=_positive(int, "--strip"), default=None, metavar="N",
                            help="write a .png of N frames side by side (spread over the duration) "
                                 "instead of the animation")
        parser.add_argument("--at", type=_non_negative, default=None, metavar="T",
                            help="write only the frame at time T, as a .png (what a live host's "
                                 "screenshot at T is compared with)")
        parser.add_argument("--end-at", type=_non_negative, default=None, metavar="T", dest="end_at",
                            help="fade the skeleton out from time T (0.2 s), showing the real layout "
                                 "(view trees)")
        parser.add_argument("--stage", default=None, metavar="SCENE.json",
                            help="the scene a timeline plays on (default: stages/NAME.json beside "
                                 "the timeline NAME.json)")
        parser.add_argument("--images", default=None, metavar="DIR",
                            help="the folder where placeholder(name) images are files (default: the "
                                 "document's folder); a missing image is drawn as a glyph")
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
        description="Ghostframe: render view trees' skeletons, scenes and timelines to GIF, APNG,\n"
                    "WebP or MP4 animations, PNG frames and PNG strips.",
        epilog=f"{_EXAMPLES}\n\n{_examples_help()}\n\n{_EXIT_STATUS}\n\n"
               f"'{PROG} COMMAND --help' shows a command's options.",
    )
    parser.add_argument("--version", action="store_true", help="print the library and package versions")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    preview = commands.add_parser(
        "preview", help="render a view tree's skeleton, a scene or a timeline to an animation or a PNG",
        formatter_class=raw,
        description="Renders a view tree's skeleton, a scene, or a timeline on its stage, sampled at\n"
                    "t = i / fps, to the animation OUT's extension names, or to one PNG: the frame at\n"
                    "--at T, or --strip N frames side by side. The document is recognised by its\n"
                    "content: a view tree has \"root\", a scene \"format\": \"ghostframe-scene\", a\n"
                    "timeline \"timeline\".",
        epilog=f"{_FORMATS}\n\n{_PREVIEW_EXAMPLES}\n\n{_examples_help()}\n\n{_EXIT_STATUS}")
    preview.add_argument("document", metavar="DOCUMENT",
                         help="a view tree, a scene or a timeline (a JSON file), or the name of a "
                              "packaged example (listed below)")
    preview.add_argument("-o", "--output", required=True, metavar="OUT",
                         help="the file to write: .gif, .apng, .webp or .mp4 (the animation), or .png "
                              "(with --at or --strip)")
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
    _add_page_command(commands)

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
    export.add_argument("input", metavar="DOCUMENT",
                        help="a view tree, a scene or a timeline document, or a packaged example's name")
    export.add_argument("--stage", default=None, metavar="SCENE.json",
                        help="the scene a timeline plays on (default: stages/NAME.json beside it)")
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


def _viewport_option(text: str) -> Tuple[int, int]:
    parts = text.replace("x", ",").split(",")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--viewport must be W,H in whole CSS pixels, got {text!r}") from None
    if not (1 <= width <= 16384 and 1 <= height <= 16384):
        raise argparse.ArgumentTypeError(f"--viewport sizes must be in 1...16384, got {text!r}")
    return width, height


_PAGE_EXAMPLES = f"""\
examples:
  {PROG} page examples/pages/feed.html -o feed-tree.json
      the page's view tree at 375 x 667; then: {PROG} preview feed-tree.json -o feed.gif
  {PROG} page https://example.org/ -o tree.json --viewport 1280,800 --style '{{"animation": "shimmer"}}'
      a page from the web, laid out at 1280 x 800, its skeleton shimmering
  {PROG} page feed.html -o tree.json --html shell.html
      with the skeleton as a self-contained HTML/CSS shell to show before the data arrives"""


def _add_page_command(commands: Any) -> None:
    raw = argparse.RawDescriptionHelpFormatter
    page = commands.add_parser(
        "page", help="walk a web page's DOM into a view tree (and an HTML skeleton shell)",
        formatter_class=raw,
        description="Loads a page (a URL or an HTML file) in Chromium through Playwright, walks its\n"
                    "DOM into a view tree by the rules of docs/toolkits.md (images, buttons, text\n"
                    "fields, lists, text lines, radii, scroll offsets; data-skeleton-* attributes)\n"
                    "and writes it as JSON. Needs playwright (pip) and Debian's chromium or\n"
                    "chromium-headless-shell (GHOSTFRAME_BROWSER or --browser names another).",
        epilog=f"{_PAGE_EXAMPLES}\n\n{_EXIT_STATUS}")
    page.add_argument("source", metavar="URL_OR_FILE", help="the page: an http(s)/file URL or an HTML file")
    page.add_argument("-o", "--output", required=True, metavar="TREE.json", help="the view tree to write")
    page.add_argument("--html", default=None, metavar="SHELL.html",
                      help="also write the skeleton as a self-contained HTML/CSS shell (the exporters' "
                           "Scene.to_html)")
    page.add_argument("--viewport", type=_viewport_option, default=(375, 667), metavar="W,H",
                      help="the viewport in CSS pixels (default 375,667)")
    page.add_argument("--style", default=None, metavar="JSON",
                      help="the tree's global style, a JSON object: '{\"animation\": \"shimmer\"}'")
    page.add_argument("--browser", default=None, metavar="PATH",
                      help="the Chromium to drive (default: $GHOSTFRAME_BROWSER, else "
                           "chromium-headless-shell or chromium on PATH)")
    page.add_argument("--timeout", type=_positive(float, "--timeout"), default=30.0, metavar="S",
                      help="seconds the page may take to load (default 30)")


def _run_page(args: argparse.Namespace) -> int:
    import json

    import ghostframe as gf

    from .page import from_page

    style = None
    if args.style is not None:
        try:
            style = json.loads(args.style)
        except ValueError as exc:
            raise _UserError(f"--style is not JSON: {exc}") from None
        if not isinstance(style, dict):
            raise _UserError("--style must be a JSON object of style keys")
    for path, option in ((args.output, "-o"), (args.html, "--html")):
        if path is None:
            continue
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise _UserError(f"{path}: no such folder {folder} ({option})")
    if args.html is not None and not hasattr(gf.Scene, "to_html"):
        raise _UserError("--html needs the exporters (Scene.to_html), which this ghostframe lacks")
    started = time.perf_counter()
    try:
        tree = from_page(args.source, viewport=args.viewport, style=style, browser=args.browser,
                         timeout=args.timeout)
    except ImportError as exc:  # MissingDependencyError: Playwright or the browser
        raise _UserError(getattr(exc, "message", None) or str(exc)) from None
    with gf.skeleton(cast("ViewTreeDocument", tree)) as scene:  # the tree must be one the library takes
        layers = json.loads(scene.to_json()).get("layers", [])
        bones = sum(1 for layer in layers if str(layer.get("id", "")).startswith("bone:"))
        shell = getattr(scene, "to_html")() if args.html is not None else None
    with open(args.output, "w", encoding="utf-8") as out:
        json.dump(tree, out, indent=1, ensure_ascii=False)
        out.write("\n")
    if shell is not None:
        data = bytes(shell) if isinstance(shell, (bytes, bytearray)) else str(shell).encode("utf-8")
        with open(args.html, "wb") as shell_file:
            shell_file.write(data)
    also = f" and {args.html}" if args.html is not None else ""
    width, height = args.viewport
    print(f"wrote {args.output}{also} ({width} x {height}, {bones} bone layers) in "
          f"{time.perf_counter() - started:.2f} s")
    return EXIT_OK


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def _refusal(exc: GhostframeError) -> str:
    """A refused tree's message: the library's, which starts with the JSON path."""
    text = exc.message or str(exc)
    if isinstance(exc, InternalError):  # not the user's fault: say so
        text += f" ({exc.status_name}: a bug in Ghostframe, please report it)"
    return text


def _document_source(argument: str) -> str:
    """The file ``preview DOCUMENT`` names: the file itself when it exists, else the packaged
    example of that name (a bare name such as ``feed``)."""
    if os.path.isdir(argument):
        raise _UserError(f"{argument}: is a folder, not a document file")
    if os.path.isfile(argument):
        return argument
    examples = _example_documents()
    if argument in examples:
        return examples[argument][1]
    if os.sep in argument or (os.altsep or os.sep) in argument or argument.lower().endswith(".json"):
        raise _UserError(f"{argument}: no such file")
    names = ", ".join(examples) if examples else "none found"
    raise _UserError(f"{argument}: no such file, nor a packaged example (the examples: {names})")


def _run_preview(args: argparse.Namespace) -> int:
    from ._documents import load_document
    from .preview import load_imageio_ffmpeg, output_format, preview

    source = _document_source(args.document)
    folder = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(folder):
        raise _UserError(f"{args.output}: no such folder {folder}")
    if args.at is not None and args.strip is not None:
        raise _UserError("--at and --strip cannot be combined")
    try:  # the extension chooses the format: checked before anything is read or drawn
        output_format(args.output, still=args.at is not None or args.strip is not None,
                      options=("--at T", "--strip N"))
    except GhostframeError as exc:
        raise _UserError(exc.message) from None
    if os.path.splitext(args.output)[1].lower() == ".mp4":
        try:
            load_imageio_ffmpeg()
        except ImportError as exc:
            raise _UserError(getattr(exc, "message", None) or str(exc)) from None
    if args.stage is not None and os.path.isdir(args.stage):
        raise _UserError(f"{args.stage}: is a folder, not a scene file (--stage)")
    if args.stage is not None and not os.path.isfile(args.stage):
        raise _UserError(f"{args.stage}: no such file (--stage)")
    with load_document(source, stage=args.stage) as document:
        if document.kind != "tree":
            what = "a scene" if document.kind == "scene" else "a timeline"
            if args.layout:
                raise _UserError(f"{args.document}: --layout draws a view tree's real views, and this is {what}")
            if args.end_at is not None:
                raise _UserError(f"{args.document}: --end-at fades a skeleton out, and this is {what}")
        bar = _ProgressBar()
        try:
            result = preview(
                document, args.output, scale=args.scale, fps=args.fps, duration=args.duration,
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
    from ._documents import load_document

    outputs = [(fmt, path) for fmt, path in (("lottie", args.lottie), ("html", args.html), ("svg", args.svg)) if path]
    if not outputs:
        raise _UserError("nothing to write: give --lottie, --html or --svg")
    source = _document_source(args.input)
    for _, path in outputs:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise _UserError(f"{path}: no such folder {folder}")
    if args.stage is not None and not os.path.isfile(args.stage):
        raise _UserError(f"{args.stage}: no such file (--stage)")
    with load_document(source, stage=args.stage) as document:
        kind = {"tree": "view tree", "scene": "scene", "timeline": "timeline"}[document.kind]
        with document.to_scene() as scene:
            for fmt, path in outputs:
                result = scene.export(fmt, duration=args.duration, fps=args.fps)
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(result.text)
                baked = (f", {result.baked_properties} baked at {result.fps:g} fps (largest error {result.max_error:.3g})"
                         if result.baked_properties else "")
                print(f"wrote {path} ({fmt} of the {kind}, {result.duration:g} s{' looping' if result.loops else ''}, "
                      f"{_size(len(result.text.encode('utf-8')))}, {result.exact_properties} animated properties "
                      f"exact{baked})")
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
        if command not in ("page", "export"):  # Pillow and skia-python: pages and exports draw nothing
            from .preview import check_dependencies

            check_dependencies()
    except ImportError as exc:  # MissingDependencyError: its message names the package
        return _fail(command, getattr(exc, "message", None) or str(exc))
    for path in getattr(args, "plugins", []):
        try:
            ghostframe.load_plugin(path)  # stays loaded until the process ends
        except GhostframeError as exc:
            return _fail(command, f"{path}: {exc.message or exc}")
    document = getattr(args, "document", None) or getattr(args, "input", None)
    where = f"{document}: " if document else ""
    try:
        if command == "preview":
            return _run_preview(args)
        if command == "page":
            return _run_page(args)
        if command == "export":
            return _run_export(args)
        return _run_gallery(args)
    except GhostframeError as exc:  # a refused document: `ghostframe preview: FILE: <JSON path>: ...`
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
