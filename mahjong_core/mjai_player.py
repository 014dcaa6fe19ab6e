"""An mjai bot program as a ``Player`` of the table engine.

``MjaiPlayer("python mybot.py")`` starts the program at its first decision and speaks the
protocol of mjai.app bots with it: each time its seat must decide, one line with the
JSON array of the mjai events the bot has not seen yet (``start_game`` carrying its seat
as ``id``), and one answer line back, its action (a riichi is ``reach``, then the
``dahai`` once the bot is sent its ``reach``). The program serves one game: ``close()``
(or leaving a ``with`` block) sends ``end_game`` and stops it.

A bot that misbehaves never stops the game. Each failure is written in ``incidents``
with the seat and round, and a default is played for it: on its turn the tile it just
drew (else its first legal discard), otherwise a pass. An answer that is not JSON, not
an action or not legal costs that one move; a bot that gives no answer within
``answer_timeout`` seconds, uses up ``game_timeout`` seconds in the game, or exits is
stopped, and the default plays for it to the end of the game.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from collections.abc import Callable, Sequence
from types import TracebackType

from .errors import IllegalActionError, InvalidContextError, MahjongError, quote
from .formats.mjai import mjai_events, tile_from_name, tile_name
from .mjai_bot import default_action
from .rules import TENHOU_RULES, Rules
from .table import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    NineTerminals,
    Observation,
    OpenKan,
    Pass,
    Pon,
    RiichiAccepted,
    TileDiscarded,
    TileDrawn,
)
from .table.records import KitaDeclared, MeldCalled, round_name
from .tile import Tile

__all__ = ["MjaiPlayer"]

_MAX_LINE = 1 << 20
"""An answer longer than this is garbage."""


class _Broken(Exception):
    """The bot can answer no more (it timed out or exited)."""


class MjaiPlayer:
    """An mjai bot program (``command``, split as a shell would) playing one seat of one
    game; see the module's description. Raises InvalidContextError for an empty command
    or limits that are not positive numbers (the program itself starts only when first
    asked to decide)."""

    def __init__(self, command: str | Sequence[str], *, rules: Rules = TENHOU_RULES,
                 answer_timeout: float = 10.0, game_timeout: float = 600.0,
                 name: str | None = None) -> None:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if not args or not all(isinstance(a, str) for a in args):
            raise InvalidContextError(f"an mjai bot is a command to run, got {quote(command)}")
        for what, value in (("answer_timeout", answer_timeout), ("game_timeout", game_timeout)):
            if not isinstance(value, int | float) or isinstance(value, bool) or not value > 0:
                raise InvalidContextError(f"{what} is a number of seconds above 0, got "
                                          f"{quote(value)}")
        self.args = args
        self.rules = rules
        self.answer_timeout = float(answer_timeout)
        self.game_timeout = float(game_timeout)
        self.name = name or f"mjai:{command if isinstance(command, str) else ' '.join(args)}"
        self.incidents: list[str] = []
        """One line per failure: seat, round, what went wrong and what was played."""
        self._process: subprocess.Popen[bytes] | None = None
        self._broken: str | None = None
        self._buffer = b""
        self._used = 0.0
        self._round: tuple[int, int, int] | None = None
        self._sent = 0

    # -- the game's lifetime ---------------------------------------------------------

    def __enter__(self) -> MjaiPlayer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Send ``end_game`` and stop the program (at once if it does not end by itself)."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None and process.poll() is None:
                process.stdin.write(b'[{"type":"end_kyoku"},{"type":"end_game"}]\n')
                process.stdin.close()
            process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    # -- a decision -------------------------------------------------------------------

    def choose(self, observation: Observation) -> Action:
        """The bot's action, or the default when it fails (written in ``incidents``)."""
        if not observation.legal_actions:
            raise IllegalActionError(f"seat {observation.seat} has nothing to decide now")
        if self._broken is not None:
            return default_action(observation)
        try:
            answer = self._ask(self._news(observation), observation)
            action = self._action(answer, observation)
            if action is None:
                raise IllegalActionError(f"answered {_cut(answer)}, which is not legal "
                                         f"(legal: {observation.legal_actions})")
            return action
        except _Broken as broken:
            self._stop(str(broken))
            return self._fail(observation, f"{broken}: the bot is stopped and the default "
                                           "plays for it to the end of the game")
        except MahjongError as error:
            return self._fail(observation, str(error))

    def _fail(self, observation: Observation, what: str) -> Action:
        action = default_action(observation)
        where = f"{round_name(observation.round_wind, observation.dealer)} honba " \
                f"{observation.honba}"
        text = observation.legal_actions.text(action)
        self.incidents.append(f"seat {observation.seat} {where}: {what}; played '{text}'")
        return action

    def _stop(self, why: str) -> None:
        self._broken = why
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()

    def _news(self, observation: Observation) -> list[dict[str, object]]:
        """The events the bot has not seen, a new round's start first."""
        news: list[dict[str, object]] = []
        key = (observation.round_wind, observation.dealer, observation.honba)
        if self._process is None:
            self._start()
            news.append({"type": "start_game", "id": observation.seat,
                         "names": [f"seat {s}" for s in range(observation.players)],
                         "aka_flag": observation.rules.red_fives})
        if key != self._round:
            if self._round is not None:
                news.append({"type": "end_kyoku"})
            news.append(_start_kyoku(observation))
            self._round, self._sent = key, 0
        events = observation.events
        red = observation.rules.red_fives
        for event in events[self._sent:]:
            news += [dict(e) for e in mjai_events(
                event, lambda i: tile_name(Tile.from_id136(i, red_fives=red)))]
        self._sent = len(events)
        return news

    def _start(self) -> None:
        try:
            self._process = subprocess.Popen(self.args, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL)
        except OSError as error:
            raise _Broken(f"the bot cannot start ({error})") from None

    def _ask(self, events: list[dict[str, object]], observation: Observation) -> object:
        """Send one line and read the answer; a reach is followed by its dahai."""
        answer = self._exchange(events)
        if isinstance(answer, dict) and answer.get("type") == "reach":
            if not any(isinstance(a, Discard) and a.riichi for a in observation.legal_actions):
                return answer
            dahai = self._exchange([{"type": "reach", "actor": observation.seat}])
            return {"reach": True, "answer": dahai}
        return answer

    def _exchange(self, events: list[dict[str, object]]) -> object:
        process = self._process
        assert process is not None and process.stdin is not None
        line = json.dumps(events, separators=(",", ":")).encode() + b"\n"
        started = time.monotonic()
        try:
            process.stdin.write(line)
            process.stdin.flush()
        except OSError:
            raise _Broken("the bot has exited") from None
        text = self._read_line(started)
        try:
            return json.loads(text)
        except ValueError:
            raise IllegalActionError(f"answered {_cut(text)}, which is not JSON") from None

    def _read_line(self, started: float) -> str:
        process = self._process
        assert process is not None and process.stdout is not None
        handle = process.stdout.fileno()
        limit = min(self.answer_timeout, self.game_timeout - self._used)
        while b"\n" not in self._buffer:
            left = limit - (time.monotonic() - started)
            ready = select.select([handle], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                self._used += time.monotonic() - started
                if self._used >= self.game_timeout:
                    raise _Broken(f"the bot used up its {self.game_timeout:g} s for the game")
                raise _Broken(f"no answer within {self.answer_timeout:g} s")
            chunk = os.read(handle, 65536)
            if not chunk:
                raise _Broken("the bot has exited")
            self._buffer += chunk
            if len(self._buffer) > _MAX_LINE:
                raise _Broken("the bot's answer is longer than a megabyte")
        line, _, self._buffer = self._buffer.partition(b"\n")
        self._used += time.monotonic() - started
        return line.decode("utf-8", "replace").strip()

    # -- reading the answer -----------------------------------------------------------

    def _action(self, answer: object, observation: Observation) -> Action | None:
        if isinstance(answer, dict) and answer.get("reach") is True:
            inner = answer.get("answer")
            if not isinstance(inner, dict) or inner.get("type") != "dahai":
                raise IllegalActionError(f"answered {_cut(inner)} to its own reach, not a dahai")
            return _discard(inner, observation, riichi=True)
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise IllegalActionError(f"answered {_cut(answer)}, which is not an mjai action")
        return _ACTIONS.get(str(answer["type"]), _nothing)(answer, observation)


def _cut(value: object) -> str:
    return quote(value if isinstance(value, str) else json.dumps(value), 120)


def _nothing(answer: dict[str, object], observation: Observation) -> Action | None:
    return None


def _legal(observation: Observation, action: Action | None) -> Action | None:
    return action if action is not None and action in observation.legal_actions else None


def _tiles(names: object) -> list[Tile]:
    if not isinstance(names, list):
        raise IllegalActionError(f"consumed is a list of tiles, got {_cut(names)}")
    return sorted(tile_from_name(n) for n in names)


def _discard(answer: dict[str, object], observation: Observation, riichi: bool = False
             ) -> Action | None:
    tile = tile_from_name(answer.get("pai"))
    tsumogiri = answer.get("tsumogiri")
    try:
        return observation.discard(tile, riichi=riichi, tsumogiri=tsumogiri
                                   if isinstance(tsumogiri, bool) else None)
    except IllegalActionError:
        return None


def _none(answer: dict[str, object], observation: Observation) -> Action | None:
    return observation.legal_actions.first(Pass)


def _hora(answer: dict[str, object], observation: Observation) -> Action | None:
    return observation.win()


def _meld(answer: dict[str, object], observation: Observation) -> Action | None:
    consumed = _tiles(answer.get("consumed"))
    chi = answer["type"] == "chi"
    red = observation.rules.red_fives
    for action in observation.legal_actions:
        if isinstance(action, Chi if chi else Pon) and sorted(
                Tile.from_id136(i, red_fives=red) for i in action.tiles) == consumed:
            return action
    return None


def _ankan(answer: dict[str, object], observation: Observation) -> Action | None:
    consumed = _tiles(answer.get("consumed"))
    if not consumed:
        return None
    return _legal(observation, ClosedKan(observation.seat, Tile(consumed[0].kind)))


def _kakan(answer: dict[str, object], observation: Observation) -> Action | None:
    tile = tile_from_name(answer.get("pai"))
    red = observation.rules.red_fives
    return next((a for a in observation.legal_actions.of_type(AddedKan)
                 if Tile.from_id136(a.tile, red_fives=red) == tile), None)


_Reader = Callable[[dict[str, object], Observation], Action | None]

_ACTIONS: dict[str, _Reader] = {
    "dahai": _discard, "none": _none, "hora": _hora, "chi": _meld, "pon": _meld,
    "daiminkan": lambda answer, seen: seen.legal_actions.first(OpenKan),
    "ankan": _ankan, "kakan": _kakan,
    "kita": lambda answer, seen: seen.legal_actions.first(Kita),
    "nukidora": lambda answer, seen: seen.legal_actions.first(Kita),
    "ryukyoku": lambda answer, seen: seen.legal_actions.first(NineTerminals),
}


def _start_kyoku(observation: Observation) -> dict[str, object]:
    """The round's start as the seat saw it: its first 13 tiles, the others hidden, the
    scores and sticks before any riichi of this round."""
    seat, red = observation.seat, observation.rules.red_fives
    held: list[int] = list(observation.hand)
    riichi = 0
    for event in observation.events:
        if isinstance(event, TileDrawn) and event.seat == seat:
            held.remove(event.tile)
        elif isinstance(event, TileDiscarded | KitaDeclared) and event.seat == seat:
            held.append(event.tile)
        elif isinstance(event, MeldCalled) and event.seat == seat:
            meld = event.meld
            held += [meld.added] if meld.added is not None else [
                i for i in meld.ids if i != meld.called]
        elif isinstance(event, RiichiAccepted):
            riichi += 1
    scores = list(observation.scores)
    for event in observation.events:
        if isinstance(event, RiichiAccepted):
            scores[event.seat] += observation.table.riichi_cost
    players = observation.players

    def name(tile_id: int) -> str:
        return tile_name(Tile.from_id136(tile_id, red_fives=red))

    tehais = [[name(i) for i in sorted(held)] if s == seat else ["?"] * 13
              for s in range(players)]
    return {"type": "start_kyoku", "bakaze": "ESWN"[observation.round_wind],
            "dora_marker": name(observation.dora_indicators[0]),
            "kyoku": observation.dealer + 1, "honba": observation.honba,
            "kyotaku": observation.sticks - riichi, "oya": observation.dealer,
            "scores": scores, "tehais": tehais}

