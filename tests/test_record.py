"""gridgames._runtime.stand_ins.namedtuple behaves as collections.namedtuple where the
package relies on it (JudgeResult, gopher's Outcome and Deduction,
tile-match's Phase); the judges import it instead so that they start
without collections (issue 37)."""
import collections
import os
import pickle
import shutil
import subprocess
import sys

import pytest

from gridgames import JudgeResult
from gridgames._runtime.stand_ins import contextmanager, namedtuple

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
    assert type(result).__module__ == "gridgames._runtime.judge"
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


# Every other interpreter on PATH (3.13 and later changed _replace's error to a TypeError):
# the file itself, loaded there without the package, is refused as that Python's collections refuses.
OTHERS = sorted({found for v in range(8, 16) if (found := shutil.which(f"python3.{v}"))
                 and os.path.realpath(found) != os.path.realpath(sys.executable)})
SAME_WAYS = """\
import collections, importlib.util, sys
spec = importlib.util.spec_from_file_location("_record", sys.argv[1])
record = importlib.util.module_from_spec(spec); spec.loader.exec_module(record)
def error(cls):
    try:
        cls(1, 2)._replace(middle=3)
    except Exception as exc:
        return type(exc).__name__, str(exc)
theirs, ours = error(collections.namedtuple("Pair", "left right")), error(record.namedtuple("Pair", "left right"))
assert ours == theirs, (sys.version, ours, theirs)
"""


@pytest.mark.parametrize("python", OTHERS or [pytest.param(None, marks=pytest.mark.skip("no other Python on PATH"))])
def test_refused_the_same_ways_on_other_pythons(python):
    import gridgames._runtime.stand_ins
    p = subprocess.run([python, "-I", "-c", SAME_WAYS, gridgames._runtime.stand_ins.__file__],
                       capture_output=True, text=True, timeout=60)
    if "No module named" in p.stderr or "is not installed" in p.stderr or p.returncode == 127:
        pytest.skip(f"{python} does not run here")  # a pyenv shim of a version not installed
    assert p.returncode == 0, p.stderr
