"""Reading a traced line: which pencil drew it, told apart from the fills beside it.

A line is a thin stroke over a thin printed grey line, often between spaces filled in other
colours (Arp's captures) whose pencil reaches into the line's band. Averaging the band's
colour mixes all of these; the printed grey's tint alone loses how dark the pencil is (green
and dark green differ mostly in darkness). So each pixel is explained instead.

Pencil layers multiply reflectance, so in optical density (``-log`` reflectance) they add:
a pixel beside the line, inside a filled space, is ``D_X(a) + D_Y(b) + g`` where ``D_X(a)``
is the density of colour X laid at pressure ``a`` (the key swatch's curve from paper to
heavy), ``D_Y(b)`` the fill's (its space's measured colour's curve) at pressure ``b`` and
``g`` a little neutral density (the printed line's blurred edge). On the printed core itself
the grey's darkness is unknown, so only the colour (the density with its neutral part taken
out) counts there, and the blur brings a little of the fills on both sides onto it. For each
colour X the best ``a, b, g`` are found per pixel; the colour whose sum of (capped) misfits
over the line is least wins, and the gap to the runner-up, in units of the expected scatter,
gives the confidence. This is colour deconvolution (as for stained tissue slides) with the stains
known from the sheet's own key swatches and the neighbours' fills known from their reading.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.copies import dulled_trace

__all__ = [
    "LineFit",
    "blank_is_second",
    "curve_evidence",
    "curve_indices",
    "fit_lines",
    "full_size_blacks",
    "line_sides",
    "lines_dyed",
    "open_side_bare",
    "pixels_per_sample",
    "runs_along",
    "traced_though_blank",
    "with_mean_colour",
]

# The settings of the fit (pressures tried, the printed core's width, the scatter, the
# samples per pixel, the run decoding's costs) are ``ScannerConfig`` fields (``line_*``,
# ``run_*``), each with the measurement that set it.
STEPS = 16  # pressures tried for a trace (0 to ``line_trace_max``)
FILL_STEPS = 7  # for a fill beside the line (0 to ``line_fill_max``)
CORE_FILL_STEPS = 5  # for a fill blurred onto the printed core (0 to ``line_core_fill``)
CORE_SHARE_PIXELS = 5  # core pixels in a fill that make a core share (a least count)
OPEN_REFERENCE = 3  # lines of a colour whose median open share makes its reference (a least count)
CHUNK = 4096  # pixels fitted at a time (bounds the memory of the pixel-by-combination arrays)

_NEUTRAL_OUT = (np.eye(3) - 1 / 3).astype(np.float32)


def _density(refl: np.ndarray, floor: float) -> np.ndarray:
    return -np.log(np.clip(refl, floor, 1.0)).astype(np.float32)


def _curve(colour: np.ndarray, amounts: np.ndarray, floor: float) -> np.ndarray:
    """Densities of ``colour`` (linear reflectance of its swatch) laid at each amount."""
    refl = 1.0 - amounts[:, None] * (1.0 - np.asarray(colour, np.float32)[None, :])
    return _density(refl, floor)


def _layer(colour: np.ndarray, amounts: np.ndarray, floor: float) -> np.ndarray:
    """Densities of ``colour`` laid as a layer of its pigment at each amount: the swatch's
    density scaled by the amount (reflectance ``c ** a``), so a light trace keeps its key's
    hue, where :func:`_curve`'s partial cover mixes it with the paper's white (wax crayon's
    light strokes of a dark key read a lighter key of like hue by partial cover)."""
    dens = _density(np.asarray(colour, np.float32)[None, :], floor)
    return dens * np.asarray(amounts, np.float32)[:, None]


def _trace_amounts(least: float, config: ScannerConfig) -> np.ndarray:
    """The amounts of its key a trace's pixel is fitted at: none, or from ``least``
    (``ScannerConfig.line_trace_min``) to ``line_trace_max`` (``STEPS`` steps from 0, those
    under the least left out; with none left out, exactly the steps as before). A trace
    that light is within the paper's and the print's scatter of none, so it tells little of
    its colour; what it did was let another key absorb part of a trace's scatter (a
    chromatic key at a tenth of its cover over a pale fill took up the grain of the pale
    key's own trace: crayon)."""
    amounts = np.linspace(0.0, config.line_trace_max, STEPS)
    return amounts[(amounts == 0) | (amounts >= least - 1e-6)]


def _sq_distances(d: np.ndarray, models: np.ndarray, const: np.ndarray) -> np.ndarray:
    """(pixels, models): |d|^2 - 2 d.m + ``const`` (|m|^2, or what stands for it), worked in
    place: each (n, m) array is a few megabytes, and each new one and each pass over it cost
    more than the product itself."""
    sq = d @ models.T
    sq *= 2.0
    np.subtract((d * d).sum(axis=1)[:, None], sq, out=sq)
    sq += const
    return sq


def _sq_distances_by_model(d: np.ndarray, models: np.ndarray, const: np.ndarray) -> np.ndarray:
    """:func:`_sq_distances` laid out (models, pixels): the same values, element for element
    (each is the same three products summed in the same order, then the same steps), but
    the least over the models is then taken down the columns, one pass of whole rows, where
    across a row of a few hundred it was the slowest step. ``const``: (models, 1)."""
    sq = models @ d.T
    sq *= 2.0
    np.subtract(_channel_sum(d * d)[None, :], sq, out=sq)
    sq += const
    return sq


def _channel_sum(d: np.ndarray) -> np.ndarray:
    """``d.sum(axis=1)`` of (n, 3) float32, the same bits (numpy adds the three to 0 in
    order), by whole columns: a sum across an axis of three was the slow step (4096 pixels,
    70 -> 20 us)."""
    s = d[:, 0] + np.float32(0.0)
    s += d[:, 1]
    s += d[:, 2]
    return s


def _any3(b: np.ndarray) -> np.ndarray:
    """``b.any(axis=1)`` of (n, 3) booleans, by whole columns (numpy's across an axis of
    three was the slow step)."""
    return b[:, 0] | b[:, 1] | b[:, 2]


def _channel_mean(d: np.ndarray) -> np.ndarray:
    """``d.mean(axis=1)`` of (n, 3) float32, the same bits (numpy's sum divided by the
    count, an integer: in double precision, then rounded; -0.0 sums to 0.0 as numpy's
    does), by whole columns (4096 pixels, 75 -> 12 us)."""
    s = _channel_sum(d)
    return np.true_divide(s, np.intp(3), out=s, casting="unsafe")


