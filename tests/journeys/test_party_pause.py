"""Journey: a party match in the real window with two phones in headless Chromium.
Main menu -> Phone party -> Start; both phones join by their links; Join
codes from the table's corner; Quit to menu (the phones say the host paused and
keep trying); Continue: every phone back on the join screen without a reload,
the time measured and printed; Start, and the phones play on.

Needs Chromium and chromedriver besides the journeys' tools (``.ci/run`` installs
them before the journeys); skipped without them unless UNO_REQUIRE_JOURNEYS=1.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from journeys.driver import Game, button, has_button

pytest.importorskip("selenium.webdriver")
from test_party_browser import CHROMIUM, DRIVER, phone_browser  # noqa: E402

RECONNECT_LIMIT_S = 8.0  # the page tries at least every 3 s; a loaded machine adds to it


@pytest.fixture
def phones() -> Iterator[list[Any]]:
    if not (CHROMIUM and DRIVER):
        if os.environ.get("UNO_REQUIRE_JOURNEYS") == "1":
            pytest.fail("UNO_REQUIRE_JOURNEYS=1 but chromium or chromedriver is missing")
        pytest.skip("needs chromium and chromium-driver (apt-get install chromium chromium-driver)")
    made: list[Any] = []
    try:
        made.extend(phone_browser() for _ in range(2))
        yield made
    finally:
        for driver in made:
            driver.quit()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait(what, what_for: str, timeout: float = 20.0):
    end = time.monotonic() + timeout
    while True:
        value = what()
        if value:
            return value
        assert time.monotonic() < end, f"timed out waiting for {what_for}"
        time.sleep(0.05)


def _paused(driver: Any) -> bool:
    from selenium.webdriver.common.by import By

    return bool(driver.find_element(By.ID, "paused").is_displayed())


def _hand(driver: Any) -> bool:
    from selenium.webdriver.common.by import By

    return bool(driver.find_elements(By.CSS_SELECTOR, "#hand .card"))


def test_party_quit_to_menu_then_continue_brings_every_phone_back(
        game: Game, phones: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_PARTY_ADDRESS", "127.0.0.1")  # the phones are on this machine
    # a port of its own: another program on 8765 between the quit and Continue would
    # move the party to 8766, where the phones' links do not point
    monkeypatch.setenv("UNO_PARTY_PORT", str(free_port()))
    game.write_settings(language="en", party_bot_after=0)
    p = game.start("--size", "1280x800")
    p = game.wait(lambda q: q["scene"] == "MenuScene" and has_button(q, "menu.party"),
                  "the main menu", fresh=False)
    game.click(button(p, "menu.party")["rect"])
    p = game.wait(lambda q: q["scene"] == "NewGameScene", "New game with phone seats")
    game.shot("party-new-game")
    game.click(button(p, "newgame.start")["rect"])
    p = game.wait(lambda q: q["scene"] == "PartyJoinScene" and "party" in q, "the join screen")
    party = p["party"]
    assert party["seats"] == [1, 2] and len(party["code"]) == 4
    for driver, seat in zip(phones, (1, 2), strict=True):
        driver.get(party["links"][str(seat)])
    p = game.wait(lambda q: q.get("party", {}).get("joined") == [1, 2], "both phones joined")
    for driver in phones:
        _wait(lambda d=driver: _hand(d), "a phone's hand")
        driver.execute_script("window.__sameTab = 1;")  # gone if the page reloads
    game.shot("join-screen-both-joined")
    game.click(button(p, "party.start")["rect"])
    p = game.wait(lambda q: q["scene"] == "TableScene" and "codes" in q["table"]["corner"],
                  "the table")
    game.shot("table-with-join-codes-button")

    # Join codes from the table's corner button, and back.
    game.click(p["table"]["corner"]["codes"])
    p = game.wait(lambda q: q["scene"] == "JoinCodesScene", "the join codes")
    assert p["party"]["joined"] == [1, 2]
    game.shot("join-codes")
    game.click(button(p, "party.codes_back")["rect"])
    p = game.wait(lambda q: q["scene"] == "TableScene", "the table again")

    # Quit to the menu: the question says what happens to the phones.
    game.click(p["table"]["corner"]["menu"])
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu")
    assert has_button(p, "party.codes")
    game.click(button(p, "pause.quit")["rect"])
    p = game.wait(lambda q: q["scene"] == "DialogScene", "the quit question")
    game.shot("quit-question")
    game.click(button(p, "pause.quit_yes")["rect"])
    p = game.wait(lambda q: q["scene"] == "MenuScene", "the main menu")
    for driver in phones:
        _wait(lambda d=driver: _paused(d), "a phone saying the host paused")
    time.sleep(4)  # the phones keep trying against a closed port

    # Continue: the same phones come back by themselves.
    game.click(button(p, "menu.continue")["rect"])
    pressed = time.monotonic()
    p = game.wait(lambda q: q["scene"] == "PartyJoinScene" and "party" in q, "the join screen again")
    assert p["party"]["links"] == party["links"]  # the same port and tokens
    p = game.wait(lambda q: q["scene"] == "PartyJoinScene"
                  and q.get("party", {}).get("joined") == [1, 2], "every phone back", 30)
    back_s = time.monotonic() - pressed
    print(f"\nparty journey: every phone back {back_s:.2f} s after Continue (no reload)")
    game.shot("continued-both-back")
    for driver in phones:
        assert driver.execute_script("return window.__sameTab") == 1  # no reload
        _wait(lambda d=driver: not _paused(d), "the paused notice gone")
    assert back_s < RECONNECT_LIMIT_S
    game.click(button(p, "party.start")["rect"])
    game.wait(lambda q: q["scene"] == "TableScene", "the table after Continue")
    for driver in phones:
        _wait(lambda d=driver: _hand(d), "a phone's hand after Continue")
