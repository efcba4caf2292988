"""The SB3 VecEnv over the batched environments (gridgames.envs.sb3) and the
batched environments' same-step autoreset: board i is a single environment
seeded s + i, through its resets; SB3's VecEnv checks; sb3-contrib's
get_action_masks; MaskablePPO trains through it with any warning an error.
Needs the [rl] extra; skipped only where it is absent."""
import ast
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import gridgames.envs
from helpers import SMALL_ENVS

sb3_contrib = pytest.importorskip("sb3_contrib", reason="needs the [rl] extra: pip install '.[rl]'")
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.vec_env import VecEnv  # noqa: E402

from gridgames.envs.sb3 import make_vec_env  # noqa: E402

IDS = list(gridgames.envs.ENV_IDS)


def singles(env_id, n, seed, backend):
    envs = [gym.make(env_id, backend=backend, **SMALL_ENVS[env_id]).unwrapped for _ in range(n)]
    return envs, [env.reset(seed=seed + i)[0] for i, env in enumerate(envs)]


def legal(rng, masks):
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize("env_id", IDS)
def test_board_i_is_a_single_env_seeded_s_plus_i_through_resets(env_id, backend):
    n, seed = 3, 11
    venv = make_vec_env(env_id, n, seed=seed, backend=backend, **SMALL_ENVS[env_id])
    envs, expected = singles(env_id, n, seed, backend)
    obs = venv.reset()
    rng, episodes = np.random.default_rng(5), 0
    for step in range(120):
        for i in range(n):
            assert np.array_equal(obs[i], expected[i]), (step, i)
        masks = get_action_masks(venv)
        assert masks.shape == (n, venv.action_space.n)
        assert all(np.array_equal(masks[i], envs[i].action_masks()) for i in range(n))
        actions = legal(rng, masks)
        obs, rewards, dones, infos = venv.step(actions)
        for i, env in enumerate(envs):
            o, r, end, cut, _ = env.step(actions[i])
            assert (rewards[i], dones[i]) == (np.float32(r), end or cut)
            if end or cut:
                episodes += 1
                assert np.array_equal(infos[i]["terminal_observation"], o)
                assert infos[i]["TimeLimit.truncated"] == (cut and not end)
                assert infos[i]["episode"]["l"] >= 1
                o, _ = env.reset()  # (no seed: the env's generator goes on)
            else:
                assert infos[i] == {}
            expected[i] = o
    assert episodes >= n  # the comparison went through resets


def test_the_episode_info_is_the_episode_return_and_length():
    venv = make_vec_env("gridgames/SameGame-v0", 2, seed=0, rows=4, cols=4, colours=3)
    venv.reset()
    rng, total, length, seen = np.random.default_rng(1), 0.0, 0, 0
    for _ in range(60):
        obs, rewards, dones, infos = venv.step(legal(rng, get_action_masks(venv)))
        total, length = total + rewards[0], length + 1
        if dones[0]:
            assert infos[0]["episode"]["r"] == pytest.approx(total) and infos[0]["episode"]["l"] == length
            total, length, seen = 0.0, 0, seen + 1
    assert seen >= 2


def test_a_reset_without_seed_goes_on_and_a_seed_restarts():
    venv = make_vec_env("gridgames/SameGame-v0", 2, seed=4)
    first = venv.reset()
    second = venv.reset()  # each board's next game
    env = gym.make("gridgames/SameGame-v0").unwrapped
    env.reset(seed=5)
    assert np.array_equal(second[1], env.reset()[0]) and not np.array_equal(first, second)
    venv.seed(4)
    assert np.array_equal(venv.reset(), first)


def test_the_sb3_vecenv_checks():
    # SB3's own VecEnv checker where the installed SB3 has it (2.8+ master), then the same checks
    # written out (shapes, dtypes, infos), and sb3-contrib's masking hooks
    venv = make_vec_env("gridgames/SameGame-v0", 5, seed=0, rows=5, cols=5)
    assert isinstance(venv, VecEnv)
    try:
        from stable_baselines3.common.vec_env_checker import check_vecenv
    except ImportError:
        check_vecenv = None
    if check_vecenv is not None:
        check_vecenv(venv, warn=False)
    obs = venv.reset()
    assert obs.shape == (5, 5, 5) and obs.dtype == np.uint8 and venv.observation_space.contains(obs[0])
    obs, rewards, dones, infos = venv.step(np.array([venv.action_space.sample() for _ in range(5)]))
    assert obs.shape == (5, 5, 5) and rewards.shape == (5,) and rewards.dtype == np.float32
    assert dones.shape == (5,) and dones.dtype == bool
    assert isinstance(infos, list) and len(infos) == 5 and all(isinstance(i, dict) for i in infos)
    assert is_masking_supported(venv)
    assert venv.get_attr("render_mode") == [None] * 5 and venv.get_attr("num_envs", [0, 1]) == [5, 5]
    assert venv.env_is_wrapped(gym.Wrapper) == [False] * 5
    assert len(venv.env_method("action_masks", indices=[2, 3])) == 2
    with pytest.raises(AttributeError, match="no per-board method render"):
        venv.env_method("render")
    with pytest.raises(ValueError, match="need 5 actions"):
        venv.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(ValueError, match="no batched environment"):
        make_vec_env("CartPole-v1", 2)