def _least_misfit(dens: np.ndarray, combos: np.ndarray, halo: float) -> np.ndarray:
    """For each pixel density (n, 3), the least squared distance to any of ``combos`` (m, 3)
    plus a neutral density between 0 and ``halo``. Expanded into dot products so that the
    (n, m) work is one matrix product, not an (n, m, 3) array; in chunks of pixels, so that
    the (n, m) arrays stay a few megabytes. Worked as (m, n) arrays
    (:func:`_sq_distances_by_model`): the same values, the least of each column taken by
    whole rows (the line fits' 880 calls on two bench photos, 182 -> 117 ms)."""
    out = np.empty(len(dens), np.float32)
    c2 = _channel_sum(combos * combos)[:, None]
    cmean = _channel_mean(combos)[:, None]
    for a in range(0, len(dens), CHUNK):
        d = dens[a : a + CHUNK]
        sq = _sq_distances_by_model(d, combos, c2)
        if halo > 0:
            _less_halo(sq, np.subtract(_channel_mean(d)[None, :], cmean), halo)
        out[a : a + CHUNK] = np.maximum(sq.min(axis=0), 0.0)
    return out


def _less_halo(sq: np.ndarray, mean: np.ndarray, halo: float) -> None:
    """Take from the squared distances ``sq`` what the best neutral density ``g`` between 0
    and ``halo`` added to each model saves, in place: |r - g(1,1,1)|^2 = |r|^2 - 6 g mean(r)
    + 3 g^2, so less 3 g (2 mean - g), where ``mean`` (overwritten) is the pixel's channel
    mean less the model's, laid out as ``sq`` is."""
    g = np.clip(mean, 0.0, halo)
    mean *= 2.0
    mean -= g
    g *= 3.0
    g *= mean
    sq -= g


def _censored_misfit(
    dens: np.ndarray, combos: np.ndarray, halo: float, censored: np.ndarray, level: float
) -> np.ndarray:
    """:func:`_least_misfit` for pixels whose channels ``censored`` (3 bools, alike for
    all the pixels) are at or beyond the density ``level``: there the camera's black says
    only "at least this dark", so such a channel counts only where a combination is lighter
    than ``level`` (by what it falls short), and the others as measured. The neutral halo is
    tried at 0, half and all of ``halo``. (Kept as (n, m) arrays: laid out by model, as
    :func:`_least_misfit` is, its few pixels against three times the models took longer,
    2360 calls of three felt-tip and crayon photos 173 -> 268 ms.)"""
    models = np.concatenate([combos + g for g in (0.0, halo / 2, halo)]) if halo > 0 else combos
    kept = ~censored
    short = np.maximum(level - models[:, censored], 0.0)
    m = models[:, kept]
    const = ((short * short).sum(axis=1) + (m * m).sum(axis=1))[None, :]
    out = np.empty(len(dens), np.float32)
    for a in range(0, len(dens), CHUNK):
        sq = _sq_distances(dens[a : a + CHUNK][:, kept], m, const)
        out[a : a + CHUNK] = np.maximum(sq.min(axis=1), 0.0)
    return out


_Part = tuple[np.ndarray | None, np.ndarray | None, np.ndarray]


def _beside_parts(dens: np.ndarray, sel: np.ndarray, dark: np.ndarray | None) -> list[_Part]:
    """The pixels ``sel`` beside a line, as :func:`_fit_beside` fits them: where ``dark`` is
    given, grouped by which channels are that dark (those channels censored, or None), each
    group's pixels (a mask over ``sel``, or None for all of them) and their densities. Made
    once a group of pixels and fitted for every colour."""
    if dark is None:
        return [(None, None, dens[sel])]
    pattern = dark[sel] @ np.array([1, 2, 4])
    out: list[_Part] = []
    for p in np.unique(pattern):
        at = pattern == p
        censored = None if p == 0 else np.array([bool(p & 1), bool(p & 2), bool(p & 4)])
        out.append((censored, at, dens[sel[at]]))
    return out


def _fit_beside(
    parts: list[_Part], n: int, combos: np.ndarray, halo: float, level: float
) -> np.ndarray:
    """The least misfit of the ``n`` pixels beside a line (see :func:`_least_misfit`) split
    into ``parts`` (:func:`_beside_parts`): those with dark channels fitted as censored there
    (:func:`_censored_misfit`)."""
    if len(parts) == 1 and parts[0][1] is None:
        return _least_misfit(parts[0][2], combos, halo)
    out = np.empty(n, np.float32)
    for censored, at, d in parts:
        if censored is None:
            out[at] = _least_misfit(d, combos, halo)
        else:
            out[at] = _censored_misfit(d, combos, halo, censored, level)
    return out


def _layered(trace: np.ndarray, under: list[np.ndarray]) -> np.ndarray:
    """Every density of ``trace`` (a, 3) laid over every combination of the curves ``under``
    (densities add): (a * b * ..., 3)."""
    combos = trace
    for curve in under:
        combos = (combos[:, None, :] + curve[None]).reshape(-1, 3)
    return combos


def line_sides(owner: np.ndarray, host: np.ndarray, core: np.ndarray) -> dict[int, set[int]]:
    """Per line, the filled spaces on either side (the two with most of its pixels beside
    it)."""
    filled = ~core & (host >= 0)
    pairs, counts = np.unique(np.stack([owner[filled], host[filled]]), axis=1, return_counts=True)
    beside: dict[int, list[tuple[int, int]]] = {}
    for (line, space), n in zip(pairs.T.tolist(), counts.tolist(), strict=True):
        beside.setdefault(line, []).append((n, space))
    return {line: {h for _, h in sorted(v)[-2:]} for line, v in beside.items()}


def _core_by_sides(
    owner: np.ndarray, host: np.ndarray, core: np.ndarray
) -> list[tuple[tuple[int, ...], np.ndarray]]:
    """The printed core's pixels grouped by the filled spaces on either side of their line
    (the two with most of its pixels beside it: none, one or two)."""
    filled = ~core & (host >= 0)
    pairs, counts = np.unique(np.stack([owner[filled], host[filled]]), axis=1, return_counts=True)
    beside: dict[int, list[tuple[int, int]]] = {}
    for (line, space), n in zip(pairs.T.tolist(), counts.tolist(), strict=True):
        beside.setdefault(line, []).append((n, space))
    sides = {line: tuple(sorted(h for _, h in sorted(v)[-2:])) for line, v in beside.items()}
    kinds = sorted(set(sides.values()) | {()})
    kind_of_line = np.zeros(int(owner.max()) + 1, np.int64)  # lines with no fill beside: ()
    for line, k in sides.items():
        kind_of_line[line] = kinds.index(k)
    idx = np.flatnonzero(core)
    kind = kind_of_line[owner[idx]]
    return [(k, idx[kind == n]) for n, k in enumerate(kinds) if np.any(kind == n)]


