"""Crash safety: a failed or killed write leaves the previous save loadable."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.config import MatchConfig, SeatConfig
from game.rules.actions import WrongPlay
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.storage import atomic
from game.storage.atomic import atomic_write_text, backup_path, is_temp_file, remove_stale_temps
from game.storage.saves import list_slots, load_match, load_with_recovery, save_match, save_slot

ROOT = Path(__file__).parents[1]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def match(steps: int, seed: int = 3) -> tuple[MatchConfig, Game]:
    config = MatchConfig(tuple(SeatConfig(f"P{i}", "ai") for i in range(4)),
                         OFFICIAL.with_(target_score=5000), seed)
    game = Game.new(config.settings, 4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = [a for a in game.legal_actions(game.to_act) if not isinstance(a, WrongPlay)]
        game.apply(rng.choice(legal))
    return config, game


def test_atomic_write_keeps_backup(tmp_path: Path) -> None:
    p = tmp_path / "deep" / "er" / "f.txt"
    atomic_write_text(p, "one")
    assert p.read_text() == "one" and not backup_path(p).exists()
    atomic_write_text(p, "two")
    assert p.read_text() == "two" and backup_path(p).read_text() == "one"
    atomic_write_text(p, "three", keep_backup=False)
    assert p.read_text() == "three" and backup_path(p).read_text() == "one"
    assert sorted(x.name for x in p.parent.iterdir()) == ["f.txt", "f.txt.bak"]


@pytest.mark.parametrize("fail", ["replace", "fsync", "write", "link"])
def test_failure_before_replace_keeps_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               fail: str) -> None:
    config, game = match(30)
    path = tmp_path / "save.json"
    save_match(path, config, game)
    before = path.read_bytes()
    _, later = match(60)

    def boom(*a: object, **k: object) -> None:
        raise OSError(f"simulated crash in {fail}")

    target = {"replace": (os, "replace"), "fsync": (os, "fsync"), "link": (os, "link"),
              "write": (atomic.os, "fdopen")}[fail]
    if fail == "link":  # no hard links (FAT, some network drives): the copy path is used
        monkeypatch.setattr(*target, boom)
        save_match(path, config, later)
        assert load_match(path).game.to_dict() == later.to_dict()
        assert load_match(backup_path(path)).game.to_dict() == game.to_dict()
        return
    monkeypatch.setattr(*target, boom)
    with pytest.raises(Exception) as info:
        save_match(path, config, later)
    assert "simulated crash" in str(info.value)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_match(path).game.to_dict() == game.to_dict()
    assert not [p for p in tmp_path.iterdir() if is_temp_file(p)], "no temp debris left"


def test_debris_is_ignored_and_cleaned(home: Path) -> None:
    config, game = match(20)
    slot = save_slot("mine", config, game)
    debris = slot.parent / f".{slot.name}.abc123.tmp"
    debris.write_text('{"half a sa')
    assert [i.label for i in list_slots()] == ["mine"]
    assert load_match(slot).game.to_dict() == game.to_dict()
    assert remove_stale_temps(slot.parent, older_than=3600) == 0 and debris.exists()
    old = time.time() - 7200
    os.utime(debris, (old, old))
    save_slot("mine", config, game)  # saving sweeps stale debris
    assert not debris.exists()


CHILD = textwrap.dedent("""
    import random, sys
    sys.path.insert(0, sys.argv[1])
    from game.config import MatchConfig, SeatConfig
    from game.rules.actions import WrongPlay
    from game.rules.engine import Game
    from game.rules.settings import OFFICIAL
    from game.storage.saves import save_match
    config = MatchConfig(tuple(SeatConfig(f"P{i}", "ai") for i in range(6)),
                         OFFICIAL.with_(target_score=5000), int(sys.argv[3]))
    game = Game.new(config.settings, 6, config.seed)
    rng = random.Random(config.seed)
    games = []
    while len(games) < 8:
        legal = [a for a in game.legal_actions(game.to_act) if not isinstance(a, WrongPlay)]
        game.apply(rng.choice(legal))
        if len(game.actions) % 150 == 0:
            games.append(Game.from_dict(game.to_dict()))
    print("ready", flush=True)
    i = 0
    while True:
        save_match(sys.argv[2], config, games[i % len(games)])
        i += 1
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_killed_writer_never_leaves_a_broken_save(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    config, game = match(40)
    save_match(path, config, game)
    rng = random.Random(99)
    sizes = set()
    for round_no in range(8):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT), str(path), str(round_no)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
            time.sleep(rng.uniform(0.0, 0.25))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        assert child.returncode == -signal.SIGKILL
        loaded = load_match(path)  # the file itself always loads: old or new, never torn
        loaded.game.check_invariants()
        sizes.add(path.stat().st_size)
        if backup_path(path).exists():
            load_match(backup_path(path)).game.check_invariants()
        again, messages = load_with_recovery(path)
        assert again is not None and not messages
    assert len(sizes) > 1, "the child should have overwritten the save at least once"


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
@pytest.mark.parametrize("link", [True, False], ids=["hard-link", "copy"])
def test_atomic_write_leaks_no_file_handle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           link: bool) -> None:
    """Issue #34 (1): every write that keeps a .bak closed all it opened (the autosave
    runs after each action; one leaked fd per write stopped saving within a match)."""
    if not link:
        def no_links(*a: object, **k: object) -> None:
            raise OSError("no hard links here")
        monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "save.json"
    atomic_write_text(path, "first")
    before = _open_fds()
    for i in range(200):
        atomic_write_text(path, f"version {i}")
    assert _open_fds() == before
    assert path.read_text() == "version 199" and backup_path(path).read_text() == "version 198"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json", "save.json.bak"]
