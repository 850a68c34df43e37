"""The ``artsheets`` command: one door to printing sheets, checking fields, replaying games and
scanning photos.

User mistakes raise :class:`artsheets.errors.UserError` (or a ValueError from validation) and
end as one line on standard error with exit status 2; everything is validated before anything is
written, and files are written atomically.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from artsheets import __version__
from artsheets.errors import UserError
from artsheets.output import OutputError

if TYPE_CHECKING:
    from artsheets.generator.registry import SheetOption

__all__ = ["main"]

FORMATS = ("pdf", "svg", "png")
MAX_RANGE = 10_000


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are UserErrors (one line, exit 2) like every other mistake."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{message} (see '{self.prog} --help')")


def parse_seeds(text: str) -> list[int]:
    """``42`` or an inclusive range ``1..50``."""
    from artsheets.generator.registry import MAX_SEED

    def one(part: str) -> int:
        # ASCII digits only: '²' and other Unicode digits pass isdigit() but not int().
        if not (part.strip().isascii() and part.strip().isdigit()):
            raise UserError(
                f"bad seed '{text}': a seed is a whole number 0..{MAX_SEED} or a range A..B"
            )
        value = int(part)
        if value > MAX_SEED:
            raise UserError(f"seed {value} is too large: seeds go from 0 to {MAX_SEED}")
        return value

    if ".." in text:
        a, b = (one(p) for p in text.split("..", 1))
        if a > b:
            raise UserError(f"seed range {text} is empty: write it low..high, e.g. {b}..{a}")
        if b - a + 1 > MAX_RANGE:
            raise UserError(f"seed range {text} has {b - a + 1} seeds; at most {MAX_RANGE}")
        return list(range(a, b + 1))
    return [one(text)]


def parse_formats(text: str) -> list[str]:
    chosen = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in chosen if f not in FORMATS]
    if bad or not chosen:
        raise UserError(
            f"unknown format '{','.join(bad) or text}'; choose from {','.join(FORMATS)}"
        )
    return list(dict.fromkeys(chosen))


# --- subcommands ---------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    from artsheets.games_info import DEFAULT_SEED, games_info

    info = games_info()
    if args.json:
        print(json.dumps(info, indent=1))
        return 0
    for game in info:
        lo, hi = game["players"]
        players = f"{lo}" if lo == hi else f"{lo}-{hi}"
        fields = []
        if game["standard_field"]:
            fields.append("standard field")
        if game["random_fields"]:
            fields.append(f"random fields (field version {game['field_version']})")
        print(f"{game['name']:10} {game['title']} - {players} players; {', '.join(fields)}")
        if game["default_seed"] is not None:
            print(f"{'':12}no standard field: without --seed, 'all' prints seed {DEFAULT_SEED}")
        for opt in game["options"]:
            line = f"--{opt['name']} {opt['low']}..{opt['high']} (default {opt['default_text']})"
            print(f"{'':12}{line}: {opt['help']}")
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    from artsheets.games_info import DEFAULT_SEED
    from artsheets.generator.layout import PAGES
    from artsheets.generator.registry import games, get_game
    from artsheets.output import ensure_writable_dir

    names = list(games()) if args.game.lower() == "all" else _game_list(args.game)
    specs = []
    for name in names:
        try:
            specs.append(get_game(name))
        except ValueError as e:
            raise UserError(str(e)) from None
    if args.page not in PAGES:
        raise UserError(f"unknown page size '{args.page}'; use a4 or letter")
    formats = parse_formats(args.format)
    if not 36 <= args.dpi <= 1200:
        raise UserError(f"--dpi must be from 36 to 1200, got {args.dpi}")
    seeds: list[int | None] = parse_seeds(args.seed) if args.seed is not None else [None]
    given = {name: getattr(args, name) for name in _all_options()}

    every = args.game.lower() == "all"
    if every and args.seed is not None:
        # "all" with seeds: the games that have random fields; say which are left out.
        fixed = [s.name for s in specs if not s.random_fields]
        if fixed:
            print(
                f"{', '.join(fixed)}: only a standard field, no seeds; not printed "
                f"(print {'it' if len(fixed) == 1 else 'them'} without --seed)",
                file=sys.stderr,
            )
        specs = [s for s in specs if s.random_fields]
    jobs = []
    for spec in specs:
        # One named game must accept every option given (resolve_options names those it does
        # not); with "all", each game takes the options it knows.
        known = {o.name for o in spec.options}
        own = {k: v for k, v in given.items() if len(specs) == 1 or k in known}
        try:
            opts = spec.resolve_options(own)
        except ValueError as e:
            raise UserError(f"{spec.name}: {e}") from None
        if args.field_version is not None:
            try:
                spec.check_field_version(args.field_version)
            except ValueError as e:
                raise UserError(str(e)) from None
        for seed in seeds:
            if seed is None and spec.standard is None and every:
                # "all" is reproducible: a game without a standard field gets DEFAULT_SEED.
                print(
                    f"{spec.name} has no standard field: printed seed {DEFAULT_SEED} "
                    f"(choose another with 'artsheets generate {spec.name} --seed N')",
                    file=sys.stderr,
                )
                seed = DEFAULT_SEED
            elif seed is None and spec.standard is None:
                drawn = secrets.randbelow(1_000_000)
                print(
                    f"{spec.name} has no standard field: drew seed {drawn} "
                    f"(repeat it with --seed {drawn})",
                    file=sys.stderr,
                )
                seed = drawn
            if seed is not None and not spec.random_fields:
                raise UserError(f"{spec.name} has only its standard field; leave out --seed")
            jobs.append((spec, seed, opts))

    book = _book_name(args.book) if args.book is not None else None
    out_dir = ensure_writable_dir(Path(args.output))
    if book is not None:
        return _write_book(jobs, args, out_dir / book)
    from artsheets.generator.naming import sheet_name
    from artsheets.generator.write import write_sheet
    from artsheets.progress import progress

    named = [
        (spec, seed, opts, sheet_name(spec, seed, opts, args.page, args.field_version))
        for spec, seed, opts in jobs
    ]
    for *_, name in named:  # a name taken by a folder is refused before any sheet is drawn
        for ext in ["layout.json", *formats]:
            if (out_dir / f"{name}.{ext}").is_dir():
                raise UserError(
                    f"cannot write '{out_dir / f'{name}.{ext}'}': it is a folder; "
                    "remove it or choose another folder with -o DIR"
                )
    for written, (spec, seed, opts, name) in enumerate(progress(named, len(named), "sheets")):
        try:
            paths = write_sheet(
                spec.name,
                seed,
                opts,
                args.page,
                out_dir,
                formats,
                args.dpi,
                name,
                args.field_version,
                rules=args.rules,
            )
        except ValueError as e:
            raise UserError(f"{spec.name}: {e}") from None
        except OutputError as e:
            done = f" ({written} whole sheet(s) were written before it)" if written else ""
            raise UserError(f"{e}{done}") from None
        if len(jobs) == 1 or args.verbose:
            print("wrote " + ", ".join(str(p) for p in paths))
    if len(jobs) > 1:
        print(f"wrote {len(jobs)} sheets to {out_dir}/")
    return 0


def _game_list(text: str) -> list[str]:
    """``vasarely`` or a comma list ``vasarely,miro,klee`` (each game once, in that order)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise UserError(f"no game in '{text}'; name a game, a comma list of games, or 'all'")
    if "all" in (n.lower() for n in names) and len(names) > 1:
        raise UserError("'all' already names every game; give it alone")
    return list(dict.fromkeys(n.lower() for n in names))


