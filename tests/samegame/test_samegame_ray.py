"""Campaigns on Ray give the results of --threads for each (board, run): on
two Ray nodes on this machine (ray.cluster_utils.Cluster, one module-wide
cluster: starting Ray costs seconds), when a node is lost mid-campaign
(its tasks are run again), from the CLI joining that cluster, and on a
local Ray of the CLI's own.  Also the Ray executor of root-parallel search."""
import json
import os
import subprocess
import sys
import types

import pytest

# CI installs the [ray] extra (.ci/run), so these run there
pytest.importorskip("ray", reason='Ray is not installed (pip install "gridgames[ray]")')

from gridgames.samegame import campaign, read_boards, standard_boards, write_boards
from gridgames.samegame._single import SearchResult
from gridgames.samegame.research._jobs import search_seed
from helpers import ray_cluster

pytestmark = pytest.mark.slow  # Ray clusters on this machine: seconds each to start
BOARDS = write_boards(standard_boards()[:2])


@pytest.fixture(scope="module")
def cluster():
    """Two nodes of one CPU each; this process is connected to them."""
    yield from ray_cluster(2)


def same(results):
    """What a campaign found, per (board, run), CPU times aside."""
    return sorted(r._replace(cpu=None) for r in results)


def test_two_nodes_give_the_threads_results(cluster, backend):
    boards = read_boards(BOARDS, backend=backend)
    budget = dict(level=1, iterations=30 if backend == "compiled" else 5)
    on_ray = list(campaign(boards, "nrpa", seed=2, runs=3, ray="auto", **budget))
    threads = list(campaign(boards, "nrpa", seed=2, runs=3, threads=2, **budget))
    assert same(on_ray) == same(threads) and len(on_ray) == 6
    assert all(r.cpu is not None and r.cpu >= 0 for r in on_ray)


@pytest.mark.slow
def test_two_nodes_go_on_from_the_checkpoints(cluster, backend, tmp_path):
    # each task writes its own checkpoint (this machine's file system is every node's); the campaign
    # run again gives the same results from the files, the searches done
    boards = read_boards(BOARDS, backend=backend)
    budget = dict(level=2, iterations=6 if backend == "compiled" else 2)
    plain = same(campaign(boards, "nrpa", seed=3, runs=2, threads=2, **budget))
    for _ in range(2):
        on_ray = list(campaign(boards, "nrpa", seed=3, runs=2, ray="auto", checkpoint=str(tmp_path),
                               checkpoint_every=0.0, **budget))
        assert same(on_ray) == plain
    assert sorted(os.listdir(tmp_path)) == [f"board-{k}-run-{r}.ckpt" for k in (1, 2) for r in (1, 2)]


def test_a_node_lost_mid_campaign_changes_nothing(cluster):
    boards = read_boards(BOARDS)
    # each search lasts long enough (~1 s) to be under way on the worker when it goes, so the campaign
    # only completes if Ray runs the lost search again (max_retries)
    budget = dict(level=2, iterations=150)
    expected = same(campaign(boards, "nrpa", seed=6, runs=3, threads=2, **budget))
    worker = [node for node in cluster.worker_nodes][0]
    found = []
    for result in campaign(boards, "nrpa", seed=6, runs=3, ray="auto", **budget):
        found.append(result)
        if len(found) == 1:  # both nodes are searching: take one away
            cluster.remove_node(worker)
    assert same(found) == expected
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()


def test_cli_on_the_cluster_and_on_a_local_ray(cluster, tmp_path):
    """Once, on the default backend: a local Ray takes seconds to start."""
    def cli(*args):
        return subprocess.run([sys.executable, "-m", "gridgames", *map(str, args)], capture_output=True, timeout=600)
    (tmp_path / "b.txt").write_text(BOARDS)
    args = ("samegame", "solve", tmp_path / "b.txt", "--runs", "2", "--iterations", "10", "--json")
    threads = cli(*args, "--threads", "2")
    joined = cli(*args, "--ray", cluster.address, "-o", tmp_path / "joined.jsonl")
    local = cli(*args, "--ray")  # a Ray of its own, on all cores

    def searches(lines):
        return sorted((o["board"], o["run"], o["seed"], o["score"], o["moves"]) for o in map(json.loads, lines))
    assert threads.returncode == joined.returncode == local.returncode == 0, (joined.stderr, local.stderr)
    assert searches(joined.stdout.splitlines()) == searches(threads.stdout.splitlines())
    assert searches(local.stdout.splitlines()) == searches(threads.stdout.splitlines())
    assert searches((tmp_path / "joined.jsonl").read_bytes().splitlines()) == searches(threads.stdout.splitlines())


