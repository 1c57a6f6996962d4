"""Every screen under the pseudo-locale: no untranslated string, no cut-off text.

The pseudo-locale (``i18n.PSEUDO``) shows every catalogue text accented,
about 30 % longer and in brackets. On each screen the test reads the real
pygame_gui elements (buttons, labels, text boxes) and every string the table
draws itself, and fails on

- ASCII words outside brackets: a string that did not come from the catalogue;
- a "[" without its "]", or a label/button whose text is wider than its rect:
  text that was cut off.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import buttons, click, key, make_app

from game import i18n
from game.app import App
from game.ui import draw_kit as kit

# Strings that are not words of the game: language names on the language
# switch (each in its own language), and the logo.
ALLOWED = {*(i18n.tl(lang, "language.name") for lang in i18n.LANGUAGES), "UNO", "UNO!"}
_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_TAGS = re.compile(r"<[^>]*>")
_ENTITIES = re.compile(r"&[a-z]+;|&#\d+;")


def _problem(text: str, names: set[str]) -> str | None:
    text = _ENTITIES.sub(" ", _TAGS.sub(" ", text)).strip()
    if not text or text in ALLOWED:
        return None
    rest = text
    while _BRACKETED.search(rest):  # catalogue texts may hold other catalogue texts
        rest = _BRACKETED.sub(" ", rest)
    if "[" in rest or "]" in rest:
        return "cut off"
    for name in names:
        rest = rest.replace(name, " ")
    for word in ALLOWED:
        rest = rest.replace(word, " ")
    # Rule IDs (T1, H4) and key names (Esc, Enter) may stand beside a text.
    rest = re.sub(r"\b([DSTRH]\d|Esc|Enter|Space|Tab|Shift|UNO)\b", " ", rest)
    if re.search(r"[A-Za-z]{2,}", rest):
        return "not translated"
    return None


class Screen:
    """What the app shows: pygame_gui elements and strings drawn by hand."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app = app
        self.drawn: list[str] = []
        self._rows = 0  # inside a wrapped block: its rows are checked as one text
        real_text, real_block = kit.text, kit.text_block

        def text(s: str, *a: Any, **k: Any) -> pygame.Surface:
            if not self._rows:
                self.drawn.append(s)
            return real_text(s, *a, **k)

        def text_block(s: str, *a: Any, **k: Any) -> pygame.Surface:
            self.drawn.append(s)
            self._rows += 1
            try:
                return real_block(s, *a, **k)
            finally:
                self._rows -= 1

        monkeypatch.setattr(kit, "text", text)
        monkeypatch.setattr(kit, "text_block", text_block)

    def problems(self, where: str, names: tuple[str, ...] = ()) -> list[str]:
        self.drawn.clear()
        self.app.pump(2)
        names = set(names) | set(getattr(getattr(self.app.scenes.top, "ctl", None), "names", []))
        table = getattr(self.app.scenes.top, "table", None)
        if table is not None:
            names |= set(table.ctl.names)
        out: list[str] = []
        for el in self.app.ui.get_sprite_group().sprites():
            if not getattr(el, "visible", False):
                continue
            kind = type(el).__name__
            if kind == "UITextEntryLine":
                continue  # the player's own typing
            text = getattr(el, "html_text", None) if kind == "UITextBox" else getattr(el, "text", None)
            if not isinstance(text, str) or not text:
                continue
            why = _problem(text, names)
            if why is None and kind in ("UIButton", "UILabel"):
                font = getattr(el, "font", None)
                if font is not None and font.size(text)[0] > el.rect.width:
                    why = "cut off"
            if why:
                out.append(f"{where}: {kind} {text!r}: {why}")
        page = getattr(self.app.scenes.top, "page_texts", None)  # a page drawn by hand
        for s in self.drawn + (page() if page is not None else []):
            why = _problem(s, names)
            if why:
                out.append(f"{where}: drawn {s!r}: {why}")
        return out


