"""benchmarks/strength/gauntlet.py: runs, prints the round-robin table, is deterministic."""

from __future__ import annotations

import json

from benchmarks.strength import gauntlet

OUTSIDE = "rlrule,keepwilds,dumper,randplay"


def test_gauntlet_prints_a_row_per_pairing_and_progress(capsys, tmp_path) -> None:
    out_json = tmp_path / "g.json"
    assert gauntlet.main(["--games", "6", "--heroes", "normal", "--opponents", OUTSIDE,
                          "--seats", "4,2", "--json", str(out_json)]) == 0
    captured = capsys.readouterr()
    rows = [line for line in captured.out.splitlines() if line.startswith("normal ")]
    assert len(rows) == 8  # 4 opponents x 2 table sizes
    assert "95% CI" in captured.out and "x fair" in captured.out
    assert "6/" in captured.err or "48/48" in captured.err, "progress is reported"
    data = json.loads(out_json.read_text())
    assert {(d["opponent"], d["seats"]) for d in data} == {
        (o, n) for o in OUTSIDE.split(",") for n in (4, 2)}
    for d in data:
        assert d["games"] == 6 and sum(d["wins_by_offset"]) == 6
        lo, hi = d["ci95"]
        assert lo <= d["win_rate"] <= hi


def test_gauntlet_is_deterministic_and_round_robin() -> None:
    tasks = gauntlet.tasks_for(["normal", "keepwilds"], ["keepwilds", "dumper"], [4], 5,
                               "official", 3, 300)
    assert {(t.hero, t.opponent) for t in tasks} == {
        ("normal", "keepwilds"), ("normal", "dumper"), ("keepwilds", "dumper")}
    first = [p.summary() for p in gauntlet.run(tasks)]
    again = [p.summary() for p in gauntlet.run(tasks)]
    strip = [{k: v for k, v in d.items() if k != "think_ms"} for d in first]
    assert strip == [{k: v for k, v in d.items() if k != "think_ms"} for d in again]


def test_gauntlet_jobs_give_the_same_results() -> None:
    tasks = gauntlet.tasks_for(["normal"], ["rlrule"], [4], 8, "sheet", 2, 300)
    one = gauntlet.run(tasks, jobs=1)[0]
    two = gauntlet.run(tasks, jobs=2)[0]
    assert one.by_offset == two.by_offset


def test_gauntlet_compares_two_heroes_on_the_same_deals(capsys, tmp_path) -> None:
    out_json = tmp_path / "g.json"
    assert gauntlet.main(["--games", "12", "--heroes", "normal,easy", "--opponents",
                          "keepwilds", "--seats", "4", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert "normal vs easy, 3 x keepwilds, same 12 games" in out
    data = {d["hero"]: d for d in json.loads(out_json.read_text())}
    normal, easy = data["normal"]["won"], data["easy"]["won"]
    assert len(normal) == len(easy) == 12
    assert sum(normal) == data["normal"]["wins"] and sum(easy) == data["easy"]["wins"]
    [row] = data["normal"]["head_to_head"]
    only_normal = sum(1 for a, b in zip(normal, easy, strict=True) if a and not b)
    only_easy = sum(1 for a, b in zip(normal, easy, strict=True) if b and not a)
    assert (row["only_hero"], row["only_other"]) == (only_normal, only_easy)
    differ = only_normal + only_easy
    assert row["z"] == (0.0 if not differ else (only_normal - only_easy) / differ ** 0.5)
    assert data["easy"]["head_to_head"] == []


def test_gauntlet_workers_are_spawned_not_forked(monkeypatch) -> None:
    """The README's test run hung twice here: a forked worker inherited a lock that
    another thread of the test process held at the fork, and waited on it forever.
    Spawned workers start clean."""
    import multiprocessing as mp

    asked: list[str | None] = []
    real = mp.get_context

    def get_context(method: str | None = None):  # type: ignore[no-untyped-def]
        asked.append(method)
        return real(method)

    monkeypatch.setattr(gauntlet.mp, "get_context", get_context)
    tasks = gauntlet.tasks_for(["normal"], ["rlrule"], [4], 4, "sheet", 2, 300)
    assert gauntlet.run(tasks, jobs=2)[0].by_offset == gauntlet.run(tasks, jobs=1)[0].by_offset
    assert asked == ["spawn"]
