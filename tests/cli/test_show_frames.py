"""The step-through pages (``GAME show``) against the judge's own output:
over 200 generated files per judge game, on both backends, every frame's
board is the one the judge printed for that step, and no case is lost.

The frames are read from each game's ``_steps.show`` (what ``show_html``
puts on the page); a frame's board is its picture's <desc> text."""
import re

import pytest

from gridgames import gopher, samegame, tilematch
from gridgames.gopher import _generate as gopher_generate, _steps as gopher_steps
from gridgames.samegame import _generate as samegame_generate, _steps as samegame_steps
from gridgames.tilematch import _generate as tilematch_generate, _steps as tilematch_steps

FILES = 200  # generated files per game (small sizes: the test stays fast)


def rows_of(frame):
    """A frame's board, rows top first, as its picture describes it."""
    prefix = "rows top first: "
    assert frame.picture.desc.startswith(prefix)
    return frame.picture.desc[len(prefix):].split()


def test_gopher_frames_follow_the_judge(backend):
    """A board per pick until the game is lost (the judge prints none for the
    picks it skips after a fall), each beside the judge's board for it; every
    game shown, every judge board used once, in order."""
    falls_after = 0  # picks after a fall met: the files do exercise the rule
    for seed in range(FILES):
        data = gopher_generate.generate(seed, rows=5, cols=6, picks=8)
        boards = re.findall(r"\+-*\+\n(?:\|[^\n]*\|\n)*\+-*\+\n", gopher.judge(data, backend=backend).output.decode())
        games = [game.split("\n") for game in data.decode().rstrip("\n").split("\n\n")]
        cases = list(gopher_steps.show(data, gopher.judge(data, backend=backend).output, backend))
        assert [case.name for case in cases] == [f"Game {k}" for k in range(1, len(games) + 1)], seed
        for case, lines in zip(cases, games):
            rows, cols = map(int, lines[0].split())
            picks = lines[2 + int(lines[1]):]
            frames = list(case.frames)
            assert len(frames) == 1 + len(picks), (seed, case.name)
            assert frames[0].out == "" and rows_of(frames[0]) == ["#" * cols] * rows
            fell = False
            for k, frame in enumerate(frames[1:], 1):
                if fell:  # read and skipped: no board printed, nothing changes
                    falls_after += 1
                    assert frame.out == "" and rows_of(frame) == rows_of(frames[k - 1]), (seed, case.name, k)
                    continue
                board = boards.pop(0)
                assert frame.out == board, (seed, case.name, k)
                assert rows_of(frame) == [line[1:-1].replace(" ", "_") for line in board.split("\n")[1:-2]]
                fell = "!" in board
        assert not boards, seed  # every board the judge printed is on the page
    assert falls_after > 50


def samegame_grids(data):
    """(rows, cols, grid lines, moves) of each grid of a SameGame judge file."""
    words, at, grids = data.split(), 0, []
    while True:
        m, n = int(words[at]), int(words[at + 1])
        at += 2
        if m == n == 0:
            return grids
        cells = words[at:at + m * n]
        at += m * n
        moves = []
        while words[at:at + 2] != [b"0", b"0"]:
            moves.append((int(words[at]), int(words[at + 1])))
            at += 2
        at += 2
        grids.append((m, n, cells, moves))


def test_samegame_frames_follow_the_judge(backend):
    """The frame before move k shows what the judge prints for the grid
    played up to move k - 1 (one judge file holds every prefix of every
    grid); the last frame, the judge's final position."""
    for seed in range(FILES):
        data = samegame_generate.generate(seed, rows=4, cols=5, colours=3, moves=6)
        grids = samegame_grids(data)
        prefixes = b"".join(
            b"%d %d\n%s\n%s0 0\n" % (m, n, b" ".join(cells), b"".join(b"%d %d\n" % mv for mv in moves[:i]))
            for m, n, cells, moves in grids for i in range(len(moves) + 1)) + b"0 0\n"
        finals = samegame.judge(prefixes, backend=backend).output.decode().split("\n\n")
        cases = list(samegame_steps.show(data, samegame.judge(data, backend=backend).output, backend))
        assert [case.name for case in cases] == [f"Grid {k}" for k in range(1, len(grids) + 1)], seed
        own = samegame.judge(data, backend=backend).output.decode().split("\n\n")
        for number, (case, (m, n, _, moves)) in enumerate(zip(cases, grids)):
            frames = list(case.frames)
            assert len(frames) == len(moves) + 1, (seed, case.name)
            for frame in frames:
                lines = finals.pop(0).split("\n")[1:]
                judged = ["." * n] * m if lines == ["    Game Won"] else \
                    ["".join(line[4 + 2 * j].replace(" ", ".") for j in range(n)) for line in lines]
                assert rows_of(frame) == judged, (seed, case.name, frame.caption)
                assert frame.out == own[number] + "\n\n", (seed, case.name)


