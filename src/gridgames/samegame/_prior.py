"""A learned prior for NRPA (GNRPA's bias, Cazenave 2020): each move's
policy weight gains w . features, the features of the move in its position
that both kernels compute (``prior_bias`` in _search.pyx,
``move_features`` in its twin), with weights fitted to good games
(benchmarks/samegame_prior.py).  A prior is a mapping of every feature's
name to its weight; a prior file is a JSON object whose "weights" is one."""
from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from .._runtime.judge import quoted

#: The features, in the kernels' order: size - 2, (size - 2)**2, the share of
#: its colour's cells the region takes, whether it takes them all, whether its
#: colour is the kept (tabu) one, the height and column of its canonical cell
#: (0: bottom, left), its colour's lone cells, its colour's regions.
FEATURES = ("size", "size_sq", "share", "clears", "kept", "height", "column", "lone", "regions")
MAX_FILE = 1 << 16  # a prior file is a few hundred bytes


def vector(prior: Mapping[str, Any]) -> tuple[float, ...]:
    """The kernels' weights of ``prior`` (FEATURES' order); ValueError
    unless it names every feature once with a finite number."""
    if not isinstance(prior, Mapping):
        raise ValueError(f"a prior must map each feature to its weight, not {type(prior).__name__}")
    unknown = [k for k in prior if k not in FEATURES]
    missing = [k for k in FEATURES if k not in prior]
    if unknown or missing:
        raise ValueError(f"a prior's features are {', '.join(FEATURES)}"
                         + (f"; not {quoted(str(unknown[0]))}" if unknown else f"; {missing[0]} is missing"))
    values = []
    for name in FEATURES:
        w = prior[name]
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise ValueError(f"a prior's weight of {name} must be a finite number, not {quoted(str(w))}")
        values.append(float(w))
    return tuple(values)


def load(path: str) -> dict[str, float]:
    """The prior of the file ``path`` (its "weights"); ValueError, in one
    line, for a file that is not one (OSError where it cannot be read)."""
    with open(path, "rb") as f:
        data = f.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise ValueError(f"not a prior file: over {MAX_FILE} bytes")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"not a prior file: not JSON ({type(e).__name__})") from None
    if not isinstance(doc, dict) or "weights" not in doc:
        raise ValueError('not a prior file: no "weights" object')
    vector(doc["weights"])
    return {name: float(doc["weights"][name]) for name in FEATURES}
