"""A line piece read surely goes to review where its printed core and its line both read
another colour (``colours._doubt_split``), its reading and confidence kept."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading, _doubt_split
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

SURE = Reading(1, 0.995, 1.0, runner_up=3, surely_marked=True)
ALONG = [[1], [0, 2], [1]]  # three pieces end to end: 0 - 1 - 2


def _run(fit: LineFit, neighbour: int | None, alone: dict[int, int] | None = None) -> list[Reading]:
    out = [Reading(neighbour, 0.99, 1.0), SURE, Reading(None, 0.99, 0.0)]
    fits = {1: fit}
    _doubt_split(out, fits, alone or {}, ALONG, DEFAULT)
    return out


SPLIT = LineFit(color=1, runner_up=3, llr=5.0, core=3, beside=1, dissent=0.02)


def test_core_and_line_disagreeing_send_a_sure_piece_to_review() -> None:
    out = _run(SPLIT, neighbour=3)
    assert out[1].reason is not None and "core alone favours 3" in out[1].reason
    assert (out[1].color, out[1].confidence) == (1, SURE.confidence)  # nothing else changes


def test_a_neighbour_read_alone_counts_not_its_run_colour() -> None:
    out = _run(SPLIT, neighbour=1, alone={0: 3})
    assert out[1].reason is not None and "reads 3" in out[1].reason


def test_one_view_alone_or_a_wide_margin_keeps_it_sure() -> None:
    assert _run(SPLIT, neighbour=1)[1].reason is None  # its line agrees
    assert _run(replace(SPLIT, core=1), neighbour=3)[1].reason is None  # its core agrees
    wide = replace(SPLIT, llr=DEFAULT.line_split_doubt_logodds)
    assert _run(wide, neighbour=3)[1].reason is None
    assert _run(SPLIT, neighbour=None)[1].reason is None  # no coloured piece met
