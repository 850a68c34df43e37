"""Solver benchmark: the solve step alone, re-run on the measured readings of kept photos.

The solver's settings (the rule-break prior, the evidence's per-style scale, the budgets) are
judged on many photos; measuring them afresh for every setting would take minutes a run.
``--capture`` scans the photos of a kept ``bench_scanner.py`` set once (``--keep DIR``) and
stores, per photo, what the measurement handed the solver (the readings before solving); a
run then solves those again under the settings given and prints, per condition and all
together, what the scanner benchmark prints of the solver's part: sheets exact, wrong regions
not flagged, planted rule-breaks read as drawn and reported, and the search's rescorings and
sheets solved exactly. It also prints the evidence's reliability per mark style: the share of
regions whose best reading is right, by its margin over the runner-up (the calibration of the
log-likelihood ratio).

    python benchmarks/bench_solver.py --keep /tmp/tune --split tune --capture
    python benchmarks/bench_solver.py --keep /tmp/tune --split tune --set sure_logodds=3.5

Tuning seeds only: the settings are chosen here, and reported on held-out seeds with
``bench_scanner.py``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing as mp
import pickle
import statistics
import sys
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MARGIN_BINS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0, math.inf)


def _capture(job: tuple[dict, str]) -> str:
    """Scan one photo, keeping what the measurement handed the solver."""
    import artsheets.scanner.pipeline as pipeline
    from artsheets.scanner.errors import ScanError

    truth, out = job
    real = pipeline.solve
    kept: dict = {}

    def keep(layout, readings, players, colours, config):  # type: ignore[no-untyped-def]
        kept.update(readings=dict(readings), players=players, colours=list(colours))
        return real(layout, readings, players, colours, config)

    pipeline.solve = keep
    try:
        result = pipeline.scan_file(Path(truth["path"]))
    except ScanError:
        return "not read"
    finally:
        pipeline.solve = real
    kept.update(code=result.code, truth=truth)
    Path(out).write_bytes(pickle.dumps(kept))
    return "ok"


def load_capture(path: str, settings: dict) -> tuple[dict, dict, Any, Any]:
    """One photo ``--capture`` kept, to be solved again under ``settings`` (config fields):
    what was kept, its truth, the config and the sheet's layout."""
    from artsheets.scanner.config import DEFAULT
    from artsheets.scanner.template import template_for

    kept = pickle.loads(Path(path).read_bytes())
    config = replace(DEFAULT, **settings)
    return kept, kept["truth"], config, template_for(kept["code"]).layout


@dataclass
class Replayed:
    """One captured photo solved again: what was kept, its truth and layout, the readings as
    measured (``before``) and as solved, and what the replays compare them by."""

    kept: dict
    truth: dict
    config: Any
    layout: Any
    before: dict
    readings: dict
    solved: Any
    seconds: float

    @property
    def right(self) -> dict:
        return self.truth["colours"]

    @property
    def planted(self) -> str | None:
        return self.truth["planted"][0] if self.truth["planted"] else None

    @property
    def kinds(self) -> dict[str, str]:
        return {r.id: r.kind for r in self.layout.regions}


def solve_capture(job: tuple[str, dict]) -> Replayed:
    """``load_capture`` and the solve step on a copy of its readings, timed: the start every
    replay of a capture shares."""
    from artsheets.scanner.solve import solve

    kept, truth, config, layout = load_capture(*job)
    before = dict(kept["readings"])
    readings = dict(before)
    t0 = time.perf_counter()
    solved = solve(layout, readings, kept["players"], kept["colours"], config)
    seconds = time.perf_counter() - t0
    return Replayed(kept, truth, config, layout, before, readings, solved, seconds)


def _solve(job: tuple[str, dict]) -> dict:
    """Solve one captured photo under ``settings``; its figures."""
    from artsheets.scanner.colours import OUTSIDE
    from benchmarks.bench_scanner import sheet_figures

    rep = solve_capture(job)
    kept, truth, config, layout = rep.kept, rep.truth, rep.config, rep.layout
    readings, solved, right, kinds = rep.readings, rep.solved, rep.right, rep.kinds
    row = {
        "condition": truth["condition"],
        "game": truth["game"],
        "name": Path(truth["path"]).name,
        "right_sheet": kept["code"] == truth["code"],
        **sheet_figures(readings, solved.scoring.failed, truth),
        "regions": len(readings),
        "evaluations": solved.evaluations,
        "exact_search": solved.exact,
        "seconds": rep.seconds,
        # Per region the measurement read: kind, margin of its best over the runner-up,
        # whether the best is right, and whether the truth is the runner-up.
        "margins": [
            [
                kinds.get(rid, "?") + ("/fit" if kept["readings"][rid].loglik else ""),
                ev.margin,
                ev.best == right.get(rid),
                ev.second == right.get(rid),
            ]
            for rid, ev in solved.evidence.items()
            if kept["readings"][rid].reason != OUTSIDE and len(ev.loglik) > 1
        ],
    }
    row["offers"] = _offers(layout, kept, config)
    return row


