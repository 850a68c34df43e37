"""Capture every fill's whole and core coverage and its reading, per photo (issue 20, fills:
"A sheet's felt-tip bleed told from its fills").

Scans every photo of a kept set's truth file (``bench_scanner.py --keep DIR``) with the
branch's code and writes one line a photo (JSON): per fill-style region with a polygon core
its truth, its final reading and flag, its whole coverage and its core's (before
``without_bleed``), and whether ``without_bleed`` measured it on its core alone.

    python benchmarks/capture_bleed.py DIR/truth_tune.json OUT.jsonl [--games klee] \
        [--conditions felt_tip] [--workers 2]
"""

import sys
from pathlib import Path

from capture_fills import capture_set, scan_patched

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _cap(truth: dict) -> dict:
    from artsheets.scanner import colours as C
    from artsheets.scanner import pipeline

    cap = {}
    orig = pipeline.without_bleed

    def wrapped(stats, tpl, symbols, config):
        out = orig(stats, tpl, symbols, config)
        cap.update(before=stats, after=out, tpl=tpl, symbols=symbols, config=config)
        return out

    res = scan_patched(truth, [(pipeline, "without_bleed", wrapped)])
    if isinstance(res, dict):
        return res
    st, after, tpl, config = cap["before"], cap["after"], cap["tpl"], cap["config"]
    photo = {
        "path": truth["path"],
        "ok": True,
        "condition": truth["condition"],
        "game": truth["game"],
        "regions": [],
    }
    if st.core_n is None:
        return photo
    for i, r in enumerate(tpl.masks.regions):
        if C.style_of(r.kind, r.extra.get("role"), cap["symbols"], config) is not config.fill:
            continue
        if st.n[i] == 0:
            continue
        fr = res.readings.get(r.id)
        photo["regions"].append(
            {
                "id": r.id,
                "kind": r.kind,
                "truth": truth["colours"].get(r.id),
                "read": None if fr is None else fr.color,
                "flag": None if fr is None else fr.reason is not None,
                "n": int(st.n[i]),
                "cov": round(float(st.ink[i] / max(st.n[i], 1)), 4),
                "core_n": int(st.core_n[i]),
                "core": round(float(st.core_ink[i] / max(st.core_n[i], 1)), 4),
                "bled": bool(after.n[i] != st.n[i] or after.ink[i] != st.ink[i]),
                "seen": round(float(st.seen[i]), 3),
            }
        )
    return photo


def main() -> None:
    capture_set(_cap)


if __name__ == "__main__":
    main()
