"""Every failed write reaches the player once, in the player's language, in the
catalogue's words (issue #34, finding 7).

The disk is made to refuse for real: ``os.replace`` (the atomic writer's last
step) raises the OSError a full disk (ENOSPC) or a read-only folder (EROFS)
gives. The screens are driven through the real app and its pygame_gui
elements; what is checked is what a frame draws and what a dialog says.
"""

from __future__ import annotations

import errno
import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pygame_gui.elements import UICheckBox
from table_helpers import Texts, human_moves
from ui_driver import buttons, click, make_app

from game import i18n
from game.config import MatchConfig, SeatConfig
from game.rules.settings import OFFICIAL
from game.scenes.dialog import DialogScene
from game.scenes.menu import MenuScene, quick_play_config
from game.scenes.pause import PauseScene
from game.scenes.replay import ReplayScene
from game.scenes.saves_scene import SavesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats import StatsScene
from game.storage import saves
from game.storage.stats import stats_path
from game.storage.user_settings import load_settings
from game.table.scene import TableScene

REASON = {errno.ENOSPC: "disk_full", errno.EROFS: "read_only"}
# The catalogue's words, as the player reads them.
WORDS = {
    ("en", "disk_full"): "the disk is full",
    ("zh", "disk_full"): "磁盘已满",
    ("en", "read_only"): "the game's folder cannot be written to (read-only or no permission)",
    ("zh", "read_only"): "无法写入游戏文件夹（只读或没有权限）",
}
SETTINGS = {"en": "Your settings could not be saved: {}.", "zh": "设置未能保存：{}。"}
STATS = {"en": "The statistics could not be saved: {}.", "zh": "统计数据未能保存：{}。"}
MATCH = {"en": "The match could not be saved: {}.", "zh": "对局未能保存：{}。"}
SAVE_HERE = {"en": "The match could not be saved: {}", "zh": "无法保存比赛：{}"}
EXPORT = {"en": "The replay could not be exported: {}", "zh": "无法导出回放：{}"}
BANNER = {"en": "Can't save: disk full; the match goes on", "zh": "无法保存：磁盘已满；对局继续"}
TOAST_GONE = 40  # frames of 0.25 s: longer than any toast stays


def said(template: dict[str, str], lang: str, reason: str) -> str:
    return template[lang].format(WORDS[lang, reason])


