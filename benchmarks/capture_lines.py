"""Capture every line piece's reading by stage on kept photos, and replay the line fit alone.

Capture (issue 20, lines): scans each photo of a kept set's truth file (``bench_scanner.py
--keep DIR``) as ``bench_scanner.py --reuse`` does, with ``colours.fit_lines``,
``colours.runs_along`` and ``colours._reread_lines`` wrapped, and writes per photo
``OUT/STEM.json`` (each line piece's truth; the fit as fitted: colour, runner-up, margin,
per-colour log-likelihoods, blank's margin ``bare``, core and beside views, shares; the colour
after Miro's mean colour and curve evidence; the run decoding's colour; ``_reread_lines``'
reading and reason; the coverage reading before it; the final reading, its reason and
confidence; the fit's misfit, and the line's mean colour's log-likelihoods and confidence as
read as a stroke) and ``OUT/STEM.fitargs.pkl`` (the fit's inputs, for the replay). Messaging copies
are left out (their fit runs on a small photo's model).

Replay: runs ``lines.fit_lines`` alone on the kept inputs with ``ScannerConfig`` fields
changed and counts the truly traced pieces the fit misreads, per condition; ``--jpeg-bands``
splits photos by their JPEG luminance quantiser's first (DC) step (OpenCV's quality 50 is 16,
75 is 8, 90 is 3).

    python benchmarks/capture_lines.py capture /tmp/r48/truth_tune.json OUT --games arp,miro
    python benchmarks/capture_lines.py replay OUT [OUT2 ...] --set line_halo=0.16 --jpeg-bands
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import multiprocessing as mp
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _capture(job: tuple[dict, str]) -> tuple[str, dict | None]:
    """Scan one photo with the line stages wrapped; write its pieces and the fit's inputs."""
    import artsheets.scanner.colours as C
    from benchmarks.bench_scanner import scan_photo

    truth, out_dir = job
    rec: dict = {"fits": [], "args": [], "runs": [], "reread": None}
    fit_lines, runs_along, reread = C.fit_lines, C.runs_along, C._reread_lines

    def fit(*a, **k):
        r = fit_lines(*a, **k)
        rec["fits"].append(r)
        rec["args"].append(a)
        return r

    def runs(fits, along, config):
        r = runs_along(fits, along, config)
        rec["runs"].append((dict(fits), r))
        return r

    def rr(stats, tpl, first, second, palette, per_sample, config=C.DEFAULT, small_photo=False):
        out = reread(stats, tpl, first, second, palette, per_sample, config, small_photo)
        if not small_photo:
            rec["reread"] = (list(out), list(tpl.masks.ids), second, palette)
        return out

    C.fit_lines, C.runs_along, C._reread_lines = fit, runs, rr
    row, result = scan_photo(truth)
    stem = Path(truth["path"]).stem
    if result is None or rec["reread"] is None:
        return stem, None
    out, ids, second, palette = rec["reread"]
    # The sheet's fit kept: the layer's where it was tried and overturned that many fewer.
    chosen = 0
    if len(rec["fits"]) == 2:
        o0, o1 = (C._overturned(*rec["runs"][j]) for j in (0, 1))
        chosen = 1 if o1 <= o0 - C.DEFAULT.line_layer_fewer else 0
    measured = rec["fits"][chosen]
    fin_fits, run = rec["runs"][chosen]
    colours = truth["colours"]
    pieces = {}
    for i, f in measured.items():
        rid = ids[i]
        if rid not in colours:
            continue
        rd = result.readings.get(rid)
        ff = fin_fits.get(i)
        pieces[rid] = {
            "i": int(i),
            "truth": colours[rid],
            "fit": f.color,
            "second": f.runner_up,
            "llr": round(f.llr, 3),
            "ll": {int(k): round(v, 3) for k, v in f.loglik.items()},
            "bare": round(f.bare, 3),
            "core": f.core,
            "beside": f.beside,
            "dissent": round(f.dissent, 3),
            "misfit": float(f.misfit),
            "mean_ll": {int(k): round(v, 3) for k, v in (second[i].loglik or {}).items()},
            "mean_conf": second[i].confidence,
            "fill_colour": f.fill_colour,
            "under_fill": f.under_fill,
            "fill_share": f.fill_share,
            "core_share": f.core_share,
            "open_share": f.open_share,
            "open_band": f.open_band,
            "own_reach": f.own_reach,
            "blank_ll": None if f.core_share is None else C._bare_loglik(f, C.DEFAULT),
            "curve": None if ff is None else ff.color,
            "run": run.get(i),
            "reread": out[i].color,
            "reread_reason": out[i].reason,
            "second_read": second[i].color,
            "second_cov": round(second[i].coverage, 3),
            "final": None if rd is None else rd.color,
            "final_reason": None if rd is None else rd.reason,
            "final_conf": None if rd is None else rd.confidence,
        }
    doc = {
        "stem": stem,
        "condition": truth["condition"],
        "game": truth["game"],
        "planted": truth.get("planted"),
        "layer": chosen,
        # The photo's scored row as ``bench_scanner.py`` writes it (its per-region lists
        # left out): the capture is a scan of its own, a set's figures without another.
        "row": {k: v for k, v in row.items() if k not in ("bins", "calib", "proposed")},
        "palette": {int(k): [float(x) for x in v] for k, v in palette.colours.items()},
        "pieces": pieces,
    }
    (Path(out_dir) / f"{stem}.json").write_text(json.dumps(doc))
    with open(Path(out_dir) / f"{stem}.fitargs.pkl", "wb") as fh:
        pickle.dump({"args": rec["args"][chosen], "ids": ids}, fh)
    return stem, row


