"""Shortcuts taken for speed give exactly what the plain computation gives: the order search
of a reading changed in a few regions, the refinement's tiles worth matching, a shadow edge's
bend, the light's paper estimate, its smooth surface under the sure paper and the ink's cast,
the overlay's enlarged picture, a traced line's least misfit and its pixels' groups, CIELAB
distances to the keys' curves."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np

from artsheets.scanner import overlay
from artsheets.scanner.colours import _lab_distances
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.light import (
    CLIPPED,
    _below_sure,
    _bend,
    _block_quantile,
    _ink_cast,
    _medians_by,
    _paper_estimate,
    _quantile_of_valid,
    _ramp,
    three,
    to_linear,
)
from artsheets.scanner.lines import (
    CHUNK,
    _beside_groups,
    _channel_mean,
    _channel_sum,
    _core_by_sides,
    _least_misfit,
    _less_halo,
    _sq_distances,
    line_sides,
)
from artsheets.scanner.png import rgb_rows
from artsheets.scanner.refine import _structured
from artsheets.scanner.scoring import order_search, order_searcher

from .test_mend import _arp_sheet


def test_an_order_searcher_answers_as_the_search_of_the_changed_reading() -> None:
    """Changes to colours and to blank, of pieces and of regions outside the position, with
    budgets that cut searches short: every answer equals ``order_search``'s."""
    layout, _, colours, _ = _arp_sheet()
    search = order_searcher(layout, colours, None)
    pieces = sorted(layout.topology.data["pieces"].values(), key=len)[-1]
    changes: list[dict[str, int | None]] = [{}, {"key-1": 2}]
    for k, piece in enumerate(pieces[:6]):
        changes += [{piece: (colours[piece] or 0) % 4 + 1}, {piece: None}]
        changes.append(dict.fromkeys(pieces[k : k + 3], k % 4 + 1))
    for change in changes:
        for budget in (None, 1, 50):
            want = order_search(layout, colours | change, None, budget)
            assert search(change, budget) == want, (change, budget)


def _plain(templ: np.ndarray, ys: list[int], xs: list[int], tile: int) -> np.ndarray:
    out = np.zeros((len(ys), len(xs)), bool)
    for i, y in enumerate(ys):
        for j, x in enumerate(xs):
            t = templ[y : y + tile, x : x + tile]
            out[i, j] = t.std() >= 6.0 and np.count_nonzero(t > 40) >= tile
    return out


def test_tiles_worth_matching_are_those_the_tile_by_tile_test_finds() -> None:
    """Whole-number strokes as the refinement makes them, with tiles whose spread is exactly
    the bar (6.0), just below and above it, blank, and random."""
    rng = np.random.default_rng(0)
    tile = 20
    templ = rng.integers(0, 4, (200, 260)).astype(np.float32)
    templ[10:30, 10:30] = np.where(np.indices((20, 20)).sum(0) % 2, 12.0, 0.0)  # std 6.0
    templ[10:30, 50:70] = np.where(np.indices((20, 20)).sum(0) % 2, 53.0, 41.0)  # std 6.0
    templ[50:70, 10:30] = np.where(np.indices((20, 20)).sum(0) % 2, 52.0, 41.0)  # 5.5
    templ[50:70, 50:70] = 0.0
    templ[90:200, :] = rng.integers(0, 255, (110, 260)).astype(np.float32)
    ys = [*range(0, 200 - tile, 10), 5]
    xs = [*range(0, 260 - tile, 10), 7]
    got = _structured(templ, np.array(ys, np.int64), np.array(xs, np.int64), tile)
    want = _plain(templ, ys, xs, tile)
    assert want.any() and not want.all()
    assert np.array_equal(got, want)


