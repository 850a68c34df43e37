"""List the line pieces that ``linedoubt._settled_by_line`` takes out of review, with truth.

Issue 20, lines. A straight line's piece in review only for its fit's margin between two
keys leaves review where a piece it meets on its line was read surely in its colour and its
runner-up is the colour of nothing round it (``ScannerConfig.line_between_keys_met_sure``).
This scans kept photos (``bench_scanner.scan_photo``) with that test wrapped and writes per
photo each piece it settled: truth, reading, confidence, runner-up, the fit's own figures,
the fills beside it and the pieces it meets (their readings, confidences and their own fits'
likeliest colours), so that a narrower test can be weighed on the record alone. Also writes
the scans' rows (``OUT/results_tune.json``, ``bench_scanner.py``'s). The line doubts run with
``line_between_keys_met_own``, ``line_between_keys_both_sides`` and ``line_met_turned_margin``
off (as before them); ``settled_derive.py`` derives the rows with them on.

    python benchmarks/settled_pieces.py TRUTH OUT [--games arp] [--conditions ...] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _scan(truth: dict) -> tuple[dict, list[dict]]:
    import artsheets.scanner.linedoubt as L
    from benchmarks.bench_scanner import scan_photo

    _own = L._own  # the colour a reading's own line fit favours, as the doubts take it
    out: list[dict] = []
    original = L._settled_by_line

    def wrapped(i, readings, masks, config):
        ok = original(i, readings, masks, config)
        if ok:
            ids = masks.ids
            rd = readings[ids[i]]
            beside, met = L.line_neighbours(i, masks, readings)
            out.append(
                {
                    "id": ids[i],
                    "truth": truth["colours"].get(ids[i]),
                    "read": rd.color,
                    "conf": round(rd.confidence, 3),
                    "runner_up": rd.runner_up,
                    "own": _own(rd),
                    "ll": {int(k): round(v, 3) for k, v in rd.loglik.items()},
                    "bare": round(rd.bare, 3),
                    "core": rd.core,
                    "beside": [[r.color, round(r.confidence, 3)] for r in beside],
                    "met": [
                        [m.color, round(m.confidence, 3), m.reason is None, _own(m)] for m in met
                    ],
                }
            )
        return ok

    import artsheets.scanner.pipeline as P
    from artsheets.scanner.lines import curve_indices

    doubt = P.doubt_line_pieces

    def doubt_wrapped(readings, evidence, layout, masks, config):
        # The settling and the sure pieces' doubts as they stood before the three settings
        # ``settled_derive.py`` weighs: one scan gives both sides.
        config = replace(
            config,
            line_between_keys_met_own=False,
            line_between_keys_both_sides=False,
            line_met_turned_margin=0.0,
        )
        sent = doubt(readings, evidence, layout, masks, config)
        # Sure straight pieces a piece of whose line, read in their colour, favours their
        # runner-up by its own fit ("turned"): a second view for the steep misreads, by the
        # doubt's own test at any margin (the margin is recorded).
        any_margin = replace(config, line_met_turned_margin=math.inf)
        ids = masks.ids
        curve = curve_indices(layout, ids)
        for i, reg in enumerate(masks.regions):
            rd = readings.get(reg.id)
            ev = evidence.get(reg.id)
            if reg.kind != "segment" or i in curve or rd is None or ev is None:
                continue
            if not rd.sure(config.review_below) or rd.runner_up is None:
                continue
            if L._met_turned(rd, 0.0, i, masks, readings, any_margin) is not None:
                _, met = L.line_neighbours(i, masks, readings)
                out.append(
                    {
                        "kind": "turned",
                        "id": reg.id,
                        "truth": truth["colours"].get(reg.id),
                        "read": rd.color,
                        "runner_up": rd.runner_up,
                        "margin": round(ev.lead(rd.color), 3),
                        "own": _own(rd),
                        "met": [[m.color, round(m.confidence, 3), m.reason, _own(m)] for m in met],
                    }
                )
        return sent

    L._settled_by_line = wrapped
    P.doubt_line_pieces = doubt_wrapped
    row, _ = scan_photo(truth)
    return row, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("truth")
    ap.add_argument("out")
    ap.add_argument("--games", default="arp")
    ap.add_argument("--conditions", default="")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    games = set(a.games.split(","))
    conds = set(a.conditions.split(",")) if a.conditions else None
    truths = [
        t
        for t in json.loads(Path(a.truth).read_text())
        if t["game"] in games and (conds is None or t["condition"] in conds)
    ]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    rows, settled = [], {}
    with mp.get_context("fork").Pool(a.workers) as pool:
        for row, pieces in pool.imap_unordered(_scan, truths):
            rows.append(row)
            settled[Path(row["path"]).stem] = pieces
            wrong = [p for p in pieces if p["truth"] != p["read"]]
            print(Path(row["path"]).stem, len(pieces), "pieces,", len(wrong), "wrong", flush=True)
    rows.sort(key=lambda r: r["path"])
    (out / "results_tune.json").write_text(json.dumps(rows))
    (out / "settled.json").write_text(json.dumps(settled))
    n = sum(len(v) for v in settled.values())
    w = sum(p["truth"] != p["read"] for v in settled.values() for p in v)
    print(f"photos {len(rows)}, pieces settled {n}, of them wrong {w}")


if __name__ == "__main__":
    main()