def _book_name(text: str) -> str:
    """The book's file name inside the output folder: ``class7`` or ``class7.pdf``."""
    name = text if text.lower().endswith(".pdf") else f"{text}.pdf"
    if not text.strip() or Path(name).name != name or name.startswith("."):
        raise UserError(
            f"bad book name '{text}': give a plain file name such as class7 "
            "(the folder is chosen with -o DIR)"
        )
    return name


def _write_book(jobs: list, args: argparse.Namespace, path: Path) -> int:
    """Every sheet asked for (and, with --rules, its rules page) in one PDF at ``path``."""
    from artsheets.generator.book import render_book
    from artsheets.generator.registry import build_layout
    from artsheets.output import atomic_write
    from artsheets.progress import progress

    if path.is_dir():
        raise UserError(f"'{path}' is a folder; give the book another name with --book NAME")

    def sheets():  # built one by one while the PDF is drawn
        for spec, seed, opts in progress(jobs, len(jobs), "sheets"):
            try:
                yield build_layout(spec.name, seed, opts, args.page, args.field_version)
            except ValueError as e:
                raise UserError(f"{spec.name}: {e}") from None

    titles = list(dict.fromkeys(spec.title for spec, _, _ in jobs))
    title = f"{', '.join(titles)}: {len(jobs)} sheets" if len(titles) <= 3 else "artsheets book"
    atomic_write(path, render_book(sheets(), title, rules=args.rules))
    pages = len(jobs) * (2 if args.rules else 1)
    sheets_word = "sheet" if len(jobs) == 1 else "sheets"
    print(f"wrote {path} ({len(jobs)} {sheets_word}, {pages} page{'s' * (pages > 1)})")
    return 0


