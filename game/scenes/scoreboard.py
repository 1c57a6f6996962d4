"""Round end / match end: who went out, every hand's points (D2), the
per-round table with running totals, team totals (R5), elimination order (R4)."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import i18n
from game.resources import get_font
from game.rules.cards import DECK
from game.scenes.base import Scene
from game.table import widgets as tw
from game.ui import card_art

if TYPE_CHECKING:
    from game.app import App
    from game.table.scene import TableScene

t = i18n.t
MAX_ROUND_COLS = 6


class ScoreboardScene(Scene):
    transparent = True  # the table shows, dimmed, underneath

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.ctl = table.ctl
        self.buttons: dict[str, UIButton] = {}
        self.data: dict[str, Any] = self._round_data()
        self.match: dict[str, Any] | None = self._match_data()
        self.box = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ data
    def _last(self, kind: str) -> dict[str, Any] | None:
        for batch in reversed(self.table.history):
            for ev in reversed(batch):
                if ev.kind == kind and isinstance(ev.data, dict):
                    return ev.data
        return None

    def _round_data(self) -> dict[str, Any]:
        data = self._last("round_end")
        if data is not None:
            return data
        v = self.ctl.view(-1)
        return {"winner": v.winner, "hands": [[] for _ in range(v.num_seats)],
                "points": [0] * v.num_seats, "gained": list(v.round_points[-1]) if v.round_points
                else [0] * v.num_seats, "totals": list(v.scores), "out": list(v.out),
                "round": v.round_no}

    def _match_data(self) -> dict[str, Any] | None:
        return self._last("match_end") if self.ctl.is_over else None

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear()

    def pause(self) -> None:
        for b in self.buttons.values():
            b.hide()

    def resume(self) -> None:
        self.build()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def clear(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons.clear()

    def _scale(self) -> float:
        w, h = self.app.size
        return min(w / 1024, h / 640)

    def build(self) -> None:
        self.clear()
        w, h = self.app.size
        s = self._scale()
        n = len(self.ctl.config.seats)
        row_h = round(34 * s) if n > 6 else round(40 * s)
        bw = min(w - round(40 * s), round(900 * s))
        bh = min(h - round(30 * s), round(190 * s) + row_h * (n + 1))
        self.box = pygame.Rect(0, 0, bw, bh)
        self.box.center = (w // 2, h // 2)
        if self.match is None:
            spec = [("next", t("score.next_round"), True), ("menu", t("score.back_menu"), False)]
        else:
            spec = [("again", t("score.play_again"), True), ("menu", t("score.back_menu"), False)]
        bh_btn = round(40 * s)
        font = tw.get_font(max(12, round(18 * s)), True)
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
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if b is event.ui_element:
                    self.press(key)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press("next" if self.match is None else "again")
            elif event.key == pygame.K_ESCAPE:
                self.press("menu")

    def press(self, key: str) -> None:
        try:
            self.app.audio.play("click")
        except Exception:  # noqa: BLE001
            pass
        if key == "next":
            if self.app.scenes.top is self:
                self.app.scenes.pop()
            self.table.next_round()
        elif key == "menu":
            self.app.back_to_menu()
        elif key == "again":
            config = self.ctl.config
            again = dataclasses.replace(config, seed=random.randrange(1, 2**31))
            self.app.start_match(again)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        s = self._scale()
        px = lambda v: max(1, round(v * s))  # noqa: E731
        fs = lambda v: max(11, round(v * s))  # noqa: E731
        box = self.box
        tw.panel(surface, box, px(18), (6, 34, 22, 245), (232, 197, 71, 255), px(2))
        names = self.ctl.names
        d = self.data
        settings = self.ctl.config.settings
        y = box.y + px(14)
        if self.match is not None:
            title = t("score.match_over")
            winners = self.match.get("winners", [self.match.get("winner", -1)])
            if settings.teams and len(winners) > 1:
                sub = t("score.team_winner", n=self.ctl.view(-1).teams[winners[0]] + 1)
            else:
                sub = t("score.winner", name=names[self.match.get("winner", 0)])
        else:
            title = t("score.round_over", n=d.get("round", 1))
            sub = t("score.went_out", name=names[d.get("winner", 0)])
        img = tw.text(title, fs(30), tw.GOLD, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
        img = tw.text(sub, fs(18), tw.CREAM, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + px(4)
        note = (t("score.lowest_wins") if settings.scoring == "penalty_points"
                else t("score.target", n=settings.target_score))
        if settings.scoring == "elimination":
            order = d.get("out", [])
            note = t("score.elim_order", order=" → ".join(names[i] for i in order))
        img = tw.fit_text(note, fs(14), box.w - px(40), tw.MUTED)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + px(10)
        self._draw_table(surface, y, px, fs)

    def _draw_table(self, surface: pygame.Surface, y: int, px: Any, fs: Any) -> None:
        box = self.box
        d = self.data
        names = self.ctl.names
        n = len(names)
        history = [list(r) for r in self.ctl.view(-1).round_points]
        rounds = history[-MAX_ROUND_COLS:]
        first_round = len(history) - len(rounds) + 1
        totals = d.get("totals") or list(self.ctl.view(-1).scores)
        if self.ctl.is_over and self.match is not None:
            totals = self.match.get("totals", totals)
        row_h = px(34) if n > 6 else px(40)
        name_w = px(150)
        # as wide as its heading needs (a wordier language), at least 70 px
        pts_w = max(px(70), get_font(fs(14), True).size(t("score.points"))[0] + px(10))
        col_w = px(52)
        tot_w = px(70)
        hand_w = box.w - px(40) - name_w - pts_w - col_w * len(rounds) - tot_w
        x0 = box.x + px(20)
        cols = [x0, x0 + name_w, x0 + name_w + hand_w, x0 + name_w + hand_w + pts_w]
        heads = [t("score.player"), t("score.hand"), t("score.points")]
        for i, hd in enumerate(heads):
            img = tw.fit_text(hd, fs(14), (pts_w if i == 2 else name_w) - px(6), tw.MUTED, True)
            surface.blit(img, (cols[i], y))
        for j in range(len(rounds)):
            img = tw.text(t("score.round_col", n=first_round + j), fs(14), tw.MUTED, True)
            surface.blit(img, img.get_rect(topright=(cols[3] + col_w * (j + 1) - px(6), y)))
        img = tw.text(t("score.total"), fs(14), tw.GOLD, True)
        surface.blit(img, img.get_rect(topright=(box.right - px(20), y)))
        y += px(24)
        hands = d.get("hands", [[] for _ in range(n)])
        points = d.get("points", [0] * n)
        winner = d.get("winner", -1)
        teams = self.ctl.view(-1).teams if self.ctl.config.settings.teams else ()
        mini = max(14, min(px(22), round(row_h / 1.5) - 2))
        for seat in range(n):
            ry = y + seat * row_h
            if seat % 2 == 0:
                tw.panel(surface, pygame.Rect(box.x + px(10), ry - px(2), box.w - px(20), row_h),
                         px(6), (255, 255, 255, 14), (0, 0, 0, 0), 0)
            colour = tw.GOLD if seat == winner else tw.CREAM
            label = names[seat] + (f"  ({t('tbl.team', n=teams[seat] + 1)})" if teams else "")
            img = tw.fit_text(label, fs(16), name_w - px(8), colour, seat == winner)
            surface.blit(img, (cols[0], ry + (row_h - img.get_height()) // 2 - px(2)))
            hand = hands[seat] if seat < len(hands) else []
            step = min(mini * 0.75, (hand_w - px(20) - mini) / max(1, len(hand) - 1)) if hand else 0
            for k, cid in enumerate(hand):
                face = card_art.card_face(DECK[cid], mini, self.table.colourblind)
                surface.blit(face, (round(cols[1] + k * step), ry + (row_h - face.get_height()) // 2))
            img = tw.text(str(points[seat] if seat < len(points) else 0), fs(16), tw.CREAM)
            surface.blit(img, img.get_rect(topright=(cols[2] + pts_w - px(14), ry + px(6))))
            for j, rnd in enumerate(rounds):
                v = rnd[seat] if seat < len(rnd) else 0
                img = tw.text(str(v) if v else "·", fs(15), tw.CREAM if v else tw.MUTED)
                surface.blit(img, img.get_rect(topright=(cols[3] + col_w * (j + 1) - px(6), ry + px(6))))
            img = tw.text(str(totals[seat] if seat < len(totals) else 0), fs(17), tw.GOLD, True)
            surface.blit(img, img.get_rect(topright=(box.right - px(20), ry + px(5))))
        if teams:
            ty = y + n * row_h + px(4)
            sums: dict[int, int] = {}
            for seat in range(n):
                sums.setdefault(teams[seat], totals[seat])
            text = t("score.team_totals") + ": " + "   ".join(
                f"{t('tbl.team', n=k + 1)} {v}" for k, v in sorted(sums.items()))
            img = tw.fit_text(text, fs(15), box.w - px(40), tw.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
