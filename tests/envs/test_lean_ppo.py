"""The lean masked PPO (examples/lean_ppo.py) and its evaluation
(benchmarks/rl_lean.py): the one-hot layer's gradient is the dense one's,
the sampler never draws an illegal action, the batched evaluation scores
each board as a single environment playing the same game, the greedy agent
is the largest region first, and a short training runs on the batched
environment with no warning.  Needs torch ([rl]); skipped where it is absent."""
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="needs the [rl] extra: pip install '.[rl]'")
ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "examples"))
sys.path.insert(0, str(ROOT / "benchmarks"))
import lean_ppo as lean  # noqa: E402
import rl_lean  # noqa: E402

from gridgames.envs.samegame import SameGameEnv  # noqa: E402

SMALL = {"rows": 5, "cols": 5, "colours": 3}


def test_the_one_hot_layer_has_the_dense_layers_gradient():
    torch.manual_seed(0)
    cells, values, hidden = 7, 4, 5
    idx = torch.randint(0, values, (9, cells)) + torch.arange(cells) * values
    weight = torch.randn(cells * values, hidden, requires_grad=True)
    grad = torch.randn(9, hidden)
    lean.OneHotSum.apply(idx, weight).backward(grad)
    onehot = torch.zeros(9, cells * values).scatter_(1, idx, 1.0)
    dense = weight.detach().clone().requires_grad_(True)
    (onehot @ dense).backward(grad)
    assert torch.allclose(lean.OneHotSum.apply(idx, weight), onehot @ dense)
    tolerance = 2e-2 if lean.BF16 else 1e-6  # (bfloat16 products: about 3 significant digits)
    assert torch.allclose(weight.grad, dense.grad, rtol=tolerance, atol=tolerance)


def test_sampling_and_the_mask():
    masks = torch.zeros(2000, 6, dtype=torch.bool)
    masks[:, 2] = masks[:, 4] = True
    masks[0] = False  # no legal action: action 0 is allowed
    logits = torch.randn(2000, 6) + lean.mask_bias(masks)
    actions = lean.sample(torch.softmax(logits, dim=1))
    assert set(actions[1:].tolist()) == {2, 4} and actions[0].item() == 0


def test_the_evaluation_is_the_single_env_game():
    cfg = lean.Config(options=SMALL, n_envs=8)
    scores = lean.play(cfg, 6, lean.random_player(seed=3))
    # the same random player's choices replayed on single environments: each board's score
    rng = np.random.default_rng(3)
    envs = [SameGameEnv(**SMALL) for _ in range(6)]
    obs = [env.reset(seed=lean.EVAL_SEED + i)[0] for i, env in enumerate(envs)]
    totals, over = np.zeros(6), np.zeros(6, dtype=bool)
    while not over.all():
        masks = np.array([env.action_masks() if not o else np.zeros(25, bool) for env, o in zip(envs, over)])
        k = (rng.random(6) * masks.sum(axis=1)).astype(np.int64)
        actions = np.argmax(masks.cumsum(axis=1) > k[:, None], axis=1)
        for i, env in enumerate(envs):
            if not over[i]:
                _, r, end, cut, _ = env.step(actions[i])
                totals[i] += r
                over[i] = end or cut
    assert np.array_equal(scores, totals) and len(obs) == 6


def test_the_greedy_agent_takes_the_largest_region():
    cfg = lean.Config(options=SMALL)
    env = SameGameEnv(**SMALL)
    env.reset(seed=lean.EVAL_SEED + 1)
    total, done = 0.0, False
    while not done:  # the env's own regions: the legal cell whose region is largest (first in moves order)
        board = env.board
        r, c, _ = max(board.moves(), key=lambda m: m[2])
        _, reward, done, _, _ = env.step((board.rows - r) * board.cols + c - 1)
        total += reward
    assert rl_lean.greedy_scores(cfg, 2)[1] == total


def test_a_short_training_runs_and_plays_legal_moves():
    torch.set_num_threads(1)
    cfg = lean.Config(game="Gopher", options={"rows": 5, "cols": 5, "holes": 3}, n_envs=32, n_steps=8,
                      minibatches=2)
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = lean.train(cfg, 2000, every=1000, evaluate_fn=lambda agent, steps, cpu: seen.append(steps))
    assert out["steps"] >= 2000 and seen[0] == 0 and len(seen) >= 2
    envs = lean.make_envs(cfg, 16)
    obs, _ = envs.reset(seed=0)
    choose = lean.policy_player(out["agent"])
    for _ in range(10):
        masks = envs.unwrapped._masks.copy()
        actions = choose(obs.reshape(16, -1), masks)
        legal = masks[np.arange(16), actions] | ~masks.any(axis=1)
        assert legal.all()
        obs = envs.step(actions)[0]


def test_stepping_in_threads_is_stepping_at_once():
    cfg = lean.Config(options=SMALL)
    one, two = lean.make_envs(cfg, 40), lean.make_envs(cfg, 40)
    one.reset(seed=5)
    two.reset(seed=5)
    step_one, step_two = lean.stepper(one, 1), lean.stepper(two, 3)
    choose = lean.random_player(seed=1)
    for _ in range(30):
        actions = choose(None, one.unwrapped._masks)
        results = [r.copy() for r in step_one(actions)]
        assert all(np.array_equal(a, b) for a, b in zip(results, step_two(actions)))
        assert np.array_equal(one.unwrapped._obs, two.unwrapped._obs)
