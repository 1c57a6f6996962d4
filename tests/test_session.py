"""The composition root (game/session.py): the one place a match is built.

- A match is saved the moment it starts (issue #35 item 9): ``kill -9`` after
  Discard and a new Start, before the first action, must not bring the
  discarded match back on Continue.
- Bots think off the frame loop in every match, party matches too.
- Nothing under game/ but game/session.py constructs a MatchController or a
  PartyHost (an AST scan).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_driver import click, make_app

from game.app import App
from game.config import MatchConfig, SeatConfig
from game.party.protocol import new_secret
from game.rules.settings import OFFICIAL, RuleSettings
from game.scenes.party_join import PartyJoinScene
from game.storage import saves
from game.table.scene import TableScene

GAME = Path(__file__).resolve().parents[1] / "game"
BUILT_ONLY_BY_THE_ROOT = {"MatchController", "PartyHost", "OnlineHost"}


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("UNO_PARTY_ADDRESS", "127.0.0.1")
    a = make_app("--lang", "en")
    assert a.persist  # these tests are about what is written
    yield a
    a.shutdown()


def _party(kinds: str = "pa", seed: int = 9) -> MatchConfig:
    names = {"p": "phone", "a": "ai", "h": "human"}
    seats = tuple(SeatConfig(f"S{i}", names[k], "normal")  # type: ignore[arg-type]
                  for i, k in enumerate(kinds))
    return MatchConfig(seats, RuleSettings(target_score=50), seed, new_secret())


def _solo(seed: int) -> MatchConfig:
    seats = (SeatConfig("Ann", "human"), SeatConfig("Bo", "ai", "easy"), SeatConfig("Cy", "ai", "easy"))
    return MatchConfig(seats, OFFICIAL, seed)


def _old_match_in_the_autosave() -> MatchConfig:
    """A match that can be continued (the one the player then discards)."""
    old = _solo(seed=1234)
    from game.rules.engine import Game

    saves.save_match(saves.autosave_path(), old, Game.new(old.settings, 3, old.seed),
                     match_id="old-match")
    return old


def _autosaved() -> saves.LoadedMatch:
    loaded, _notices = saves.load_autosave()
    assert loaded is not None
    return loaded


def test_a_new_match_is_saved_when_it_starts_before_any_action(app: App) -> None:
    """#35 item 9, without phones: the table is open, nothing was played, the game is
    killed (nothing more runs): Continue must give the new match."""
    _old_match_in_the_autosave()
    new = _solo(seed=77)
    app.start_match(new)
    table = app.scenes.top
    assert isinstance(table, TableScene) and not table.ctl.game.actions
    on_disk = _autosaved()  # what Continue would read after a kill -9 now
    assert on_disk.meta.match_id == table.ctl.match_id != "old-match"
    assert on_disk.config.seed == 77


def test_a_new_party_match_is_saved_when_it_starts_before_any_action(app: App) -> None:
    """#35 item 9 as reported: Discard, a new party match, Start on the join screen,
    then kill -9 before the first action: Continue gives the new match and its links."""
    _old_match_in_the_autosave()
    new = _party("pa")
    app.start_match(new)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    assert _autosaved().config.party_secret == new.party_secret  # saved on the join screen
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    on_disk = _autosaved()
    assert on_disk.config.party_secret == new.party_secret
    assert on_disk.meta.match_id == table.ctl.match_id != "old-match"


def test_a_link_reissued_before_the_first_action_is_saved(app: App) -> None:
    """The match is on disk from its start, so a New link before any action must be
    written too, or Continue would hand out the link just revoked."""
    new = _party("pa")
    app.start_match(new)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    join.new_link(0)
    assert _autosaved().config.link_generation(0) == 1


def test_bots_of_a_party_match_think_off_the_frame_loop(app: App) -> None:
    app.start_match(_party("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    assert join.session.controller._bots._threaded  # as in every other match
    app.back_to_menu()


def test_the_table_and_the_join_screen_share_one_session(app: App) -> None:
    app.start_match(_party("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    session = join.session
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session is session and table.ctl is session.controller
    assert table.party is session.party is not None and session.party.started
    app.back_to_menu()
    assert session.closed and not session.party.server.running


def test_back_on_the_join_screen_closes_the_session(app: App) -> None:
    app.start_match(_party("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    app.back_to_menu()
    assert join.session.closed and not join.session.party.server.running


def _constructed(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in BUILT_ONLY_BY_THE_ROOT:
                names.add(name)
    return names


def test_the_scan_sees_a_construction() -> None:
    assert _constructed(ast.parse("x = MatchController(c)\ny = host.PartyHost(c)\nz = OnlineHost(c)")) == \
        BUILT_ONLY_BY_THE_ROOT
    assert _constructed(ast.parse("from game.controller import MatchController")) == set()


def test_only_the_session_builds_a_controller_or_a_party_host() -> None:
    builders = {str(p.relative_to(GAME.parent)): found for p in sorted(GAME.rglob("*.py"))
                if (found := _constructed(ast.parse(p.read_text(encoding="utf-8"))))}
    assert builders == {"game/session.py": BUILT_ONLY_BY_THE_ROOT}
