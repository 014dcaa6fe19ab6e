"""The package's layout holds: the private core imports nothing public, the library
imports no command-line code."""

from __future__ import annotations

import ast
import pathlib

import mahjong_core

PACKAGE = pathlib.Path(mahjong_core.__file__).parent


def imports(path: pathlib.Path) -> set[str]:
    """The modules a file imports, relative ones resolved against the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    package = parts[:-1] if path.name != "__init__.py" else parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)  # and each name, which may be a module (from . import x)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_core_imports_no_public_module() -> None:
    core = sorted((PACKAGE / "_core").glob("*.py"))
    assert len(core) >= 5
    for path in core:
        ours = {m for m in imports(path) if m.startswith("mahjong_core")}
        outside = {m for m in ours if not m.startswith(("mahjong_core._core",
                                                        "mahjong_core.errors"))}
        assert not outside, (path.name, outside)


def test_the_import_walk_sees_relative_imports() -> None:
    """The check above could pass by seeing nothing: the walk finds hand's imports."""
    found = imports(PACKAGE / "hand.py")
    assert {"mahjong_core._core.shanten", "mahjong_core.tile", "mahjong_core.ukeire"} <= found


def test_the_library_imports_no_command_line_code() -> None:
    """Only the command line (and ``python -m``'s entry) reaches into ``mahjong_core.cli``;
    nothing the library imports loads a peer library, argparse or the printing code."""
    library = [path for path in sorted(PACKAGE.rglob("*.py"))
               if "cli" not in path.relative_to(PACKAGE).parts and path.name != "__main__.py"]
    assert len(library) >= 30
    for path in library:
        found = imports(path)
        assert not {m for m in found if m.startswith("mahjong_core.cli")}, path.name
        assert not found & {"argparse", "mahjong", "riichienv"}, path.name


def test_the_command_line_holds_each_command() -> None:
    from mahjong_core.cli import COMMANDS
    assert {module for module, _, _ in COMMANDS.values()} == {
        f"mahjong_core.cli.{name}" for name in
        ("analyze", "score", "chinitsu", "replay", "convert", "export", "stats", "view",
         "bench", "demo", "match", "mjai_bot")}
    assert all((PACKAGE / "cli" / f"{name}.py").is_file() for name in
               ("analyze", "score", "chinitsu", "replay", "convert", "export", "stats", "view",
                "bench", "demo", "match", "mjai_bot"))


def _loaded_imports(path: pathlib.Path) -> set[str]:
    """What importing a file loads: the modules of its imports outside any function
    (relative ones as written, ``..view`` for ``from ..view import x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = {id(node) for function in ast.walk(tree)
              if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
              for node in ast.walk(function)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


def test_only_the_command_line_imports_the_viewer() -> None:
    """The viewer sits above the table, the formats and the players: no module below it
    imports it when loaded, and only a record's ``to_html`` and ``_repr_html_`` load it
    when called; the viewer imports no command-line code."""
    below = [path for path in sorted(PACKAGE.rglob("*.py"))
             if path.relative_to(PACKAGE).parts[0] not in ("view", "cli", "__main__.py")]
    assert len(below) >= 30
    for path in below:
        assert not {m for m in _loaded_imports(path) if m.endswith("view")}, path.name
        anywhere = {m for m in imports(path) if m.startswith("mahjong_core.view")}
        assert not anywhere or path.name == "records.py", path.name
    assert "mahjong_core.view" in imports(PACKAGE / "table" / "records.py")
    viewer = sorted((PACKAGE / "view").glob("*.py"))
    assert len(viewer) >= 3
    for path in viewer:
        assert not {m for m in imports(path) if m.startswith("mahjong_core.cli")}, path.name
