"""The tutorial at the table: its gate and its line (the guide is game/tutorial).

:class:`TutorialDesk` is what the table holds when its match is the
tutorial: :meth:`refusal` turns the guide's "what is wanted" into a toast
shown instead of acting, :meth:`draw` puts the step's one line (and the
reason for what just happened) in a band left of the piles. Words come
from the catalogue, the bots named as the table names them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.rules.actions import Action
from game.table.layout import TableLayout
from game.table.widgets import colour_ring
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

    def hint(self, names: Sequence[str]) -> Toast | None:
        """The Hint button while a step waits: what the step wants (a bot's hint
        could point elsewhere); None once the round is the player's own."""
        step = self.guide.step
        return None if step is None else Toast(self.words(step.wanted, names), GOLD, 4.0)

    def refuses_all(self, actions: Sequence[Action], names: Sequence[str]) -> Toast | None:
        """A wild clicked: the colour picker opens only if one of its plays is wanted."""
        if not actions or self.guide.allows_any(actions):
            return None
        return self.refusal(actions[0], names)

    @staticmethod
    def room(lay: TableLayout) -> pygame.Rect:
        """Where the band may stand: the felt left of the piles, under the seats
        and the ticker above it, over the player's own plate and the turn prompt."""
        px = lay.px
        left = lay.table.x + px(16)
        right = min(lay.draw_pile.left, colour_ring(lay).left) - px(28)
        above = [lay.table.top + px(10)]
        below = [lay.prompt_top() - px(8)]
        areas = [lay.seat_area(spot) for spot in lay.seats.values()]
        if lay.bottom is not None:
            areas.append(lay.bottom.plate)
        for area in areas:
            if area.right > left and area.left < right:
                if area.centery < lay.centre[1]:
                    above.append(area.bottom + px(10))
                else:
                    below.append(area.top - px(10))
        top, bottom = max(above), min(below)
        return pygame.Rect(left, top, min(right - left, px(400)), max(0, bottom - top))

    def box(self, lay: TableLayout, names: Sequence[str]) -> tuple[pygame.Rect, pygame.Surface,
                                                                    pygame.Surface | None]:
        """The band's rect (as tall as its words), the step's line and the last reason."""
        room = self.room(lay)
        done, now = self.lines(names)
        inner = room.w - lay.px(24)
        body = kit.text_block(now, lay.font_px(17), inner, kit.CREAM, True, False)
        head = kit.text_block(done, lay.font_px(14), inner, GOLD, False, False) if done else None
        h = body.get_height() + (head.get_height() + lay.px(6) if head is not None else 0)
        return pygame.Rect(room.x, room.y, room.w, h + lay.px(20)), body, head

    def lines(self, names: Sequence[str]) -> tuple[str, str]:
        """(what just happened and why, what to do now)."""
        done = self.guide.last_done
        return (self.words(done, names) if done else "",
                self.words(self.guide.line(), names))

    def draw(self, surface: pygame.Surface, lay: TableLayout, names: Sequence[str]) -> None:
        box, body, head = self.box(lay, names)
        kit.panel(surface, box, lay.px(12), (6, 34, 22, 232), (*GOLD, 255), max(1, lay.px(2)))
        x, y = box.x + lay.px(12), box.top + lay.px(10)
        if head is not None:
            surface.blit(head, (x, y))
            y += head.get_height() + lay.px(6)
        surface.blit(body, (x, y))
