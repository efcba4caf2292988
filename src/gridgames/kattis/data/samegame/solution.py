"""SameGame Simulation: the accepted submission (standard library only)."""
import sys


def select(cols, r, c):
    """Remove the region of (r, c), both from 0, if it has 2 cells or more."""
    colour, region, stack = cols[c][r], set(), [(c, r)]
    while stack:
        cell = stack.pop()
        if cell in region:
            continue
        region.add(cell)
        x, y = cell
        for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= nx < len(cols) and 0 <= ny < len(cols[nx]) and cols[nx][ny] == colour:
                stack.append((nx, ny))
    if len(region) < 2:
        return
    for x in set(x for x, _ in region):
        cols[x] = [v for y, v in enumerate(cols[x]) if (x, y) not in region]
    x = 0
    while x < len(cols):
        if cols[x]:
            x += 1
        else:
            del cols[x]


def main():
    tokens = sys.stdin.buffer.read().split()
    pos, grid, out = 0, 0, []
    while pos + 1 < len(tokens):
        m, n = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if m == 0 or n == 0:
            break
        if pos + m * n > len(tokens):
            break  # a file cut short
        grid += 1
        # cols[c] is column c bottom-up; the input is row-major, bottom row first
        cols = [[int(tokens[pos + r * n + c]) for r in range(m)] for c in range(n)]
        pos += m * n
        while pos + 1 < len(tokens):
            r, c = int(tokens[pos]), int(tokens[pos + 1])
            pos += 2
            if r == 0 and c == 0:
                break
            if 1 <= c <= len(cols) and 1 <= r <= len(cols[c - 1]):
                select(cols, r - 1, c - 1)
        out.append("Grid %d." % grid)
        if not cols:
            out.append("    Game Won")
        else:
            for r in reversed(range(m)):
                out.append("    " + "".join(
                    (str(cols[c][r]) if c < len(cols) and r < len(cols[c]) else " ") + " "
                    for c in range(n)))
        out.append("")
    sys.stdout.write("".join(line + "\n" for line in out))


main()
