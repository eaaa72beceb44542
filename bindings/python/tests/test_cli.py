"""The ``ghostframe`` command line's manners: one-line failures with exit status 2 (no
library, a missing or refused tree, no Pillow), its name, ``--help`` with examples, and
the progress bar (only on a terminal) fed by ``preview(progress=...)``.

Subprocesses run ``python -m ghostframe``: the console script may not be installed.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time

import pytest

from _support import CLI_TREE as TREE, package_without_library, subprocess_env

# Runs main() with the progress bar's one-second delay at 0, so a quick render draws it.
NO_DELAY = "import sys, ghostframe.__main__ as cli; cli.PROGRESS_DELAY = 0; sys.exit(cli.main(sys.argv[1:]))"


def run(*args, env=None, **overrides):
    return subprocess.run([sys.executable, "-m", "ghostframe", *map(str, args)], capture_output=True,
                          text=True, env=env or subprocess_env(PYTHONWARNINGS="ignore", **overrides), timeout=300)


def one_line(stderr: str) -> str:
    """The single line of stderr, asserting there is exactly one and no traceback."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.fixture
def tree_file(tmp_path):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(TREE))
    return path


# ---------------------------------------------------------------------------------------
# No library
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["preview", "tree.json", "-o", "x.gif"], ["--version"], []])
def test_no_library_is_one_line_and_exit_2(tmp_path, args):
    missing = tmp_path / "nowhere" / "libghostframe.so"
    proc = run(*args, GHOSTFRAME_LIBRARY=str(missing), PYTHONPATH=package_without_library(tmp_path))
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line(proc.stderr)
    # The bundled library (absent from the source package), then the one named: the line shows that one.
    assert line.startswith("ghostframe: libghostframe.so not found (tried 2 places; $GHOSTFRAME_LIBRARY: "), line
    assert str(missing) in line and "no such file" in line and "GHOSTFRAME_LIBRARY" in line


def test_no_library_library_users_keep_the_import_error(tmp_path):
    # Only the command line is spared the traceback: `import ghostframe` still raises.
    missing = tmp_path / "libghostframe.so"
    env = subprocess_env(GHOSTFRAME_LIBRARY=str(missing), PYTHONPATH=package_without_library(tmp_path))
    code = "try:\n    import ghostframe\nexcept ImportError as x:\n    print(type(x).__name__, len(x.attempts))\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "LibraryNotFoundError 2"  # the bundled library, then the one named


@pytest.mark.parametrize(
    "argv, orig_argv, expected",
    [
        (["/usr/local/bin/ghostframe"], ["python3", "/usr/local/bin/ghostframe"], True),  # console script
        (["C:\\Python\\Scripts\\ghostframe.exe"], None, True),
        (["-m"], ["python3", "-m", "ghostframe", "preview"], True),
        (["-m"], ["python3", "-X", "dev", "-W", "ignore", "-I", "-m", "ghostframe"], True),
        (["-m"], ["python3", "-Bmghostframe"], True),
        (["-m"], ["python3", "-m", "ghostframe.__main__"], True),
        (["-m"], None, True),  # Python 3.9: no sys.orig_argv, argv[0] is "-m" while -m imports
        (["-m"], ["python3", "-m", "pytest"], False),
        (["-m"], ["python3", "-m", "ghostframe_tools"], False),
        (["app.py"], ["python3", "app.py", "-m", "ghostframe"], False),
        (["-c"], ["python3", "-c", "import ghostframe", "-m", "ghostframe"], False),
        (["app.py"], None, False),
        ([""], ["python3"], False),  # the interactive interpreter
        ([], None, False),
    ],
)
def test_is_command_line(argv, orig_argv, expected):
    from ghostframe._cli_guard import is_command_line

    assert is_command_line(argv, orig_argv) is expected


