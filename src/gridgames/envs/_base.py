"""What the four environments share: discrete actions with a mask, the
illegal-action rule, the info dict, step budgets and the render modes."""
from __future__ import annotations

from operator import index
from typing import Any, Generic, SupportsIndex, TypeVar

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from .._runtime.backend import NAMES
from .._runtime.state_wrapper import Wrapper

Mask = npt.NDArray[np.bool_]
B = TypeVar("B", bound=Wrapper)


class OneBoard(Generic[B]):
    """An environment over one game object, ``_board`` (a SameGame or
    tile-match Board): ``board`` shows it."""

    _board: B

    @property
    def board(self) -> B:
        """The current position, all of it (a copy: changing it changes nothing here)."""
        return self._board.copy()


class GridEnv(gym.Env[npt.NDArray[Any], np.int64]):
    """A grid game with a ``Discrete`` action space and a mask of legal actions.

    The mask is in ``info["action_mask"]`` after every ``reset`` and ``step``
    and from ``action_masks()`` (the MaskablePPO convention).  An illegal
    action (mask False) changes nothing, gives reward 0 and is counted:
    ``info["illegal"]`` tells whether this step's action was illegal and
    ``info["illegal_actions"]`` how many were in this episode.  The episode
    terminates when the game is over or no legal action is left (a stuck
    board is an end, not a time limit); with ``max_steps``, it is truncated
    after that many steps (legal or not).

    Through Gymnasium's wrappers (``gym.make`` adds some) the mask is
    ``env.unwrapped.action_masks()`` or ``env.get_wrapper_attr("action_masks")()``;
    sb3-contrib's ``get_action_masks(env)`` takes vector envs.

    Subclasses define the spaces and ``_new_game``, ``_play``, ``_observe``,
    ``_finished``, ``_text`` and ``_picture``, and keep
    ``self._mask`` up to date.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    action_space: gym.spaces.Discrete

    def __init__(self, render_mode: str | None, backend: str | None,
                 max_steps: int | None = None) -> None:
        """Check the arguments every environment takes (see the class)."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} "
                             f"or None, not {render_mode!r}")
        if backend is not None and backend not in NAMES:
            raise ValueError(f"backend must be 'compiled', 'pure' or None, not {backend!r}")
        if max_steps is not None and index(max_steps) < 1:
            raise ValueError(f"max_steps must be 1 or more (or None), not {max_steps}")
        self.render_mode = render_mode
        self.backend = backend
        self.max_steps = max_steps
        self._mask: Mask = np.zeros(0, dtype=bool)
        self._steps = self._illegal = 0

    # -- the Gymnasium API ---------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """A new game (``seed``: the env's random generator is seeded first)."""
        super().reset(seed=seed)
        self._new_game()  # (no reset options: the constructor holds the settings)
        self._steps = self._illegal = 0
        return self._observe(), self._info(False)

    def step(self, action: SupportsIndex) -> tuple[npt.NDArray[Any], float, bool, bool,
                                                   dict[str, Any]]:
        """Play one action: (observation, reward, terminated, truncated, info)."""
        a = index(action)
        if not 0 <= a < self.action_space.n:
            raise ValueError(f"action {a} is outside the action space {self.action_space}")
        self._steps += 1
        illegal = not self._mask[a]
        if illegal:
            self._illegal += 1
            reward = 0.0
        else:
            reward = self._play(a)
        terminated = self._finished() or not self._mask.any()  # stuck: the game is over too
        truncated = (not terminated and self.max_steps is not None
                     and self._steps >= self.max_steps)
        return self._observe(), reward, terminated, truncated, self._info(illegal)

    def action_masks(self) -> Mask:
        """The legal actions now, as a bool array over the action space."""
        return self._mask.copy()

    def render(self) -> Any:
        """``ansi``: the board as text; ``rgb_array``: an RGB picture (uint8,
        height x width x 3); no render mode: None."""
        if self.render_mode == "ansi":
            return self._text()
        if self.render_mode == "rgb_array":
            return self._picture()
        return None

    def _info(self, illegal: bool) -> dict[str, Any]:
        """The info dict of a reset or step: the mask and the illegal-action counts."""
        return {"action_mask": self._mask.copy(), "illegal": illegal,
                "illegal_actions": self._illegal}

    # -- what each game defines ---------------------------------------------
    def _new_game(self) -> None:
        """A new board: the fixed one, or one drawn from the env's seed; its mask."""
        raise NotImplementedError

    def _play(self, action: int) -> float:
        """Play a legal action, update the mask, return the reward."""
        raise NotImplementedError

    def _observe(self) -> npt.NDArray[Any]:
        """A new observation array (never one handed out before)."""
        raise NotImplementedError

    def _finished(self) -> bool:
        """Whether the game is over (the episode terminates; a stuck board ends it too)."""
        raise NotImplementedError

    def _text(self) -> str:
        """The board as text (``render_mode='ansi'``)."""
        raise NotImplementedError

    def _picture(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB array (``render_mode='rgb_array'``)."""
        raise NotImplementedError
