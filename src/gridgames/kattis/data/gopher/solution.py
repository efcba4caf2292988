"""The gopher-hole game: the accepted submission (standard library only)."""
import sys

NEAR = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def games(lines):
    """(rows, cols, holes, picks) for each blank-line separated game."""
    game = []
    for line in lines + [""]:
        if line.strip():
            game.append([int(v) for v in line.split()])
        elif game:
            (rows, cols), (count,) = game[0], game[1]
            yield rows, cols, set(map(tuple, game[2:2 + count])), game[2 + count:]
            game = []


def play(rows, cols, holes, picks, boards):
    near = [[sum((r + dr, c + dc) in holes for dr, dc in NEAR) for c in range(1, cols + 1)]
            for r in range(1, rows + 1)]
    shown = [["#"] * cols for _ in range(rows)]
    for r, c in picks:
        if 1 <= r <= rows and 1 <= c <= cols and (r, c) in holes:
            for hr, hc in holes:
                shown[hr - 1][hc - 1] = "*"
            shown[r - 1][c - 1] = "!"
            boards.append(fence(shown))
            return
        if 1 <= r <= rows and 1 <= c <= cols and shown[r - 1][c - 1] == "#":
            stack = [(r - 1, c - 1)]
            while stack:
                y, x = stack.pop()
                if shown[y][x] != "#":
                    continue
                shown[y][x] = str(near[y][x]) if near[y][x] else " "
                if near[y][x] == 0:
                    for dy, dx in NEAR:
                        if 0 <= y + dy < rows and 0 <= x + dx < cols and \
                                (y + dy + 1, x + dx + 1) not in holes:
                            stack.append((y + dy, x + dx))
        boards.append(fence(shown))


def fence(shown):
    edge = "+" + "-" * len(shown[0]) + "+"
    return "\n".join([edge] + ["|" + "".join(row) + "|" for row in shown] + [edge])


def main():
    boards = []
    for game in games(sys.stdin.read().split("\n")):
        play(*game, boards)
    sys.stdout.write("Program 6 by team 0\n" + "".join(b + "\n\n" for b in boards[:-1]) +
                     (boards[-1] + "\n" if boards else "") + "End of program 6 by team 0\n")


main()