def _jpeg_dc(stem: str, roots: list[Path]) -> int | None:
    """The photo's JPEG luminance quantiser's DC step (None: photo not found)."""
    from PIL import Image

    for root in roots:
        p = root / f"{stem}.jpg"
        if p.exists():
            with Image.open(p) as im:
                return int(im.quantization[0][0])
    return None


def _band(dc: int | None) -> str:
    if dc is None:
        return "?"
    return "DC 1-6" if dc <= 6 else ("DC 7-12" if dc <= 12 else "DC 13+")


def _replay(dirs: list[str], changes: dict, games: set[str], bands: bool, roots: list[Path]):
    """The fit alone on each kept photo's inputs, ``changes`` applied to its config."""
    from artsheets.scanner.lines import fit_lines

    total, misread, sure = collections.Counter(), collections.Counter(), collections.Counter()
    for d in dirs:
        for f in sorted(Path(d).glob("*.fitargs.pkl")):
            stem = f.name[: -len(".fitargs.pkl")]
            doc = json.loads((Path(d) / f"{stem}.json").read_text())
            if doc["game"] not in games:
                continue
            kept = pickle.loads(f.read_bytes())
            args = list(kept["args"])
            if changes:
                args[10] = dataclasses.replace(args[10], **changes)
            fits = fit_lines(*args)
            key = _band(_jpeg_dc(stem, roots)) if bands else doc["condition"]
            for p in doc["pieces"].values():
                fit = fits.get(p["i"])
                if p["truth"] is None or fit is None:
                    continue
                total[key] += 1
                if fit.color != p["truth"]:
                    misread[key] += 1
                    sure[key] += fit.llr >= 1
    print(f"{changes or 'as set'}: misread {sum(misread.values())} of {sum(total.values())}")
    for k in sorted(total):
        print(f"  {k}: {misread[k]} of {total[k]} ({sure[k]} at 1 log-odds or more)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    cap = sub.add_parser("capture")
    cap.add_argument("truth")
    cap.add_argument("out")
    cap.add_argument("--games", default="arp,miro")
    cap.add_argument("--workers", type=int, default=2)
    rep = sub.add_parser("replay")
    rep.add_argument("dirs", nargs="+")
    rep.add_argument("--set", action="append", default=[], help="FIELD=VALUE (a float)")
    rep.add_argument("--games", default="arp")
    rep.add_argument("--jpeg-bands", action="store_true")
    rep.add_argument("--photos", action="append", default=[], help="where the photos lie")
    a = ap.parse_args()
    if a.cmd == "capture":
        games = set(a.games.split(","))
        truths = [
            t
            for t in json.loads(Path(a.truth).read_text())
            if t["game"] in games and t["condition"] != "messaging"
        ]
        Path(a.out).mkdir(parents=True, exist_ok=True)
        with mp.Pool(a.workers) as pool:
            for stem, row in pool.imap_unordered(_capture, [(t, a.out) for t in truths]):
                print(stem, row and {k: row.get(k) for k in ("wrong", "unflagged")}, flush=True)
        return
    changes = {k: float(v) for k, v in (s.split("=", 1) for s in a.set)}
    roots = [Path(p) for p in a.photos] or [Path("/work/photos/reg96all")]
    _replay(a.dirs, changes, set(a.games.split(",")), a.jpeg_bands, roots)


if __name__ == "__main__":
    main()
