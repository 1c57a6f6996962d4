"""The phone page in headless Chromium, the evening around the match (#35): the host
pauses (the page says so and keeps retrying, then is back on its own, no reload),
and joining by typing the room code (a seat picker of the free phone seats).

Skips like tests/test_party_browser.py (whose ``browser`` fixture it uses) unless
``UNO_REQUIRE_BROWSER`` is set; screenshots go to ``$UNO_PARTY_SHOTS``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from party_helpers import TableLoop, party_config
from test_party_browser import CHROMIUM, DRIVER, _wait
from test_party_browser import browser as browser  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not os.environ.get("UNO_REQUIRE_BROWSER"),
                                reason="needs chromium and chromium-driver (.ci/run installs them)")


def _shots(tmp_path: Path) -> Path:
    shots = Path(os.environ.get("UNO_PARTY_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def test_party_phone_page_waits_while_the_host_paused_then_comes_back_without_reload(
        browser, tmp_path: Path):  # noqa: F811
    """``bye paused``: the page shows the host paused, counts down to its next try,
    and keeps trying; the party opened again on the same port (Continue), the seat's
    state comes back with no reload (a mark left in the page survives)."""
    from selenium.webdriver.common.by import By

    shots = _shots(tmp_path)
    config = party_config("pa", seed=3)
    with TableLoop(config) as loop:
        port, controller = loop.port, loop.controller
        browser.get(f"http://127.0.0.1:{port}/#{loop.url_token(0)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        browser.execute_script("window.__sameTab = 42;")
        loop.host.stop(paused=True)
        overlay = _wait(lambda: [e for e in browser.find_elements(By.ID, "paused") if e.is_displayed()])
        assert "The host paused the party" in overlay[0].text
        assert browser.find_element(By.ID, "status").get_attribute("data-key") == "host_paused"
    _wait(lambda: "Trying again in" in browser.find_element(By.ID, "paused-retry").text)
    browser.save_screenshot(str(shots / "party_phone_paused_en.png"))
    browser.find_element(By.ID, "lang").click()
    _wait(lambda: "主机暂停了聚会" in browser.find_element(By.ID, "paused").text)
    time.sleep(0.2)
    browser.save_screenshot(str(shots / "party_phone_paused_zh.png"))
    browser.execute_script("localStorage.setItem('uno-lang', 'en');")
    time.sleep(3.5)  # a few tries against nothing: the page keeps going
    assert browser.find_element(By.ID, "paused").is_displayed()
    opened = time.monotonic()
    with TableLoop(config, controller=controller, ports=(port,)) as again:
        _wait(lambda: again.host.connected() == {0}, timeout=10)
        back_s = time.monotonic() - opened
        _wait(lambda: not browser.find_element(By.ID, "paused").is_displayed())
        assert browser.execute_script("return window.__sameTab") == 42  # no reload
        assert browser.find_elements(By.CSS_SELECTOR, "#hand .card")
    print(f"\nphone back {back_s:.2f} s after the party opened again")
    assert back_s < 4.0  # the page tries at least every 3 s


def test_party_phone_page_room_code_seat_picker(browser, tmp_path: Path):  # noqa: F811
    """The address typed without a link: the room code (any case), then the free
    phone seats; the chosen seat's token goes into the address (a reload keeps it)."""
    from selenium.webdriver.common.by import By

    shots = _shots(tmp_path)
    with TableLoop(party_config("ppa", seed=3)) as loop:
        browser.get(f"http://127.0.0.1:{loop.port}/")
        _wait(lambda: browser.find_element(By.ID, "join").is_displayed())
        assert not browser.find_element(By.ID, "hand").is_displayed()
        size = browser.execute_script(
            "return parseFloat(getComputedStyle(document.getElementById('code')).fontSize)")
        assert size >= 28  # the code is typed in large letters
        field = browser.find_element(By.ID, "code")
        field.send_keys("zzzz\n")
        _wait(lambda: "not the code" in browser.find_element(By.ID, "join-error").text)
        field.clear()
        field.send_keys(loop.host.code.lower() + "\n")
        seats = _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"))
        assert [s.text for s in seats] == ["P1", "P2"]
        time.sleep(0.2)
        browser.save_screenshot(str(shots / "party_phone_seat_picker_en.png"))
        browser.find_element(By.ID, "lang").click()
        _wait(lambda: "选择你的座位" in browser.find_element(By.ID, "seat-list").text)
        time.sleep(0.2)
        browser.save_screenshot(str(shots / "party_phone_seat_picker_zh.png"))
        browser.find_element(By.ID, "lang").click()
        browser.find_element(By.CSS_SELECTOR, '#seat-list button[data-seat="1"]').click()
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        assert not browser.find_element(By.ID, "join").is_displayed()
        assert browser.execute_script("return location.hash") == "#" + loop.url_token(1)
        assert loop.host.connected() == {1}
        browser.refresh()  # a reload comes back to the seat
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        _wait(lambda: loop.host.connected() == {1})


def test_party_paused_phone_meets_another_match_on_the_port_and_stops(browser):  # noqa: F811
    """Paused, then the port serves another match (the host started a new one): the
    old link is refused, the page says so and stops trying (no paused notice left)."""
    from selenium.webdriver.common.by import By

    with TableLoop(party_config("pa", seed=3)) as loop:
        port = loop.port
        browser.get(f"http://127.0.0.1:{port}/#{loop.url_token(0)}")
        _wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand .card"))
        loop.host.stop(paused=True)
        _wait(lambda: browser.find_element(By.ID, "paused").is_displayed())
    with TableLoop(party_config("pa", seed=4), ports=(port,)):
        _wait(lambda: browser.find_element(By.ID, "status").get_attribute("data-key") == "badlink",
              timeout=10)
        assert not browser.find_element(By.ID, "paused").is_displayed()
