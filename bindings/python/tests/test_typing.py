"""The package is typed (``py.typed``, ``Typing :: Typed``): ``mypy --strict`` finds nothing in
it, and a user's code gets the types the overloads promise (``Scene.sample`` with ``out=``
returns that array's type; without, the structured array ``gf.StatesArray``, not a union: issue 30;
``sample_list`` a list of LayerState; ``sample_range`` and ``threads=`` alike).

Runs mypy from the repository root with the configuration of pyproject.toml ([tool.mypy]), on
the source package; skipped against an installed package (the same source was checked) and
outside the repository.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest

from _support import PACKAGE_ROOT, find_repository, is_testing_installed

pytestmark = pytest.mark.skipif(is_testing_installed(), reason="the source package is type-checked, not the copy")

USER_CODE = '''
import numpy as np
import ghostframe as gf

scene = gf.Scene()
out = np.empty(4, dtype=gf.LAYER_STATE_DTYPE)
reveal_type(scene.sample(0.5, out=out))
reveal_type(scene.sample(0.5))
reveal_type(gf.Curve("ease-in").eval_many(np.zeros(3)))
reveal_type(gf.Curve("ease-in").eval_many([0.1, 0.2]))
reveal_type(scene.sample_range(0.5, 0, 2, out=out))
reveal_type(scene.sample_range(0.5, 0, 2))
reveal_type(scene.sample(0.5, out=out, threads=2))
reveal_type(scene.sample_list(0.5))
reveal_type(scene.sample_buffer())
# The names __init__ takes from errors.__all__ and plugins.__all__ are public to mypy too.
from ghostframe import InvalidArgumentError, Plugin, register_curve
kinds: list[type] = [gf.InvalidArgumentError, gf.Plugin, InvalidArgumentError, Plugin, gf.MisuseError]
hooks = [register_curve, gf.unregister_curve, gf.load_plugin]
'''


def test_mypy_strict_is_clean_and_the_overloads_hold(tmp_path) -> None:
    repo = find_repository()
    if repo is None:
        pytest.skip("not inside the Ghostframe repository (pyproject.toml's [tool.mypy])")
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: `make setup` installs scripts/requirements-dev.txt")
    user = tmp_path / "user_code.py"
    user.write_text(textwrap.dedent(USER_CODE))
    package = os.path.join(PACKAGE_ROOT, "ghostframe")
    env = dict(os.environ, MYPYPATH=PACKAGE_ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", os.path.join(repo, "pyproject.toml"), package, str(user)],
        capture_output=True, text=True, cwd=repo, env=env, timeout=600,
    )
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert errors == [], "\n".join(errors)
    revealed = re.findall(r'Revealed type is "(.*)"', proc.stdout)
    assert len(revealed) == 9, proc.stdout
    with_out, without, eval_array, eval_list, range_out, range_without, threads_out, as_list, buffer = revealed
    assert with_out.startswith("numpy.ndarray["), with_out      # the type of `out`, not a union
    # Without out: the structured array, not a union with a list (issue 30).
    assert without == "numpy.ndarray[Any, numpy.dtype[numpy.void]]", without
    assert as_list.startswith(("builtins.list[", "list[")) and as_list.endswith("fallback=ghostframe._states.LayerState]]"), as_list
    assert buffer == without, buffer
    assert eval_array.startswith("numpy.ndarray["), eval_array
    assert eval_list in ("builtins.list[builtins.float]", "list[float]"), eval_list
    assert range_out == with_out == threads_out, (range_out, threads_out)  # sample_range, threads=: as sample
    assert range_without == without, range_without
