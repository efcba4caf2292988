"""Check a Lights Out judge file: D (1..3), 3 lines of 3 lights 0/1, M (0..9), M presses 'r c'."""
from gridgames.protocol import Reader


def validate(data: bytes) -> int:
    r = Reader(data)
    count = r.ints(1, 1, 3, "the number of boards D")[0]
    for _ in range(count):
        for _ in range(3):
            r.ints(3, 0, 1, "a light")
        for _ in range(r.ints(1, 0, 9, "M")[0]):
            r.ints(2, 1, 3, "a press")
    r.end()
    return count