class Disk:
    """The game's folders refuse every write (``os.replace`` fails with
    ``code``) between :meth:`refuse` and :meth:`works`; ``tries`` counts the
    refused writes by file name (a backup's under its file's)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._mp = monkeypatch
        self._real = os.replace
        self.tries: Counter[str] = Counter()

    def refuse(self, code: int) -> None:
        def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            self.tries[Path(dst).name.removesuffix(".bak")] += 1
            raise OSError(code, os.strerror(code), str(dst))
        self._mp.setattr(os, "replace", replace)

    def works(self) -> None:
        self._mp.setattr(os, "replace", self._real)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Texts:
    return Texts(monkeypatch)


@pytest.fixture(params=["en", "zh"])
def app(request: pytest.FixtureRequest, disk: Disk) -> Any:
    a = make_app("--lang", request.param)
    yield a
    disk.works()  # the shut-down saves the settings: not what is tested
    a.shutdown()
    i18n.set_language("en")


def no_raw_error(lines: list[str]) -> None:
    for line in lines:
        assert "Errno" not in line and "OSError" not in line and "refused" not in line, line


# ------------------------------------------------------------- settings --

@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_settings_that_cannot_be_saved_are_told_once_until_a_save_works(
        app: Any, code: int, disk: Disk, texts: Texts) -> None:
    lang = i18n.language()
    app.scenes.push(SettingsScene(app))
    app.pump(2)
    colourblind = app.scenes.top.find(UICheckBox, 1)
    message = said(SETTINGS, lang, REASON[code])
    disk.refuse(code)
    for _ in range(3):  # every change tries again: one notice for the whole run
        click(app, colourblind)
        shown = texts.frame(app)
        assert shown.count(message) == 1
        no_raw_error(shown)
    assert disk.tries["settings.json"] == 3
    app.pump(TOAST_GONE, dt=0.25)
    assert message not in texts.frame(app)
    click(app, colourblind)  # still refused: the player knows already
    assert disk.tries["settings.json"] == 4
    assert message not in texts.frame(app)
    disk.works()
    click(app, colourblind)  # a save works again...
    assert load_settings().colourblind == app.settings.colourblind
    assert message not in texts.frame(app)
    disk.refuse(code)
    click(app, colourblind)  # ...so a new failure is news again
    assert texts.frame(app).count(message) == 1


# ----------------------------------------------------------- statistics --

def test_statistics_that_cannot_be_saved_are_told_once(app: Any, disk: Disk,
                                                       texts: Texts) -> None:
    """The Statistics screen rewrites the file to clear the notice it has shown."""
    lang = i18n.language()
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"format": 1, "notice": "restored"}), encoding="utf-8")
    message = said(STATS, lang, "disk_full")
    disk.refuse(errno.ENOSPC)
    app.scenes.push(StatsScene(app))
    app.pump(2)
    assert disk.tries["stats.json"] == 1
    shown = texts.frame(app)
    assert shown.count(message) == 1
    no_raw_error(shown)
    app.scenes.pop()
    app.pump(TOAST_GONE, dt=0.25)
    app.scenes.push(StatsScene(app))  # the file still holds the notice: written again
    app.pump(2)
    assert disk.tries["stats.json"] == 2
    assert message not in texts.frame(app)


def bots_only(seed: int) -> MatchConfig:
    seats = tuple(SeatConfig(name, "ai", "random") for name in ("Ann", "Bo", "Cy"))
    return MatchConfig(seats, OFFICIAL.with_(target_score=2000), seed)


def test_the_table_tells_failing_statistics_once_and_a_failing_autosave_in_its_own_notice(
        app: Any, disk: Disk, texts: Texts) -> None:
    lang = i18n.language()
    app.settings.anim_speed = "off"
    app.settings.hard_think_ms = 0
    disk.refuse(errno.ENOSPC)
    app.start_match(bots_only(5))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    told = said(STATS, lang, "disk_full")

    def play(done: Callable[[], bool]) -> list[list[str]]:
        """The texts of each frame until ``done()`` (the bots play on; a round's
        scoreboard is closed and the next round dealt)."""
        frames: list[list[str]] = []
        for _ in range(3000):
            if done():
                return frames
            if app.scenes.top is not table:
                app.scenes.pop()
                table.next_round()
            app.pump(1, dt=0.05)
            frames.append(texts.frame(app))
        raise AssertionError("the bots never got there")

    seen = play(lambda: disk.tries["stats.json"] >= 1)  # a round counted: refused
    seen += play(lambda: told not in texts.frame(app))  # the toast has had its time
    assert any(told in frame for frame in seen)
    assert all(frame.count(told) <= 1 for frame in seen)
    refused = disk.tries["stats.json"]
    later = play(lambda: disk.tries["stats.json"] > refused)  # refused again: not news
    assert all(told not in frame for frame in later)
    assert disk.tries["autosave.json"] >= 2
    shown = texts.frame(app)
    assert shown.count(BANNER[lang]) == 1  # the autosave: the table's standing notice
    assert said(MATCH, lang, "disk_full") not in [line for frame in seen + later
                                                  for line in frame]
    no_raw_error(shown)


# ------------------------------------------------------------- autosave --

def start_table(app: Any) -> TableScene:
    app.settings.anim_speed = "off"
    app.start_match(quick_play_config(3))
    app.pump(2)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return table


def test_an_autosave_that_fails_as_the_player_leaves_the_table_is_told_on_the_menu(
        app: Any, disk: Disk, texts: Texts) -> None:
    lang = i18n.language()
    table = start_table(app)
    human_moves(app, table)  # saved fine while playing
    assert table.ctl.flush_saves() and table.ctl.save_problem == ""
    disk.refuse(errno.ENOSPC)
    app.back_to_menu()  # the table saves once more as it closes: refused
    assert disk.tries["autosave.json"] >= 1
    app.pump(2)
    assert isinstance(app.scenes.top, MenuScene)
    shown = texts.frame(app)
    assert shown.count(said(MATCH, lang, "disk_full")) == 1
    no_raw_error(shown)


def test_an_autosave_already_failing_at_the_table_is_not_told_again_on_the_menu(
        app: Any, disk: Disk, texts: Texts) -> None:
    lang = i18n.language()
    table = start_table(app)
    disk.refuse(errno.ENOSPC)
    human_moves(app, table)
    shown = texts.frame(app)
    assert shown.count(BANNER[lang]) == 1
    assert said(MATCH, lang, "disk_full") not in shown
    app.back_to_menu()
    app.pump(2)
    assert said(MATCH, lang, "disk_full") not in texts.frame(app)


# ------------------------------------------------------ clicks that write --

@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_save_here_on_a_refusing_disk_says_why_in_the_players_words(
        app: Any, code: int, disk: Disk) -> None:
    lang = i18n.language()
    start_table(app)
    app.open("pause")  # its "Saved games"
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    pause.open_saves()
    scene = app.scenes.top
    assert isinstance(scene, SavesScene)
    scene.entry.set_text("Before lunch")
    disk.refuse(code)
    click(app, buttons(app)[i18n.t("saves.save_here")])
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene)
    assert dialog.message == said(SAVE_HERE, lang, REASON[code])
    click(app, buttons(app)[i18n.t("dialog.ok")])
    assert app.scenes.top is scene and saves.list_slots() == []


def test_a_refused_export_says_why_in_the_players_words(app: Any, disk: Disk) -> None:
    lang = i18n.language()
    config = bots_only(9)
    from game.rules.engine import Game

    path = saves.archive_finished(config, Game.new(config.settings, 3, config.seed))
    app.scenes.push(ReplayScene(app, path))
    app.pump(2)
    disk.refuse(errno.ENOSPC)
    click(app, buttons(app)[i18n.t("replay.export")])
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene)
    assert dialog.message == said(EXPORT, lang, "disk_full")
