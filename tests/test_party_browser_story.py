"""The phone page tells the story the big screen tells (issue 35), in headless Chromium
at 390 px: the UNO! button only when it helps (T6), the stakes and the verdict of a
challenge (T5), scores and Next round, refusals with their reason, the countdown
to a bot, the paused table, a new link in an open tab, names typed on the phone,
colour-blind shapes, and a hand that stays put while cards are picked (H4).

Skips like tests/test_party_browser.py without Chromium (``.ci/run`` requires it).
Screenshots go to ``$UNO_PARTY_SHOTS`` when set, else the test's temp folder.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from party_helpers import Phone, TableLoop, party_config
from rigging import Faces, rig
from test_party_browser import CHROMIUM, DRIVER, _wait, browser  # noqa: F401 - the fixture

from game.controller import MatchController
from game.rules.settings import SHEET_HOUSE_RULES

pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not os.environ.get("UNO_REQUIRE_BROWSER"),
                                reason="needs chromium and chromium-driver (.ci/run installs them)")


def _shots(tmp_path: Path) -> Path:
    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def _loop(config: Any, game: Any, **kw: Any) -> TableLoop:
    return TableLoop(config, controller=MatchController(config, game, think_ms=0, anim_speed="off",
                                                        persist=False), **kw)


def _text(browser, element_id: str) -> str:  # noqa: F811 - the fixture's name
    """The element's text as shown (read in the page: the page re-renders often)."""
    return browser.execute_script(  # type: ignore[no-any-return]
        "return document.getElementById(arguments[0]).innerText", element_id)


def _kinds(browser) -> list[str]:  # noqa: F811
    return browser.execute_script(  # type: ignore[no-any-return]
        "return [...document.querySelectorAll('#buttons button')].map((b) => b.dataset.kind)")


def _zh(browser) -> None:  # noqa: F811
    browser.execute_script("document.getElementById('lang').click()")  # also under a sheet
    _wait(lambda: browser.execute_script("return document.documentElement.lang") == "zh-CN")
    time.sleep(0.2)


def test_T6_phone_page_offers_no_uno_for_a_false_call(browser, tmp_path: Path):  # noqa: F811
    """Sheet preset (a false call costs 2): four cards on the phone's turn, CallUno
    is legal but no UNO! button shows; with two cards and one to play, it does."""
    rules = {k: v for k, v in SHEET_HOUSE_RULES.to_dict().items() if k != "target_score"}
    config = party_config("pa", seed=3, **rules)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1 R2 G3 B4"), c.ids("Y1 Y2 Y3")], top=c("R9"))
    with _loop(config, game) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: "draw" in _kinds(browser))
        assert loop.inspect(lambda ctl: any(a.kind == "call_uno" for a in ctl.legal(0)))
        assert "call_uno" not in _kinds(browser)
    game = rig(config.settings, hands=[c.ids("R1 G3"), c.ids("Y1 Y2 Y3")], top=c("R9"), seed=1)
    with _loop(config, game) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: "call_uno" in _kinds(browser))
        time.sleep(0.6)
        browser.save_screenshot(str(_shots(tmp_path) / "party_phone_uno.png"))


def test_T5_phone_page_says_the_stakes_then_shows_the_verdict_and_the_hand(browser, tmp_path: Path):  # noqa: F811
    from selenium.webdriver.common.by import By
    from test_party_phone_frames import _wd4_loop

    shots = _shots(tmp_path)
    with _wd4_loop() as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(2)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        p1 = Phone(loop.port, loop.url_token(1))
        s1 = p1.wait(lambda m: m["type"] == "state" and m["to_act"] == 1)
        p1.act(s1["at"], next(a for a in s1["legal"] if a["kind"] == "play" and a.get("colour") == "blue"))
        _wait(lambda: "challenge" in _kinds(browser))
        cue = _text(browser, "cue")
        assert "if P2 bluffed, they draw 4; if not, you draw 6" in cue and "Accept: you draw 4" in cue, cue
        accept = browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="accept"]')
        assert accept.text == "Draw 4"
        time.sleep(0.6)
        browser.save_screenshot(str(shots / "party_phone_stakes.png"))
        browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="challenge"]').click()
        _wait(lambda: browser.find_element(By.ID, "verdict").is_displayed())
        assert _text(browser, "verdict-title") == "Guilty!"
        assert _text(browser, "verdict-who") == "P2 held:"
        shown = browser.find_elements(By.CSS_SELECTOR, "#verdict-cards .card")
        assert sorted(el.text for el in shown) == ["5", "6"]
        assert "You challenge P2: guilty! (P2 holds Red 5, Red 6)" in _text(browser, "log")
        time.sleep(0.3)
        browser.save_screenshot(str(shots / "party_phone_verdict.png"))
        _zh(browser)
        assert _text(browser, "verdict-title") == "违规！"
        browser.save_screenshot(str(shots / "party_phone_verdict_zh.png"))
        browser.find_element(By.ID, "verdict-ok").click()
        _wait(lambda: not browser.find_element(By.ID, "verdict").is_displayed())
        p1.close()


