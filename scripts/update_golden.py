"""Record golden fingerprints for a game: the standard sheet (if any) and a few seeds.

Usage: python scripts/update_golden.py GAME [SEED ...]
       python scripts/update_golden.py --furniture

Only for a new game or a new field version: an existing case whose fingerprint changed means a
field algorithm changed, which must become a new field version instead (ARCHITECTURE.md).
Existing cases are kept as they are; new ones are appended.

``--furniture``: the printed furniture changed (what every sheet draws round its field, which
is not part of the layout): every case's SVG fingerprint is recorded afresh, but only if no
layout fingerprint changed; otherwise nothing is written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from artsheets.generator.fingerprint import case_fingerprint
from artsheets.generator.registry import get_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def refresh_svg() -> None:
    """Record every case's SVG fingerprint again, refusing if any layout changed."""
    files = sorted(GOLDEN.glob("*.json"))
    updated = {}
    for path in files:
        cases = json.loads(path.read_text())["cases"]
        for case in cases:
            got = case_fingerprint(case)
            if got["layout_sha256"] != case["layout_sha256"]:
                sys.exit(f"{path.name}: the layout of {case} changed; nothing written")
            case["svg_sha256"] = got["svg_sha256"]
        updated[path] = cases
    for path, cases in updated.items():
        path.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    n = sum(len(c) for c in updated.values())
    print(f"{n} cases in {len(files)} files: layouts unchanged, SVG fingerprints recorded")


def main() -> None:
    if sys.argv[1] == "--furniture":
        refresh_svg()
        return
    game = get_game(sys.argv[1])
    seeds = [int(s) for s in sys.argv[2:]] or [1, 2, 42]
    path = GOLDEN / f"{game.name}.json"
    cases = json.loads(path.read_text())["cases"] if path.exists() else []
    wanted = []
    if game.standard is not None:
        wanted += [
            {"game": game.name, "seed": None, "page": p, "field_version": game.standard_version}
            for p in ("a4", "letter")
        ]
    if game.versions:
        for seed in seeds:
            wanted.append(
                {
                    "game": game.name,
                    "seed": seed,
                    "page": "a4",
                    "field_version": game.current_version,
                }
            )

    def key(case: dict) -> str:
        # Cases stored before field versions were recorded are version 1.
        return json.dumps(
            {
                "seed": case.get("seed"),
                "page": case.get("page"),
                "field_version": case.get("field_version", 1),
            }
        )

    keys = {key(c) for c in cases}
    for case in wanted:
        if key(case) not in keys:
            case.update(case_fingerprint(case))
            cases.append(case)
    path.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"{path}: {len(cases)} cases")


if __name__ == "__main__":
    main()
