"""Each sheet's wrong regions and its planted break by the stage that decided them (issue 20).

Replays the solve step on the readings ``bench_solver.py --capture`` kept (``DIR/solver_tune``)
and, per photo with a wrong region or a planted break missed, lists every wrong region (and
the planted one) with the stage that decided it: ``measured`` (the solver kept the reading
the measurement handed it), ``lost`` (the measurement had the truth, the solver changed it)
or ``w2w`` (changed from one wrong reading to another), the kind of the solver's change
(the unusual-stretch prior, the rules, the order of play's choice or mend; as
``solver_changes.py`` names them), the measured reading and its confidence and reason, and
what the truth costs in the measured evidence's log-odds. The last lines count the wrong
regions and missed breaks by stage, legal and planted-break sheets apart.

    python benchmarks/solver_sheets.py DIR [--planted] [--games arp] [--conditions steep]
        [--set unusual_logodds=2]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _sheet(job: tuple[str, dict]) -> dict:
    from benchmarks.bench_scanner import sheet_figures
    from benchmarks.bench_solver import solve_capture
    from benchmarks.solver_changes import kind_of

    rep = solve_capture(job)
    truth, before, readings, solved = rep.truth, rep.before, rep.readings, rep.solved
    right, planted, kinds = rep.right, rep.planted, rep.kinds
    figures = sheet_figures(readings, solved.scoring.failed, truth)
    rids = [rid for rid, rd in readings.items() if rd.color != right.get(rid)]
    if planted is not None and planted not in rids:
        rids.append(planted)
    regions = []
    for rid in rids:
        now, was, truth_colour = readings[rid], before[rid], right.get(rid)
        if now.color == was.color:
            stage = "measured"
        else:
            stage = "lost" if was.color == truth_colour else "w2w"
        if now.color == truth_colour:
            stage = "right"  # the planted region, read as drawn
        regions.append(
            {
                "rid": rid,
                "region": kinds.get(rid, "?"),
                "truth": truth_colour,
                "measured": was.color,
                "solved": now.color,
                "stage": stage,
                "change": kind_of(now.reason) if stage in ("lost", "w2w") else "",
                "planted": rid == planted,
                "confidence": round(was.confidence, 3),
                "why": (was.reason or "")[:60],
                "cost": round(solved.evidence[rid].against(truth_colour), 2),
            }
        )
    return {
        "name": Path(truth["path"]).stem,
        "planted": planted is not None,
        **figures,
        "regions": regions,
    }


def main() -> int:
    from benchmarks.bench_solver import replay_kept, replay_parser

    p = replay_parser(__doc__.split("\n")[0])
    p.add_argument("--planted", action="store_true", help="only planted-break sheets")
    args = p.parse_args()
    rows, _ = replay_kept(p, args, _sheet)
    if args.planted:
        rows = [r for r in rows if r["planted"]]
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    print(listing(rows))
    return 0


def listing(rows: list[dict]) -> str:
    out = []
    tally: Counter = Counter()
    for r in rows:
        missed = r["planted"] and not (r["break_read"] and r["break_reported"])
        if not r["wrong"] and not missed:
            continue
        head = f"{r['name']}: wrong {r['wrong']}, unflagged {r['unflagged']}"
        if r["planted"]:
            head += ", break " + ("read and reported" if not missed else "missed")
        out.append(head)
        sheet = "planted" if r["planted"] else "legal"
        for g in r["regions"]:
            if g["stage"] == "right" and g["planted"] and missed:
                stage = "unreported"
            else:
                stage = g["stage"]
            if g["planted"]:
                if missed:
                    tally[("break missed", stage, g["change"])] += 1
            elif stage != "right":
                tally[(f"wrong on {sheet}", stage, g["change"])] += 1
            out.append(
                f"  {'*' if g['planted'] else ' '} {g['rid']:16} {stage:10} {g['change']:12} "
                f"truth {g['truth']} measured {g['measured']} ({g['confidence']}) solved "
                f"{g['solved']}; truth costs {g['cost']}; {g['why']}"
            )
    out.append("by stage (what, stage, the solver's change): count")
    for key, n in sorted(tally.items()):
        out.append(f"  {' / '.join(k for k in key if k)}: {n}")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
