"""gridgames._record.namedtuple behaves as collections.namedtuple where the
package relies on it (JudgeResult, gopher's Outcome and Deduction,
tile-match's Phase); the judges import it instead so that they start
without collections (issue 37)."""
import collections
import pickle

import pytest

from gridgames import JudgeResult
from gridgames._record import contextmanager, namedtuple

Ours = namedtuple("Pair", "left right")
Theirs = collections.namedtuple("Pair", "left right")


@pytest.mark.parametrize("make", [lambda cls: cls(1, 2), lambda cls: cls(1, right=2), lambda cls: cls(right=2, left=1),
                                  lambda cls: cls._make([1, 2])])
def test_built_the_same_ways(make):
    ours, theirs = make(Ours), make(Theirs)
    assert ours == theirs == (1, 2)
    assert repr(ours) == repr(theirs) == "Pair(left=1, right=2)"
    assert (ours.left, ours.right) == (theirs.left, theirs.right) == (1, 2)
    assert ours._asdict() == theirs._asdict() == {"left": 1, "right": 2}
    assert ours._replace(right=5) == theirs._replace(right=5) == (1, 5)
    assert Ours._fields == Theirs._fields == ("left", "right")
    assert Ours.__match_args__ == ("left", "right")


@pytest.mark.parametrize("bad", [lambda cls: cls(1), lambda cls: cls(1, 2, 3), lambda cls: cls(1, left=2),
                                 lambda cls: cls._make([1]), lambda cls: cls(1, 2)._replace(middle=3)])
def test_refused_the_same_ways(bad):
    with pytest.raises((TypeError, ValueError)) as theirs:
        bad(Theirs)
    with pytest.raises(theirs.type) as ours:
        bad(Ours)
    assert str(ours.value) == str(theirs.value)  # "Pair.__new__() missing 1 required ..." too


def test_fields_are_read_only_and_the_tuple_has_no_dict():
    pair = Ours(1, 2)
    with pytest.raises(AttributeError):
        pair.left = 3
    with pytest.raises(AttributeError):
        pair.other = 3


def test_a_judge_result_pickles_by_name():
    result = JudgeResult(b"out", None, [])
    assert type(result).__module__ == "gridgames._judge"
    assert pickle.loads(pickle.dumps(result)) == result
    assert type(pickle.loads(pickle.dumps(result))) is JudgeResult


def test_the_lazy_contextmanager_is_contextlibs():
    calls = []

    @contextmanager
    def around(x):
        calls.append("enter")
        yield x + 1
        calls.append("exit")
    assert around.__name__ == "around"
    with around(1) as y:
        assert y == 2
    assert calls == ["enter", "exit"]
