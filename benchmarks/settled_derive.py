"""Rows with the narrowed settling and the turned-piece doubt derived from a capture.

Issue 20, lines. ``settled_pieces.py`` scans with the three settings this weighs off
(``line_between_keys_met_own`` and ``line_between_keys_both_sides`` false,
``line_met_turned_margin`` 0) and records every piece ``_settled_by_line`` took out of
review and every sure straight piece a piece of whose line, read in its colour, favours its
runner-up by its own fit. The three settings change review only, so the rows with them on
are the scan's rows with the pieces they keep in (or send to) review added to ``flagged``
and, where misread, taken from ``unflagged``. Writes ``OUT`` (rows as ``results_tune.json``)
and prints the pieces each setting reaches, right and wrong.

    python benchmarks/settled_derive.py CAPTURE_DIR OUT.json [--own] [--sides] [--turned 5]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("capture")
    ap.add_argument("out")
    ap.add_argument("--own", action="store_true")
    ap.add_argument("--sides", action="store_true")
    ap.add_argument("--turned", type=float, default=0.0)
    a = ap.parse_args()
    cap = Path(a.capture)
    rows = json.loads((cap / "results_tune.json").read_text())
    pieces = json.loads((cap / "settled.json").read_text())
    counts = {"own": [0, 0], "sides": [0, 0], "turned": [0, 0], "all": [0, 0]}
    out = []
    for row in rows:
        row = dict(row)
        for p in pieces.get(Path(row["path"]).stem, []):
            wrong = p["truth"] != p["read"]
            hit = []
            if p.get("kind") == "turned":
                if p["margin"] < a.turned:
                    hit.append("turned")
            else:
                if a.own and any(m[3] == p["runner_up"] for m in p["met"]):
                    hit.append("own")
                if a.sides and len(p["met"]) < 2:
                    hit.append("sides")
            for h in hit:
                counts[h][wrong] += 1
            if hit:
                counts["all"][wrong] += 1
                row["flagged"] = row.get("flagged", 0) + 1
                if wrong:
                    row["unflagged"] -= 1
        out.append(row)
    Path(a.out).write_text(json.dumps(out))
    for k, (right, wrong) in counts.items():
        print(f"{k:7} reached {right + wrong:5} (right {right}, wrong {wrong})")


if __name__ == "__main__":
    main()
