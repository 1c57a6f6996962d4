"""#39 (4): the controls (D, U, C, H, L, arrows, Enter, Ctrl/Shift-click...) were never
shown in the game. The Rules screen opens with them, in both languages."""

from __future__ import annotations

import pytest
from ui_driver import make_app

from game import i18n
from game.scenes.rules_scene import RulesScene
from game.ui import controls_text


def test_every_controls_id_is_in_both_catalogues() -> None:
    for lang in ("en", "zh"):
        for key in controls_text.ids():
            assert i18n.tl(lang, key) != key, (lang, key)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_screen_opens_with_the_keys_and_the_mouse(lang: str) -> None:
    app = make_app("--lang", lang, "--scene", "rules")
    try:
        scene = app.scenes.top
        assert isinstance(scene, RulesScene)
        texts = scene.page_texts()
        title = i18n.t("controls.title")
        assert title in texts
        first_rule = i18n.t("rule.section.D")
        assert texts.index(title) < texts.index(first_rule)
        for key in ("controls.keys.uno", "controls.does.catch", "controls.does.several",
                    "controls.keys.colour_keys", "controls.does.screen_change"):
            assert i18n.t(key) in texts
        # nothing is cut off: every wrapped line fits its column
        assert all(w <= room + 1 for _, w, room in scene.lines)
    finally:
        app.shutdown()
        i18n.set_language("en")
