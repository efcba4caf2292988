"""gridgames: exact, fast engines for grid-puzzle games.

``BACKEND`` is "compiled" when the Cython kernels are in use and
"pure-python" when the pure-Python twins are (see ``gridgames._backend``).
"""
from ._backend import kernel as _kernel, name_of as _name_of
from ._version import __version__

BACKEND = _name_of(_kernel("samegame"))

__all__ = ["BACKEND", "__version__"]
