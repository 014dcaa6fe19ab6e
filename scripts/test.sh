#!/usr/bin/env bash
# The project's whole check: tests (README doctests included), mypy --strict and ruff.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check mahjong_core tests examples typings
mypy --strict mahjong_core tests examples typings
python -m pytest -q