def cmd_check_field(args: argparse.Namespace) -> int:
    from artsheets.generator.checkfield import check_field_file

    ok, report = check_field_file(Path(args.file))
    print(report)
    return 0 if ok else 1


def cmd_replay(args: argparse.Namespace) -> int:
    from artsheets.generator.registry import field_from_id
    from artsheets.generator.sheetcode import field_id_of
    from artsheets.rules.core import RecordError
    from artsheets.rules.record import replay_command

    try:
        print(replay_command(args.record, resolve=field_from_id, field_id_of=field_id_of))
    except RecordError as e:
        raise UserError(str(e)) from None
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Score a finished board from its plain-text diagram; exit 1 if it cannot be played."""
    from artsheets.rules.core import RulesError
    from artsheets.rules.game import diagram_games, get_game

    try:
        game = get_game(args.game)
        text = Path(args.position).read_text(encoding="utf-8")
        report = game.score(game.parse_position(text))
    except FileNotFoundError:
        raise UserError(f"{args.position}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"{args.position}: cannot read it ({e})") from None
    except RulesError as e:
        raise UserError(f"{e}; artsheets score takes: {', '.join(diagram_games())}") from None
    print(f"{game.title}, {args.position}")
    for label, sizes in report.details.items():
        for who, values in sizes.items():
            shown = " ".join(str(v) for v in values) or "none"
            print(f"  {who} {label}: {shown}")
    if report.outcome is not None:
        print(f"result: {report.outcome.result()} ({report.outcome.reason})")
    for check in report.problems:
        print(f"impossible: {check.message}")
    return 0 if report.ok else 1


def _all_options() -> dict[str, SheetOption]:
    """Every sheet option of every game, by name (the first game to declare it wins)."""
    from artsheets.generator.registry import games

    options: dict[str, SheetOption] = {}
    for spec in games().values():
        for opt in spec.options:
            options.setdefault(opt.name, opt)
    return options


# Two or three examples at the end of each subcommand's --help.
EXAMPLES = {
    "games": ["artsheets games", "artsheets games --json"],
    "generate": [
        "artsheets generate vasarely                 # the standard sheet, in output/",
        "artsheets generate rings --seed 1..30 --players 4 -o class/",
        "artsheets generate all --page letter --format pdf",
    ],
    "check-field": [
        "artsheets check-field output/miro_s1.layout.json",
        "artsheets check-field output/synch_std_size14.layout.json",
    ],
    "replay": [
        "artsheets replay examples/miro-record.json",
        "artsheets replay my-game.json   # 'field_id' may be the printed sheet code",
    ],
    "score": [
        "artsheets score parking lot.txt      # the board, top rank first (docs/boardgames.md)",
        "artsheets score landgrab claims.txt",
        "artsheets score straat frame.txt   # lines 'front' and 'back', each a face",
    ],
    "scan": [
        "artsheets scan examples/photo.jpg -o output/",
        "artsheets scan photos/*.jpg -o reports/ --csv scores.csv",
        "artsheets scan photo.jpg --sheet MIRO-1-STD-A4-P4S109-G   # the code printed on the sheet",
    ],
}


def _subcommand(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with examples."""
    epilog = "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[name])
    return sub.add_parser(
        name,
        help=text,
        description=text[0].upper() + text[1:] + ".",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _games() -> list[str]:
    from artsheets.generator.registry import games

    return list(games())


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; for a ``command`` other than ``generate`` (or none), one whose
    ``generate`` lacks the per-game options and names: those import every game and the
    geometry library, a third of a second that ``artsheets scan`` need not pay."""
    full = command in (None, "generate")
    parser = _Parser(
        prog="artsheets",
        description="Print game sheets, check fields, replay games and score photos of sheets.",
    )
    parser.add_argument("--version", action="version", version=f"artsheets {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = _subcommand(sub, "games", "list the games and their options")
    p.add_argument("--json", action="store_true", help="the same as JSON, for scripts")
    p.set_defaults(func=cmd_games)

    p = _subcommand(sub, "generate", "print game sheets (PDF, SVG, PNG and layout JSON)")
    names = ", ".join(_games()) if full else "see 'artsheets games'"
    p.add_argument("game", help=f"one of: {names}; a comma list of them; or 'all'")
    p.add_argument(
        "--seed",
        help="a seed (a random field) or a range A..B; without it, the game's standard field",
    )
    p.add_argument("--page", default="a4", type=str.lower, help="a4 (default) or letter")
    p.add_argument("--format", default="pdf,svg,png", help="comma list of pdf,svg,png")
    p.add_argument("--dpi", type=int, default=200, help="PNG resolution (default 200)")
    p.add_argument("-o", "--output", default="output", help="output folder (default output/)")
    p.add_argument("--field-version", type=int, help="an older field algorithm, to reprint")
    p.add_argument("-v", "--verbose", action="store_true", help="name every file written")
    p.add_argument(
        "--rules",
        action="store_true",
        help="add each sheet's rules page, with a worked example on its field (PDF: page 2)",
    )
    p.add_argument(
        "--book",
        metavar="NAME",
        help="write every sheet asked for into one PDF, NAME.pdf, instead of one set per sheet",
    )
    for opt in _all_options().values() if full else ():
        p.add_argument(f"--{opt.name}", type=int, metavar="N", help=opt.help)
    p.set_defaults(func=cmd_generate)

    p = _subcommand(sub, "check-field", "check a written layout: counts and constraints")
    p.add_argument("file", help="a .layout.json written by artsheets generate")
    p.set_defaults(func=cmd_check_field)

    p = _subcommand(sub, "replay", "replay a game record JSON: scores and winner")
    p.add_argument(
        "record", help="a game record JSON (game, options, field_id, moves; docs/formats.md)"
    )
    p.set_defaults(func=cmd_replay)

    p = _subcommand(sub, "score", "score a finished board game from a text diagram")
    p.add_argument("game", help="a game decided by its final board: parking, landgrab, straat")
    p.add_argument("position", help="a text file: the board, top rank first (docs/boardgames.md)")
    p.set_defaults(func=cmd_score)

    scan = importlib.import_module("artsheets.scanner.command")
    p = _subcommand(sub, "scan", "score photos of finished sheets")
    scan.add_arguments(p)
    p.set_defaults(func=scan.run, exit_at_once=True)

    serve = importlib.import_module("artsheets.serve.command")
    p = sub.add_parser("serve", help="the web app: print, scan from a phone, review, ledger")
    serve.add_serve_arguments(p)
    p.set_defaults(func=serve.run_serve)
    p = sub.add_parser("ledger", help="the ledger of scanned games: export corrections")
    serve.add_ledger_arguments(p)
    p.set_defaults(func=serve.run_ledger)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args: argparse.Namespace | None = None
    try:
        words = sys.argv[1:] if argv is None else argv
        parser = build_parser(next((w for w in words if not w.startswith("-")), ""))
        args, extra = parser.parse_known_args(argv)
        if extra:  # point to the subcommand's help, where the right options are listed
            raise UserError(
                f"unrecognized arguments: {' '.join(extra)} (see 'artsheets {args.command} --help')"
            )
        code = int(args.func(args))
    except UserError as e:
        print(f"artsheets: error: {e}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        print("artsheets: interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        code = 0
    if argv is None and getattr(args, "exit_at_once", False):
        _exit_at_once(code)
    return code


def _exit_at_once(code: int) -> None:
    """End the program now, with ``code``, once its output is flushed: for a command whose
    work is all done and written when it returns (``scan``: its files are written and closed,
    its threads idle, its worker processes ended). Python's own teardown (freeing every
    object and module, OpenCV's thread pool stopping) took 64-222 ms (median 85) of a
    one-photo scan's process against 10-33 ms (median 19) with this (load 13; the operating
    system frees the memory either way; benchmarks/RESULTS.md, scan speed). Only when run as
    the program (``argv`` None): a caller of :func:`main` gets the code back."""
    for stream in (sys.stdout, sys.stderr):
        # A closed pipe or stream: nothing more can be said.
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
