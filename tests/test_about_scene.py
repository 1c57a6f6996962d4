"""The About screen: version, our MIT licence and the third-party notices, both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ui_driver import buttons, click, key, make_app

from game import __version__, i18n
from game.app import App
from game.scenes.about_scene import AboutScene
from game.scenes.menu import MenuScene


@pytest.fixture(params=["en", "zh"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = make_app("--lang", request.param)
    yield a
    a.shutdown()


def _text(app: App) -> str:
    scene = app.scenes.top
    assert isinstance(scene, AboutScene) and scene.text_box is not None
    return str(scene.text_box.html_text)


def _open_about(app: App) -> AboutScene:
    click(app, buttons(app)[i18n.t("menu.about")])
    scene = app.scenes.top
    assert isinstance(scene, AboutScene)
    return scene


def test_about_from_the_menu_shows_version_and_our_licence(app: App) -> None:
    label = "About" if i18n.language() == "en" else "关于"
    assert label in buttons(app)
    scene = _open_about(app)
    header = next(e for e in scene._elements if "#about_header" in e.get_object_ids())
    assert __version__ in header.html_text and "MIT" in header.html_text
    assert "Mattel" in header.html_text  # UNO is Mattel's trademark; we are not affiliated
    text = _text(app)
    assert "MIT License" in text and "Permission is hereby granted" in text


def test_tabs_show_the_third_party_notices_and_the_lgpl(app: App) -> None:
    _open_about(app)
    click(app, buttons(app)[i18n.t("about.notices")])
    text = _text(app)
    for name in ("pygame-ce", "pygame_gui", "platformdirs", "python-i18n", "Noto Sans",
                 "SIL Open Font License", "LGPL-2.1"):
        assert name in text, name
    tabs = app.scenes.top.tabs
    assert [k for k, b in tabs.items() if "#primary" in b.get_object_ids()] == ["about.notices"]
    click(app, buttons(app)[i18n.t("about.lgpl")])
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in _text(app)
    click(app, buttons(app)[i18n.t("about.licence")])
    assert "MIT License" in _text(app)


def test_back_and_escape_return_to_the_menu(app: App) -> None:
    _open_about(app)
    click(app, buttons(app)[i18n.t("common.back")])
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes) == 1
    _open_about(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_about_strings_exist_in_both_languages() -> None:
    missing = i18n.missing_keys()
    assert not {k for k in missing["zh"] | missing["en"] if k.startswith(("about.", "menu."))}


def test_switching_language_on_the_menu_relabels_about(app: App) -> None:
    before = i18n.t("menu.about")
    click(app, buttons(app)["English" if i18n.language() == "zh" else "中文"])
    assert before not in buttons(app)
    assert i18n.t("menu.about") in buttons(app)