def _offers(layout, kept: dict, config) -> list[list]:  # type: ignore[no-untyped-def]
    """The changes the failed checks of the sheet as measured offer, whatever their cost:
    per (region, reading) its cost in the evidence's log-odds, whether it is right, and
    whether the measured reading is."""
    from artsheets.scanner.evidence import evidence_of
    from artsheets.scanner.solve import _Search

    measured = kept["readings"]
    right = kept["truth"]["colours"]
    wide = replace(config, sure_logodds=1e6)
    evidence = {rid: evidence_of(rd, kept["colours"], config) for rid, rd in measured.items()}
    search = _Search(layout, measured, kept["players"], kept["colours"], evidence, wide)
    kinds = {r.id: r.kind for r in layout.regions}
    return [
        [
            kinds.get(m.rid, "?"),
            m.cost,
            m.option == right.get(m.rid),
            measured[m.rid].color == right.get(m.rid),
        ]
        for _, m in search.moves(search.evaluate({}))
    ]


def _value(field_type: object, text: str) -> object:
    if field_type in (bool, "bool"):
        return text.lower() in ("1", "true", "yes")
    return int(text) if field_type in (int, "int") else float(text)


def parse_settings(parser: argparse.ArgumentParser, items: list[str]) -> dict[str, object]:
    """The ``--set FIELD=VALUE`` items as ScannerConfig settings to replay under; a field the
    config does not have, or no value, is the command line's error (``parser.error``)."""
    from artsheets.scanner.config import ScannerConfig

    types = {f.name: f.type for f in fields(ScannerConfig)}
    settings: dict[str, object] = {}
    for item in items:
        name, _, text = item.partition("=")
        if name not in types or not text:
            parser.error(
                f"--set {item}: give FIELD=VALUE, FIELD a number or true/false field of "
                "ScannerConfig"
            )
        settings[name] = _value(types[name], text)
    return settings


