"""The printing kit: books (class sets, several games, every game), print-at-100 % PDFs and
rules pages (every game's fits its page and explains a real scoring move on the sheet).

PDFs are read back with PDFium (an independent reader): page counts, page sizes, the viewer
preference and the text on each page.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_raw
import pytest

from artsheets.cli import main
from artsheets.generator.examples import play_example
from artsheets.generator.layout import PAGES, Layout, Text
from artsheets.generator.layout import Path as Line
from artsheets.generator.registry import build_layout, games
from artsheets.generator.render_pdf import render_pdf
from artsheets.generator.rulespage import (
    MARGIN,
    Bullets,
    Diagram,
    Heading,
    Paragraph,
    RulesDoc,
    RulesPage,
    RulesPageOverflow,
    parse_blocks,
    rules_page,
    text_box,
)
from artsheets.generator.sheet import Rect, Sheet
from artsheets.generator.sheetrules import sheet_rules_page
from artsheets.rules import new_game

PT_PER_MM = 72 / 25.4
GAMES = list(games())


def _pdf(path: Path | bytes) -> pypdfium2.PdfDocument:
    return pypdfium2.PdfDocument(path)


def _page_text(doc: pypdfium2.PdfDocument, k: int) -> str:
    return doc[k].get_textpage().get_text_range()


def _size_mm(doc: pypdfium2.PdfDocument, k: int) -> tuple[float, float]:
    w, h = doc[k].get_size()
    return (round(w / PT_PER_MM, 1), round(h / PT_PER_MM, 1))


def _prints_at_100(doc: pypdfium2.PdfDocument) -> bool:
    """PDFium reports PrintScaling false only when the document says /None."""
    return not pdfium_raw.FPDF_VIEWERREF_GetPrintScaling(doc.raw)


def _seed(game: str) -> int | None:
    return None if games()[game].standard is not None else 1


# --- print at 100 % ---------------------------------------------------------------------


def test_single_sheet_pdf_asks_to_print_at_100_percent() -> None:
    doc = _pdf(render_pdf(build_layout("synch")))
    assert len(doc) == 1
    assert _prints_at_100(doc)


def test_cli_sheet_pdf_asks_to_print_at_100_percent(tmp_path: Path) -> None:
    assert main(["generate", "synch", "--format", "pdf", "-o", str(tmp_path)]) == 0
    assert _prints_at_100(_pdf(tmp_path / "synch_std.pdf"))


# --- books ------------------------------------------------------------------------------


def test_class_set_is_one_pdf_of_the_seeds_asked_for(tmp_path: Path, capsys) -> None:
    code = main(["generate", "vasarely", "--seed", "3..5", "--book", "class7", "-o", str(tmp_path)])
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class7.pdf"]  # no per-sheet files
    doc = _pdf(tmp_path / "class7.pdf")
    assert len(doc) == 3
    assert _prints_at_100(doc)
    for k, seed in enumerate(range(3, 6)):
        assert _size_mm(doc, k) == (210.0, 297.0)
        assert build_layout("vasarely", seed).sheet_code in _page_text(doc, k)
    assert "3 sheets, 3 pages" in capsys.readouterr().out


def test_book_of_several_games_on_letter_with_rules(tmp_path: Path) -> None:
    args = ["generate", "synch,klee", "--page", "letter", "--rules", "--book", "two.pdf"]
    assert main([*args, "-o", str(tmp_path)]) == 0
    doc = _pdf(tmp_path / "two.pdf")
    assert len(doc) == 4  # sheet, its rules, sheet, its rules
    assert all(_size_mm(doc, k) == (215.9, 279.4) for k in range(4))
    assert build_layout("synch", page="letter").sheet_code in _page_text(doc, 0)
    assert "Move In Synch" in _page_text(doc, 1) and "Worked example" in _page_text(doc, 1)
    assert build_layout("klee", page="letter").sheet_code in _page_text(doc, 2)
    assert "Klee" in _page_text(doc, 3) and "Worked example" in _page_text(doc, 3)
    assert _prints_at_100(doc)


def test_several_games_without_book_write_each_games_sheet(tmp_path: Path) -> None:
    assert main(["generate", "synch, KLEE", "--format", "pdf", "-o", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "klee_std.layout.json",
        "klee_std.pdf",
        "synch_std.layout.json",
        "synch_std.pdf",
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["synch", "--book", "sub/class"], "bad book name"),
        (["synch", "--book", ""], "bad book name"),
        (["all,synch"], "'all' already names every game"),
        (["synch,nosuch"], "unknown game 'nosuch'"),
        ([",,"], "no game in"),
    ],
)
def test_bad_book_or_game_list_is_one_line_exit_2(
    tmp_path: Path, capsys, args: list[str], words: str
) -> None:
    assert main(["generate", *args, "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("artsheets: error:") and words in err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_book_name_that_is_a_folder_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "class.pdf").mkdir()
    assert main(["generate", "synch", "--book", "class", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


# --- rules pages on sheets --------------------------------------------------------------


def test_rules_option_adds_a_second_pdf_page_and_rules_files(tmp_path: Path) -> None:
    args = ["generate", "synch", "--rules", "--format", "pdf,svg,png", "--dpi", "36"]
    assert main([*args, "-o", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "synch_std.layout.json",
        "synch_std.pdf",
        "synch_std.png",
        "synch_std.rules.png",
        "synch_std.rules.svg",
        "synch_std.svg",
    ]
    doc = _pdf(tmp_path / "synch_std.pdf")
    assert len(doc) == 2 and _prints_at_100(doc)
    assert "Worked example" in _page_text(doc, 1)
    # Every character PDFium finds on the rules page lies on the page, inside the margins.
    w, h = doc[1].get_size()
    tp = doc[1].get_textpage()
    edge = (MARGIN - 0.5) * PT_PER_MM
    for i in range(tp.count_chars()):
        x0, y0, x1, y1 = tp.get_charbox(i)
        if x1 > x0:  # spaces and line breaks have no box
            assert edge <= x0 and x1 <= w - edge and edge <= y0 and y1 <= h - edge
    assert "Worked example" in (tmp_path / "synch_std.rules.svg").read_text()


def test_without_rules_the_sheet_pdf_has_one_page(tmp_path: Path) -> None:
    assert main(["generate", "synch", "--format", "pdf", "-o", str(tmp_path)]) == 0
    assert len(_pdf(tmp_path / "synch_std.pdf")) == 1


@functools.cache
def _rules(game: str, page: str) -> tuple[Layout, RulesPage]:
    layout = build_layout(game, _seed(game), {}, page)
    return layout, sheet_rules_page(layout)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _check_fits(rp: RulesPage, page_name: str) -> None:
    page = PAGES[page_name]
    inner = Rect(MARGIN - 0.01, MARGIN - 0.01, page.width_mm - MARGIN + 0.01, page.height_mm)
    boxes = rp.text_boxes
    assert boxes, "the page has text"
    for b in boxes:
        assert inner.x0 <= b.x0 and b.x1 <= inner.x1 and inner.y0 <= b.y0
        assert b.y1 <= page.height_mm - MARGIN + 0.01
        if rp.diagram_box is not None:
            assert not _overlap(b, rp.diagram_box), "text over the diagram"
    for i, a in enumerate(boxes):  # lines never overlap (the bullet sits beside its line)
        for b in boxes[i + 1 :]:
            assert not _overlap(a.inset(0.05), b.inset(0.05)), "two lines overlap"
    if rp.diagram_box is not None:  # the diagram stays in its box (a move number's disc
        d = rp.diagram_box.inset(-2.0)  # may reach past it by its radius)
        for p in rp.diagram:
            if isinstance(p, Text):
                pts = [(text_box(p).x0, text_box(p).y0), (text_box(p).x1, text_box(p).y1)]
            else:
                pts = p.points if isinstance(p, Line) else [p.center]
            assert all(d.x0 <= x <= d.x1 and d.y0 <= y <= d.y1 for x, y in pts), p


@pytest.mark.parametrize("game", GAMES)
def test_every_games_rules_page_fits_letter(game: str) -> None:
    """Letter is the shorter page: the tighter fit. Text stays inside the margins, never on
    the diagram, never on another line."""
    _, rp = _rules(game, "letter")
    _check_fits(rp, "letter")
    assert rp.text_size >= 2.8, "the rules stay comfortably readable"
    assert rp.layout.page == PAGES["letter"]


@pytest.mark.parametrize("game", ["synch", "klee", "springer"])
def test_rules_page_fits_a4(game: str) -> None:
    _, rp = _rules(game, "a4")
    _check_fits(rp, "a4")


@pytest.mark.parametrize("game", GAMES)
def test_worked_example_is_a_real_scoring_move_on_the_sheet(game: str) -> None:
    """The example's moves replay legally on the sheet's field, one of them scores, and the
    page states the scores the rule engine gives."""
    layout, rp = _rules(game, "letter")
    ex = play_example(layout)
    assert ex.scoring is not None, "the example shows a move that scores"
    replay = new_game(layout.topology, ex.state.options)
    for move in ex.state.history:
        replay.apply(move)
    assert replay.scores() == ex.state.scores()
    text = " ".join(p.text for p in rp.layout.drawing if isinstance(p, Text))
    n = ex.scoring.number
    assert (f"Move {n}:" if ex.scoring.regions else f"After move {n},") in text
    for player, score in ex.state.scores().items():
        assert f"player {player}" in text and f" {score}" in text
    assert layout.sheet_code in text


def test_rules_text_is_parsed_into_blocks() -> None:
    blocks = parse_blocks(
        "# Title\nOne line\nand its rest.\n\n## Turn\n- first\n  still first\n- second\nAfter.\n"
    )
    assert blocks == (
        Paragraph("One line and its rest."),
        Heading("Turn"),
        Bullets(("first still first", "second")),
        Paragraph("After."),
    )


def test_rules_page_api_for_other_games_and_overflow() -> None:
    drawn: list[Rect] = []

    def draw(sheet: Sheet, box: Rect) -> None:
        drawn.append(box)
        sheet.rect(box)

    doc = RulesDoc("A Board Game", (Paragraph("Move a piece."),), diagram=Diagram(draw, 1.0))
    rp = rules_page(doc, PAGES["a4"])
    assert drawn == [rp.diagram_box]
    assert rp.diagram_box is not None and abs(rp.diagram_box.w - rp.diagram_box.h) < 0.01
    assert rp.text_size == 3.5  # short text: the largest size
    _check_fits(rp, "a4")
    long = RulesDoc("Too long", tuple(Paragraph("word " * 200) for _ in range(40)))
    with pytest.raises(RulesPageOverflow, match="do not fit"):
        rules_page(long, PAGES["a4"])


def test_text_box_follows_the_anchor() -> None:
    a = text_box(Text((50.0, 20.0), "Rules", 4.0, "start"))
    b = text_box(Text((50.0, 20.0), "Rules", 4.0, "end"))
    assert a.x0 == 50.0 and b.x1 == 50.0 and a.w == pytest.approx(b.w) and a.w > 8
