"""`samegame solve`'s search options: the NRPA flags, the search and its
options as the command line states them, and the combinations refused in
the options' own words (before anything is read or written)."""
from __future__ import annotations

import argparse
from typing import Any, Optional

from ..samegame._single import DEFAULT_ITERATIONS, MAX_WIDTH, strongest
from ._args import finite, ranged

INT31 = 2**31 - 1  # the kernels' counts are C ints
# NRPA's tuning options (each refused with another search: cli/_contract.py).
NRPA_OPTIONS = (
    ("--stab", ranged(1, INT31, "P"), "P", "nrpa: playouts per adapt at level 1 (stabilized NRPA; default 1)"),
    ("--restarts", ranged(0, 2**62, "R"), "R",
     "nrpa: run the top level again from a fresh policy R times (default 0)"),
    ("--repeats", ranged(0, INT31, "R"), "R",
     "nrpa: a level ends once the level below returned its best score again R times "
     "(GNRPA with limited repetitions; default 0: never)"),
    ("--tabu-bias", finite(0.0, "B"), "B",
     "nrpa: allow tabu-colour moves with bias -B (GNRPA) instead of banning them"),
    ("--size-bias", finite(None, "B"), "B", "nrpa: bias B per cell of a region beyond 2 (GNRPA; default 0)"),
    ("--colour-bias", finite(None, "B"), "B",
     "nrpa: bias B times the share of its colour's cells a region holds (a position evaluation; default 0)"),
    ("--improve-adapts", ranged(1, INT31, "K"), "K",
     "with --improve: adapt towards the start game K times, then towards this run's own best "
     "(diversity; default: always towards the best so far)"),
)


def search_options(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The search and its options, every one that the search uses stated
    (they go into each result line)."""
    algo, options = args.algo or "nrpa", dict[str, Any]()
    if args.algo is None and args.time is not None:
        algo, options = strongest()
        options = dict(options)
    if algo in ("nmcs", "nrpa", "nmcs-beam"):
        options.setdefault("level", 1)
    if args.level is not None:
        options["level"] = args.level
    if args.iterations is not None:
        options["iterations"] = args.iterations
    options.setdefault("iterations", DEFAULT_ITERATIONS.get(algo))
    given = dict(stab=args.stab, restarts=args.restarts, tabu_bias=args.tabu_bias, size_bias=args.size_bias,
                 colour_bias=args.colour_bias, repeats=args.repeats, improve_adapts=args.improve_adapts)
    options.update((k, v) for k, v in given.items() if v is not None)
    if args.cpu_time:
        options["cpu_time"] = True
    if algo in ("beam", "beam-eval", "nmcs-beam"):
        options["width"] = args.width
    for name in ("tabu_free", "tabu_until"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    if algo in ("beam-eval", "nmcs-beam") and args.weights is not None:
        options["weights"] = args.weights
    options["tabu"] = args.tabu
    if args.tabu_colour is not None:
        options["tabu_colour"] = args.tabu_colour
    elif not args.tabu:
        options.pop("tabu_colour", None)  # strongest()'s colour, where no colour is kept
    options["time"] = args.time
    return algo, options



def refused(args: argparse.Namespace, algo: str, options: dict[str, Any]) -> Optional[str]:
    """Why this search cannot run, in the options' words (None: it can)."""
    level = options.get("level")
    if algo in ("beam", "nmcs-beam") and args.width > MAX_WIDTH[algo]:
        return (f"argument --width: {algo}'s W must be in 1..{MAX_WIDTH[algo]} (beam-eval's up to "
                f"{MAX_WIDTH['beam-eval']}), not {args.width}")
    if algo == "nmcs-beam" and level == 0:
        return "argument --level: nmcs-beam's L must be in 1..10, not 0"
    if options.get("tabu_colour") == "race":
        why = ("needs --time (the colours race inside it)" if args.time is None else
               "only with --algo nrpa" if algo != "nrpa" else
               "not allowed with --root-parallel" if args.root_parallel is not None else
               "not allowed with --checkpoint" if args.checkpoint is not None else None)
        if why:
            return f"argument --tabu-colour: race {why}"
    if algo == "nrpa" and level == 0:
        return "argument --level: nrpa's L must be in 1..10, not 0"
    if args.root_parallel is not None and level is not None and level < 2:
        return (f"argument --root-parallel: needs --level 2 or more (its workers run level L-1), not level {level}"
                + ("" if args.level is not None else " (the default without --time)"))
    if args.allocate is not None and args.runs < 2:
        return (f"argument --allocate: needs --runs 2 or more (each board's first searches show how much its "
                f"score moves), not --runs {args.runs}")
    return None
