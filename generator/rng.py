"""A small seeded random number generator that will draw the same numbers forever.

Why not :mod:`random` or numpy? Their seeding and their derived methods (``randrange``,
``Generator.integers``...) have changed between releases, and a printed sheet must regenerate
identically with every later version of artsheets. SplitMix64 is a few lines of integer
arithmetic, so the stream is fixed by this file alone. Sub-streams are derived by hashing a
label, so adding a new random decision never shifts the numbers drawn for the old ones.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Rng"]

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """Deterministic generator (SplitMix64) with the few draws field builders need.

    >>> a, b = Rng.derive("miro", 1, 42), Rng.derive("miro", 1, 42)
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    def __init__(self, state: int) -> None:
        self._state = state & _MASK

    @classmethod
    def derive(cls, *labels: object) -> Rng:
        """A generator whose stream depends only on ``labels`` (game, version, seed, purpose)."""
        text = "/".join(str(label) for label in labels).encode()
        digest = hashlib.blake2b(text, digest_size=8).digest()
        return cls(int.from_bytes(digest, "big"))

    def child(self, *labels: object) -> Rng:
        """An independent sub-stream, e.g. one per re-draw attempt."""
        return Rng.derive(self._state, *labels)

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def uniform(self, low: float, high: float) -> float:
        return low + (high - low) * self.random()

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def integer(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """Normal draw by Box-Muller (one value per call, for simplicity)."""
        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
