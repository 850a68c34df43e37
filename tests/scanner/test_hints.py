"""The scanner's hints: which other readings would satisfy a rule the sheet breaks, from the
rule engine's typed rule-breaks (positions as in the rules' own tests)."""

from __future__ import annotations

from artsheets.rules.breaks import RuleBreak
from artsheets.rules.position import score_position, unusual_patterns
from artsheets.scanner.hints import check_dict, hints
from tests.rules import test_arp, test_klee, test_miro, test_springer
from tests.rules.synthetic import delaunay_field

RED, BLUE, GREEN = 1, 2, 3


def test_a_rare_stretch_could_be_its_neighbours_colour() -> None:
    """Arp: one to three pieces unlike the pieces either side, which share a colour, could be
    that colour (a line coloured in one stretch, with a few pencil marks misread)."""
    f = test_arp.field()
    pieces = f.data["pieces"]
    run = pieces[max(pieces, key=lambda ln: len(pieces[ln]))]
    base = {p: RED for ps in pieces.values() for p in ps}
    one = base | {run[2]: BLUE}
    (found,) = unusual_patterns(f, {"players": 3}, one)
    assert hints(found.broken, one).could_be == [(run[2], RED)]
    three = base | dict.fromkeys(run[1:4], BLUE)
    (found,) = unusual_patterns(f, {"players": 3}, three)
    assert hints(found.broken, three).could_be == [(p, RED) for p in run[1:4]]
    # Between two other colours: named, with nothing to mend them by.
    wedges = base | {run[2]: BLUE, run[3]: GREEN}
    assert [hints(c.broken, wedges) for c in unusual_patterns(f, {"players": 3}, wedges)] == [
        hints(None, wedges)
    ] * 2


def test_delaunay_neighbours_and_open_spaces_could_be_the_colours_left() -> None:
    f = delaunay_field(3, 5, 2)
    colours = {"space-1": 4, "space-2": 4, "space-5": 1}
    rep = score_position(f, {"players": 4}, colours, {})
    (pair,) = [c for c in rep.problems if "next to each other" in c.message]
    # Either space in another colour in play would mend it.
    expected = [(s, k) for s in ("space-1", "space-2") for k in (1, 2, 3)]
    assert hints(pair.broken, colours).could_be == expected
    # The empty space could be any colour none of its coloured neighbours has.
    open_spaces = [c for c in rep.problems if "is empty though colour" in c.message]
    assert open_spaces
    for c in open_spaces:
        (space,) = c.regions
        near = {colours[n] for n in f.adjacent[space] if n in colours}
        assert hints(c.broken, colours).could_be == [
            (space, k) for k in (1, 2, 3, 4) if k not in near
        ]


def test_a_klee_area_breaking_the_setup_could_be_each_cell_that_mends_it() -> None:
    f, s = test_klee.play_story({})
    sheet = s.sheet_colours()
    bad_area = f.data["sequence_areas"]["2"][1]  # player 2's first standard area
    broken = dict(sheet)
    broken.update(zip(bad_area, (3, 2, 1), strict=True))  # copies player 1's 1-2-3 reversed
    rep = score_position(f, {}, broken, {1: 6, 2: 0})
    (area,) = [c for c in rep.problems if "player 2's area 2 breaks the setup rules" in c.message]
    could_be = hints(area.broken, broken).could_be
    # One cell read otherwise would mend it: each such reading does, and no other.
    assert could_be
    for cell_id in bad_area:
        for colour in (1, 2, 3, 4):
            if broken[cell_id] == colour:
                continue
            again = score_position(f, {}, {**broken, cell_id: colour}, {1: 6, 2: 0})
            mended = not any("player 2's area 2" in c.message for c in again.problems)
            assert mended == ((cell_id, colour) in could_be), (cell_id, colour)
    early = score_position(f, {}, sheet, {1: 3, 2: 0})
    (unfinished,) = [c for c in early.problems if "nobody has won yet" in c.message]
    # Play went on, so every square read empty could be a faint fill.
    empty = [sp for sp in f.spaces if sp not in sheet]
    assert empty and hints(unfinished.broken, sheet).could_be_coloured == empty


def _miro(colours: dict[str, int]) -> list:
    return score_position(test_miro.field(), {"players": 2}, colours, {}).checks


def test_miro_order_and_captor_checks_could_be_the_least_changed_orders() -> None:
    sheet = test_miro._finished_mini_game()
    moved = sheet | {"segment-10": BLUE}
    (order,) = [c for c in _miro(moved) if not c.ok]
    # Either 9 or 10 in red mends the order of play.
    assert hints(order.broken, moved).could_be == [("segment-9", RED), ("segment-10", RED)]
    # A circle unlike its captor: the circle in the captor's colour, or the last segment in
    # the circle's.
    wrong = sheet | {"mark-capture-2": BLUE}
    (captor,) = [c for c in _miro(wrong) if not c.ok and "tallied" not in c.message]
    assert hints(captor.broken, wrong).could_be == [("mark-capture-2", RED), ("segment-18", BLUE)]
    foreign = sheet | {"mark-capture-1": BLUE}
    named = [c for c in _miro(foreign) if not c.ok and "mark-capture-1" in c.regions]
    assert [hints(c.broken, foreign).could_be for c in named] == [
        [("mark-capture-1", RED), ("segment-19", BLUE)]
    ]


