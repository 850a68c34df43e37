"""Miro's segments read wrong and left out of review, and what review rules would cost (issue 20).

Reads the pieces ``capture_lines.py capture ... --games miro`` wrote (one ``STEM.json`` a photo)
and prints, for the curve's segments outside messaging copies:

- every wrong segment left out of review, with what each stage saw: the line fit's colour,
  runner-up and margin (as fitted, before the mean blend and the curve's scale), the printed
  core's and the band beside it's colours, the mean colour's reading (as a stroke: colour,
  margin between the fit's two, confidence), coverage, the two keys' distance (CIELAB, at full
  pressure), and the final reading's confidence and reason;
- the fit's misreads by key distance and margin (how surely a close pair is read);
- per candidate review rule (each a predicate on one segment's capture): the segments it
  reaches, how many of them the fit read wrong, the right segments left out of review it would
  send there (its cost) and the wrong ones left out of review it would catch.

    .venv/bin/python benchmarks/miro_segment_doubts.py DIR [DIR ...]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from artsheets.scanner import cielab

Row = dict


def _rows(dirs: list[str]) -> list[Row]:
    """One row a captured segment read coloured, with its truth (truth coloured too)."""
    out: list[Row] = []
    for d in dirs:
        for f in sorted(Path(d).glob("*.json")):
            doc = json.loads(f.read_text())
            if doc.get("game") != "miro":
                continue
            lab = {
                int(k): cielab.lab(np.array([v], np.float64))[0] for k, v in doc["palette"].items()
            }
            for rid, p in doc["pieces"].items():
                if not rid.startswith("segment") or p["truth"] is None or p["final"] is None:
                    continue
                a, b = p["fit"], p["second"]
                mean = p.get("mean_ll") or {}
                pair = str(a) in mean and str(b) in mean
                out.append(
                    {
                        "photo": doc["stem"],
                        "id": rid,
                        "truth": p["truth"],
                        "fit": a,
                        "second": b,
                        "margin": p["llr"],
                        "core": p["core"],
                        "beside": p["beside"],
                        "mean": p["second_read"],
                        "mean_margin": mean[str(a)] - mean[str(b)] if pair else None,
                        "mean_conf": p.get("mean_conf"),
                        "cover": p["second_cov"],
                        "keys_apart": 99.0 if b is None else float(np.linalg.norm(lab[a] - lab[b])),
                        "final": p["final"],
                        "conf": p["final_conf"],
                        "flagged": p["final_reason"] is not None,
                        "reason": (p["final_reason"] or "")[:60],
                    }
                )
    return out


def _blended(r: Row) -> float:
    """The fit's margin after the mean blend (``line_mean_blend`` 1 under a margin of 1)."""
    m = r["mean_margin"]
    return r["margin"] + m if r["margin"] < 1.0 and m is not None else r["margin"]


CLOSE = 17.0  # CIELAB between two keys at full pressure: a close pair (two greens, red and pink)
CANDIDATES: dict[str, Callable[[Row], bool]] = {
    "close pair, margin under 2, mean colour not for it by 0.25": lambda r: (
        r["keys_apart"] < CLOSE
        and r["margin"] < 2.0
        and (r["mean_margin"] is None or r["mean_margin"] < 0.25)
    ),
    "sure only by the curve's scale (blended margin 0.92-1.39)": lambda r: (
        0.92 <= _blended(r) < 1.386
    ),
    "band beside the core favours the runner-up, margin under 0.5": lambda r: (
        r["beside"] == r["second"] and r["margin"] < 0.5
    ),
    "faint (cover under 0.05), close pair, margin under 2": lambda r: (
        r["cover"] < 0.05 and r["keys_apart"] < CLOSE and r["margin"] < 2.0
    ),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    rows = _rows(ap.parse_args().dirs)
    photos = len({r["photo"] for r in rows})
    print(f"{len(rows)} segments read coloured, {photos} photos")
    print("wrong and left out of review:")
    for r in rows:
        if r["final"] != r["truth"] and not r["flagged"]:
            print(" ", {k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()})
    print("the fit's misreads (colour other than the truth) by keys apart and margin:")
    for lo, hi in ((0.0, CLOSE), (CLOSE, 25.0), (25.0, 1e9)):
        for m0, m1 in ((0, 1), (1, 2), (2, 3), (3, 1e9)):
            sel = [r for r in rows if lo <= r["keys_apart"] < hi and m0 <= r["margin"] < m1]
            wrong = sum(r["fit"] != r["truth"] for r in sel)
            print(f"  keys {lo:g}-{hi:g} apart, margin {m0}-{m1:g}: {len(sel)}, fit wrong {wrong}")
    print("candidate review rules:")
    for name, rule in CANDIDATES.items():
        sel = [r for r in rows if rule(r)]
        wrong = sum(r["fit"] != r["truth"] for r in sel)
        cost = sum(r["final"] == r["truth"] and not r["flagged"] for r in sel)
        caught = sum(r["final"] != r["truth"] and not r["flagged"] for r in sel)
        print(f"  {name}: {len(sel)} reached, fit wrong {wrong}, cost {cost}, caught {caught}")


if __name__ == "__main__":
    main()
