"""Decoding a QR code with what a sheet code is known to look like (``qrdecode.decode_known``,
``identify.sheet_code_templates``): more damage mended, never another code."""

from __future__ import annotations

import numpy as np
import segno

from artsheets.generator.sheetcode import check_char
from artsheets.scanner.identify import _is_sheet_code, sheet_code_templates
from artsheets.scanner.qrdecode import _layout, _pinned_bits, decode_known, decode_modules

SYNCH = "SYNCH-1-STD-A4-N10-" + check_char("SYNCH-1-STD-A4-N10")  # version 1-M, full
RINGS = "RINGS-1-000042-A4-P3R3N6C16-" + check_char("RINGS-1-000042-A4-P3R3N6C16")


def _matrix(text: str) -> np.ndarray:
    return np.array(segno.make(text, error="m", micro=False).matrix, np.float64)


def _noisy(matrix: np.ndarray, noise: float, seed: int) -> np.ndarray:
    """The data modules' darkness read with Gaussian noise (function patterns exact)."""
    _, rows, cols = _layout(matrix.shape[0])
    rng = np.random.default_rng(seed)
    dark = matrix.copy()
    dark[rows, cols] = np.clip(matrix[rows, cols] + rng.normal(0, noise, len(rows)), 0, 1)
    return dark


def test_the_pinned_bits_are_those_segno_writes() -> None:
    """Every bit a template of the exact text pins is the bit segno's symbol carries, for
    every length of versions 1-4 (a terminator ending on a byte boundary: segno's extra
    zero byte is one of the two ways given)."""
    from artsheets.scanner import qrdecode as q

    rng = np.random.default_rng(3)
    alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
    for length in range(5, 40):
        text = "".join(rng.choice(list(alnum), length))
        matrix = _matrix(text)
        n = matrix.shape[0]
        version = (n - 17) // 4
        _, ecl, mask = q._read_format(matrix)[0]
        _, rows, cols = _layout(n)
        raw = q._RAW_CODEWORDS[version - 1]
        bits = np.where(q._MASKS[mask](rows, cols), 1 - matrix[rows, cols], matrix[rows, cols])
        nblocks, nsym = q._BLOCKS[ecl][version - 1]
        dpb = raw // nblocks - nsym
        d = np.arange(dpb * nblocks)
        at = (((d % dpb) * nblocks + d // dpb)[:, None] * 8 + np.arange(8)).ravel()
        ways = _pinned_bits(list(text), dpb * nblocks)
        assert any(np.array_equal(v[p], bits[at][p]) for v, p in ways), text
        assert decode_known(matrix, lambda t: True, [list(text)]) == text


def test_a_code_too_noisy_to_decode_alone_is_read_by_its_form() -> None:
    templates = sheet_code_templates()
    alone = known = 0
    for code in (SYNCH, RINGS):
        for seed in range(6):
            dark = _noisy(_matrix(code), 0.32, seed)
            alone += decode_modules(dark, _is_sheet_code) == code
            got = decode_known(dark, _is_sheet_code, templates)
            assert got in (None, code)
            known += got == code
    assert known >= alone + 4


def test_noise_and_codes_of_no_game_are_never_read() -> None:
    """Random modules round the right function patterns, and a clean code whose text is a
    well-formed sheet code of no game: nothing is read under the sheet codes' forms."""
    templates = sheet_code_templates()
    from artsheets.scanner.qrdeblur import function_patterns

    rng = np.random.default_rng(2)
    for i in range(30):
        n = (21, 25, 29)[i % 3]
        bits, known = function_patterns(n)
        dark = np.where(known, bits, rng.random((n, n)))
        assert decode_known(dark, lambda t: True, templates) is None
    body = "PICASSO-1-STD-A4-P4"
    other = f"{body}-{check_char(body)}"
    assert _is_sheet_code(other)
    assert decode_known(_matrix(other), _is_sheet_code, templates) is None


def test_two_texts_read_under_two_forms_read_as_nothing() -> None:
    """A symbol that decodes to one text under one template and to another under another is
    read as nothing (here: the exact text, and a template of the same shape naming a
    different text that the clean symbol cannot hold, so only one is read)."""
    matrix = _matrix(SYNCH)
    same = [list(SYNCH)]
    assert decode_known(matrix, _is_sheet_code, same) == SYNCH
    other = "SYNCH-1-STD-A4-N12-" + check_char("SYNCH-1-STD-A4-N12")
    assert decode_known(matrix, _is_sheet_code, [list(other)]) is None
