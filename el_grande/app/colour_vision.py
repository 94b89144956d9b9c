"""How far apart the players' colours are, also for people with a colour-vision deficiency.

Each colour is simulated as seen with protanopia, deuteranopia or tritanopia (Machado,
Oliveira & Fernandes 2009, severity 1, applied to linear sRGB), converted to CIELAB (D65), and
every pair of colours compared with CIEDE2000 (Sharma, Wu & Dalal 2005) and, for comparison
with older figures, CIE76 (the distance in Lab). A difference below about 2 is hard to see at
all; chips need much more to be told apart at a glance.

    python -m el_grande.app.colour_vision      # the table in docs/app.md

Standard library only; the palettes are `el_grande.app.colours.PALETTES`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from el_grande.app.colours import PALETTES

Lab = tuple[float, float, float]
RGB = tuple[float, float, float]

#: Machado et al. (2009), severity 1.0, for linear RGB.
MACHADO: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MACHADO)


def linear_rgb(hex_colour: str) -> RGB:
    def lin(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    h = hex_colour.lstrip("#")
    return lin(int(h[0:2], 16)), lin(int(h[2:4], 16)), lin(int(h[4:6], 16))


def simulate(rgb: RGB, vision: str) -> RGB:
    """`rgb` (linear) as seen with `vision` ("normal" or a key of MACHADO)."""
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    out = (sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3))
    return tuple(min(1.0, max(0.0, v)) for v in out)  # type: ignore[return-value]


def lab(rgb: RGB) -> Lab:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 216 / 24389 else (24389 / 27 * v + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e76(a: Lab, b: Lab) -> float:
    return math.dist(a, b)


def delta_e2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


Metric = Callable[[Lab, Lab], float]


def closest_pair(
    colours: dict[str, str], vision: str, metric: Metric = delta_e2000
) -> tuple[float, str, str]:
    """The smallest difference between two of `colours` (name -> #rrggbb) as seen with
    `vision`: (difference, name, name)."""
    seen = {name: lab(simulate(linear_rgb(h), vision)) for name, h in colours.items()}
    return min((metric(seen[a], seen[b]), a, b) for a, b in itertools.combinations(colours, 2))


def report() -> str:
    """For each palette and vision: the closest pair of player colours (CIEDE2000, CIE76)."""

    lines = ["| palette | vision | min ΔE2000 (pair) | min ΔE76 (pair) |", "|---|---|---|---|"]
    for name, colours in PALETTES.items():
        for vision in VISIONS:
            d00, a00, b00 = closest_pair(colours, vision)
            d76, a76, b76 = closest_pair(colours, vision, delta_e76)
            lines.append(
                f"| {name} | {vision} | {d00:.1f} ({a00}/{b00}) | {d76:.1f} ({a76}/{b76}) |"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
