"""Ghostframe over a real Qt screen: a feed whose skeleton is walked from its own widgets.

A 375 x 667 PySide6 screen (an avatar, a name, a handle, a Follow button, a wrapped bio, a
search field, a row of chips in a scroll area, and a list of stories) starts empty, as it would
while its data loads. ``ghostframe.qt.SkeletonOverlay`` covers it with the skeleton of its own
widget tree, shimmering, painted with QPainter every frame; when the data arrives (after
``--data-at`` seconds) the screen fills in and the overlay's end fade reveals it, then the
overlay removes itself.

    python examples/python/qt_feed.py                  # a window (needs a display)
    QT_QPA_PLATFORM=offscreen python examples/python/qt_feed.py \\
        --screenshot 0.5:skeleton.png --screenshot 2.5:content.png --quit-at 2.6

Options:
    --data-at T          when the data arrives, in seconds (default 2)
    --screenshot T:PATH  save the window at time T (PNG); repeatable
    --quit-at T          quit at time T (default: never; closing the window quits)

Needs PySide6 (``pip install 'ghostframe[qt]'``).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Dict, List, Optional, Tuple

from PySide6 import QtCore, QtGui, QtWidgets

import ghostframe.qt as gfqt

W, H = 375, 667
STORIES = [
    ("Note G: computing Bernoulli numbers", "3 min read"),
    ("The engine weaves algebraic patterns", "5 min read"),
    ("On the poetry of science", "2 min read"),
    ("Letters to Babbage", "8 min read"),
    ("Flying machines", "4 min read"),
    ("A sketch of the Analytical Engine", "12 min read"),
    ("Translator's notes", "6 min read"),
    ("Music from numbers", "3 min read"),
    ("The Difference Engine", "7 min read"),
    ("Weaving with cards", "4 min read"),
    ("Lectures on mathematics", "9 min read"),
    ("A calculus of the nervous system", "5 min read"),
]
BIO = "Writes notes on the Analytical Engine, the first programs, and the poetry of numbers."
FONT = "DejaVu Sans"


def _pixmap(size: int, colour: str) -> QtGui.QPixmap:
    pixmap = QtGui.QPixmap(size, size)
    pixmap.fill(QtGui.QColor(colour))
    return pixmap


class FeedScreen(QtWidgets.QWidget):
    """The feed: laid out with its placeholders (what the skeleton is made from) until
    :meth:`fill` puts the data in."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("feed")
        self.setFixedSize(W, H)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor("#ffffff"))
        self.setPalette(palette)
        self.setFont(QtGui.QFont(FONT, 10))

        self.avatar = QtWidgets.QLabel(self, objectName="avatar")
        self.avatar.setGeometry(16, 16, 48, 48)
        self.avatar.setPixmap(_pixmap(48, "#8cadd0"))
        self.avatar.setStyleSheet("border-radius: 24px;")

        self.name = QtWidgets.QLabel("Ada Lovelace", self, objectName="name")
        self.name.setFont(QtGui.QFont(FONT, 13, QtGui.QFont.Weight.Bold))
        self.name.setGeometry(76, 16, 180, 24)
        self.handle = QtWidgets.QLabel("@ada", self, objectName="handle")
        self.handle.setGeometry(76, 42, 80, 18)
        self.handle.setProperty("skeleton", {"adjust": "reducedWidth(30)"})

        self.follow = QtWidgets.QPushButton("Follow", self, objectName="follow")
        self.follow.setGeometry(283, 16, 76, 32)
        self.follow.setStyleSheet("QPushButton { border-radius: 8px; background: #3478f6; color: white; }")

        self.bio = QtWidgets.QLabel(BIO, self, objectName="bio")
        self.bio.setWordWrap(True)
        self.bio.setAlignment(QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.AlignmentFlag.AlignTop)
        self.bio.setGeometry(16, 76, 280, 60)

        self.search = QtWidgets.QLineEdit(self, objectName="search")
        self.search.setPlaceholderText("Search the feed")
        self.search.setGeometry(16, 146, 343, 32)
        self.search.setStyleSheet("QLineEdit { border: 1px solid #cccccc; border-radius: 10px; padding: 0 8px; }")

        self.chips = QtWidgets.QScrollArea(self, objectName="chips")
        self.chips.setGeometry(16, 188, 343, 32)
        self.chips.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.chips.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chips.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        strip = QtWidgets.QWidget(objectName="chip-strip")
        strip.setFixedSize(5 * 98 - 8, 32)
        for k, text in enumerate(["Recent", "Popular", "Engines", "Looms", "Bernoulli"]):
            chip = QtWidgets.QPushButton(text, strip, objectName=f"chip-{k + 1}")
            chip.setGeometry(k * 98, 0, 90, 32)
            chip.setStyleSheet("QPushButton { border-radius: 16px; background: #eef1f6; }")
        self.chips.setWidget(strip)
        self.chips.horizontalScrollBar().setValue(40)

        self.advert = QtWidgets.QLabel("An advert the skeleton leaves out", self, objectName="advert")
        self.advert.setGeometry(16, 230, 343, 40)
        self.advert.setStyleSheet("background: #ffe9a8;")
        self.advert.setProperty("skeleton", "ignore")
        self.hidden_note = QtWidgets.QLabel("Not shown", self, objectName="hidden-note")
        self.hidden_note.setGeometry(16, 230, 100, 20)
        self.hidden_note.hide()

        self.stories = QtWidgets.QListWidget(self, objectName="stories")
        self.stories.setGeometry(0, 280, W, H - 280)
        self.stories.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.stories.setIconSize(QtCore.QSize(40, 40))
        self.stories.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._placeholder_rows(1)

    def _placeholder_rows(self, count: int) -> None:
        """Rows of the size real ones have, so the skeleton's cells match them."""
        self.stories.clear()
        for k in range(count):
            item = QtWidgets.QListWidgetItem(QtGui.QIcon(_pixmap(40, "#a3c4f3")), "Story title placeholder")
            item.setSizeHint(QtCore.QSize(W, 56))
            self.stories.addItem(item)

    def fill(self) -> None:
        """The data arrives."""
        self.stories.clear()
        for title, meta in STORIES:
            item = QtWidgets.QListWidgetItem(QtGui.QIcon(_pixmap(40, "#a3c4f3")), f"{title}\n{meta}")
            item.setSizeHint(QtCore.QSize(W, 56))
            self.stories.addItem(item)


