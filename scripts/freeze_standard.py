"""Freeze a game's standard field from one seed of its random generator.

Usage: python scripts/freeze_standard.py GAME SEED

Calls ``freeze_standard(seed) -> data`` in the game's generator module and writes
``templates/<game>.json``. Run once per game, when its standard field is chosen; afterwards the
template, not the algorithm, defines the standard sheet (golden fingerprints guard it).
"""

from __future__ import annotations

import importlib
import sys

from artsheets.generator.templates import write_template


def main() -> None:
    game, seed = sys.argv[1], int(sys.argv[2])
    module = importlib.import_module(f"artsheets.generator.games.{game}")
    path = write_template(game, module.freeze_standard(seed))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
