"""The scanner's own QR reading: Reed-Solomon with erasures, the soft-decision decoder and the
blur fit, on codes made by segno (the generator's encoder)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import segno

from artsheets.generator.sheetcode import check_char
from artsheets.scanner.identify import _is_sheet_code
from artsheets.scanner.qrdeblur import fit_modules, function_patterns
from artsheets.scanner.qrdecode import RSError, decode_modules, gf_mul, rs_correct, rs_syndromes

BODY = "RINGS-1-000042-A4-P3R3N6C16"
CODE = f"{BODY}-{check_char(BODY)}"


def _rs_encode(data: list[int], nsym: int) -> list[int]:
    """``data`` followed by its ``nsym`` Reed-Solomon check bytes (the QR code's generator,
    roots alpha^0 .. alpha^(nsym-1)): long division by the generator polynomial."""
    gen = [1]
    alpha = 1
    for _ in range(nsym):
        # gen *= (x - alpha^i), highest power first
        gen = [a ^ gf_mul(b, alpha) for a, b in zip([*gen, 0], [0, *gen], strict=True)]
        alpha = gf_mul(alpha, 2)
    rem = list(data) + [0] * nsym
    for i in range(len(data)):
        coef = rem[i]
        if coef:
            for j in range(1, len(gen)):
                rem[i + j] ^= gf_mul(gen[j], coef)
    return list(data) + rem[len(data) :]


def _matrix(text: str, error: str = "m") -> np.ndarray:
    return np.array(segno.make(text, error=error, micro=False).matrix, np.float64)


def test_the_test_encoder_makes_codewords() -> None:
    rng = np.random.default_rng(0)
    block = _rs_encode(list(rng.integers(0, 256, 28)), 16)
    assert not any(rs_syndromes(block, 16))
    block[3] ^= 1
    assert any(rs_syndromes(block, 16))


@pytest.mark.parametrize(("errors", "erasures"), [(8, 0), (0, 16), (4, 8), (7, 2), (1, 14)])
def test_reed_solomon_corrects_up_to_its_capacity(errors: int, erasures: int) -> None:
    rng = np.random.default_rng(errors * 100 + erasures)
    for _ in range(20):
        good = _rs_encode(list(rng.integers(0, 256, 28)), 16)
        bad = list(good)
        where = rng.choice(len(good), errors + erasures, replace=False)
        for pos in where:
            bad[pos] ^= int(rng.integers(1, 256))
        # Erased bytes may hold anything, their true value too.
        assert rs_correct(bad, 16, [int(p) for p in where[errors:]]) == good


def test_reed_solomon_refuses_beyond_its_capacity() -> None:
    rng = np.random.default_rng(5)
    good = _rs_encode(list(rng.integers(0, 256, 28)), 16)
    with pytest.raises(RSError):
        rs_correct(good, 16, list(range(17)))
    refused = 0
    for _ in range(50):
        bad = list(good)
        for pos in rng.choice(len(good), 9, replace=False):  # one error too many
            bad[pos] ^= int(rng.integers(1, 256))
        try:
            fixed = rs_correct(bad, 16)
        except RSError:
            refused += 1
        else:
            # Only ever another codeword, never a half-mended block.
            assert fixed != good
            assert not any(rs_syndromes(fixed, 16))
    assert refused >= 45


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (CODE, "m"),
        ("KLEE-1-STD-A4-U4-E", "m"),
        ("hello, world", "l"),
        ("0123456789012", "h"),
        ("A" * 40, "q"),
        ("ABC" * 25, "m"),
        ("ABCD" * 10, "h"),
    ],
)
def test_clean_codes_of_versions_1_to_4_decode(text: str, error: str) -> None:
    assert decode_modules(_matrix(text, error), lambda t: True) == text


def _damage(matrix: np.ndarray, words: int, sure: float) -> np.ndarray:
    """Flip one module in each of ``words`` data codewords, read as darkness ``sure`` of the
    way to the wrong colour (0.5: certain, near 0: hardly off grey)."""
    dark = matrix.copy()
    _, known = function_patterns(matrix.shape[0])
    rng = np.random.default_rng(words)
    # Data modules run in pairs of columns from the right, 4 rows of a pair at most one
    # codeword: modules 4 rows apart in every other column hit distinct codewords.
    cells = [(r, c) for c in range(matrix.shape[1] - 1, 8, -2) for r in range(9, 21, 4)]
    cells = [rc for rc in cells if not known[rc]]
    for r, c in [cells[i] for i in rng.permutation(len(cells))[:words]]:
        dark[r, c] = 0.5 + sure * (1.0 if matrix[r, c] < 0.5 else -1.0)
    return dark


def test_unsure_modules_are_erased_so_more_damage_is_mended() -> None:
    matrix = _matrix(CODE)  # version 2-M: 16 check bytes, 8 errors
    assert decode_modules(_damage(matrix, 6, 0.5), _is_sheet_code) == CODE
    assert decode_modules(_damage(matrix, 12, 0.5), _is_sheet_code) is None
    assert decode_modules(_damage(matrix, 12, 0.05), _is_sheet_code) == CODE


def test_a_text_failing_the_check_character_is_never_returned() -> None:
    wrong = "0" if check_char(BODY) != "0" else "1"
    mutated = f"{BODY}-{wrong}"
    assert decode_modules(_matrix(mutated), lambda t: True) == mutated
    assert decode_modules(_matrix(mutated), _is_sheet_code) is None


def _blurred_photo(matrix: np.ndarray, cov: np.ndarray, step: int, quiet: int) -> np.ndarray:
    """The code drawn at ``step`` pixels per module, blurred by ``cov``, on a lit gradient."""
    n = matrix.shape[0]
    size = (n + 2 * quiet) * step
    img = np.zeros((size, size), np.float32)
    img[quiet * step : (quiet + n) * step, quiet * step : (quiet + n) * step] = cv2.resize(
        matrix.astype(np.float32), (n * step, n * step), interpolation=cv2.INTER_NEAREST
    )
    half = 20
    ax = np.arange(-half, half + 1, dtype=np.float64)
    x, y = np.meshgrid(ax, ax)
    p = np.linalg.inv(cov)
    g = np.exp(-0.5 * (p[0, 0] * x * x + 2 * p[0, 1] * x * y + p[1, 1] * y * y))
    img = cv2.filter2D(img, -1, (g / g.sum()).astype(np.float32))
    light = 200.0 + 30.0 * np.linspace(0, 1, size)[None, :]
    rng = np.random.default_rng(1)
    return light - 150.0 * img + rng.normal(0, 3.0, img.shape)


def test_an_elongated_blur_is_undone_by_fitting_it() -> None:
    matrix = _matrix(CODE)
    # A blur three times as long as wide, slanting: a blurred photo tilted 45 degrees.
    a = np.deg2rad(35.0)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    cov = rot @ np.diag([7.0**2, 2.3**2]) @ rot.T
    img = _blurred_photo(matrix, cov, 6, 4)
    dark, cost = fit_modules(img, matrix.shape[0], 6, 4, cov)
    assert np.count_nonzero((dark > 0.5) != (matrix > 0.5)) <= 3
    assert decode_modules(dark, _is_sheet_code) == CODE
    round_dark, round_cost = fit_modules(img, matrix.shape[0], 6, 4, np.eye(2) * 4.6**2)
    assert round_cost > cost
    assert np.count_nonzero((round_dark > 0.5) != (matrix > 0.5)) > 10


def test_noise_is_never_read_as_a_text() -> None:
    """Grids of random modules round the right function patterns: Reed-Solomon, the padding
    and the segment syntax refuse them all, even before the sheet code's own check."""
    rng = np.random.default_rng(2)
    for i in range(90):
        n = (21, 25, 29)[i % 3]
        bits, known = function_patterns(n)
        dark = np.where(known, bits, rng.random((n, n)))
        assert decode_modules(dark, lambda t: True) is None


@pytest.mark.parametrize("scale", [1e-17, 0.0])
def test_a_collapsed_squaring_reads_nothing(monkeypatch: pytest.MonkeyPatch, scale: float) -> None:
    """Finder patterns that were not a code's corners can square a patch up to (nearly)
    nothing; the blur fit through that squaring has no blur to fit, and the grid reads no
    code (None) rather than stopping the scan with numpy's singular-matrix error."""
    import artsheets.scanner.identify as identify

    n = 21
    size = round((n + 2 * identify._QUIET) * identify._STEP)
    blank = np.full((size, size), 255.0, np.float32)
    collapsed = np.array([[scale, 0.0, 0.0], [0.0, scale, 0.0]])
    monkeypatch.setattr(identify, "_squared", lambda *_: (blank, n, collapsed))
    patch = np.full((size, size, 3), 255, np.uint8)
    assert identify._decode_grid(patch, (0.0, 0.0), 0, np.eye(2)) is None