def test_phone_page_shows_scores_and_deals_the_next_round(browser, tmp_path: Path):  # noqa: F811
    from selenium.webdriver.common.by import By

    shots = _shots(tmp_path)
    config = party_config("pa", seed=3, target=500)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1"), c.ids("Y1 Y2 Y9")], top=c("R3"), scores=[40, 120])
    with _loop(config, game, auto_next_round=False) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        card = _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
        assert not browser.find_element(By.ID, "scores").get_attribute("open")  # folded in play
        card[0].click()
        _wait(lambda: "deal" in _kinds(browser))
        assert browser.find_element(By.ID, "scores").get_attribute("open")
        rows = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#standings li")]
        assert rows == ["1. P2\n120", "2. P1 (you)\n52"], rows  # 40 + the 12 points P2 held
        assert "Target 500" in _text(browser, "scores-title")
        assert "Round over" in _text(browser, "turn")
        deal = browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="deal"]')
        assert deal.text == "Next round"
        time.sleep(0.3)
        browser.save_screenshot(str(shots / "party_phone_round_over.png"))
        _zh(browser)
        browser.save_screenshot(str(shots / "party_phone_round_over_zh.png"))
        browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="deal"]').click()
        _wait(lambda: loop.inspect(lambda ctl: ctl.game.view(0).round_no) == 2)
        _wait(lambda: "第 2 局" in _text(browser, "pile"))


def test_phone_page_waits_for_the_host_when_phones_may_not_deal(browser):  # noqa: F811
    config = party_config("pa", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1"), c.ids("Y1 Y2 Y9")], top=c("R3"))
    with _loop(config, game, auto_next_round=False) as loop:
        loop.inspect(lambda ctl: setattr(loop.host, "phones_deal", False))
        from selenium.webdriver.common.by import By

        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))[0].click()
        _wait(lambda: "Waiting for the host to deal round 2" in _text(browser, "wait"))
        assert "deal" not in _kinds(browser)


def test_phone_page_refusal_says_why_with_the_rule_id(browser):  # noqa: F811
    from selenium.webdriver.common.by import By

    config = party_config("pa", seed=3)
    c = Faces()
    hand = c.ids("G1 R2")
    game = rig(config.settings, hands=[hand, c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
        browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{hand[0]}"]').click()
        _wait(lambda: browser.find_element(By.ID, "toast").is_displayed())
        assert _text(browser, "toast") == ("It matches neither the colour in effect nor the top "
                                           "card's number or symbol. (T1)")
        assert loop.inspect(lambda ctl: len(ctl.game.actions)) == 0


def test_phone_page_counts_down_to_the_bot_and_says_when_the_table_is_paused(browser, tmp_path: Path):  # noqa: F811
    from selenium.webdriver.common.by import By

    shots = _shots(tmp_path)
    config = party_config("pp", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1 R2 R4"), c.ids("Y1 Y2 Y3")], top=c("R3"), to_act=1)
    with _loop(config, game, bot_after=20.0) as loop:  # seat 1's phone never comes
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        def left() -> int:
            tag = browser.execute_script(
                "const t = document.querySelector('#players .tag[data-seat=\"1\"]');"
                "return t ? t.textContent : ''")
            return int(tag.split("bot in ")[1].split()[0]) if "bot in " in tag else -1

        first = _wait(lambda: left() if left() > 0 else None)
        assert 15 <= first <= 20
        assert "Turn: P2 (away — bot in" in _text(browser, "turn")
        _wait(lambda: 0 < left() <= first - 2, timeout=5)
        time.sleep(0.3)
        browser.save_screenshot(str(shots / "party_phone_countdown.png"))
        with loop.lock:
            loop.paused = True
        _wait(lambda: _text(browser, "cue") == "The host paused the table — wait…")
        browser.save_screenshot(str(shots / "party_phone_paused.png"))
        with loop.lock:
            loop.paused = False
        _wait(lambda: not browser.find_element(By.ID, "cue").is_displayed())


def test_phone_page_tells_a_returning_phone_that_a_bot_played_for_it(browser):  # noqa: F811
    with TableLoop(party_config("pa", seed=3), bot_after=0.2) as loop:
        _wait(lambda: loop.inspect(lambda ctl: any(a.seat == 0 for a in ctl.game.actions)))
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: "A bot played" in browser.find_element("id", "toast").get_attribute("textContent"))


def test_phone_page_follows_a_new_link_in_the_same_tab_without_a_reload(browser):  # noqa: F811
    from selenium.webdriver.common.by import By

    with TableLoop(party_config("pp", seed=3)) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: "P1 (you)" in _text(browser, "players"))
        browser.execute_script("window.sameDocument = 42")
        browser.execute_script(f"location.hash = '{loop.url_token(1)}'")
        _wait(lambda: "P2 (you)" in _text(browser, "players"))
        assert browser.execute_script("return window.sameDocument") == 42  # no reload
        _wait(lambda: loop.inspect(lambda ctl: loop.host.connected()) == frozenset({1}))
        hand = browser.find_elements(By.CSS_SELECTOR, "#hand .card")
        assert len(hand) == loop.inspect(lambda ctl: len(ctl.game.view(1).hand))


def test_phone_page_names_a_seat_without_a_name(browser, tmp_path: Path):  # noqa: F811
    from selenium.webdriver.common.by import By

    from game.config import MatchConfig, SeatConfig
    from game.party.protocol import new_secret

    config = MatchConfig((SeatConfig("You", "human"), SeatConfig("Phone 1", "phone")),
                         party_config("pa").settings, 3, new_secret())
    with TableLoop(config, started=False) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(1)}")
        field = _wait(lambda: [el for el in browser.find_elements(By.ID, "name-input") if el.is_displayed()])[0]
        field.clear()
        field.send_keys("Mei 梅")
        browser.save_screenshot(str(_shots(tmp_path) / "party_phone_name.png"))
        browser.find_element(By.CSS_SELECTOR, "#name-form button").click()
        _wait(lambda: loop.inspect(lambda ctl: ctl.config.seats[1].name) == "Mei 梅")
        _wait(lambda: "Mei 梅 (you)" in _text(browser, "players"))


