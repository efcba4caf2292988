"""The runner of test_cli_special_files.py: one process per backend with
gridgames and every command loaded, which forks a child per case (as the
``gridgames`` program runs it: ``cli.command``) under RLIMIT_AS and a
timeout, several at a time.  Reads {"cases", "timeout", "headroom"} as JSON
on standard input; writes each case with its "rc" (None: killed at the
timeout; then "grown": its resident memory beyond this process's), "err"
and "out" (the first bytes of standard output, a pipe).

A case's FIFO is fed "7\\n" without end by a feeder child; its growing file
gets "7\\n" lines appended while the case runs."""
import json
import os
import resource
import select
import signal
import sys
import time
import traceback

JOBS = 6  # children at a time (most wait: on a FIFO, or to the timeout)
KEEP = 1 << 12  # bytes of standard output kept


def proc_field(field, pid="self"):
    """A field of /proc/PID/status in bytes (VmSize, VmRSS)."""
    with open(f"/proc/{pid}/status") as f:
        return int(f.read().split(field + ":")[1].split()[0]) * 1024


def run_case(case, headroom):
    """In the forked child: the command, then _exit with its status."""
    limit = proc_field("VmSize") + headroom
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.chdir(case["cwd"])
    if case["kind"] == "unreadable" and os.geteuid() == 0:  # root would read it: nobody may not
        os.setgid(65534)
        os.setuid(65534)
    sys.argv = ["gridgames", *case["argv"]]
    try:
        from gridgames.cli import command
        command()
        status = 0
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    except BaseException:  # what the interpreter would print
        traceback.print_exc()
        status = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException as exc:
        os.write(2, f"Exception ignored at exit: {exc!r}\n".encode())
        status = 120
    os._exit(status)


def feeder(path, endless):
    """A child that writes "7\\n" lines to ``path``: into a FIFO as fast as it
    is read, to a file appended slowly; killed when its case ends."""
    pid = os.fork()
    if pid:
        return pid
    try:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        fd = os.open(path, os.O_WRONLY | (0 if endless else os.O_APPEND))
        block = b"7\n" * (1 << 14 if endless else 1 << 11)
        while True:
            os.write(fd, block)
            if not endless:
                time.sleep(0.002)
    finally:
        os._exit(0)


def start(case, headroom):
    out_r, out_w = os.pipe()
    err = os.path.join(case["cwd"], ".stderr")
    feeders = []
    if case["kind"] in ("fifo", "growing"):
        feeders.append(feeder(os.path.join(case["cwd"], case["kind"]), case["kind"] == "fifo"))
    pid = os.fork()
    if pid == 0:
        os.close(out_r)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out_w, 1)
        os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        run_case(case, headroom)
    os.close(out_w)
    return {"pid": pid, "out_r": out_r, "err": err, "feeders": feeders, "out": b"", "case": case,
            "deadline": None, "grown": 0}


def finish(job, rc):
    for f in job["feeders"]:
        os.kill(f, signal.SIGKILL)
        os.waitpid(f, 0)
    os.set_blocking(job["out_r"], False)  # what is left in the pipe (other children hold its end too)
    try:
        while len(job["out"]) < KEEP and (data := os.read(job["out_r"], 1 << 16)):
            job["out"] += data
    except BlockingIOError:
        pass
    os.close(job["out_r"])
    with open(job["err"], "rb") as f:
        err = f.read().decode("utf-8", "backslashreplace")
    return dict(job["case"], rc=rc, grown=job["grown"], err=err, out=job["out"].decode("utf-8", "backslashreplace"))


def serve():
    request = json.load(sys.stdin)
    timeout, headroom = request["timeout"], request["headroom"]
    from gridgames.cli import _args, build_parser
    _args.WANTED = None
    build_parser()  # every command's module loaded once, here
    sys.stdout.flush()
    todo, running, done = list(request["cases"]), [], []
    while todo or running:
        while todo and len(running) < JOBS:
            job = start(todo.pop(0), headroom)
            job["deadline"] = time.monotonic() + timeout
            running.append(job)
        ready, _, _ = select.select([j["out_r"] for j in running], [], [], 0.02)
        for job in running:
            if job["out_r"] in ready:
                data = os.read(job["out_r"], 1 << 16)
                job["out"] = (job["out"] + data)[:KEEP]
        for job in list(running):
            pid, status = os.waitpid(job["pid"], os.WNOHANG)
            if pid == 0 and time.monotonic() > job["deadline"]:
                # beyond this process's (what it was forked from)
                job["grown"] = proc_field("VmRSS", job["pid"]) - proc_field("VmRSS")
                os.kill(job["pid"], signal.SIGKILL)
                os.waitpid(job["pid"], 0)
                done.append(finish(job, None))
            elif pid:
                done.append(finish(job, os.waitstatus_to_exitcode(status)))
            else:
                continue
            running.remove(job)
    json.dump(done, sys.stdout)
