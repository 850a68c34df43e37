"""Write the stored playthroughs under tests/data/playthroughs/ (run by hand when the rules
change on purpose: ``.venv/bin/python -m tests.rules.make_playthroughs``).

Each file is a game record (with the field's topology, so it replays without the generator)
plus the expected final scores and outcome. ``test_playthroughs.py`` replays them all.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from artsheets.rules import new_game
from artsheets.rules import synthetic as S
from artsheets.rules.field import Field

OUT = Path(__file__).resolve().parents[1] / "data" / "playthroughs"


def real(game: str, seed: int | None, options: dict[str, int] | None = None) -> Callable[[], Field]:
    def build() -> Field:
        from artsheets.generator.registry import build_field

        return build_field(game, seed, options or {})

    return build


# name -> (field factory, rule options, seed of the random player)
GAMES: dict[str, tuple[Callable[[], Field], dict[str, Any], int]] = {
    "vasarely-std-4p": (real("vasarely", None), {"players": 4}, 1),
    "vasarely-synth-3p-three-cubes": (
        lambda: S.vasarely_field(4),
        {"players": 3, "max_cubes": 3},
        2,
    ),
    "miro-std-2p": (real("miro", None), {"players": 2}, 1),
    "miro-synth-4p-teams": (
        lambda: S.miro_field(3, 4, 140),
        {"players": 4, "teams": True, "partnership": "double_lower"},
        2,
    ),
    "mondrian-std-4p-teams": (real("mondrian", None), {"players": 4, "teams": True}, 1),
    "mondrian-synth-2p-160": (lambda: S.mondrian_field(2, 40), {"players": 2, "target": 160}, 2),
    "arp-synth-3p": (lambda: S.arp_field(1, 14), {"players": 3}, 1),
    "arp-synth-2p-stop": (lambda: S.arp_field(2, 14), {"players": 2, "stop_at_own": True}, 2),
    # Records of the older free-move reading still replay with its option.
    "arp-synth-3p-free-stretches": (
        lambda: S.arp_field(1, 14),
        {"players": 3, "free_stretches": True},
        1,
    ),
    "arp-synth-2p-stop-free-stretches": (
        lambda: S.arp_field(2, 14),
        {"players": 2, "stop_at_own": True, "free_stretches": True},
        2,
    ),
    "delaunay-std-4p": (real("delaunay", None), {"players": 4}, 1),
    "delaunay-synth-2p": (lambda: S.delaunay_field(3, 4, 2), {"players": 2}, 2),
    "klee-std": (real("klee", None), {}, 1),
    "klee-synth-six-triangular": (
        lambda: S.klee_field(8),
        {"all_areas": True, "triangular": True},
        2,
    ),
    "springer-std-2p": (real("springer", None), {"players": 2}, 1),
    "springer-synth-3p": (lambda: S.springer_field(6, 7, 3), {"players": 3}, 2),
    "springer-synth-2p-variations": (
        lambda: S.springer_field(6, 7, 4),
        {"players": 2, "divide": True, "double_first": True},
        3,
    ),
    "rings-seed7-3p": (real("rings", 7), {"players": 3}, 1),
    "rings-synth-2p-fill-neither": (
        lambda: S.rings_field(5, 5, 2),
        {"players": 2, "coincide": "fill_neither"},
        2,
    ),
    "synch-std": (real("synch", None), {}, 1),
    "synch-synth-variation": (lambda: S.synch_field(6), {"variation": "directioner_first"}, 2),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (factory, options, seed) in GAMES.items():
        field = factory()
        state = new_game(field, options)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        data = state.record().to_dict()
        out = state.outcome()
        assert out is not None
        data["expected"] = out.to_dict()
        (OUT / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"{name}: {len(state.history)} moves, {out.result()}")


if __name__ == "__main__":
    main()
