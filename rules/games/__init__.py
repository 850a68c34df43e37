"""One module per game; a game's module registers it with the engine when it is imported.

The engine imports a game's module the first time that game is asked for (:func:`load`, called
by :func:`~artsheets.rules.core.game_class` and :func:`~artsheets.rules.game.get_game`), and every
module only when all games are listed (:func:`load_all`). A scan needs the one game of its sheet:
importing all of them cost each scan process about 70 ms of its start (``-X importtime``)."""

from __future__ import annotations

import importlib

# Every game, by the name it registers (its module's name). Helper modules (arp_order, ...) are
# not games. tests/rules/test_lazy_games.py checks this list against the package's modules.
NAMES: tuple[str, ...] = (
    "arp",
    "chitral",
    "delaunay",
    "independence",
    "kamelen",
    "klee",
    "landgrab",
    "miro",
    "moai",
    "mondrian",
    "parking",
    "rings",
    "sjekkers",
    "springer",
    "straat",
    "synch",
    "trangalla",
    "updown",
    "vasarely",
)


def load(name: str) -> bool:
    """Import the module of the game called ``name`` (which registers it); False for a name that
    is no game's."""
    if name not in NAMES:
        return False
    importlib.import_module(f"{__name__}.{name}")
    return True


def load_all() -> None:
    """Import every game's module, for listings and for errors that name every game."""
    for name in NAMES:
        load(name)
