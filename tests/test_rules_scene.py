"""The Rules screen: a page with a card picture, the rule and an example per rule
ID, in sections, scrolling; no rule ID alone on a line."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from ui_driver import key, make_app

from game import i18n
from game.app import App
from game.rules.settings import SHEET_HOUSE_RULES
from game.scenes.rules_scene import RulesScene
from game.ui.rules_text import RULES, SECTIONS, rule_pictures
from game.ui.wrap import CLOSING


@pytest.fixture(params=["en", "zh"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = make_app("--lang", request.param)
    yield a
    i18n.set_language("en")
    a.shutdown()


def open_rules(app: App, settings=None) -> RulesScene:
    app.scenes.push(RulesScene(app, settings))
    app.pump(2)
    scene = app.scenes.top
    assert isinstance(scene, RulesScene)
    return scene


def test_every_rule_has_a_card_picture_and_an_example_in_both_languages() -> None:
    for rule in RULES:
        assert rule_pictures(rule.id), rule.id
        for lang in ("en", "zh"):
            example = i18n.tl(lang, f"rule.example.{rule.id}")
            assert example and example != f"rule.example.{rule.id}", (rule.id, lang)
        assert i18n.tl("zh", f"rule.example.{rule.id}") != i18n.tl("en", f"rule.example.{rule.id}")


def test_the_page_holds_every_rule_in_its_section_with_its_picture(app: App) -> None:
    scene = open_rules(app)
    ids = [b.rule_id for b in scene.blocks if b.rule_id]
    assert ids == [r.id for r in RULES]
    titles = [b.title for b in scene.blocks if b.title]
    assert titles == [i18n.t(f"rule.section.{s}") for s in SECTIONS]
    for block in scene.blocks:
        if block.rule_id:
            assert block.cards, block.rule_id
            assert i18n.t(f"rule.example.{block.rule_id}") in block.texts
            assert block.surface.get_height() >= block.height > 0


@pytest.mark.parametrize("size", ["1024x640", "1280x720", "1920x1080"])
def test_no_rule_id_stands_alone_and_no_line_is_too_wide(size: str) -> None:
    for lang in ("zh", "en"):
        a = make_app("--lang", lang, "--size", size)
        try:
            scene = open_rules(a)
            assert scene.lines
            for text, width, room in scene.lines:
                assert text.strip(), "a blank row"
                assert width <= room, (text, width, room)
                assert not re.fullmatch(r"[DSTRH]\d", text.strip()), f"{text!r} alone ({lang})"
                assert text[0] not in CLOSING, text
        finally:
            i18n.set_language("en")
            a.shutdown()


def test_the_page_scrolls_with_keys_and_wheel(app: App) -> None:
    scene = open_rules(app)
    assert scene.scroll == 0 and scene.max_scroll > 0
    key(app, pygame.K_PAGEDOWN)
    page = scene.scroll
    assert page > 0
    key(app, pygame.K_DOWN)
    assert scene.scroll > page
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    assert scene.visible_rule_ids()[-1] == RULES[-1].id
    key(app, pygame.K_HOME)
    # back at the top: the keys and the mouse first, then (if any shows) D1
    assert scene.scroll == 0 and scene.visible_rule_ids()[:1] in ([], [RULES[0].id])
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                         precise_x=0.0, precise_y=-2.0))
    app.pump(2)
    assert scene.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not scene


def test_the_rules_of_a_running_match_are_marked(app: App) -> None:
    scene = open_rules(app, SHEET_HOUSE_RULES)
    marked = {b.rule_id for b in scene.blocks if b.marked}
    assert {"H1", "H2", "H3", "H4"} <= marked
    assert "T1" not in marked
    assert any(i18n.t("rules.on_now") in text for b in scene.blocks for text in b.texts)


def test_the_scroll_bar_drags_the_page(app: App) -> None:
    scene = open_rules(app)
    thumb = scene._thumb()
    assert thumb is not None
    start = thumb.center
    end = (start[0], scene.view.bottom)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, end[1] - start[1]),
                                         buttons=(1, 0, 0)))
    app.pump(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump(1)
    assert scene.scroll == scene.max_scroll
    track = scene._track()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.y + 2),
                                         button=1))
    app.pump(1)
    assert scene.scroll < scene.max_scroll  # a click above the thumb: a page up
