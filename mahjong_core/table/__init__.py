"""The table engine: the wall, the state of a round, legal actions and the game's flow."""

from __future__ import annotations

from .wall import Wall

__all__ = ["Wall"]
