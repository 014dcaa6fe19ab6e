"""Named rule sets: each name gives the hand rules (``Rules``) and the table's rules
(``TableRules``) of one table, from one registry that every command and the engine read.

>>> rules, table = preset("tenhou_sanma")
>>> rules.players, table.players, table.start_score
(3, 3, 35000)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from ..errors import InvalidRulesError, did_you_mean, quote
from ..rules import PRESETS as HAND_RULES
from ..rules import Rules
from .rules import TENHOU_EAST_TABLE, TENHOU_SANMA_TABLE, TENHOU_TABLE, GameLength, TableRules

__all__ = ["PRESETS", "Preset", "preset"]


@attrs.frozen
class Preset:
    """One named rule set: what a hand scores and what happens around the hands."""

    rules: Rules
    table: TableRules
    description: str
    """One line on what the rule set is."""


_TABLES: dict[str, tuple[TableRules, str]] = {
    "tenhou": (TENHOU_TABLE, "Tenhou's ranked lobby, east-south (the default)"),
    "tenhou_east": (TENHOU_EAST_TABLE, "Tenhou's ranked lobby, east only"),
    "tenhou_sanma": (TENHOU_SANMA_TABLE, "Tenhou's three-player ranked lobby, east-south"),
    "tenhou_sanma_east": (attrs.evolve(TENHOU_SANMA_TABLE, length=GameLength.EAST),
                          "Tenhou's three-player ranked lobby, east only"),
    "tenhou_no_red": (TENHOU_TABLE, "Tenhou's ranked lobby without red fives"),
    "mahjong_soul": (TENHOU_TABLE, "Mahjong Soul's hand rules (double yakuman, pao for the "
                                   "liable yakuman only) at Tenhou's table"),
}
"""The table's rules and a line of description of each named rule set; its hand rules are
``rules.PRESETS``'s of the same name (the ``score`` command's named rule sets)."""

PRESETS: Mapping[str, Preset] = MappingProxyType({
    name: Preset(HAND_RULES[name], table, description)
    for name, (table, description) in _TABLES.items()})
"""Every named rule set, by name."""


def preset(name: str) -> tuple[Rules, TableRules]:
    """The hand rules and the table's rules of the rule set called ``name`` (one of
    ``PRESETS``).

    Raises InvalidRulesError for an unknown name, suggesting the nearest known one.

    >>> preset("tenhou_eats")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_core.errors.InvalidRulesError: ... (did you mean 'tenhou_east'?) ...
    """
    found = PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        hint = did_you_mean([name], PRESETS) if isinstance(name, str) else ""
        raise InvalidRulesError(f"unknown rule set {quote(name)}{hint} (known: "
                                f"{', '.join(PRESETS)})")
    return found.rules, found.table
