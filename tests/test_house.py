"""The house rules of the code itself: functions stay short, and a long one says why."""

from __future__ import annotations

import ast
import pathlib

import mahjong_core

PACKAGE = pathlib.Path(mahjong_core.__file__).parent
LONGEST = 60
"""Lines a function may take, its signature and docstring included."""


def _long_functions(root: pathlib.Path) -> list[str]:
    """Every function under ``root`` over ``LONGEST`` lines whose docstring does not say
    why it is kept whole."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            says_why = "kept whole" in (ast.get_docstring(node) or "").lower()
            if lines > LONGEST and not says_why:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines})")
    return found


def test_functions_are_short_or_say_why() -> None:
    assert _long_functions(PACKAGE) == []


def test_the_check_finds_a_long_function(tmp_path: pathlib.Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    (tmp_path / "long.py").write_text(f"def long():\n    '''No reason.'''\n{body}\n")
    (tmp_path / "kept.py").write_text(
        f"def kept():\n    '''Kept whole: measured.'''\n{body}\n")
    assert _long_functions(tmp_path) == [f"long.py:1 long ({LONGEST + 2})"]
