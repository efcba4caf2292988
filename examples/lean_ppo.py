"""A lean masked PPO in plain torch, CleanRL-style, on the batched environments.

One file, no RL library: the learner steps a ``gridgames.envs.vector``
batch of N boards (N = 1024 by default) in one kernel call per step and
works on whole (N, ...) arrays only: no Python per board anywhere, in the
rollout, the update or the evaluation.

- The policy: each cell's value is one-hot encoded into a hidden layer
  (``OneHotSum``: a Linear layer on the one-hot board at the cost of one row
  per cell), a second hidden layer, then a value head and a policy head: a
  logit per action plus, where actions are cells, a learned preference for
  the cell's value (SameGame: its colour); illegal actions get -1e8.
- PPO: 16 steps of the N boards per rollout, one epoch of 8 minibatches
  (enough to keep the update about twice the rollout's cost), gamma 1, GAE
  lambda 1.
- Autoreset is the batch's next-step one: the step after a board's episode
  ended only resets it.  That step is not a move: it is left out of the
  loss and of the step count (``valid``), and the advantage does not flow
  across it.
- Rewards are scaled by a running estimate of the spread of the returns
  (as SB3's ``VecNormalize``); advantages normalised per minibatch.

    pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu   # the CPU build
    pip install "gridgames[gym]"
    python examples/lean_ppo.py                       # SameGame 15x15, 2M steps, one core
    python examples/lean_ppo.py --game Gopher --steps 3000000
    python examples/lean_ppo.py --rows 5 --cols 5 --colours 3 --steps 5000000

It prints the mean score of the policy (its most likely legal action) and of
the random masked agent on the same evaluation boards (seeds 10^6.., never
trained on) along the training, and the steps per CPU second.
benchmarks/rl_lean.py runs it for the results in docs/results/rl.md.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from gridgames.envs.vector import GopherVectorEnv, SameGameVectorEnv, TileMatchVectorEnv

GAMES = {"SameGame": SameGameVectorEnv, "Gopher": GopherVectorEnv, "TileMatch": TileMatchVectorEnv}
EVAL_SEED = 10**6  # evaluation boards: seeds EVAL_SEED + i, never trained on (training seeds are small)


@dataclass
class Config:
    game: str = "SameGame"
    options: dict = field(default_factory=lambda: {"rows": 15, "cols": 15})
    n_envs: int = 1024
    n_steps: int = 16             # steps per board per rollout
    epochs: int = 1
    minibatches: int = 8
    hidden: int = 64
    lr: float = 1e-3
    gamma: float = 1.0
    gae_lambda: float = 1.0          # (Monte Carlo returns within a rollout: SameGame pays late)
    clip: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    seed: int = 0
    device: str = "cpu"
    env_threads: int = 1          # threads stepping slices of the boards (the kernel releases the GIL)
    max_wall_s: float = 0.0       # stop after this many seconds (0: no limit)


BF16 = torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported()  # (CPU)


class OneHotSum(torch.autograd.Function):
    """``onehot(idx) @ weight`` for idx (B, cells) holding one row index per
    cell: forward sums the rows (``embedding_bag``); backward is one dense
    matrix product with the one-hot board, several times faster on a CPU
    than ``embedding_bag``'s own backward (which sorts the indices)."""

    @staticmethod
    def forward(ctx, idx: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(idx)
        ctx.rows = weight.shape[0]
        return nn.functional.embedding_bag(idx, weight, mode="sum")

    buffers: dict = {}  # one-hot boards by shape, reused (a new large tensor costs page faults)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        (idx,) = ctx.saved_tensors
        key = (idx.shape[0], ctx.rows, grad.dtype, grad.device)
        onehot = OneHotSum.buffers.get(key)
        if onehot is None:
            onehot = OneHotSum.buffers[key] = torch.empty(key[:2], dtype=grad.dtype, device=grad.device)
        onehot.zero_().scatter_(1, idx, 1.0)
        if BF16:  # the one-hot board is exact in bfloat16; the product is 2-3x faster (accumulated in float)
            return None, (onehot.T.bfloat16() @ grad.bfloat16()).to(grad.dtype)
        return None, onehot.T @ grad


class Agent(nn.Module):
    """Board (B, cells) of small ints -> (masked-later logits (B, actions), values (B,))."""

    def __init__(self, cells: int, values: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.embed = nn.Parameter(torch.randn(cells * values, hidden) / np.sqrt(cells))  # Linear on one-hot cells
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.fc = nn.Linear(hidden, hidden)
        self.pi = nn.Linear(hidden, actions)
        self.prefer = nn.Linear(hidden, values)  # a logit per cell value, added to each cell's action
        self.per_cell = actions == cells
        self.v = nn.Linear(hidden, 1)
        self.register_buffer("offsets", torch.arange(cells) * values)
        for layer, gain in ((self.fc, np.sqrt(2)), (self.pi, 0.01), (self.prefer, 0.01), (self.v, 1.0)):
            nn.init.orthogonal_(layer.weight, gain)
            nn.init.zeros_(layer.bias)

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        cells = obs.long()
        x = torch.relu(OneHotSum.apply(cells + self.offsets, self.embed) + self.bias)
        x = torch.relu(self.fc(x))
        logits = self.pi(x)
        if self.per_cell:  # an action per cell (SameGame, Gopher): how much the board wants that cell's value
            logits = logits + self.prefer(x).gather(1, cells)
        return logits, self.v(x).squeeze(-1)


def mask_bias(masks: torch.Tensor) -> torch.Tensor:
    """0 for a legal action, -1e8 for an illegal one (probability 0, no NaN),
    to add to the logits.  A board with no legal action (it ended) may play
    action 0 (the batch ignores the action of the step that resets it)."""
    bias = (~masks).float().mul_(-1e8)
    bias[:, 0].masked_fill_(~masks.any(dim=1), 0.0)
    return bias


def sample(probs: torch.Tensor) -> torch.Tensor:
    """One action per row, drawn from ``probs`` (rows of probabilities; by the
    inverse cumulative distribution: a probability 0 is never drawn)."""
    cdf = probs.cumsum(dim=1)
    u = torch.rand((len(cdf), 1), device=cdf.device) * cdf[:, -1:]
    return (cdf <= u).sum(dim=1).clamp_(max=cdf.shape[1] - 1)


def make_envs(cfg: Config, n: int):
    return GAMES[cfg.game](n, copy=False, **cfg.options)


def stepper(envs, threads: int):
    """``step(actions) -> (rewards, terminated, truncated)`` of the batch;
    with ``threads`` > 1, slices of the boards step in parallel threads."""
    if threads == 1:
        return lambda actions: envs.step(actions)[1:4]
    from concurrent.futures import ThreadPoolExecutor
    batch, pool = envs.unwrapped, ThreadPoolExecutor(threads)
    cuts = np.linspace(0, batch.num_envs, threads + 1).astype(int)

    def step(actions):
        a = np.ascontiguousarray(actions, dtype=np.int64)
        list(pool.map(lambda k: batch._kernel.step(a, cuts[k], cuts[k + 1]), range(threads)))
        return batch._rewards, batch._terminations, batch._truncations
    return step


def make_agent(cfg: Config, envs) -> Agent:
    space = envs.single_observation_space
    values = int(space.high.max()) + 1
    return Agent(int(np.prod(space.shape)), values, int(envs.single_action_space.n), cfg.hidden).to(cfg.device)


class RewardScale:
    """Divides rewards by the running standard deviation of the returns
    (per board, discounted by gamma, restarted at episode ends)."""

    def __init__(self, n: int, gamma: float) -> None:
        self.ret, self.gamma = np.zeros(n), gamma
        self.count, self.mean, self.var = 1e-4, 0.0, 1.0

    def __call__(self, rewards: np.ndarray, dones: np.ndarray) -> np.ndarray:
        self.ret = self.ret * self.gamma + rewards
        b_mean, b_var, b_n = self.ret.mean(), self.ret.var(), len(rewards)
        delta, total = b_mean - self.mean, self.count + b_n
        self.mean += delta * b_n / total
        self.var = (self.var * self.count + b_var * b_n + delta**2 * self.count * b_n / total) / total
        self.count = total
        self.ret[dones] = 0.0
        return rewards / np.sqrt(self.var + 1e-8)


def train(cfg: Config, total_steps: int, every: int = 0, evaluate_fn=None, log=print) -> dict:
    """Trains for ``total_steps`` moves (board steps that are moves, summed over
    the boards); ``evaluate_fn(agent, steps)`` is called every ``every`` moves
    (and at the end).  Returns the agent, the CPU seconds of training (not
    of the evaluations) and the moves."""
    torch.manual_seed(cfg.seed)
    dev, n, t_len = cfg.device, cfg.n_envs, cfg.n_steps
    envs = make_envs(cfg, n)
    agent = make_agent(cfg, envs)
    opt = torch.optim.Adam(agent.parameters(), lr=cfg.lr, eps=1e-5)
    scale = RewardScale(n, cfg.gamma)
    step = stepper(envs, cfg.env_threads)
    obs_np, _ = envs.reset(seed=cfg.seed * n)  # (training boards: seeds below the evaluation seeds)
    obs_np = obs_np.reshape(n, -1)  # the kernel's buffers (copy=False), updated in place by each step
    masks_np = envs.unwrapped._masks
    cells, nact = obs_np.shape[1], masks_np.shape[1]
    obs_buf = torch.zeros((t_len, n, cells), dtype=torch.uint8, device=dev)
    bias_buf = torch.zeros((t_len, n, nact), device=dev)  # the masks as mask_bias
    act_buf = torch.zeros((t_len, n), dtype=torch.long, device=dev)
    logp_buf, val_buf, rew_buf, done_buf, valid_buf = (torch.zeros((t_len, n), device=dev) for _ in range(5))
    prev_done = np.zeros(n, dtype=bool)  # ended at the last step: this step only resets it
    steps, next_eval, cpu_train, cpu_rollout, start = 0, 0, 0.0, 0.0, time.perf_counter()
    while True:
        if cfg.max_wall_s and time.perf_counter() - start > cfg.max_wall_s:
            total_steps = min(total_steps, steps)  # time is up: a last evaluation, then stop
        if evaluate_fn is not None and every and steps >= next_eval:
            evaluate_fn(agent, steps, cpu_train)
            next_eval += every
        if steps >= total_steps:
            break
        cpu0 = time.process_time()
        # -- rollout: t_len steps of the n boards ------------------------------
        with torch.inference_mode():
            for t in range(t_len):
                obs_buf[t].copy_(torch.from_numpy(obs_np))
                bias_buf[t] = mask_bias(torch.from_numpy(masks_np).to(dev))
                logits, value = agent(obs_buf[t])
                logits = logits + bias_buf[t]
                logp = torch.log_softmax(logits, dim=1)
                action = sample(torch.softmax(logits, dim=1))  # (not logp.exp(): exp(-1e8) is slow)
                logp_buf[t] = logp.gather(1, action[:, None]).squeeze(1)
                val_buf[t], act_buf[t] = value, action
                valid_buf[t] = torch.from_numpy(~prev_done).to(dev)
                rewards, terminated, truncated = step(action.cpu().numpy())
                done = terminated | truncated
                rew_buf[t] = torch.from_numpy(scale(rewards, done)).to(dev)
                done_buf[t] = torch.from_numpy(done).to(dev)
                steps += int(n - prev_done.sum())
                prev_done = done.copy()
            _, next_value = agent(torch.from_numpy(obs_np).to(dev))
            # -- advantages (GAE), not across an episode's end -----------------
            adv = torch.zeros_like(rew_buf)
            last = torch.zeros(n, device=dev)
            for t in reversed(range(t_len)):
                nxt = next_value if t == t_len - 1 else val_buf[t + 1]
                go_on = 1.0 - done_buf[t]
                delta = rew_buf[t] + cfg.gamma * nxt * go_on - val_buf[t]
                last = delta + cfg.gamma * cfg.gae_lambda * go_on * last
                adv[t] = last
            ret = adv + val_buf
        cpu_rollout += time.process_time() - cpu0
        update(cfg, agent, opt, obs_buf, bias_buf, act_buf, logp_buf, adv, ret, valid_buf)
        cpu_train += time.process_time() - cpu0
    return {"agent": agent, "cpu_s": cpu_train, "rollout_cpu_s": cpu_rollout, "steps": steps,
            "wall_s": time.perf_counter() - start}


def update(cfg: Config, agent: Agent, opt, obs_buf, bias_buf, act_buf, logp_buf, adv, ret, valid) -> None:
    """``cfg.epochs`` passes of clipped-PPO minibatch steps over the rollout's moves."""
    keep = valid.reshape(-1).bool()
    b_obs, b_bias = obs_buf.reshape(-1, obs_buf.shape[-1])[keep], bias_buf.reshape(-1, bias_buf.shape[-1])[keep]
    b_act, b_logp = act_buf.reshape(-1)[keep], logp_buf.reshape(-1)[keep]
    b_adv, b_ret = adv.reshape(-1)[keep], ret.reshape(-1)[keep]
    size = len(b_act)
    for _ in range(cfg.epochs):
        order = torch.randperm(size, device=b_act.device)
        for idx in order.chunk(cfg.minibatches):
            logits, value = agent(b_obs[idx])
            logits = logits + b_bias[idx]
            logp_all = torch.log_softmax(logits, dim=1)
            logp = logp_all.gather(1, b_act[idx, None]).squeeze(1)
            few = slice(0, len(idx) // 4)  # the entropy bonus, estimated on a quarter of the minibatch
            entropy = -(torch.softmax(logits[few], dim=1) * logp_all[few]).sum(dim=1).mean()
            a = b_adv[idx]
            a = (a - a.mean()) / (a.std() + 1e-8)
            ratio = (logp - b_logp[idx]).exp()
            pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - cfg.clip, 1 + cfg.clip)).mean()
            v_loss = 0.5 * ((value - b_ret[idx]) ** 2).mean()
            loss = pg_loss + cfg.vf_coef * v_loss - cfg.ent_coef * entropy
            opt.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), cfg.max_grad_norm)
            opt.step()


