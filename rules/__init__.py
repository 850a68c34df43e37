"""The shared rule engine: fields as topology, states, moves, legality, scoring.

>>> from artsheets.rules import new_game
>>> from artsheets.rules.synthetic import vasarely_field
>>> state = new_game(vasarely_field(seed=1), {"players": 3})
>>> state.current_player()
1
"""

from artsheets.rules.core import (
    GameRecord,
    IllegalMoveError,
    InvalidMoveError,
    Option,
    OptionError,
    Outcome,
    RecordError,
    RulesError,
    State,
    Termination,
    game_class,
    new_game,
)
from artsheets.rules.field import Field

__all__ = [
    "Field",
    "GameRecord",
    "IllegalMoveError",
    "InvalidMoveError",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "RulesError",
    "State",
    "Termination",
    "game_class",
    "new_game",
]
