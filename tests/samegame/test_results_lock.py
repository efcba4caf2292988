"""The campaign results file is locked on every platform: fcntl.flock on
POSIX, msvcrt.locking on Windows.  The Windows path runs everywhere, on a fake
msvcrt that behaves as Windows' byte-range locks do (a byte locked through one
handle cannot be locked through another, in any process)."""
import os
import sys
import types

import pytest

from gridgames.samegame.research import _results as results
from gridgames.samegame.research._jobs import Result

LK_UNLCK, LK_NBLCK = 0, 2  # msvcrt's values


class FakeMsvcrt(types.ModuleType):
    """msvcrt.locking over a table of locked (file, offset) bytes, shared by every handle."""
    LK_UNLCK, LK_NBLCK = LK_UNLCK, LK_NBLCK

    def __init__(self):
        super().__init__("msvcrt")
        self.held = {}  # (device, inode, offset) -> fd
        self.calls = []

    def locking(self, fd, mode, nbytes):
        st = os.fstat(fd)
        position = os.lseek(fd, 0, os.SEEK_CUR)
        self.calls.append((mode, nbytes, position))
        key = (st.st_dev, st.st_ino, position)
        if mode == LK_NBLCK:
            if key in self.held:
                raise PermissionError(13, "Permission denied")
            self.held[key] = fd
        elif mode == LK_UNLCK:
            if self.held.get(key) != fd:
                raise PermissionError(13, "Permission denied")
            del self.held[key]
        else:
            raise ValueError(mode)


@pytest.fixture
def windows(monkeypatch):
    """No fcntl, a (fake) msvcrt: as on Windows."""
    fake = FakeMsvcrt()
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl -> ImportError
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    return fake


def test_the_primitive_is_flock_on_posix_msvcrt_on_windows(monkeypatch, windows):
    assert results.lock_primitive() == ("msvcrt", windows)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    assert results.lock_primitive() == ("none", None)
    monkeypatch.undo()
    if os.name == "posix":
        import fcntl
        assert results.lock_primitive() == ("flock", fcntl)
    else:
        import msvcrt
        assert results.lock_primitive() == ("msvcrt", msvcrt)


def test_on_windows_one_campaign_at_a_time_per_file(tmp_path, windows):
    path = str(tmp_path / "runs.jsonl")
    first = results.Appender(path)
    try:
        with pytest.raises(ValueError, match="runs.jsonl is being written by another campaign"):
            results.Appender(path)
        # one byte far past the end: readers never meet the locked byte
        assert windows.calls[0] == (LK_NBLCK, 1, results.WINDOWS_LOCK_AT)
        assert results.WINDOWS_LOCK_AT > 2 ** 39
        first.write(Result(1, 1, 5, "nrpa", {}, 40, [], None, 10, 0.1, "0.1.0", "d"))
    finally:
        first.close()
    assert windows.held == {} and windows.calls[-1] == (LK_UNLCK, 1, results.WINDOWS_LOCK_AT)
    # the lock moved the position, yet the line was appended at the start of the empty file, whole
    with open(path, "rb") as f:
        data = f.read()
    assert data.startswith(b'{"board": 1') and data.endswith(b"}\n") and data.count(b"\n") == 1
    second = results.Appender(path)  # free again
    second.write(Result(1, 2, 6, "nrpa", {}, 41, [], None, 10, 0.1, "0.1.0", "d"))
    second.close()
    assert [(n, r.run) for n, r in results.load(path)] == [(1, 1), (2, 2)]


def test_without_any_primitive_the_file_is_written_unlocked(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    path = str(tmp_path / "runs.jsonl")
    first = results.Appender(path)
    second = results.Appender(path)
    first.close()
    second.close()
