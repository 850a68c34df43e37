"""Reading traced lines: the pixel unmixing (scanner/lines.py) and the along-line pieces."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.colours import (
    DISSENT_ABOVE,
    ISLAND_NEIGHBOUR_LOGODDS,
    REVIEW_BELOW,
    Reading,
    _blanks_in_runs,
    _doubt_beside_islands,
)
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import STEPS, LineFit, fit_lines, runs_along
from artsheets.scanner.template import template_for

from .simulator import sheet_for

RUN_CHANGE = DEFAULT.run_change
RUN_KEPT = DEFAULT.run_kept
TRACE_AMOUNTS = np.linspace(0.0, DEFAULT.line_trace_max, STEPS)  # the pressures the fit tries

# Swatch reflectances (linear BGR relative to paper), as the key swatches give them.
RED = np.array([0.10, 0.08, 0.60])
BLUE = np.array([0.65, 0.20, 0.05])
GREEN = np.array([0.06, 0.30, 0.03])
DARK_GREEN = np.array([0.04, 0.13, 0.03])
# The simulator's look-alikes (linear BGR at full pressure): purple looks like blue over pink.
PINK = np.array([0.38, 0.17, 0.83])
PURPLE = np.array([0.38, 0.05, 0.21])
SKY_BLUE = np.array([0.58, 0.09, 0.02])


def _sure(fit: LineFit) -> bool:
    """Would the scanner take this reading without review (as colours._reread_lines does)?"""
    return fit.confidence >= REVIEW_BELOW and fit.dissent <= DISSENT_ABOVE


def _layer(colour: np.ndarray, amount: float) -> np.ndarray:
    return 1.0 - amount * (1.0 - colour)


def _measured(fills: tuple[np.ndarray | None, ...]) -> dict[int, np.ndarray]:
    """The filled spaces' colours as measured (their pencil at its mean pressure in
    :func:`_line`), by the space index :func:`_line` gives their pixels."""
    return {i: _layer(f, 0.75) for i, f in enumerate(fills) if f is not None}


def _line(
    trace: np.ndarray,
    fills: tuple[np.ndarray | None, np.ndarray | None],
    seed: int = 0,
    length: int = 20,
    bleed: float = 0.0,
):
    """Pixels of one traced line: its printed core (grey ink under the pencil, and up to
    ``bleed`` of each side's fill, blurred onto it) and a strip on each side, each side
    inside a space that may be filled; pressure and noise vary."""
    rng = np.random.default_rng(seed)
    refl, dist, host = [], [], []
    for _ in range(3 * length):  # the printed core
        grey = rng.uniform(0.35, 0.6)
        px = grey * _layer(trace, rng.uniform(0.5, 1.0))
        for fill in fills:
            if fill is not None:
                px = px * _layer(fill, rng.uniform(0.0, bleed))
        refl.append(px)
        dist.append(0.1)
        host.append(-1)
    for side, fill in enumerate(fills, start=1):
        for _ in range(4 * length):
            px = _layer(trace, rng.uniform(0.4, 1.0))
            if fill is not None:
                px = px * _layer(fill, rng.uniform(0.5, 1.0))
            refl.append(px)
            dist.append(0.5)
            host.append(side - 1 if fill is not None else -1)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.01, (len(refl), 3)), 0, 1.2)
    return refl, np.array(dist, np.float32), np.array(host)


@pytest.mark.parametrize(
    ("trace", "fills", "want"),
    [
        ("red", (None, None), 1),
        ("red", ("blue", "blue"), 1),  # a trace between two spaces filled in another colour
        ("blue", ("red", None), 2),
        ("green", (None, "dark_green"), 3),  # look-alikes told apart by darkness beside it
        ("dark_green", ("green", None), 4),
    ],
)
def test_a_traced_line_is_read_through_the_fills_beside_it(
    trace: str, fills: tuple[str | None, str | None], want: int
) -> None:
    colours = {1: RED, 2: BLUE, 3: GREEN, 4: DARK_GREEN}
    by_name = {"red": 1, "blue": 2, "green": 3, "dark_green": 4}
    beside = tuple(colours[by_name[f]] if f else None for f in fills)
    refl, dist, host = _line(colours[by_name[trace]], beside)
    fit = fit_lines(refl, np.zeros(len(refl), np.int64), dist, host, _measured(beside), colours, 1)[
        0
    ]
    assert fit.color == want
    assert _sure(fit)


def test_fills_blurred_onto_the_printed_core_do_not_change_the_traces_colour() -> None:
    """A blue trace between two pink fills, the blur carrying a little pink onto the printed
    core: the core alone looks purple (blue over pink), the strips beside it blue under pink.
    With no bleed allowed on the core this read purple."""
    colours = {1: SKY_BLUE, 2: PURPLE, 3: PINK}
    refl, dist, host = _line(SKY_BLUE, (PINK, PINK), seed=3, length=40, bleed=0.3)
    fills = _measured((PINK, PINK))
    fit = fit_lines(refl, np.zeros(len(refl), np.int64), dist, host, fills, colours, 1)[0]
    assert (fit.color, fit.core, fit.beside) == (1, 1, 1)
    assert _sure(fit)


def test_a_fill_beside_the_line_is_modelled_by_its_own_measured_colour() -> None:
    """Pink fills laid a little redder than their key swatch, a blue trace between them:
    modelled by the key's colour, the fills' extra red is put on the trace (purple);
    modelled by the spaces' own measured colour, the trace reads blue."""
    colours = {1: SKY_BLUE, 2: PURPLE, 3: PINK}
    redder = np.array([0.30, 0.17, 0.83])
    refl, dist, host = _line(SKY_BLUE, (redder, redder), seed=2, length=40, bleed=0.3)
    owner = np.zeros(len(refl), np.int64)
    fit = fit_lines(refl, owner, dist, host, _measured((redder, redder)), colours, 1)[0]
    assert fit.color == 1
    by_key = fit_lines(refl, owner, dist, host, {0: PINK, 1: PINK}, colours, 1)[0]
    assert by_key.color == 2


def test_a_line_that_could_be_either_of_two_colours_is_not_sure() -> None:
    """Half its length traced red, half blue: neither colour explains the line."""
    colours = {1: RED, 2: BLUE}
    red, dist_red, _ = _line(RED, (None, None), seed=1, length=10)
    blue, dist_blue, _ = _line(BLUE, (None, None), seed=2, length=10)
    refl, dist = np.concatenate([red, blue]), np.concatenate([dist_red, dist_blue])
    fit = fit_lines(
        refl, np.zeros(len(refl), np.int64), dist, np.full(len(refl), -1), {}, colours, 1
    )[0]
    assert not _sure(fit)


def test_pieces_of_a_printed_line_know_their_neighbours_along_it() -> None:
    masks = template_for(sheet_for("arp").sheet_code).masks
    index = {r.id: i for i, r in enumerate(masks.regions)}
    line_of = {i: r.extra.get("line") for i, r in enumerate(masks.regions)}
    segments = [i for i, r in enumerate(masks.regions) if r.kind == "segment"]
    assert segments
    ends = 0
    for i in segments:
        along = masks.along[i]
        assert 1 <= len(along) <= 2  # a piece has a neighbour at one end at least
        assert all(line_of[j] == line_of[i] for j in along)
        ends += len(along) == 1
    # Every printed line has two end pieces (and none is a single piece on a 25-line field).
    assert ends == 2 * len({line_of[i] for i in segments})
    # Spaces and Miro's curve (no named lines) have none.
    assert masks.along[index["space-1"]] == ()
    miro = template_for(sheet_for("miro").sheet_code).masks
    assert all(a == () for a in miro.along)


def _leaning(colour: int, llr: float) -> LineFit:
    """A piece read alone as ``colour``, by ``llr`` over the other of colours 1 and 2."""
    other = 3 - colour
    return LineFit(colour, other, llr, loglik={colour: 0.0, other: -llr})


def test_pieces_are_read_together_along_their_line() -> None:
    """A chain of five pieces (0-1-2-3-4) read 1 1 2 1 1: the middle one, barely 2 on its
    own, takes its line's colour; leaning to 2 by more than two changes cost, it stays 2."""
    along = [(1,), (0, 2), (1, 3), (2, 4), (3,)]
    pieces = {i: _leaning(1, 2.0) for i in range(5)}
    pieces[2] = _leaning(2, 0.5 * RUN_CHANGE)
    assert runs_along(pieces, along) == dict.fromkeys(range(5), 1)
    pieces[2] = _leaning(2, 3 * RUN_CHANGE)
    assert runs_along(pieces, along)[2] == 2
    # A run's end moves where the evidence is weakest: 1 1 2 2 2, the first 2 barely so.
    pieces = {0: _leaning(1, 2.0), 1: _leaning(1, 2.0), 2: _leaning(2, 0.1)}
    pieces |= {3: _leaning(2, 2.0), 4: _leaning(2, 2.0)}
    assert [runs_along(pieces, along)[i] for i in range(5)] == [1, 1, 2, 2, 2]
    pieces[2] = _leaning(1, 0.1)
    assert [runs_along(pieces, along)[i] for i in range(5)] == [1, 1, 1, 2, 2]


def test_a_long_stretch_read_alike_is_not_overturned() -> None:
    """Pieces read alike alone, as many in a row as a move commonly colours, stay as read
    however weakly each leans (a look-alike pencil misread throughout would otherwise carry
    them): 1 2 2 2 2 1 1 stays; a shorter stretch, 1 2 2 2 1 1 1, takes its line's colour."""
    n = RUN_KEPT + 3
    along = [(1,)] + [(i - 1, i + 1) for i in range(1, n - 1)] + [(n - 2,)]
    pieces = {i: _leaning(1, 2.0) for i in range(n)}
    pieces |= {i: _leaning(2, 0.05) for i in range(1, RUN_KEPT + 1)}
    assert runs_along(pieces, along) == {i: pieces[i].color for i in range(n)}
    del pieces[RUN_KEPT]
    pieces[RUN_KEPT] = _leaning(1, 2.0)
    assert runs_along(pieces, along) == dict.fromkeys(range(n), 1)


def test_only_pieces_read_coloured_are_chained() -> None:
    """A piece left out (read blank) breaks the chain: the pieces either side are alone."""
    along = [(1,), (0, 2), (1,)]
    pieces = {0: _leaning(1, 2.0), 2: _leaning(2, 0.01)}
    assert runs_along(pieces, along) == {}


def test_a_blank_piece_whose_pixels_fit_its_runs_colour_is_doubted() -> None:
    """A piece read blank at the end of a run whose pixels the fit gives, surely, the run's
    colour is doubted with that colour as its likeliest (for the unfinished game's mend); one
    whose fit is unsure, or names another colour than its neighbours', stays as read."""
    along = [(1,), (0, 2), (1,)]
    blank = Reading(None, 0.9, 0.01)
    run = Reading(1, 0.95, 0.8)
    fits = {0: _leaning(1, 3.0), 1: _leaning(1, 3.0), 2: _leaning(1, 3.0)}
    out = _blanks_in_runs([run, run, blank], fits, along)
    assert out[:2] == [run, run]
    assert out[2].color is None and out[2].runner_up == 1
    assert out[2].confidence < REVIEW_BELOW and out[2].reason
    for unsure in (_leaning(1, 0.5), _leaning(2, 3.0)):
        assert _blanks_in_runs([run, run, blank], fits | {2: unsure}, along)[2] == blank
    # Between two blanks, no run to continue.
    assert _blanks_in_runs([blank, blank, blank], fits, along) == [blank] * 3


def test_a_piece_beside_a_doubted_island_that_fits_its_colour_too_is_doubted() -> None:
    """Pieces 0-1-2 of one line read 3, 3, 2: piece 2 is an island (doubted as read). Piece 1
    disagrees with it; when its own pixels give the island's colour odds within
    ``ISLAND_NEIGHBOUR_LOGODDS``, either may be the misread one, so both go to review. A
    piece that fits the island's colour poorly, or already has a reason, stays as read."""
    along = [(1,), (0, 2), (1,)]
    island = Reading(2, 0.6, 0.8, "colour 2 between pieces of its line coloured 3")
    sure = Reading(3, 0.99, 0.8, loglik={2: -8.0, 3: 0.0})
    close = Reading(3, 0.81, 0.8, loglik={2: 1.0 - ISLAND_NEIGHBOUR_LOGODDS, 3: 0.0})
    ids = ["segment-1", "segment-2", "segment-3"]
    out = [sure, close, island]
    _doubt_beside_islands(out, [2], along, ids)
    assert out[0] == sure and out[2] == island
    assert out[1].color == 3 and out[1].confidence < REVIEW_BELOW
    assert out[1].reason and "segment-3" in out[1].reason
    out = [sure, sure, island]
    _doubt_beside_islands(out, [2], along, ids)
    assert out == [sure, sure, island]


def test_a_bare_printed_line_fits_no_colour_surely() -> None:
    """No pencil on the printed line or beside it: every colour fits at no pressure."""
    colours = {1: RED, 2: BLUE, 3: GREEN, 4: DARK_GREEN}
    refl, dist, _ = _line(np.ones(3), (None, None), seed=3)
    fit = fit_lines(
        refl, np.zeros(len(refl), np.int64), dist, np.full(len(refl), -1), {}, colours, 1
    )[0]
    assert fit.confidence < REVIEW_BELOW


def test_a_line_its_best_colour_explains_poorly_is_doubted_though_long() -> None:
    """Felt tip: a red trace between two blue fills whose dye bled wholly over the printed
    core, where the fit allows only a little fill. No colour explains the line well, and
    that misfit is the model's, alike along the line: counted as independent pixels, 60 mm
    of them made the reading sure (on the tuning photos such pieces were read in the wrong
    colour at 0.8-0.99). The misfit beyond the noise makes it doubtful; the colours'
    ranking and log-likelihoods (the run decoding's input) stay as fitted."""
    colours = {1: RED, 2: BLUE, 3: PURPLE}
    refl, dist, host = _line(RED, (BLUE, BLUE), seed=4, length=60, bleed=1.0)
    owner = np.zeros(len(refl), np.int64)
    fills = _measured((BLUE, BLUE))
    plain = fit_lines(refl, owner, dist, host, fills, colours, 1)[0]
    doubted = fit_lines(
        refl, owner, dist, host, fills, colours, 1, misfit_weight=DEFAULT.line_misfit_weight
    )[0]
    assert plain.color == doubted.color == 1
    assert _sure(plain)
    assert not _sure(doubted)
    assert doubted.loglik == plain.loglik


def test_a_line_its_colour_explains_within_the_noise_keeps_its_confidence() -> None:
    """A clean red trace (pressures the fit tries, camera noise only): its misfit is noise,
    so the model-error doubt leaves its confidence as it was."""
    rng = np.random.default_rng(6)
    refl = 1.0 - rng.choice(TRACE_AMOUNTS[4:11], (200, 1)) * (1.0 - RED)[None, :]
    refl = refl + rng.normal(0, 0.002, refl.shape)
    owner = np.zeros(len(refl), np.int64)
    dist, host = np.full(len(refl), 0.5, np.float32), np.full(len(refl), -1)
    colours = {1: RED, 2: BLUE, 3: PURPLE}
    plain = fit_lines(refl, owner, dist, host, {}, colours, 1)[0]
    doubted = fit_lines(
        refl, owner, dist, host, {}, colours, 1, misfit_weight=DEFAULT.line_misfit_weight
    )[0]
    assert plain.color == 1
    assert plain.misfit < 0.05**2
    assert doubted.llr == plain.llr


def test_a_line_with_no_fill_beside_it_is_not_doubted_for_its_misfit() -> None:
    """A pencil line with no filled space beside it (Miro): its misfit beyond the noise is
    its pressure between the fit's steps, not dye over the core, and its confidence stays
    (doubted, right segments of an easy Miro photo went to review)."""
    colours = {1: RED, 2: BLUE, 3: PURPLE}
    refl, dist, host = _line(RED, (None, None), seed=4, length=20)
    owner = np.zeros(len(refl), np.int64)
    plain = fit_lines(refl, owner, dist, host, {}, colours, 1)[0]
    doubted = fit_lines(
        refl, owner, dist, host, {}, colours, 1, misfit_weight=DEFAULT.line_misfit_weight
    )[0]
    assert plain.misfit > 0.05**2
    assert doubted.llr == plain.llr