def _shots(values: List[str]) -> List[Tuple[float, str]]:
    out = []
    for value in values:
        when, _, path = value.partition(":")
        try:
            out.append((float(when), path))
        except ValueError:
            raise SystemExit(f"qt_feed: --screenshot wants T:PATH, got {value!r}") from None
    return sorted(out)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-at", type=float, default=2.0, metavar="T")
    parser.add_argument("--screenshot", action="append", default=[], metavar="T:PATH")
    parser.add_argument("--quit-at", type=float, default=None, metavar="T")
    args = parser.parse_args(argv)
    shots = _shots(args.screenshot)

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv[:1])
    screen = FeedScreen()
    screen.show()
    overlay = gfqt.SkeletonOverlay(screen, style={"animation": "shimmer"})
    overlay.start()
    clock = QtCore.QElapsedTimer()
    clock.start()
    state: Dict[str, bool] = {"filled": False}

    def tick() -> None:
        t = clock.nsecsElapsed() / 1e9
        if not state["filled"] and t >= args.data_at:
            state["filled"] = True
            screen.fill()
            overlay.end()
        while shots and t >= shots[0][0]:
            _, path = shots.pop(0)
            screen.grab().save(path)
            print(f"qt_feed: {path} at {t:.2f} s")
        if args.quit_at is not None and t >= args.quit_at:
            app.quit()

    timer = QtCore.QTimer()
    timer.timeout.connect(tick)
    timer.start(10)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