def replay_parser(description: str) -> argparse.ArgumentParser:
    """The command line both replays of a kept capture share (``solver_changes.py``,
    ``solver_sheets.py``): the folder, settings, a narrowing by game and condition."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("folder", help="a bench_scanner.py folder captured with --capture")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    p.add_argument("--games")
    p.add_argument("--conditions")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--save", metavar="FILE", help="write the rows as JSON")
    return p


def replay_kept(
    parser: argparse.ArgumentParser, args: argparse.Namespace, worker: Any
) -> tuple[list[dict], dict[str, object]]:
    """``worker((path, settings))`` over the captured photos the arguments select, on a
    process pool; the rows and the settings they were replayed under."""
    settings = parse_settings(parser, args.set)
    kept = sorted((Path(args.folder) / "solver_tune").glob("*.pkl"))
    games = set(args.games.split(",")) if args.games else None
    conds = set(args.conditions.split(",")) if args.conditions else None
    kept = [
        k
        for k in kept
        if (games is None or k.stem.rsplit("_", 2)[1] in games)
        and (conds is None or k.stem.rsplit("_", 2)[0] in conds)
    ]
    if not kept:
        parser.error(f"no captured photo selected in {args.folder}/solver_tune")
    with mp.get_context("spawn").Pool(args.workers) as pool:
        rows = pool.map(worker, [(str(k), settings) for k in kept], chunksize=4)
    return rows, settings


def replay_command(description: str, worker: Any, summary: Any) -> int:
    """The whole command of a replay that prints one summary of its rows
    (``solver_changes.py``, ``solver_captures.py``): parse, replay, save, print."""
    parser = replay_parser(description)
    args = parser.parse_args()
    rows, settings = replay_kept(parser, args, worker)
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    print(summary(rows, settings))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", required=True, help="a kept bench_scanner.py photo folder")
    parser.add_argument("--split", choices=("tune", "heldout"), required=True)
    parser.add_argument("--capture", action="store_true", help="scan the photos first")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--set", action="append", default=[], metavar="FIELD=VALUE", help="a ScannerConfig field"
    )
    parser.add_argument("--below", type=int, help="only the photos of seeds under this")
    parser.add_argument("--save", metavar="FILE", help="write the rows as JSON")
    parser.add_argument("--list", action="store_true", help="list the sheets not solved right")
    parser.add_argument("--margins", action="store_true", help="print the evidence reliability")
    args = parser.parse_args()
    settings = parse_settings(parser, args.set)
    folder = Path(args.keep)
    truth_file = folder / f"truth_{args.split}.json"
    if not truth_file.exists():
        parser.error(f"no {truth_file.name} in {folder}: keep a bench_scanner.py set there")
    truths = json.loads(truth_file.read_text())
    store = folder / f"solver_{args.split}"
    ctx = mp.get_context("spawn")
    if args.capture:
        store.mkdir(exist_ok=True)
        jobs = [(t, str(store / (Path(t["path"]).stem + ".pkl"))) for t in truths]
        with ctx.Pool(args.workers) as pool:
            done = pool.map(_capture, jobs, chunksize=1)
        print(f"captured {done.count('ok')} of {len(done)} photos in {store}")
    kept = sorted(store.glob("*.pkl"))
    if args.below is not None:
        from benchmarks.bench_scanner import photo_seed

        kept = [p for p in kept if photo_seed(p) < args.below]
    if not kept:
        parser.error(f"nothing captured in {store}: run with --capture first")
    with ctx.Pool(args.workers) as pool:
        rows = pool.map(_solve, [(str(p), settings) for p in kept], chunksize=1)
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    print(report(rows, settings, args.list))
    if args.margins:
        print(reliability(rows))
        print(offered(rows))
    return 0


def report(rows: list[dict], settings: dict, listing: bool) -> str:
    """Per condition: sheets, exact, unflagged, breaks, rescorings, searches exact."""
    out = [f"settings: {settings or 'defaults'}"]
    out.append(
        f"{'condition':14} {'photos':>6} {'exact':>6} {'wrong':>6} {'unflag':>6} "
        f"{'breaks':>7} {'rescore':>7} {'max':>5} {'solved':>7} {'ms':>6}"
    )
    conditions = sorted({r["condition"] for r in rows}, key=[r["condition"] for r in rows].index)
    for name in [*conditions, "all"]:
        sel = [r for r in rows if name in ("all", r["condition"])]
        planted = [r for r in sel if "break_read" in r]
        breaks = sum(1 for r in planted if r["break_read"] and r["break_reported"])
        evals = [r["evaluations"] for r in sel]
        out.append(
            f"{name:14} {len(sel):6} {sum(r['wrong'] == 0 for r in sel):6} "
            f"{sum(r['wrong'] for r in sel):6} {sum(r['unflagged'] for r in sel):6} "
            f"{f'{breaks}/{len(planted)}':>7} {statistics.median(evals):7.0f} {max(evals):5} "
            f"{sum(r['exact_search'] for r in sel):7} "
            f"{1000 * statistics.median(r['seconds'] for r in sel):6.1f}"
        )
    out.append(
        "exact = sheets with every region right; rescore = median rescorings a sheet (max "
        "the most); solved = sheets the search solved exactly; ms = median solve time"
    )
    if listing:
        for r in rows:
            miss = "break_read" in r and not (r["break_read"] and r["break_reported"])
            if r["wrong"] or miss or r["unflagged"]:
                how = ""
                if miss:
                    how = " break " + ("read otherwise" if not r["break_read"] else "unreported")
                out.append(
                    f"  {r['name']}: wrong {r['wrong']} unflagged {r['unflagged']}"
                    f" rescorings {r['evaluations']}{how}"
                )
    return "\n".join(out)


def reliability(rows: list[dict]) -> str:
    """Per kind of region, by the evidence's margin of its best reading over the runner-up:
    regions, share whose best is right, and the log-odds that share states, against the
    runner-up alone (regions whose truth is the best or the runner-up)."""
    out = ["evidence reliability: margin of the best over the runner-up (log-odds)"]
    out.append(f"{'kind':9} {'margin':>11} {'regions':>8} {'best right':>10} {'observed':>9}")
    by_kind: dict[str, list[list]] = {}
    for r in rows:
        for m in r["margins"]:
            by_kind.setdefault(m[0], []).append(m)
    for kind, ms in sorted(by_kind.items()):
        for lo, hi in itertools.pairwise(MARGIN_BINS):
            sel = [m for m in ms if lo <= m[1] < hi]
            pair = [m for m in sel if m[2] or m[3]]
            if not sel:
                continue
            right = sum(m[2] for m in pair)
            p = (right + 0.5) / (len(pair) + 1)  # a half pseudo-count each way
            out.append(
                f"{kind:9} {lo:5.1f}-{hi:<5.1f} {len(sel):8} "
                f"{100 * sum(m[2] for m in sel) / len(sel):9.1f}% {math.log(p / (1 - p)):9.2f}"
            )
    return "\n".join(out)


def offered(rows: list[dict]) -> str:
    """The changes the failed checks of the sheets as measured offer, by their cost: how
    often the change is right, how often the reading as measured is (the rest: neither)."""
    offers = [o for r in rows for o in r["offers"]]
    out = ["changes the failed checks offer on the sheets as measured, by cost (log-odds)"]
    out.append(f"{'cost':>11} {'offered':>8} {'change right':>12} {'as read right':>13}")
    for lo, hi in itertools.pairwise(MARGIN_BINS):
        sel = [o for o in offers if lo <= o[1] < hi]
        if sel:
            out.append(
                f"{lo:5.1f}-{hi:<5.1f} {len(sel):8} {sum(o[2] for o in sel):12} "
                f"{sum(o[3] for o in sel):13}"
            )
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
