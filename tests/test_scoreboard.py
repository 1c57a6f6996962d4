"""Round-end and match-end scoreboard."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import config, key, make_app, pump

from game.rules.settings import OFFICIAL
from game.scenes.scoreboard import ScoreboardScene


def until_board(app, limit=40000):
    for _ in range(limit):
        pump(app, 1, 0.05)
        if isinstance(app.scenes.top, ScoreboardScene):
            return app.scenes.top
    raise AssertionError("no scoreboard")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_round_end_board_then_next_round(lang):
    app = make_app(lang=lang)
    app.start_match(config(4, 0, 8, OFFICIAL))
    table = app.scenes.top
    board = until_board(app)
    assert board.match is None and set(board.buttons) == {"next", "menu"}
    d = board.round
    assert d.winner >= 0 and len(d.hands) == 4
    assert d.hands[d.winner] == ()
    assert sum(d.points) == d.gained[d.winner]  # R2 winner takes every hand (D2)
    pump(app, 1)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert app.scenes.top is table
    assert table.ctl.game.view(-1).round_no == 2


@pytest.mark.parametrize("settings", [
    OFFICIAL.with_(scoring="elimination"),
    OFFICIAL.with_(teams=True, target_score=50),
    OFFICIAL.with_(scoring="penalty_points", target_score=50),
])
def test_match_end_variants(settings):
    app = make_app()
    app.start_match(config(4, 0, 4, settings))
    for _ in range(30):
        board = until_board(app)
        if board.match is not None:
            break
        pump(app, 1, events=key(pygame.K_RETURN))
    assert board.match is not None and set(board.buttons) == {"again", "menu"}
    pump(app, 2)
    pump(app, 1, events=key(pygame.K_ESCAPE))
    assert app.menu


# ---------------------------------------------------------------- the win, step by step
from types import SimpleNamespace  # noqa: E402

from rigging import Faces, rig  # noqa: E402
from table_helpers import click  # noqa: E402
from table_helpers import make_app as fake_app  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import draw_kit as kit  # noqa: E402


def _rigged_board(size=(1024, 640), lang="en", speed="off", settings=OFFICIAL, seats=4):
    """Seat 0 plays its last card; the board that follows."""
    c = Faces()
    hands = [c.ids("R5"), c.ids("G7 B1 Y2 W4"), c.ids("B3 GS"), c.ids("Y9 Y8 W"),
             c.ids("B7"), c.ids("G2 G3"), c.ids("R1"), c.ids("Y4 Y5"), c.ids("B9"),
             c.ids("GR")][:seats]
    game = rig(settings, hands=hands, top=c("R3"), to_act=0, uno_declared=0)
    app = fake_app(size, lang, anim_speed=speed)
    app.start_match(config(seats, 1, 3, settings), SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    pump(app, 3, 0.05)
    table.click_card(0)
    return app, until_board(app)


def _drawn(monkeypatch, board) -> list[str]:
    """What the board itself writes (not the table under it)."""
    seen: list[str] = []
    real = kit.text

    def text(s, *a, **k):
        seen.append(s)
        return real(s, *a, **k)

    monkeypatch.setattr(kit, "text", text)
    board.draw(pygame.Surface(board.app.size))
    monkeypatch.setattr(kit, "text", real)
    return seen


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh", i18n.PSEUDO])
def test_no_scoreboard_header_is_cut_off(monkeypatch, size, lang):
    app, board = _rigged_board(size, lang, seats=10)
    try:
        board.finish_tally()
        assert board.stage == "board"
        drawn = _drawn(monkeypatch, board)
        for key_id in ("score.player", "score.hand", "score.points", "score.total"):
            assert i18n.t(key_id) in drawn, (key_id, drawn)
        assert not [s for s in drawn if s.endswith("…")]
    finally:
        i18n.set_language("en")


def test_the_tally_flips_each_losers_cards_and_adds_them_up():
    app, board = _rigged_board(speed="normal")
    assert board.stage == "tally" and board.flipped() == 0
    assert board.buttons == {}  # the buttons come with the board
    total = sum(len(h) for h in board.round.hands)
    seen = []
    for _ in range(400):
        pump(app, 1, 0.05)
        seen.append(board.flipped())
        if board.stage != "tally":
            break
    assert board.stage == "board"
    assert seen == sorted(seen) and total in seen and len(set(seen)) > total // 2
    assert set(board.buttons) == {"next", "menu"}
    totals = list(board.round.totals)
    assert [totals[s] for s in board.ranking()] == sorted(totals, reverse=True)
    assert board.ranking()[0] == board.round.winner == 0


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_click_or_enter_finishes_the_tally(how):
    app, board = _rigged_board(speed="slow")
    pump(app, 2, 0.05)
    assert board.stage == "tally"
    w, h = app.size
    pump(app, 1, events=click((w // 2, h // 2)) if how == "click" else key(pygame.K_RETURN))
    assert board.stage == "board" and board.flipped() == sum(len(h) for h in board.round.hands)
    assert app.scenes.top is board  # finishing the tally did not deal the next round
    pump(app, 1, events=click(board.buttons["next"].rect.center))
    pump(app, 2)
    assert app.scenes.top is not board
    assert app.scenes.top.ctl.view(-1).round_no == 2


def test_the_match_end_shows_a_podium_the_numbers_and_play_again_starts_a_new_match(monkeypatch):
    settings = OFFICIAL.with_(target_score=50)
    app, board = _rigged_board(settings=settings)
    assert board.match is not None
    assert board.stage == "podium" and set(board.buttons) == {"again", "menu"}
    numbers = board.numbers
    assert numbers.rounds == 1 and numbers.best_seat == 0 and numbers.cards_played[0] == 1
    drawn = _drawn(monkeypatch, board)
    assert i18n.t("score.rounds", n=1) in drawn
    assert i18n.t("score.cards_played", n=sum(numbers.cards_played)) in drawn
    assert board.podium()[0] == 0 and len(board.podium()) == 3
    before = app.started[-1]
    pump(app, 1, events=click(board.buttons["again"].rect.center))
    pump(app, 2)
    assert len(app.started) == 2
    again = app.started[-1]
    assert again.seats == before.seats and again.settings == before.settings
    assert again.seed != before.seed
    assert type(app.scenes.top).__name__ == "TableScene" and app.scenes.top.ctl.config is again


def test_the_menu_button_leaves_the_podium():
    app, board = _rigged_board(settings=OFFICIAL.with_(target_score=50), seats=2)
    assert board.podium() == [0, 1]
    pump(app, 1, events=click(board.buttons["menu"].rect.center))
    pump(app, 2)
    assert app.menu


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_board_speaks_to_you_in_the_second_person(lang):
    """#39 (2): "You wins round 3!", "You scores 139 points", "You wins the match!"."""
    from game import i18n
    from game.scenes.strings_menus import said_of

    i18n.set_language(lang)
    try:
        for you in ("You", "你"):
            assert said_of("score.wins_round", you, n=3) == {"en": "You win round 3!",
                                                             "zh": "你赢得第 3 局！"}[lang]
            assert said_of("score.takes", you, n=139) == {"en": "You score 139 points",
                                                          "zh": "你得 139 分"}[lang]
            assert said_of("score.winner", you) == {"en": "You win the match!",
                                                    "zh": "你赢得比赛！"}[lang]
        assert said_of("score.wins_round", "Ada", n=3) == {"en": "Ada wins round 3!",
                                                           "zh": "Ada 赢得第 3 局！"}[lang]
    finally:
        i18n.set_language("en")


