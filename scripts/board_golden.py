"""Write the golden fingerprints of a board game's kit: every part, A4 and Letter, and every
value of the game's own sheet options named on the command line.

    python scripts/board_golden.py GAME [OPTION=V1,V2 ...]   e.g. moai board=1,2

Run once when a new board game is added. A game that has a golden file already is refused:
golden fingerprints of what exists are never rewritten.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

from artsheets.generator.boardkit import PARTS
from artsheets.generator.fingerprint import case_fingerprint

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(game: str, choices: dict[str, list[int]]) -> None:
    path = GOLDEN / f"{game}.json"
    if path.exists():
        raise SystemExit(f"{path} exists: golden fingerprints are never rewritten")
    names = sorted(choices)
    cases = []
    for values in itertools.product(*(choices[n] for n in names)):
        for part in PARTS:
            for page in ("a4", "letter"):
                options = {"part": part, **dict(zip(names, values, strict=True))}
                case = {"game": game, "seed": None, "page": page, "options": options}
                case |= case_fingerprint(case)
                cases.append(case)
    path.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    given = dict(arg.split("=", 1) for arg in sys.argv[2:])
    main(sys.argv[1], {k: [int(v) for v in vs.split(",")] for k, vs in given.items()})
