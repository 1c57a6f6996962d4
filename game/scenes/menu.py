"""Main menu: title art and the big buttons."""

from __future__ import annotations

import logging
import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.cli import name_seats
from game.config import MatchConfig, SeatConfig
from game.i18n import LANGUAGES, t, tl
from game.online import available as online_available
from game.resources import get_font
from game.rules.cards import DECK, Colour, Kind
from game.rules.settings import preset
from game.scenes.dialog import show_message
from game.scenes.discard import ask_before_discarding, has_autosave
from game.scenes.strings_menus import notice_text
from game.scenes.ui_scene import UIScene
from game.storage.saves import autosave_path, load_with_recovery
from game.storage.stats import StatsStore
from game.ui.backdrop import BUTTON_GAP, BUTTON_W, menu_layout, saved_title_art, wide
from game.ui.backdrop import TITLE_ART_FILE as TITLE_ART_FILE  # (tests read them here)
from game.ui.backdrop import TITLE_ART_PX as TITLE_ART_PX
from game.ui.card_art import card_face
from game.ui.logo import logo as draw_logo
from game.ui.widgets import column_rects, draw_panel, oid

if TYPE_CHECKING:
    from game.scenes.services import Services

log = logging.getLogger(__name__)


def quick_play_config(seed: int | None = None) -> MatchConfig:
    """You + 3 Normal bots, Official rules."""
    seats = [SeatConfig("", "human")] + [SeatConfig("", "ai", "normal")] * 3
    return MatchConfig(name_seats(seats), preset("official"),
                       random.randrange(2**31) if seed is None else seed)


def first_start(settings: Any, can_continue: bool) -> bool:
    """Whether to ask "New to UNO? Play the tutorial" (#39): never answered, and
    nothing shows a match played (no statistics, no seats set up, no match to continue)."""
    if settings.tutorial_offered or settings.last_seats or can_continue:
        return False
    return not StatsStore.load().seen


# ------------------------------------------------------------------ art


