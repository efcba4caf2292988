"""What a release publishes: the package index's page (docs/pypi.md) has
only absolute links, [project.urls] is set, the sdist holds what the README links,
CITATION.cff validates, and the workflows keep their promises (a timeout on every
job, the OIDC token only in the publish job, every action pinned by SHA)."""
import doctest
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import gridgames

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

# [text](target), ![alt](target), <https://...>, href="..." and src="..."
LINK = re.compile(r"\]\(\s*([^)\s]+)|<((?:https?|ftp)://[^>]+)>|(?:href|src)=[\"']([^\"']+)")


def links(markdown):
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)  # code blocks hold commands, not links
    return [next(g for g in m.groups() if g) for m in LINK.finditer(text)]


def relative(markdown):
    return [t for t in links(markdown) if not re.match(r"https://", t)]


def test_the_package_page_has_only_absolute_links():
    readme = PYPROJECT["project"]["readme"]
    assert readme == "docs/pypi.md"
    page = (ROOT / readme).read_text()
    assert len(links(page)) >= 4 and relative(page) == []
    # the check finds what would break there: the README's own links are relative
    assert "SECURITY.md" in relative((ROOT / "README.md").read_text())


@pytest.mark.parametrize("page", ["docs/pypi.md", "docs/index.md"])
def test_the_pages_examples_run(page):
    failed, attempted = doctest.testfile(str(ROOT / page), module_relative=False)
    assert (failed, attempted > 0) == (0, True)


def test_the_bug_form_asks_for_the_version():
    form = (ROOT / ".github" / "ISSUE_TEMPLATE" / "bug.yml").read_text()
    field = form.split("id: version", 1)[1].split("  - type:", 1)[0]
    assert "label: gridgames --version" in field and "required: true" in field


def test_project_urls():
    urls = PYPROJECT["project"]["urls"]
    assert sorted(urls) == ["Changelog", "Documentation", "Issues", "Source"]
    assert all(u.startswith("https://") for u in urls.values())


def test_the_dev_tools_are_groups_and_not_extras():
    extras = PYPROJECT["project"]["optional-dependencies"]
    groups = PYPROJECT["dependency-groups"]
    assert sorted(extras) == ["browser", "gym", "judge", "ray", "rl", "sat"]
    assert {"test", "lint", "fuzz", "bench", "docs", "wheel-test"} <= set(groups)
    assert PYPROJECT["tool"]["cibuildwheel"]["test-groups"] == ["wheel-test"]
    assert not any("mypy" in r or "matplotlib" in r for r in groups["wheel-test"])


def test_citation_validates():
    cffconvert = pytest.importorskip("cffconvert", reason="cffconvert is not installed: pip install cffconvert "
                                     "(or pyproject.toml's release group: pip install . --group release)")
    text = (ROOT / "CITATION.cff").read_text()
    cffconvert.Citation(text).validate()  # the CFF 1.2.0 schema: raises when it does not hold
    assert re.search(rf"^version: {re.escape(gridgames.__version__)}$", text, re.M)
    with pytest.raises(Exception, match="'authors' is a required property"):
        cffconvert.Citation(re.sub(r"^authors:\n(  .*\n)+", "", text, flags=re.M)).validate()


def workflow_jobs(path):
    """{job: its lines} of a workflow (two-space job keys under `jobs:`)."""
    jobs, current = {}, None
    lines = path.read_text().splitlines()
    for line in lines[lines.index("jobs:") + 1:]:
        m = re.match(r"^  ([A-Za-z][\w-]*):\s*$", line)
        if m:
            current = jobs.setdefault(m[1], [])
        elif current is not None:
            current.append(line)
    return jobs


WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_job_has_a_timeout_and_pinned_actions(path):
    jobs = workflow_jobs(path)
    assert jobs
    timed = [job for job, lines in jobs.items() if any(re.match(r"^    timeout-minutes: \d+$", x) for x in lines)]
    assert sorted(timed) == sorted(jobs)
    uses = re.findall(r"uses: (\S+)", path.read_text())
    assert uses and [u for u in uses if not re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u)] == []


def test_only_the_publish_job_gets_an_oidc_token():
    found = {(path.name, job) for path in WORKFLOWS for job, lines in workflow_jobs(path).items()
             if any("id-token: write" in x for x in lines)}
    assert found == {("wheels.yml", "publish")}
    publish = "\n".join(workflow_jobs(ROOT / ".github" / "workflows" / "wheels.yml")["publish"])
    assert "name: pypi" in publish and "pypa/gh-action-pypi-publish@" in publish
    assert "needs: [wheels, sdist]" in publish and "refs/tags/v" in publish
    for path in WORKFLOWS:  # and no workflow grants it to all its jobs
        top = path.read_text().split("\njobs:")[0]
        assert "id-token" not in top


@pytest.mark.slow  # builds the sdist (a few seconds)
def test_the_sdist_holds_what_the_readme_links(tmp_path):
    build = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                            "print(build_meta.build_sdist(sys.argv[1]))", str(tmp_path)],
                           cwd=ROOT, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-3000:]
    with tarfile.open(tmp_path / build.stdout.split()[-1]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    targets = {t.split("#")[0] for t in relative((ROOT / "README.md").read_text())} - {""}
    assert len(targets) > 15
    assert sorted(targets - names) == []
    assert {"CHANGELOG.md", "SECURITY.md", "CITATION.cff", "CONTRIBUTING.md", "docs/conf.py", "docs/pypi.md"} <= names
