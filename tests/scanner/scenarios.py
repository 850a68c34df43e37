"""The simulator's named conditions: what real players do to a sheet and its photo, one
condition at a time, each on top of the simulator's usual mix of cameras and light.

==================  ===========================================================================
``pencil``          coloured pencils, the usual mix of photos (the simulator's default)
``felt_tip``        felt-tip markers: saturated, streaky, bleeding 0.5-1.5 mm over outlines
``crayon``          wax crayons: 50-75 % coverage, grain showing
``scribble``        hurried partial scribbles: a third of a region coloured
``close_colours``   the players' colours two by two alike: two greens, red and pink, blue and
                    purple
``messaging``       sent through a messaging app: 1600 px or less, JPEG quality 40-60
``steep``           taken at a steep angle: 35-45 degrees off vertical
``low_toner``       printed low on toner: outlines at half grey
``fit_to_page``     printed "fit to page": 93-97 % of its size
``table_thumb``     on a dark or wooden table, other printed sheets partly in the frame, a thumb
                    holding the sheet
==================  ===========================================================================

:func:`simulate_named` makes one photo of a condition from a seed; with ``rule_break`` one
region breaks a rule on purpose (see :func:`tests.scanner.play.plant_rule_break`).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from artsheets.generator.layout import Layout

from .simulator import PENCILS, Conditions, Drawing, SimulatedPhoto, pick_pencils, simulate

__all__ = ["CLOSE_PAIRS", "MARKERS", "NAMES", "setup", "simulate_named"]

# Felt-tip markers, as sRGB on white paper: more saturated than pencils.
MARKERS: dict[str, tuple[int, int, int]] = {
    "red": (228, 30, 45),
    "blue": (25, 75, 215),
    "green": (25, 160, 65),
    "yellow": (255, 222, 0),
    "orange": (255, 125, 0),
    "purple": (130, 40, 170),
    "pink": (250, 80, 160),
    "brown": (125, 70, 30),
    "lightblue": (0, 170, 235),
    "darkgreen": (0, 105, 55),
}
CLOSE_PAIRS = (("green", "darkgreen"), ("red", "pink"), ("blue", "purple"))

Pencils = dict[int, tuple[int, int, int]]


def _close_colours(k: int, rng: np.random.Generator) -> Pencils:
    """k colours made of look-alike pairs (a pair's two colours always both in play)."""
    order = rng.permutation(len(CLOSE_PAIRS))
    names = [n for i in order for n in CLOSE_PAIRS[int(i)]]
    if k > len(names):  # more players than the pairs hold: the rest from any pencil
        names += [n for n in PENCILS if n not in names]
    return {i + 1: PENCILS[n] for i, n in enumerate(names[:k])}


def _markers(k: int, rng: np.random.Generator) -> Pencils:
    chosen = rng.choice(list(MARKERS), size=k, replace=False)
    return {i + 1: MARKERS[str(n)] for i, n in enumerate(chosen)}


def _camera(name: str, c: Conditions, rng: np.random.Generator) -> Conditions:
    if name == "messaging":
        return replace(
            c, max_side=int(rng.integers(1200, 1601)), jpeg_quality=int(rng.integers(40, 61))
        )
    if name == "steep":
        return replace(c, tilt=float(rng.uniform(35.0, 45.0)))
    if name == "table_thumb":
        table = "dark" if rng.random() < 0.5 else "wood"
        return replace(c, table=table, other_sheets=int(rng.integers(1, 3)), thumb=True)
    return c


def _drawing(name: str, rng: np.random.Generator, rule_break: bool) -> Drawing:
    medium = {"felt_tip": "felt", "crayon": "crayon", "scribble": "scribble"}.get(name, "pencil")
    toner = float(rng.uniform(0.45, 0.55)) if name == "low_toner" else 1.0
    scale = float(rng.uniform(0.93, 0.97)) if name == "fit_to_page" else 1.0
    return Drawing(medium=medium, toner=toner, print_scale=scale, rule_break=rule_break)


NAMES = (
    "pencil",
    "felt_tip",
    "crayon",
    "scribble",
    "close_colours",
    "messaging",
    "steep",
    "low_toner",
    "fit_to_page",
    "table_thumb",
)
_PALETTES: dict[str, Callable[[int, np.random.Generator], Pencils]] = {
    "felt_tip": _markers,
    "close_colours": _close_colours,
}


def setup(
    name: str,
    seed: int,
    players: int,
    size: tuple[int, int] = (4000, 3000),
    rule_break: bool = False,
) -> tuple[Conditions, Drawing, Pencils]:
    """The photo's conditions, the drawing and the colours for condition ``name``, seed
    ``seed``: the same whatever else is made (a generator of their own)."""
    if name not in NAMES:
        raise ValueError(f"unknown condition {name!r}; one of {', '.join(NAMES)}")
    rng = np.random.default_rng([seed, zlib.crc32(name.encode())])
    conditions = _camera(name, Conditions.random(rng, size), rng)
    drawing = _drawing(name, rng, rule_break)
    pencils = _PALETTES.get(name, pick_pencils)(players, rng)
    return conditions, drawing, pencils


def simulate_named(
    layout: Layout,
    seed: int,
    name: str,
    size: tuple[int, int] = (4000, 3000),
    rule_break: bool = False,
) -> SimulatedPhoto:
    """One simulated photo of ``layout`` under condition ``name``."""
    players = sum(1 for r in layout.regions if r.kind == "key")
    conditions, drawing, pencils = setup(name, seed, players, size, rule_break)
    return simulate(layout, seed, conditions=conditions, pencils=pencils, drawing=drawing)
