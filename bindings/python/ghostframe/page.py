"""Skeletons from a web page: the page's DOM walked into a view tree (docs/toolkits.md).

Playwright (``pip install playwright``) drives the system's Chromium (Debian's
``chromium-headless-shell`` or ``chromium``, started from its path: nothing is downloaded).
The walk runs in the page and reads what the browser laid out: the boxes of elements, the
lines of text (``Range.getClientRects()``), border radii, scroll offsets.

>>> tree = from_page("examples/pages/feed.html", viewport=(375, 667))   # doctest: +SKIP
>>> scene = ghostframe.skeleton(tree)                                    # doctest: +SKIP

Several pages through one browser (a browser takes about a second to start):

>>> with PageBrowser() as browser:                                       # doctest: +SKIP
...     feed = browser.tree("feed.html")
...     card = browser.tree("https://example.org/", viewport=(1280, 800))

Errors: :class:`~ghostframe.MissingDependencyError` (an ImportError) when Playwright or the
browser is missing, :class:`PageLoadError` (an OSError) when the page cannot be loaded or
walked, :class:`~ghostframe.InvalidArgumentError` for bad arguments and for what the page's
``data-skeleton-*`` attributes hold that is not valid.
"""

from __future__ import annotations

import os
import shutil
from types import TracebackType
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Type, Union
from urllib.parse import urlparse
from urllib.request import pathname2url

from ._page_walk import WALK_SCRIPT
from .errors import GF_E_NOT_FOUND, MissingDependencyError, argument_type_error, invalid_argument

__all__ = ["from_page", "PageBrowser", "PageLoadError", "find_browser", "page_url", "DEFAULT_VIEWPORT", "BROWSERS"]

#: The viewport :func:`from_page` lays pages out in, CSS pixels: a phone, as the examples.
DEFAULT_VIEWPORT: Tuple[int, int] = (375, 667)
#: The browsers looked for on PATH, in order (``GHOSTFRAME_BROWSER`` names another).
BROWSERS: Tuple[str, ...] = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
_PLAYWRIGHT = "pip install playwright (or pip install 'ghostframe[page]')"


class PageLoadError(OSError):
    """The page could not be loaded (no such file, a network error, a timeout) or walked."""


def find_browser(executable: Optional[str] = None) -> str:
    """The Chromium to drive: ``executable`` if given, else ``$GHOSTFRAME_BROWSER``, else the
    first of :data:`BROWSERS` on PATH.

    Raises:
        MissingDependencyError: none found (an ImportError; the message says what to install).
    """
    wanted = executable or os.environ.get("GHOSTFRAME_BROWSER")
    if wanted:
        found = shutil.which(wanted)
        if found is None:
            raise MissingDependencyError(GF_E_NOT_FOUND, f"the browser {wanted!r} is not an executable")
        return found
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise MissingDependencyError(
        GF_E_NOT_FOUND,
        "no Chromium found (looked for " + ", ".join(BROWSERS) + "): apt-get install chromium-headless-shell, "
        "or set GHOSTFRAME_BROWSER",
    )


def page_url(source: Union[str, "os.PathLike[str]"]) -> str:
    """A URL for ``source``: a URL (``http:``, ``https:``, ``file:``, ``data:``, ``about:``) as it
    is, else a path to an HTML file as a ``file:`` URL.

    Raises:
        FileNotFoundError (a PageLoadError too): a path that does not exist.
    """
    if not isinstance(source, (str, os.PathLike)):
        raise argument_type_error(f"source must be a URL or a path, not {type(source).__name__}")
    text = os.fspath(source)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    scheme = urlparse(text).scheme.lower()
    if scheme in ("http", "https", "file", "data", "about"):
        return text
    if not os.path.isfile(text):
        what = "is a folder, not a page" if os.path.isdir(text) else "no such file"
        raise PageLoadError(2, what, text)
    return "file://" + pathname2url(os.path.abspath(text))


def _viewport(viewport: Any) -> Tuple[int, int]:
    if isinstance(viewport, (str, bytes)) or viewport is None:
        raise argument_type_error(f"viewport must be (width, height), not {type(viewport).__name__}")
    try:
        width, height = viewport
    except (TypeError, ValueError):
        raise invalid_argument(f"viewport must be (width, height), got {viewport!r}") from None
    out = []
    for value in (width, height):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise argument_type_error(f"viewport sizes must be numbers, got {viewport!r}")
        if not 1 <= value <= 16384 or int(value) != value:
            raise invalid_argument(f"viewport sizes must be whole CSS pixels in 1...16384, got {viewport!r}")
        out.append(int(value))
    return out[0], out[1]