# -- evaluation: whole batches of boards, no Python per board ---------------------

def play(cfg: Config, boards: int, choose, seed: int = EVAL_SEED) -> np.ndarray:
    """The score of each of ``boards`` evaluation boards (board i: seed
    ``seed + i``, one game each); ``choose(obs (B, cells) uint8, masks (B, A)
    bool) -> actions``."""
    envs = make_envs(cfg, boards)
    obs, _ = envs.reset(seed=seed)
    obs = obs.reshape(boards, -1)
    masks = envs.unwrapped._masks
    scores, over = np.zeros(boards), np.zeros(boards, dtype=bool)
    while not over.all():
        _, rewards, terminated, truncated, _ = envs.step(choose(obs, masks))
        scores += np.where(over, 0.0, rewards)
        over |= terminated | truncated
    return scores


def policy_player(agent: Agent, device: str = "cpu"):
    """The agent's most likely legal action."""
    def choose(obs, masks):
        with torch.inference_mode():
            logits, _ = agent(torch.from_numpy(obs).to(device))
            return (logits + mask_bias(torch.from_numpy(masks).to(device))).argmax(dim=1).cpu().numpy()
    return choose


def random_player(seed: int = 0):
    """A uniformly random legal action (0 where none is)."""
    rng = np.random.default_rng(seed)

    def choose(obs, masks):
        k = (rng.random(len(masks)) * masks.sum(axis=1)).astype(np.int64)
        return np.argmax(masks.cumsum(axis=1) > k[:, None], axis=1)
    return choose


