"""The fast tier, ``pytest -m "not slow"`` (conftest.py counts the tests as
collected, before -m deselects any): it keeps at least 85 % of the tests, and
a test's pure twin runs in the same tier as its compiled one."""
import pytest

FAST_SHARE = 0.85


def test_the_fast_tier_keeps_most_tests(tiers):
    if not tiers["whole"]:
        pytest.skip("counts the whole suite: run pytest (or pytest -m 'not slow') on tests/")
    fast = tiers["total"] - tiers["slow"]
    assert tiers["total"] > 1000 and fast >= FAST_SHARE * tiers["total"], tiers


def test_twins_are_in_the_same_tier(tiers):
    assert tiers["split twins"] == [], "mark the test slow, not one backend; shrink the pure workload instead"
