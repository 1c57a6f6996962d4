"""Settings screen: changes apply at once and are saved."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIHorizontalSlider
from ui_driver import buttons, choose, click, make_app

from game import i18n
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene
from game.storage.user_settings import load_settings


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    click(a, buttons(a)["Settings"])
    assert isinstance(a.scenes.top, SettingsScene)
    yield a
    a.shutdown()
    i18n.set_language("en")


def labels(app: App) -> set[str]:
    return {e.text for e in app.scenes.top._elements if type(e).__name__ == "UILabel"}


def test_switching_to_chinese_changes_every_text(app: App) -> None:
    assert "Language" in labels(app)
    lang = app.scenes.top.find(UIDropDownMenu, 0)
    choose(app, lang, "中文")
    assert i18n.language() == "zh"
    assert app.ui.get_locale() == "zh"
    assert {"语言", "音效", "音乐", "卡牌大小"} <= labels(app)
    assert "Language" not in labels(app)
    assert load_settings().language == "zh"
    click(app, buttons(app)["返回"])
    assert isinstance(app.scenes.top, MenuScene)
    assert {"快速开始", "新游戏", "设置", "退出"} <= set(buttons(app))


def test_colourblind_and_card_size_are_saved(app: App) -> None:
    scene = app.scenes.top
    boxes = [e for e in scene._elements if isinstance(e, UICheckBox)]
    colourblind = boxes[1]
    click(app, colourblind)
    assert app.settings.colourblind is True
    assert load_settings().colourblind is True
    card = scene.find(UIDropDownMenu, 3)
    choose(app, card, "Large")
    assert app.settings.card_size == "large"
    assert load_settings().card_size == "large"


def test_sliders_change_volumes(app: App) -> None:
    scene = app.scenes.top
    sfx = scene.find(UIHorizontalSlider, 0)
    knob = sfx.sliding_button.rect.center
    pygame.mouse.set_pos(knob)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=knob, button=1))
    app.pump(2)
    target = (sfx.rect.left + sfx.rect.width // 4, knob[1])
    pygame.mouse.set_pos(target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.pump(3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    app.pump(4)
    assert app.settings.sfx_volume < 0.8
    click(app, buttons(app)["Back"])  # leaving saves
    assert load_settings().sfx_volume == pytest.approx(app.settings.sfx_volume)


def test_animation_speed_and_window_size(app: App) -> None:
    scene = app.scenes.top
    choose(app, scene.find(UIDropDownMenu, 1), "Fast")
    assert app.settings.anim_speed == "fast"
    choose(app, scene.find(UIDropDownMenu, 2), "1024 × 640")
    assert tuple(app.settings.window_size) == (1024, 640)
    assert app.size == pygame.display.get_surface().get_size()
    assert load_settings().anim_speed == "fast"


def test_hand_order_and_confirm_each_play_are_saved(app: App) -> None:
    scene = app.scenes.top
    assert {"Hand order", "Confirm each play"} <= labels(app)
    choose(app, scene.find(UIDropDownMenu, 4), "As dealt")
    assert app.settings.hand_order == "dealt"
    assert load_settings().hand_order == "dealt"
    confirm = [e for e in scene._elements if isinstance(e, UICheckBox)][2]
    click(app, confirm)
    assert app.settings.confirm_play is True
    assert load_settings().confirm_play is True
    choose(app, app.scenes.top.find(UIDropDownMenu, 0), "中文")
    assert {"手牌顺序", "出牌确认"} <= labels(app)


@pytest.mark.parametrize("lang", ["en", "zh", i18n.PSEUDO])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_every_text_stays_in_the_panel_and_off_the_controls(lang: str, size: tuple[int, int]) -> None:
    """A checkbox's words (Full screen, Confirm each play) never run under the
    window-size list nor out of the panel, in a 30 % longer language too."""
    a = make_app("--lang", "en", "--size", f"{size[0]}x{size[1]}")
    try:
        i18n.set_language(lang)
        scene = SettingsScene(a)
        a.scenes.push(scene)
        a.pump(2)
        panel = scene.panel_rect
        words = [e.text_label.rect for e in scene._elements if isinstance(e, UICheckBox)]
        words += [e.rect for e in scene._elements if type(e).__name__ in ("UILabel", "UITextBox")
                  and panel.contains(e.rect.clip(panel)) and e.rect.colliderect(panel)]
        controls = [e.rect for e in scene._elements
                    if isinstance(e, (UIDropDownMenu, UIHorizontalSlider, UICheckBox))]
        for w in words:
            assert panel.contains(w), f"{w} leaves the panel {panel}"
            for c in controls:
                assert not w.colliderect(c), f"text at {w} runs under a control at {c}"
    finally:
        a.shutdown()
        i18n.set_language("en")


def test_party_phones_may_deal_is_on_by_default_and_saved(app: App) -> None:
    """Issue 35: the host's choice whether phones may press Start and Next round."""
    scene = app.scenes.top
    assert app.settings.party_phones_deal is True
    assert "Party phones" in labels(app)
    deal = [e for e in scene._elements if isinstance(e, UICheckBox)][3]
    assert deal.is_checked
    click(app, deal)
    assert app.settings.party_phones_deal is False
    assert load_settings().party_phones_deal is False
    choose(app, app.scenes.top.find(UIDropDownMenu, 0), "中文")
    assert "聚会手机" in labels(app)


def test_the_tables_key_legend_can_be_turned_off_and_is_saved(app: App) -> None:
    """Issue 39: the one-line legend of keys along the table's bottom edge."""
    assert "Keys at the table" in labels(app)
    legend = [e for e in app.scenes.top._elements if isinstance(e, UICheckBox)][-1]
    assert app.settings.table_legend is True
    click(app, legend)
    assert app.settings.table_legend is False
    assert load_settings().table_legend is False
