"""Random Lights Out judge files."""
from gridgames.protocol import Rand

ANSWERS, CASES, MAX_COUNT, OPTIONS = "exact", "boards", 3, ()
LIMITS = "Limits: 1 to 3 boards of 3x3 lights, 0 to 9 presses each."


def add_arguments(parser) -> None:
    """No options of its own."""


def generate(seed: int = 0, count=None, progress=None) -> bytes:
    rng = Rand(seed)
    count = count or 1 + rng.below(MAX_COUNT)
    lines = [str(count)]
    for _ in range(count):
        lines += [" ".join(str(rng.below(2)) for _ in range(3)) for _ in range(3)]
        presses = rng.below(10)
        lines += [str(presses)] + [f"{1 + rng.below(3)} {1 + rng.below(3)}" for _ in range(presses)]
    return ("\n".join(lines) + "\n").encode()
