"""The first frame comes before the heavy imports (issue #37): game/first_frame.py
opens the window the App will use and draws the menu's backdrop there, and the
start-up timer of scripts/measure_startup.py stamps it and the menu's frame."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import first_frame

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def no_window_left() -> Iterator[None]:
    pygame.quit()
    yield
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])  # wide, and art above the buttons
def test_the_first_frame_is_the_menus_backdrop_in_the_same_window(size: tuple[int, int]) -> None:
    from game.app import App
    from game.cli import parse_args
    from game.scenes.menu import MenuScene
    from game.ui.backdrop import menu_layout

    argv = ["--size", f"{size[0]}x{size[1]}", "--lang", "en"]
    assert first_frame.show(argv)
    early = pygame.display.get_surface().copy()
    assert early.get_size() == size
    app = App(parse_args(argv))
    try:
        app.running = True
        app.pump(2)
        menu = app.scenes.top
        assert isinstance(menu, MenuScene)
        assert app.screen.get_size() == size
        # The menu's column has the rows the first frame made room for (the art
        # of a window that is not wide depends on it) ...
        # (a first start also offers the tutorial in a box of its own: not the column)
        # (and the footer's About and language buttons are on the ring too)
        cx = menu_layout(size, first_frame.MENU_ROWS)[1]
        column = [b for b in menu.nav if abs(b.rect.centerx - cx) <= 1
                  and not menu.offer_rect.colliderect(b.rect)]
        assert len(column) == first_frame.MENU_ROWS
        art = menu_layout(size, first_frame.MENU_ROWS)[0]
        assert art == menu.art_rect
        # ... and the menu draws the very same picture there, its buttons beside.
        late = app.screen.copy()
        for shot in (early, late):  # the tutorial's offer box comes with the menu
            shot.fill((0, 0, 0), menu.offer_rect)
        assert pygame.image.tobytes(early.subsurface(art), "RGB") \
            == pygame.image.tobytes(late.subsurface(art), "RGB")
        assert pygame.image.tobytes(early, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    finally:
        app.shutdown()


@pytest.mark.parametrize("argv", [["--self-test"], ["--version"], ["--help"], ["--size", "huge"],
                                  ["--players", "nobody-here"]])
def test_no_early_window_when_the_game_would_not_open_one(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert not first_frame.show(argv)
    assert pygame.display.get_surface() is None
    out = capsys.readouterr()
    assert out.out == out.err == ""  # game.app.main says what is wrong, once


def test_no_early_window_when_the_game_folder_cannot_be_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("UNO_GAME_HOME", str(blocker))
    assert not first_frame.show(["--size", "1280x720"])
    assert pygame.display.get_surface() is None


def test_the_window_follows_the_command_line_and_the_settings() -> None:
    from game.cli import parse_args
    from game.storage.user_settings import UserSettings

    saved = UserSettings()
    saved.window_size = (1400, 900)
    saved.fullscreen = True
    assert first_frame.window_mode(parse_args([]), saved) == (True, (1400, 900))
    assert first_frame.window_mode(parse_args(["--size", "800x500"]), saved) == (False, (1024, 640))


def test_the_start_up_timer_stamps_the_first_frame_and_the_menus(tmp_path: Path) -> None:
    """What scripts/measure_startup.py reads: the first frame long before the menu's."""
    stamp = tmp_path / "stamps.txt"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "UNO_GAME_HOME": str(tmp_path / "home"), "UNO_FIRST_FRAME_FILE": str(stamp)}
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from game.launch import main; sys.exit(main())",
         "--size", "1280x720"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = [[float(x) for x in line.split()] for line in stamp.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 2, lines  # the backdrop, then the menu (the App's first frame)
    (first, first_cpu), (menu, menu_cpu) = lines  # wall clock, the process's CPU seconds
    assert first < menu and 0 < first_cpu < menu_cpu
