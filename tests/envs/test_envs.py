"""The Gymnasium environments as a whole: registration, the env checker (any
warning is a failure), vector envs, rendering, and random masked episodes
on both backends, which must agree step for step."""
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym  # the [gym] extra: pip install ".[test,gym]"
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gridgames.envs
from helpers import SMALL_ENVS

IDS = list(gridgames.envs.ENV_IDS)
SMALL = SMALL_ENVS


@pytest.mark.parametrize("env_id", IDS)
def test_checker_passes_without_warnings(env_id, backend):
    env = gym.make(env_id, backend=backend)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker reports problems as warnings
        check_env(env.unwrapped)
    assert env.unwrapped.backend == backend


@pytest.mark.parametrize("env_id", IDS)
def test_checker_on_default_settings(env_id):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make(env_id).unwrapped)


def test_module_prefixed_id_needs_no_import():
    code = ("import sys, gymnasium\n"
            "assert 'gridgames.envs' not in sys.modules\n"
            "for name in ('SameGame', 'Gopher', 'TileMatch', 'NumberLink'):\n"
            "    env = gymnasium.make(f'gridgames.envs:gridgames/{name}-v0')\n"
            "    env.reset(seed=0)\n"
            "print('ok')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout == "ok\n", p.stderr


def test_register_envs_and_importing_again_are_quiet():
    import importlib
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym.register_envs(gridgames.envs)
        importlib.reload(gridgames.envs)
    assert all(env_id in gym.registry for env_id in IDS)


def play(env, seed, steps, rng):
    """Random masked steps; returns the trajectory and checks each step."""
    obs, info = env.reset(seed=seed)
    trace = [obs]
    for _ in range(steps):
        mask = info["action_mask"]
        assert env.observation_space.contains(obs)
        assert mask.dtype == bool and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, env.action_masks())
        if not mask.any():
            break
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not info["illegal"] and info["illegal_actions"] == 0
        trace += [action, reward, terminated, truncated, obs]
        if terminated or truncated:
            obs, info = env.reset()
            trace.append(obs)
    return trace


@pytest.mark.parametrize("env_id", IDS)
def test_random_masked_episodes_agree_on_both_backends(env_id):
    runs = {}
    for backend in ("compiled", "pure"):
        env = gym.make(env_id, backend=backend, **SMALL[env_id]).unwrapped
        runs[backend] = play(env, seed=11, steps=300, rng=np.random.default_rng(5))
    compiled, pure = runs["compiled"], runs["pure"]
    assert len(compiled) == len(pure) > 300
    for a, b in zip(compiled, pure):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("env_id", IDS)
def test_same_seed_same_episode_other_seed_other_board(env_id, backend):
    env = gym.make(env_id, backend=backend, **SMALL[env_id]).unwrapped

    def start(seed):  # what the seed decides (a Gopher field starts all unseen)
        obs, _ = env.reset(seed=seed)
        return env.field.holes if env_id == "gridgames/Gopher-v0" else obs.tolist()

    assert start(3) == start(3) != start(4)


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_action_changes_nothing_and_is_counted(env_id, backend):
    env = gym.make(env_id, backend=backend, **SMALL[env_id]).unwrapped
    env.reset(seed=2)
    # One legal move first (at the start every Gopher patch is legal).
    obs, _, terminated, _, info = env.step(np.flatnonzero(env.action_masks())[-1])
    assert not terminated
    illegal = np.flatnonzero(~info["action_mask"])
    assert illegal.size
    for n, action in enumerate(illegal[:3], 1):
        after, reward, terminated, truncated, info = env.step(action)
        assert np.array_equal(after, obs) and reward == 0.0 and not terminated
        assert info["illegal"] and info["illegal_actions"] == n
    with pytest.raises(ValueError):
        env.step(env.action_space.n)


@pytest.mark.parametrize("env_id", IDS)
def test_vector_envs(env_id, backend):
    envs = gym.make_vec(env_id, num_envs=3, vectorization_mode="sync", backend=backend,
                        **SMALL[env_id])
    obs, info = envs.reset(seed=0)
    n = envs.single_action_space.n
    assert obs.shape == (3, *envs.single_observation_space.shape)
    assert info["action_mask"].shape == (3, n)
    masks = np.stack(envs.call("action_masks"))
    assert np.array_equal(masks, info["action_mask"])
    one = gym.make(env_id, backend=backend, **SMALL[env_id])  # through make's wrappers
    _, first = one.reset(seed=0)
    assert np.array_equal(one.get_wrapper_attr("action_masks")(), first["action_mask"])
    rng = np.random.default_rng(0)
    for _ in range(20):
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]]
        obs, reward, terminated, truncated, info = envs.step(np.array(actions))
        assert reward.shape == (3,)
    envs.close()


@pytest.mark.parametrize("env_id", IDS)
def test_render_modes(env_id, backend):
    text = gym.make(env_id, backend=backend, render_mode="ansi", **SMALL[env_id])
    text.reset(seed=1)
    assert isinstance(text.render(), str) and text.render().endswith("\n")
    picture = gym.make(env_id, backend=backend, render_mode="rgb_array", **SMALL[env_id])
    picture.reset(seed=1)
    picture.step(np.flatnonzero(picture.unwrapped.action_masks())[0])
    img = picture.render()
    rows, cols = picture.unwrapped.observation_space.shape[-2:]
    assert img.dtype == np.uint8 and img.shape == (rows * 24, cols * 24, 3)
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 2  # a picture, not a blank
    with pytest.raises(ValueError):
        type(picture.unwrapped)(render_mode="svg")


@pytest.mark.parametrize("env_id", IDS)
def test_bad_backend_is_refused(env_id):
    with pytest.raises(ValueError):
        gym.make(env_id, backend="fast")


@pytest.mark.slow
def test_the_example_runs():
    example = Path(__file__).parents[2] / "examples" / "random_masked_agent.py"
    p = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("episode") == 12 and "rgb_array: (" in p.stdout
