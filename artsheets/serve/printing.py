"""The Print page's sheets: one sheet's choices checked, its preview and PDF, and a class set.

The choices come from a query string, so every one is checked here (game known, options in
range, seed a number, page a4 or letter) and a mistake is a :class:`PrintError` whose message
the page shows. Building a random field can take a second, so layouts are cached.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from artsheets.generator.layout import PAGES, Layout
from artsheets.generator.registry import MAX_SEED, GameSpec, build_layout, games

__all__ = ["MAX_SET", "PrintError", "SheetChoice", "class_set", "parse_choice"]

MAX_SET = 40  # sheets in one class-set PDF: a class, without tying up the server for minutes
PREVIEW_DPI = 96  # sharp at a desktop preview's ~600 px width, small enough for a phone


class PrintError(ValueError):
    """A choice on the Print page that cannot be printed; the message says what is allowed."""


@dataclass(frozen=True)
class SheetChoice:
    game: str
    seed: int | None  # None: the standard field
    page: str
    options: tuple[tuple[str, int], ...]

    @property
    def spec(self) -> GameSpec:
        return games()[self.game]

    def query(self) -> str:
        parts = [f"game={self.game}", f"page={self.page}"]
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        parts += [f"{k}={v}" for k, v in self.options]
        return "&".join(parts)

    @property
    def file_name(self) -> str:
        name = f"{self.game}_std" if self.seed is None else f"{self.game}_s{self.seed}"
        return name if self.page == "a4" else f"{name}_{self.page}"


def parse_choice(params: Mapping[str, str], default_game: str | None = None) -> SheetChoice:
    """A sheet from the page's query: ``game``, ``seed`` (blank: the standard field, or a new
    random one for a game without), ``page`` and the game's options."""
    name = (params.get("game") or default_game or next(iter(games()))).lower()
    if name not in games():
        raise PrintError(f"unknown game '{name}'; choose one of {', '.join(games())}")
    spec = games()[name]
    page = (params.get("page") or "a4").lower()
    if page not in PAGES:
        raise PrintError(f"unknown page size '{page}'; use a4 or letter")
    seed_text = (params.get("seed") or "").strip()
    seed: int | None
    if seed_text:
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            raise PrintError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        seed = int(seed_text)
        if not spec.random_fields:
            raise PrintError(f"{spec.title} has only its standard field; leave the seed empty")
    else:
        seed = None if spec.standard is not None else secrets.randbelow(1_000_000)
    given: dict[str, int | None] = {}
    for opt in spec.options:
        text = (params.get(opt.name) or "").strip()
        if text:
            if not text.lstrip("-").isdigit():
                raise PrintError(f"{opt.name} must be a whole number from {opt.low} to {opt.high}")
            given[opt.name] = int(text)
    try:
        opts = spec.resolve_options(given)
    except ValueError as e:
        raise PrintError(str(e).replace("--", "")) from None
    return SheetChoice(name, seed, page, tuple(opts.items()))


@functools.lru_cache(maxsize=32)
def layout_of(choice: SheetChoice) -> Layout:
    try:
        return build_layout(choice.game, choice.seed, dict(choice.options), choice.page)
    except ValueError as e:
        raise PrintError(str(e)) from None


@functools.lru_cache(maxsize=32)
def preview_png(choice: SheetChoice) -> bytes:
    from artsheets.generator.render_png import render_png

    return render_png(layout_of(choice), PREVIEW_DPI)


def sheet_pdf(choice: SheetChoice) -> bytes:
    from artsheets.generator.render_pdf import render_pdf

    return render_pdf(layout_of(choice))


def class_set(game: str, count: int, page: str) -> tuple[list[SheetChoice], bytes]:
    """``count`` sheets of ``game`` (each a new random field where the game has them, else
    its standard sheet), or with ``game`` 'all' one of every game; as one PDF."""
    if not 1 <= count <= MAX_SET:
        raise PrintError(f"a class set has 1 to {MAX_SET} sheets")
    if game == "all":
        choices = [parse_choice({"game": g, "page": page}) for g in games()]
    else:
        spec = games().get(game)
        if spec is None:
            raise PrintError(f"unknown game '{game}'; choose one of {', '.join(games())}")
        seeds: list[str] = [
            str(secrets.randbelow(1_000_000)) if spec.random_fields else "" for _ in range(count)
        ]
        choices = [parse_choice({"game": game, "page": page, "seed": s}) for s in seeds]
    from artsheets.generator.render_pdf import render_pdf_pages

    return choices, render_pdf_pages([layout_of(c) for c in choices])
