"""Each environment on hand-worked positions: the expected observations,
masks and rewards are worked out by hand (or by the game objects' own
rules, never by the environment)."""
import random

import gymnasium as gym
import numpy as np
import pytest

from gridgames import numberlink, tilematch
from gridgames.envs import GopherEnv, NumberLinkEnv, SameGameEnv, TileMatchEnv
from gridgames.envs.tilematch import DOWN, LEFT, RIGHT, UP


def step(env, action):
    obs, reward, terminated, truncated, info = env.step(action)
    return obs, reward, terminated, info


# -- SameGame ---------------------------------------------------------------
def test_samegame_hand_worked(backend):
    env = SameGameEnv(board=["122", "113"], backend=backend)  # colours 1, 2, 3 -> 1, 2, 3
    obs, info = env.reset(seed=0)
    assert obs.tolist() == [[1, 2, 2], [1, 1, 3]]
    assert info["action_mask"].tolist() == [True, True, True, True, True, False]
    obs, reward, done, info = step(env, 4)  # the three 1s: (3-2)^2
    assert reward == 1.0 and not info["illegal"]
    # column 0 emptied and closed; the 2 above the removed 1 fell
    assert obs.tolist() == [[0, 2, 0], [2, 3, 0]]
    assert done and not info["action_mask"].any()


def test_samegame_clearing_bonus_and_zero_for_pairs(backend):
    env = SameGameEnv(board=["11", "22"], backend=backend)
    env.reset()
    _, reward, done, _ = step(env, 0)  # a pair: (2-2)^2 = 0
    assert reward == 0.0 and not done
    obs, reward, done, _ = step(env, 2)
    assert reward == 1000.0 and done and not obs.any()
    env = SameGameEnv(board=["0000"], backend=backend)  # 0 is a colour, observed as 1
    obs, _ = env.reset()
    assert obs.tolist() == [[1, 1, 1, 1]]
    assert step(env, 3)[1] == 4.0 + 1000.0


def test_samegame_illegal_single(backend):
    env = SameGameEnv(board=["122", "113"], backend=backend)
    obs, _ = env.reset()
    after, reward, done, info = step(env, 5)  # the lone 3
    assert np.array_equal(after, obs) and reward == 0 and not done
    assert info["illegal"] and info["illegal_actions"] == 1