def test_the_checker_sees_both_faults() -> None:
    assert _problem("[Ðŕàŵ ··]", set()) is None
    assert _problem("[Ĥíñţ: ··][Ŕéđ 7 ·]", set()) is None
    assert _problem("Hint: [Ŕéđ 7 ·]", set()) == "not translated"
    assert _problem("[Ŕöûñđ 1 ƀéĝíñš: Ada đéàĺš ···]", {"Ada"}) is None
    assert _problem("[Ŕöûñđ 1 ƀéĝí…", set()) == "cut off"
    assert _problem("T1 · [Ðŕàŵ ··]", set()) is None


def _app(lang: str) -> App:
    a = make_app("--lang", "en")
    i18n.set_language(lang)
    menu = type(a.scenes.top)
    a.scenes.pop()
    a.scenes.push(menu(a))
    a.pump(2)
    return a


@pytest.fixture(params=[i18n.PSEUDO, "en", "zh"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = _app(request.param)
    yield a
    i18n.set_language("en")
    a.shutdown()


def _press(app: App, key_id: str) -> None:
    click(app, buttons(app)[i18n.t(key_id)])


def _menu_screens(app: App, screen: Screen) -> list[str]:
    found = screen.problems("menu")
    for button in ("menu.new", "menu.rules", "menu.stats", "saves.title", "menu.settings"):
        _press(app, button)
        found += screen.problems(button)
        key(app, pygame.K_ESCAPE)
    return found


def _table_screens(app: App, screen: Screen) -> list[str]:
    _press(app, "menu.quick")
    table = app.scenes.top
    for _ in range(400):  # to the human's first turn
        app.pump(1)
        if table.can_act() and table.ctl.legal(table.viewer):
            break
    found = screen.problems("table")
    table.give_hint()
    found += screen.problems("table+hint")
    table.press("log")
    found += screen.problems("table+log")
    key(app, pygame.K_ESCAPE)
    found += screen.problems("pause")
    return found


def _expect(found: list[str], lang: str) -> None:
    """No text that is not translated, and none cut off, in any language (the
    table's seat plates, toasts and log fit 30 % longer words too: issue 14)."""
    untranslated = [f for f in found if f.endswith("not translated")]
    cut = [f for f in found if f.endswith("cut off")]
    if lang == i18n.PSEUDO:
        assert untranslated == [], "\n".join(untranslated)
    assert cut == [], "\n".join(cut)


def test_menu_screens_are_all_translated_and_fit(app: App, monkeypatch) -> None:
    _expect(_menu_screens(app, Screen(app, monkeypatch)), i18n.language())


def test_the_table_pause_and_log_are_all_translated_and_fit(app: App, monkeypatch) -> None:
    _expect(_table_screens(app, Screen(app, monkeypatch)), i18n.language())


def test_the_curtain_and_the_scoreboard_are_all_translated_and_fit(app: App, monkeypatch) -> None:
    from types import SimpleNamespace

    from rigging import Faces, rig
    from table_helpers import config

    from game.scenes.curtain import CurtainScene
    from game.scenes.scoreboard import ScoreboardScene

    screen = Screen(app, monkeypatch)
    hot_seat = config(3, 2, 3)
    names = tuple(s.name for s in hot_seat.seats)
    app.start_match(hot_seat)
    for _ in range(200):
        app.pump(1)
        if isinstance(app.scenes.top, CurtainScene):
            break
    assert isinstance(app.scenes.top, CurtainScene)
    found = screen.problems("curtain", names)

    c = Faces()
    game = rig(hands=[c.ids("R5"), c.ids("G7 B1 Y2"), c.ids("B3 G4")], top=c("R3"), to_act=0,
               uno_declared=0)
    solo = config(3, 1, 3)
    app.start_match(solo, SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    app.pump(3)
    table.click_card(0)  # the last card: the round ends
    for _ in range(300):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        app.pump(1)
    assert isinstance(app.scenes.top, ScoreboardScene)
    found += screen.problems("scoreboard", tuple(s.name for s in solo.seats))
    _expect(found, i18n.language())
