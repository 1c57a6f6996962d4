"""The phone page in a real browser: headless Chromium at a phone's size joins a party
match on loopback and plays a card.

Skips when Chromium or its driver is not installed, unless ``UNO_REQUIRE_BROWSER``
is set (``.ci/run`` installs both and sets it, so there it cannot skip).
Screenshots go to ``$UNO_PARTY_SHOTS`` when set (CI keeps them), else the test's
temp folder.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from party_helpers import TableLoop, party_config

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not os.environ.get("UNO_REQUIRE_BROWSER"),
                                reason="needs chromium and chromium-driver (.ci/run installs them)")


@pytest.fixture()
def browser():
    driver = phone_browser()
    yield driver
    driver.quit()


def phone_browser():
    """Headless Chromium the size of a phone (390x844); the caller quits it."""
    assert CHROMIUM and DRIVER, "chromium and chromium-driver are required here"
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--lang=en-US"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile"})
    driver = webdriver.Chrome(options=options,
                              service=webdriver.ChromeService(executable_path=DRIVER))
    driver.set_page_load_timeout(20)
    return driver


def _wait(what, timeout: float = 15.0):
    end = time.monotonic() + timeout
    while True:
        value = what()
        if value:
            return value
        assert time.monotonic() < end, "timed out waiting in the browser"
        time.sleep(0.05)


def test_party_phone_page_joins_and_plays_a_card(browser, tmp_path: Path):
    from selenium.webdriver.common.by import By

    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with TableLoop(party_config("pa", seed=3)) as loop:
        _wait(lambda: loop.inspect(lambda c: c.game.to_act == 0))
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        legal = _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal"))
        assert browser.execute_script("return document.documentElement.clientWidth") == 390
        assert browser.execute_script(  # nothing sticks out sideways at a phone's width
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        hand = browser.find_elements(By.CSS_SELECTOR, "#hand .card")
        assert len(hand) == loop.inspect(lambda c: len(c.game.view(0).hand))
        assert "Your turn" in browser.find_element(By.ID, "turn").text
        time.sleep(0.6)  # past the your-turn flash
        browser.save_screenshot(str(shots / "party_phone_en.png"))

        played = int(legal[0].get_attribute("data-id"))
        legal[0].click()
        if browser.find_element(By.ID, "picker").is_displayed():  # a wild: name a colour
            browser.save_screenshot(str(shots / "party_phone_picker.png"))
            browser.find_element(By.CSS_SELECTOR, ".swatch.blue").click()
        _wait(lambda: loop.inspect(lambda c: any(
            a.seat == 0 and a.kind == "play" and a.cards == (played,) for a in c.game.actions)))
        _wait(lambda: not browser.find_elements(By.CSS_SELECTOR, f'#hand [data-id="{played}"]'))

        browser.find_element(By.ID, "lang").click()  # 中文, chosen on the phone
        _wait(lambda: "摸牌" in browser.find_element(By.TAG_NAME, "body").text
              or "轮到" in browser.find_element(By.ID, "turn").text)
        assert browser.execute_script("return localStorage.getItem('uno-lang')") == "zh"
        time.sleep(0.3)
        browser.save_screenshot(str(shots / "party_phone_zh.png"))


def test_H4_phone_page_selects_several_cards_and_plays_them(browser, tmp_path: Path):
    """H4 on the phone as on the desktop: "Several cards", tap the cards (the last
    tapped lands on top), then "Play 2 cards"."""
    from selenium.webdriver.common.by import By
    from test_party_protocol import _h4_loop

    from game.rules.cards import DECK, Colour

    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    with _h4_loop() as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        select = _wait(lambda: browser.find_elements(By.CSS_SELECTOR, '#buttons [data-kind="select"]'))
        hand = {int(el.get_attribute("data-id")): el
                for el in browser.find_elements(By.CSS_SELECTOR, "#hand .card")}
        red7, blue7 = (next(cid for cid in hand if DECK[cid].number == 7
                            and DECK[cid].colour is colour) for colour in (Colour.RED, Colour.BLUE))
        select[0].click()
        for cid in (red7, blue7):
            browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{cid}"]').click()
        _wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#hand .card.selected")) == 2)
        play = browser.find_element(By.CSS_SELECTOR, '#buttons [data-kind="play_sel"]')
        assert "2" in play.text
        time.sleep(0.6)  # past the your-turn flash
        browser.save_screenshot(str(shots / "party_phone_h4.png"))
        play.click()
        _wait(lambda: loop.inspect(lambda c: any(
            a.seat == 0 and a.kind == "play" and len(a.cards) == 2 for a in c.game.actions)))
        assert loop.inspect(lambda c: c.game.actions[-1]).cards == (red7, blue7)
        _wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#hand .card")) == 1)


def test_party_phone_page_waits_for_start_then_names_the_host_in_the_turn_line(browser, tmp_path: Path):
    """Before Start the page says the match waits for the host and offers nothing;
    after it, the desktop player is "Host" (never "You") and the turn line reads
    "Turn: Host"."""
    from selenium.webdriver.common.by import By

    from game.config import MatchConfig, SeatConfig
    from game.controller import MatchController
    from game.party.protocol import new_secret
    from game.rules.settings import RuleSettings

    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    seats = (SeatConfig("You", "human", "normal"), SeatConfig("Phone 1", "phone", "normal"))
    config = next(c for c in (MatchConfig(seats, RuleSettings(target_score=50), seed, new_secret())
                              for seed in range(1, 100))
                  if MatchController(c, think_ms=0, anim_speed="off", persist=False).game.to_act == 0)
    with TableLoop(config, started=False) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(1)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        assert "Waiting for the host to start" in browser.find_element(By.ID, "turn").text
        assert not browser.find_elements(By.CSS_SELECTOR, "#hand .card.legal")
        # nothing to play; only Start, which the host lets phones press (party_phones_deal)
        assert [b.get_attribute("data-kind") for b in
                browser.find_elements(By.CSS_SELECTOR, "#buttons button")] == ["deal"]
        browser.save_screenshot(str(shots / "party_phone_waiting.png"))
        browser.find_element(By.ID, "lang").click()
        _wait(lambda: "等待主机开始" in browser.find_element(By.ID, "turn").text)
        browser.find_element(By.ID, "lang").click()

        loop.begin()
        _wait(lambda: "Turn: Host" == browser.find_element(By.ID, "turn").text)
        players = browser.find_element(By.ID, "players").text
        assert "Host" in players and "You" not in players and "Phone 1 (you)" in players


def test_D3_phone_page_shows_the_new_wild_cards_and_plays_shuffle_hands(browser, tmp_path: Path):
    """D3 on the phone: Wild Shuffle Hands and Wild Customizable show their names
    (English, then Chinese chosen on the phone), and the phone plays the Shuffle
    Hands with a colour (T10); afterwards it holds its new hand only."""
    from rigging import Faces, rig
    from selenium.webdriver.common.by import By

    from game.controller import MatchController
    from game.rules.cards import DECK, Kind

    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    config = party_config("pa", seed=5, deck="official", custom_wild="draw_two")
    c = Faces()
    game = rig(config.settings, hands=[c.ids("WS WC G2 G5"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    shuffle, custom = game.hands[0][0], game.hands[0][1]
    with TableLoop(config, controller=MatchController(config, game, think_ms=0,
                                                      anim_speed="off", persist=False)) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/#{loop.url_token(0)}")
        card = _wait(lambda: browser.find_elements(By.CSS_SELECTOR, f'#hand [data-id="{shuffle}"]'))
        assert card[0].text == "SHUFFLE" and "long" in card[0].get_attribute("class")
        other = browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{custom}"]')
        assert other.text == "CUSTOM"
        time.sleep(0.6)
        browser.save_screenshot(str(shots / "party_phone_d3.png"))
        browser.find_element(By.ID, "lang").click()
        _wait(lambda: browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{shuffle}"]').text
              == "洗手牌")
        assert browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{custom}"]').text == "自定义"
        browser.save_screenshot(str(shots / "party_phone_d3_zh.png"))
        browser.find_element(By.CSS_SELECTOR, f'#hand [data-id="{shuffle}"]').click()
        _wait(lambda: browser.find_element(By.ID, "picker").is_displayed())
        browser.find_element(By.CSS_SELECTOR, '#picker .swatch[data-colour="green"]').click()
        _wait(lambda: loop.inspect(lambda ctl: any(
            a.kind == "play" and a.cards == (shuffle,) for a in ctl.game.actions)))
        assert all(DECK[x].kind is not Kind.WILD_SHUFFLE_HANDS
                   for x in loop.inspect(lambda ctl: ctl.game.hands[0]))
        shown = "return [...document.querySelectorAll('#hand .card')].map(e => +e.dataset.id)"
        _wait(lambda: sorted(browser.execute_script(shown))
              == loop.inspect(lambda ctl: sorted(ctl.game.hands[0])))
