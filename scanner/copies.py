"""What a small, heavily compressed copy (a messaging app's) does to a traced line's colour.

A JPEG keeps colour once per chroma block (16 x 16 photo pixels under 4:2:0 subsampling) and
quantises it coarsely at the low qualities messaging apps use. At 2-3 photo pixels per mm of
paper a block spans 5-8 mm, and a traced line (a millimetre of pencil over the printed
black) is a tenth of it or less: where no fill lies round it, its chroma comes out mixed
with the neutral print and paper, while its lightness, kept at every photo pixel, stays
nearer its own. Fitted against its key at full chroma, such a trace reads as a key as dark
but duller (a green as a grey-green, a pink as a dusty rose).

So in such a photo a trace's pixels with no fill under them are fitted with the trace
keeping ``line_open_chroma`` of its key's chroma: its density's neutral part as laid, its
colour part scaled (the pressure stays free). Beside a fill the line's fit already models
what lies under the pixel (the fill's own measured colour, as the copy shows it), and the
trace keeps its key's chroma there.

The copy smears the fills' chroma onto the line too. Its chroma is blurred over a few photo
pixels (4:2:0 keeps one sample per 2 x 2 photo pixels, and the low quality rounds away the
rest of a block's fine detail), so the printed core of a line between two filled spaces
shows part of each space's colour, far more than a sharp photo's blur brings there. Taken
for the trace's colour it pulls a pink trace between orange fills toward a rose key. So
before the line fit a forward model of that smear is taken out of each core pixel
(:func:`without_fill_smear`): each filled space beside the line is a half-plane of its
measured colour starting ``copy_fill_gap_mm`` from the line's centre, blurred by a Gaussian
of ``copy_chroma_blur_px`` photo pixels; the share that reaches the pixel, times the fill's
chroma (its density with the neutral part out), is removed from the pixel's density. Only
the chroma changes (on the core the fit reads chroma alone); beside the core the pixel's own
fill is fitted as before."""

from __future__ import annotations

import math

import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig

__all__ = ["dulled_trace", "open_chroma_share", "smear_weights", "smears", "without_fill_smear"]

_NEUTRAL_OUT = (np.eye(3) - 1 / 3).astype(np.float32)  # a density's colour part
_PHI_X = np.linspace(-6.0, 6.0, 241)
_PHI = np.array([0.5 * (1.0 + math.erf(x / math.sqrt(2.0))) for x in _PHI_X])


def open_chroma_share(small_photo: bool, config: ScannerConfig = DEFAULT) -> float | None:
    """The share of its key's chroma a trace keeps on paper in this photo: None (all of
    it, the usual model) unless the photo is too small to resolve a mark's colour."""
    if not small_photo or config.line_open_chroma >= 1.0:
        return None
    return config.line_open_chroma


def dulled_trace(curve: np.ndarray, share: float | None) -> np.ndarray | None:
    """A key's trace densities (amounts, 3) with ``share`` of their colour part kept and
    their neutral part as laid (None where ``share`` is None)."""
    if share is None:
        return None
    grey = curve.mean(axis=1, keepdims=True)
    return (grey + share * (curve - grey)).astype(np.float32)


def _phi(x: np.ndarray) -> np.ndarray:
    """The standard normal distribution function (tabulated: numpy has no ``erf``)."""
    return np.interp(x, _PHI_X, _PHI)


def smears(photo_px_per_mm: float | None, config: ScannerConfig = DEFAULT) -> bool:
    """Whether the fills' chroma smear is taken off the lines in this photo: one too small to
    resolve a mark's colour (under ``grey_min_px_per_mm``), with the setting on."""
    return (
        photo_px_per_mm is not None
        and photo_px_per_mm < config.grey_min_px_per_mm
        and config.copy_chroma_blur_px > 0
    )


def smear_weights(line_mm: np.ndarray, blur_mm: float, gap_mm: float) -> np.ndarray:
    """Per core pixel (``line_mm`` from its line's centre), the share of one side's fill
    that a Gaussian blur of ``blur_mm`` brings onto it, the fill a half-plane from
    ``gap_mm`` beyond the centre; the pixel's side unknown (the distance has no sign), the
    mean of the near and far case."""
    near = _phi(-(gap_mm - line_mm) / blur_mm)
    far = _phi(-(gap_mm + line_mm) / blur_mm)
    return (0.5 * (near + far)).astype(np.float32)


def without_fill_smear(
    refl: np.ndarray,
    owner: np.ndarray,
    line_mm: np.ndarray,
    sides: dict[int, set[int]],
    fills: dict[int, np.ndarray],
    photo_px_per_mm: float | None,
    config: ScannerConfig = DEFAULT,
) -> np.ndarray:
    """A small copy's line pixels (``refl``, reflectance relative to paper; ``owner`` their
    line, ``line_mm`` their distance from its centre) with the chroma its copy smeared onto
    the printed core from the filled spaces beside each line (``sides``: per line, the
    spaces beside it; ``fills``: each filled space's measured colour, linear reflectance)
    taken out (see the module's docstring). ``refl`` itself where the photo resolves colour
    (``grey_min_px_per_mm`` or more), the setting is off or no line has a fill beside it."""
    if photo_px_per_mm is None or not smears(photo_px_per_mm, config) or not fills or not len(refl):
        return refl
    blur_px = config.copy_chroma_blur_px
    floor = config.line_min_reflectance
    n_fill = max(fills) + 1
    chroma = np.zeros((n_fill, 3), np.float32)
    for h, c in fills.items():
        dens = -np.log(np.clip(np.asarray(c, np.float32), floor, 1.0))
        chroma[h] = dens @ _NEUTRAL_OUT
    smear = np.zeros((int(owner.max()) + 1, 3), np.float32)  # per line: its sides' chroma
    for line, spaces in sides.items():
        for h in spaces:
            if h in fills:
                smear[line] += chroma[h]
    core = line_mm < config.line_core_mm
    if not np.any(smear[owner[core]]):
        return refl
    w = smear_weights(line_mm[core], blur_px / photo_px_per_mm, config.copy_fill_gap_mm)
    taken = w[:, None] * smear[owner[core]]  # each core pixel's predicted smear (density)
    # A line whose core holds little beyond the smear is likely bare (its fills' pencil
    # alone): it keeps its pixels, so that it reads in the fill's colour and the bare-piece
    # test weighs it as in any photo (that test is measured on the smear left in).
    beyond = _beyond_smear(refl[core], owner[core], taken, len(smear), floor)
    kept = beyond < config.copy_bare_ratio
    out = refl.astype(np.float32, copy=True)
    out[core] *= np.exp(np.where(kept[owner[core], None], 0.0, taken))
    return out


def _beyond_smear(
    refl: np.ndarray, owner: np.ndarray, taken: np.ndarray, n_lines: int, floor: float
) -> np.ndarray:
    """Per line, its core's mean chroma (densities of ``refl`` above ``floor``) less the
    predicted smear (``taken``), as a share of that smear's (inf where no smear is
    predicted: nothing to keep)."""
    chroma = -np.log(np.clip(refl, floor, 1.0)) @ _NEUTRAL_OUT
    count = np.maximum(np.bincount(owner, minlength=n_lines), 1)[:, None]
    seen = np.stack([np.bincount(owner, chroma[:, c], n_lines) for c in range(3)], 1) / count
    smear = np.stack([np.bincount(owner, taken[:, c], n_lines) for c in range(3)], 1) / count
    size = np.linalg.norm(smear, axis=1)
    beyond = np.linalg.norm(seen - smear, axis=1)
    return np.where(size > 1e-6, beyond / np.maximum(size, 1e-6), np.inf)
