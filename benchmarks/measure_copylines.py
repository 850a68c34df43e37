"""What a messaging copy's pixels hold about a traced line piece's colour (issue 20, copylines).

For each messaging Arp and Miro photo of a kept truth file, the scan is run with two hooks
(the rectified sheet and its light as measured; the line fit's first call, its inputs and
its fits) and, per truly traced line piece, three readings are compared with the truth:

(a) the line fit's own best colour (before the run decoding and the rules), its margin;
(b) a luma-only reading: the piece's darkness in optical density of luminance Y (which JPEG
    keeps at every photo pixel), on its printed core and beside it (a fill's own density
    taken out where a fill lies under a pixel), read by the nearest key of the sheet;
(c) an "oracle" unmixing of the copy's chroma: over a window of the piece's band and the
    space pixels nearer to it than to any other piece (``WINDOW_MM``), the encoded Cb/Cr
    (relative to paper) summed, the truth-filled spaces' own chroma (their far pixels' mean)
    taken out at their share of the window, and what is left put on the band: the trace's
    chroma per band pixel, read by the nearest key of the sheet.

The keys in (b) and (c) are "references": per sheet, per key, the median feature of the
sheet's other truly traced pieces of that key (leave one out; an oracle: the truth names
them), or (``self``) of the pieces the fit reads surely (margin >= SELF_MARGIN) in that key,
which a scanner could use. Features are scaled by their pooled within-key spread.

    .venv/bin/python benchmarks/measure_copylines.py TRUTH.json [--seeds A-B] [--out F.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from artsheets.scanner import cielab, pipeline
from artsheets.scanner import colours as colours_mod
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import to_linear

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_scanner import photo_seed  # noqa: E402

WINDOWS_MM = (0.75, 1.5, 3.0)  # the windows measured besides
WINDOW_MM = 1.5  # the unmixing window beyond a piece's band (a chroma blur is ~0.7 mm)
RIM_MM = 0.5  # the rim between a space's measured pixels and a band: the space's
FAR_MM = 1.5  # a fill's own chroma: its pixels this far or further from its outline
SELF_MARGIN = 3.0  # a piece the fit reads by this many log-odds teaches its key (self refs)
PX_PER_MM = 5.0


def _ycc(bgr8: np.ndarray) -> np.ndarray:
    """Encoded 8-bit BGR rows -> (Y, Cb, Cr) as JPEG holds them (BT.601, 0-255 scale)."""
    b, g, r = (bgr8[..., i].astype(np.float32) for i in range(3))
    y = 0.299 * r + 0.587 * g + 0.114 * b
    return np.stack([y, 0.564 * (b - y), 0.713 * (r - y)], axis=-1)


def _encode(lin: np.ndarray) -> np.ndarray:
    """Linear [0, 1] -> encoded sRGB 0-255 (float)."""
    lin = np.clip(lin, 0.0, 1.0)
    return 255.0 * np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)


class _Stop(Exception):
    """Raised in place of solving: the readings the measurement needs are taken by then."""


def scan_one(path: Path, truth: dict[str, int | None], solve: bool = True) -> list[dict]:
    got: dict = {}
    measure0 = pipeline.measure
    fit0 = colours_mod.fit_lines

    def measure(work, light, tpl, *a, **k):
        got["work"], got["light"], got["tpl"] = work, light, tpl
        return measure0(work, light, tpl, *a, **k)

    def fit_lines(*a, **k):
        out = fit0(*a, **k)
        if "fits" not in got:
            got["fits"] = out
            got["fill_refl"] = a[4]
            got["keys"] = {kk: np.asarray(v, np.float64) for kk, v in a[5].items()}
        return out

    def no_solve(*a, **k):
        raise _Stop

    solve0 = pipeline.solve
    pipeline.measure, colours_mod.fit_lines = measure, fit_lines
    if not solve:
        pipeline.solve = no_solve
    res = None
    try:
        res = pipeline.scan_file(path)
    except _Stop:
        pass
    finally:
        pipeline.measure, colours_mod.fit_lines, pipeline.solve = measure0, fit0, solve0
    if "fits" not in got:
        return []
    work, light, tpl = got["work"], got["light"], got["tpl"]
    m = tpl.masks
    ids = m.ids
    kinds = [r.kind for r in m.regions]
    h, w = work.shape[:2]
    paper_lin = light.at((h, w)).reshape(-1, 3)
    work_rows = work.reshape(-1, 3)
    px = m.pixels
    enc = work_rows[px].astype(np.float32)
    ycc = _ycc(enc)
    paper_ycc = _ycc(_encode(paper_lin[px]))
    chroma = ycc[:, 1:] - paper_ycc[:, 1:]  # Cb, Cr relative to paper's
    lin = to_linear(work_rows[px]) / np.maximum(paper_lin[px], 1e-4)
    y_lin = lin @ np.array([0.0722, 0.7152, 0.2126], np.float32)  # BGR luminance
    od = -np.log10(np.clip(y_lin, 0.03, 1.5))
    owner, line_mm, host, edge = m.owner, m.line_mm, m.host, m.edge_mm
    tcol = np.array([truth.get(i) if truth.get(i) is not None else 0 for i in ids])
    filled = tcol > 0
    # Each space's own chroma and density: its far pixels' mean.
    far = (line_mm < 0) & (edge >= FAR_MM)
    n_reg = len(ids)
    cnt = np.maximum(np.bincount(owner[far], minlength=n_reg), 1)
    own_c = (
        np.stack([np.bincount(owner[far], chroma[far, c], n_reg) for c in (0, 1)], 1) / cnt[:, None]
    )
    own_od = np.bincount(owner[far], od[far], n_reg) / cnt
    # Over the whole sheet: each pixel's chroma relative to paper and the chroma the truth's
    # fills predict there (a measured pixel of a filled space its space's own; the rim
    # between a space's measured pixels and the band, within RIM_MM, its nearest space's).
    full_c = (_ycc(work_rows.astype(np.float32)) - _ycc(_encode(paper_lin)))[:, 1:]
    band = line_mm >= 0
    is_space = np.array([k == "space" for k in kinds])
    sp = (line_mm < 0) & is_space[owner]
    pred_full = np.zeros((h * w, 2), np.float32)
    spm = np.ones((h, w), np.uint8)
    spm.reshape(-1)[px[sp]] = 0
    sd, slab = cv2.distanceTransformWithLabels(spm, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    slab_owner = np.full(int(slab.max()) + 1, -1, np.int64)
    slab_owner[slab.reshape(-1)[px[sp]]] = owner[sp]
    nearest_space = slab_owner[slab.reshape(-1)]
    ok = (sd.reshape(-1) / PX_PER_MM <= RIM_MM) & (nearest_space >= 0)
    ok[px[band]] = False
    fill_of = np.where(ok, nearest_space, 0)
    ok &= filled[fill_of]
    pred_full[ok] = own_c[fill_of[ok]]
    resid_full = full_c - pred_full
    # Voronoi of the line bands: each pixel's nearest band pixel's piece and distance.
    img = np.ones((h, w), np.uint8)
    flat_band = px[band]
    img.reshape(-1)[flat_band] = 0
    dist, lab = cv2.distanceTransformWithLabels(img, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    lab_owner = np.full(int(lab.max()) + 1, -1, np.int64)
    lab_owner[lab.reshape(-1)[flat_band]] = owner[band]
    near_full = lab_owner[lab.reshape(-1)]
    d_mm = dist.reshape(-1) / PX_PER_MM
    win_sums = {}
    for wmm in WINDOWS_MM:
        win_owner = np.where((d_mm <= wmm) & (near_full >= 0), near_full, -1)
        sel_w = win_owner >= 0
        win_sums[wmm] = np.stack(
            [np.bincount(win_owner[sel_w], resid_full[sel_w, c], n_reg) for c in (0, 1)], 1
        )
        if wmm == WINDOW_MM:
            win_n = np.bincount(win_owner[sel_w], minlength=n_reg)
    core = band & (line_mm < DEFAULT.line_core_mm)
    # A band pixel's fill under it (truth): its density taken out of the luma.
    bhost = np.where(band & (host >= 0), host, -1)
    under = np.where(bhost >= 0, filled[np.maximum(bhost, 0)] & (bhost >= 0), False)
    od_ex = od - np.where(under, own_od[np.maximum(bhost, 0)], 0.0)
    fits = got["fits"]
    keys = sorted(got["keys"])
    key_cc = {
        str(k): [round(float(v), 2) for v in _ycc(_encode(got["keys"][k][None, :]))[0, 1:]]
        for k in keys
    }
    key_lab = {
        str(k): [round(float(v), 1) for v in cielab.lab(got["keys"][k][None, :])[0]] for k in keys
    }
    rows = []
    for i, fit in fits.items():
        rid = ids[i]
        t = truth.get(rid)
        if kinds[i] != "segment" or t is None:
            continue
        sel = band & (owner == i)
        nb = int(sel.sum())
        if nb < 5:
            continue
        trace_c = win_sums[WINDOW_MM][i] / nb
        c_sel = sel & core
        b_sel = sel & ~core
        hs = set(int(x) for x in host[sel] if x >= 0)
        fill_cols = {int(tcol[x]) for x in hs if filled[x]}
        ctx = "none" if not fill_cols else ("own" if t in fill_cols else "other")
        rd = None if res is None else res.readings.get(rid)
        rows.append(
            {
                "photo": path.name,
                "game": tpl.layout.game,
                "id": rid,
                "truth": int(t),
                "ctx": ctx,
                "fills": sorted(fill_cols),
                "fit": int(fit.color),
                "second": None if fit.runner_up is None else int(fit.runner_up),
                "margin": round(float(fit.llr), 3),
                "loglik": {str(k): round(float(v), 3) for k, v in fit.loglik.items()},
                "final": None if rd is None or rd.color is None else int(rd.color),
                "flagged": bool(rd is not None and rd.reason is not None),
                "od_core": float(od[c_sel].mean()) if c_sel.any() else None,
                "od_beside": float(od_ex[b_sel].mean()) if b_sel.any() else None,
                "cb": float(trace_c[0]),
                "cr": float(trace_c[1]),
                "cb_band": float(chroma[sel, 0].mean()),
                "cr_band": float(chroma[sel, 1].mean()),
                "n_band": nb,
                "n_win": int(win_n[i]),
                "keys_lab": key_lab,
                "keys_cc": key_cc,
                **{
                    f"{c}_w{wmm}": float(win_sums[wmm][i, j] / nb)
                    for wmm in WINDOWS_MM
                    for j, c in enumerate(("cb", "cr"))
                },
            }
        )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("truth")
    ap.add_argument("--seeds", default=None)
    ap.add_argument("--out", required=True)
    ap.add_argument("--no-solve", action="store_true", help="stop before solving (no final)")
    a = ap.parse_args()
    items = json.loads(Path(a.truth).read_text())
    items = [x for x in items if x["condition"] == "messaging" and x["game"] in ("arp", "miro")]
    if a.seeds:
        lo, hi = (int(s) for s in a.seeds.split("-"))
        items = [x for x in items if lo <= photo_seed(x["path"]) <= hi]
    rows: list[dict] = []
    for x in items:
        try:
            got = scan_one(Path(x["path"]), x["colours"], not a.no_solve)
        except Exception as e:  # a photo that cannot be read: said, skipped
            print("skip", x["path"], type(e).__name__, e, file=sys.stderr)
            continue
        rows.extend(got)
        print(Path(x["path"]).name, len(got), file=sys.stderr, flush=True)
    Path(a.out).write_text(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
