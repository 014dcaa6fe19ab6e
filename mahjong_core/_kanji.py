"""The characters printed on tiles, as brush strokes: the numerals 一 to 九 and 萬 of the
characters suit, the winds 東 南 西 北 and the dragons 發 and 中.

Each character is a tuple of strokes and each stroke a polyline of (x, y) points on a
100 x 100 grid (y grows downward), drawn with a round pen: the tile pictures need no
font. The shapes are simplified for tiles a few dozen pixels tall.
"""

from __future__ import annotations

__all__ = ["DRAGONS", "MAN", "NUMERALS", "WINDS", "Stroke", "path_data"]

Stroke = tuple[tuple[float, float], ...]
Glyph = tuple[Stroke, ...]

NUMERALS: tuple[Glyph, ...] = (
    # 一
    (((8, 50), (92, 50)),),
    # 二
    (((22, 28), (78, 28)), ((8, 74), (92, 74))),
    # 三
    (((20, 16), (80, 16)), ((28, 48), (72, 48)), ((8, 84), (92, 84))),
    # 四
    (((12, 14), (12, 90)), ((12, 14), (88, 14), (88, 90)), ((38, 14), (37, 46), (26, 64)),
     ((62, 14), (62, 56), (68, 62), (86, 62)), ((12, 88), (88, 88))),
    # 五
    (((14, 12), (86, 12)), ((46, 12), (36, 86)), ((22, 46), (74, 46), (70, 86)),
     ((6, 88), (94, 88))),
    # 六
    (((48, 4), (54, 20)), ((8, 36), (92, 36)), ((38, 54), (16, 90)), ((62, 54), (86, 88))),
    # 七
    (((6, 54), (94, 38)), ((38, 6), (38, 78), (48, 90), (90, 90), (92, 74))),
    # 八
    (((40, 16), (36, 56), (8, 90)), ((60, 14), (66, 56), (94, 90))),
    # 九
    (((40, 6), (40, 46), (30, 72), (8, 92)),
     ((12, 36), (66, 36), (64, 80), (74, 90), (92, 90), (94, 74))),
)
"""一 二 三 四 五 六 七 八 九, the characters suit's ranks."""

MAN: Glyph = (
    # 艹
    ((6, 14), (94, 14)), ((32, 2), (32, 26)), ((68, 2), (68, 26)),
    # 田, its middle stroke running down into the part below
    ((22, 32), (22, 58)), ((22, 32), (78, 32), (78, 58)), ((22, 45), (78, 45)),
    ((22, 58), (78, 58)), ((50, 32), (50, 78)),
    # 冂 with 厶 inside
    ((10, 68), (10, 98)), ((10, 68), (90, 68), (90, 92), (80, 98)),
    ((50, 78), (34, 92), (68, 88)), ((60, 80), (70, 92)),
)
"""萬, the characters suit's sign under the numeral."""

WINDS: tuple[Glyph, ...] = (
    # 東
    (((10, 16), (90, 16)), ((24, 28), (24, 62)), ((24, 28), (76, 28), (76, 62)),
     ((24, 45), (76, 45)), ((24, 62), (76, 62)), ((50, 2), (50, 98)),
     ((46, 64), (8, 94)), ((54, 64), (92, 94))),
    # 南
    (((10, 14), (90, 14)), ((50, 2), (50, 28)), ((16, 32), (16, 98)),
     ((16, 32), (84, 32), (84, 92), (74, 98)), ((36, 42), (42, 52)), ((64, 42), (58, 52)),
     ((30, 60), (70, 60)), ((28, 78), (72, 78)), ((50, 60), (50, 96))),
    # 西
    (((6, 12), (94, 12)), ((16, 32), (16, 94)), ((16, 32), (84, 32), (84, 94)),
     ((40, 12), (40, 54), (28, 70)), ((60, 12), (60, 62), (66, 68), (84, 68)),
     ((16, 90), (84, 90))),
    # 北
    (((36, 8), (36, 94)), ((12, 38), (36, 38)), ((6, 82), (36, 66)),
     ((64, 6), (64, 84), (72, 92), (92, 92), (94, 78)), ((64, 42), (90, 28))),
)
"""東 南 西 北: east, south, west, north."""

DRAGONS: tuple[Glyph, ...] = (
    # 發
    (((12, 6), (36, 6), (18, 30)), ((24, 16), (40, 28)), ((62, 2), (70, 12)),
     ((56, 18), (80, 8)), ((58, 8), (72, 22), (94, 32)),
     ((8, 40), (40, 40), (40, 54), (14, 54), (12, 70), (42, 70), (42, 88), (32, 96)),
     ((62, 38), (62, 52), (52, 62)), ((62, 38), (80, 38), (80, 52), (92, 54)),
     ((54, 66), (86, 66), (54, 96)), ((62, 74), (94, 96))),
    # 中
    (((16, 28), (16, 70)), ((16, 28), (84, 28), (84, 70)), ((16, 68), (84, 68)),
     ((50, 4), (50, 98))),
)
"""發 (hatsu, green) and 中 (chun, red); haku is a blank frame and needs no character."""


def path_data(glyph: Glyph, x: float, y: float, width: float, height: float) -> str:
    """The SVG path data of ``glyph`` drawn in the box at (``x``, ``y``) of that size."""
    parts = []
    for stroke in glyph:
        points = [f"{_number(x + px * width / 100)} {_number(y + py * height / 100)}"
                  for px, py in stroke]
        parts.append("M" + "L".join(points))
    return "".join(parts)


def _number(value: float) -> str:
    """``value`` to a tenth, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