def _style(style: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    if style is None:
        return {}
    if not isinstance(style, Mapping):
        raise argument_type_error(f"style must be a dict of the view tree's style keys, not {type(style).__name__}")
    from .skeleton import style_key

    return {style_key(str(k)): v for k, v in style.items()}


def _playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise MissingDependencyError(GF_E_NOT_FOUND, f"skeletons from pages need Playwright: {_PLAYWRIGHT}") from None
    return sync_playwright


class PageBrowser:
    """A headless Chromium driven by Playwright, for walking pages into view trees.

    Args:
        executable: the browser's path or name (default :func:`find_browser`).
        timeout: seconds a page may take to load (and its fonts), 30 by default.

    A context manager: leaving the ``with`` block closes the browser; so does :meth:`close`.

    Raises:
        MissingDependencyError: Playwright or the browser is missing.
        PageLoadError: the browser would not start.
    """

    def __init__(self, executable: Optional[str] = None, *, timeout: float = 30.0) -> None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < 1e6:
            raise invalid_argument(f"timeout must be a number of seconds > 0, got {timeout!r}")
        self.timeout = float(timeout)
        self.executable = find_browser(executable)
        start = _playwright()
        self._manager: Any = start()
        self._playwright = self._manager.start()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=self.executable, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--hide-scrollbars"],
                timeout=self.timeout * 1000, env=_browser_environment(),
            )
        except Exception as exc:  # Playwright's Error: the browser did not start
            self._manager.__exit__(None, None, None)
            raise PageLoadError(f"{self.executable} did not start: {_first_line(exc)}") from None
        self._closed = False

    def __enter__(self) -> "PageBrowser":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def close(self) -> None:
        """Closes the browser (a second call does nothing)."""
        if getattr(self, "_closed", True):
            return
        self._closed = True
        try:
            self._browser.close()
        finally:
            self._manager.__exit__(None, None, None)

    def open(self, source: Union[str, "os.PathLike[str]"], viewport: Sequence[int] = DEFAULT_VIEWPORT) -> Any:
        """Loads ``source`` (a URL or an HTML file) in a new Playwright page of ``viewport``
        CSS pixels at device scale 1, waits for its fonts, and returns the page (close it with
        ``page.close()``)."""
        if self._closed:
            raise invalid_argument("the browser is closed")
        url = page_url(source)
        width, height = _viewport(viewport)
        page = self._browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        try:
            page.set_default_timeout(self.timeout * 1000)
            page.goto(url, wait_until="load")
            page.evaluate("() => document.fonts.ready.then(() => true)")
        except Exception as exc:
            page.close()
            raise PageLoadError(f"{source}: {_first_line(exc)}") from None
        return page

    def walk(self, page: Any, *, style: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """The view tree of a page already loaded (:meth:`open`, or any Playwright page)."""
        try:
            result = page.evaluate(WALK_SCRIPT, {"style": _style(style)})
        except Exception as exc:
            raise PageLoadError(f"the walk failed in the page: {_first_line(exc)}") from None
        problems: List[str] = list(result.get("problems") or [])
        if problems:
            raise invalid_argument(problems[0])
        tree: Dict[str, Any] = result["tree"]
        return tree

    def tree(self, source: Union[str, "os.PathLike[str]"], *, viewport: Sequence[int] = DEFAULT_VIEWPORT,
             style: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """The view tree of the page at ``source`` laid out in ``viewport``: a dict in the view
        tree format (docs/view-tree-format.md), ``style`` as its global style level."""
        style = _style(style)
        page = self.open(source, viewport)
        try:
            return self.walk(page, style=style)
        finally:
            page.close()

    def screenshot(self, source: Union[str, "os.PathLike[str]"], path: Union[str, "os.PathLike[str]"], *,
                   viewport: Sequence[int] = DEFAULT_VIEWPORT) -> None:
        """Saves what ``source`` shows in ``viewport`` as a PNG (the viewport only)."""
        page = self.open(source, viewport)
        try:
            page.screenshot(path=os.fspath(path), animations="disabled")
        except Exception as exc:
            raise PageLoadError(f"{source}: the screenshot failed: {_first_line(exc)}") from None
        finally:
            page.close()


def from_page(source: Union[str, "os.PathLike[str]"], *, viewport: Sequence[int] = DEFAULT_VIEWPORT,
              style: Optional[Mapping[str, Any]] = None, browser: Optional[str] = None,
              timeout: float = 30.0) -> Dict[str, Any]:
    """The view tree of a web page: ``source`` (a URL or an HTML file) laid out by Chromium in
    ``viewport`` = ``(width, height)`` CSS pixels and walked by the rules of docs/toolkits.md.

    ``ghostframe.skeleton(from_page(...))`` is the page's skeleton. ``style`` is the tree's
    global style (``{"animation": "shimmer"}``); ``browser`` the Chromium to use (default
    :func:`find_browser`); ``timeout`` the seconds the page may take to load.

    Raises:
        MissingDependencyError: Playwright or the browser is missing (an ImportError).
        PageLoadError: the page cannot be loaded or walked (an OSError).
        InvalidArgumentError: a bad argument, or a ``data-skeleton-*`` attribute of the page
            that holds no valid value (the message names the element).
    """
    viewport = _viewport(viewport)
    style = _style(style)
    with PageBrowser(browser, timeout=timeout) as chromium:
        return chromium.tree(source, viewport=viewport, style=style)


def _browser_environment() -> Dict[str, str]:
    """The browser's environment: this process's, less a sanitizer runtime preloaded into it
    (the sanitizer runs of the tests preload ASan into Python; Chromium, not built for it, would
    not start)."""
    env = dict(os.environ)
    preload = [p for p in env.get("LD_PRELOAD", "").split() if not any(s in os.path.basename(p)
                                                                        for s in ("asan", "tsan", "ubsan"))]
    if preload:
        env["LD_PRELOAD"] = " ".join(preload)
    else:
        env.pop("LD_PRELOAD", None)
    return env


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return " ".join(text.splitlines()[0].split())
