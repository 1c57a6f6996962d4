"""benchmarks/strength/paired.py: a hero against itself differs in no game; the
base's cached results give the same comparison as playing it again."""

from __future__ import annotations

from benchmarks.strength import paired


def test_paired_same_hero_never_differs() -> None:
    r = paired.paired("normal", "normal", "keepwilds", 4, 12, "official", 1)
    assert r["only_variant"] == r["only_base"] == 0 and r["z"] == 0.0
    assert r["base"] == r["variant"]


def test_paired_cache_gives_the_same_counts(tmp_path) -> None:
    cache = tmp_path / "base.json"
    fresh = paired.paired("normal", "easy", "randplay", 4, 12, "official", 3, cache=cache)
    assert cache.exists()
    again = paired.paired("normal", "easy", "randplay", 4, 12, "official", 3, cache=cache)
    assert again == fresh
    assert fresh["only_base"] + fresh["only_variant"] > 0, "Easy and Normal differ somewhere"


def test_paired_main_prints_a_line_per_opponent(capsys) -> None:
    assert paired.main(["--variant", "easy", "--opponents", "rlrule,dumper", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "3 x rlrule" in out and "3 x dumper" in out and "z = " in out
