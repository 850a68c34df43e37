"""A small QR decoder for versions 1-4 that works on soft module values.

OpenCV's decoder wants a picture and makes hard black/white decisions itself; once the scanner
has estimated each module's darkness (:mod:`artsheets.scanner.qrdeblur`), it knows more than
that: how *sure* it is of every module. This decoder uses it. The format information is the
valid BCH word that best agrees with the soft values of both copies; the codewords the
grid is least sure of are handed to Reed-Solomon as erasures, which costs half as much
redundancy as an unknown error: a code with 16 error-correction codewords corrects 8 errors,
but also 4 errors and 8 erasures, or 14 erasures.

Only what sheet codes need is read (versions 1-4, numeric, alphanumeric and byte segments),
and a result counts only when Reed-Solomon leaves every block consistent, the padding after
the text is exactly the standard one and the caller's ``accept`` (the sheet code's own check
character) passes: a guess is never returned.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence

import numpy as np

__all__ = ["RSError", "decode_known", "decode_modules", "gf_mul", "rs_correct", "rs_syndromes"]

# --- GF(256) and Reed-Solomon -----------------------------------------------------------------

_EXP = [0] * 512
_LOG = [0] * 256
_v = 1
for _i in range(255):
    _EXP[_i] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D  # the QR code's field polynomial x^8 + x^4 + x^3 + x^2 + 1
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


class RSError(ValueError):
    """The block holds more errors than its redundancy can correct (or the decoder's result
    would not be a codeword)."""


def gf_mul(a: int, b: int) -> int:
    """Product in GF(256)."""
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def _gf_inv(a: int) -> int:
    return _EXP[255 - _LOG[a]]


def _poly_eval(p: Sequence[int], x: int) -> int:
    """p[0] + p[1] x + p[2] x^2 + ... (lowest power first)."""
    y = 0
    for c in reversed(p):
        y = gf_mul(y, x) ^ c
    return y


def _poly_mul(p: Sequence[int], q: Sequence[int]) -> list[int]:
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] ^= gf_mul(a, b)
    return out


def rs_syndromes(block: Sequence[int], nsym: int) -> list[int]:
    """S_j = r(alpha^j), j = 0..nsym-1, the block's first byte being the highest power (the
    QR code's generator has roots alpha^0 .. alpha^(nsym-1))."""
    out = []
    for j in range(nsym):
        x, y = _EXP[j], 0
        for c in block:
            y = gf_mul(y, x) ^ c
        out.append(y)
    return out


def rs_correct(block: Sequence[int], nsym: int, erasures: Sequence[int] = ()) -> list[int]:
    """The codeword nearest ``block`` (``nsym`` check bytes at its end), given the positions
    of ``erasures`` (bytes known to be unreliable, whatever their value): corrects e errors
    and f erasures whenever 2e + f <= nsym. Raises :class:`RSError` otherwise.

    Berlekamp-Massey started from the erasure locator, Chien search, Forney's formula; the
    result is checked by recomputing its syndromes, so a wrong "correction" is never returned.
    """
    n = len(block)
    erasures = sorted(set(erasures))
    if len(erasures) > nsym:
        raise RSError(f"{len(erasures)} erasures, only {nsym} check bytes")
    synd = rs_syndromes(block, nsym)
    if not any(synd):
        return list(block)
    # The erasure locator Gamma(x) = prod (1 - X_k x), X_k = alpha^(n - 1 - position).
    gamma = [1]
    for pos in erasures:
        gamma = _poly_mul(gamma, [1, _EXP[n - 1 - pos]])
    rho = len(erasures)
    lam, b, length = list(gamma), list(gamma), rho
    for r in range(rho, nsym):
        delta = 0
        for i in range(min(len(lam), r + 1)):
            delta ^= gf_mul(lam[i], synd[r - i])
        b = [0, *b]
        if delta:
            t = [x ^ gf_mul(delta, y) for x, y in itertools.zip_longest(lam, b, fillvalue=0)]
            if 2 * length <= r + rho:
                inv = _gf_inv(delta)
                b = [gf_mul(inv, x) for x in lam]
                length = r + 1 + rho - length
            lam = t
    while len(lam) > 1 and lam[-1] == 0:
        lam.pop()
    degree = len(lam) - 1
    if 2 * (degree - rho) + rho > nsym:
        raise RSError("too many errors")
    positions = [p for p in range(n) if _poly_eval(lam, _EXP[255 - (n - 1 - p)]) == 0]
    if len(positions) != degree:
        raise RSError("the error locator's roots are not all in the block")
    # Omega(x) = S(x) Lambda(x) mod x^nsym; error value X * Omega(1/X) / Lambda'(1/X).
    omega = _poly_mul(synd, lam)[:nsym]
    deriv = [lam[i] if i % 2 == 1 else 0 for i in range(1, len(lam))]
    out = list(block)
    for p in positions:
        x = _EXP[n - 1 - p]
        xinv = _gf_inv(x)
        den = _poly_eval(deriv, xinv)
        if den == 0:
            raise RSError("repeated root")
        out[p] ^= gf_mul(x, gf_mul(_poly_eval(omega, xinv), _gf_inv(den)))
    if any(rs_syndromes(out, nsym)):
        raise RSError("the correction is not a codeword")
    return out