def _own_fill(
    host: np.ndarray,
    owner: np.ndarray,
    fill_colours: dict[int, int | None],
    sides: dict[int, set[int]],
    core: np.ndarray,
) -> np.ndarray:
    """Per pixel, the colour its space was filled in where it lies beside the printed core of
    a line whose filled sides are all in that one colour (-1: on the core, in no filled
    space or one read blank, or beside a line between fills of two colours, where crediting
    each side's colour would draw the two together). ``sides``: :func:`line_sides`."""
    n = int(host.max()) + 1 if len(host) else 0
    lookup = np.full(n + 1, -1, np.int64)  # the last row: no space
    for h, c in fill_colours.items():
        if c is not None and 0 <= h < n:
            lookup[h] = c
    single = np.full(int(owner.max()) + 1 if len(owner) else 0, -1, np.int64)
    for line, spaces in sides.items():
        beside = {int(lookup[h]) if 0 <= h < n else -1 for h in spaces}
        if len(beside) == 1 and -1 not in beside:
            single[line] = beside.pop()
    out = lookup[np.where(host >= 0, host, n)]
    out[core | (single[owner] != out)] = -1
    return out


def lines_dyed(refl: np.ndarray, config: ScannerConfig = DEFAULT) -> bool:
    """Whether a sheet's lines (their pixels' reflectance ``refl``, (n, 3)) are dyed over (a
    felt tip's): ``line_dyed_share`` or more of their pixels with a channel under
    ``line_dyed_below`` of the paper; none when there are no pixels."""
    if len(refl) == 0:
        return False
    return float(_any3(refl < config.line_dyed_below).mean()) >= config.line_dyed_share


