#!/usr/bin/env bash
# The project's whole check: ruff, mypy --strict, the types as an installed user's program
# sees them, then the tests (README examples included) on every core.
# About 5 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
step() { printf '\n== %s\n' "$1"; }
step "ruff"
ruff check mahjong_core tests examples typings
step "mypy --strict (package, tests, examples, typings)"
mypy --strict mahjong_core tests examples typings
if (cd / && python -c 'import mahjong_core' 2>/dev/null); then
  step "mypy --strict on typings/ from outside the repository (the installed package)"
  outside=$(mktemp -d)
  (cd "$outside" && mypy --strict --cache-dir "$outside/.mypy_cache" "$repo"/typings/*.py)
  rm -rf "$outside"
else
  step "(the installed-package type check is skipped: mahjong_core is not installed here)"
fi
step "pytest"
python -m pytest -q -n auto