def test_the_module_imports_without_sb3():
    code = ("import sys; sys.modules['stable_baselines3'] = None; sys.modules['sb3_contrib'] = None\n"
            "import gridgames.envs.sb3 as m\n"
            "try:\n    m.make_vec_env('gridgames/SameGame-v0', 2)\nexcept ImportError:\n    print('lazy')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout == "lazy\n", p.stderr


@pytest.mark.parametrize("env_id", ["gridgames/SameGame-v0", "gridgames/Gopher-v0"])
def test_same_step_autoreset_of_the_gymnasium_vector_env(env_id, backend):
    # gym.make_vec(..., autoreset_mode=SAME_STEP) against Gymnasium's own SyncVectorEnv in that mode
    kw = dict(backend=backend, **SMALL_ENVS[env_id])
    batched = gym.make_vec(env_id, num_envs=3, autoreset_mode=AutoresetMode.SAME_STEP, **kw)
    sync = gym.make_vec(env_id, num_envs=3, vectorization_mode="sync",
                        vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP}, **kw)
    assert batched.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, _ = batched.reset(seed=2)
    expected, _ = sync.reset(seed=2)
    rng, ended = np.random.default_rng(0), 0
    for _ in range(80):
        assert np.array_equal(obs, expected)
        actions = legal(rng, batched.action_masks())
        obs, rewards, ends, cuts, info = batched.step(actions)
        expected, rewards2, ends2, cuts2, info2 = sync.step(actions)
        assert np.array_equal(rewards, rewards2) and np.array_equal(ends, ends2) and np.array_equal(cuts, cuts2)
        assert ("final_obs" in info) == ("final_obs" in info2)
        if "final_obs" in info:
            ended += int(info["_final_obs"].sum())
            assert np.array_equal(info["_final_obs"], info2["_final_obs"])
            for i in np.flatnonzero(info["_final_obs"]):
                assert np.array_equal(info["final_obs"][i], info2["final_obs"][i])
    assert ended >= 3


def test_an_unknown_autoreset_mode_is_refused():
    with pytest.raises(ValueError, match="autoreset_mode must be one of"):
        gym.make_vec("gridgames/SameGame-v0", num_envs=2, autoreset_mode=AutoresetMode.DISABLED)


@pytest.mark.parametrize("env_id", ["gridgames/SameGame-v0", "gridgames/Gopher-v0"])
def test_maskable_ppo_trains_through_the_adapter(env_id, backend):
    import torch
    torch.set_num_threads(1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        venv = make_vec_env(env_id, 8, seed=0, backend=backend, **SMALL_ENVS[env_id])
        model = sb3_contrib.MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=64, n_epochs=1,
                                        seed=0, device="cpu")
        model.learn(total_timesteps=512)
        assert model.num_timesteps >= 512
        assert len(model.ep_info_buffer) > 0  # the episode infos reached SB3's logger
        obs = venv.reset()
        for _ in range(20):  # the policy plays legal actions only
            masks = get_action_masks(venv)
            actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
            assert masks[np.arange(8), actions].all()
            obs, _, _, _ = venv.step(actions)


ROOT = Path(__file__).parents[2]


def keywords(call):
    return {k.arg: k.value.value for k in call.keywords if isinstance(k.value, ast.Constant)}


def calls_of(tree, name):
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == name]


@pytest.mark.slow
def test_the_docs_sb3_snippet_runs_with_the_speed_tables_settings(monkeypatch):
    """docs/rl.md's snippet keeps benchmarks/rl_speed.py's settings
    (without n_epochs=1 and batch_size=256 it ran about 100 times slower than
    the table), and runs as written, learn capped at one rollout."""
    snippet = (ROOT / "docs" / "rl.md").read_text().split("## SB3 on the batched environments", 1)[1]
    snippet = snippet.split("```python\n", 1)[1].split("```", 1)[0]
    ours, = calls_of(ast.parse(snippet), "MaskablePPO")
    bench = ast.parse((ROOT / "benchmarks" / "rl_speed.py").read_text())
    theirs, = calls_of(bench, "MaskablePPO")
    rollout = next(keywords(c)["default"] for c in ast.walk(bench) if isinstance(c, ast.Call)
                   and c.args and isinstance(c.args[0], ast.Constant) and c.args[0].value == "--rollout-steps")
    envs, = calls_of(ast.parse(snippet), "make_vec_env")
    assert {k: keywords(ours).get(k) for k in ("batch_size", "n_epochs", "device")} == \
        {k: keywords(theirs)[k] for k in ("batch_size", "n_epochs", "device")}
    assert keywords(ours)["n_steps"] * envs.args[1].value == rollout and "torch.set_num_threads(1)" in snippet
    learn = sb3_contrib.MaskablePPO.learn
    monkeypatch.setattr(sb3_contrib.MaskablePPO, "learn", lambda self, steps, **kw: learn(self, min(steps, 1), **kw))
    scope = {}
    exec(compile(snippet, "docs/rl.md", "exec"), scope)  # noqa: S102
    assert scope["model"].num_timesteps == rollout  # one rollout, and its update
