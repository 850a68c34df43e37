"""The shared rule engine: fields as topology, states, moves, legality, scoring.

>>> from artsheets.rules.game import get_game
>>> state = get_game("parking").new_game()
>>> state.current_player(), state.legal_moves()[:3]
(1, ['a1', 'b1', 'c1'])
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
