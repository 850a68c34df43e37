"""A bare piece between two fills of its colour: no open side to look at, so its core is
measured against the same fills' reach onto their spaces' other printed cores (those read in
another colour, whose own colour is taken out). A fill stops short of its outline by its own
margin, so a bare piece's core holds about what its fills put on their other sides' cores; a
trace lies over that and holds more (``LineFit.own_reach``, ``line_own_reach_*``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

from .fill_beside import fit_pixels
from .test_lines import BLUE, RED, _layer

# Spaces 0 and 1 filled blue (2), space 2 red (1). Line 0 lies between the two blue spaces
# (the piece tested); lines 1 and 2 are traced red between a blue space and the red one.
SIDES = {0: (0, 1), 1: (0, 2), 2: (1, 2)}
FILL = {0: _layer(BLUE, 0.75), 1: _layer(BLUE, 0.75), 2: _layer(RED, 0.75)}


def _sheet(traced_blue: bool, seed: int = 3, n: int = 40) -> dict[int, LineFit]:
    """Pixels at 0.1 mm (the printed core: the fill's blur there, pressure 0.3-0.5 of its
    space's key) and 0.5 mm (the fill itself) each side of every line."""
    rng = np.random.default_rng(seed)
    refl, dist, host, owner = [], [], [], []
    for line, spaces in SIDES.items():
        for space in spaces:
            key = RED if space == 2 else BLUE
            for mm in (0.1, 0.5):
                for _ in range(n):
                    px = _layer(key, rng.uniform(0.3, 0.5) if mm < 0.3 else rng.uniform(0.6, 0.9))
                    if mm < 0.3:
                        px = px * rng.uniform(0.4, 0.6)  # the printed grey
                    if line > 0:
                        px = px * _layer(RED, rng.uniform(0.6, 1.0))
                    elif traced_blue:
                        px = px * _layer(BLUE, rng.uniform(0.6, 1.0))
                    refl.append(px)
                    dist.append(mm)
                    host.append(space)
                    owner.append(line)
    return fit_pixels(rng, refl, dist, host, owner, FILL, {0: 2, 1: 2, 2: 1})


def test_a_bare_piece_holds_what_its_fills_reach_elsewhere() -> None:
    bare = _sheet(traced_blue=False)[0]
    assert bare.color == 2 and bare.fill_colour and bare.open_share is None
    assert bare.core_share is not None and bare.own_reach is not None
    assert abs(bare.core_share - bare.own_reach) < 0.15  # the fills' blur, as on their sides
    traced = _sheet(traced_blue=True)[0]
    assert traced.core_share is not None and traced.own_reach is not None
    assert traced.core_share - traced.own_reach > 0.5  # the trace lies over the blur


def _between(core: float, reach: float | None) -> LineFit:
    """A piece read in its fills' colour, no open side, its core holding ``core``."""
    fit = LineFit(2, 1, 1.0, fill_colour=True, fill_share=0.5, core_share=core)
    return replace(fit, own_reach=reach)


def test_the_fills_reach_moves_blank_only_within_the_doubt() -> None:
    bar = DEFAULT.line_bare_read_logodds
    alone = _bare_loglik(_between(0.4, None), DEFAULT)
    assert alone is not None and 0 < alone < bar  # the core alone: in doubt, kept coloured
    bare = _bare_loglik(_between(0.4, 0.75), DEFAULT)  # the fills reach further elsewhere
    assert bare is not None and bare >= bar
    traced = _bare_loglik(_between(0.4, 0.0), DEFAULT)  # the fills reach no other core
    assert traced is not None and traced < alone
    sure = _bare_loglik(_between(0.9, None), DEFAULT)  # a figure under 0 is left as it is
    assert sure is not None and sure < 0 and _bare_loglik(_between(0.9, 2.0), DEFAULT) == sure
    off = replace(DEFAULT, line_own_reach_at_zero=0.0, line_own_reach_slope=0.0)
    assert _bare_loglik(_between(0.4, 0.75), off) == alone
    # a piece with an open side keeps the open side's views
    opened = replace(_between(0.4, 0.75), open_share=0.3, open_band=0.5)
    assert _bare_loglik(opened, DEFAULT) == _bare_loglik(replace(opened, own_reach=None), DEFAULT)
