"""A larger simulated cluster: six Ray nodes of one CPU each on this machine
(ray.cluster_utils.Cluster) run an allocating improve-loop campaign and
lose two nodes while searches are under way on them; the campaign still
completes, with the results of --threads for every (board, run)."""
import pytest

try:
    import ray
except ImportError:  # CI installs the [ray] extra (.ci/run), so this runs there
    pytest.skip('Ray is not installed (pip install "gridgames[ray]")', allow_module_level=True)

from gridgames.samegame import read_boards, standard_boards, write_boards
from gridgames.samegame.research._allocate import allocating
from helpers import ray_cluster

pytestmark = pytest.mark.slow  # a six-node Ray cluster on this machine
NODES = 6
BOARDS = write_boards(standard_boards()[:3])


@pytest.fixture(scope="module")
def cluster():
    yield from ray_cluster(NODES)


def same(results):
    return sorted(r._replace(cpu=None) for r in results)


def test_six_nodes_lose_two_and_give_the_threads_results(cluster):
    boards = read_boards(BOARDS)
    starts = [(g.score, g.moves) for g in (b.search("nrpa", level=1, iterations=20, seed=1) for b in boards)]
    # searches of ~1 s: some are under way on the nodes that go, so the campaign only completes
    # if Ray runs them again elsewhere (max_retries)
    options = dict(extra=6, batch=3, runs=2, improve=starts, level=2, iterations=100, seed=4)
    expected = same(allocating(boards, "nrpa", threads=2, **options))
    assert ray.cluster_resources().get("CPU") == NODES
    lost = list(cluster.worker_nodes)[:2]
    found = []
    for result in allocating(boards, "nrpa", ray="auto", **options):
        found.append(result)
        if len(found) == 2:  # the warm-up's six searches are spread over the nodes
            for node in lost:
                cluster.remove_node(node)
    assert len(found) == 3 * 2 + 6
    assert same(found) == expected
    assert all(r.score >= start for r in found for start in [starts[r.board - 1][0]])


def test_the_cloud_config_is_valid_and_opens_no_port_to_the_world():
    """docs/ray-cluster.yaml (not run here): Ray's schema accepts it, and every node type names its
    own security group, so Ray creates none (its default one opens SSH to 0.0.0.0/0)."""
    import json
    from pathlib import Path

    import jsonschema
    import yaml
    config = yaml.safe_load((Path(__file__).parents[2] / "docs" / "ray-cluster.yaml").read_text())
    schema = json.loads((Path(ray.__file__).parent / "autoscaler" / "ray-schema.json").read_text())
    jsonschema.validate(config, schema)
    assert config["provider"]["type"] == "aws" and "security_group" not in config["provider"]
    for name, node in config["available_node_types"].items():
        assert node["node_config"]["SecurityGroupIds"] == ["sg-REPLACE-ME"], name
    head = " ".join(config["head_start_ray_commands"])
    assert "--dashboard-host=127.0.0.1" in head and "--num-cpus=0" in head
