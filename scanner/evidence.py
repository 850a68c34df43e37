"""Evidence: per region, how well each possible reading (a colour in play, or blank) explains
its pixels, as log-likelihoods relative to the best (0 for it, negative for the others).

The solver (:mod:`artsheets.scanner.solve`) weighs readings of the whole sheet by these; the
margin of the best over the next is what sends a region to review. Built from the
measurement step's :class:`~artsheets.scanner.colours.Reading`: where the measurement gives
per-colour log-likelihoods (traced lines, faint marks) they are kept; otherwise the
reading's confidence ``c`` is the probability of its colour against its runner-up, a margin
of ``log(c / (1 - c))``, capped by :attr:`ScannerConfig.max_logodds`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import OUTSIDE, Reading
from artsheets.scanner.config import ScannerConfig

__all__ = ["Evidence", "Option", "beside_fills", "evidence_of", "logodds"]

Option = int | None  # a colour index, or None for blank


def logodds(confidence: float, cap: float) -> float:
    """The log-odds ``log(c / (1 - c))`` of a confidence, within [0, cap]."""
    c = min(max(confidence, 0.5), 1.0)
    if c >= 1.0:
        return cap
    return min(cap, math.log(c / (1.0 - c)))


@dataclass(frozen=True)
class Evidence:
    """One region's evidence: each option's log-likelihood against the best (<= 0)."""

    loglik: Mapping[Option, float]

    @property
    def best(self) -> Option:
        return max(self.loglik, key=lambda o: (self.loglik[o], o is None))

    @property
    def second(self) -> Option:
        """The next likeliest option (the best itself when there is only one)."""
        others = [o for o in self.loglik if o != self.best]
        if not others:
            return self.best
        return max(others, key=lambda o: (self.loglik[o], o is None))

    @property
    def margin(self) -> float:
        """How much likelier (log) the best reading is than the next one."""
        return self.against(self.second)

    def against(self, option: Option) -> float:
        """How much likelier (log) the best reading is than ``option`` (0 for the best)."""
        return self.loglik[self.best] - self.loglik.get(option, -math.inf)

    def lead(self, option: Option) -> float:
        """How much likelier (log) ``option`` is than the likeliest other option: a reading's
        own margin, which differs from :attr:`margin` where the rules read a region otherwise
        than its best (negative then; infinite where there is no other option)."""
        others = (v for o, v in self.loglik.items() if o != option)
        return self.loglik.get(option, -math.inf) - max(others, default=-math.inf)


def evidence_of(reading: Reading, colours: Iterable[int], config: ScannerConfig) -> Evidence:
    """The evidence a measured reading states, over blank and ``colours``.

    A region out of the photo states none (every option alike). The runner-up sits the
    reading's margin below it; other colours further (by ``beyond_second_logodds``, or as
    far as the line fit measured them); blank, for a region surely marked (doubt only about
    which colour), as far as evidence goes."""
    options: list[Option] = [None, *colours]
    if reading.reason == OUTSIDE:
        return Evidence(dict.fromkeys(options, 0.0))
    cap = config.max_logodds
    margin = logodds(reading.confidence, cap)
    ll: dict[Option, float] = {}
    for o in options:
        if o == reading.color:
            ll[o] = 0.0
        elif o == reading.runner_up:
            ll[o] = -margin
        elif o is None and reading.surely_marked:
            ll[o] = -cap
        elif o is None:
            ll[o] = -margin
        else:
            beyond = margin + config.beyond_second_logodds
            ll[o] = -max(beyond, -reading.loglik.get(o, -beyond))
    return Evidence(ll)


def beside_fills(
    layout: Layout,
    readings: Mapping[str, Reading],
    evidence: dict[str, Evidence],
    config: ScannerConfig,
) -> dict[str, Evidence]:
    """``evidence`` with each line piece's (a field's ``pieces``: Arp) log-likelihood of the
    colours of the spaces beside it, as measured, other than its best, scaled by
    ``config.beside_fill_evidence_scale``. The line fit explains a fill's pencil reaching
    into the piece's band, so a trace read in another colour is stated only a little
    likelier than the fill's colour, and a capture's check (a filled space needs a side in
    its colour) would be satisfied by such a side at a cost the rules' prior outweighs: a
    player's recoloured side was then mended away by its neighbour. On the tuning photos the
    fill's colour was the truth far less often than the stated margins say (see the
    setting's measurement)."""
    scale = config.beside_fill_evidence_scale
    data = layout.topology.data if layout.topology is not None else {}
    pieces = data.get("pieces")
    if scale == 1.0 or not pieces:
        return evidence
    sides: Mapping[str, list[str]] = data.get("segment_spaces", {})
    out = dict(evidence)
    for line in pieces.values():
        for rid in line:
            ev = evidence.get(rid)
            if ev is None or ev.best is None:
                continue
            fills = {readings[s].color for s in sides.get(rid, ()) if s in readings}
            fills -= {None, ev.best}
            if fills & set(ev.loglik):
                out[rid] = Evidence(
                    {o: v * scale if o in fills else v for o, v in ev.loglik.items()}
                )
    return out


def measured_evidence(
    layout: Layout,
    readings: Mapping[str, Reading],
    colours: Iterable[int],
    config: ScannerConfig,
) -> tuple[dict[str, Evidence], dict[str, Evidence]]:
    """Each region's evidence as measured (``evidence_of``), and the same with each line
    piece's fills beside it weighed (``beside_fills``): the solver prices its changes by the
    second and keeps what stays as measured by the first; one function, so that the
    benchmarks replaying the solve weigh exactly what it weighs."""
    in_play = list(colours)
    measured = {rid: evidence_of(rd, in_play, config) for rid, rd in readings.items()}
    return measured, beside_fills(layout, readings, measured, config)
