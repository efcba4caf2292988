"""The judges' result tuples (JudgeResult, gopher's Outcome and Deduction, tile-match's Phase)
are written out on gridgames._runtime.Record and behave as collections.namedtuple
where the package relies on it; the judges use them so that they start without collections."""
import collections
import os
import pickle
import shutil
import subprocess
import sys

import pytest

from gridgames import JudgeResult
from gridgames._runtime import contextmanager
from gridgames.gopher import Deduction, Outcome
from gridgames.tilematch import Phase

OURS = [JudgeResult, Outcome, Deduction, Phase]


def theirs(cls):
    return collections.namedtuple(cls.__name__, cls._fields)


def values(cls):
    return list(range(1, len(cls._fields) + 1))


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("make", [lambda cls, v: cls(*v), lambda cls, v: cls(*v[:-1], **{cls._fields[-1]: v[-1]}),
                                  lambda cls, v: cls(**dict(zip(cls._fields, v))), lambda cls, v: cls._make(v)])
def test_built_the_same_ways(cls, make):
    v = values(cls)
    ours, their = make(cls, v), make(theirs(cls), v)
    assert ours == their == tuple(v)
    assert repr(ours) == repr(their)
    assert [getattr(ours, name) for name in cls._fields] == v
    assert ours._asdict() == their._asdict()
    assert ours._replace(**{cls._fields[0]: 9}) == their._replace(**{cls._fields[0]: 9})
    assert cls.__match_args__ == cls._fields == theirs(cls)._fields
    assert pickle.loads(pickle.dumps(ours)) == ours and type(pickle.loads(pickle.dumps(ours))) is cls


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("bad", [lambda cls, v: cls(*v[:-1]), lambda cls, v: cls(*v, 0),
                                 lambda cls, v: cls(*v, **{cls._fields[0]: 0}), lambda cls, v: cls._make(v[:-1]),
                                 lambda cls, v: cls(*v)._replace(middle=3)])
def test_refused_the_same_ways(cls, bad):
    v = values(cls)
    with pytest.raises((TypeError, ValueError)) as their:
        bad(theirs(cls), v)
    with pytest.raises(their.type) as ours:
        bad(cls, v)
    # "Phase.__new__() missing 1 required ..." too (Outcome's __new__ is its base's, _Outcome)
    assert str(ours.value).replace("_Outcome", "Outcome") == str(their.value)


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
def test_fields_are_read_only_and_the_tuple_has_no_dict(cls):
    record = cls(*values(cls))
    with pytest.raises(AttributeError):
        setattr(record, cls._fields[0], 3)
    with pytest.raises(AttributeError):
        record.other = 3


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
spec = importlib.util.spec_from_file_location("stand_ins", sys.argv[1])
stand_ins = importlib.util.module_from_spec(spec); spec.loader.exec_module(stand_ins)
class Pair(stand_ins.Record, fields=("left", "right")):
    __slots__ = ()
    def __new__(cls, left, right):
        return tuple.__new__(cls, (left, right))
def error(cls):
    try:
        cls(1, 2)._replace(middle=3)
    except Exception as exc:
        return type(exc).__name__, str(exc)
theirs, ours = error(collections.namedtuple("Pair", "left right")), error(Pair)
assert ours == theirs, (sys.version, ours, theirs)
"""


@pytest.mark.parametrize("python", OTHERS or [pytest.param(None, marks=pytest.mark.skip("no other Python on PATH"))])
def test_refused_the_same_ways_on_other_pythons(python):
    import gridgames._runtime
    p = subprocess.run([python, "-I", "-c", SAME_WAYS, gridgames._runtime.__file__],
                       capture_output=True, text=True, timeout=60)
    if "No module named" in p.stderr or "is not installed" in p.stderr or p.returncode == 127:
        pytest.skip(f"{python} does not run here")  # a pyenv shim of a version not installed
    assert p.returncode == 0, p.stderr
