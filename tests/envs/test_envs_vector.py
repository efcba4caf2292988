"""The batched vector envs (gridgames.envs.vector): board i of a batch is
exactly a single env reset with seed ``seed + i`` and stepped with the same
actions (next-step autoreset), on both backends, for any N; the compiled
kernel's draws are NumPy's; the kernel's own random agent agrees with its
twin; bad input is refused."""
import warnings

import gymnasium as gym
import numpy as np
import pytest

import gridgames.envs
from gridgames.envs import vector
from helpers import SMALL_ENVS

IDS = list(gridgames.envs.ENV_IDS)
SMALL = SMALL_ENVS
# Edge settings: one colour (no draw at all), no hole, every kind of draw.
EDGES = {
    "gridgames/SameGame-v0": {"rows": 15, "cols": 15, "colours": 1},
    "gridgames/Gopher-v0": {"rows": 3, "cols": 4, "holes": 0},
    "gridgames/TileMatch-v0": {"width": 3, "height": 4, "kinds": 2, "filled": 4, "k": 2, "max_moves": 7},
    "gridgames/NumberLink-v0": {"rows": 1, "cols": 2},
}


def batched(env_id, n, backend, **kwargs):
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                        backend=backend, **kwargs)
    assert isinstance(envs, vector.BatchedEnv)
    return envs


def play_side_by_side(env_id, kwargs, n, seed, steps, backend):
    """Step a batch and n single envs with the same random actions (mostly
    legal, some illegal); every array must agree at every step."""
    envs = batched(env_id, n, backend, **kwargs)
    singles = [gym.make(env_id, backend=backend, **kwargs).unwrapped for _ in range(n)]
    obs, info = envs.reset(seed=seed)
    assert info == {}
    for i, env in enumerate(singles):
        single_obs, single_info = env.reset(seed=seed + i)
        np.testing.assert_array_equal(obs[i], single_obs)
        np.testing.assert_array_equal(envs.action_masks()[i], single_info["action_mask"])
    rng = np.random.default_rng(seed)
    ended = [False] * n
    resets = 0
    for _ in range(steps):
        masks = envs.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() and rng.random() < 0.9
                            else rng.integers(len(m)) for m in masks])
        obs, rewards, terminations, truncations, info = envs.step(actions)
        assert info == {}
        for i, env in enumerate(singles):
            if ended[i]:  # next-step autoreset: this step resets the board
                expected = (*env.reset(), 0.0, False, False)
                expected = (expected[0], expected[2], expected[3], expected[4], expected[1])
                resets += 1
            else:
                expected = env.step(int(actions[i]))
            np.testing.assert_array_equal(obs[i], expected[0])
            assert (rewards[i], terminations[i], truncations[i]) == expected[1:4]
            np.testing.assert_array_equal(envs.action_masks()[i], env.action_masks())
            ended[i] = bool(terminations[i] or truncations[i])
    return resets


@pytest.mark.parametrize("env_id", IDS)
def test_each_board_is_a_single_env(env_id, backend):
    resets = play_side_by_side(env_id, SMALL[env_id], 4, 11, 150, backend)
    assert resets >= 4  # the comparison went on across resets


@pytest.mark.parametrize("env_id", IDS)
def test_edge_settings_are_single_envs(env_id, backend):
    play_side_by_side(env_id, EDGES[env_id], 3, 5, 40, backend)


@pytest.mark.parametrize("env_id", IDS)
def test_default_settings_are_single_envs(env_id):
    play_side_by_side(env_id, {}, 2, 0, 60, "compiled")


