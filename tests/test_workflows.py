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


def test_release_builds_only_after_the_tests_on_the_systems_they_target() -> None:
    tests, release = _load("tests.yml"), _load("release.yml")
    jobs = release["jobs"]
    assert jobs["tests"]["uses"] == "./.github/workflows/tests.yml"
    assert jobs["build"]["needs"] == "tests"
    built_on = {row["os"] for row in jobs["build"]["strategy"]["matrix"]["include"]}
    assert built_on <= set(tests["jobs"]["test"]["strategy"]["matrix"]["os"])
    steps = jobs["build"]["steps"]
    build_python = next(s["with"]["python-version"] for s in steps
                        if s.get("uses", "").startswith("actions/setup-python"))
    assert build_python in tests["jobs"]["test"]["strategy"]["matrix"]["python"]


def test_release_attaches_sha256_sums_of_every_file() -> None:
    release = _load("release.yml")
    job = release["jobs"]["release"]
    assert job["needs"] == "build"
    run = " ".join(step.get("run", "") for step in job["steps"])
    assert "sha256sum -- * > SHA256SUMS.txt" in run
    upload = next(s for s in job["steps"] if "action-gh-release" in s.get("uses", ""))
    assert upload["with"]["files"] == "out/*"
    doc = (ROOT / "docs" / "BUILD.md").read_text(encoding="utf-8")
    assert "SHA256SUMS.txt" in doc and "sha256sum -c" in doc


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