def tilematch_expected(chunk):
    """The board the judge shows after each step of a data set's output (a
    board line: its tiles, '-' for none), in the order of the page's frames:
    the board as read, then per move its swap (a valid move) and each
    drops / eliminations phase."""
    boards, board = [], None
    lines = chunk.rstrip("\n").split("\n")[1:]
    at = 0
    while at < len(lines):
        line, at = lines[at], at + 1
        if line in ("Board Position:", "Board after drops:", "Board after eliminations:") or \
                (re.fullmatch(r"After move [1-9]\d*:", line) and at < len(lines) and lines[at].startswith(" ")):
            board = []
            while at < len(lines) and lines[at].startswith(" "):
                board.append(lines[at].split())
                at += 1
            boards.append(["".join("." if v == "-" else v for v in row) for row in board])
        elif line in ("No drops.", "No eliminations.", "Move is invalid."):
            boards.append(boards[-1])
    return boards


def test_tilematch_frames_follow_the_judge(backend):
    """Each frame shows the board the judge printed for its step (or left
    unchanged: an invalid move, no drops, no eliminations, moves skipped
    once the judge says the board is cleared: an empty board as read is
    not, its moves are invalid)."""
    for seed in range(FILES):
        data = tilematch_generate.generate(seed, width=4, height=5, given_rows=6, moves=4, kinds=3)
        output = tilematch.judge(data, backend=backend).output
        sets = re.split(r"(?m)^(?=Data Set \d+\n)", output.decode())[1:]
        cases = list(tilematch_steps.show(data, output, backend))
        assert [case.name for case in cases] == [f"Data set {k}" for k in range(1, len(sets) + 1)], seed
        assert len(sets) == int(data.split()[0]), seed
        for case, chunk in zip(cases, sets):
            expected = tilematch_expected(chunk)
            # the judge prints the H visible rows; a picture also shows the hidden ones above
            shown = [rows_of(frame)[-len(expected[0]):] for frame in case.frames]
            skipped = len(shown) - len(expected)  # the frame saying the moves left are skipped
            assert skipped in (0, 1) and shown[:len(expected)] == expected, (seed, case.name)
            assert shown[len(expected):] == expected[-1:] * skipped, (seed, case.name)


@pytest.mark.parametrize("option", [[], ["--case", "2"]])
def test_gopher_show_keeps_the_games_after_a_fall(cli, tmp_path, option):
    """The issue's file: game 1 is lost at its first pick, its second pick is
    skipped by the judge (no board); game 2 still gets its page and its board."""
    (tmp_path / "f.in").write_bytes(b"3 3\n1\n1 1\n1 1\n3 3\n2 2\n\n2 2\n0\n1 1\n")
    p = cli("gopher", "show", "f.in", "--html", "f.html", *option, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    page = (tmp_path / "f.html").read_text()
    names = re.findall(r'"name": *"(Game \d+)"', page)
    assert names == (["Game 2"] if option else ["Game 1", "Game 2"])
    assert ("game 2: 2x2, 0 holes" in page) and (("game 1: 3x3" in page) != bool(option))


@pytest.mark.parametrize("game, data", [
    ("samegame", b"2 2\n1 1\n2 2\n%s 1\n1 1\n0 0\n0 0\n"),
    ("tilematch", b"1\n2 2\n3\n1\n1 1\n1\n%s 0 1 0\n"),
    ("gopher", b"2 2\n0\n%s 1\n-%s 1\n1 1\n")], ids=["samegame", "tilematch", "gopher"])
def test_show_reads_huge_integers_as_the_judge_does(backend, game, data):
    """A coordinate of 5,000 digits is valid judge input (saturated: far
    outside the board); the page shows it as one step, like the judge,
    instead of failing on Python's int() limit."""
    from gridgames import pictures
    data = data.replace(b"%s", b"9" * 5000)
    judged = {"samegame": samegame, "tilematch": tilematch, "gopher": gopher}[game].judge(data, backend=backend)
    assert judged.error is None
    page, error = pictures.show_html(game, data, backend=backend)
    assert error is None and page.count("outside") + page.count("invalid") + page.count("removes nothing") >= 1
    steps = {"samegame": samegame_steps, "tilematch": tilematch_steps, "gopher": gopher_steps}[game]
    frames = [f for case in steps.show(data, judged.output, backend) for f in case.frames]
    assert len(frames) == {"samegame": 3, "tilematch": 4, "gopher": 4}[game], [f.caption for f in frames]