# --- the QR symbol ----------------------------------------------------------------------------

# Error-correction level -> its two format bits, and per version 1-4: (blocks, check bytes
# per block). Every block of versions 1-4 has the same length.
_ECL_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
_BLOCKS = {
    "L": ((1, 7), (1, 10), (1, 15), (1, 20)),
    "M": ((1, 10), (1, 16), (1, 26), (2, 18)),
    "Q": ((1, 13), (1, 22), (2, 18), (2, 26)),
    "H": ((1, 17), (1, 28), (2, 22), (4, 16)),
}
_RAW_CODEWORDS = (26, 44, 70, 100)
_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_MASKS: tuple[Callable[[np.ndarray, np.ndarray], np.ndarray], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


def _format_word(ecl: str, mask: int) -> int:
    """The 15 format bits (BCH(15,5) with generator 0x537, then XOR 0x5412)."""
    data = _ECL_BITS[ecl] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _format_cells(n: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(row, col) of format bits 0..14 in the copy by the top-left finder and in the split
    copy by the other two."""
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)]
    first += [(8, 14 - i) for i in range(9, 15)]
    second = [(8, n - 1 - i) for i in range(8)] + [(n - 15 + i, 8) for i in range(8, 15)]
    return first, second


@functools.cache
def _layout(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(function-module mask, rows and cols of the data modules in reading order) for an
    n x n symbol, version 1-4."""
    func = np.zeros((n, n), bool)
    for y, x in ((0, 0), (0, n - 8), (n - 8, 0)):
        func[y : y + 8, x : x + 8] = True
    func[6, :] = True
    func[:, 6] = True
    func[8, :9] = True
    func[:9, 8] = True
    func[8, n - 8 :] = True
    func[n - 8 :, 8] = True  # includes the dark module
    if n > 21:
        func[n - 9 : n - 4, n - 9 : n - 4] = True  # the one alignment pattern of versions 2-4
    rows, cols = [], []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not func[y, x]:
                    rows.append(y)
                    cols.append(x)
        right -= 2
    return func, np.array(rows), np.array(cols)


def _read_format(dark: np.ndarray) -> list[tuple[float, str, int]]:
    """Every (ecl, mask), best first, scored by agreement with both copies of the format
    bits (soft: a module at 0.5 counts for nothing)."""
    n = dark.shape[0]
    first, second = _format_cells(n)
    soft = np.array([[dark[rc] for rc in first], [dark[rc] for rc in second]]) * 2 - 1
    scored = []
    for ecl in _ECL_BITS:
        for mask in range(8):
            word = _format_word(ecl, mask)
            bits = np.array([(word >> i) & 1 for i in range(15)]) * 2 - 1
            scored.append((float(np.sum(soft * bits)), ecl, mask))
    scored.sort(reverse=True)
    return scored


class _Short(Exception):
    """The bit stream ended inside a segment."""


def _parse_segments(data: bytes) -> str | None:
    """The text of a version 1-9 data bit stream, or None unless it is well formed and padded
    exactly as the standard pads (terminator, zero bits, then 0xEC 0x11 ...): after a
    miscorrection, the padding is where the damage is most often seen."""
    bits = "".join(f"{b:08b}" for b in data)
    pos, text = 0, []

    def take(k: int) -> int:
        nonlocal pos
        if len(bits) - pos < k:
            raise _Short
        pos += k
        return int(bits[pos - k : pos], 2)

    try:
        while len(bits) - pos >= 4:
            mode = take(4)
            if mode == 0:
                break
            if mode == 1:  # numeric: 3 digits in 10 bits, 2 in 7, 1 in 4
                count = take(10)
                for left in range(count, 0, -3):
                    k = min(left, 3)
                    v = take(3 * k + 1)
                    if v >= 10**k:
                        return None
                    text.append(f"{v:0{k}d}")
            elif mode == 2:  # alphanumeric: 2 characters in 11 bits, 1 in 6
                count = take(9)
                for left in range(count, 0, -2):
                    if left >= 2:
                        v = take(11)
                        if v >= 45 * 45:
                            return None
                        text.append(_ALNUM[v // 45] + _ALNUM[v % 45])
                    elif (v := take(6)) < 45:
                        text.append(_ALNUM[v])
                    else:
                        return None
            elif mode == 4:  # bytes
                count = take(8)
                text.append(bytes(take(8) for _ in range(count)).decode("latin-1"))
            else:
                return None
    except _Short:
        return None
    end = -(-pos // 8)  # the byte after the terminator
    if "1" in bits[pos : end * 8]:
        return None
    if end < len(data) and data[end] == 0 and (end + 1 == len(data) or data[end + 1] == 0xEC):
        end += 1  # segno pads a stream that ends on a byte boundary with a zero byte more
    if any(b != (0xEC, 0x11)[i % 2] for i, b in enumerate(data[end:])):
        return None
    return "".join(text)


def _candidates(block: list[int], reliability: list[float], nsym: int) -> list[list[int]]:
    """Distinct corrections of one block: with no erasures first, then erasing ever more of
    its least reliable bytes (at least 4 check bytes are kept for errors, so that a noisy
    block is not 'corrected' into just any codeword)."""
    order = sorted(range(len(block)), key=lambda i: reliability[i])
    found: list[list[int]] = []
    for f in range(0, nsym - 3, 2):
        try:
            fixed = rs_correct(block, nsym, order[:f])
        except RSError:
            continue
        if fixed not in found:
            found.append(fixed)
    return found


def _unmasked(dark: np.ndarray) -> tuple[int, list[tuple[str, int, np.ndarray]]] | None:
    """The code's version and, for each of the two likeliest formats of a module grid
    (darkness about 0 white, 1 black), its error-correction level, mask and the codeword
    bits unmasked in stream order (soft: near 0 a 0 bit, near 1 a 1 bit); None for a grid
    of no version 1-4."""
    n = dark.shape[0]
    if n not in (21, 25, 29, 33):
        return None
    version = (n - 17) // 4
    dark = np.clip(np.asarray(dark, np.float64), 0.0, 1.0)
    _, rows, cols = _layout(n)
    raw = _RAW_CODEWORDS[version - 1]
    formats = []
    for _, ecl, mask in _read_format(dark)[:2]:
        flip = _MASKS[mask](rows, cols)
        formats.append(
            (ecl, mask, np.where(flip, 1.0 - dark[rows, cols], dark[rows, cols])[: raw * 8])
        )
    return version, formats


def decode_modules(dark: np.ndarray, accept: Callable[[str], bool]) -> str | None:
    """The text of the QR code whose module darkness (n x n, about 0 white and 1 black) is
    ``dark``, or None. The nearer a value is to 0.5, the less it is trusted. Only a text that
    ``accept`` passes is returned."""
    grid = _unmasked(dark)
    if grid is None:
        return None
    version, formats = grid
    for ecl, _, bits in formats:
        nblocks, nsym = _BLOCKS[ecl][version - 1]
        for data in _data_streams(bits, nblocks, nsym):
            text = _parse_segments(data)
            if text is not None and accept(text):
                return text
    return None


def _data_streams(bits: np.ndarray, nblocks: int, nsym: int) -> Iterator[bytes]:
    """Each data stream the soft codeword bits ``bits`` (stream order) decode to, best
    first: every block's distinct corrections (:func:`_candidates`), combined; none where a
    block has none."""
    raw = len(bits) // 8
    soft = bits.reshape(raw, 8)
    words = (soft > 0.5).astype(np.int64) @ (1 << np.arange(7, -1, -1))
    sure = np.abs(soft - 0.5).min(axis=1)
    blocks = []
    for b in range(nblocks):
        idx = list(range(b, raw, nblocks))  # every block has the same length here
        cands = _candidates([int(words[i]) for i in idx], [sure[i] for i in idx], nsym)
        if not cands:
            return
        blocks.append(cands)
    data_per_block = raw // nblocks - nsym
    for choice in itertools.product(*blocks):
        yield bytes(itertools.chain.from_iterable(c[:data_per_block] for c in choice))


# --- decoding with what the text is known to look like ------------------------------------------


def _pinned_bits(template: Sequence[str], data_bytes: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each way (bit values, which bits are pinned) a data stream of ``data_bytes`` holds a
    text of ``len(template)`` characters, character ``i`` one of ``template[i]``, as one
    alphanumeric segment (what segno writes for a sheet code): the mode and count, every bit
    of a character pair that all its allowed pairs share, the terminator and the padding.
    A terminator ending on a byte boundary is followed by one zero byte more by segno (the
    generator's encoder), not by every encoder: both ways are given. None fit: empty."""
    length = len(template)
    cap = data_bytes * 8
    used = 4 + 9 + 11 * (length // 2) + 6 * (length % 2)
    if used > cap or any(ch not in _ALNUM for alphabet in template for ch in alphabet):
        return []
    value = np.zeros(cap, np.int64)
    pinned = np.zeros(cap, bool)
    pos = 0

    def put(v: int, k: int) -> None:
        nonlocal pos
        for i in range(k):
            value[pos + i] = (v >> (k - 1 - i)) & 1
            pinned[pos + i] = True
        pos += k

    def put_any(values: Sequence[int], k: int) -> None:
        nonlocal pos
        ones, zeros = (1 << k) - 1, (1 << k) - 1
        for v in values:
            ones &= v
            zeros &= ~v
        for i in range(k):
            bit = 1 << (k - 1 - i)
            value[pos + i] = 1 if ones & bit else 0
            pinned[pos + i] = bool((ones | zeros) & bit)
        pos += k

    put(0b0010, 4)
    put(length, 9)
    idx = [[_ALNUM.index(ch) for ch in alphabet] for alphabet in template]
    for i in range(0, length - 1, 2):
        put_any([45 * a + b for a in idx[i] for b in idx[i + 1]], 11)
    if length % 2:
        put_any(idx[-1], 6)
    put(0, min(4, cap - pos))  # the terminator, cut short where the symbol is full
    put(0, -pos % 8)
    start = pos
    variants = []
    for extra in (0, 1) if used + 4 == pos and pos < cap else (0,):
        pos = start
        put(0, 8 * extra)
        for i in range((cap - pos) // 8):
            put((0xEC, 0x11)[i % 2], 8)
        variants.append((value.copy(), pinned.copy()))
    return variants


def _fits(text: str, template: Sequence[str]) -> bool:
    return len(text) == len(template) and all(c in a for c, a in zip(text, template, strict=True))


def decode_known(
    dark: np.ndarray,
    accept: Callable[[str], bool],
    templates: Sequence[Sequence[str]],
    tries: int = 16,
) -> str | None:
    """:func:`decode_modules` for a text known to fit one of ``templates`` (each a sequence of
    the characters allowed at each place): per template, the data bits it fixes (the
    segment's header, the bits its character pairs all share, the terminator and padding)
    replace the grid's soft values, so Reed-Solomon spends its redundancy on the rest. Only
    the ``tries`` templates (with each of the two likeliest formats) whose fixed bits the
    grid contradicts least are decoded: the others' fixed bits would be read as errors.

    A text is returned only when it decodes consistently (every block a codeword, the
    padding exact), fits the template it was decoded under and passes ``accept``, and no
    other text does under any template tried: two different texts read as nothing."""
    grid = _unmasked(dark)
    if grid is None:
        return None
    version, formats = grid
    raw = _RAW_CODEWORDS[version - 1]
    ways = []  # (contradiction, order, soft bits, positions, values, pinned, blocks, template)
    seen: set[tuple[str, int, bytes, bytes]] = set()
    for ecl, mask, soft in formats:
        nblocks, nsym = _BLOCKS[ecl][version - 1]
        dpb = raw // nblocks - nsym  # data bytes per block
        # Data byte d lies in block d // dpb, the block's (d % dpb)-th codeword: raw index.
        d = np.arange(dpb * nblocks)
        at = (((d % dpb) * nblocks + d // dpb)[:, None] * 8 + np.arange(8)[None, :]).ravel()
        for template in templates:
            for value, pinned in _pinned_bits(template, dpb * nblocks):
                key = (ecl, mask, np.packbits(value).tobytes(), np.packbits(pinned).tobytes())
                if key in seen:
                    continue
                seen.add(key)
                # How far the grid reads each fixed bit the other way (0 where it agrees).
                off = np.abs(soft[at[pinned]] - value[pinned]) - 0.5
                score = float(np.sum(off[off > 0]))
                ways.append((score, len(ways), soft, at, value, pinned, (nblocks, nsym), template))
    ways.sort(key=lambda w: w[:2])
    found: set[str] = set()
    for _, _, soft, at, value, pinned, blocks, template in ways[:tries]:
        found |= _decoded(soft, at, value, pinned, blocks, template, accept)
    return found.pop() if len(found) == 1 else None


def _decoded(
    soft0: np.ndarray,
    at: np.ndarray,
    value: np.ndarray,
    pinned: np.ndarray,
    blocks_nsym: tuple[int, int],
    template: Sequence[str],
    accept: Callable[[str], bool],
) -> set[str]:
    """The texts fitting ``template`` that the soft bits ``soft0`` (raw stream order)
    decode to, the data bits ``pinned`` (at raw stream positions ``at``) set to ``value``."""
    soft = soft0.copy()
    # Pinned bits are sure (0 or 1): a byte wholly pinned is never erased.
    soft[at[pinned]] = value[pinned]
    found: set[str] = set()
    for data in _data_streams(soft, *blocks_nsym):
        text = _parse_segments(data)
        if text is not None and _fits(text, template) and accept(text):
            found.add(text)
    return found