def _plain_bend(
    along: np.ndarray, d: np.ndarray, level: np.ndarray, width: float, config: ScannerConfig
) -> tuple[tuple[float, float], ...]:
    """The bend as it was first written: every section's pixels picked from all of them."""
    out: list[tuple[float, float]] = []
    section = config.bend_section_mm
    steps = np.arange(-config.bend_max_mm, config.bend_max_mm + 0.01, 0.1)[:, None]
    for start in np.arange(float(along.min()), float(along.max()), config.bend_step_mm):
        sel = (along >= start) & (along < start + section) & (np.abs(d) <= 4.0)
        bins = np.round(d[sel] / 0.2).astype(int)
        centres = np.unique(bins)
        if (centres < -3).sum() < 3 or (centres > 3).sum() < 3:
            continue
        profile = np.array([np.median(level[sel][bins == c]) for c in centres])
        err = ((profile[None, :] - _ramp(centres[None, :] * 0.2 - steps, width)) ** 2).sum(axis=1)
        out.append((float(start + section / 2), float(steps[int(np.argmin(err)), 0])))
    return tuple(out)


def test_a_shadow_edges_bend_is_the_one_every_section_picked_from_all_pixels_gives() -> None:
    rng = np.random.default_rng(1)
    bent = 0
    for _ in range(100):
        n = int(rng.integers(50, 20000))
        along = (rng.random(n) * rng.uniform(5, 300)).astype(rng.choice([np.float32, np.float64]))
        d = rng.normal(0, rng.uniform(0.5, 6), n)
        level = np.clip(0.5 + d / 3 + rng.normal(0, 0.2, n), 0, 1).astype(np.float32)
        width = float(rng.uniform(0.3, 4))
        got = _bend(along, d, level, width, DEFAULT)
        assert got == _plain_bend(along, d, level, width, DEFAULT)
        bent += bool(got)
    assert bent > 50  # most cases have sections to fit


def _plain_fine_quantile(
    small: np.ndarray, cand: np.ndarray, where: np.ndarray, out: np.ndarray, config: ScannerConfig
) -> None:
    """The fine quantile as it was first written: every block's samples gathered."""
    ys, xs = np.nonzero(where)
    r = config.fine_window // 2
    offs = np.arange(-r, r + 1, config.fine_stride)
    oy, ox = np.meshgrid(offs, offs, indexing="ij")
    h, w = cand.shape
    yy = np.clip(ys[:, None] + oy.ravel()[None, :], 0, h - 1)
    xx = np.clip(xs[:, None] + ox.ravel()[None, :], 0, w - 1)
    flat = yy * w + xx
    valid = (cand > 0.5).ravel()
    ok = valid[flat]
    count = ok.sum(axis=1)
    enough = count >= ok.shape[1] // 3
    if not enough.any():
        return
    values = np.where(valid[:, None], small.reshape(-1, 3), -np.inf)
    vals = values[flat[enough]]
    out[ys[enough], xs[enough]] = _quantile_of_valid(vals.transpose(0, 2, 1), count[enough], config)