def test_samegame_mask_matches_the_kernels_regions(backend):
    rng = random.Random(4)
    for _ in range(30):
        rows, cols = rng.randint(1, 10), rng.randint(1, 12)
        board = ["".join(rng.choices("1234", k=cols)) for _ in range(rows)]
        env = SameGameEnv(board=board, backend=backend)
        env.reset()
        for _ in range(6):  # a few positions along a game
            game = env.board
            expected = [len(game.region(rows - i // cols, i % cols + 1)) >= 2
                        for i in range(rows * cols)]
            assert env.action_masks().tolist() == expected
            if not any(expected):
                break
            env.step(rng.choice([i for i, ok in enumerate(expected) if ok]))


def test_samegame_random_boards_use_the_colours_and_the_seed(backend):
    env = SameGameEnv(7, 9, colours=3, backend=backend)
    obs, _ = env.reset(seed=1)
    assert obs.shape == (7, 9) and set(np.unique(obs)) == {1, 2, 3}
    text = env.render() if env.render_mode else None
    assert text is None
    assert env.board.grid()[0] == tuple(obs[0])  # random boards use the digits 1..n
    with pytest.raises(ValueError):
        SameGameEnv(1000, 10, backend=backend)  # beyond any board
    with pytest.raises(ValueError):
        SameGameEnv(5, 5, colours=10)


def test_samegame_ansi_shows_the_boards_digits(backend):
    env = SameGameEnv(board=["120", "110"], render_mode="ansi", backend=backend)
    env.reset()
    env.step(0)
    assert env.render() == ".0.\n20.\n"  # the 1s went; 0 is a colour


# -- Gopher -----------------------------------------------------------------
def test_gopher_hand_worked(backend):
    env = GopherEnv(3, 3, hole_at=[(1, 1), (3, 3)], backend=backend)
    obs, info = env.reset()
    assert (obs == 9).all() and info["action_mask"].all()
    obs, reward, done, info = step(env, 4)  # the centre: two holes around it
    assert reward == 1.0 and obs[1, 1] == 2 and not done
    assert info["action_mask"].sum() == 8 and not info["action_mask"][4]
    obs, reward, done, _ = step(env, 2)  # top right: no hole around, floods
    assert reward == 3.0 and not done
    assert obs.tolist() == [[9, 1, 0], [9, 2, 1], [9, 9, 9]]
    obs, reward, done, info = step(env, 0)  # the hole at (1, 1)
    assert reward == -10.0 and done and not info["action_mask"].any()
    assert obs[0, 0] == 10 and obs[2, 2] == 11


def test_gopher_win_and_penalty(backend):
    env = GopherEnv(1, 3, hole_at=[(1, 1)], hole_penalty=2.5, render_mode="ansi", backend=backend)
    env.reset()
    obs, reward, done, info = step(env, 2)  # no hole next to (1, 3): floods to (1, 2)
    assert reward == 2.0 and done and not info["action_mask"].any()
    assert env.render() == "#1.\n"  # "." an inspected patch with no hole around
    env.reset()
    assert step(env, 0)[1] == -2.5


def test_gopher_random_holes(backend):
    env = GopherEnv(5, 6, holes=7, backend=backend)
    env.reset(seed=9)
    assert len(env.field.holes) == 7
    with pytest.raises(ValueError):
        GopherEnv(2, 2, holes=4)


# -- TileMatch --------------------------------------------------------------
def test_tilematch_hand_worked(backend):
    env = TileMatchEnv(board=["00000", "00100", "01100"], k=3, backend=backend)
    obs, info = env.reset()
    assert obs.tolist() == [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 1, 1, 0, 0]]
    assert env.encode(2, 1, RIGHT) == (2 * 3 + 1) * 4 + 1
    assert env.decode(env.encode(4, 2, LEFT)) == (4, 2, LEFT)
    mask = info["action_mask"].reshape(5, 3, 4)  # (column, row, direction)
    # no move off the bottom, no swap of equal tiles, no move up into an empty square
    assert mask[1, 0].tolist() == [False, False, False, True]
    assert mask[2, 1].tolist() == [False, True, False, True]
    assert mask[2, 0].tolist() == [False, True, False, False]
    assert not mask[0].any() and mask.sum() == 4
    obs, reward, done, info = step(env, env.encode(2, 1, RIGHT))  # falls to (3, 0): 1 1 1
    assert reward == 3.0 and done and not obs.any() and not info["action_mask"].any()


def test_tilematch_swap_and_chain(backend):
    # Visible rows 2 1 / 3 3 2 (bottom), a hidden row 1 1 1 above.  Moving
    # the 1 at (2, 1) down swaps it with the 2: row 1 is 2 2 2 and goes (3),
    # then the hidden 1 1 1 falls into row 1 and goes too (3).
    env = TileMatchEnv(board=["111", "221", "332"], k=3, height=2, backend=backend)
    obs, _ = env.reset()
    assert obs.tolist() == [[2, 2, 1], [3, 3, 2]]
    obs, reward, done, _ = step(env, env.encode(2, 1, DOWN))
    assert reward == 6.0 and not done
    assert obs.tolist() == [[0, 0, 0], [3, 3, 1]]
    # moving the 1 up into the empty square would change nothing (it falls back): not legal
    obs, reward, done, info = step(env, env.encode(2, 0, UP))
    assert info["illegal"] and reward == 0.0 and obs.tolist() == [[0, 0, 0], [3, 3, 1]]


def test_tilematch_truncation_counts_every_step(backend):
    env = TileMatchEnv(board=["00000", "01100"], k=3, max_moves=2, backend=backend)
    env.reset()
    assert step(env, 0)[3]["illegal"]
    _, _, terminated, truncated, info = env.step(env.encode(1, 0, UP))
    assert truncated and not terminated


def test_tilematch_mask_matches_the_games_moves(backend):
    rng = random.Random(8)
    for seed in range(10):
        env = TileMatchEnv(width=rng.randint(2, 6), height=rng.randint(2, 6), kinds=3,
                           filled=2, backend=backend)
        env.reset(seed=seed)
        mask = env.action_masks()
        for action in range(env.action_space.n):
            c, r, d = env.decode(action)
            dc, dr = [(0, 1), (1, 0), (0, -1), (-1, 0)][d]
            board = env.board
            before = board.grid(hidden=True)
            moved = board.move(c, r, c + dc, r + dr)
            list(board.settle())
            # legal: a move the game takes that changes the settled board
            assert (moved and board.grid(hidden=True) != before) == mask[action], (seed, c, r, d)


def test_tilematch_masked_random_steps_always_change_the_board(backend):
    env = TileMatchEnv(kinds=3, backend=backend)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    for _ in range(300):
        if not info["action_mask"].any():
            obs, info = env.reset()
        before = env.board.grid(hidden=True)
        obs, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        assert env.board.grid(hidden=True) != before
        if terminated or truncated:
            obs, info = env.reset()


def test_wrapped_envs_give_their_masks():
    env = gym.make("gridgames/TileMatch-v0")
    _, info = env.reset(seed=0)
    assert (env.unwrapped.action_masks() == info["action_mask"]).all()
    assert (env.get_wrapper_attr("action_masks")() == info["action_mask"]).all()


def test_a_board_with_no_legal_move_terminates(backend):
    env = TileMatchEnv(board=["11", "11"], k=5, backend=backend)  # stuck: every move a swap of equal tiles
    _, info = env.reset()
    assert not info["action_mask"].any()
    _, _, terminated, truncated, info = env.step(0)
    assert info["illegal"] and terminated and not truncated


def test_tilematch_fixed_board_hidden_rows(backend):
    env = TileMatchEnv(board=["3", "2", "1"], k=2, height=2, backend=backend)
    obs, _ = env.reset()
    assert obs.tolist() == [[2], [1]]
    assert env.board == tilematch.Board(["3", "2", "1"], k=2, height=2)


# -- NumberLink -------------------------------------------------------------
def test_numberlink_hand_worked(backend):
    env = NumberLinkEnv(puzzle="2 3\n1 . 1\n2 . 2\n", backend=backend)
    obs, info = env.reset()
    assert env.action_space.n == 3 * 5
    mask = info["action_mask"].reshape(3, 5)
    assert mask.tolist() == [[False, True, False, False, False]] * 2 + [[False] * 5]
    assert obs[0].tolist() == [[1, 0, 1], [2, 0, 2]]
    assert obs[2].tolist() == [[1, 0, 0], [2, 0, 0]]
    obs, reward, done, info = step(env, 0 * 5 + 1)  # path 1 right
    assert reward == 0 and not done
    # next to its other endpoint the head must close (or undo)
    assert info["action_mask"].reshape(3, 5)[0].tolist() == [False, True, False, False, True]
    assert obs[2].tolist() == [[0, 1, 0], [2, 0, 0]]
    assert step(env, 1)[1] == 0  # path 1 complete
    assert step(env, 1 * 5 + 1)[1] == 0
    obs, reward, done, info = step(env, 1 * 5 + 1)
    assert reward == 1.0 and done and not obs[2].any()


def test_numberlink_undo_and_no_touching(backend):
    env = NumberLinkEnv(puzzle="3 3\n1 . .\n. . .\n. . 1\n", backend=backend)
    env.reset()
    for move in (1, 1, 2):  # right, right, down: (0,0) (0,1) (0,2) (1,2)
        assert not step(env, move)[3]["illegal"]
    mask = env.action_masks()
    assert not mask[3]  # left to (1,1) would touch (0,1)
    assert mask[2] and mask[4]  # down next to the endpoint, undo
    obs, reward, done, info = step(env, 3)
    assert info["illegal"]
    obs, _, _, _ = step(env, 4)  # undo: the head is back at (0,2)
    assert obs[0].tolist() == [[1, 1, 1], [0, 0, 0], [0, 0, 1]]
    assert obs[2].tolist() == [[0, 0, 1], [0, 0, 0], [0, 0, 0]]


def walk(solution, puzzle, number):
    """The squares of path ``number`` from its first endpoint, in order."""
    cols, cells = solution.cols, solution.cells
    start = puzzle.cells.index(number)
    path = [start]
    while True:
        r, c = divmod(path[-1], cols)
        nxt = [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
               if 0 <= r + dr < solution.rows and 0 <= c + dc < cols
               and cells[(r + dr) * cols + c + dc] == number
               and (r + dr) * cols + c + dc not in path]
        if not nxt:
            return path
        path.append(nxt[0])


def test_numberlink_generated_solutions_play_to_the_reward(backend):
    directions = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}
    for seed in range(12):
        puzzle, solution = numberlink.generate(5, 6, seed, backend=backend)
        env = NumberLinkEnv(puzzle=puzzle, backend=backend)
        env.reset()
        total, done = 0.0, False
        for number in range(1, puzzle.pairs + 1):
            path = walk(solution, puzzle, number)
            for a, b in zip(path, path[1:]):
                move = directions[(b // 6 - a // 6, b % 6 - a % 6)]
                _, reward, done, info = step(env, (number - 1) * 5 + move)
                assert not info["illegal"], (seed, number, a, b)
                total += reward
        assert done and total == 1.0, seed


def test_numberlink_unique_keeps_drawing_until_one_solution(monkeypatch, backend):
    seen = []

    def count_solutions(puzzle, limit=2, backend=None):  # several, twice, then unique
        seen.append(puzzle)
        return 2 if len(seen) <= 2 else 1

    monkeypatch.setattr(numberlink, "count_solutions", count_solutions, raising=False)
    env = NumberLinkEnv(5, 5, unique=True, backend=backend)
    assert env.unique
    env.reset(seed=1)
    assert len(seen) == 3 and env.puzzle == seen[-1] and len(set(seen)) == 3
    monkeypatch.delattr(numberlink, "count_solutions")
    assert not NumberLinkEnv(5, 5, unique=True, backend=backend).unique  # no counter: ignored


def test_numberlink_refuses_boards_with_nothing_to_draw():
    with pytest.raises(ValueError):
        NumberLinkEnv(1, 1)
    with pytest.raises(ValueError):
        NumberLinkEnv(puzzle="1 2\n# .\n")


def test_samegame_view_twins_refuse_bad_buffers(backend):
    from gridgames._runtime.backend import kernel
    view = kernel("envs", backend, part="view").SameGameView
    lut, obs, mask = np.zeros(256, np.uint8), np.zeros((2, 3), np.uint8), np.zeros(6, np.uint8)
    ok = view(lut, 2, 3, obs, mask)
    assert ok.update(bytes([1, 1, 2, 3, 4, 5])) == 0  # the lut maps everything to empty
    with pytest.raises(ValueError):
        ok.update(bytes(5))
    with pytest.raises(ValueError):
        view(lut[:10], 2, 3, obs, mask)
    with pytest.raises(ValueError):
        view(lut, 2, 3, obs, mask[:5])
    lut[[1, 2]] = [1, 2]
    assert view(lut, 2, 3, obs, mask).update(bytes([1, 1, 2, 2, 1, 2])) == 5
    assert obs.tolist() == [[2, 1, 2], [1, 1, 2]] and mask.tolist() == [0, 1, 1, 1, 1, 1]


def test_rewards_agree_with_the_game_objects_along_random_games(backend):
    """Along random masked games, each reward is what the game object says
    happened (region sizes, revealed patches, tiles gone)."""
    rng = random.Random(6)
    same = SameGameEnv(8, 9, colours=3, backend=backend)
    gopher = GopherEnv(8, 8, holes=6, backend=backend)
    tiles = TileMatchEnv(width=5, height=6, kinds=3, filled=4, backend=backend)
    for seed in range(5):
        for env in (same, gopher, tiles):
            env.reset(seed=seed)
            done = False
            while not done:
                action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
                if env is same:
                    board = env.board
                    n = len(board.region(env.rows - action // env.cols, action % env.cols + 1))
                    board.select(env.rows - action // env.cols, action % env.cols + 1)
                    expected = (n - 2) ** 2 + (1000 if board.won else 0)
                elif env is gopher:
                    field = env.field
                    unseen = "".join(field.grid()).count("#")
                    fell = field.pick(action // env.cols + 1, action % env.cols + 1).fell
                    expected = -10 if fell else unseen - "".join(field.grid()).count("#")
                else:
                    before = env.board.tiles
                _, reward, terminated, truncated, _ = env.step(action)
                if env is tiles:
                    expected = before - env.board.tiles  # moves keep tiles; settling removes
                assert reward == expected, (type(env).__name__, seed, action)
                done = terminated or truncated