@pytest.mark.parametrize("env_id", IDS)
def test_a_board_does_not_depend_on_the_batch(env_id, backend):
    kwargs = SMALL[env_id]
    big = batched(env_id, 5, backend, **kwargs)
    alone = batched(env_id, 1, backend, **kwargs)
    big_obs, _ = big.reset(seed=100)
    alone_obs, _ = alone.reset(seed=[103])
    np.testing.assert_array_equal(big_obs[3], alone_obs[0])
    rng = np.random.default_rng(1)
    for _ in range(60):
        pick = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in big.action_masks()]
        big_out = big.step(np.array(pick))
        alone_out = alone.step(np.array(pick[3:4]))
        for a, b in zip(big_out[:4], alone_out[:4]):
            np.testing.assert_array_equal(a[3], b[0])


@pytest.mark.parametrize("env_id", IDS[:3])
def test_the_kernel_agent_agrees_with_its_twin(env_id):
    """play_random (the agent in C) on both backends, then a step: same arrays,
    and the same on two threads each stepping half of the boards."""
    got = []
    for backend, threads in (("compiled", 1), ("pure", 1), ("compiled", 2)):
        envs = batched(env_id, 6, backend, **SMALL[env_id])
        envs.reset(seed=3)
        envs.play_random(25, seed=9, threads=threads)
        got.append((*envs.step(np.zeros(6, dtype=np.int64))[:4], envs.action_masks()))
    for other in got[1:]:
        for a, b in zip(got[0], other):
            np.testing.assert_array_equal(a, b)


def test_make_vec_defaults_to_the_batch_and_sync_stays():
    envs = gym.make_vec("gridgames/SameGame-v0", num_envs=3)
    assert isinstance(envs, vector.SameGameVectorEnv)
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP
    assert envs.action_space == gym.spaces.MultiDiscrete([225] * 3)
    assert envs.observation_space.shape == (3, 15, 15)
    sync = gym.make_vec("gridgames/SameGame-v0", num_envs=3, vectorization_mode="sync")
    assert isinstance(sync, gym.vector.SyncVectorEnv)


def test_arrays_are_copies_unless_asked(backend):
    envs = batched("gridgames/Gopher-v0", 2, backend)
    obs, _ = envs.reset(seed=0)
    again = envs.step(np.array([0, 1]))[0]
    assert obs is not again and not np.shares_memory(obs, again)
    raw = batched("gridgames/Gopher-v0", 2, backend, copy=False)
    first, _ = raw.reset(seed=0)
    assert raw.step(np.array([0, 1]))[0] is first  # written in place


@pytest.mark.parametrize("bad, error", [
    ([0, 1], "3 integer actions"), ([0.5, 1, 2], "integer actions"), ([0, 1, 225], "outside 0..224"),
    ([-1, 0, 0], "outside 0..224")])
def test_bad_actions_are_refused(bad, error, backend):
    envs = batched("gridgames/SameGame-v0", 3, backend)
    envs.reset(seed=0)
    with pytest.raises(ValueError, match=error):
        envs.step(np.array(bad))


def test_bad_settings_are_refused(backend):
    with pytest.raises(RuntimeError, match="reset"):
        batched("gridgames/SameGame-v0", 2, backend).step(np.zeros(2, dtype=int))
    with pytest.raises(ValueError, match="num_envs"):
        vector.SameGameVectorEnv(0)
    with pytest.raises(ValueError, match="board="):
        batched("gridgames/SameGame-v0", 2, backend, board=["12", "21"])
    with pytest.raises(ValueError, match="no_guess="):
        batched("gridgames/Gopher-v0", 2, backend, no_guess=True)
    with pytest.raises(ValueError, match="colours"):
        batched("gridgames/SameGame-v0", 2, backend, colours=10)
    with pytest.raises(ValueError, match="2 seeds"):
        batched("gridgames/SameGame-v0", 2, backend).reset(seed=[1])
    with pytest.raises(ValueError, match="Number Link|made in C"):
        envs = batched("gridgames/NumberLink-v0", 2, backend)
        envs.reset(seed=0)
        envs.play_random(1)


def test_no_warning_through_make_vec():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for env_id in IDS:
            envs = gym.make_vec(env_id, num_envs=2)
            envs.reset(seed=0)
            envs.step(np.zeros(2, dtype=np.int64))
            envs.close()
