"""The CI workflows: tests on three systems and two Python versions gate the release."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")  # in the "dev" extra

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def _load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    if True in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return data


def test_tests_run_the_readme_command_on_three_systems_and_two_pythons() -> None:
    wf = _load("tests.yml")
    assert {"push", "pull_request", "workflow_call"} <= set(wf["on"])
    job = wf["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    oses = " ".join(matrix["os"])
    assert all(name in oses for name in ("ubuntu", "windows", "macos"))
    assert {"3.10", "3.13"} <= set(matrix["python"])
    run = " ".join(step.get("run", "") for step in job["steps"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install -e ".[test]"' in readme and 'pip install -e ".[test]"' in run
    assert "python -m pytest" in readme and 'python" -m pytest' in run


def _needs(job: dict[str, Any]) -> list[str]:
    needs = job.get("needs", [])
    return [needs] if isinstance(needs, str) else list(needs)


def _tested_oses(tests: dict[str, Any]) -> set[str]:
    matrix = tests["jobs"]["test"]["strategy"]["matrix"]
    return set(matrix["os"]) | {row["os"] for row in matrix.get("include", [])}


def test_release_builds_only_after_the_tests_on_the_systems_they_target() -> None:
    tests, release = _load("tests.yml"), _load("release.yml")
    jobs = release["jobs"]
    assert jobs["tests"]["uses"] == "./.github/workflows/tests.yml"
    for name in ("build", "package"):
        assert "tests" in _needs(jobs[name])
    built_on = {row["os"] for row in jobs["build"]["strategy"]["matrix"]["include"]}
    assert built_on <= _tested_oses(tests)
    labels = {row["label"] for row in jobs["build"]["strategy"]["matrix"]["include"]}
    assert {"linux-x86_64", "windows-x86_64", "macos-arm64", "macos-x86_64"} <= labels
    for name in ("build", "package"):
        build_python = next(s["with"]["python-version"] for s in jobs[name]["steps"]
                            if s.get("uses", "").startswith("actions/setup-python"))
        assert build_python in tests["jobs"]["test"]["strategy"]["matrix"]["python"]
        lock = (ROOT / "scripts" / "lock.sh").read_text(encoding="utf-8")
        assert f"\nBUILD_PYTHON={build_python} " in lock  # the locks are for that Python


def test_release_checks_the_tag_against_the_version_before_anything_else() -> None:
    jobs = _load("release.yml")["jobs"]
    run = " ".join(step.get("run", "") for step in jobs["version"]["steps"])
    assert 'python3 scripts/check_version.py "$GITHUB_REF_NAME"' in run
    assert not _needs(jobs["version"])

    def upstream(name: str) -> set[str]:
        found = set(_needs(jobs[name]))
        for need in list(found):
            found |= upstream(need)
        return found

    for name in jobs:
        if name != "version":
            assert "version" in upstream(name), f"release job {name} runs before the tag check"


def test_release_builds_in_the_locked_environments() -> None:
    jobs = _load("release.yml")["jobs"]
    build = " ".join(step.get("run", "") for step in jobs["build"]["steps"])
    assert "pip install --require-hashes -r requirements/frozen.lock" in build
    assert "pip install --no-deps --no-build-isolation -e ." in build
    assert "scripts/frozen_report.py" in build
    package = " ".join(step.get("run", "") for step in jobs["package"]["steps"])
    assert "pip install --require-hashes -r requirements/package.lock" in package
    assert "BUILD_FLAGS=--no-isolation" in package and "scripts/test_sdist.sh" in package
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "--require-hashes -r requirements/frozen.lock" in ci
    assert "scripts/frozen_report.py" in ci and "scripts/test_sdist.sh" in ci


def test_every_published_file_is_attested() -> None:
    jobs = _load("release.yml")["jobs"]

    def attested(job: str) -> str:
        step = next(s for s in jobs[job]["steps"]
                    if s.get("uses", "").startswith("actions/attest-build-provenance@"))
        perms = jobs[job]["permissions"]
        assert perms.get("id-token") == "write" and perms.get("attestations") == "write"
        return str(step["with"]["subject-path"])

    def uploaded(job: str) -> str:
        step = next(s for s in jobs[job]["steps"]
                    if s.get("uses", "").startswith("actions/upload-artifact@"))
        return str(step["with"]["path"])

    for job in ("build", "package"):
        assert attested(job) == uploaded(job)
    assert attested("release") == "out/SHA256SUMS.txt"
    download = next(s for s in jobs["release"]["steps"]
                    if s.get("uses", "").startswith("actions/download-artifact@"))
    assert download["with"]["pattern"] == "release-*"
    for job in ("build", "package"):
        upload = next(s for s in jobs[job]["steps"]
                      if s.get("uses", "").startswith("actions/upload-artifact@"))
        assert str(upload["with"]["name"]).startswith("release-")
    doc = (ROOT / "docs" / "BUILD.md").read_text(encoding="utf-8")
    assert "gh attestation verify" in doc


def test_release_attaches_sha256_sums_of_every_file() -> None:
    release = _load("release.yml")
    job = release["jobs"]["release"]
    assert set(_needs(job)) == {"build", "package"}
    run = " ".join(step.get("run", "") for step in job["steps"])
    assert "sha256sum -- * > SHA256SUMS.txt" in run
    assert 'gh release create "$GITHUB_REF_NAME" out/*' in run
    doc = (ROOT / "docs" / "BUILD.md").read_text(encoding="utf-8")
    assert "SHA256SUMS.txt" in doc and "sha256sum -c" in doc


PINNED = re.compile(r"^([\w.-]+/[\w.-]+)(/[\w./-]+)?@([0-9a-f]{40})$")


def _uses_lines() -> list[tuple[str, str]]:
    """(workflow, line) of every `uses:` line in every workflow."""
    found = []
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.match(r"^\s*(- )?uses:", line):
                found.append((path.name, line.strip()))
    return found


def test_every_action_is_pinned_by_a_full_commit_sha() -> None:
    """A tag can be moved to other code; a commit SHA cannot. Each pin keeps the
    tag it had as a comment, and one action has one pin in every workflow."""
    lines = _uses_lines()
    assert len(lines) >= 10
    pins: dict[str, set[str]] = {}
    for name, line in lines:
        target = re.sub(r"^(- )?uses:\s*", "", line)
        ref, _, comment = target.partition("#")
        ref = ref.strip()
        if ref.startswith("./"):
            continue  # this repository's own workflow, at this very commit
        pinned = PINNED.match(ref)
        assert pinned, f"{name}: {line!r} is not pinned by a full commit SHA"
        assert re.fullmatch(r"v\d+(\.\d+)*", comment.strip()), f"{name}: {line!r} names no tag"
        pins.setdefault(pinned.group(1) + (pinned.group(2) or ""), set()).add(ref)
    for action, refs in pins.items():
        assert len(refs) == 1, f"{action} is pinned to different commits: {sorted(refs)}"


def test_least_privileges_and_no_third_party_action_that_can_write() -> None:
    for name in ("tests.yml", "release.yml"):
        wf = _load(name)
        top = wf.get("permissions")
        assert top in ({}, {"contents": "read"}), f"{name}: workflow-wide permissions {top}"
        for job_name, job in wf["jobs"].items():
            perms = job.get("permissions", top) or {}
            writes = {k for k, v in perms.items() if v == "write"}
            assert writes <= {"contents", "id-token", "attestations"}, (name, job_name, writes)
            if "contents" in writes:
                actions = [s["uses"] for s in job.get("steps", []) if "uses" in s]
                assert all(a.startswith("actions/") for a in actions), (
                    f"{name}: job {job_name} can write and runs {actions}")
    release = _load("release.yml")["jobs"]
    assert [j for j, job in release.items()
            if (job.get("permissions") or {}).get("contents") == "write"] == ["release"]


def test_wheel_job_uses_the_same_script_as_ci() -> None:
    tests = _load("tests.yml")
    run = " ".join(step.get("run", "") for step in tests["jobs"]["wheel"]["steps"])
    assert "scripts/build_wheel.sh" in run
    assert "scripts/build_wheel.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_place_names_the_same_oldest_and_newest_python() -> None:
    """The claim (pyproject, README), the checkers' target (ruff, mypy), the CI matrix
    and .ci/run move together: narrowing or widening one alone fails here."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python = ">=(3\.\d+)"$', pyproject, re.M)
    assert found
    oldest = found.group(1)
    assert f'target-version = "py{oldest.replace(".", "")}"' in pyproject  # ruff
    assert re.search(rf'^python_version = "{re.escape(oldest)}"$', pyproject, re.M)  # mypy
    assert f"Python {oldest}+" in (ROOT / "README.md").read_text(encoding="utf-8")
    pythons = _load("tests.yml")["jobs"]["test"]["strategy"]["matrix"]["python"]
    by_version = sorted(pythons, key=lambda v: tuple(map(int, v.split("."))))
    assert by_version[0] == oldest
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"\nOLDEST={oldest}\n" in ci and f"\nNEWEST={by_version[-1]}\n" in ci


def _mypy_commands(text: str) -> list[str]:
    return sorted(" ".join(m.split()) for m in re.findall(r"^\s*(mypy [^\n#]+)", text, re.M))


def test_ci_and_the_workflow_run_the_same_type_checks() -> None:
    """Plain ``mypy game`` and the --strict list run in .ci/run and in tests.yml
    alike: widening --strict in one place alone fails here."""
    ci = _mypy_commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    lint = _load("tests.yml")["jobs"]["lint"]
    workflow = _mypy_commands("\n".join(step.get("run", "") for step in lint["steps"]))
    assert "mypy game" in ci and any(c.startswith("mypy --strict game/rules game/ai") for c in ci)
    assert ci == workflow
