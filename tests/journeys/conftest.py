"""Journeys in a real window: skipped unless ``UNO_JOURNEYS=1`` (and Xvfb, xdotool and
ImageMagick's ``import`` are installed); ``UNO_REQUIRE_JOURNEYS=1`` turns a skip
into a failure (CI). ``UNO_JOURNEY_DISPLAY`` picks the X display number (54)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from journeys.driver import Display, Game, missing_tools


def _why_not() -> str:
    if os.environ.get("UNO_JOURNEYS") != "1":
        return "journeys run in a real X window: set UNO_JOURNEYS=1"
    missing = missing_tools()
    return f"journeys need {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)" \
        if missing else ""


@pytest.fixture(scope="session")
def display() -> Iterator[Display]:
    why = _why_not()
    if why:
        if os.environ.get("UNO_REQUIRE_JOURNEYS") == "1":
            pytest.fail(f"UNO_REQUIRE_JOURNEYS=1 but {why}")
        pytest.skip(why)
    shown = Display(int(os.environ.get("UNO_JOURNEY_DISPLAY", "54")))
    yield shown
    shown.close()


@pytest.fixture
def game(display: Display, uno_game_home: Path, request: pytest.FixtureRequest) -> Iterator[Game]:
    """The game on the journey's display, its data in the test's own home."""
    g = Game(display, uno_game_home, request.node.name.removeprefix("test_"))
    g.write_settings(anim_speed="fast")
    yield g
    g.kill()


@pytest.fixture
def servers(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A magic-wormhole mailbox server and transit relay on 127.0.0.1 for the online
    journeys (game/online/selfhost.py): the games started in the test find them
    through UNO_ONLINE_SERVER / UNO_ONLINE_RELAY. Needs the online extras."""
    from game.online.selfhost import LocalServers

    with LocalServers() as s:
        monkeypatch.setenv("UNO_ONLINE_SERVER", s.mailbox_url)
        monkeypatch.setenv("UNO_ONLINE_RELAY", s.relay)
        yield s
