"""A real learner runs on every environment: a few hundred steps of
sb3-contrib's MaskablePPO through the single env's wrappers (gym.make,
SB3's Monitor, sb3-contrib's ActionMasker, a DummyVecEnv), with any warning an error.
Needs the [rl] extra (sb3-contrib, torch); skipped only where it is absent.
The training itself is benchmarks/rl_learner.py, not a test."""
import importlib.util
import warnings

import gymnasium as gym
import numpy as np
import pytest

import gridgames.envs

if importlib.util.find_spec("sb3_contrib") is None:
    pytest.skip("needs the [rl] extra: pip install '.[rl]'", allow_module_level=True)
# sb3-contrib and torch are imported by the tests, not at collection (seconds, even for pytest -m "not slow")
pytestmark = pytest.mark.slow  # RL training (torch)

SMALL = {
    "gridgames/SameGame-v0": {"rows": 5, "cols": 5, "colours": 3},
    "gridgames/Gopher-v0": {},
    "gridgames/TileMatch-v0": {"max_moves": 30},
    "gridgames/NumberLink-v0": {"rows": 4, "cols": 4},
}


def masked(env_id, backend):
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.monitor import Monitor
    env = Monitor(gym.make(env_id, backend=backend, **SMALL[env_id]))  # episode scores
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


@pytest.mark.parametrize("env_id", list(gridgames.envs.ENV_IDS))
def test_maskable_ppo_runs(env_id, backend):
    import sb3_contrib
    import torch
    from sb3_contrib.common.maskable.evaluation import evaluate_policy
    from stable_baselines3.common.vec_env import DummyVecEnv
    torch.set_num_threads(1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        envs = DummyVecEnv([lambda: masked(env_id, backend)] * 2)
        model = sb3_contrib.MaskablePPO("MlpPolicy", envs, n_steps=64, batch_size=64, n_epochs=1,
                                        seed=0, device="cpu")
        model.learn(total_timesteps=256)
        assert model.num_timesteps >= 256
        # the policy plays legal actions only: every step of its episodes is legal
        env = masked(env_id, backend)
        obs, info = env.reset(seed=1)
        for _ in range(50):
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, end, cut, info = env.step(action)
            assert not info["illegal"]
            if end or cut:
                obs, info = env.reset()
        mean, _ = evaluate_policy(model, DummyVecEnv([lambda: masked(env_id, backend)]), n_eval_episodes=2)
        assert np.isfinite(mean)


def test_the_training_examples_help():
    import subprocess
    import sys
    from pathlib import Path
    example = Path(__file__).parents[2] / "examples" / "train_maskable_ppo.py"
    p = subprocess.run([sys.executable, str(example), "--help"], capture_output=True, text=True, timeout=300)
    assert (p.returncode, p.stderr) == (0, "") and p.stdout.startswith("usage: ")  # --help once raised a ValueError
    p = subprocess.run([sys.executable, str(example), "many"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_the_training_example_runs():
    import subprocess
    import sys
    from pathlib import Path
    example = Path(__file__).parents[2] / "examples" / "train_maskable_ppo.py"
    p = subprocess.run([sys.executable, "-W", "error", str(example), "256", "3"], capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 2 and all("MaskablePPO" in line and "random masked agent" in line for line in lines)
