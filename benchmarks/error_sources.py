"""Where the scanner's wrong regions come from: the measurement or the solver (issue 20).

Each wrong region of a kept truth file is put in one of three classes, by the evidence the
scan measured before solving (``ScanResult.evidence``, each reading's log-likelihood):

- **measured**: the pixels state the wrong reading at least as likely as the truth. No solver
  over this evidence can read it right; only a better measurement can.
- **rules, break**: the pixels favour the truth, and the region is the sheet's planted
  rule-break: the solver read it otherwise to keep the sheet legal (its prior for a break).
- **rules, legal**: the pixels favour the truth and the truth is legal there: the solver's
  rules, prior or search chose a reading the pixels like less.

Per region the pixels' lead of the reading over the truth (log-odds) is kept; the figures are
printed per set (seeds below 48 / from 48, as the tuning sets are split), per condition and
per game, with the median lead of each class. A sheet counts as "measured" when every
wrong region of it is. ``--sheets`` adds a line a photo: the reading's lead over the truth
on the whole sheet and how many of the rules' checks the reading fails.

    .venv/bin/python benchmarks/error_sources.py TRUTH.json [--results R.json] [--workers 2]

``--results`` (a ``bench_scanner.py`` results file of the same photos) limits the scans to
photos that were not exact there; without it every photo is scanned.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_scanner import photo_seed, scan_photo  # noqa: E402

CLASSES = ("measured", "rules, break", "rules, legal")


def classify(truth: dict) -> dict:
    """One photo's wrong regions, each with its class and the pixels' lead (log-odds)."""
    scanned, result = scan_photo(truth)
    row = {k: truth[k] for k in ("path", "condition", "game")}
    if result is None:
        return {**row, "failed": scanned["reason"], "regions": [], "checks_failed": 0}
    planted = truth["planted"][0] if truth["planted"] else None
    regions = []
    for rid, want in truth["colours"].items():
        got = result.colours.get(rid, want)
        if got == want:
            continue
        ev = result.evidence.get(rid)
        lead = ev.loglik.get(got, -math.inf) - ev.loglik.get(want, -math.inf) if ev else 0.0
        cls = "measured" if lead >= 0 else "rules, break" if rid == planted else "rules, legal"
        regions.append({"region": rid, "read": got, "truth": want, "lead": lead, "class": cls})
    return {**row, "failed": None, "regions": regions, "checks_failed": len(result.scoring.failed)}


def _summary(name: str, rows: list[dict]) -> str:
    counts: Counter[str] = Counter()
    leads: dict[str, list[float]] = defaultdict(list)
    sheets: Counter[str] = Counter()
    for r in rows:
        if not r["regions"]:
            continue
        classes = {g["class"] for g in r["regions"]}
        sheets["measured" if classes == {"measured"} else "rules"] += 1
        for g in r["regions"]:
            counts[g["class"]] += 1
            if math.isfinite(g["lead"]):
                leads[g["class"]].append(g["lead"])
    cells = []
    for c in CLASSES:
        med = f"{statistics.median(leads[c]):+.1f}" if leads[c] else "-"
        cells.append(f"{counts[c]:5d} ({med:>5})")
    return f"{name:28s} {len(rows):4d} {sheets['measured']:5d} {sheets['rules']:5d}  " + "  ".join(
        cells
    )


def _sheet_line(row: dict) -> str:
    """One photo: its wrong regions, how much likelier the pixels make its reading than the
    truth over the whole sheet (the sum of its wrong regions' leads), and whether the reading
    passes the rules' checks (a legal reading likelier than the truth: measured)."""
    lead = sum(g["lead"] for g in row["regions"])
    return (
        f"{Path(row['path']).stem:32s} wrong {len(row['regions']):4d}  reading's lead "
        f"{lead:+8.1f}  checks failed {row['checks_failed']}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("truth", type=Path, help="a truth file kept by bench_scanner.py")
    ap.add_argument("--results", type=Path, help="scan only the photos not exact here")
    ap.add_argument("--conditions", help="comma-separated conditions to keep")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, help="write every wrong region here (JSON)")
    ap.add_argument("--sheets", action="store_true", help="also print one line a photo")
    args = ap.parse_args()
    try:
        truths = json.loads(args.truth.read_text())
        done = json.loads(args.results.read_text()) if args.results else None
    except (OSError, ValueError) as e:
        print(f"error: cannot read {e}; give truth and results files of bench_scanner.py")
        return 2
    if done is not None:
        bad = {r["path"] for r in done if not r.get("ok") or r.get("wrong")}
        truths = [t for t in truths if t["path"] in bad]
    if args.conditions:
        keep = set(args.conditions.split(","))
        truths = [t for t in truths if t["condition"] in keep]
    with mp.get_context("spawn").Pool(args.workers) as pool:
        rows = pool.map(classify, truths, chunksize=1)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))
    failed = [r for r in rows if r["failed"]]
    print(f"photos scanned: {len(rows)}; refused: {len(failed)}")
    print(
        f"{'':28s} {'n':>4s} {'meas.':>5s} {'rules':>5s}  "
        + "  ".join(f"{c:>13s}" for c in CLASSES)
    )
    print(f"{'':28s} {'':4s} {'sheets':>11s}   wrong regions (median lead of the reading)")
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        half = "seeds 0-47" if photo_seed(r["path"]) < 48 else "seeds 48+"
        groups[half].append(r)
        groups[f"  {r['condition']}"].append(r)
        groups[f"  game {r['game']}"].append(r)
    if args.sheets:
        for r in rows:
            if r["regions"]:
                print(_sheet_line(r))
    for name in sorted(groups, key=lambda n: (n.startswith("  "), n.startswith("  game"), n)):
        print(_summary(name, groups[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