def test_phone_page_draws_the_desktops_colour_blind_shapes_and_names_wilds(browser, tmp_path: Path):  # noqa: F811
    from selenium.webdriver.common.by import By

    config = party_config("pa", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1 Y2 G3 B4 W"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
        shapes = [el.get_attribute("class") for el in browser.find_elements(By.CSS_SELECTOR, "#hand .card .sym")]
        assert shapes == ["sym red", "sym yellow", "sym green", "sym blue"]
        wild = browser.find_element(By.CSS_SELECTOR, "#hand .card.wild")
        assert wild.text == "WILD"
        wild.click()
        _wait(lambda: browser.find_element(By.ID, "picker").is_displayed())
        swatches = browser.find_elements(By.CSS_SELECTOR, ".swatch")
        assert [s.text for s in swatches] == ["red", "yellow", "green", "blue"]
        assert all(s.find_elements(By.CSS_SELECTOR, ".sym") for s in swatches)
        time.sleep(0.6)
        browser.save_screenshot(str(_shots(tmp_path) / "party_phone_picker_shapes.png"))


def test_H4_phone_hand_stays_put_while_cards_are_picked_and_the_log_names_them_all(browser, tmp_path: Path):  # noqa: F811
    """UNO!, Draw, Cancel and "Play 2 cards" need two rows at 390 px: the row has
    them from the moment picking starts, so the hand does not move under the
    finger between taps; the log then names both cards."""
    from selenium.webdriver.common.by import By

    config = party_config("pa", seed=5, multi_play=True)
    c = Faces()
    hand = c.ids("R7 B7")
    game = rig(config.settings, hands=[hand, c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: "select" in _kinds(browser))
        browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="select"]').click()

        def hand_top() -> float:
            return browser.execute_script(  # type: ignore[no-any-return]
                "return document.getElementById('hand').getBoundingClientRect().top")

        tops = [hand_top()]
        for picked, cid in enumerate(hand, 1):
            browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{cid}"]').click()
            _wait(lambda n=picked: len(browser.find_elements(By.CSS_SELECTOR, "#hand .card.selected")) == n)
            tops.append(hand_top())
        assert len(set(tops)) == 1, tops
        time.sleep(0.6)
        browser.save_screenshot(str(_shots(tmp_path) / "party_phone_h4_rows.png"))
        browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="play_sel"]').click()
        _wait(lambda: "You play Red 7, Blue 7" in _text(browser, "log"))


def test_phone_page_notices_a_silent_game_within_5_s_and_comes_back(browser):  # noqa: F811
    """The page's half of the heartbeat: it pings every second, and a socket the game
    has not answered for 3.5 s is dropped (the status says so) and opened again."""
    with TableLoop(party_config("pa", seed=3)) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        _wait(lambda: _text(browser, "status") == "Connected")
        time.sleep(1.5)
        server = loop.host.server
        assert server._loop is not None
        server._loop.call_soon_threadsafe(time.sleep, 6.0)  # the game's network side hangs
        hung = time.monotonic()
        _wait(lambda: "reconnecting" in _text(browser, "status"), timeout=8)
        noticed = time.monotonic() - hung
        print(f"\nthe page noticed a silent game after {noticed:.2f} s")
        assert noticed < 5.0
        _wait(lambda: _text(browser, "status") == "Connected", timeout=15)
        _wait(lambda: loop.inspect(lambda ctl: loop.host.connected()) == frozenset({0}))
