"""The table's rules: one frozen value, Tenhou's ranked-lobby rules by default."""

from __future__ import annotations

import enum
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
    "Renhou",
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


class Renhou(enum.Enum):
    """What a non-dealer's ron before their first draw (renhou) is worth; the value is
    its name in JSON. Only ``OFF`` is false, so ``if rules.renhou:`` asks whether renhou
    scores at all."""

    OFF = "off"
    """Not a yaku."""
    MANGAN = "mangan"
    """A yaku of 5 han (closed), so the hand is at least a mangan; other yaku and dora add."""
    YAKUMAN = "yakuman"
    """A yakuman."""

    def __bool__(self) -> bool:
        return self is not Renhou.OFF


_RENHOU_OF: dict[object, Renhou] = {False: Renhou.OFF, True: Renhou.YAKUMAN,
                                    **{r.value: r for r in Renhou}, **{r: r for r in Renhou}}


def _to_renhou(value: object) -> Renhou:
    """A ``Renhou`` from itself, its name, or a bool (true: a yakuman, as before)."""
    try:
        found = _RENHOU_OF.get(value) if type(value) in (bool, str, Renhou) else None
    except TypeError:
        found = None
    if found is None:
        raise InvalidRulesError("rule 'renhou' must be true, false, \"off\", \"mangan\" or "
                                f"\"yakuman\", got {quote(value)}")
    return found


def _check_yakuman_limit(instance: object, attribute: attrs.Attribute[int | None],
                         value: int | None) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= 8):
        raise InvalidRulesError(
            f"rule 'yakuman_limit' must be null or a count of yakuman 1-8, got {quote(value)}")


def _check_open_pinfu_fu(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (20, 30):
        raise InvalidRulesError(f"rule 'open_pinfu_fu' must be 20 or 30, got {quote(value)}")


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
    kazoe_multiple: bool = _bool_field(False)
    """With ``kazoe_yakuman``, counted hands have no cap: 26 han or more is a double
    yakuman, 39 a triple, and so on (otherwise 13 han or more is one yakuman)."""
    double_yakuman: bool = _bool_field(False)
    """Suuankou tanki, kokushi 13-wait, junsei chuuren and daisuushii count twice."""
    yakuman_stacking: bool = _bool_field(True)
    """Different yakuman in one hand add up (otherwise only the largest counts)."""
    yakuman_limit: int | None = attrs.field(default=None, validator=_check_yakuman_limit)
    """The most yakuman a hand is paid for (6: at most a sextuple yakuman), counted hands
    included: its han are then 13 for each yakuman paid, its yaku still each listed with
    its own han; None: no limit."""
    aotenjou: bool = _bool_field(False)
    """No limits: every hand is paid fu x 2^(han + 2) however large, a yakuman counting
    13 han (26 a double form under ``double_yakuman``) beside the other yaku and the dora
    (less the yaku the yakuman contains), without honba, riichi sticks or liability
    (pao)."""
    double_wind_pair_fu: int = attrs.field(default=4, validator=_check_pair_fu)
    """Fu of a pair of the wind that is both the seat and the round wind (2 or 4)."""
    renhou: Renhou = attrs.field(default=Renhou.OFF, converter=_to_renhou)
    """What a non-dealer's ron before their first draw (renhou) is worth: ``Renhou.OFF``,
    ``MANGAN`` (a 5-han yaku) or ``YAKUMAN``; true and false are read as yakuman and off."""
    open_riichi: bool = _bool_field(False)
    """Open riichi (riichi with the hand shown) is played: it scores 2 han instead of
    riichi's 1, 3 on the first turn instead of double riichi's 2."""
    open_riichi_sashikomi: bool = _bool_field(False)
    """A ron on an open riichi from a player not in riichi is a yakuman (sashikomi)."""
    daisharin: bool = _bool_field(False)
    """Daisharin is a yakuman: the closed hand 22334455667788 of pin."""
    daisharin_all_suits: bool = _bool_field(False)
    """With ``daisharin``, the same hand of man (daisuurin) and of sou (daichikurin) is a
    yakuman too."""
    daichisei: bool = _bool_field(False)
    """Daichisei is a double yakuman: seven pairs of honours (otherwise a tsuuiisou)."""
    paarenchan: bool = _bool_field(False)
    """Paarenchan is a yakuman: the dealer's eighth win in a row (the situation's
    ``paarenchan`` counts how many such yakuman the win is worth)."""
    paarenchan_needs_yaku: bool = _bool_field(True)
    """Paarenchan scores only a hand that has a yaku of its own (otherwise any complete
    hand)."""
    open_pinfu_fu: int = attrs.field(default=30, validator=_check_open_pinfu_fu)
    """An open hand that counts no fu beyond its base (all runs, a pair worth nothing, a
    two-sided wait) won by ron scores 30 fu, or 20 where the rules leave it so."""
    pinfu_tsumo_fu: bool = _bool_field(False)
    """Pinfu won by tsumo counts the 2 fu of tsumo (30 fu instead of 20)."""
    ippatsu: bool = _bool_field(True)
    """Ippatsu is a yaku (a riichi's win within its first go-around); otherwise a
    situation with ippatsu is refused."""
    ura_dora: bool = _bool_field(True)
    """A riichi's win counts the ura dora, under the dora indicators; otherwise a
    situation with ura indicators is refused."""
    kan_dora: bool = _bool_field(True)
    """Each kan turns over one more dora indicator (and, with ``ura_dora``, one more
    ura); otherwise only the first indicator is played, and a situation with more is
    refused."""
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
        if self.kazoe_multiple and not self.kazoe_yakuman:
            raise InvalidRulesError("rule 'kazoe_multiple' needs 'kazoe_yakuman': counted "
                                    "hands capped at sanbaiman are never a yakuman")
        if self.daisharin_all_suits and not self.daisharin:
            raise InvalidRulesError("rule 'daisharin_all_suits' needs 'daisharin'")
        if self.open_riichi_sashikomi and not self.open_riichi:
            raise InvalidRulesError("rule 'open_riichi_sashikomi' needs 'open_riichi'")
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
