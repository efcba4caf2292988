"""Pure-Python twin of ``_rng.pxd``: splitmix64 with every operation masked
to 64 bits, so a seed gives the same numbers in both backends."""

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
