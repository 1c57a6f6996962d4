"""Round end / match end, in three stages.

``tally``: the winner's name large, and every hand that scores (D2) turning
face up card by card, each row adding up (a click or Enter finishes it).
``board``: the ranked scoreboard: every hand, its points, the per-round
columns and the running totals (R2-R5), with Next round / Menu.
``podium`` (match end, after the last round's tally): 1st/2nd/3rd, the
match's numbers (rounds, best round, cards played), Play again / Menu.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import i18n
from game.resources import get_font
from game.rules.cards import DECK
from game.rules.scoring import standings
from game.scenes.base import Scene
from game.scenes.strings_menus import said_of
from game.ui import card_art
from game.ui import draw_kit as kit
from game.ui.confetti import Confetti
from game.ui.widgets import draw_focus_ring
from game.ui.wrap import wrap_text

if TYPE_CHECKING:
    from game.controller import MatchNumbers
    from game.rules.events import MatchResult, RoundResult
    from game.scenes.scores import Scores
    from game.scenes.services import Services

t = i18n.t
MAX_ROUND_COLS = 6
# Seconds per card turned in the tally (capped so a long tally stays short), by animation speed.
FLIP_STEP = {"slow": 0.33, "normal": 0.22, "fast": 0.11}
TALLY_MAX_S = 3.5
HOLD_S = 1.4  # the finished tally stays this long before the board
PODIUM_COLOURS = [(232, 197, 71), (196, 204, 212), (205, 127, 50)]
SKIP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


@dataclasses.dataclass(frozen=True)
class Flip:
    """One card of the tally: ``seat``'s ``index``-th card turns at ``at`` seconds."""

    seat: int
    index: int
    card: int
    at: float


