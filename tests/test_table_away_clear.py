"""Party mode's "away" lines (a phone seat without its phone) never run into a
seat's plate or cards, the piles, the buttons, the hand, the prompt or the
top-left ticker: at 1024x640 to 1920x1080, 2 to 10 seats, the log open or
folded, in English and Chinese, one line to every seat away."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest
from table_helpers import config, make_app
from test_table_ticker_clear import NAMES, _ink, _obstacles, _tickers

from game import i18n
from game.table.layout import TableLayout, compute_layout
from game.table.renderer import TableRenderer, _draw_info, away_rows, draw_away, draw_notice
from game.table.scene import TableScene
from game.ui import draw_kit as kit

SIZES = [(1024, 640), (1280, 720), (1280, 800), (1366, 768), (1024, 768), (1600, 900),
         (1920, 1080)]


def _away_lines(lang: str, n: int) -> list[tuple[str, ...]]:
    """One line (the longest wording), three, and every seat's phone away."""
    names = [*NAMES[lang], *(f"P{i}" for i in range(3, n + 1))]
    every = tuple(i18n.tl(lang, "party.bot" if i % 2 == 0 else "party.away", name=names[i])
                  for i in range(n))
    return [every[:1], every[:3], every]


def _tallies(lang: str, n: int) -> tuple[str, ...]:
    return tuple(i18n.ntl(lang, "party.away_more", k) for k in range(1, n + 1))


def _written(lay: TableLayout, lang: str) -> list[tuple[str, pygame.Rect]]:
    """What else is written on the felt, at its largest: the heading and the
    ticker (short and wrapped lines), the prompt (a spectator's, and the widest
    "why not" tip) and the autosave notice."""
    out: list[tuple[str, pygame.Rect]] = []
    heading = i18n.tl(lang, "tbl.round", n=12) + " · " + i18n.tl(lang, "score.target", n=500)
    for lines in _tickers(lang):
        rec = kit.Recorder()
        _draw_info(rec, lay, (heading, lines))
        out += [("ticker", _ink(surf, pos)) for surf, pos in rec.blits]
    turn = (i18n.tl(lang, "tbl.spectator") + " · "
            + i18n.tl(lang, "tbl.turn_of", name=NAMES[lang][0]))
    for prompt, tip in ((turn, ""), ("", "W" * 200)):
        rec = kit.Recorder()
        frame = SimpleNamespace(prompt=prompt, tip=tip, picker=None, prompt_colour=kit.CREAM,
                                bar_top=-1)
        TableRenderer()._draw_prompt(rec, lay, frame)  # type: ignore[arg-type]
        out += [("prompt", pygame.Rect(pos, surf.get_size())) for surf, pos in rec.blits]
    rec = kit.Recorder()
    draw_notice(lay, rec, i18n.tl(lang, "tbl.save_failed.disk"))  # type: ignore[arg-type]
    out += [("notice", pygame.Rect(pos, surf.get_size())) for surf, pos in rec.blits]
    return out


def _check_clear(lay: TableLayout, rec: kit.Recorder,
                 blocked: list[tuple[str, pygame.Rect]], case: object) -> None:
    """Something is drawn, inside the felt, clear of ``blocked``; no two pills overlap."""
    assert rec.blits, ("nothing drawn", case)
    for surf, pos in rec.blits:
        ink = _ink(surf, pos)
        assert lay.table.contains(ink), (case, ink)
        for what, r in blocked:
            assert not ink.colliderect(r), (case, what, r, ink)
    pills = [pygame.Rect(pos, surf.get_size()) for surf, pos in rec.blits[::2]]  # each then its words
    for i, a in enumerate(pills):
        assert a.collidelist(pills[i + 1:]) < 0, (case, a, pills)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    """Fonts on; the language the module found is put back (make_app sets its own)."""
    pygame.font.init()
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_away_lines_never_run_into_a_seat_the_piles_or_the_ticker(
        size: tuple[int, int], lang: str) -> None:
    for n in range(2, 11):
        for log_open in (False, True):
            lay = compute_layout(size, n, -1, log_open=log_open)
            blocked = _obstacles(lay, lang) + _written(lay, lang)
            for lines in _away_lines(lang, n):
                rec = kit.Recorder()
                draw_away(lines, rec, lay, _tallies(lang, len(lines)))
                _check_clear(lay, rec, blocked, (n, log_open, len(lines)))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_seat_away_is_named_or_counted(lang: str) -> None:
    """The first lines whole, in order; those that find no room are counted on
    the last line ("+3 phones away"), which is just as clear of everything."""
    for size in ((1024, 640), (1920, 1080)):
        for n in range(2, 11):
            for log_open in (False, True):
                lay = compute_layout(size, n, -1, log_open=log_open)
                lines, more = _away_lines(lang, n)[-1], _tallies(lang, n)
                shown = away_rows(lay, lines, more)[1]
                named = [line for line in shown if line in lines]
                assert named == list(lines[:len(named)]), (size, n, log_open, shown)
                hidden = len(lines) - len(named)
                assert shown == named + ([more[hidden - 1]] if hidden else []), (size, n, shown)
                rec = kit.Recorder()
                draw_away(lines, rec, lay, more)
                assert len(rec.blits) == 2 * len(shown)
                _check_clear(lay, rec, _obstacles(lay, lang) + _written(lay, lang),
                             (size, n, log_open))
    roomy = compute_layout((1920, 1080), 4, -1)
    three = _away_lines(lang, 4)[1]
    assert away_rows(roomy, three, _tallies(lang, 3))[1] == list(three)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_draws_the_away_lines_in_their_box_only(lang: str) -> None:
    """A party table with every phone away: the frame carries the lines and their
    tallies, and drawing them changes pixels only inside the box they were given
    (the layer redraws the felt under them when they go); drawing changes no frame."""
    app = make_app((1024, 640), lang)
    app.start_match(config(7, 0, 3))
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.viewer == -1  # spectating, as in party mode
    table.remote = SimpleNamespace(away=lambda: list(range(7)), bot_seats={1, 4},  # type: ignore[assignment]
                                  busy=lambda: False, pump=lambda **_: None, stop=lambda: None,
                                  bot_in=lambda: {})
    frame = table.frame()
    assert frame.away[1] == i18n.tl(lang, "party.bot", name=table.ctl.names[1])
    assert frame.away[2] == i18n.tl(lang, "party.away", name=table.ctl.names[2])
    assert frame.away_more == _tallies(lang, 7)
    box = away_rows(table.layout, frame.away, frame.away_more)[0]
    shots = []
    for f in (frame, replace(frame, away=(), away_more=()), frame):
        surf = pygame.Surface(app.size)
        table.renderer.draw(surf, table.layout, f)
        shots.append(surf)
    same = pygame.mask.from_threshold(shots[0], (0, 0, 0), (1, 1, 1, 255), shots[1])
    same.invert()
    changed = same.get_bounding_rects()
    assert changed and all(box.contains(r) for r in changed), (box, changed)
    assert pygame.image.tobytes(shots[0], "RGB") == pygame.image.tobytes(shots[2], "RGB")
    assert table.frame() == frame
    table.party = None
    app.back_to_menu()