def test_the_round_board_of_a_match_you_won_says_you_win():
    """Every seat a bot named "You" (the names are all the board reads): whoever
    wins the round, the board's lines speak in the second person."""
    import dataclasses

    from game.config import MatchConfig

    base = config(2, 0, 8, OFFICIAL)
    seats = tuple(dataclasses.replace(s, name="You") for s in base.seats)
    app = make_app(lang="en")
    app.start_match(MatchConfig(seats, base.settings, base.seed))
    board = until_board(app)
    assert board._tally_note(139) == "You score 139 points"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_enter_at_the_podium_never_starts_a_new_match(monkeypatch, lang):
    """#39: an Enter meant for the tally started a whole new match. The first Enter
    asks (in words); the second plays again; a click on Play again is at once."""
    i18n.set_language(lang)
    try:
        app, board = _rigged_board(settings=OFFICIAL.with_(target_score=50))
        assert board.stage == "podium"
        pump(app, 1, events=key(pygame.K_RETURN))
        pump(app, 2)
        assert len(app.started) == 1 and app.scenes.top is board
        assert i18n.t("score.again_hint") in _drawn(monkeypatch, board)
        pump(app, 1, events=key(pygame.K_RETURN))
        pump(app, 2)
        assert len(app.started) == 2
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- a win that feels like one (#39 8)
def test_a_match_a_person_wins_ends_in_confetti_and_a_fanfare():
    app, board = _rigged_board(settings=OFFICIAL.with_(target_score=50))
    assert board.match is not None and board.person_won
    assert board.sound() == "win" and "fanfare" in app.audio.played
    assert board.celebration is not None and board.is_animating()
    for _ in range(20):
        board.update(0.05)
    assert board.celebration.visible() > 20  # the pieces are on screen
    surface = pygame.Surface(board.app.size)
    board.draw(surface)
    # any key or click gives way at once, and does what it does (the first Enter asks)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert board.celebration.done and board.armed and not board.is_animating()


def test_a_round_a_person_wins_plays_the_win_jingle():
    app, board = _rigged_board()
    assert board.match is None and board.person_won and board.sound() == "win"
    assert board.celebration is not None


def test_a_bot_win_ends_calmly():
    c = Faces()
    hands = [c.ids("R5"), c.ids("G7 B1 Y2 W4"), c.ids("B3 GS")]
    settings = OFFICIAL.with_(target_score=50)
    game = rig(settings, hands=hands, top=c("R3"), to_act=0, uno_declared=0)
    app = fake_app((1024, 640), "en", anim_speed="off")
    app.start_match(config(3, 0, 3, settings), SimpleNamespace(game=game, meta=None))
    board = until_board(app)
    assert board.match is not None and not board.person_won
    assert board.sound() == "round_over" and board.celebration is None
