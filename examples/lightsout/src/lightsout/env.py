"""``gridgames/LightsOut-v0``: press a light (action r*3+c); reward 1 when all are dark."""
import numpy as np
from gymnasium import spaces

from gridgames.protocol import GridEnv

from . import Board


class LightsOutEnv(GridEnv):
    def __init__(self, render_mode=None, backend=None, max_steps=20) -> None:
        super().__init__(render_mode, backend, max_steps)
        self.observation_space = spaces.Box(0, 1, (3, 3), np.uint8)
        self.action_space = spaces.Discrete(9)

    def _new_game(self) -> None:
        self.board = Board(self.np_random.integers(0, 2, (3, 3)).tolist())
        self._mask = np.ones(9, dtype=bool)

    def _play(self, action: int) -> float:
        self.board.press(action // 3 + 1, action % 3 + 1)
        return 1.0 if self.board.lit == 0 else 0.0

    def _observe(self):
        return np.array(self.board.lights, dtype=np.uint8)

    def _finished(self) -> bool:
        return self.board.lit == 0

    def _text(self) -> str:
        return self.board.text()

    def _picture(self):
        return np.repeat(np.repeat(self._observe() * 255, 8, 0), 8, 1)[..., None].repeat(3, 2)
