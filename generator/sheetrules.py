"""The rules page of a game sheet: the game's rules text (``templates/rules/<game>.md``, in
the project's own words) and a worked example played on the sheet's own field.

This is the sheet games' use of :mod:`artsheets.generator.rulespage`; another kind of game
(a board game, say) builds its own :class:`~artsheets.generator.rulespage.RulesDoc` the same
way, with its own text and diagram.
"""

from __future__ import annotations

import functools
from importlib import resources

from artsheets.generator.examples import example_diagram, example_text, play_example
from artsheets.generator.layout import Layout
from artsheets.generator.registry import get_game
from artsheets.generator.rulespage import Block, RulesDoc, RulesPage, parse_blocks, rules_page

__all__ = ["rules_doc", "rules_text", "sheet_rules_page"]


@functools.cache
def rules_text(game: str) -> tuple[str, tuple[Block, ...]]:
    """The game's title (its ``# Title`` line) and rules blocks."""
    text = resources.files("artsheets.templates").joinpath(f"rules/{game}.md").read_text("utf-8")
    first = text.splitlines()[0]
    if not first.startswith("# "):
        raise ValueError(f"templates/rules/{game}.md must start with '# Title'")
    return first[2:].strip(), parse_blocks(text)


def rules_doc(layout: Layout) -> RulesDoc:
    """The rules page's content for a sheet: rules, the worked example, the sheet code."""
    spec = get_game(layout.game)
    title, blocks = rules_text(layout.game)
    lo, hi = spec.players
    players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    ex = play_example(layout)
    return RulesDoc(
        title=title,
        rules=blocks,
        subtitle=f"Rules - {players}",
        diagram=example_diagram(ex),
        example=example_text(ex),
        footer=f"rules for sheet {layout.sheet_code}",
        game=layout.game,
    )


def sheet_rules_page(layout: Layout) -> RulesPage:
    """The rules page for ``layout``, on the same paper size."""
    return rules_page(rules_doc(layout), layout.page)
