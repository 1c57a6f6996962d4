"""The rules screen: a page of every rule of RULES.md by ID, in its sections,
each with a card picture and a short example; scrolls with the wheel, the
arrows, Page Up/Down, Home/End and the scroll bar. Given the settings of a
running match it marks the rules that match changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.resources import get_font
from game.rules.cards import DECK
from game.rules.settings import RuleSettings
from game.scenes.ui_scene import UIScene
from game.ui import card_art, controls_text, theme
from game.ui.rules_text import RULES, SECTIONS, changed_settings, rule_pictures
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_text

if TYPE_CHECKING:
    from game.resources import SizedFont
    from game.scenes.services import Services

MUTED = (176, 200, 184)
GREEN = (140, 220, 150)
SCROLL_KEYS = {pygame.K_PAGEDOWN: 0.9, pygame.K_PAGEUP: -0.9, pygame.K_SPACE: 0.9,
               pygame.K_DOWN: 0.12, pygame.K_UP: -0.12}


@dataclass
class Block:
    """One piece of the page: a section title or a rule, drawn once into ``surface``."""

    y: int
    height: int
    surface: pygame.Surface
    rule_id: str = ""
    title: str = ""
    cards: list[int | None] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    """the whole strings on it, before line breaking (the pseudo-locale check reads them)"""
    marked: bool = False
    """a rule the running match changed"""


class RulesScene(UIScene):
    """``settings`` (from a running match) marks which variants and house rules are on."""

    def __init__(self, app: Services, settings: RuleSettings | None = None) -> None:
        super().__init__(app)
        self.settings = settings
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.blocks: list[Block] = []
        self.lines: list[tuple[str, int, int]] = []
        """every line on the page: (text, its width, the width it had)"""
        self.scroll = 0
        self.max_scroll = 0
        self._drag: int | None = None  # the mouse's offset in the scroll bar's thumb

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.size
        pw = min(self.px(1100), w - self.px(60))
        title_h = self.px(64)
        self.label(pygame.Rect((w - pw) // 2, self.px(14), pw, title_h), t("rules.title"),
                   class_id="@title")
        top = self.px(14) + title_h + self.px(6)
        bottom_bar = self.px(80)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, h - top - bottom_bar)
        pad = self.px(16)
        self.view = self.panel_rect.inflate(-2 * pad, -2 * pad)
        self.view.w -= self.px(14)  # the scroll bar
        self._lay_out()
        bw, bh = self.px(220), self.px(50)
        self.button(pygame.Rect((w - bw) // 2, h - bottom_bar + (bottom_bar - bh) // 2, bw, bh),
                    t("common.back"), self.on_back, object_id=oid(None, "#primary"))
        self.focus_index = 0

    def _lay_out(self) -> None:
        self.blocks, self.lines = [], []
        width = self.view.w
        changed = changed_settings(self.settings) if self.settings is not None else {}
        y = 0
        if self.settings is not None:
            playing = t("rules.playing", preset=t(f"preset.{self.settings.preset_name}"))
            y = self._add(self._paragraphs([(playing, theme.GOLD, True)], width), y, texts=[playing])
        y = self._add_controls(y)
        for letter in SECTIONS:
            title = t(f"rule.section.{letter}")
            block = self._paragraphs([(title, theme.GOLD, True)], width, size="heading", rule=True)
            y = self._add(block, y + (self.px(10) if y else 0), title=title, texts=[title])
            for rule in RULES:
                if rule.id.startswith(letter):
                    y = self._add_rule(rule.id, changed, y)
        self.max_scroll = max(0, y - self.view.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def _add_controls(self, y: int) -> int:
        """The keys and the mouse, before the rules (#39 4)."""
        title = t("controls.title")
        block = self._paragraphs([(title, theme.GOLD, True)], self.view.w, size="heading", rule=True)
        y = self._add(block, y + (self.px(10) if y else 0), texts=[title])  # (not a rule section)
        body, bold = self._font("body"), self._font("body", bold=True)
        keys_w = int(self.view.w * 0.34)
        does_w = self.view.w - keys_w - self.px(12)
        for group, pairs in controls_text.rows():
            head = t(group)
            y = self._add(self._paragraphs([(head, theme.CREAM, True)], self.view.w), y,
                          texts=[head])
            for keys_id, does_id in pairs:
                keys, does = t(keys_id), t(does_id)
                left = [bold.render(line, True, theme.GOLD) for line in self._wrap(keys, bold, keys_w)]
                right = [body.render(line, True, theme.CREAM)
                         for line in self._wrap(does, body, does_w)]
                line_h = body.get_linesize()
                surf = pygame.Surface((self.view.w, line_h * max(len(left), len(right))),
                                      pygame.SRCALPHA)
                for i, img in enumerate(left):
                    surf.blit(img, (self.px(12), i * line_h))
                for i, img in enumerate(right):
                    surf.blit(img, (keys_w + self.px(12), i * line_h))
                y = self._add(surf, y - self.px(6), texts=[keys, does])
        return y

    def _add(self, surface: pygame.Surface, y: int, **fields: object) -> int:
        block = Block(y=y, height=surface.get_height(), surface=surface, **fields)  # type: ignore[arg-type]
        self.blocks.append(block)
        return y + block.height + self.px(12)

    def _add_rule(self, rule_id: str, changed: dict[str, list[str]], y: int) -> int:
        cards = rule_pictures(rule_id)
        cw = self.px(44)
        step = round(cw * 0.55)
        pic_w = cw + step * 2 + self.px(16)
        text_w = self.view.w - pic_w
        body = self._font("body")
        bold = self._font("body", bold=True)
        text = t(f"rule.text.{rule_id}")
        example = t("rules.example", text=t(f"rule.example.{rule_id}"))
        id_w = bold.size(rule_id)[0] + body.size("  ")[0]
        parts: list[tuple[pygame.Surface, int]] = []  # (image, x) per line, top to bottom
        for i, line in enumerate(self._wrap(text, body, text_w, id_w)):
            parts.append((body.render(line, True, theme.CREAM), id_w if i == 0 else 0))
        for line in self._wrap(example, body, text_w - self.px(12)):
            parts.append((body.render(line, True, MUTED), self.px(12)))
        texts = [text, t(f"rule.example.{rule_id}")]
        marked = rule_id in changed
        if marked:
            note = "; ".join(changed[rule_id])
            line_text = f"● {t('rules.on_now')}" + (f" — {note}" if note else "")
            texts.append(line_text)
            for line in self._wrap(line_text, bold, text_w):
                parts.append((bold.render(line, True, GREEN), 0))
        line_h = body.get_linesize()
        card_h = card_art.card_height(cw)
        height = max(card_h + self.px(6), line_h * len(parts) + self.px(8))
        surf = pygame.Surface((self.view.w, height), pygame.SRCALPHA)
        if marked:
            pygame.draw.rect(surf, (140, 220, 150, 28), surf.get_rect(), border_radius=self.px(8))
        for k, cid in enumerate(cards[:3]):
            img = card_art.card_back(cw) if cid is None else card_art.card_face(DECK[cid], cw)
            surf.blit(img, (self.px(4) + k * step, self.px(3)))
        surf.blit(bold.render(rule_id, True, theme.GOLD), (pic_w, self.px(4)))
        for i, (img, x) in enumerate(parts):
            surf.blit(img, (pic_w + x, self.px(4) + i * line_h))
        return self._add(surf, y, rule_id=rule_id, cards=cards, texts=texts, marked=marked)

    def _paragraphs(self, items: list[tuple[str, tuple[int, int, int], bool]], width: int,
                    size: str = "body", rule: bool = False) -> pygame.Surface:
        """Wrapped lines of each (text, colour, bold), one under the other (a rule under them)."""
        rendered: list[pygame.Surface] = []
        for text, colour, bold in items:
            font = self._font(size, bold)
            rendered += [font.render(line, True, colour) for line in self._wrap(text, font, width)]
        gap = self.px(6) if rule else 0
        height = sum(img.get_height() for img in rendered) + gap + (2 if rule else 0)
        surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for img in rendered:
            surf.blit(img, (0, y))
            y += img.get_height()
        if rule:
            pygame.draw.line(surf, theme.GOLD_DARK, (0, y + gap), (width, y + gap), 2)
        return surf

    def _font(self, size: str, bold: bool = False) -> SizedFont:
        return get_font(theme.font_size(size, self.scale), bold=bold)

    def _wrap(self, text: str, font: SizedFont, width: int, first_offset: int = 0) -> list[str]:
        lines = wrap_text(text, font, width, first_offset)
        for i, line in enumerate(lines):
            self.lines.append((line, font.size(line)[0], width - (first_offset if i == 0 else 0)))
        return lines

    # ------------------------------------------------------------ reading
    def page_texts(self) -> list[str]:
        """Every string on the page, whole (tests read them)."""
        return [text for block in self.blocks for text in block.texts]

    def visible_rule_ids(self) -> list[str]:
        """The rules whose block is at least half in view."""
        top, bottom = self.scroll, self.scroll + self.view.h
        return [b.rule_id for b in self.blocks if b.rule_id
                and min(bottom, b.y + b.height) - max(top, b.y) >= b.height / 2]

    def scroll_to(self, y: float) -> None:
        self.scroll = max(0, min(self.max_scroll, round(y)))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * self.px(60))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self._thumb()
            if thumb is not None and thumb.collidepoint(event.pos):
                self._drag = event.pos[1] - thumb.y
                return
            if thumb is not None and self._track().collidepoint(event.pos):
                self.scroll_to(self.scroll + (self.view.h if event.pos[1] > thumb.y else -self.view.h))
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag = None
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            track, thumb = self._track(), self._thumb()
            if thumb is not None and track.h > thumb.h:
                share = (event.pos[1] - self._drag - track.y) / (track.h - thumb.h)
                self.scroll_to(share * self.max_scroll)
            return
        super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        if event.key in SCROLL_KEYS:
            self.scroll_to(self.scroll + SCROLL_KEYS[event.key] * self.view.h)
        elif event.key == pygame.K_HOME:
            self.scroll_to(0)
        elif event.key == pygame.K_END:
            self.scroll_to(self.max_scroll)
        else:
            super().handle_key(event)

    # ------------------------------------------------------------ drawing
    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.view.right + self.px(4), self.view.y, self.px(8), self.view.h)

    def _thumb(self) -> pygame.Rect | None:
        if self.max_scroll <= 0:
            return None
        track = self._track()
        total = self.max_scroll + self.view.h
        h = max(self.px(30), round(track.h * self.view.h / total))
        y = track.y + round((track.h - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, track.w, h)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=self.px(16))
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for block in self.blocks:
            y = self.view.y + block.y - self.scroll
            if y < self.view.bottom and y + block.height > self.view.y:
                surface.blit(block.surface, (self.view.x, y))
        surface.set_clip(clip)
        thumb = self._thumb()
        if thumb is not None:
            pygame.draw.rect(surface, (255, 255, 255, 30), self._track(), border_radius=self.px(4))
            pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=self.px(4))
        self.draw_focus(surface)
