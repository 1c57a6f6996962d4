"""Packaged assets and the bundled font are reachable through importlib.resources."""

from __future__ import annotations

import io
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import resources  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.font.init()


def test_assets_package_is_importable() -> None:
    assert resources.asset(".").is_dir()
    assert resources.asset_exists("sounds/play.wav")
    assert not resources.asset_exists("sounds/does-not-exist.wav")


def test_read_bytes_and_open_binary() -> None:
    data = resources.read_bytes("sounds/click.wav")
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    with resources.open_binary("sounds/click.wav") as f:
        assert f.read() == data


def test_asset_path_gives_a_real_file() -> None:
    with resources.asset_path("sounds/uno.wav") as p:
        assert p.is_file()
        assert p.read_bytes() == resources.read_bytes("sounds/uno.wav")


def test_iter_assets_lists_sounds() -> None:
    names = set(resources.iter_assets("sounds"))
    assert {"play.wav", "music.wav"} <= names


def test_parent_paths_are_rejected() -> None:
    with pytest.raises(ValueError):
        resources.asset("../pyproject.toml")


@pytest.mark.parametrize("bold", [False, True])
def test_font_file_exists(bold: bool) -> None:
    f = resources.font_file(bold)
    assert f.is_file()
    assert f.name.startswith("NotoSansSC")


def test_get_font_is_cached_and_sized() -> None:
    a = resources.get_font(24)
    assert a is resources.get_font(24)
    assert a is not resources.get_font(24, bold=True)
    assert resources.get_font(48).get_height() > a.get_height()


def _ink(text: str) -> bytes:
    font = resources.get_font(40)
    surf = font.render(text, True, (255, 255, 255), (0, 0, 0))
    return pygame.image.tobytes(surf, "RGB")


def test_font_renders_chinese_glyphs_not_tofu() -> None:
    font = resources.get_font(40)
    assert font.size("出牌")[0] > 0
    tofu = _ink("\u0378")  # unassigned code point: the font's missing-glyph box
    chu, pai = _ink("出"), _ink("牌")
    assert chu != tofu and pai != tofu
    assert chu != pai
    assert _ink("\ue000") == tofu  # sanity: every missing glyph looks the same


def test_font_renders_latin() -> None:
    assert _ink("A") != _ink("\u0378")
    assert resources.get_font(30, bold=True).size("UNO")[0] > 0


def _pixels(surf: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_sized_fonts_draw_like_a_font_opened_at_that_size(bold: bool) -> None:
    data = resources.font_file(bold).read_bytes()
    for size in (11, 17, 22, 17, 40):  # back and forth: shared faces get resized
        own = pygame.font.Font(io.BytesIO(data), size)
        ours = resources.get_font(size, bold)
        for text in ("Bot 3 plays Wild, naming Red", "第 1 局开始：出牌"):
            assert _pixels(ours.render(text, True, (240, 200, 70))) == _pixels(
                own.render(text, True, (240, 200, 70)))
            assert ours.size(text) == own.size(text)
        assert ours.get_height() == own.get_height()
        assert ours.get_linesize() == own.get_linesize()
        assert ours.get_ascent() == own.get_ascent()


def test_warm_font_opens_a_face_once() -> None:
    resources.clear_font_cache()
    assert not resources.font_ready(23)
    assert resources.warm_font(23)
    assert resources.font_ready(23) and not resources.warm_font(23)
    before = _pixels(resources.get_font(23).render("UNO 出牌", True, (255, 255, 255)))
    resources.clear_font_cache()
    assert not resources.font_ready(23)
    after = _pixels(resources.get_font(23).render("UNO 出牌", True, (255, 255, 255)))
    assert before == after


def test_sizes_drawn_by_shared_faces_are_warmed_later() -> None:
    resources.clear_font_cache()
    resources.get_font(31, bold=True).size("x")
    assert not resources.font_ready(31, bold=True)
    assert resources.warm_next_font()
    assert resources.font_ready(31, bold=True)
    _warm_all()


def _warm_all() -> None:
    for _ in range(10):  # the other weight's shared face, then nothing left
        if not resources.warm_next_font():
            return
    raise AssertionError("warm_next_font never runs out of work")


def test_text_drawn_once_asks_for_no_face_of_its_own() -> None:
    resources.clear_font_cache()
    resources.get_font(140, bold=True, warm=False).render("7", True, (255, 255, 255))
    _warm_all()
    assert not resources.font_ready(140, bold=True)
