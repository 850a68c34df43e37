"""The game registry imports a game's module only when that game is asked for
(``rules/games/__init__.py``): a scan pays for its own game's rules, and listings still name all."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

from artsheets.rules import games
from artsheets.rules.core import GAMES, OptionError, game_class
from artsheets.rules.game import all_games, get_game


def test_names_are_every_module_that_registers_a_game() -> None:
    games.load_all()
    modules = {m.name for m in pkgutil.iter_modules(games.__path__)}
    assert set(games.NAMES) <= modules
    assert set(games.NAMES) == set(all_games()) == set(GAMES)
    # A module not listed must register no game (helpers such as arp_order).
    for helper in sorted(modules - set(games.NAMES)):
        assert helper not in GAMES


def _modules_after(code: str) -> set[str]:
    """The game modules a fresh process has imported after running ``code``."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            code + "\nimport sys\n"
            "print(' '.join(m for m in sys.modules if m.startswith('artsheets.rules.games.')))",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {m.rsplit(".", 1)[1] for m in out.split()}


def test_asking_for_one_game_imports_only_that_game() -> None:
    loaded = _modules_after("from artsheets.rules.game import get_game; get_game('parking')")
    assert loaded == {"parking"}
    loaded = _modules_after("from artsheets.rules.core import game_class; game_class('miro')")
    assert loaded == {"miro", "miro_order"}


def test_listing_imports_every_game() -> None:
    loaded = _modules_after("from artsheets.rules.game import all_games; all_games()")
    assert set(games.NAMES) <= loaded


def test_lookups_agree_with_the_listing() -> None:
    listed = all_games()
    for name in games.NAMES:
        assert get_game(name) is listed[name]
        assert game_class(name) is GAMES[name]
    assert get_game(" Arp ") is listed["arp"]


@pytest.mark.parametrize("name", ["nope", "arp_order", ""])
def test_unknown_names_list_every_game(name: str) -> None:
    for lookup in (get_game, game_class):
        with pytest.raises(OptionError, match=r"the games are: arp, chitral, .*vasarely"):
            lookup(name)
