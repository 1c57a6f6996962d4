"""The tutorial at the table: its gate and its line (the guide is game/tutorial).

:class:`TutorialDesk` is what the table holds when its match is the
tutorial: :meth:`refusal` turns the guide's "what is wanted" into a toast
shown instead of acting, :meth:`draw` puts the step's one line (and the
reason for what just happened) in a band at the top of the felt. Words come
from the catalogue, the bots named as the table names them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.rules.actions import Action
from game.table.layout import TableLayout
from game.table.wording import Toast
from game.tutorial.guide import Guide
from game.ui import draw_kit as kit

GOLD = (255, 214, 102)


class TutorialDesk:
    def __init__(self, guide: Guide) -> None:
        self.guide = guide

    @staticmethod
    def words(key: str, names: Sequence[str]) -> str:
        """A tutorial line with the bots' names as the table shows them."""
        return i18n.t(key, bot1=names[1] if len(names) > 1 else "",
                      bot2=names[2] if len(names) > 2 else "")

    def refusal(self, action: Action, names: Sequence[str]) -> Toast | None:
        """None: ``action`` goes ahead; else what the step waits for, said instead."""
        key = self.guide.refusal(action)
        return None if key is None else Toast(self.words(key, names), GOLD, 4.0)

    def refuses_all(self, actions: Sequence[Action], names: Sequence[str]) -> Toast | None:
        """A wild clicked: the colour picker opens only if one of its plays is wanted."""
        if not actions or self.guide.allows_any(actions):
            return None
        return self.refusal(actions[0], names)

    def rect(self, lay: TableLayout) -> pygame.Rect:
        """The band: top centre of the felt, clear of the ticker and the corner buttons."""
        w = min(lay.table.w - lay.px(40), lay.px(560))
        return pygame.Rect(lay.table.centerx - w // 2, lay.table.top + lay.px(8), w, lay.px(64))

    def lines(self, names: Sequence[str]) -> tuple[str, str]:
        """(what just happened and why, what to do now)."""
        done = self.guide.last_done
        return (self.words(done, names) if done else "",
                self.words(self.guide.line(), names))

    def draw(self, surface: pygame.Surface, lay: TableLayout, names: Sequence[str]) -> None:
        box = self.rect(lay)
        done, now = self.lines(names)
        inner = box.w - lay.px(24)
        body = kit.text_block(now, lay.font_px(17), inner, kit.CREAM, True)
        head = kit.fit_text(done, lay.font_px(14), inner, GOLD) if done else None
        h = body.get_height() + (head.get_height() if head is not None else 0) + lay.px(14)
        box.h = max(box.h, h)
        kit.panel(surface, box, lay.px(12), (6, 34, 22, 232), (*GOLD, 255), max(1, lay.px(2)))
        y = box.top + lay.px(7)
        if head is not None:
            surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
            y += head.get_height()
        surface.blit(body, body.get_rect(midtop=(box.centerx, y)))
