"""Review of traced line pieces read surely whose own views or context favour the runner-up.

A line piece is read by the line fit over its whole band (the printed core and the strips
beside it) and, on a curve, where the fit is weak, by its mean colour too
(``lines.with_mean_colour``). Three kinds of piece were still read surely in the wrong colour
and left out of review after solving, with small evidence margins that thousands of right
pieces share too (benchmarks/RESULTS.md, "Wrong regions left out of review: line pieces
whose core or context favours the runner-up"); what singles them out is a second view that
favours the runner-up:

* a curve's segment (Miro's) whose printed core alone, where a trace lies and a fill barely
  reaches, favours the runner-up (``Reading.core``, ``Reading.dissent``): crayon's grain and
  a close pair of keys tip the band's reading while the core still holds the trace's colour.
  Only where few of the sheet's sure segments share that pair of colours: on some photos
  (close colours, felt tip) the core favours one key over its neighbour on a dozen right
  segments, a bias of the photo rather than a misread;
* a piece of a straight line (Arp's) read in a colour no fill beside it has, another colour
  within ``line_context_margin`` of it (mostly its runner-up) the colour of a fill beside it
  and of a piece it meets on its printed line: the move that captured that space traced its
  boundary in the captor's colour, and a trace along a line runs on past the crossing;
* a piece of a straight line read in a colour a piece it meets is read in too, where that
  piece's own line fit favours this one's runner-up (the run along the line or the rules'
  stretch prior turned it, this piece's reading among their grounds), at an evidence margin
  under ``line_met_turned_margin``: a stretch misread from one end turns its other pieces
  with it (benchmarks/RESULTS.md, "Arp pieces left out of review between two keys ...").

Such a piece goes to review after solving (so that no rule's confirmation takes it out
again), its reading and confidence kept, the reason naming the runner-up. Pieces read
under ``review_below`` as measured and left out of review by the rules' confirmation are
the rules' call and are left alone, but for one kind:

* a piece the rules confirmed in a colour its own line fit does not favour, the fit telling
  no colour from another (every colour's log-likelihood within ``line_confirmed_spread`` of
  the likeliest's) and not ruling out a bare piece (``Reading.bare`` above
  ``-line_confirmed_bare``): the fit sees no trace of any colour in particular, the reading
  came from the run along its line or the order of play, and a piece a player left
  uncoloured looks just so; confirming its colour would hide that break
  (benchmarks/RESULTS.md, "Wrong regions left out of review: confirmed pieces with no
  colour of their own"). It goes to review with blank second.

And one doubt leaves review: a straight line's piece surely marked (blank ruled out) whose
only doubt is its fit's small margin between two keys ("colour between keys N and M",
:data:`.colours.BETWEEN_KEYS`), read in the colour of a piece it meets on its printed line that was
read surely and left out of review, its runner-up the colour of no fill beside it and of no
piece it meets, nor the colour a piece it meets favours by its own line fit (read otherwise
by its run or the rules), and that meets pieces on both sides along its line (not its
line's last piece). A move traces a run of pieces along one line; where the run's next piece
shows that colour surely and nothing round the piece speaks for the other, its own margin
between two keys is the pencil's scatter on a short piece, not a misread: on the tuning
photos no such piece was misread (benchmarks/RESULTS.md, "Arp's review: pieces between two
keys whose line reads their colour surely"; ``ScannerConfig.line_between_keys_met_sure``).
A line's last piece has no piece beyond it to show where the run changed colour: the
misreads so settled were all such pieces (``line_between_keys_both_sides``; "Arp pieces left
out of review between two keys: a line's last piece ...").
Its reading and confidence are kept; only the review goes. Judged on the readings as solved,
before this module's other doubts, so a piece left out here never vouches for another.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import BETWEEN_KEYS, Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import Evidence
from artsheets.scanner.lines import curve_indices
from artsheets.scanner.regions import RegionMasks

__all__ = ["doubt_line_pieces"]


def doubt_line_pieces(
    readings: dict[str, Reading],
    evidence: Mapping[str, Evidence],
    layout: Layout,
    masks: RegionMasks,
    config: ScannerConfig,
) -> int:
    """Send to review, in place, the line pieces read surely whose core (a curve's) or
    context (a straight line's) favours their runner-up (see the module's docstring).
    ``evidence``: the measured evidence per region (``solve.Solution.evidence``); ``masks``:
    the template's regions, their pixels' hosts and pieces along each line. Returns how many
    were sent."""
    ids = masks.ids
    curve = curve_indices(layout, ids)
    settled = [
        reg.id
        for i, reg in enumerate(masks.regions)
        if reg.kind == "segment" and i not in curve and _settled_by_line(i, readings, masks, config)
    ]
    # A pair (reading, core's colour) that many of the sheet's sure segments share is the
    # photo's own bias in the core's view (a close pair of keys), not a misread's sign.
    shared = Counter(
        (rd.color, rd.core)
        for i in curve
        if (rd := readings.get(ids[i])) is not None and _core_dissents(rd, config)
    )
    sent = 0
    for i, reg in enumerate(masks.regions):
        if reg.kind != "segment":
            continue
        rd = readings.get(reg.id)
        ev = evidence.get(reg.id)
        if rd is None or ev is None or rd.reason is not None or rd.color is None:
            continue
        if rd.confidence < config.review_below:  # doubted as measured, confirmed by the rules
            if _colourless(rd, config):
                readings[reg.id] = replace(rd, runner_up=None).doubted(rd.confidence, COLOURLESS)
                sent += 1
            continue
        if rd.runner_up is None:
            continue  # blank second
        margin = ev.lead(rd.color)
        if i in curve:
            alone = shared[(rd.color, rd.core)] <= config.line_core_runner_alone
            why = _core_favours(rd, margin, config) if alone else None
        else:
            why = _context_favours(rd, ev, margin, i, masks, readings, config)
            if why is None:
                why = _met_turned(rd, margin, i, masks, readings, config)
        if why is not None:
            readings[reg.id] = rd.doubted(rd.confidence, why)
            sent += 1
    for rid in settled:
        readings[rid] = replace(readings[rid], reason=None)
    return sent


def _settled_by_line(
    i: int, readings: Mapping[str, Reading], masks: RegionMasks, config: ScannerConfig
) -> bool:
    """Whether straight piece ``i``, surely marked, is in review only for its fit's margin
    between two keys, meets on its printed line a piece read surely in its colour and left
    out of review, and has a runner-up that no fill beside it and no piece it meets is read
    in (see the module's docstring)."""
    if not config.line_between_keys_met_sure:
        return False
    rd = readings.get(masks.regions[i].id)
    if rd is None or rd.color is None or rd.reason is None or not rd.surely_marked:
        return False  # (not surely marked: blank is close too, whatever the runner-up)
    match = BETWEEN_KEYS.fullmatch(rd.reason)
    if match is None or int(match.group(1)) != rd.color:
        return False
    beside, met = line_neighbours(i, masks, readings)
    if config.line_between_keys_both_sides and len(masks.along[i]) < 2:
        return False  # its line's last piece: no piece beyond it shows where the run turned
    if not any(m.color == rd.color and m.sure(config.review_below) for m in met):
        return False
    # Nothing round it speaks for the runner-up: no fill beside it, no piece it meets, nor
    # a piece it meets by its own line fit (read otherwise by its run or the rules).
    if rd.runner_up in {r.color for r in (*beside, *met)}:
        return False
    return not (config.line_between_keys_met_own and rd.runner_up in {_own(m) for m in met})


def _met_turned(
    rd: Reading,
    margin: float,
    i: int,
    masks: RegionMasks,
    readings: Mapping[str, Reading],
    config: ScannerConfig,
) -> str | None:
    """The reason a straight line's sure piece is doubted, or None: a piece it meets on its
    line is read in its colour while that piece's own line fit favours its runner-up (the run
    along the line or the rules turned it, this piece's reading among their grounds), at an
    evidence margin under ``line_met_turned_margin`` (see the module's docstring)."""
    if margin >= config.line_met_turned_margin:
        return None
    _, met = line_neighbours(i, masks, readings)
    if not any(m.color == rd.color and _own(m) == rd.runner_up for m in met):
        return None
    return (
        f"colour {rd.color} by its pixels, but a piece along its line read so favours "
        f"colour {rd.runner_up} by its own"
    )


def _own(rd: Reading) -> int | None:
    """The colour a piece's own line fit favours (``Reading.loglik``'s likeliest), or None
    where it was not measured so."""
    if not rd.loglik:
        return None
    return max(rd.loglik, key=rd.loglik.__getitem__)


def line_neighbours(
    i: int, masks: RegionMasks, readings: Mapping[str, Reading]
) -> tuple[list[Reading], list[Reading]]:
    """The readings of the regions beside straight piece ``i`` (those its pixels lie in:
    the fills either side) and of the pieces it meets on its printed line: the context the
    doubts of a piece weigh."""
    ids = masks.ids
    hosts = masks.host[masks.starts[i] : masks.starts[i + 1]]
    beside = [readings[ids[h]] for h in np.unique(hosts[hosts >= 0]) if ids[h] in readings]
    met = [readings[ids[j]] for j in masks.along[i] if ids[j] in readings]
    return beside, met


COLOURLESS = (
    "the rules confirm its colour, but its own line favours no colour (another fits it "
    "better) and may be bare: a piece left uncoloured?"
)


def _colourless(rd: Reading, config: ScannerConfig) -> bool:
    """Whether a piece is read in a colour its line fit does not favour, the fit telling no
    colour apart (every colour's log-likelihood within ``line_confirmed_spread`` of the
    likeliest's) and leaving a bare piece within ``line_confirmed_bare`` log-odds (see the
    module's docstring)."""
    if len(rd.loglik) < 2 or rd.bare <= -config.line_confirmed_bare:
        return False
    best, least = max(rd.loglik.values()), min(rd.loglik.values())
    return rd.loglik.get(rd.color, least) < best and best - least < config.line_confirmed_spread


def _core_dissents(rd: Reading, config: ScannerConfig) -> bool:
    """Whether a segment read surely and left out of review has a core that favours its
    runner-up by ``line_core_runner_dissent`` or more."""
    return (
        rd.sure(config.review_below)
        and rd.core is not None
        and rd.core != rd.color
        and rd.core == rd.runner_up
        and rd.dissent >= config.line_core_runner_dissent
    )


def _core_favours(rd: Reading, margin: float, config: ScannerConfig) -> str | None:
    """The reason a curve's segment is doubted, or None: its core alone favours its
    runner-up (:func:`_core_dissents`), its margin under ``line_core_runner_margin``."""
    if not _core_dissents(rd, config) or margin >= config.line_core_runner_margin:
        return None
    return f"colour {rd.color} by its line, but its printed core alone favours colour {rd.core}"


def _context_favours(
    rd: Reading,
    ev: Evidence,
    margin: float,
    i: int,
    masks: RegionMasks,
    readings: Mapping[str, Reading],
    config: ScannerConfig,
) -> str | None:
    """The reason a straight line's piece is doubted, or None: read in a colour no fill
    beside it has, another colour, of a fill beside it and of a piece it meets on its line,
    within ``line_context_margin`` of it by the evidence (``ev``; ``margin``: the reading's
    own, over its runner-up). That colour is mostly the runner-up; where it is not (the
    fit's third colour, at its runner-up's margin and more), the context says the same (a
    stretch of a steep photo's line read in the look-alike key, the fills beside it and
    the piece it meets surely in its true colour: benchmarks/RESULTS.md, "Arp's and Miro's
    wrong line pieces in register by stage")."""
    if margin >= config.line_context_margin or not masks.along[i]:
        return None
    beside_rd, met_rd = line_neighbours(i, masks, readings)
    beside = {r.color for r in beside_rd}
    met = {r.color for r in met_rd}
    if rd.color in beside:
        return None
    own = ev.loglik.get(rd.color, 0.0)
    close = [
        (own - ev.loglik[k], k != rd.runner_up, k)
        for k in met & beside
        if k is not None and k in ev.loglik and own - ev.loglik[k] < config.line_context_margin
    ]
    if not close:
        return None
    k = min(close)[2]  # the closest (the runner-up first where as close)
    return (
        f"colour {rd.color} by its pixels, but colour {k}, of a fill beside it "
        "and a piece along its line, is close"
    )
