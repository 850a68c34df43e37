"""Freeze a game's standard field from one seed of its random generator.

Usage: python scripts/freeze_standard.py GAME SEED [VERSION]

Calls ``freeze_standard(seed) -> data`` in the game's generator module and writes
``templates/<game>.json`` (with VERSION > 1: ``freeze_standard(seed, VERSION)`` into
``templates/<game>-v<VERSION>.json``, a standard frozen anew with that field version). Run
once per game and version, when its standard field is chosen; afterwards the template, not
the algorithm, defines the standard sheet (golden fingerprints guard it).
"""

from __future__ import annotations

import importlib
import sys

from artsheets.generator.templates import write_template


def main() -> None:
    game, seed = sys.argv[1], int(sys.argv[2])
    version = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    module = importlib.import_module(f"artsheets.generator.games.{game}")
    if version == 1:
        path = write_template(game, module.freeze_standard(seed))
    else:
        path = write_template(f"{game}-v{version}", module.freeze_standard(seed, version))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