def test_friendly_message_is_one_line():
    from ghostframe._cli_guard import friendly_message
    from ghostframe.errors import ABIVersionError, LibraryNotFoundError

    exc = LibraryNotFoundError("could not load libghostframe.so; tried:\n  a\n  b\nhint",
                               ["beside the package: /p/libghostframe.so (no such file)", "b", "c"])
    message = friendly_message(exc)
    assert "\n" not in message
    assert message.startswith("ghostframe: libghostframe.so not found (tried 3 places; first beside the package: "
                              "/p/libghostframe.so (no such file))")
    message = friendly_message(ABIVersionError("/x/libghostframe.so", 1, 2))
    assert "\n" not in message and message.startswith("ghostframe: cannot use libghostframe.so: /x/libghostframe.so")
    assert "ABI version 2" in message


# ---------------------------------------------------------------------------------------
# Trees: missing, refused
# ---------------------------------------------------------------------------------------


def test_missing_tree_file(tmp_path):
    path = tmp_path / "missing.json"
    proc = run("preview", path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2 and proc.stdout == ""
    assert one_line(proc.stderr) == f"ghostframe preview: {path}: no such file"


def test_a_folder_is_not_a_tree(tmp_path):
    proc = run("preview", tmp_path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2
    assert one_line(proc.stderr) == f"ghostframe preview: {tmp_path}: is a folder, not a document file"


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda t: t["root"].update(frame=[0, 0, "wide", 100]), "root.frame[2]: "),
        (lambda t: t["root"]["children"][1].update(cornerRadius="big"), "root.children[1].cornerRadius"),
        (lambda t: t.update(viewport=[120]), "viewport"),
    ],
)
def test_bad_value_names_the_file_and_the_json_path(tmp_path, change, where):
    tree = json.loads(json.dumps(TREE))
    change(tree)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(tree))
    proc = run("preview", path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line(proc.stderr)
    assert line.startswith(f"ghostframe preview: {path}: {where}"), line
    assert not (tmp_path / "x.gif").exists()


def test_no_pillow_is_one_line_and_exit_2(tmp_path, tree_file):
    # A PIL package that cannot be imported, ahead of the real one on the path.
    (tmp_path / "PIL").mkdir()
    (tmp_path / "PIL" / "__init__.py").write_text("raise ImportError('Pillow hidden by the test')\n")
    env = subprocess_env(PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = str(tmp_path) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = run("preview", tree_file, "-o", tmp_path / "x.gif", env=env)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line(proc.stderr)
    assert line.startswith("ghostframe preview: ") and "pip install Pillow" in line


def test_no_skia_is_one_line_and_exit_2(tmp_path, tree_file):
    # A skia module that cannot be imported, ahead of the real one on the path.
    (tmp_path / "skia.py").write_text("raise ImportError('skia-python hidden by the test')\n")
    env = subprocess_env(PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = str(tmp_path) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = run("preview", tree_file, "-o", tmp_path / "x.gif", env=env)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line(proc.stderr)
    assert line.startswith("ghostframe preview: ") and "pip install skia-python" in line
    assert "skia-python hidden by the test" in line and "GF_E_" not in line
    assert not (tmp_path / "x.gif").exists()


def test_missing_skia_is_a_ghostframe_error_and_an_import_error(monkeypatch):
    import sys

    import ghostframe as gf
    from ghostframe.preview import Renderer

    monkeypatch.setitem(sys.modules, "skia", None)  # `import skia` now raises ImportError
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    with pytest.raises(gf.MissingDependencyError, match="pip install skia-python") as caught:
        Renderer(scene)
    assert isinstance(caught.value, ImportError) and isinstance(caught.value, gf.NotFoundError)


# ---------------------------------------------------------------------------------------
# Name and help
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command, examples",
    [
        ([], ["ghostframe preview feed -o feed.gif", "--strip 6", "--layout", "staggers.webp",
              "ghostframe gallery", "packaged examples"]),
        (["preview"], ["ghostframe preview feed -o feed.gif", "--strip 6", "--layout", "--end-at 1",
                       "-o frame.png --at 0.5", "chain.webp", "seed-array.mp4", "output formats",
                       "packaged examples"]),
        (["gallery"], ["ghostframe gallery\n", "ghostframe gallery -o", "--trees"]),
    ],
)
def test_help_shows_examples(command, examples):
    proc = run(*command, "--help")
    assert proc.returncode == 0, proc.stderr
    usage = " ".join(["usage: ghostframe", *command])
    assert proc.stdout.startswith(usage)
    assert "examples:\n" in proc.stdout and "exit status: 0 ok; 2 on any failure" in proc.stdout
    for example in examples:
        assert example in proc.stdout, example


def test_the_program_is_called_ghostframe(tree_file):
    proc = run("preview", tree_file, "-o", "x.gif", "--fps", "0")
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: ghostframe preview ") and "ghostframe preview: error: argument --fps" in proc.stderr
    assert "__main__" not in proc.stderr and "python" not in proc.stderr


# ---------------------------------------------------------------------------------------
# Progress
# ---------------------------------------------------------------------------------------


@pytest.fixture
def preview_module():
    pytest.importorskip("PIL")
    from ghostframe import preview

    return preview


def test_progress_is_called_after_each_frame(preview_module, tmp_path):
    calls = []
    result = preview_module.preview(TREE, tmp_path / "x.gif", fps=10, duration=1,
                                    progress=lambda done, total: calls.append((done, total)))
    assert result.frames == 10
    assert calls == [(k, 10) for k in range(1, 11)]  # increasing, ending at (total, total)


def test_progress_with_a_strip(preview_module, tmp_path):
    calls = []
    preview_module.preview(TREE, tmp_path / "x.png", strip=4, progress=lambda *a: calls.append(a))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_progress_must_be_callable(preview_module, tmp_path):
    with pytest.raises(TypeError, match="progress"):
        preview_module.preview(TREE, tmp_path / "x.gif", progress=3)
    assert not (tmp_path / "x.gif").exists()  # refused before any work


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_bar_waits_a_second_then_draws_and_clears():
    from ghostframe.__main__ import _ProgressBar

    stream, clock = _Stream(tty=True), _Clock()
    bar = _ProgressBar(stream, clock=clock)
    bar(1, 40)
    assert stream.getvalue() == ""  # a quick render stays quiet
    clock.now += 1.0
    bar(12, 40)
    assert stream.getvalue() == "\r[#########.....................] 12/40 frames"
    bar(40, 40)
    assert stream.getvalue().endswith("\r[##############################] 40/40 frames")
    bar.finish()
    assert stream.getvalue().endswith("\r" + " " * len("[##############################] 40/40 frames") + "\r")


def test_progress_bar_is_off_when_not_a_terminal():
    from ghostframe.__main__ import _ProgressBar

    stream = _Stream(tty=False)
    bar = _ProgressBar(stream, delay=0)
    for k in range(1, 6):
        bar(k, 5)
    bar.finish()
    assert stream.getvalue() == ""


def test_no_bar_when_stderr_is_piped(tree_file, tmp_path):
    pytest.importorskip("PIL")
    env = subprocess_env(PYTHONWARNINGS="ignore")
    args = ["preview", str(tree_file), "-o", str(tmp_path / "x.gif"), "--fps", "10", "--duration", "1"]
    proc = subprocess.run([sys.executable, "-c", NO_DELAY, *args], capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr and proc.stderr == ""
    proc = run(*args)  # and the real command line
    assert proc.returncode == 0 and "\r" not in proc.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_bar_on_a_terminal(tree_file, tmp_path):
    pytest.importorskip("PIL")
    import select

    master, slave = os.openpty()
    args = ["preview", str(tree_file), "-o", str(tmp_path / "x.gif"), "--fps", "10", "--duration", "1"]
    try:
        proc = subprocess.Popen([sys.executable, "-c", NO_DELAY, *args], stdout=subprocess.PIPE,
                                stderr=slave, env=subprocess_env(PYTHONWARNINGS="ignore"))
    finally:
        os.close(slave)
    seen = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1.0)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, seen
    stderr = seen.decode()
    assert "\r[###" in stderr and "] 10/10 frames" in stderr
    assert stderr.endswith("\r") and stderr.rsplit("\r", 2)[-2].strip() == ""  # the line is cleared
    assert out.decode().startswith("wrote ")
