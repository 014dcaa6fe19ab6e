"""The table's rules: one frozen value, Tenhou's ranked-lobby rules by default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .errors import InvalidRulesError, did_you_mean, quote
from .tile import plain_str

__all__ = [
    "MAHJONG_SOUL_RULES",
    "MAX_STICK_POINTS",
    "NO_RED_FIVES_RULES",
    "TENHOU_RULES",
    "TENHOU_SANMA_RULES",
    "Rules",
]

MAX_STICK_POINTS = 100_000
"""The most a honba or a riichi stick may be worth: a whole four-player table's points.
Tables use 300 (or 1,500) a honba and 1,000 a stick."""


def _bool_field(default: bool) -> Any:
    return attrs.field(default=default, validator=_check_bool)


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidRulesError(
            f"rule {attribute.name!r} must be true or false, got {quote(value)}")


def _check_pair_fu(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (2, 4):
        raise InvalidRulesError(f"rule {attribute.name!r} must be 2 or 4, got {quote(value)}")


def _check_points(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise InvalidRulesError(
            f"rule {attribute.name!r} must be a non-negative int, got {quote(value)}")
    if value > MAX_STICK_POINTS:
        raise InvalidRulesError(
            f"rule {attribute.name!r} is at most {MAX_STICK_POINTS}, got {quote(value)}")


def _check_players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (3, 4):
        raise InvalidRulesError(f"rule 'players' must be 3 or 4, got {quote(value)}")


@attrs.frozen
class Rules:
    """A table's rule options; the defaults are Tenhou's ranked-lobby rules.

    Raises InvalidRulesError for a value of the wrong type, or points per honba or
    riichi stick over ``MAX_STICK_POINTS`` (100,000).

    >>> Rules().double_yakuman, Rules(double_yakuman=True).double_yakuman
    (False, True)
    """

    red_fives: bool = _bool_field(True)
    """Red fives are in play and each is one han of dora (aka)."""
    open_tanyao: bool = _bool_field(True)
    """Tanyao counts in an open hand (kuitan)."""
    kiriage_mangan: bool = _bool_field(False)
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan."""
    kazoe_yakuman: bool = _bool_field(True)
    """13 han or more (dora included) is a yakuman; otherwise sanbaiman is the cap."""
    double_yakuman: bool = _bool_field(False)
    """Suuankou tanki, kokushi 13-wait, junsei chuuren and daisuushii count twice."""
    yakuman_stacking: bool = _bool_field(True)
    """Different yakuman in one hand add up (otherwise only the largest counts)."""
    double_wind_pair_fu: int = attrs.field(default=4, validator=_check_pair_fu)
    """Fu of a pair of the wind that is both the seat and the round wind (2 or 4)."""
    renhou: bool = _bool_field(False)
    """A non-dealer's ron before their first draw is a yakuman (renhou)."""
    pao: bool = _bool_field(True)
    """Liability payments for daisangen and daisuushii."""
    pao_whole_hand: bool = _bool_field(True)
    """The liable player answers for the whole hand, every yakuman in it and the honba:
    all of it on tsumo, half and the honba on ron (Tenhou). Otherwise only for the
    liable yakuman's share, the discarder paying the honba (Mahjong Soul)."""
    rinshan_tsumo_fu: bool = _bool_field(True)
    """A win on the replacement tile of a kan gets the 2 fu of tsumo."""
    honba_points: int = attrs.field(default=300, validator=_check_points)
    """What one honba stick adds to a win (100 from each player on tsumo)."""
    riichi_stick_points: int = attrs.field(default=1000, validator=_check_points)
    """What each riichi stick on the table is worth to the winner."""
    players: int = attrs.field(default=4, validator=_check_players)
    """Players at the table: 4, or 3 (sanma: no 2m-8m, a 1m indicator makes 9m the dora,
    north tiles set aside as dora, and a tsumo paid by the two others only)."""

    def __attrs_post_init__(self) -> None:
        if self.honba_points % (self.players - 1):
            raise InvalidRulesError(
                f"rule 'honba_points' must split evenly among the {self.players - 1} payers "
                f"of a tsumo, got {self.honba_points}")

    @classmethod
    def from_mapping(cls, overrides: Mapping[str, object], base: Rules | None = None) -> Rules:
        """A copy of ``base`` (default rules) with the named fields changed.

        Raises InvalidRulesError for an unknown name or a bad value.
        """
        if not isinstance(overrides, Mapping):
            raise InvalidRulesError(
                f"rules must be an object of rule names, got {quote(overrides)}")
        if base is not None and not isinstance(base, Rules):
            raise InvalidRulesError(f"base must be a Rules value, got {quote(base)}")
        names = {a.name for a in attrs.fields(cls)}
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            if not isinstance(name, str) or plain_str(name) not in names:
                known = ", ".join(sorted(names))
                hint = did_you_mean([name], names) if isinstance(name, str) else ""
                raise InvalidRulesError(
                    f"unknown rule {quote(name)}{hint} (known rules: {known})")
            changes[plain_str(name)] = value
        return attrs.evolve(base or TENHOU_RULES, **changes)


TENHOU_RULES = Rules()
"""Tenhou's ranked lobby: red fives, open tanyao, no kiriage, kazoe yakuman, single yakuman."""

MAHJONG_SOUL_RULES = Rules(double_yakuman=True, pao_whole_hand=False)
"""Mahjong Soul's ranked rules: as Tenhou's, but the four double forms count twice and a
liable player answers only for the liable yakuman."""

TENHOU_SANMA_RULES = Rules(players=3, honba_points=200)
"""Tenhou's three-player ranked lobby: as the four-player rules, with 200 points a honba
(100 from each payer of a tsumo).

>>> TENHOU_SANMA_RULES.players, TENHOU_SANMA_RULES.honba_points
(3, 200)
"""

NO_RED_FIVES_RULES = Rules(red_fives=False)
"""Tenhou's rules without red fives."""
