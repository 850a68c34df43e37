"""The solver's own changes of readings, counted against truth (issue 20, solver).

Replays the solve step on the readings ``bench_solver.py --capture`` kept (``DIR/solver_tune``)
under the settings given, and lists every region whose solved reading differs from the
reading the measurement handed the solver, by the kind of change (the reason it names: the
unusual-stretch prior "as games are mostly played", a failed check "by the rules", the order
of play's choice or mend), its cost in the pixels' log-odds, and whether it went right (the
truth), wrong from right (the measurement had it), or wrong to wrong (the cost is the
measured evidence's, before ``beside_fills`` scales it). Each row also lists the unusual
findings of the sheet as measured (``findings``): per reading a rare stretch's hints offer,
its cost in the search's evidence and whether the stretch is drawn or a misread it mends.

    python benchmarks/solver_changes.py DIR [--set unusual_logodds=2] [--save FILE]
    python benchmarks/solver_changes.py DIR --games arp --by-cost
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COST_BINS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 99.0)


def kind_of(reason: str | None) -> str:
    """The kind of the solver's change, from the reason it wrote."""
    text = reason or ""
    if "as games are mostly played" in text:
        return "unusual"
    if "by the order of play" in text and "likeliest colours" in text:
        return "order choice"
    if "by the order of play" in text:
        return "order mend"
    if "by the rules" in text:
        return "rules"
    return "other"


def _replay(job: tuple[str, dict]) -> dict:
    from benchmarks.bench_scanner import photo_seed, sheet_figures
    from benchmarks.bench_solver import solve_capture

    rep = solve_capture(job)
    kept, truth, config, layout = rep.kept, rep.truth, rep.config, rep.layout
    before, readings, solved = rep.before, rep.readings, rep.solved
    right, planted, kinds = rep.right, rep.planted, rep.kinds
    changes = []
    for rid, rd in readings.items():
        was = before[rid].color
        if rd.color == was:
            continue
        ev = solved.evidence[rid]
        changes.append(
            {
                "rid": rid,
                "region": kinds.get(rid, "?"),
                "kind": kind_of(rd.reason),
                "cost": round(ev.against(rd.color), 3),
                "to_right": rd.color == right.get(rid),
                "was_right": was == right.get(rid),
                "planted": rid == planted,
                "flagged": rd.reason is not None and rd.confidence < config.review_below,
                "reason": (rd.reason or "")[:160],
            }
        )
    findings = _findings(layout, kept, before, config, right)
    figures = sheet_figures(readings, solved.scoring.failed, truth)
    flagged = sum(1 for rd in readings.values() if rd.reason)
    return {
        "name": Path(truth["path"]).name,
        "condition": truth["condition"],
        "game": truth["game"],
        "seed": photo_seed(truth["path"]),
        "planted": planted is not None,
        "right_sheet": kept["code"] == truth["code"],
        "regions": len(readings),
        "review": flagged / max(1, len(readings)),
        **figures,
        "changes": changes,
        "findings": findings,
    }


def _findings(layout, kept: dict, before: dict, config, right: dict) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every unusual finding of the sheet as measured (before solving): its piece, what the
    cheapest reading it offers costs in the search's evidence, whether the stretch is drawn
    (the piece's reading is its truth) or a misread the offer would mend."""
    from artsheets.scanner.evidence import measured_evidence
    from artsheets.scanner.scoring import unusual_readings

    colours = {rid: rd.color for rid, rd in before.items()}
    found = unusual_readings(layout, colours, kept["players"])
    if not found:
        return []
    measured, evidence = measured_evidence(layout, before, kept["colours"], config)
    out = []
    for finding in found:
        for rid, option in finding.get("could_be", ()):
            if rid not in evidence:
                continue
            out.append(
                {
                    "rid": rid,
                    "option": option,
                    "cost": round(evidence[rid].against(option), 3),
                    "drawn": colours[rid] == right.get(rid),
                    "mends": option == right.get(rid),
                    "margin": round(measured[rid].margin, 3),
                }
            )
    return out


def main() -> int:
    from benchmarks.bench_solver import replay_command

    return replay_command(__doc__.split("\n")[0], _replay, summary)


def summary(rows: list[dict], settings: dict) -> str:
    out = [f"settings: {settings or 'defaults'}; photos {len(rows)}"]
    planted = [r for r in rows if "break_read" in r]
    legal = [r for r in rows if "break_read" not in r]
    out.append(
        f"exact {sum(r['wrong'] == 0 for r in rows)} (legal {sum(r['wrong'] == 0 for r in legal)}"
        f"/{len(legal)}, break sheets {sum(r['wrong'] == 0 for r in planted)}/{len(planted)}), "
        f"wrong {sum(r['wrong'] for r in rows)}, unflagged {sum(r['unflagged'] for r in rows)}, "
        f"breaks {sum(r['break_read'] and r['break_reported'] for r in planted)}/{len(planted)}"
    )
    tally: Counter = Counter()
    for r in rows:
        for c in r["changes"]:
            b = next(i for i, hi in enumerate(COST_BINS[1:]) if c["cost"] < hi)
            verdict = "right" if c["to_right"] else ("lost" if c["was_right"] else "w->w")
            tally[(c["kind"], b, verdict)] += 1
    out.append("changes: kind, cost bin: right / lost (was right) / wrong to wrong")
    for kind in ("unusual", "rules", "order choice", "order mend", "other"):
        for b in range(len(COST_BINS) - 1):
            n = [tally[(kind, b, v)] for v in ("right", "lost", "w->w")]
            if sum(n):
                out.append(f"  {kind:13} {COST_BINS[b]:4.1f}-{COST_BINS[b + 1]:<4.1f} {n}")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