def test_miro_gaps_must_be_coloured_and_filled_spaces_blank() -> None:
    """Segments read blank inside the coloured curve: no legal sheet leaves them blank, and
    the order of play says whose move coloured them; a space read filled (a shadow taken for
    a dull pencil) must be blank, whatever the scanner thought."""
    sheet = test_miro._finished_mini_game()
    blanked = {k: v for k, v in sheet.items() if k not in {"segment-5", "segment-10"}}
    checks = _miro(blanked)
    (gap,) = [c for c in checks if "broken into" in c.message]
    must = hints(gap.broken, blanked).must_be_coloured
    assert sorted(must) == [("segment-10", RED), ("segment-5", RED)]
    # A capture circle of a space with an open boundary: its open segments were coloured.
    open_circles = [c for c in checks if "boundary is not complete" in c.message]
    musts = [hints(c.broken, blanked).must_be_coloured for c in open_circles]
    assert open_circles and all(musts)
    assert {s for m in musts for s, _ in m} <= {"segment-5", "segment-10"}
    filled = sheet | {"space-3": BLUE}
    (check,) = [c for c in _miro(filled) if "not filled in" in c.message]
    assert hints(check.broken, filled).must_be_blank == ["space-3"]


def test_springer_neighbours_and_triangles_on_one_edge() -> None:
    sq = test_springer.sq
    colours = {sq(0, 0): RED, sq(0, 1): RED, "triangle-top-1": RED, "triangle-top-2": RED}
    rep = score_position(test_springer.field(), {"players": 2}, colours, {RED: 3})
    (pair,) = [c for c in rep.problems if "next to each other" in c.message]
    # Either space in the other player's colour would mend it.
    assert hints(pair.broken, colours).could_be == [("space-1", BLUE), ("space-2", BLUE)]
    # One of the two is misread (the scanner blanks the one it doubted).
    (two,) = [c for c in rep.problems if "triangles on the top edge" in c.message]
    assert sorted(hints(two.broken, colours).could_be_blank) == [
        "triangle-top-1",
        "triangle-top-2",
    ]


def test_springer_triangles_on_one_edge_could_be_the_other_players() -> None:
    """Two players' keys close (a messaging copy): a triangle read in the wrong player's
    colour breaks the one-triangle rule; either triangle in another colour on the sheet
    would mend it, as well as either blank."""
    sq = test_springer.sq
    colours = {sq(0, 0): RED, sq(0, 2): BLUE, "triangle-top-1": RED, "triangle-top-2": RED}
    rep = score_position(test_springer.field(), {"players": 2}, colours, {RED: 3})
    (two,) = [c for c in rep.problems if "triangles on the top edge" in c.message]
    got = hints(two.broken, colours)
    assert sorted(got.could_be) == [("triangle-top-1", BLUE), ("triangle-top-2", BLUE)]
    assert sorted(got.could_be_blank) == ["triangle-top-1", "triangle-top-2"]


def test_a_check_dict_is_the_checks_fields_and_its_non_empty_hints_in_report_order() -> None:
    """The scan report's check fields (FORMATS.md): ok, message, regions, then the hints
    that are not empty; a rule-break with no hints adds nothing."""
    sheet = test_miro._finished_mini_game()
    blanked = {k: v for k, v in sheet.items() if k not in {"segment-5", "segment-10"}}
    (gap,) = [c for c in _miro(blanked) if "broken into" in c.message]
    found = check_dict(gap, blanked)
    assert list(found) == ["ok", "message", "regions", "could_be_coloured", "must_be_coloured"]
    assert found["must_be_coloured"] == [
        [s, c] for s, c in hints(gap.broken, blanked).must_be_coloured
    ]
    assert check_dict(type(gap)(False, "no structure", ["r"]), {}) == {
        "ok": False,
        "message": "no structure",
        "regions": ["r"],
    }
    assert check_dict(type(gap)(False, "unknown", ["r"], RuleBreak()), {})["regions"] == ["r"]


def test_every_rule_break_type_of_the_rules_has_its_hints() -> None:
    """A rule-break type added to the rules without a hint function would silently give the
    scanner nothing to try: each one the rules define is registered."""
    import inspect

    from artsheets.rules import breaks
    from artsheets.scanner.hints import _HINTS

    kinds = {
        obj
        for _, obj in inspect.getmembers(breaks, inspect.isclass)
        if issubclass(obj, RuleBreak) and obj is not RuleBreak
    }
    assert kinds and kinds == set(_HINTS)
