"""Module darkness of a blurred QR code, by fitting a model of the photo to it.

A phone photo of a 0.6 mm module grid, tilted by up to 45 degrees, is blurred *unevenly*: the
camera's blur is round in the photo, but the page is foreshortened across the tilt, so on the
page the blur is an ellipse, long across the tilt axis (two or three times as long as it is
wide at 45 degrees), at whatever angle the tilt axis has. Treating it as round, a grid read
from such a photo has dozens of wrong modules; with the right ellipse almost none.

The model of the squared-up code image ``I`` (:func:`fit_modules`): a smooth background
(plane) minus ``c`` times the module darkness ``M`` (0 white, 1 black) blurred by the
elliptical Gaussian ``cov``. Known modules (finder, timing and alignment patterns) enter with
their known values, which pins ``c`` and the background; the others are solved for by
regularised linear least squares. The blur is shift-invariant, so the normal equations need
only the kernel's autocorrelation at whole-module lags, not the (pixels x modules) matrix.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["blur_cov", "fit_modules", "function_patterns"]

_REACH = 4  # kernel half-width in modules beyond the module itself
_RIDGE = 0.02  # Tikhonov weight (relative to a module's own energy), pulling towards grey


def function_patterns(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(expected darkness, which modules are known) for an n x n code: finder patterns with
    their separators, timing patterns and, for versions 2-4, the alignment pattern."""
    bits = np.zeros((n, n), np.float64)
    known = np.zeros((n, n), bool)
    finder = np.ones((7, 7))
    finder[1:6, 1:6] = 0
    finder[2:5, 2:5] = 1
    for y, x in ((0, 0), (0, n - 7), (n - 7, 0)):
        bits[y : y + 7, x : x + 7] = finder
        known[max(0, y - 1) : y + 8, max(0, x - 1) : x + 8] = True
    timing = (np.arange(8, n - 8) % 2 == 0).astype(np.float64)
    bits[6, 8 : n - 8] = timing
    bits[8 : n - 8, 6] = timing
    known[6, 8 : n - 8] = True
    known[8 : n - 8, 6] = True
    if n > 21:
        a = n - 7
        bits[a - 2 : a + 3, a - 2 : a + 3] = 1
        bits[a - 1 : a + 2, a - 1 : a + 2] = 0
        bits[a, a] = 1
        known[a - 2 : a + 3, a - 2 : a + 3] = True
    bits[n - 8, 8] = 1  # the dark module
    known[n - 8, 8] = True
    return bits, known


def blur_cov(jacobian: np.ndarray, sigma: float, floor: float = 0.7) -> np.ndarray:
    """The blur's covariance in the code image (pixels^2) for a round blur of ``sigma`` photo
    pixels, ``jacobian`` being d(code image)/d(photo) there; ``floor`` (code image pixels)
    stands for what blurs on the page itself: the print, the resampling."""
    return sigma**2 * jacobian @ jacobian.T + floor**2 * np.eye(2)


def _kernel(cov: np.ndarray, step: int) -> np.ndarray:
    """One module (a step x step box) blurred by the Gaussian of covariance ``cov``, on a
    window of (2 * _REACH + 1) modules."""
    size = step * (2 * _REACH + 1)
    box = np.zeros((size, size), np.float32)
    box[_REACH * step : (_REACH + 1) * step, _REACH * step : (_REACH + 1) * step] = 1.0
    half = min(int(np.ceil(3.0 * np.sqrt(max(cov[0, 0], cov[1, 1])))), _REACH * step)
    ax = np.arange(-half, half + 1, dtype=np.float64)
    x, y = np.meshgrid(ax, ax)
    p = np.linalg.inv(cov)
    g = np.exp(-0.5 * (p[0, 0] * x * x + 2 * p[0, 1] * x * y + p[1, 1] * y * y))
    g = (g / g.sum()).astype(np.float32)
    return cv2.filter2D(box, -1, g, borderType=cv2.BORDER_CONSTANT).astype(np.float64)


