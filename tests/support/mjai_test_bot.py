"""A small mjai bot of the tests' own: it discards each tile it draws and passes on
everything else, and misbehaves as told from its ``N``-th answer on.

    python tests/support/mjai_test_bot.py MODE N

MODE: ``good`` (never misbehaves), ``sleep`` (sleeps 30 s before answering), ``slow``
(0.2 s before each answer), ``die``
(exits), ``garbage`` (answers text that is not JSON), ``illegal`` (calls a chi that no
hand can make), ``strange`` (answers a JSON object that is no action).
"""

from __future__ import annotations

import json
import sys
import time


def main() -> int:
    mode, start = sys.argv[1], int(sys.argv[2])
    seat = 0
    drawn: str | None = None
    answered = 0
    for line in sys.stdin:
        events = json.loads(line)
        answer: dict[str, object] = {"type": "none"}
        for event in events:
            if event["type"] == "start_game":
                seat = event["id"]
            if event["type"] == "tsumo" and event["actor"] == seat:
                drawn = event["pai"]
            elif event["type"] in ("dahai", "end_kyoku"):
                drawn = None
        if drawn is not None and events[-1]["type"] == "tsumo":
            answer = {"type": "dahai", "actor": seat, "pai": drawn, "tsumogiri": True}
        if any(event["type"] == "end_game" for event in events):
            return 0
        answered += 1
        if mode != "good" and answered >= start:
            if mode == "sleep":
                time.sleep(30)
            elif mode == "slow":
                time.sleep(0.2)
            elif mode == "die":
                return 3
            elif mode == "garbage":
                print("this is not JSON", flush=True)
                continue
            elif mode == "illegal":  # a run of three 1m is never a chi
                answer = {"type": "chi", "actor": seat, "pai": "1m", "consumed": ["1m", "1m"]}
            elif mode == "strange":
                answer = {"type": 12}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
