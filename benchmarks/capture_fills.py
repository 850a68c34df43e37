"""Capture every fill-style region's measurement and final reading, per photo (issue 20,
fills: "Close keys in register").

Scans every photo of a kept set's truth file (``bench_scanner.py --keep DIR``) and writes one
line a photo (JSON): the keys the fills were read against (adapted; CIELAB and linear BGR),
their swatches, and per fill-style region its truth, its reading before solving and after,
its coverage and core coverage, its mean colour (CIELAB and linear), its distance to each
key's curve, its area in chroma blocks, and the mean colour of all its pixels off print.

    python benchmarks/capture_fills.py DIR/truth_tune.json OUT.jsonl [--games klee] \
        [--conditions close_colours] [--workers 2]
"""

import argparse
import json
import multiprocessing as mp
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _cap(truth: dict) -> dict:
    import numpy as np

    from artsheets.scanner import cielab, pipeline
    from artsheets.scanner import colours as C

    calls = []
    mcap = {}
    om = pipeline.measure

    def mwrap(work, light, tpl, *a, **k):
        mcap.update(work=work, light=light)
        return om(work, light, tpl, *a, **k)

    orig = C._classify_once

    def wrapped(stats, palettes, tpl, styles, *a, **k):
        out = orig(stats, palettes, tpl, styles, *a, **k)
        calls.append((stats, palettes, styles, tpl, out))
        return out

    res = scan_patched(truth, [(pipeline, "measure", mwrap), (C, "_classify_once", wrapped)])
    if isinstance(res, dict):
        return res
    config = res.config
    stats, palettes, styles, tpl, out = calls[-1]
    fill = config.fill
    pal = palettes[fill]
    swatch = calls[0][1][fill]
    keys = list(pal.colours)
    lab = cielab.lab(stats.mean)
    bounds = (stats.low, stats.high) if stats.low is not None and stats.high is not None else None
    dist, _ = C._distances(lab, pal, bounds)
    core = C._core_coverage(stats, config.core_pixels)
    blocks = C._chroma_blocks(stats.n, res.registration.px_per_mm * res.photo_scale, config)
    regions = tpl.masks.regions
    m = tpl.masks
    work, light = mcap["work"], mcap["light"]
    h, w = work.shape[:2]
    full = light.at((h, w))
    px = C.to_linear(C._rows(work, m.pixels)) / C._rows(full, m.pixels)
    use = ~m.on_print & ~m.near_print
    wsum = np.bincount(m.owner, weights=use.astype(float), minlength=len(regions))
    allmean = (
        np.stack(
            [
                np.bincount(m.owner, weights=np.where(use, px[:, c], 0.0), minlength=len(regions))
                for c in range(3)
            ],
            1,
        )
        / np.maximum(wsum, 1)[:, None]
    )
    alab = cielab.lab(np.clip(allmean, 0, 2).astype(np.float32))
    adist, _ = C._distances(alab, pal)
    colours = truth["colours"]
    cen = stats.censored
    photo = {
        "path": truth["path"],
        "ok": True,
        "condition": truth["condition"],
        "game": truth["game"],
        "px": round(res.registration.px_per_mm, 2),
        "keyorder": keys,
        "keys": {
            k: cielab.lab(np.array([pal.colours[k]], np.float64))[0].round(2).tolist() for k in keys
        },
        "swatch": {
            k: cielab.lab(np.array([swatch.colours[k]], np.float64))[0].round(2).tolist()
            for k in keys
        },
        "spread": pal.fill_spread,
        "keylin": {k: np.asarray(pal.colours[k], float).round(5).tolist() for k in keys},
        "strengths": np.asarray(pal.strengths).round(4).tolist(),
        "source": {k: pal.source.get(k) for k in keys},
        "regions": [],
    }
    for i, r in enumerate(regions):
        if styles[i] is not fill:
            continue
        fr = res.readings[r.id]
        pr = out[i]
        ev = res.evidence.get(r.id)
        tr = colours.get(r.id)
        if pr.reason == C.OUTSIDE:
            continue
        photo["regions"].append(
            {
                "id": r.id,
                "kind": r.kind,
                "truth": tr,
                "pre": pr.color,
                "pre_conf": pr.confidence,
                "pre_reason": (pr.reason or "")[:50],
                "pre_runner": pr.runner_up,
                "sure_marked": pr.surely_marked,
                "read": fr.color,
                "conf": fr.confidence,
                "flag": fr.reason is not None,
                "reason": (fr.reason or "")[:60],
                "cov": round(float(stats.coverage[i]), 3),
                "core": None
                if core is None or not np.isfinite(core[i])
                else round(float(core[i]), 3),
                "n": int(stats.n[i]),
                "lab": lab[i].round(2).tolist(),
                "dist": dist[i].round(3).tolist(),
                "blocks": None if blocks is None else round(float(blocks[i]), 2),
                "censored": bool(cen[i]),
                "margin": None if ev is None else round(min(ev.margin, 99), 3),
                "ev_best": None if ev is None else ev.best,
                "seen": round(float(stats.seen[i]), 3),
                "lin": stats.mean[i].round(5).tolist(),
                "alab": alab[i].round(2).tolist(),
                "adist": adist[i].round(3).tolist(),
                "an": int(wsum[i]),
            }
        )
    return photo


def scan_patched(truth: dict, patches: list[tuple[object, str, Callable]]) -> Any:
    """Scan the truth's photo with each ``(module, name, replacement)`` in place meanwhile
    (a capture's wrapper of a stage): the scan's result, or the photo's refusal record (a
    dict) when the scanner refuses it. Both fill captures scan so."""
    from artsheets.scanner import pipeline
    from artsheets.scanner.errors import ScanError

    with ExitStack() as stack:
        for owner, name, replacement in patches:
            stack.enter_context(mock.patch.object(owner, name, replacement))
        try:
            return pipeline.scan_file(Path(truth["path"]))
        except ScanError as e:
            return {"path": truth["path"], "ok": False, "reason": e.reason}


def capture_set(cap: Callable[[dict], dict]) -> None:
    """The command line both fill captures share (this one and ``capture_bleed.py``): read
    a kept set's truth file, keep the photos of ``--games`` and ``--conditions``, run ``cap``
    on each in a pool of ``--workers`` and write its line (JSON) as each photo ends."""
    p = argparse.ArgumentParser()
    p.add_argument("truth")
    p.add_argument("out")
    p.add_argument("--games")
    p.add_argument("--conditions")
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    truths = json.loads(Path(a.truth).read_text())
    if a.games:
        truths = [t for t in truths if t["game"] in a.games.split(",")]
    if a.conditions:
        truths = [t for t in truths if t["condition"] in a.conditions.split(",")]
    with mp.get_context("spawn").Pool(a.workers) as pool, open(a.out, "w") as f:
        for ph in pool.imap_unordered(cap, truths, chunksize=1):
            f.write(json.dumps(ph) + "\n")
            f.flush()


def main() -> None:
    capture_set(_cap)


if __name__ == "__main__":
    main()
