"""The tile game (Rowan 2019): the accepted submission (standard library only)."""
import sys


class Board:
    def __init__(self, w, h, k, rows):
        self.w, self.h, self.k = w, h, k
        self.total = max(h, len(rows))
        # cells[r][c], row 0 at the bottom; the given rows come top first
        self.cells = [list(row) for row in reversed(rows)]
        self.cells += [[0] * w for _ in range(self.total - len(rows))]

    def render(self, out):
        for i, r in enumerate(reversed(range(self.h))):
            out.append(" " * (2 * i + 2) + "   ".join(str(v) if v else "-" for v in self.cells[r]))

    def drop(self):
        moved = 0
        for c in range(self.w):
            column = [self.cells[r][c] for r in range(self.total)]
            tiles = [v for v in column if v]
            # the j-th tile from the bottom falls to row j
            moved += sum(1 for j, r in enumerate(r for r, v in enumerate(column) if v) if r != j)
            tiles += [0] * (self.total - len(tiles))
            for r in range(self.total):
                self.cells[r][c] = tiles[r]
        return moved

    def eliminate(self):
        gone = set()
        for r in range(self.h):
            for c in range(self.w):
                v = self.cells[r][c]
                if not v:
                    continue
                for dc, dr in ((1, 0), (0, 1)):
                    if 0 <= c - dc and 0 <= r - dr and self.cells[r - dr][c - dc] == v:
                        continue  # not the start of a run
                    n = 1
                    while c + n * dc < self.w and r + n * dr < self.h and \
                            self.cells[r + n * dr][c + n * dc] == v:
                        n += 1
                    if n >= self.k:
                        gone.update((r + i * dr, c + i * dc) for i in range(n))
        for r, c in gone:
            self.cells[r][c] = 0
        return len(gone)

    def empty(self):
        return not any(any(row) for row in self.cells)

    def settle(self, out):
        """Drops and eliminations until nothing changes; True if cleared."""
        quiet = 0
        while True:
            for phase in ("drops", "eliminations"):
                if phase == "drops":
                    changed = self.drop()
                    out.append("Board after drops:" if changed else "No drops.")
                else:
                    changed = self.eliminate()
                    out.append("Board after eliminations:" if changed else "No eliminations.")
                if changed:
                    self.render(out)
                    if phase == "eliminations" and self.empty():
                        out.append("The board is cleared!")
                        return True
                quiet = 0 if changed else quiet + 1
                if quiet == 2:
                    return False

    def move(self, c1, r1, c2, r2):
        if not (0 <= c1 < self.w and 0 <= c2 < self.w and 0 <= r1 < self.h and 0 <= r2 < self.h):
            return False
        if abs(c1 - c2) + abs(r1 - r2) != 1 or not self.cells[r1][c1]:
            return False
        self.cells[r1][c1], self.cells[r2][c2] = self.cells[r2][c2], self.cells[r1][c1]
        return True


def main():
    tokens = iter(sys.stdin.buffer.read().split())
    nxt = lambda: int(next(tokens))
    sets = nxt()
    out = ["Analyzing %d data set(s)" % sets]
    for d in range(1, sets + 1):
        w, h = nxt(), nxt()
        k, r = nxt(), nxt()
        board = Board(w, h, k, [[nxt() for _ in range(w)] for _ in range(r)])
        moves = [[nxt() for _ in range(4)] for _ in range(nxt())]
        out += ["Data Set %d" % d, "Board Position:"]
        board.render(out)
        out.append("After move 0:")
        cleared = board.settle(out)
        for i, move in enumerate(moves, 1):
            if cleared:
                out.append("Skipping %d move(s)." % (len(moves) - i + 1))
                break
            out.append("After move %d:" % i)
            if not board.move(*move):
                out.append("Move is invalid.")
                continue
            board.render(out)
            cleared = board.settle(out)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
