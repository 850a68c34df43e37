"""Two kinds of the solver's decisions on Arp sheets, counted on captured readings (issue 20).

Replays the solve step on the readings ``bench_solver.py --capture`` kept (``DIR/solver_tune``)
and counts, legal and planted-break sheets apart:

- *capture sides*: the search's changes of a line piece to the colour of a captured space
  (the capture check's hint: any side in the captor's colour; the first search's, before
  ``capture_side_order`` bars any), right or wrong, with their cost in log-odds, whether a
  legal order of play colours the lines as the search left them (the rule engine's order
  search within ``order_proof``), and whether the side is round a seam nothing could start
  (``starved``) so and with every such side read as measured;
- *blanks left*: pieces the solved sheet reads blank that were drawn in a colour, on a sheet
  whose rules still fail, with what their colour costs in the search's evidence and whether
  they are the planted piece.

    python benchmarks/solver_captures.py DIR [--games arp] [--conditions steep] [--set F=V]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FOREIGN = "which colours none of its sides"


def _sheet(job: tuple[str, dict]) -> dict:
    from artsheets.scanner.evidence import measured_evidence
    from artsheets.scanner.scoring import order_searcher
    from artsheets.scanner.solve import _Search
    from benchmarks.bench_scanner import photo_seed, sheet_figures
    from benchmarks.bench_solver import solve_capture

    rep = solve_capture(job)
    kept, truth, config, layout = rep.kept, rep.truth, rep.config, rep.layout
    before, readings, solved = rep.before, rep.readings, rep.solved
    right, planted, kinds = rep.right, rep.planted, rep.kinds
    in_play = list(kept["colours"])
    _, evidence = measured_evidence(layout, before, in_play, config)
    search = _Search(layout, before, kept["players"], in_play, evidence, config)
    best = search.run()
    sides = [m for m in best.changes.values() if FOREIGN in m.why and kinds.get(m.rid) == "segment"]
    legal = None
    starved: dict[str, list] = {}
    if sides:
        colours = search.colours(best.changes)
        order = order_searcher(layout, colours, kept["players"])
        found = order({}, config.order_proof)
        legal = None if found is None else found.legal
        back = order({m.rid: before[m.rid].color for m in sides}, config.order_proof)
        for m in sides:
            starved[m.rid] = [
                None if found is None else m.rid in found.starved,
                None if back is None else m.rid in back.starved,
                None if back is None else back.legal,
            ]
    blanks = []
    if solved.scoring.failed:
        for rid, rd in readings.items():
            if kinds.get(rid) != "segment" or rd.color is not None or right.get(rid) is None:
                continue
            blanks.append(
                {
                    "rid": rid,
                    "cost": round(evidence[rid].against(right[rid]), 3),
                    "planted": rid == planted,
                    "flagged": rd.reason is not None,
                }
            )
    return {
        "name": Path(truth["path"]).name,
        "seed": photo_seed(truth["path"]),
        "condition": truth["condition"],
        "planted": planted is not None,
        **sheet_figures(readings, solved.scoring.failed, truth),
        "sides": [
            {
                "rid": m.rid,
                "cost": round(m.cost, 3),
                "right": m.option == right.get(m.rid),
                "was_right": before[m.rid].color == right.get(m.rid),
                "starved": starved.get(m.rid),
                "failed_after_search": len(best.scoring.failed),
            }
            for m in sides
        ],
        "legal_after_search": legal,
        "failed": [c["message"][:90] for c in solved.scoring.failed],
        "blanks": blanks,
    }


def main() -> int:
    from benchmarks.bench_solver import replay_command

    return replay_command(__doc__.split("\n")[0], _sheet, summary)


def summary(rows: list[dict], settings: dict) -> str:
    out = [f"settings: {settings or 'defaults'}; {len(rows)} sheets"]
    for planted in (False, True):
        part = [r for r in rows if r["planted"] == planted]
        name = "planted-break" if planted else "legal"
        exact = sum(1 for r in part if r["wrong"] == 0)
        breaks = sum(1 for r in part if r.get("break_read") and r.get("break_reported"))
        out.append(
            f"{name}: {len(part)} sheets, exact {exact}, wrong {sum(r['wrong'] for r in part)}, "
            f"unflagged {sum(r['unflagged'] for r in part)}"
            + (f", breaks {breaks}" if planted else "")
        )
        counts: Counter[tuple] = Counter()
        for r in part:
            for s in r["sides"]:
                bars = bool(s["starved"] and s["starved"][0] and s["starved"][1] is False)
                counts[("side", s["right"], r["legal_after_search"], bars)] += 1
        for key, n in sorted(counts.items(), key=str):
            out.append(
                f"  capture side right={key[1]} legal order after search={key[2]} "
                f"starved by the captor's colour={key[3]}: {n}"
            )
        for r in part:
            if r["sides"]:
                out.append(
                    f"    {r['name']}: {r['sides']} legal={r['legal_after_search']} "
                    f"wrong={r['wrong']}"
                )
        left = [(r["name"], b) for r in part for b in r["blanks"]]
        out.append(
            f"  blanks left on failed sheets: {len(left)} "
            f"(planted {sum(1 for _, b in left if b['planted'])}, "
            f"under 3 log-odds {sum(1 for _, b in left if b['cost'] < 3 and not b['planted'])})"
        )
        for name_, b in left:
            if not b["planted"]:
                out.append(f"    {name_}: {b}")
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
