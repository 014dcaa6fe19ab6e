"""The house rules of the code itself: functions stay short (a long one says why), and
no module reads another's private attributes (outside the private core, ``_core``)."""

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


_NAMED_TUPLE_API = frozenset({"_make", "_fields", "_replace", "_asdict", "_field_defaults"})


def _own_private_names(tree: ast.Module) -> set[str]:
    """The private names a module gives its own objects: class attributes, fields and
    methods, and attributes it assigns."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.FunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def _foreign_private_reads(root: pathlib.Path) -> list[str]:
    """Every ``value._name`` under ``root`` (outside ``_core``) whose private name the
    module does not give its own objects: a read of another module's private layout."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "_core" in path.relative_to(root).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = _own_private_names(tree) | _NAMED_TUPLE_API
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and node.attr not in own
                    and not (isinstance(node.value, ast.Name)
                             and node.value.id in ("self", "cls"))):
                found.append(f"{path.relative_to(root)}:{node.lineno} "
                             f"{ast.unparse(node.value)}.{node.attr}")
    return found


def test_no_module_reads_another_modules_private_attributes() -> None:
    assert _foreign_private_reads(PACKAGE) == []


def test_the_check_finds_a_foreign_private_read(tmp_path: pathlib.Path) -> None:
    (tmp_path / "owner.py").write_text(
        "class Box:\n    _inside: int\n\n    def peek(self, other):\n"
        "        return self._inside + other._inside\n")
    (tmp_path / "reader.py").write_text("def read(box):\n    return box._inside\n")
    assert _foreign_private_reads(tmp_path) == ["reader.py:2 box._inside"]
