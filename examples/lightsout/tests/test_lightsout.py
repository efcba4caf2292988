"""Lights Out keeps gridgames' protocol: one test per conformance check
(gridgames.testing), after ``pip install examples/lightsout``."""
from gridgames.testing import parametrize_with_checks


@parametrize_with_checks(["lightsout"])
def test_lightsout_keeps_the_protocol(game, check):
    check(game)
