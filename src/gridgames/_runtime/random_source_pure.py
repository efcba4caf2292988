"""The project's random sources: ``SplitMix64``, the pure-Python twin of
``random_source.pxd`` (every operation masked to 64 bits, so a seed gives the same
numbers in both backends), and ``Rand``, the draws of the judge-file
generators."""
import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1


class SplitMix64:
    """splitmix64 (Steele, Lea and Flood 2014) from a 64-bit ``seed``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MASK:
            raise OverflowError("seed must be in 0..2**64-1")
        self.state = seed

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self, bound: int) -> int:
        """Uniform in 0..bound-1 (bound >= 1), with no modulo bias."""
        threshold = (1 << 64) % bound
        while True:
            x = self.next()
            if x >= threshold:
                return x % bound

    def unit(self) -> float:
        """Uniform in [0, 1): the top 53 bits of one output, exactly."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


class Rand:
    """Seeded draws built on ``random.Random.random()`` only: its sequence
    for an int seed is the one Python promises to keep across versions and
    platforms (randrange and sample are not promised), so a seed names the
    same file everywhere."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def below(self, n: int) -> int:
        """0..n-1."""
        return min(int(self._random() * n), n - 1)

    def between(self, low: int, high: int) -> int:
        """low..high, both included."""
        return low + self.below(high - low + 1)

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (one draw)."""
        return self._random() < p

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each as likely (one draw of ``below``)."""
        return items[self.below(len(items))]

    def shuffle(self, items: "list[Any]") -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the last item down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