def _module_gram(k: np.ndarray, n: int, step: int) -> np.ndarray:
    """A^T A for the n*n modules: the kernel's autocorrelation at the modules' lag."""
    lags = 2 * _REACH
    padded = np.pad(k, lags * step).astype(np.float32)
    auto = cv2.matchTemplate(padded, k.astype(np.float32), cv2.TM_CCORR).astype(np.float64)
    at = np.arange(-lags, lags + 1) * step + lags * step
    r = auto[np.ix_(at, at)]
    d = np.arange(n)[:, None] - np.arange(n)[None, :]
    near = np.abs(d) <= lags
    di = np.clip(d + lags, 0, 2 * lags)
    g = r[di[:, None, :, None], di[None, :, None, :]]
    g = g * (near[:, None, :, None] & near[None, :, None, :])
    return g.reshape(n * n, n * n)


def fit_modules(
    image: np.ndarray, n: int, step: int, quiet: int, cov: np.ndarray
) -> tuple[np.ndarray, float]:
    """(module darkness n x n, the fit's cost) for the code in ``image`` (grey, float), whose
    module (0, 0) starts ``quiet`` modules in from its top-left corner, ``step`` pixels per
    module, blurred with covariance ``cov``. A lower cost means a likelier ``cov``."""
    if quiet < _REACH or image.shape[0] < (n + 2 * quiet) * step:
        raise ValueError("the code image needs a quiet zone as wide as the kernel's reach")
    img = np.asarray(image, np.float64)
    k = _kernel(cov, step)
    starts = (quiet - _REACH + np.arange(n)) * step
    h, w = img.shape
    yy, xx = np.mgrid[0:h, 0:w]
    xx = (xx - w / 2) / w
    yy = (yy - h / 2) / h

    def correlate(a: np.ndarray) -> np.ndarray:
        """Sum over pixels of ``a`` times each module's kernel (A^T a), module by module."""
        res = cv2.matchTemplate(a.astype(np.float32), k.astype(np.float32), cv2.TM_CCORR)
        return res[np.ix_(starts, starts)].astype(np.float64).ravel()

    bits, known = function_patterns(n)
    u, kn = ~known.ravel(), known.ravel()
    mk = bits.ravel()[kn]
    gram = _module_gram(k, n, step)
    g_uu = gram[np.ix_(u, u)]
    nu = int(u.sum())
    # Unknowns: the unknown modules' darkness times c, then c, then the background plane;
    # the image is background - (blurred dark modules) * c.
    cols_bg = [np.ones_like(img), xx, yy]
    h_bg = [correlate(a) for a in cols_bg]
    b_img = correlate(img)
    m = np.zeros((nu + 4, nu + 4))
    rhs = np.zeros(nu + 4)
    m[:nu, :nu] = g_uu
    m[:nu, nu] = m[nu, :nu] = gram[np.ix_(u, kn)] @ mk
    m[nu, nu] = mk @ gram[np.ix_(kn, kn)] @ mk
    for j, (a, h_a) in enumerate(zip(cols_bg, h_bg, strict=True)):
        m[:nu, nu + 1 + j] = m[nu + 1 + j, :nu] = -h_a[u]
        m[nu, nu + 1 + j] = m[nu + 1 + j, nu] = -(h_a[kn] @ mk)
        for i, other in enumerate(cols_bg):
            m[nu + 1 + i, nu + 1 + j] = float(np.sum(a * other))
        rhs[nu + 1 + j] = float(np.sum(a * img))
    rhs[:nu] = -b_img[u]
    rhs[nu] = -(b_img[kn] @ mk)
    # Ridge towards grey: ridge * |v - c / 2|^2, v being the unknowns' darkness times c.
    ridge = _RIDGE * float(np.trace(g_uu)) / max(nu, 1)
    m[:nu, :nu] += ridge * np.eye(nu)
    m[:nu, nu] -= 0.5 * ridge
    m[nu, :nu] -= 0.5 * ridge
    m[nu, nu] += 0.25 * ridge * nu
    # OpenCV's Cholesky: the system is symmetric positive definite, and numpy's solver can
    # take fifty times as long when its BLAS threads compete with other work for the cores.
    ok, z = cv2.solve(m, rhs[:, None], flags=cv2.DECOMP_CHOLESKY)
    if not ok:
        return np.full((n, n), 0.5), float("inf")
    z = z.ravel()
    c = z[nu]
    dark = bits.ravel().copy()
    dark[u] = z[:nu] / c if abs(c) > 1e-9 else 0.5
    cost = float(np.sum(img * img) - 2 * rhs @ z + z @ m @ z)
    return dark.reshape(n, n), cost
