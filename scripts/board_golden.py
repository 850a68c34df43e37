"""Write the golden fingerprints of a board game's kit (every part, A4 and Letter).

Run once when a new board game is added: ``python scripts/board_golden.py GAME``. Existing
entries are never rewritten by it; a game that has a golden file already is refused.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from artsheets.generator.boardkit import PARTS
from artsheets.generator.fingerprint import case_fingerprint

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(game: str, extra: dict[str, int] | None = None) -> None:
    path = GOLDEN / f"{game}.json"
    if path.exists():
        raise SystemExit(f"{path} exists: golden fingerprints are never rewritten")
    cases = []
    for part in PARTS:
        for page in ("a4", "letter"):
            case = {
                "game": game,
                "seed": None,
                "page": page,
                "options": {"part": part, **(extra or {})},
            }
            case |= case_fingerprint(case)
            cases.append(case)
    path.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main(sys.argv[1])