def _plain_window_means(small: np.ndarray, cand: np.ndarray) -> np.ndarray:
    est = np.zeros_like(small)
    done = np.zeros(cand.shape, bool)
    weighted = small * three(cand)
    for size in (5, 11, 25, 61, 151):
        den = cv2.boxFilter(cand, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        num = cv2.boxFilter(weighted, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        enough = (den > 0.1) & ~done
        np.divide(num, three(den), out=est, where=three(enough))
        done |= enough
        if done.all():
            break
    if not done.all():
        est[~done] = np.median(small[cand > 0], axis=0) if cand.any() else 1.0
    return est


def _plain_paper_estimate(small: np.ndarray, cand: np.ndarray, config: ScannerConfig) -> np.ndarray:
    h, w = cand.shape
    out = _plain_window_means(small, cand)
    done = np.zeros((h, w), bool)
    for b in config.quantile_blocks:
        q, enough = _block_quantile(small, cand, b, config)
        full_q = cv2.resize(q, (w, h), interpolation=cv2.INTER_NEAREST)
        full_ok = cv2.resize(enough.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST) > 0
        np.copyto(out, full_q, where=three(full_ok & ~done))
        done |= full_ok
    if not done.all():
        _plain_fine_quantile(small, cand, ~done, out, config)
    return cv2.GaussianBlur(out, (0, 0), 1.0)


def test_the_paper_estimate_is_the_one_every_blocks_gathered_samples_give() -> None:
    """The fine quantile's samples counted by shifted views, the window means made last and
    only where needed: the same estimate as gathering every block's samples, on random
    grids of paper from sparse (window means everywhere) to dense, edges included."""
    rng = np.random.default_rng(7)
    for share in (0.02, 0.1, 0.25, 0.45, 0.7, 0.95):
        for h, w in ((60, 43), (297, 210), (7, 5)):
            small = rng.uniform(0.2, 1.1, (h, w, 3)).astype(np.float32)
            cand = (rng.random((h, w)) < share).astype(np.float32)
            cand *= rng.uniform(0.4, 1.0, (h, w)).astype(np.float32)
            want = _plain_paper_estimate(small, cand, DEFAULT)
            assert np.array_equal(_paper_estimate(small, cand, DEFAULT), want), (share, h, w)


def _terms(x: np.ndarray, y: np.ndarray, h: int, w: int) -> np.ndarray:
    u, v = x / w - 0.5, y / h - 0.5
    return np.stack([np.ones_like(u), u, v, u * u, u * v, v * v], axis=-1)


def test_the_smooth_surface_under_the_sure_paper_is_the_plain_fit() -> None:
    """:func:`_below_sure` with its grid's terms made once a shape: the plain fit's values."""
    rng = np.random.default_rng(3)
    for h, w in ((297, 210), (210, 297), (40, 30)):
        level = rng.uniform(0.5, 1.2, (h, w)).astype(np.float32)
        for share in (0.002, 0.05, 0.4):
            weight = (rng.random((h, w)) < share).astype(np.float32)
            ys, xs = np.nonzero(weight > 0)
            if len(ys) < 10:
                want = np.ones((h, w), np.float32)
            else:
                a = _terms(xs.astype(np.float64), ys.astype(np.float64), h, w)
                b = level[ys, xs].astype(np.float64)
                keep = np.ones(len(b), bool)
                for _ in range(2):
                    coef = np.linalg.lstsq(a[keep], b[keep], rcond=None)[0]
                    keep = np.abs(a @ coef - b) <= 0.1 * np.abs(a @ coef)
                    if keep.sum() < 10:
                        break
                gy, gx = np.mgrid[0:h, 0:w].astype(np.float64)
                want = (level / np.maximum(_terms(gx, gy, h, w) @ coef, 1e-6)).astype(np.float32)
            assert np.array_equal(_below_sure(level, weight), want), (h, w, share)


def test_the_inks_cast_is_the_plain_one() -> None:
    """:func:`_ink_cast` gathering the ink by its flat indices, its tests on sums and the
    channels' max: the cast the plain mean and max over the pixels' channels give."""
    rng = np.random.default_rng(5)
    h, w = 120, 90
    ink = rng.random((h, w)) < 0.3

    tpl = SimpleNamespace(furniture_ink=ink, tables={})
    for lo, hi in ((0, 256), (30, 60), (200, 256)):
        work = rng.integers(lo, hi, (h, w, 3), dtype=np.uint8)
        px = work[ink]
        ok = (px.max(axis=1) < CLIPPED - 5) & (px.mean(axis=1) > 40)
        config = ScannerConfig(ink_pixels_enough=50)
        if ok.sum() < config.ink_pixels_enough:
            want = None
        else:
            lin = to_linear(px[ok])
            want = np.median(lin / lin.mean(axis=1, keepdims=True), axis=0).astype(np.float32)
        got = _ink_cast(work, tpl, config)  # type: ignore[arg-type]
        assert (got is None) == (want is None)
        if want is not None:
            assert np.array_equal(got, want)


def test_the_overlays_picture_is_the_sheet_enlarged_at_once() -> None:
    """The overlay's faded picture widened into every other row and copied down: the same
    pixels as enlarging it whole by repeating each pixel."""
    rng = np.random.default_rng(11)
    for h, w in ((297, 210), (3, 5), (1, 1)):
        image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        want = cv2.resize(
            cv2.cvtColor(cv2.LUT(image, overlay._FADE), cv2.COLOR_BGR2RGB),
            (w * overlay.SCALE, h * overlay.SCALE),
            interpolation=cv2.INTER_NEAREST,
        )
        _, got = rgb_rows(h * overlay.SCALE, w * overlay.SCALE)
        got[:] = 1
        overlay._fill_picture(image, got)
        assert np.array_equal(got, want), (h, w)


def test_group_medians_are_numpys_medians_of_each_group() -> None:
    """:func:`_medians_by` (a shadow edge's profiles): ``np.median`` of each group, odd and
    even sizes, ties, float32 and float64, NaN."""
    rng = np.random.default_rng(13)
    for trial in range(400):
        n = int(rng.integers(1, 300))
        values = rng.normal(size=n).astype(np.float32 if trial % 2 else np.float64)
        if trial % 5 == 0:
            values = np.round(values, 1)
        if trial % 9 == 0:
            values[rng.integers(0, n)] = np.nan
        groups = rng.integers(-12, 12, n)
        centres = np.unique(groups)
        want = np.array([np.median(values[groups == c]) for c in centres])
        got = _medians_by(values, groups, centres)
        assert got.dtype == want.dtype
        assert np.array_equal(got, want, equal_nan=True), trial


def _least_misfit_by_pixel(dens: np.ndarray, combos: np.ndarray, halo: float) -> np.ndarray:
    """The least misfit worked as (pixels, combinations) arrays, the least taken across
    each pixel's row."""
    out = np.empty(len(dens), np.float32)
    c2 = (combos * combos).sum(axis=1)[None, :]
    cmean = combos.mean(axis=1)[None, :]
    for a in range(0, len(dens), CHUNK):
        d = dens[a : a + CHUNK]
        sq = _sq_distances(d, combos, c2)
        if halo > 0:
            _less_halo(sq, np.subtract(d.mean(axis=1)[:, None], cmean), halo)  # numpy's mean
        out[a : a + CHUNK] = np.maximum(sq.min(axis=1), 0.0)
    return out


def test_a_lines_least_misfit_is_the_one_worked_pixel_by_pixel() -> None:
    """Densities and combinations as the line fit makes them (float32, one pixel to past a
    chunk, one combination to hundreds, with and without the neutral halo): the same bits."""
    rng = np.random.default_rng(7)
    for n, m in ((1, 1), (3, 7), (200, 375), (CHUNK + 5, 105), (900, 16)):
        dens = rng.uniform(0.0, 3.0, (n, 3)).astype(np.float32)
        combos = rng.uniform(0.0, 4.0, (m, 3)).astype(np.float32)
        for halo in (0.0, 0.15):
            got = _least_misfit(dens, combos, halo)
            want = _least_misfit_by_pixel(dens, combos, halo)
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (n, m, halo)


def test_lab_distances_are_numpys_sum_over_the_channels() -> None:
    """One region to a thousand, one curve point to hundreds (float32, as CIELAB comes from
    OpenCV): the same bits as the (n, m, 3) differences squared and summed."""
    rng = np.random.default_rng(11)
    for n, m in ((1, 1), (1, 140), (470, 1), (470, 140), (1000, 320), (7, 3)):
        lab = rng.uniform(-80.0, 100.0, (n, 3)).astype(np.float32)
        points = rng.uniform(-80.0, 100.0, (m, 3)).astype(np.float32)
        d = lab[:, None, :] - points[None, :, :]
        want = np.sqrt((d**2).sum(axis=2))
        got = _lab_distances(lab, points)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (n, m)


def test_a_pixels_channel_sum_and_mean_are_numpys() -> None:
    """Densities of bare paper are -0.0 (``-log(1)``): numpy's sum and mean make them 0.0,
    and so do these; every other value the same bits too."""
    rng = np.random.default_rng(3)
    for n in (1, 2, 5, 4096, 5000):
        d = rng.uniform(0.0, 3.0, (n, 3)).astype(np.float32)
        d[rng.random((n, 3)) < 0.3] = -0.0
        for got, want in ((_channel_sum(d), d.sum(axis=1)), (_channel_mean(d), d.mean(axis=1))):
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), n


def _plain_sides(owner: np.ndarray, host: np.ndarray, core: np.ndarray) -> dict[int, list]:
    """Per line, (pixels, space) of the filled spaces beside it, from numpy's unique over the
    stacked pairs (the plain way)."""
    filled = ~core & (host >= 0)
    pairs, counts = np.unique(np.stack([owner[filled], host[filled]]), axis=1, return_counts=True)
    beside: dict[int, list] = {}
    for (line, space), n in zip(pairs.T.tolist(), counts.tolist(), strict=True):
        beside.setdefault(line, []).append((n, space))
    return beside


def _plain_core_groups(owner: np.ndarray, host: np.ndarray, core: np.ndarray) -> list:
    beside = _plain_sides(owner, host, core)
    sides = {line: tuple(sorted(h for _, h in sorted(v)[-2:])) for line, v in beside.items()}
    kinds = sorted(set(sides.values()) | {()})
    kind_of_line = np.zeros(int(owner.max()) + 1, np.int64)
    for line, k in sides.items():
        kind_of_line[line] = kinds.index(k)
    idx = np.flatnonzero(core)
    kind = kind_of_line[owner[idx]]
    return [(k, idx[kind == n]) for n, k in enumerate(kinds) if np.any(kind == n)]


def _plain_beside_groups(owner: np.ndarray, host: np.ndarray, core: np.ndarray, across: bool):
    off = ~core
    if not across:
        hosts = np.unique(host[off])
        return [(((int(h),) if h >= 0 else ()), np.flatnonzero(off & (host == h))) for h in hosts]
    beside = _plain_sides(owner, host, core)
    n = int(owner.max()) + 1
    first, second = np.full(n, -1, np.int64), np.full(n, -1, np.int64)
    for line, v in beside.items():
        both = sorted(h for _, h in sorted(v)[-2:])
        first[line], second[line] = both[0], (both[-1] if len(both) > 1 else -1)
    other = np.where(host == first[owner], second[owner], first[owner])
    other = np.where(other == host, -1, other)
    idx = np.flatnonzero(off)
    groups, inverse = np.unique(
        np.stack([host[idx], other[idx]], axis=1), axis=0, return_inverse=True
    )
    inverse = inverse.reshape(-1)
    return [
        (tuple(int(x) for x in (h, o) if x >= 0), idx[inverse == g])
        for g, (h, o) in enumerate(groups.tolist())
    ]


def test_a_lines_pixel_groups_are_the_plain_groups() -> None:
    """Lines' pixels grouped by the filled spaces beside them (each line's two sides, the
    printed core's groups, the groups beside the core, with and without the fills bled
    across), by one sort, against numpy's unique over pairs and a pass per group: the same
    groups, in the same order, each its pixels in order. Random lines and spaces, none
    filled, all on the core and none on it among them."""
    rng = np.random.default_rng(11)
    for trial in range(400):
        n = int(rng.integers(1, 2000))
        owner = rng.integers(0, int(rng.integers(1, 50)), n).astype(np.int32)
        host = rng.integers(-1, int(rng.integers(1, 30)), n).astype(np.int32)
        if trial % 7 == 0:
            host[:] = -1
        core = rng.random(n) < (1.0 if trial % 11 == 0 else 0.0 if trial % 13 == 0 else 0.3)
        sides = line_sides(owner, host, core)
        plain = _plain_sides(owner, host, core)
        assert sides == {line: {h for _, h in sorted(v)[-2:]} for line, v in plain.items()}
        pairs = [
            (_core_by_sides(owner, core, sides), _plain_core_groups(owner, host, core)),
            *(
                (
                    _beside_groups(owner, host, core, across, sides),
                    _plain_beside_groups(owner, host, core, across),
                )
                for across in (False, True)
            ),
        ]
        for got, want in pairs:
            assert [k for k, _ in got] == [k for k, _ in want], trial
            for (_, a), (_, b) in zip(got, want, strict=True):
                assert a.dtype == b.dtype and np.array_equal(a, b), trial
