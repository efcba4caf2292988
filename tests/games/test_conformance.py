"""The conformance checks (gridgames.testing) over every registered game:
the table's, and those installed from elsewhere (entry points
gridgames.games: CI installs examples/lightsout and runs this file again).
A check that does not apply to a game is skipped, saying why."""
import pytest

from gridgames.testing import checks, parametrize_with_checks


@parametrize_with_checks()
def test_every_game_keeps_the_protocol(game, check):
    check(game)


def test_the_optional_parts_are_skipped_saying_why():
    found = {check.name: check.skip for check in checks("numberlink")}
    assert found["check_judge_files"] == "not a judge game (the row's judge is False)"
    assert "'kattis' is not in the row's has" in found["check_kattis"]
    assert found["check_vector_env"] is None and found["check_parts"] is None


def test_an_unknown_game_or_package_is_refused():
    import gridgames
    with pytest.raises(ValueError, match="game must be one of"):
        checks("chess")
    with pytest.raises(ValueError, match="the package of no registered game"):
        checks(gridgames)


def test_a_row_declares_only_known_optional_parts():
    from gridgames.protocol import Game
    with pytest.raises(ValueError, match="optional parts are vector, kattis, baseline"):
        Game(parts={}, judge=False, title=None, source=None, has=("gpu",))


def test_every_message_points_to_a_section_of_the_guide():
    from pathlib import Path

    from gridgames.testing import _part_checks
    text = (Path(__file__).parents[2] / _part_checks.DOC).read_text().lower()
    for role, (_, anchor) in _part_checks.FILES.items():
        assert f"## {anchor.replace('-', ' ')}\n" in text, role


def test_the_public_names_a_game_needs_load():
    from gridgames import protocol
    assert sorted(protocol.__all__) == sorted(["Game", "register_game", *protocol._WHERE])
    for name in protocol.__all__:
        assert getattr(protocol, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        protocol.nothing  # noqa: B018
