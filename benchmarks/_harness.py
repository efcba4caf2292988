"""What the table scripts share: timing a whole child process."""
import resource
import subprocess
import time


def timed_run(*args, **kwargs):
    """``subprocess.run(*args, **kwargs)`` and (its CPU seconds, user +
    system of the process and its children, its wall seconds, its result);
    the one place the benchmark scripts time a whole child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(*args, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, result


def child_times(cmd, stdin_path, env=None):
    """(CPU seconds, wall seconds) of one run of ``cmd`` (``env``: its environment, None: this one's)."""
    with open(stdin_path, "rb") as stdin:
        cpu, wall, _ = timed_run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True, env=env)
    return cpu, wall