def summary(scores: np.ndarray) -> dict:
    return {"mean": float(scores.mean()), "stderr": float(scores.std(ddof=1) / np.sqrt(len(scores))),
            "boards": len(scores)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="SameGame", choices=list(GAMES))
    p.add_argument("--rows", type=int)
    p.add_argument("--cols", type=int)
    p.add_argument("--colours", type=int)
    p.add_argument("--steps", type=int, default=2_000_000)
    p.add_argument("--every", type=int, default=500_000)
    p.add_argument("--boards", type=int, default=1000, help="evaluation boards")
    p.add_argument("--n-envs", type=int, default=1024)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--device", default="cpu")
    for name in ("n_steps", "epochs", "minibatches", "hidden"):
        p.add_argument("--" + name.replace("_", "-"), type=int, default=getattr(Config, name))
    for name in ("lr", "gamma", "ent_coef"):
        p.add_argument("--" + name.replace("_", "-"), type=float, default=getattr(Config, name))
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    options = {k: v for k, v in (("rows", args.rows), ("cols", args.cols), ("colours", args.colours)) if v}
    if args.game == "SameGame" and not options:
        options = {"rows": 15, "cols": 15}
    cfg = Config(game=args.game, options=options, n_envs=args.n_envs, seed=args.seed, device=args.device,
                 **{k: getattr(args, k) for k in ("n_steps", "epochs", "minibatches", "hidden", "lr", "gamma",
                                                  "ent_coef")})
    rand = summary(play(cfg, args.boards, random_player()))
    print(f"{cfg.game} {options}: random masked agent {rand['mean']:.2f} +- {rand['stderr']:.2f} "
          f"({args.boards} boards)", flush=True)

    def report(agent, steps, cpu):
        s = summary(play(cfg, args.boards, policy_player(agent, cfg.device)))
        print(f"  {steps:>10,} steps, {cpu:7.1f} CPU s: {s['mean']:9.2f} +- {s['stderr']:.2f}", flush=True)

    out = train(cfg, args.steps, args.every, report)
    print(f"{out['steps']:,} steps in {out['cpu_s']:.1f} CPU s of training: "
          f"{out['steps'] / out['cpu_s']:,.0f} steps per CPU second "
          f"(rollout alone: {out['steps'] / out['rollout_cpu_s']:,.0f})")


if __name__ == "__main__":
    main()
