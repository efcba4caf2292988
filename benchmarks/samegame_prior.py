"""Fit a learned prior for NRPA (``--prior``) to good games: softmax regression over each step's moves.

Each game of GAMES (result lines of `gridgames samegame solve -o`, searched on BOARDS) is replayed
from its board; at each step the moves a playout may draw (the candidates under the tabu rule, the
kept colour the most frequent one at the start, as NRPA's playouts draw them) and their features
(``move_features`` of the pure twin, the kernel's ``prior_bias`` order) make one softmax example whose
label is the move played.  The weights maximise the log-likelihood of the moves played minus an L2
penalty (Newton's method on standardized features, turned back into the raw features' weights:
a constant per feature cancels in a softmax), fitted on the first games and judged on the rest
(held out: log-loss per move, top-1 agreement, against the uniform choice), then fitted again on
all of them for the weights written to OUT.

The training boards are research boards 101-250 (never 1-100, where the search is judged, nor the
standard boards).  Round 0 (the games of today's default search, 4 CPU s per board):

    gridgames samegame solve benchmarks/results/prior/train-boards-101-250.txt --time 4 --cpu-time \\
        --seed 1 -o benchmarks/results/prior/games-round0.jsonl     # (run by the lead at nice 19)
    python benchmarks/samegame_prior.py benchmarks/results/prior/train-boards-101-250.txt \\
        benchmarks/results/prior/games-round0.jsonl --first 60 --out benchmarks/results/prior/prior-round0.json

train-boards-101-250.txt is ``research_boards(250)[100:]`` as ``write_boards`` writes them: board K
of the file is research board 100 + K.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np

from gridgames.samegame import read_boards
from gridgames.samegame._prior import FEATURES, load, vector
from gridgames.samegame.research import _search_pure_core as core


def examples(board: Any, moves: list[list[int]]) -> list[tuple[np.ndarray, int]]:
    """(features of each candidate, index of the move played) per step of a game."""
    x = core._Ctx(0, True, 0.0, None)
    p = board.kernel_state.copy()
    kept = core.start_tabu(x, p)
    out = []
    for t, (r, c) in enumerate(moves):
        legal, lone = core.gen_moves(p)
        cand, _ = core.candidates(x, legal, lone, kept, t, p.remaining)
        cells, regions = core.colour_counts(legal, lone)
        chosen = [i for i, m in enumerate(cand) if m.rc == (r, c)]
        if not chosen:
            raise ValueError(f"move {t + 1} ({r}, {c}) is not a candidate")
        if len(cand) > 1:  # a forced move teaches nothing
            feats = np.array([core.move_features(m, cells, regions, lone, kept) for m in cand], dtype=float)
            out.append((feats, chosen[0]))
        p.select(r, c)
    return out


def padded(steps: list[tuple[np.ndarray, int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Steps as arrays: features (S, K, F), a mask of real candidates (S, K), the chosen index (S,)."""
    k = max(len(f) for f, _ in steps)
    X = np.zeros((len(steps), k, len(FEATURES)))
    mask = np.zeros((len(steps), k), dtype=bool)
    for s, (f, _) in enumerate(steps):
        X[s, :len(f)] = f
        mask[s, :len(f)] = True
    return X, mask, np.array([c for _, c in steps])


def probabilities(X: np.ndarray, mask: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = np.where(mask, X @ w, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(X: np.ndarray, mask: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """The raw features' weights maximising log-likelihood - l2/2 |w_std|^2 (Newton)."""
    real = X[mask]
    mu, sd = real.mean(axis=0), real.std(axis=0)
    sd[sd == 0] = 1.0
    Z = np.where(mask[..., None], (X - mu) / sd, 0.0)
    w = np.zeros(len(FEATURES))
    rows = np.arange(len(y))
    for _ in range(50):
        P = probabilities(Z, mask, w)
        mean = np.einsum("sk,skf->sf", P, Z)
        grad = (Z[rows, y] - mean).sum(axis=0) - l2 * w
        hess = np.einsum("sk,skf,skg->fg", P, Z, Z) - mean.T @ mean + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    return w / sd


def judged(X: np.ndarray, mask: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, float]:
    """Log-loss per move (nats) and top-1 agreement of w, and of the uniform choice."""
    P = probabilities(X, mask, w)
    rows = np.arange(len(y))
    n = mask.sum(axis=1)
    return dict(moves=int(len(y)), log_loss=float(-np.log(P[rows, y]).mean()),
                top1=float((P.argmax(axis=1) == y).mean()), uniform_log_loss=float(np.log(n).mean()),
                uniform_top1=float((1.0 / n).mean()))


def weights_table(path: str) -> str:
    """The weights of the prior file ``path`` as the ablation page shows them (markdown)."""
    w = load(path)
    return ("| feature | " + " | ".join(w) + " |\n|---|" + "---:|" * len(w) + "\n| weight | "
            + " | ".join(f"{v:.4g}" for v in w.values()) + " |")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("boards", help="the boards the games were searched on (research text)")
    p.add_argument("games", nargs="+", help="result lines (solve -o) of games on those boards")
    p.add_argument("--first", type=int, default=None, metavar="N", help="only the games of boards 1..N")
    p.add_argument("--after", type=int, default=0, metavar="N", help="only the games of boards after N")
    p.add_argument("--judge", metavar="PRIOR", default=None,
                   help="fit nothing: print how the weights of the prior file PRIOR predict the games")
    p.add_argument("--held-out", type=float, default=0.2, metavar="F",
                   help="the last fraction F of the boards is held out for the figures (default 0.2)")
    p.add_argument("--l2", type=float, default=1.0, help="L2 penalty on the standardized weights (default 1)")
    p.add_argument("--out", help="the prior file to write (JSON)")
    args = p.parse_args(argv)
    if (args.out is None) == (args.judge is None):
        p.error("give --out (fit) or --judge PRIOR (judge), one of them")
    with open(args.boards, encoding="utf-8") as f:
        boards = read_boards(f.read(), args.boards, backend="pure")
    best: dict[int, dict[str, Any]] = {}
    for path in args.games:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                k = row["board"]
                if args.after < k <= (args.first or k) and (k not in best or row["score"] > best[k]["score"]):
                    best[k] = row
    keys = sorted(best)
    if args.judge is not None:
        w = np.array(vector(load(args.judge)))
        steps_all = padded([s for k in keys for s in examples(boards[k - 1], best[k]["moves"])])
        print(json.dumps(dict(judge=args.judge, boards=[keys[0], keys[-1]], games=len(keys), **judged(*steps_all, w))))
        return 0
    cut = keys[int(round(len(keys) * (1 - args.held_out)))] if args.held_out > 0 else keys[-1] + 1
    steps = {k: examples(boards[k - 1], best[k]["moves"]) for k in keys}
    train = padded([s for k in keys if k < cut for s in steps[k]])
    test = padded([s for k in keys if k >= cut for s in steps[k]])
    w_train = fit(*train, args.l2)
    figures = dict(train=judged(*train, w_train), held_out=judged(*test, w_train),
                   train_boards=[keys[0], cut - 1], held_out_boards=[cut, keys[-1]])
    w = fit(*padded([s for k in keys for s in steps[k]]), args.l2)
    doc = dict(weights={name: float(v) for name, v in zip(FEATURES, w)}, games=args.games, boards=args.boards,
               board_numbers=[keys[0], keys[-1]], games_used=len(keys), l2=args.l2, fit=figures,
               mean_score=sum(best[k]["score"] for k in keys) / len(keys))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(json.dumps(doc, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