def _beside_groups(
    owner: np.ndarray, host: np.ndarray, core: np.ndarray, across: bool
) -> list[tuple[tuple[int, ...], np.ndarray]]:
    """The pixels beside the printed core, grouped by the fills that may lie under them: the
    space each lies in, and where ``across`` (on a sheet whose lines are dyed over: felt
    tip, whose fills bleed 0.5-1.5 mm past their outline, across the line's band;
    ``line_bleed_across``) also the filled space on the line's other side."""
    off = ~core
    if not across:
        return [
            (((int(h),) if h >= 0 else ()), np.flatnonzero(off & (host == h)))
            for h in np.unique(host[off])
        ]
    sides = line_sides(owner, host, core)
    n = int(owner.max()) + 1
    first = np.full(n, -1, np.int64)
    second = np.full(n, -1, np.int64)
    for line, pair in sides.items():
        both = sorted(pair)
        first[line] = both[0]
        second[line] = both[-1] if len(both) > 1 else -1
    other = np.where(host == first[owner], second[owner], first[owner])
    other = np.where(other == host, -1, other)
    idx = np.flatnonzero(off)
    keys = np.stack([host[idx], other[idx]], axis=1)
    groups, inverse = np.unique(keys, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    out = []
    for g, (h, o) in enumerate(groups.tolist()):
        spaces = tuple(int(x) for x in (h, o) if x >= 0)
        out.append((spaces, idx[inverse == g]))
    return out


def pixels_per_sample(
    blur_mm: float, photo_px_per_mm: float | None = None, config: ScannerConfig = DEFAULT
) -> float:
    """Working pixels per independent sample of a line's colour in a photo of this blur:
    the calibrated figure (``line_pixels_per_sample``), growing with the blurred area beyond
    ``line_sharp_mm`` (to the power ``line_blur_power``), or with the area of one photo pixel
    where the photo has fewer than ``colour_full_px_per_mm`` pixels per mm of paper (a small
    photo, upsampled to the working resolution, repeats each of its colour samples over
    several working pixels), whichever is larger."""
    area = max(1.0, blur_mm / config.line_sharp_mm) ** (2 * config.line_blur_power)
    if photo_px_per_mm:
        area = max(area, (config.colour_full_px_per_mm / photo_px_per_mm) ** 2)
    return config.line_pixels_per_sample * area


def full_size_blacks(config: ScannerConfig) -> ScannerConfig:
    """``config`` for a line fit in a photo that resolves colour: a channel measured down to
    ``line_black_below`` of the paper and its density floored at ``line_black_floor`` (in
    place of ``line_dark_below`` and ``line_min_reflectance``, which stand in a small copy).
    Its error lies in the photo's encoded levels, a few of them near black, so a felt-tip
    trace's dye over its fill, at a hundredth of the paper in a channel, is still measured."""
    return replace(
        config,
        line_dark_below=config.line_black_below,
        line_min_reflectance=config.line_black_floor,
    )


@dataclass(frozen=True)
class LineFit:
    """For one line: its most likely colour, the runner-up, and the evidence between them."""

    color: int
    runner_up: int | None
    llr: float  # log-likelihood ratio of colour over runner-up
    core: int | None = None  # the best colour on the printed core alone (None: no pixels)
    beside: int | None = None  # and beside it alone
    dissent: float = 0.0  # log-likelihood ratio by which a view prefers its colour to ``color``
    # Each colour's log-likelihood against ``color``'s (0 for it, negative for the others).
    loglik: dict[int, float] = field(default_factory=dict)
    # The best colour's mean squared misfit per pixel (weighted), in density squared: how well
    # the model explains the line at all (``line_misfit_cap`` when no pixel fits).
    misfit: float = 0.0
    # On a sheet whose lines are dyed over (felt tip), the colour is that of a fill beside
    # the line, whose dye bleeds over it: the line may be traced in it or left blank.
    under_fill: bool = False
    # On any sheet: the colour is that of a filled space beside the line (whose pencil
    # reaches into the line's band and bleeds onto its core: a bare piece may read so).
    fill_colour: bool = False
    # The log-likelihood of no trace at all (the fills and the printed line alone) against
    # ``color``'s (0: a bare piece fits as well; 0 too where the line states nothing).
    bare: float = 0.0
    # How much of ``color`` the line's band holds against the fills in that colour beside
    # it: each band pixel in such a space, its colour (density, its neutral part out) along
    # its space's fill's, as a share of that fill's, averaged (None: under
    # ``line_min_usable`` such pixels). A fill stops short of its outline, so a bare piece's
    # band holds less than its fills (about half); a trace lies over them and holds more.
    fill_share: float | None = None
    # The same on the printed core alone (within ``line_core_mm`` of the line), where a trace
    # lies and a fill reaches only by its blur: a bare piece's core holds a fifth to a third
    # of the fill, a trace's more than all of it (None: under 5 such pixels). What
    # ``line_bare_loglik_*`` reads blank's log-likelihood from.
    core_share: float | None = None
    # ``color``'s amount on the printed core where no fill in that colour lies (paper, or
    # another colour's fill, whose own colour is taken out), as a share of the median over
    # the sheet's lines read in that colour (None: under 5 such pixels, or no other line to
    # compare with). A fill reaches the core only from its own side; a trace lies across
    # it, so a traced piece's open side holds about what the sheet's traces hold, a bare
    # piece's next to nothing (:func:`_open_shares`).
    open_share: float | None = None
    # The same as ``open_share`` on the band beside the printed core (``line_core_mm`` out
    # to the band's edge) instead of the core: a trace's nib reaches past the core on both
    # sides, a fill stops short of its outline, so a bare piece's open side there holds
    # paper or the other fill (None: under 5 such pixels; ``colours._bare_loglik``).
    open_band: float | None = None
    # Where the core's open side is unmeasured (fills of ``color`` on both sides), how much
    # of that colour the same fills put on the printed cores of their spaces' other sides,
    # where those are read in another colour (that colour taken out as for ``open_share``):
    # the fill's own reach onto a core no trace of its colour lies on, the same units as
    # ``core_share`` (None: no such side measured; :func:`_own_reach`). A fill's margin
    # short of its outline is its own (0.2-0.7 mm), so a bare piece's core holds about
    # what its space's other sides hold, a trace's more.
    own_reach: float | None = None

    @property
    def confidence(self) -> float:
        return 1.0 / (1.0 + math.exp(-min(self.llr, 50.0)))


def fit_lines(
    refl: np.ndarray,
    owner: np.ndarray,
    line_mm: np.ndarray,
    host: np.ndarray,
    fills: dict[int, np.ndarray],
    colours: dict[int, np.ndarray],
    n_regions: int,
    spread: float = 1.0,
    per_sample: float | None = None,
    misfit_weight: float = 0.0,
    config: ScannerConfig = DEFAULT,
    fill_colours: dict[int, int | None] | None = None,
    own_fill_credit: float = 0.0,
    open_chroma: float | None = None,
    least_trace: float = 0.0,
    colour_refl: np.ndarray | None = None,
    layer: bool = False,
) -> dict[int, LineFit]:
    """The best colour of every line with pixels: ``refl`` (pixels, 3) reflectance relative
    to paper, ``owner`` the line each pixel belongs to, ``line_mm`` its distance from that
    line, ``host`` the filled space it lies in (-1: none), ``fills`` each filled space's
    measured colour (linear reflectance of its pencil), ``colours`` the keys, ``spread`` how
    much wider than usual the colours' scatter is on this sheet, ``per_sample`` how many
    pixels make one independent sample (:func:`pixels_per_sample`), and ``misfit_weight``
    how many more pixels make one sample per expected scatter of misfit the best colour
    leaves beyond the noise, for a line with a filled space beside it
    (``ScannerConfig.line_misfit_weight``); ``fill_colours`` the colour each filled space
    was read in (for :attr:`LineFit.under_fill`), ``own_fill_credit`` the share of the
    expected scatter's variance credited to a colour on the pixels beside the core in a
    space filled in it (``ScannerConfig.line_own_fill_credit``; 0 in a small photo), and
    ``open_chroma`` the share of its key's chroma a trace keeps where no fill lies under it
    (:func:`~artsheets.scanner.copies.open_chroma_share`: a small photo's copy; None: all of
    it), ``least_trace`` the least amount of its key a trace's pixel is fitted at besides
    none (``ScannerConfig.line_trace_min``; 0 in a small photo: every step), and
    ``colour_refl`` the pixels the colours are fitted on where they differ from ``refl``
    (a small copy's, its fills' smear taken out:
    :func:`~artsheets.scanner.copies.without_fill_smear`; the fill shares are measured on
    ``refl``, as they were calibrated); ``layer``: a trace's pressure curve a layer of its
    pigment (:func:`_layer`) rather than partial cover (:func:`_curve`).

    A fill beside the line is modelled by its own space's colour, not its key's: a fill's
    pressure and grain shift its colour along the key's curve and a little off it (on the
    benchmark's Arp photos, pieces misread by the fit 218 -> 204 of 17,568, after the run
    decoding 97 -> 82)."""
    keys = list(colours)
    if len(keys) == 0 or len(refl) == 0:
        return {}
    if per_sample is None:
        per_sample = config.line_pixels_per_sample
    floor = config.line_min_reflectance
    dens = _density(refl, floor)
    core = line_mm < config.line_core_mm
    host = np.where(np.isin(host, list(fills)), host, -1)  # a space read blank hosts no fill
    fill = {h: np.clip(c, floor, 1.0) for h, c in fills.items()}
    fill_amounts = np.linspace(0.0, config.line_fill_max, FILL_STEPS)
    core_amounts = np.linspace(0.0, config.line_core_fill, CORE_FILL_STEPS)
    trace_amounts = _trace_amounts(least_trace, config)
    beside_curve = {h: _curve(c, fill_amounts, floor) for h, c in fill.items()}
    bleed = {h: _curve(c, core_amounts, floor) for h, c in fill.items()}
    cost = np.empty((len(dens), len(keys)), np.float32)
    measured = dens @ _NEUTRAL_OUT  # the shares' pixels
    chroma = measured  # the colours' pixels: the same unless a small copy's are given
    if colour_refl is not None:
        dens = _density(colour_refl, floor)
        chroma = dens @ _NEUTRAL_OUT
    dyed = lines_dyed(refl, config)
    beside = _beside_groups(owner, host, core, config.line_bleed_across and dyed)
    core_groups = _core_by_sides(owner, host, core)
    # Beside the printed core, a channel at the camera's black (felt-tip dye over a fill's)
    # is a censored measurement; on the core the grey's unknown darkness leaves it none.
    dark_px = refl < config.line_dark_below
    censor = dark_px if config.line_dark_censored and dark_px.any() else None
    level = float(-np.log(config.line_dark_below))
    # Each group's pixels gathered once, fitted for every colour and for none.
    core_px = [chroma[sel] for _, sel in core_groups]
    beside_px = [_beside_parts(dens, sel, censor) for _, sel in beside]

    def misfits(trace: np.ndarray, open_trace: np.ndarray | None = None) -> np.ndarray:
        """Each pixel's least misfit with ``trace`` (densities) laid over what lies under
        it: the fills beside, and on the printed core their bleed; where no fill lies under
        a pixel, with ``open_trace`` if given (a small copy's trace dulled by the paper)."""
        out = np.empty(len(dens), np.float32)
        for (sides, sel), px in zip(core_groups, core_px, strict=True):
            t = open_trace if open_trace is not None and not sides else trace
            out[sel] = _least_misfit(px, _layered(t, [bleed[h] for h in sides]) @ _NEUTRAL_OUT, 0.0)
        for (spaces, sel), parts in zip(beside, beside_px, strict=True):
            t = open_trace if open_trace is not None and not spaces else trace
            combos = _layered(t, [beside_curve[h] for h in spaces])
            out[sel] = _fit_beside(parts, len(sel), combos, config.line_halo, level)
        return out

    # Beside the core, a trace over a fill of its own colour is one direction of density
    # (the two pencils add along one curve) where another key over that fill has two: the
    # second absorbs part of any pixel's scatter, so a trace in the fill's own colour loses
    # by that part even when it is right. It is credited back, ``own_fill_credit`` of the
    # expected scatter's variance, on each such pixel.
    read = fill_colours or {}
    sides = line_sides(owner, host, core) if read else {}
    own = _own_fill(host, owner, read, sides, core) if own_fill_credit > 0 else None
    credit = own_fill_credit * (config.line_scatter * spread) ** 2
    for j, k in enumerate(keys):
        curve = (_layer if layer else _curve)(colours[k], trace_amounts, floor)
        cost[:, j] = misfits(curve, dulled_trace(curve, open_chroma))
        if own is not None:
            cost[own == k, j] -= credit
    # No trace at all: the fills and the printed line alone (a piece left bare).
    bare = misfits(np.zeros((1, 3), np.float32))
    # A pixel's misfit is capped (a stray stroke, a speck), but no lower than most pixels'
    # best misfit on this sheet: where the model explains few pixels within the usual cap
    # (felt-tip dye and the printed black together near the camera's black), a fixed cap
    # would make every colour's misfit alike and the line's evidence nothing.
    # A pixel with a channel near the camera's black (felt-tip dye over the printed black)
    # says little of any colour on the printed core: it is weighed a thousandth (beside the
    # core, that channel was fitted as censored and the pixel counts), and a line with fewer
    # than ``line_min_usable`` pixels that count states no colour surely.
    usable = ~_any3(dark_px)
    if censor is not None:  # beside the core, a pixel with a channel not that dark tells
        usable |= ~core & ~(dark_px[:, 0] & dark_px[:, 1] & dark_px[:, 2])
    best = cost.min(axis=1)[usable]
    if len(best):
        quantile = float(np.quantile(best, config.line_misfit_quantile))
        cap = max(config.line_misfit_cap, quantile)
    else:
        cap = config.line_misfit_cap
    np.minimum(cost, cap, out=cost)
    np.minimum(bare, cap, out=bare)
    # A pixel's density noise is its reflectance noise over its reflectance (a dark pencil
    # on the printed grey is a few camera levels above black): misfits are weighted by the
    # inverse variance, reflectance squared.
    weight = np.clip(refl.mean(axis=1), 0.05, 1.0).astype(np.float32) ** 2
    weight[~usable] *= 1e-3
    weight /= max(float(weight.mean()), 1e-6)  # as many pixels' worth of evidence in all
    cost *= weight[:, None]
    bare *= weight
    bare_totals = np.bincount(owner, weights=bare, minlength=n_regions)

    def per_line(w: np.ndarray | None = None) -> np.ndarray:
        """(regions, colours) sums of the pixels' misfits (over pixels where ``w``)."""
        return np.stack(
            [
                np.bincount(
                    owner, weights=cost[:, j] if w is None else cost[:, j] * w, minlength=n_regions
                )
                for j in range(len(keys))
            ],
            axis=1,
        )

    totals, on_core = per_line(), per_line(core)
    counts = np.bincount(owner, weights=weight, minlength=n_regions)
    filled = np.bincount(owner, weights=host >= 0, minlength=n_regions)  # pixels in a fill
    n_core = np.bincount(owner, weights=weight * core, minlength=n_regions)
    n_usable = np.bincount(owner, weights=usable, minlength=n_regions)
    # Most of the lines' pixels near black: dye over the printed lines (felt tip), whose
    # fills bleed over them, so a line in a fill's colour beside it may be bare.
    shares = _fill_shares(measured, owner, host, fill, read, n_regions, config)
    core_shares = _fill_shares(
        measured, owner, np.where(core, host, -1), fill, read, n_regions, config
    )
    best_of = np.argmin(totals, axis=1)  # each line's best colour (index in ``keys``)
    on = np.flatnonzero(core)
    chromas = _Chromas.of(host, fill, read, colours, config)
    opens = _open_shares(measured[on], owner[on], host[on], best_of, chromas, config)
    off = np.flatnonzero(~core)  # the same measure on the band beside the core
    open_band = _open_shares(measured[off], owner[off], host[off], best_of, chromas, config)
    reach = _own_reach(measured[on], owner[on], host[on], best_of, chromas, config)
    out: dict[int, LineFit] = {}
    for i in np.flatnonzero(counts > 0):
        order = np.argsort(totals[i])
        best = keys[order[0]]
        misfit = float(totals[i, order[0]] / counts[i])
        # A line that even its best colour explains poorly (a pencil unlike its swatch, a
        # smudge) gives weaker evidence: the scatter is widened by the misfit.
        noise = (config.line_scatter * spread) ** 2
        scale = 2 * (noise + misfit) * per_sample
        # And beside a filled space, a misfit beyond the noise is the model's error (felt-tip
        # dye bled over the printed core, which the fit allows only a little of), alike
        # along the whole line: its pixels are fewer independent samples, so a long line's
        # many pixels do not make its colour sure. That doubt widens the confidence
        # (``llr``); the colours' ranking and ``loglik``, on which the run decoding's change
        # cost is calibrated, stay as fitted. A line with no fill beside it has no such
        # error to doubt (a pencil line's misfit is its pressure between the fit's steps).
        beyond = max(0.0, misfit / noise - 1.0) if filled[i] > 0 else 0.0
        doubt = 1.0 + misfit_weight * beyond
        # The printed core and the strips beside it, read on their own: a fill mistaken for
        # the trace, or a trace hidden under fills, shows in one of them only.
        views: list[int | None] = []
        dissent = 0.0
        for view, n_view in (
            (on_core[i], n_core[i]),
            (totals[i] - on_core[i], counts[i] - n_core[i]),
        ):
            if n_view <= 1e-6:
                views.append(None)
                continue
            j = int(np.argmin(view))
            views.append(keys[j])
            dissent = max(dissent, float(view[order[0]] - view[j]) / scale)
        loglik = {k: float(totals[i, order[0]] - totals[i, j]) / scale for j, k in enumerate(keys)}
        bare_ll = min(0.0, float(totals[i, order[0]] - bare_totals[i]) / scale)
        if n_usable[i] < config.line_min_usable:  # nothing but near-black pixels: no evidence
            loglik = dict.fromkeys(keys, 0.0)
            doubt, dissent, bare_ll = math.inf, 0.0, 0.0
        in_fill = any(read.get(h) == best for h in sides.get(int(i), ()))
        under = dyed and in_fill
        share = _share_of(shares, best, int(i), config.line_min_usable)
        core_share = _share_of(core_shares, best, int(i), CORE_SHARE_PIXELS)
        own_sides = [h for h in sides.get(int(i), ()) if read.get(h) == best and h in reach]
        second, margin = None, 50.0  # one colour in play: nothing to tell it from
        if len(keys) >= 2:
            second = keys[order[1]]
            margin = float(totals[i, order[1]] - totals[i, order[0]]) / scale / doubt
        out[int(i)] = LineFit(
            best,
            second,
            margin,
            *views,
            dissent,
            loglik,
            misfit,
            under,
            in_fill,
            bare_ll,
            share,
            core_share,
            opens.get(int(i)),
            open_band.get(int(i)),
            float(np.mean([reach[h] for h in own_sides])) if own_sides else None,
        )
    return out


def _own_reach(
    chroma: np.ndarray,
    owner: np.ndarray,
    host: np.ndarray,
    best: np.ndarray,
    chromas: _Chromas,
    config: ScannerConfig,
) -> dict[int, float]:
    """Per filled space, :attr:`LineFit.own_reach`'s reference from its printed cores'
    pixels (``chroma``: density with the neutral part out; ``owner``, ``host`` theirs;
    ``best`` each line's best colour's index in ``colours``): on the sides of the space read
    in a colour Y other than its fill's X, each pixel taken as ``a F + b Y`` (F the space's
    measured fill; ``a`` along the part of F unlike Y, counted where that part keeps
    ``line_open_apart`` of F), ``a`` averaged per side (``CORE_SHARE_PIXELS`` or more) and
    the space's median over its sides."""
    kv, fv, fcol = chromas.keys, chromas.fills, chromas.fill_colours
    at = chromas.rows(host)
    n = len(fv) - 1
    j = best[owner]
    v = fv[at]
    vp, vv, vpv = _unlike(v, kv[j])  # the part of the fill unlike Y
    other = (fcol[at] >= 0) & (fcol[at] != chromas.key_colours[j])
    keep = other & (vv > 1e-6) & (vpv >= config.line_open_apart * vv)
    if not keep.any():
        return {}
    a = np.einsum("ij,ij->i", chroma[keep], vp[keep]) / vpv[keep]
    side = owner[keep].astype(np.int64) * (n + 1) + at[keep]  # a line's side in one space
    sides, idx, count = np.unique(side, return_inverse=True, return_counts=True)
    mean = np.bincount(idx, weights=a) / count
    space = sides % (n + 1)
    out: dict[int, float] = {}
    for h in np.unique(space[count >= CORE_SHARE_PIXELS]).tolist():
        out[int(h)] = float(np.median(mean[(space == h) & (count >= CORE_SHARE_PIXELS)]))
    return out


def _open_shares(
    chroma: np.ndarray,
    owner: np.ndarray,
    host: np.ndarray,
    best: np.ndarray,
    chromas: _Chromas,
    config: ScannerConfig,
) -> dict[int, float]:
    """Per line, :attr:`LineFit.open_share` from its printed core's pixels (``chroma``:
    density with the neutral part out; ``owner``, ``host`` theirs) and each line's best
    colour X (``best``, by line: its index in ``colours``). A pixel in a space filled in
    another colour Y is taken as ``a X + b Y``: ``a`` is its chroma along the part of X
    unlike Y (counted only where that part keeps ``line_open_apart`` of X); on paper, its
    chroma along X. ``a`` is X's amount against the key's own colour; each line's mean is
    divided by the median of the lines read in X."""
    at = chromas.rows(host)
    j = best[owner]
    colour = chromas.key_colours[j]
    xp, xx, xpx = _unlike(chromas.keys[j], chromas.fills[at])  # the part of X unlike the fill's
    keep = (chromas.fill_colours[at] != colour) & (xx > 1e-6) & (xpx >= config.line_open_apart * xx)
    a = np.einsum("ij,ij->i", chroma, xp) / np.where(keep, xpx, 1.0)
    count = np.bincount(owner[keep], minlength=len(best))
    total = np.bincount(owner[keep], weights=a[keep], minlength=len(best))
    measured = np.flatnonzero(count >= CORE_SHARE_PIXELS)
    raw = {int(i): float(total[i] / count[i]) for i in measured}
    out: dict[int, float] = {}
    for k in set(best[measured].tolist()):  # the sheet's lines read in each colour
        lines = [i for i in raw if best[i] == k]
        ref = float(np.median([raw[i] for i in lines])) if len(lines) >= OPEN_REFERENCE else 0.0
        if ref > 1e-6:
            out.update({i: raw[i] / ref for i in lines})
    return out


@dataclass(frozen=True)
class _Chromas:
    """What :func:`_open_shares` and :func:`_own_reach` weigh a core's pixels against, made
    once a fit: each key's chroma (a row each, in ``colours``' order) and colour, and per
    space its measured fill's chroma and colour (the last row: no space, colour -1)."""

    keys: np.ndarray
    key_colours: np.ndarray
    fills: np.ndarray
    fill_colours: np.ndarray

    @classmethod
    def of(
        cls,
        host: np.ndarray,
        fill: dict[int, np.ndarray],
        fill_colours: dict[int, int | None],
        colours: dict[int, np.ndarray],
        config: ScannerConfig,
    ) -> _Chromas:
        """The tables for pixels in spaces ``host`` (-1: none), fills ``fill`` read in
        ``fill_colours``, keys ``colours``."""
        floor = config.line_min_reflectance
        keys = list(colours)
        kv = np.stack([_density(np.asarray(colours[k], np.float32)[None], floor)[0] for k in keys])
        n = max([int(host.max()) + 1 if len(host) else 0, *(h + 1 for h in fill)])
        fv = np.zeros((n + 1, 3), np.float32)
        fcol = np.full(n + 1, -1, np.int64)
        for h, c in fill.items():
            k = fill_colours.get(h)
            if k is not None:
                fv[h] = _density(c[None, :], floor)[0] @ _NEUTRAL_OUT
                fcol[h] = k
        return cls(kv @ _NEUTRAL_OUT, np.array(keys, np.int64), fv, fcol)

    def rows(self, host: np.ndarray) -> np.ndarray:
        """Each pixel's row in :attr:`fills` (the last: in no space)."""
        return np.where(host >= 0, host, len(self.fills) - 1)


def _unlike(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row by row, the part of ``x`` unlike ``y`` (``x`` less its projection on ``y``),
    ``|x|^2`` and that part's ``|.|^2``: a pixel taken as ``a x + b y`` has ``a`` along it."""
    yy = np.einsum("ij,ij->i", y, y)
    xy = np.einsum("ij,ij->i", x, y)
    xp = x - (xy / np.maximum(yy, 1e-9))[:, None] * y
    return xp, np.einsum("ij,ij->i", x, x), np.einsum("ij,ij->i", xp, x)


def _share_of(
    shares: dict[int, tuple[np.ndarray, np.ndarray]], colour: int, i: int, least: float
) -> float | None:
    """Line ``i``'s mean share of ``colour``'s fills (:func:`_fill_shares`), where ``least``
    pixels or more measure it (else None)."""
    if colour not in shares or shares[colour][1][i] < least:
        return None
    return float(shares[colour][0][i] / shares[colour][1][i])


def _fill_shares(
    chroma: np.ndarray,
    owner: np.ndarray,
    host: np.ndarray,
    fill: dict[int, np.ndarray],
    fill_colours: dict[int, int | None],
    n_regions: int,
    config: ScannerConfig,
) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Per colour a fill was read in, per line: the pencil of the line's band in the spaces
    filled in that colour against their fills (see :attr:`LineFit.fill_share`), as the sum
    over those pixels and their count: each pixel's colour (``chroma``: density with the
    neutral part out, so the printed grey counts for nothing) projected on its space's
    fill's colour, as a share of it."""
    n = max([int(host.max()) + 1, *(h + 1 for h in fill)]) if len(host) else 0
    unit = np.zeros((n + 1, 3), np.float32)  # per space (the last row: none), its fill's
    colour = np.full(n + 1, -1, np.int64)  # colour over its squared length, and its colour
    for h, c in fill.items():
        k = fill_colours.get(h)
        v = _density(c[None, :], config.line_min_reflectance)[0] @ _NEUTRAL_OUT
        norm = float(v @ v)
        if k is not None and norm > 1e-6:  # a grey fill: its colour says nothing of amount
            unit[h], colour[h] = v / norm, k
    at = np.where(host >= 0, host, n)
    proj = np.einsum("ij,ij->i", chroma, unit[at])
    colour_of = colour[at]
    out = {}
    for k in np.unique(colour_of[colour_of >= 0]).tolist():
        mine = colour_of == k
        count = np.bincount(owner, weights=mine, minlength=n_regions)
        out[int(k)] = (np.bincount(owner, weights=proj * mine, minlength=n_regions), count)
    return out


def runs_along(
    fits: dict[int, LineFit],
    along: Sequence[Sequence[int]],
    config: ScannerConfig = DEFAULT,
) -> dict[int, int]:
    """The likeliest colours of the pieces of each printed line taken together: a move colours
    a run of pieces along one line, so neighbours along it mostly share a colour (one pair in
    eight differs on the benchmark's Arp sheets). Each chain of pieces in ``fits`` that meet
    end to end (``along``) is read by the Viterbi algorithm, every change of colour between
    neighbours costing ``config.run_change`` against the pieces' own log-likelihoods. A
    stretch of ``config.run_kept`` or more pieces read alike alone keeps its colour (a
    move's run in its own right). Returns the colour of every piece on such a chain; a
    chain that branches or closes is left out."""
    near = {i: [j for j in along[i] if j in fits] for i in fits}
    seen: set[int] = set()
    out: dict[int, int] = {}
    for start in fits:
        if start in seen or not near[start] or len(near[start]) > 1:
            continue
        chain = [start]
        seen.add(start)
        while True:
            nxt = [j for j in near[chain[-1]] if j not in seen]
            if len(nxt) != 1 or len(near[nxt[0]]) > 2:
                break
            chain.append(nxt[0])
            seen.add(nxt[0])
        if len(chain) < 2 or any(len(near[i]) > 2 for i in chain):
            continue
        keys = sorted({k for i in chain for k in fits[i].loglik})
        if any(set(fits[i].loglik) != set(keys) for i in chain):
            continue
        ll = np.array([[fits[i].loglik[k] for k in keys] for i in chain])
        cost = config.run_change * (1.0 - np.eye(len(keys)))
        score = ll[0].copy()
        back = np.zeros(ll.shape, np.int64)
        for t in range(1, len(chain)):
            trans = score[:, None] - cost
            back[t] = trans.argmax(axis=0)
            score = trans.max(axis=0) + ll[t]
        j = int(score.argmax())
        for t in range(len(chain) - 1, -1, -1):
            out[chain[t]] = keys[j]
            j = int(back[t, j])
        # A stretch of pieces read alike alone, as long as a move commonly colours, is a
        # move's run in its own right: the decoding does not overturn it.
        a = 0
        while a < len(chain):
            b = a
            while b + 1 < len(chain) and fits[chain[b + 1]].color == fits[chain[a]].color:
                b += 1
            if b - a + 1 >= config.run_kept:
                for i in chain[a : b + 1]:
                    out[i] = fits[i].color
            a = b + 1
    return out


def blank_is_second(coverage_confidence: float, fit: LineFit) -> bool:
    """Whether a traced line's doubt is whether it is traced at all, not which colour: its
    coverage is less sure than the fit's colour (a light or patchy trace the fit reads
    clearly). Then blank is its runner-up, and the fit's second colour keeps the fit's own
    margin: a thumb's shadow over a trace must not make a colour the pixels rule out a
    close second."""
    return coverage_confidence < fit.confidence


def open_side_bare(fit: LineFit, config: ScannerConfig = DEFAULT) -> bool:
    """Whether a piece read in the colour of a filled space beside it (not dyed over), whose
    band holds as much of that colour as its fill (so no thin-band doubt), may still be bare:
    its core's side that no fill of that colour reaches holds under
    ``line_open_doubt_share`` of what the sheet's traces of that colour hold there
    (``open_share``: a trace lies across the core, a fill reaches it from its own side only)
    and its core under ``line_open_doubt_core`` of its fill (``core_share``: a trace lies on
    the core, and holds mostly more than its fill). A fill laid to its outline, dark on its
    own side of the core, explains such a band; the pixels say too little for blank's
    likelihood, so it only goes to review. A piece read in a colour no fill beside it was
    read in (so its whole core is its open side) may be bare too where its core holds under
    ``line_open_free_share`` of the sheet's traces of that colour and the band beside the
    core under ``line_open_free_band`` (``open_band``): a trace lies on both (a bare piece
    among fills of close keys, the fit's colour one of theirs)."""
    if fit.under_fill or fit.open_share is None:
        return False
    if not fit.fill_colour:
        return (
            fit.open_share < config.line_open_free_share
            and fit.open_band is not None
            and fit.open_band < config.line_open_free_band
        )
    return (
        fit.open_share < config.line_open_doubt_share
        and fit.core_share is not None
        and fit.core_share < config.line_open_doubt_core
    )


def traced_though_blank(
    fits: dict[int, LineFit],
    blank: Sequence[int],
    along: Sequence[Sequence[int]],
    config: ScannerConfig = DEFAULT,
    faint: Sequence[int] = (),
) -> list[int]:
    """Of the lines read blank by their coverage, those whose pixels the fit reads in a
    colour clearly: a dull pencil (a grey-green over the printed grey, or a dark grey key on
    it) darkens the band little enough to pass for paper, but its colour shows to the fit,
    while a bare line fits every colour alike (no pencil). They are doubted, the fit's colour
    second, so that the rules (a Miro game ends with every segment coloured, a capture
    circle's boundary is coloured; an Arp game ends with every piece coloured) may colour
    them. ``blank``: read blank surely; ``faint``: read blank with a doubt of their own (faint
    marks). A curve's segment (no piece of a longer printed line, ``along`` empty: Miro's),
    read surely blank, needs the fit's margin over the next colour of
    ``line_blank_fit_logodds``; a piece of a printed line (Arp's), either way, its colour's
    margin over no trace at all (``LineFit.bare``) of ``line_faint_bare_logodds``: a bare
    piece's own fills and printed line explain its pixels about as well."""
    curve = [i for i in blank if i in fits and not along[i]]
    pieces = [i for i in (*blank, *faint) if i in fits and along[i]]
    return [i for i in curve if fits[i].llr >= config.line_blank_fit_logodds] + [
        i for i in pieces if -fits[i].bare >= config.line_faint_bare_logodds
    ]


def curve_indices(layout: Layout | None, ids: Sequence[str]) -> set[int]:
    """The regions (indices into ``ids``) that are segments of one printed curve, coloured
    along it (Miro's: the field's ``segments``); none on a sheet of straight lines (Arp)."""
    topology = layout.topology if layout is not None else None
    names = set(topology.data.get("segments") or ()) if topology is not None else set()
    return {i for i, rid in enumerate(ids) if rid in names}


def curve_evidence(
    fits: dict[int, LineFit], curve: set[int], config: ScannerConfig = DEFAULT
) -> dict[int, LineFit]:
    """The fits with the evidence of a curve's segments (``curve``: Miro's) scaled by
    ``line_curve_evidence_scale``: measured on Miro's tuning photos, the fit's margin
    between colours understates how surely a segment's colour is read (a margin of 2 log-
    odds, 88 % by its word, was right in every case outside messaging copies), so the rules
    overturned right readings of planted rule-breaks. Pieces of Arp's lines keep the fit's
    figures. Only for photos that resolve a mark's colour: in a messaging app's copy the
    colour error is alike over a piece (JPEG's blocks)."""
    scale = config.line_curve_evidence_scale
    if scale == 1.0:
        return fits
    return {
        i: fit
        if i not in curve
        else replace(
            fit,
            llr=fit.llr * scale,
            dissent=fit.dissent * scale,
            loglik={k: v * scale for k, v in fit.loglik.items()},
        )
        for i, fit in fits.items()
    }


def with_mean_colour(
    fits: dict[int, LineFit],
    mean_loglik: dict[int, dict[int, float]],
    curve: set[int],
    config: ScannerConfig = DEFAULT,
) -> dict[int, LineFit]:
    """The fits whose margin is under ``line_mean_blend_below`` with ``line_mean_blend`` of
    the line's mean colour's log-likelihoods (``mean_loglik``, the region's reading as a
    stroke: its coverage's mean colour against each key) added to each colour's. Where
    the fit cannot tell two keys apart, mostly its pixels beside the core following a fill
    or crayon's grain, the line's mean colour, measured another way, still does: on Miro's
    tuning photos the two disagreed on 21 such segments and the mean colour was right on 19
    (see the field's measurement). Surer fits keep their figures: there the fit was right
    wherever the two disagreed. Only a curve's segments (``curve``: Miro's): an Arp piece's
    mean colour holds its capture fills and the pieces it meets: on tune48's Arp lines the
    two disagreed on 529 weak fits, the fit right on 443, the mean colour on 59."""
    cut, weight = config.line_mean_blend_below, config.line_mean_blend
    if weight == 0.0:
        return fits
    out = dict(fits)
    for i, fit in fits.items():
        mean = mean_loglik.get(i)
        if i not in curve or fit.llr >= cut or not mean or len(fit.loglik) < 2:
            continue
        floor = min(mean.values())
        ll = {k: v + weight * mean.get(k, floor) for k, v in fit.loglik.items()}
        ranked = sorted(ll, key=lambda k: ll[k], reverse=True)
        best, runner = ranked[0], ranked[1]
        out[i] = replace(
            fit,
            color=best,
            runner_up=runner,
            llr=ll[best] - ll[runner],
            loglik={k: v - ll[best] for k, v in ll.items()},
        )
    return out
