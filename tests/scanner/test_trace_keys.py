"""Each key's trace learned from the sheet's surely read pieces (scanner/tracekeys.py): a
key whose traces all lie off its swatch towards a look-alike's is read by its pieces on
bare paper surely, and its pieces between fills, read against the swatches as the
look-alike, follow them once the key's trace is learned."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit, fit_lines
from artsheets.scanner.tracekeys import fit_traces, trace_references

# Linear BGR of paper-relative swatches: a blue, its look-alike purple, and a yellow fill.
BLUE = np.array([0.60, 0.09, 0.02])
PURPLE = np.array([0.38, 0.05, 0.20])
YELLOW = np.array([0.03, 0.68, 0.91])
SWATCHES = {1: BLUE, 2: PURPLE, 3: YELLOW}
OPEN, BETWEEN = 6, 8  # pieces on bare paper, pieces between yellow fills


def _density(c: np.ndarray) -> np.ndarray:
    return -np.log(np.clip(c, 1e-4, 1.0))


def _sheet(seed: int = 0, shift: float = 0.6, px: int = 40):
    """Blue traces whose density lies ``shift`` of the way to purple's (the swatch's
    length kept), laid as layers at pressures 0.4-0.9: ``OPEN`` pieces on paper (4 ``px``
    pixels each), then ``BETWEEN`` pieces between yellow fills (``px`` each); a third of the
    pixels on the printed core (under a grey), the rest 0.45 mm beside it."""
    rng = np.random.default_rng(seed)
    trace = (1 - shift) * _density(BLUE) + shift * _density(PURPLE)
    trace *= np.linalg.norm(_density(BLUE)) / np.linalg.norm(trace)
    refl, owner, mm, host = [], [], [], []
    for i in range(OPEN + BETWEEN):
        filled = i >= OPEN
        for _ in range(px if filled else 4 * px):
            on_core = rng.random() < 0.3
            r = np.exp(-rng.uniform(0.4, 0.9) * trace)
            h = 100 + 2 * i + int(rng.random() < 0.5) if filled else -1
            if filled and not on_core:
                r = r * (1 - rng.uniform(0.5, 1.0) * (1 - YELLOW))
            if on_core:
                r = r * rng.uniform(0.4, 0.6)
            refl.append(r + rng.normal(0, 0.02, 3))
            owner.append(i)
            mm.append(0.1 if on_core else 0.45)
            host.append(h)
    fills = {h: 1 - 0.75 * (1 - YELLOW) for h in set(host) if h >= 0}
    return (
        np.clip(np.array(refl, np.float32), 0.001, 1.2),
        np.array(owner),
        np.array(mm, np.float32),
        np.array(host),
        fills,
    )


def _read(rounds: int, seed: int = 0) -> dict[int, LineFit]:
    refl, owner, mm, host, fills = _sheet(seed)
    read = dict.fromkeys(fills, 3)

    def fit(keys, layer: bool) -> dict[int, LineFit]:
        return fit_lines(
            refl, owner, mm, host, fills, dict(keys), OPEN + BETWEEN, fill_colours=read, layer=layer
        )

    config = replace(DEFAULT, trace_keys_rounds=rounds)
    return fit_traces(fit, False, refl, owner, mm, host, SWATCHES, config)


def test_pieces_between_fills_follow_their_keys_learned_trace() -> None:
    for seed in range(3):
        swatches, learned = _read(0, seed), _read(DEFAULT.trace_keys_rounds, seed)
        assert all(swatches[i].color == 1 for i in range(OPEN))
        # Against the swatches most pieces between the fills read as the look-alike.
        assert sum(swatches[i].color == 2 for i in range(OPEN, OPEN + BETWEEN)) >= BETWEEN // 2
        assert all(f.color == 1 for f in learned.values())


def test_a_piece_the_references_turn_is_doubted() -> None:
    swatches, learned = _read(0), _read(DEFAULT.trace_keys_rounds)
    turned = [i for i in learned if swatches[i].color != learned[i].color]
    assert turned
    for i in turned:
        assert learned[i].llr == 0.0 and learned[i].runner_up == swatches[i].color
    # The pieces read alike keep the smaller of their two margins: never surer than before.
    alike = [i for i in learned if i not in turned]
    assert alike and all(learned[i].llr <= swatches[i].llr for i in alike)
    assert all(learned[i].llr > 2 for i in range(OPEN))


def test_a_key_moves_towards_its_traces_and_not_without_sure_pieces() -> None:
    refl, owner, mm, host, _ = _sheet()
    fits = {
        i: LineFit(1, 2, 9.0, loglik={1: 0.0, 2: -9.0, 3: -20.0}) for i in range(OPEN + BETWEEN)
    }
    learned = trace_references(fits, refl, owner, mm, host, SWATCHES, DEFAULT)
    toward = _density(PURPLE) / np.linalg.norm(_density(PURPLE))

    def unit(c: np.ndarray) -> np.ndarray:
        return _density(c) / np.linalg.norm(_density(c))

    assert unit(learned[1]) @ toward > unit(BLUE) @ toward
    assert learned[2] is PURPLE and learned[3] is YELLOW  # no pieces of theirs
    weak = {i: replace(f, loglik={1: 0.0, 2: -1.0, 3: -20.0}) for i, f in fits.items()}
    assert trace_references(weak, refl, owner, mm, host, SWATCHES, DEFAULT)[1] is BLUE