def test_executor_runs_plain_functions_as_tasks(cluster, monkeypatch):
    from gridgames.samegame.research._ray import Executor
    executor = Executor()
    futures = [executor.submit(search_seed, 5, k, 1) for k in range(4)]
    assert [f.result(timeout=120) for f in futures] == [search_seed(5, k, 1) for k in range(4)]
    # the campaign hands that executor to root_parallel (a stand-in for the sgsearch branch's)
    seen = []

    def root_parallel(board, *, level, iterations, seed, workers, executor, tabu=True, time=None, **options):
        seen.append((type(executor).__name__, [executor.submit(search_seed, seed, w, 1).result()
                                               for w in range(workers)]))
        return SearchResult(1, [(1, 1)], None, 0)
    monkeypatch.setitem(sys.modules, "gridgames.samegame.research._rootpar",
                        types.SimpleNamespace(root_parallel=root_parallel))
    found = list(campaign(read_boards(BOARDS)[:1], "nrpa", seed=3, root_parallel=2, ray="auto"))
    assert [(r.board, r.run, r.params["root_parallel"]) for r in found] == [(1, 1, 2)]
    assert seen == [("Executor", [search_seed(search_seed(3, 1, 1), w, 1) for w in range(2)])]


def test_root_parallel_search_on_ray(cluster):
    board = read_boards(BOARDS)[0]
    [found] = campaign([board], "nrpa", seed=1, root_parallel=2, ray="auto", level=2, iterations=5)
    assert board.copy().replay(found.moves) == found.score > 0


def test_a_host_and_port_where_nothing_answers_fails_at_once(tmp_path):
    """Ray alone would retry such an address for minutes."""
    import socket
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    (tmp_path / "b.txt").write_text(BOARDS)
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "solve", tmp_path / "b.txt",
                        "--ray", f"127.0.0.1:{port}"], capture_output=True, timeout=60)
    assert p.returncode == 1 and b"Traceback" not in p.stderr and p.stdout == b""  # no "total 0"
    assert p.stderr.startswith(f"gridgames samegame: cannot join Ray at 127.0.0.1:{port}: nothing answers "
                               "there (Connection refused)".encode()), p.stderr


def test_ray_is_started_and_joined_with_no_dashboard(monkeypatch):
    """SECURITY.md: a dashboard runs jobs for whoever reaches it."""
    from gridgames.samegame.research import _ray
    calls = []
    monkeypatch.setattr(_ray.ray, "is_initialized", lambda: False)
    monkeypatch.setattr(_ray.ray, "init", lambda **options: calls.append(options))
    monkeypatch.setattr(_ray, "_knock", lambda address: None)
    for address in ("local", "auto", "127.0.0.1:6379"):
        _ray.connect(address)
    assert [(c["address"], c["include_dashboard"], c["dashboard_host"]) for c in calls] == [
        ("local", False, "127.0.0.1"), ("auto", False, "127.0.0.1"), ("127.0.0.1:6379", False, "127.0.0.1")]


def test_a_local_ray_has_no_dashboard_and_takes_a_token():
    """It listens on every interface: with Ray's token (the default from Ray 2.59) no one else can use it."""
    code = ("import ray; from gridgames.samegame.research._ray import connect; connect('local'); "
            "from ray._raylet import AuthenticationMode, get_authentication_mode as mode; "
            "print(repr(ray._private.worker.global_worker.node.address_info['webui_url']), "
            "mode() == AuthenticationMode.TOKEN)")
    env = {k: v for k, v in os.environ.items() if k != "RAY_AUTH_MODE"}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == "'' True"