class ScoreboardScene(Scene):
    """``ScoreboardScene(services, scores, on_next, on_again)``: ``scores`` is the
    round's end (and the match's); ``on_next`` deals the next round (after this
    scene closed itself), ``on_again`` starts a new match with the same seats."""

    transparent = True  # the table shows, dimmed, underneath

    def __init__(self, app: Services, scores: Scores, on_next: Callable[[], None],
                 on_again: Callable[[], None], next_asked: Callable[[], bool] | None = None
                 ) -> None:
        super().__init__(app)
        self.scores = scores
        self.on_next = on_next
        self.on_again = on_again
        self.next_asked = next_asked  # party: a phone pressed Next round (taken once)
        self.buttons: dict[str, UIButton] = {}
        self.focus = 0  # the button Tab is on (#39: Tab reached none); Enter presses it
        self.focus_shown = False  # its ring is drawn once a key has moved it
        self.round: RoundResult = scores.round
        self.match: MatchResult | None = scores.match
        self.numbers: MatchNumbers | None = scores.numbers
        self.box = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0
        self.flips, self.flip_s = self._schedule()
        self.stage = "tally"
        # At the podium a first Enter only asks (#39: an Enter meant for the tally
        # started a whole new match); the second one plays again.
        self.armed = False
        # A round or match a person at the table won is celebrated (confetti and a
        # fanfare, skippable); one a bot won ends calmly (#39).
        self.person_won = self._person_won()
        self.celebration: Confetti | None = None  # from the moment the tally is over
        if not self.flips:
            self.stage = self._after_tally()
            self.celebrate()

    # ------------------------------------------------------------ data
    @property
    def names(self) -> list[str]:
        """Every seat's name in the language shown now (You and Player N are labels)."""
        return [i18n.seat_name(name) for name in self.scores.seats]

    def _person_won(self) -> bool:
        """Whether the winner (of the match at its end, else of the round) is a person:
        a seat played at this table or on a phone, or, under R5, on that one's team."""
        winner = (self.match or self.round).winner
        if not 0 <= winner < len(self.scores.seats):
            return False
        people = self.scores.people
        teams = self._teams()
        if teams:
            return any(teams[i] == teams[winner] for i in people)
        return winner in people

    def sound(self) -> str:
        """The sound as the board opens: the win jingle for a person's round (the
        fanfare follows at a person's podium), a calm close otherwise."""
        return "win" if self.person_won else "round_over"

    def _play(self, name: str) -> None:
        try:
            self.app.audio.play(name)
        except Exception:  # noqa: BLE001 - sound is never worth a crash
            pass

    def _teams(self) -> tuple[int, ...]:
        return self.scores.teams

    def tally_seats(self) -> list[int]:
        """The hands that score this round, in turn order from the winner: under
        R5 only the opposing team's (the partner's cards count for nobody)."""
        n = len(self.names)
        winner = self.round.winner
        hands = self.round.hands
        teams = self._teams()
        out = []
        for k in range(1, n + 1):
            seat = (winner + k) % n
            if seat == winner or seat >= len(hands) or not hands[seat]:
                continue
            if teams and 0 <= winner < len(teams) and teams[seat] == teams[winner]:
                continue
            out.append(seat)
        return out

    def _schedule(self) -> tuple[list[Flip], float]:
        speed = str(self.app.settings.anim_speed)
        hands = self.round.hands
        cards = [(seat, i, cid) for seat in self.tally_seats() for i, cid in enumerate(hands[seat])]
        if speed not in FLIP_STEP or not cards:
            return [], 0.0
        step = min(FLIP_STEP[speed], TALLY_MAX_S / len(cards))
        lead = 0.5 * FLIP_STEP[speed] / FLIP_STEP["normal"]
        return [Flip(seat, i, cid, lead + k * step) for k, (seat, i, cid) in enumerate(cards)], step

    def ranking(self) -> list[int]:
        """Seats best first: the match's ranking at the end, else by total (R3:
        lowest first; R4: the order out, then who still holds cards)."""
        if self.match is not None and self.match.ranking:
            return list(self.match.ranking)
        return standings(self.scores.settings.scoring, self._totals(), list(self.round.out))

    def podium(self) -> list[int]:
        return self.ranking()[:3]

    def _totals(self) -> list[int]:
        n = len(self.names)
        totals = list(self.round.totals)
        if self.match is not None:
            totals = list(self.match.totals)
        return (totals + [0] * n)[:n]

    # ------------------------------------------------------------ the tally
    def flipped(self) -> int:
        """How many cards of the tally are face up."""
        if self.stage != "tally":
            return len(self.flips)
        return sum(1 for f in self.flips if self.clock >= f.at + self.flip_s / 2)

    def tally_done_at(self) -> float:
        return self.flips[-1].at + self.flip_s if self.flips else 0.0

    def finish_tally(self) -> None:
        """Skip what is left of the tally: on to the board (or the podium)."""
        if self.stage == "tally":
            self.stage = self._after_tally()
            self.celebrate()
            self.build()

    def celebrate(self) -> None:
        """Confetti over the board or the podium when a person won (none for a bot)."""
        if self.person_won and self.celebration is None:
            self.celebration = Confetti(
                self.app.size, seed=self.scores.seed + self.round.round,
                big=self.match is not None)
            if self.match is not None:
                self._play("fanfare")

    def _after_tally(self) -> str:
        return "board" if self.match is None else "podium"

    def update(self, dt: float) -> None:
        if (self.next_asked is not None and self.match is None and self.app.is_top(self)
                and self.next_asked()):
            self.press("next")  # a phone pressed Next round (the host allows it)
            return
        if self.celebration is not None:
            self.celebration.update(dt)
        if self.stage != "tally":
            return
        self.clock += dt
        if self.clock >= self.tally_done_at() + HOLD_S:
            self.finish_tally()

    def is_animating(self) -> bool:
        return self.stage == "tally" or (self.celebration is not None
                                         and not self.celebration.done)

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.build()
        self._play(self.sound())

    def exit(self) -> None:
        self.clear()

    def pause(self) -> None:
        for b in self.buttons.values():
            b.hide()

    def resume(self) -> None:
        self.build()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.celebration is not None:
            self.celebration.resize(size)
        self.build()

    def clear(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons.clear()

    @property
    def colourblind(self) -> bool:
        return bool(self.app.settings.colourblind)

    def _scale(self) -> float:
        w, h = self.app.size
        return min(w / 1024, h / 640)

    def build(self) -> None:
        """The box for the window size; the buttons once the tally is over."""
        self.clear()
        w, h = self.app.size
        s = self._scale()
        n = len(self.names)
        row_h = round(34 * s) if n > 6 else round(40 * s)
        bw = min(w - round(40 * s), round(900 * s))
        bh = h - round(30 * s)
        if self.stage == "board":
            bh = min(bh, round(190 * s) + row_h * (n + 1))
        self.box = pygame.Rect(0, 0, bw, bh)
        self.box.center = (w // 2, h // 2)
        if self.stage == "tally":
            return
        if self.match is None:
            spec = [("next", t("score.next_round"), True), ("menu", t("score.back_menu"), False)]
        else:
            spec = [("again", t("score.play_again"), True), ("menu", t("score.back_menu"), False)]
        bh_btn = round(40 * s)
        font = get_font(max(12, round(18 * s)), True)
        widths = [font.size(label)[0] + round(40 * s) for _, label, _ in spec]
        gap = round(16 * s)
        x = self.box.centerx - (sum(widths) + gap * (len(spec) - 1)) // 2
        y = self.box.bottom - bh_btn - round(16 * s)
        for (key, label, primary), bw_ in zip(spec, widths, strict=True):
            self.buttons[key] = UIButton(pygame.Rect(x, y, bw_, bh_btn), label, manager=self.app.ui,
                                         object_id="#primary" if primary else None)
            x += bw_ + gap

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if (self.celebration is not None and not self.celebration.done
                and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)):
            self.celebration.stop()  # and the key or click does what it does
        if self.stage == "tally":
            if (event.type == pygame.MOUSEBUTTONDOWN
                    or (event.type == pygame.KEYDOWN and event.key in SKIP_KEYS)):
                self.finish_tally()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if b is event.ui_element:
                    self.press(key)
                    return
        elif event.type == pygame.KEYDOWN:
            keys = list(self.buttons)
            if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT) and keys:
                back = event.key == pygame.K_LEFT or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.focus = (self.focus + (-1 if back else 1)) % len(keys)
                self.focus_shown = True
                self.armed = False  # a podium's first Enter asks again
                return
            focused = keys[self.focus] if 0 <= self.focus < len(keys) else ""
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if focused == "menu":
                    self.press("menu")
                elif self.match is None:
                    self.press("next")
                elif not self.armed:
                    self.armed = True
                else:
                    self.press("again")
            elif event.key == pygame.K_ESCAPE:
                self.press("menu")

    def press(self, key: str) -> None:
        try:
            self.app.audio.play("click")
        except Exception:  # noqa: BLE001
            pass
        if key == "next":
            self.app.close(self)
            self.on_next()
        elif key == "menu":
            self.app.back_to_menu()
        elif key == "again":
            self.on_again()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        s = self._scale()
        px: Callable[[float], int] = lambda v: max(1, round(v * s))  # noqa: E731
        fs: Callable[[float], int] = lambda v: max(11, round(v * s))  # noqa: E731
        kit.panel(surface, self.box, px(18), (6, 34, 22, 245), (232, 197, 71, 255), px(2))
        if self.stage == "tally":
            self._draw_tally(surface, px, fs)
        elif self.stage == "podium":
            self._draw_podium(surface, px, fs)
        else:
            self._draw_board(surface, px, fs)
        if self.celebration is not None:
            self.celebration.draw(surface)
        keys = list(self.buttons)
        if self.focus_shown and keys and 0 <= self.focus < len(keys):
            draw_focus_ring(surface, self.buttons[keys[self.focus]].rect, s)

    def _winner_line(self, surface: pygame.Surface, y: int, px: Any, fs: Any) -> int:
        """The round's winner, large; returns the y below it."""
        box = self.box
        names = self.names
        title = said_of("score.wins_round", names[self.round.winner], n=self.round.round)
        img = kit.fit_text(title, fs(40), box.w - px(40), kit.GOLD, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        return y + img.get_height()

    def _tally_note(self, running: int) -> str:
        settings = self.scores.settings
        names = self.names
        winner = self.round.winner
        if settings.scoring == "penalty_points":
            return t("score.each_adds")
        if settings.scoring == "elimination":
            return t("score.elim_order", order=" → ".join(names[i] for i in self.round.out))
        teams = self._teams()
        if teams:
            return t("score.team_takes", team=teams[winner] + 1, n=running)
        return said_of("score.takes", names[winner], n=running)

    def _draw_tally(self, surface: pygame.Surface, px: Any, fs: Any) -> None:
        box = self.box
        names = self.names
        y = self._winner_line(surface, box.y + px(18), px, fs)
        seats = self.tally_seats()
        footer = px(76)
        room_h = box.bottom - footer - y - px(16)
        row_h = min(px(104), room_h // max(1, len(seats)))
        top = y + px(16) + (room_h - row_h * len(seats)) // 2  # the rows centred
        cw = max(14, min(px(58), round((row_h - px(12)) / 1.5)))
        name_w, sum_w = px(170), px(90)
        x_cards = box.x + px(24) + name_w
        room = box.right - px(24) - sum_w - x_cards
        sums: dict[int, int] = {}
        for r, seat in enumerate(seats):
            ry = top + r * row_h
            hand = self.round.hands[seat]
            img = kit.fit_text(names[seat], fs(18), name_w - px(10), kit.CREAM, True)
            surface.blit(img, (box.x + px(24), ry + (row_h - img.get_height()) // 2))
            step = min(cw + px(6), (room - cw) / max(1, len(hand) - 1))
            for flip in (f for f in self.flips if f.seat == seat):
                cx = round(x_cards + flip.index * step)
                face_up = self._draw_flip(surface, flip, cw, (cx, ry + row_h // 2), px, fs)
                if face_up:
                    sums[seat] = sums.get(seat, 0) + DECK[flip.card].points
            img = kit.text(str(sums.get(seat, 0)), fs(24), kit.GOLD, True)
            surface.blit(img, img.get_rect(midright=(box.right - px(24), ry + row_h // 2)))
        running = sum(sums.values())
        img = kit.fit_text(self._tally_note(running), fs(22), box.w - px(40), kit.CREAM, True)
        surface.blit(img, img.get_rect(midbottom=(box.centerx, box.bottom - px(34))))
        img = kit.fit_text(t("score.skip_hint"), fs(14), box.w - px(40), kit.MUTED)
        surface.blit(img, img.get_rect(midbottom=(box.centerx, box.bottom - px(10))))

    def _draw_flip(self, surface: pygame.Surface, flip: Flip, cw: int, mid: tuple[int, int],
                   px: Any, fs: Any) -> bool:
        """One tally card at ``mid`` (left-centre), turning; True once it shows its face."""
        p = 1.0 if self.stage != "tally" else (self.clock - flip.at) / max(1e-6, self.flip_s)
        p = max(0.0, min(1.0, p))
        face_up = p >= 0.5
        img = (card_art.card_face(DECK[flip.card], cw, self.colourblind) if face_up
               else card_art.card_back(cw))
        squeeze = abs(2 * p - 1)  # 1 -> 0 (edge on) -> 1
        if squeeze < 1:
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * squeeze)), img.get_height()))
        surface.blit(img, img.get_rect(midleft=(mid[0] + (cw - img.get_width()) // 2, mid[1])))
        if face_up:  # its D2 value on a gold tag over the card's foot
            badge = kit.text(str(DECK[flip.card].points), fs(13), kit.INK, True)
            rect = badge.get_rect(midbottom=(mid[0] + cw // 2, mid[1] + img.get_height() // 2))
            kit.panel(surface, rect.inflate(px(8), px(2)), px(6), (*kit.GOLD, 255), (0, 0, 0, 0), 0)
            surface.blit(badge, rect)
        return face_up

    # ------------------------------------------------------------ the board
    def _draw_board(self, surface: pygame.Surface, px: Any, fs: Any) -> None:
        box = self.box
        settings = self.scores.settings
        names = self.names
        y = self._winner_line(surface, box.y + px(14), px, fs) + px(2)
        note = (t("score.lowest_wins") if settings.scoring == "penalty_points"
                else t("score.target", n=settings.target_score))
        if settings.scoring == "elimination":
            note = t("score.elim_order", order=" → ".join(names[i] for i in self.round.out))
        img = kit.fit_text(note, fs(14), box.w - px(40), kit.MUTED)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + px(10)
        self._draw_table(surface, y, px, fs)

    def _columns(self, px: Any, fs: Any, rounds: int) -> tuple[list[int], int]:
        """Column widths (rank, name, hand, points, each round shown, total) that fit
        the box with every heading whole; fewer round columns when room is short.
        Returns (widths, rounds shown)."""
        head = fs(14)
        bold = get_font(head, True)
        names = self.names
        body = get_font(fs(16), True)
        n = len(names)
        first = len(self.scores.history) - rounds + 1
        pad = px(12)
        rank_w = max(bold.size(t("score.rank", n=k + 1))[0] for k in range(n)) + pad
        name_w = min(max(bold.size(t("score.player"))[0], *(body.size(x)[0] for x in names)) + pad,
                     px(190))
        pts_w = max(bold.size(t("score.points"))[0], bold.size("999")[0]) + pad
        tot_w = max(bold.size(t("score.total"))[0], bold.size("9999")[0]) + pad
        hand_min = max(bold.size(t("score.hand"))[0] + pad, px(110))
        inner = self.box.w - px(40)
        while True:
            cols = [max(bold.size(t("score.round_col", n=first + j))[0], bold.size("999")[0]) + pad
                    for j in range(rounds)]
            hand_w = inner - rank_w - name_w - pts_w - tot_w - sum(cols)
            if hand_w >= hand_min or rounds == 0:
                break
            rounds -= 1
            first += 1
        return [rank_w, name_w, max(hand_w, hand_min), pts_w, *cols, tot_w], rounds

    def _draw_table(self, surface: pygame.Surface, y: int, px: Any, fs: Any) -> None:
        box = self.box
        d = self.round
        names = self.names
        n = len(names)
        history = [list(r) for r in self.scores.history]
        widths, shown = self._columns(px, fs, min(MAX_ROUND_COLS, len(history)))
        rounds = history[len(history) - shown:] if shown else []
        first_round = len(history) - shown + 1
        totals = self._totals()
        x = [box.x + px(20)]
        for wd in widths:
            x.append(x[-1] + wd)
        right = [x[i + 1] - px(6) for i in range(len(widths))]  # right edge of column i
        heads: list[tuple[str, int, bool]] = [(t("score.player"), 1, False), (t("score.hand"), 2, False),
                                              (t("score.points"), 3, True)]
        heads += [(t("score.round_col", n=first_round + j), 4 + j, True) for j in range(shown)]
        for text, col, at_right in heads:
            img = kit.text(text, fs(14), kit.MUTED, True)
            surface.blit(img, img.get_rect(topright=(right[col], y)) if at_right else (x[col], y))
        img = kit.text(t("score.total"), fs(14), kit.GOLD, True)
        surface.blit(img, img.get_rect(topright=(right[-1], y)))
        y += px(24)
        hands = d.hands
        points = d.points
        winner = d.winner
        teams = self._teams()
        row_h = px(34) if n > 6 else px(40)
        mini = max(14, min(px(22), round(row_h / 1.5) - 2))
        hand_w = widths[2]
        for rank, seat in enumerate(self.ranking()):
            ry = y + rank * row_h
            mid = ry + row_h // 2
            if rank % 2 == 0:
                kit.panel(surface, pygame.Rect(box.x + px(10), ry - px(2), box.w - px(20), row_h),
                         px(6), (255, 255, 255, 14), (0, 0, 0, 0), 0)
            colour = kit.GOLD if seat == winner else kit.CREAM
            img = kit.text(t("score.rank", n=rank + 1), fs(14), kit.MUTED, True)
            surface.blit(img, img.get_rect(midleft=(x[0], mid)))
            label = names[seat] + (f"  ({t('tbl.team', n=teams[seat] + 1)})" if teams else "")
            img = kit.fit_text(label, fs(16), widths[1] - px(8), colour, seat == winner)
            surface.blit(img, img.get_rect(midleft=(x[1], mid)))
            hand = hands[seat] if seat < len(hands) else []
            step = min(mini * 0.75, (hand_w - px(20) - mini) / max(1, len(hand) - 1)) if hand else 0
            for k, cid in enumerate(hand):
                face = card_art.card_face(DECK[cid], mini, self.colourblind)
                surface.blit(face, face.get_rect(midleft=(round(x[2] + k * step), mid)))
            img = kit.text(str(points[seat] if seat < len(points) else 0), fs(16), kit.CREAM)
            surface.blit(img, img.get_rect(midright=(right[3], mid)))
            for j, rnd in enumerate(rounds):
                v = rnd[seat] if seat < len(rnd) else 0
                img = kit.text(str(v) if v else "·", fs(15), kit.CREAM if v else kit.MUTED)
                surface.blit(img, img.get_rect(midright=(right[4 + j], mid)))
            img = kit.text(str(totals[seat]), fs(17), kit.GOLD, True)
            surface.blit(img, img.get_rect(midright=(right[-1], mid)))
        if teams:
            ty = y + n * row_h + px(4)
            sums: dict[int, int] = {}
            for seat in range(n):
                sums.setdefault(teams[seat], totals[seat])
            text = t("score.team_totals") + ": " + "   ".join(
                f"{t('tbl.team', n=k + 1)} {v}" for k, v in sorted(sums.items()))
            img = kit.fit_text(text, fs(15), box.w - px(40), kit.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))

    # ------------------------------------------------------------ the podium
    def _match_title(self) -> str:
        assert self.match is not None
        winners = self.match.winners or (self.match.winner,)
        if self.scores.settings.teams and len(winners) > 1:
            return t("score.team_winner", n=self.scores.teams[winners[0]] + 1)
        return said_of("score.winner", self.names[self.match.winner])

    def _draw_podium(self, surface: pygame.Surface, px: Any, fs: Any) -> None:
        box = self.box
        names = self.names
        totals = self._totals()
        y = box.y + px(14)
        img = kit.fit_text(t("score.match_over"), fs(18), box.w - px(40), kit.MUTED, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
        img = kit.fit_text(self._match_title(), fs(36), box.w - px(40), kit.GOLD, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + px(8)
        buttons_top = box.bottom - px(66)
        lines = self._numbers_lines()
        font = get_font(fs(16))
        wrapped = [ln for line in lines for ln in wrap_text(line, font, box.w - px(60))]
        others = self.ranking()[3:]
        rest = "   ".join(f"{t('score.rank', n=k + 4)} {names[s]} {totals[s]}"
                          for k, s in enumerate(others))
        rest_lines = wrap_text(rest, get_font(fs(15)), box.w - px(60))
        line_h = font.get_linesize()
        below = line_h * (len(wrapped) + len(rest_lines)) + px(18)
        name_h = get_font(fs(20), True).get_linesize() + px(4)
        room = buttons_top - px(10) - y
        step_h = max(px(40), min(px(190), room - below - name_h))
        base = y + (room - below - name_h - step_h) // 2 + name_h + step_h  # the podium's floor
        step_w = min(px(190), (box.w - px(80)) // 3)
        order = [(1, -1), (0, 0), (2, 1)]  # (place, slot): 2nd left, 1st middle, 3rd right
        podium = self.podium()
        for place, slot in order:
            if place >= len(podium):
                continue
            seat = podium[place]
            hgt = round(step_h * (1.0, 0.72, 0.52)[place])
            rect = pygame.Rect(0, 0, step_w, hgt)
            rect.midbottom = (box.centerx + slot * (step_w + px(10)), base)
            kit.panel(surface, rect, px(8), (*PODIUM_COLOURS[place], 235), (255, 255, 255, 90), px(1))
            img = kit.text(t("score.rank", n=place + 1), fs(22 if place == 0 else 18), kit.INK, True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + px(6))))
            img = kit.text(str(totals[seat]), fs(15), kit.INK, True)
            if rect.h > px(60):
                surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - px(6))))
            img = kit.fit_text(names[seat], fs(20 if place == 0 else 17), step_w, kit.CREAM, True)
            surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.y - px(4))))
        y = base + px(12) if rest_lines else base + px(6)
        for line in rest_lines:
            img = kit.text(line, fs(15), kit.CREAM)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += line_h
        y += px(6)
        for line in wrapped:
            img = kit.text(line, fs(16), kit.MUTED)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += line_h
        if self.armed:
            img = kit.fit_text(t("score.again_hint"), fs(16), box.w - px(40), kit.GOLD, True)
            surface.blit(img, img.get_rect(midbottom=(box.centerx, buttons_top - px(4))))

    def _numbers_lines(self) -> list[str]:
        """The match in numbers: rounds, the best round, the cards played."""
        nums = self.numbers
        if nums is None:
            return []
        lines = [t("score.rounds", n=nums.rounds)]
        if nums.best_seat >= 0:
            lines.append(t("score.best_round", n=nums.best_round,
                           name=self.names[nums.best_seat], pts=nums.best_points))
        lines.append(t("score.cards_played", n=sum(nums.cards_played)))
        return lines