def _fallback_card(width: int, colour: tuple[int, int, int], text: str) -> pygame.Surface:
    h = round(width * 1.5)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    r = max(4, width // 10)
    pygame.draw.rect(surf, (255, 255, 255), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, colour, surf.get_rect().inflate(-width // 10, -width // 10),
                     border_radius=r)
    label = get_font(width // 2, bold=True, warm=False).render(text, True, (255, 255, 255))
    surf.blit(label, label.get_rect(center=surf.get_rect().center))
    return surf


def _fan_cards(width: int) -> list[pygame.Surface]:
    try:
        wanted = [
            (Kind.NUMBER, Colour.RED, 7),
            (Kind.SKIP, Colour.YELLOW, None),
            (Kind.WILD_DRAW_FOUR, None, None),
            (Kind.REVERSE, Colour.GREEN, None),
            (Kind.DRAW_TWO, Colour.BLUE, None),
        ]
        out = []
        for kind, colour, number in wanted:
            card = next(c for c in DECK if c.kind == kind and c.colour == colour
                        and c.number == number)
            out.append(card_face(card, width))
        return out
    except Exception as exc:  # card art not there yet: plain coloured cards
        log.info("card art unavailable: %s", exc)
        cols = [(222, 41, 48), (248, 196, 22), (26, 26, 30), (40, 160, 72), (24, 108, 206)]
        return [_fallback_card(width, c, s) for c, s in zip(cols, "7⊘W⇄+", strict=True)]


def _logo(height: int) -> pygame.Surface:
    """Our own logo (game.ui.logo), not Mattel's."""
    return draw_logo(height)


@lru_cache(maxsize=4)
def title_art(height: int) -> pygame.Surface:
    """The menu's title picture, ``height`` tall: drawing it costs about 100 ms
    (a fifth of the start-up), so up to :data:`TITLE_ART_PX` it is the copy our
    own code drew into ``assets/`` (tools/make_title_art.py), scaled down."""
    saved = saved_title_art(height)
    return saved if saved is not None else render_title_art(height)


def render_title_art(height: int) -> pygame.Surface:
    """A fan of five cards with the logo in front, about ``height`` tall."""
    card_w = max(40, int(height * 0.36))
    cards = _fan_cards(card_w)
    card_h = cards[0].get_height()
    size = (int(height * 1.35), height)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pivot = (size[0] / 2, size[1] * 0.12 + card_h * 1.25)
    n = len(cards)
    for i, card in enumerate(cards):
        angle = (i - (n - 1) / 2) * 17
        rotated = pygame.transform.rotozoom(card, -angle, 1.0)
        rad = math.radians(angle)
        # card centre on an arc around the pivot
        dist = card_h * 0.95
        cx = pivot[0] + math.sin(rad) * dist
        cy = pivot[1] - math.cos(rad) * dist
        shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(shadow, shadow.get_rect(center=(cx + 6, cy + 8)))
        surf.blit(rotated, rotated.get_rect(center=(cx, cy)))
    logo = _logo(int(height * 0.24))
    surf.blit(logo, logo.get_rect(center=(size[0] / 2, size[1] * 0.80)))
    return surf


# ---------------------------------------------------------------- scene


class MenuScene(UIScene):
    show_focus_initially = True

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.art_rect = pygame.Rect(0, 0, 0, 0)
        self.offer_rect = pygame.Rect(0, 0, 0, 0)  # the first start's question (#39)
        self.continue_button: Any = None
        self.stats_button: Any = None

    def build(self) -> None:
        w, h = self.size
        bw, gap = self.px(BUTTON_W), self.px(BUTTON_GAP)
        can_continue = has_autosave()  # then Continue is the default, not Quick play
        self.offer_rect = pygame.Rect(0, 0, 0, 0)
        items = [
            ("menu.quick", self.quick_play, None if can_continue else "#primary", True,
             t("menu.quick_tip")),
            ("menu.new", self.new_game, None, True, None),
            ("menu.party", self.party_game, None, True, None),
            ("menu.join_online", self.join_online, None, online_available(),
             t("online.missing_extra")),
            ("menu.continue", self.continue_game, "#primary" if can_continue else None,
             can_continue, t("menu.no_save")),
            ("menu.tutorial", self.tutorial, None, True, None),
            ("menu.rules", self.open_rules, None, True, None),
            ("menu.stats", self.open_stats, None, True, None),
            ("saves.title", self.open_saves, None, True, None),
            ("menu.settings", self.open_settings, None, True, None),
            ("menu.quit", self.app.quit, None, True, None),
        ]
        self.art_rect, cx, top, bh = menu_layout(self.size, len(items))  # as the first frame
        rects = column_rects(cx, top, bw, bh, gap, len(items))
        for rect, (key, action, object_id, enabled, tip) in zip(rects, items, strict=True):
            btn = self.button(rect, t(key), action, object_id=oid("@menu", object_id),
                              tooltip=None if enabled or not tip else tip,
                              enabled=enabled)
            if key == "menu.continue":
                self.continue_button = btn
                if can_continue:
                    self.focus_index = len(self.nav) - 1
            elif key == "menu.stats":
                self.stats_button = btn
        if first_start(self.app.settings, can_continue):
            self._build_offer(w, h, wide(self.size))
        # footer: version, About and the language switch (on the ring after Quit, #39)
        self.label(pygame.Rect(self.px(16), h - self.px(34), self.px(360), self.px(26)),
                   t("menu.version", version=self.app.version), class_id="@muted")
        self.button(pygame.Rect(w - self.px(272), h - self.px(50), self.px(120), self.px(36)),
                    t("menu.about"), self.open_about, object_id=oid("@small_button", "#about"))
        other = tl(self._next_language(), "language.name")
        self.button(pygame.Rect(w - self.px(136), h - self.px(50), self.px(120), self.px(36)),
                    other, self.toggle_language, object_id=oid("@small_button", "#lang_toggle"))

    def _build_offer(self, w: int, h: int, is_wide: bool) -> None:
        """The first start's one-time question, under the title art (#39)."""
        pw, ph = min(self.px(460), (w // 2 if is_wide else w) - self.px(32)), self.px(118)
        cx = self.art_rect.centerx if is_wide else w // 2
        bottom = h - self.px(48) if is_wide else self.art_rect.bottom
        self.offer_rect = pygame.Rect(cx - pw // 2, bottom - ph, pw, ph)
        r = self.offer_rect
        self.text_lines(pygame.Rect(r.x + self.px(10), r.y + self.px(8), r.w - self.px(20),
                                    self.px(36)), t("tutorial.offer"))  # wraps if it must
        bw2, bh2 = (r.w - self.px(36)) // 2, self.px(40)
        y = r.bottom - bh2 - self.px(10)
        self.button(pygame.Rect(r.x + self.px(12), y, bw2, bh2), t("tutorial.offer_yes"),
                    lambda: self.answer_offer(True), object_id=oid("@small_button", "#primary"))
        self.button(pygame.Rect(r.right - self.px(12) - bw2, y, bw2, bh2),
                    t("tutorial.offer_no"), lambda: self.answer_offer(False),
                    object_id=oid("@small_button", "#offer_no"))

    def answer_offer(self, yes: bool) -> None:
        """Yes or Not now: either way the question is not asked again."""
        self.app.settings.tutorial_offered = True
        self.app.save_settings()
        if yes:
            self.app.start_tutorial()
        else:
            self.rebuild()

    # ---- actions
    def tutorial(self) -> None:
        """The tutorial (#39), where it was left; a match left in Continue stays there."""
        self.app.start_tutorial()

    def quick_play(self) -> None:
        ask_before_discarding(
            self.app, lambda: self.app.start_match(quick_play_config(self.app.seed)))

    def new_game(self) -> None:
        self.app.open("new_game")

    def party_game(self) -> None:
        """Party: New game with phone seats (game/party), the rules as last chosen."""
        self.app.open("new_game", party=True)

    def join_online(self) -> None:
        """Join online: type a friend's code and sit at their match (game/online)."""
        self.app.open("join_online")

    def continue_game(self) -> None:
        try:
            loaded, notices = load_with_recovery(autosave_path())
            messages = [notice_text(n) for n in notices]
        except Exception:  # (the log has the details; the player, the gist)
            log.exception("continue failed")
            loaded, messages = None, [t("menu.continue_failed",
                                        error=t("save.reason.unreadable"))]
        if loaded is None and not messages:
            messages = [t("menu.no_save")]
        if messages:
            text = "\n\n".join(messages)
            on_close = (lambda: self.app.start_match(loaded.config, loaded)) if loaded else None
            show_message(self.app, t("menu.continue"), text, on_close)
            if loaded is None:
                self._refresh_continue()
            return
        assert loaded is not None
        self.app.start_match(loaded.config, loaded)

    def _refresh_continue(self) -> None:
        if self.continue_button is not None and not has_autosave():
            self.continue_button.disable()

    def open_rules(self) -> None:
        self.app.open("rules")

    def open_about(self) -> None:
        self.app.open("about")

    def open_saves(self) -> None:
        self.app.open("saves")

    def open_stats(self) -> None:
        self.app.open("stats")

    def open_settings(self) -> None:
        self.app.open("settings")

    def _next_language(self) -> str:
        current = self.app.settings.language
        i = LANGUAGES.index(current) if current in LANGUAGES else -1
        return LANGUAGES[(i + 1) % len(LANGUAGES)]

    def toggle_language(self) -> None:
        self.app.settings.language = self._next_language()
        self.app.apply_settings()
        self.app.save_settings()

    def on_back(self) -> None:
        """Escape on the main menu does nothing (Quit is a button)."""

    def resume(self) -> None:
        super().resume()
        if self.continue_button is not None:
            enabled = has_autosave()
            if enabled != self.continue_button.is_enabled:
                self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        art = title_art(self.art_rect.height)
        surface.blit(art, art.get_rect(center=self.art_rect.center))
        if self.offer_rect.w:
            draw_panel(surface, self.offer_rect, radius=self.px(14), alpha=235)
        self.draw_focus(surface)
