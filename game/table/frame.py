"""TableFrame: everything the renderer draws, as one immutable record.

:func:`build_frame` is the only builder. The live table calls it with its
animated display model and its UI state; the replay calls it with a model
synced from the replayed position and no UI state. The renderer reads a
frame and a layout, and nothing else of the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game import i18n
from game.config import REMOTE_KINDS, MatchConfig
from game.rules.cards import COLOURS, Card, Colour
from game.rules.view import Phase
from game.table import widgets as tw
from game.table import wording
from game.table.animations import Animator
from game.table.hand import HandView
from game.table.model import TableModel
from game.ui import draw_kit as kit

RGB = tuple[int, int, int]
t = i18n.t


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatFrame:
    """One seat's plate and fan (the arguments of :func:`tw.draw_plate`)."""

    count: int
    """cards in the seat's hand"""
    name: str
    badge: tuple[str, ...]
    """"You", the bot's level, or the phone's state, then any shorter forms the
    plate takes when the name beside it needs the room (none for a hot-seat human)"""
    line2: tuple[str, ...]
    """cards and score, or the place once out (the plate joins what fits)"""
    on_turn: bool
    out: bool
    team: int
    """-1 without teams"""
    uno: bool
    """called UNO and still on one card"""
    choice: int = 0
    """H7, a swap target asked: 1 a click on the plate chooses this seat, 2 the
    keyboard's pick too (0: not a choice now)"""

    def plate_args(self) -> tuple[int, str, tuple[str, ...], tuple[str, ...], bool, bool, int,
                                  bool, int]:
        """In :func:`tw.seat_sprite`'s argument order, after the geometry."""
        return (self.count, self.name, self.badge, self.line2, self.on_turn, self.out,
                self.team, self.uno, self.choice)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFrame:
    """The viewer's face-up fan (hover, keyboard focus, H4 selection, highlights)."""

    cards: tuple[Card, ...]
    hovered: int = -1
    focus: int = -1
    selected: tuple[int, ...] = ()
    legal: frozenset[int] = frozenset()
    active: bool = False
    armed: int = -1
    """"confirm each play": the card waiting for its confirm step"""
    dragging: int = -1
    """the card following the pointer, drawn at ``drag_at``"""
    drag_at: tuple[int, int] = (0, 0)
    drag_over: bool = False
    """the dragged card would land on the discard pile"""
    shown: tuple[tuple[int, float, float], ...] = ()
    """(card id, x, y): where a card sliding to its place is drawn now"""

    def view(self) -> HandView:
        """A fresh HandView in this state (the scene's own is never drawn from)."""
        hand = HandView()
        hand.cards = list(self.cards)
        hand.hovered, hand.focus = self.hovered, self.focus
        hand.selected = list(self.selected)
        hand.legal = set(self.legal)
        hand.active = self.active
        hand.armed, hand.dragging, hand.drag_at = self.armed, self.dragging, self.drag_at
        hand.drag_over = self.drag_over
        hand.show_at({cid: (x, y) for cid, x, y in self.shown})
        return hand


@dataclass(frozen=True, slots=True, kw_only=True)
class PickerFrame:
    """The open colour picker (a wild's colour)."""

    title: str
    hint: str
    """"Esc: back" when the choice can be cancelled"""
    names: tuple[str, ...]
    focus: int
    mouse: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class TopFrame:
    """H4: the open "which card on top?" chooser."""

    title: str
    hint: str
    cards: tuple[int, ...]
    focus: int
    mouse: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprite:
    """A card in flight: its centre now."""

    card: int
    width: int
    face_up: bool
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Flourish:
    """A non-blocking effect (bubble, colour ring, pulse) at ``progress`` 0..1."""

    kind: str
    pos: tuple[float, float]
    progress: float
    text: str
    colour: RGB
    icon: str
    cards: tuple[int, ...] = ()
    """a "reveal": the cards a T5 challenge showed the viewer"""
    row: int = 0
    """a "bubble": its place in the stack of bubbles over one seat (0: the first)"""


@dataclass(frozen=True, slots=True, kw_only=True)
class Button:
    """One button of the action row as shown: its words (from :mod:`game.table.controls`'
    message key), whether it is the primary choice and whether it can be pressed."""

    key: str
    label: str
    primary: bool = False
    enabled: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class TableFrame:
    """What the table shows this frame. Built by :func:`build_frame` only."""

    viewer: int
    """the seat whose hand is face up at the bottom (-1: a spectator, all face down)"""
    colourblind: bool
    seats: tuple[SeatFrame, ...]
    """every seat, by seat number"""
    direction: int
    """+1 clockwise, -1 counter-clockwise (T4)"""
    draw_count: int
    pile_label: str
    discard: tuple[int, ...]
    """the top cards of the discard pile, the last on top"""
    colour: Colour | None
    """the colour in effect"""
    penalty: str
    """the pending draw, in words ("" when none)"""
    heading: str
    """round and target score"""
    ticker: tuple[str, ...]
    """the last log lines"""
    prompt: str = ""
    prompt_colour: RGB = kit.CREAM
    toast: tuple[str, RGB] | None = None
    tip: str = ""
    """why the hovered card cannot be played"""
    hand: HandFrame | None = None
    picker: PickerFrame | None = None
    top: TopFrame | None = None
    """H4: the "which on top?" chooser, when open"""
    thinking: int = -1
    """the bot seat thinking now (-1: none)"""
    now: float = 0.0
    sprites: tuple[Sprite, ...] = ()
    effects: tuple[Flourish, ...] = ()
    buttons: tuple[Button, ...] = ()
    notice: str = ""
    """a standing problem (an autosave that fails)"""
    bar_top: int = -1
    """the top of the action row's highest row when it wrapped (-1: the layout's bar)"""
    legend: str = ""
    """the keys' one-line legend along the bottom edge ("" when hidden)"""
    away: tuple[str, ...] = ()
    """party mode: phone seats that are away"""
    away_more: tuple[str, ...] = ()
    """the tally standing for the last ``k`` away lines when they find no room: ``[k - 1]``"""
    open_hands: tuple[tuple[Card, ...], ...] = ()
    """the replay's "Show all hands": every seat's cards, face up in place of its fan"""
    log: tw.LogFrame | None = None
    """the log panel (None: folded, hidden or the replay)"""


class Source(Protocol):
    """What the builder reads of a table: the live scene and the replay both offer it."""

    config: MatchConfig
    viewer: int
    model: TableModel

    @property
    def ticker(self) -> list[str]:
        """The newest log lines, over the table."""

    @property
    def names(self) -> list[str]: ...

    def thinking_seat(self) -> int: ...

    def bot_seats(self) -> frozenset[int]:
        """Party mode: phone seats a bot plays for now."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class UiState:
    """The live table's interaction state (the replay has none)."""

    busy: bool = False
    phase: Phase = Phase.PLAY
    """the viewer's PlayerView phase (the prompt's wording)"""
    hand: HandView | None = None
    toast: tuple[str, RGB, float] | None = None
    hover_tip: tuple[int, str] | None = None
    picker_open: bool = False
    picker_focus: int = 0
    picker_cancellable: bool = False
    mouse: tuple[int, int] = (0, 0)
    now: float = 0.0
    anim: Animator | None = None
    buttons: tuple[Button, ...] = ()
    notice: str = ""
    away: tuple[str, ...] = ()
    log: tw.LogFrame | None = None
    choices: tuple[int, ...] = ()
    """H7: the seats a click on their plate chooses now (a swap target asked)"""
    chosen: int = -1
    """H7: the one of them the keyboard picked"""
    bar_top: int = -1
    top_cards: tuple[int, ...] = ()
    """H4: the cards the open "which on top?" chooser offers (() when closed)"""
    top_focus: int = 0
    legend: str = ""
    """the keys' one-line legend ("" when hidden)"""


def level_badge(config: MatchConfig, seat: int, viewer: int, bot_seats: frozenset[int]) -> str:
    """The badge under a seat's name: "You", the bot's level, or a phone's state.
    "You" marks the one human's seat when the name does not already say it (a
    typed name; not "You" in any language). Hot-seat humans wear none: their names tell them apart."""
    sc = config.seats[seat]
    if sc.kind == "human":
        mine = seat == viewer and not config.hot_seat and not i18n.is_you_name(sc.name)
        return t("tbl.you") if mine else ""
    if sc.kind in REMOTE_KINDS:  # a phone or a friend online, or a bot while it is away
        return t("party.badge_bot") if seat in bot_seats else t("party.phone_seat") if sc.kind == "phone" else t("online.seat")
    key = f"level.{sc.level}"
    label = t(key)
    return label if label != key else sc.level.split(":")[-1][:8]


def badge_forms(config: MatchConfig, seat: int, viewer: int,
                bot_seats: frozenset[int]) -> tuple[str, ...]:
    """The seat's badge (:func:`level_badge`), then its shorter form if it has one
    ("Random" for "Random moves"): the badge gives way to the name beside it."""
    badge = level_badge(config, seat, viewer, bot_seats)
    if not badge:
        return ()
    short = f"tbl.badge.{config.seats[seat].level}"
    if config.seats[seat].kind == "ai" and i18n.has_key(short):
        return (badge, t(short))
    return (badge,)


def _line2_text(n: int, score: int, rank: int) -> tuple[str, ...]:
    """A seat's second line: cards and score, or its place once out (``rank`` > 0)."""
    if rank:
        return (t("tbl.out", n=rank),)
    return (i18n.nt("tbl.cards", n), t("tbl.score", n=score))


def _seat(src: Source, seat: int, names: list[str], bot_seats: frozenset[int],
          ui: UiState) -> SeatFrame:
    m = src.model
    n = m.sizes[seat] if seat < len(m.sizes) else 0
    rank = (m.out.index(seat) + 1 if seat in m.out
            and src.config.settings.scoring == "elimination" else 0)
    score = m.scores[seat] if seat < len(m.scores) else 0
    return SeatFrame(count=n, name=names[seat],
                     badge=badge_forms(src.config, seat, src.viewer, bot_seats),
                     line2=_line2_text(n, score, rank),
                     on_turn=m.to_act == seat, out=seat in m.out,
                     team=m.teams[seat] if m.teams else -1, uno=seat in m.uno_called,
                     choice=(2 if seat == ui.chosen else 1) if seat in ui.choices else 0)


def _prompt(src: Source, names: list[str], ui: UiState) -> tuple[str, RGB]:
    m, viewer = src.model, src.viewer
    msg, colour = "", kit.CREAM
    if viewer >= 0 and not ui.busy and m.to_act == viewer:
        if ui.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            msg = t("tbl.your_turn") + " — " + wording.phase_prompt(ui.phase, src.config.settings)
            colour = kit.GOLD
    elif 0 <= m.to_act < len(src.config.seats) and m.to_act != viewer:
        msg = t("tbl.turn_of", name=names[m.to_act])
        colour = kit.MUTED
    if viewer < 0:
        msg = t("tbl.spectator") + (" · " + msg if msg else "")
    return msg, colour


def _hand(hand: HandView | None) -> HandFrame | None:
    if hand is None:
        return None
    return HandFrame(cards=tuple(hand.cards), hovered=hand.hovered, focus=hand.focus,
                     selected=tuple(hand.selected), legal=frozenset(hand.legal),
                     active=hand.active, armed=hand.armed, dragging=hand.dragging,
                     drag_at=hand.drag_at, drag_over=hand.drag_over,
                     shown=tuple((cid, x, y) for cid, (x, y) in hand.shown().items()))


def _motion(anim: Animator | None) -> tuple[tuple[Sprite, ...], tuple[Flourish, ...]]:
    if anim is None:
        return (), ()
    sprites = tuple(Sprite(card=f.card, width=f.width, face_up=f.face_up, centre=p)
                    for f, p in anim.sprites())
    effects = tuple(Flourish(kind=e.kind, pos=e.pos, progress=e.progress, text=e.text,
                             colour=e.colour, icon=e.icon, cards=e.cards, row=e.row)
                    for e in anim.effects)
    return sprites, effects


def build_frame(src: Source, ui: UiState | None = None, *, colourblind: bool = False,
                open_hands: tuple[tuple[Card, ...], ...] = ()) -> TableFrame:
    """The frame for ``src`` as its viewer sees it now (``ui``: the live table's
    interaction state; ``open_hands``: every seat's cards, shown face up)."""
    ui = ui or UiState()
    m = src.model
    s = src.config.settings
    bots = src.bot_seats()
    heading = t("tbl.round", n=m.round_no)
    if s.scoring != "elimination":
        heading += " · " + t("score.target", n=s.target_score)
    names = src.names  # the names follow the language: made once per frame
    prompt, prompt_colour = _prompt(src, names, ui)
    tip = ui.hover_tip[1] if ui.hover_tip is not None and not ui.picker_open else ""
    if ui.toast is not None and ui.toast[0] == tip:
        tip = ""  # the toast already says why: once is enough
    picker = None
    if ui.picker_open:
        picker = PickerFrame(title=t("tbl.pick_colour"),
                             hint=t("tbl.esc_cancel") if ui.picker_cancellable else "",
                             names=tuple(t(f"colour.{c.value}") for c in COLOURS),
                             focus=ui.picker_focus, mouse=ui.mouse)
    sprites, effects = _motion(ui.anim)
    return TableFrame(
        viewer=src.viewer, colourblind=colourblind,
        seats=tuple(_seat(src, seat, names, bots, ui) for seat in range(len(src.config.seats))),
        direction=m.direction, draw_count=m.draw_pile,
        pile_label=t("tbl.pile", n=m.draw_pile), discard=tuple(m.discard[-4:]),
        colour=m.colour, penalty=t("tbl.penalty", n=m.penalty) if m.penalty else "",
        heading=heading, ticker=tuple(src.ticker[-3:]),
        prompt=prompt, prompt_colour=prompt_colour,
        toast=(ui.toast[0], ui.toast[1]) if ui.toast is not None else None, tip=tip,
        hand=_hand(ui.hand) if src.viewer >= 0 else None, picker=picker,
        top=TopFrame(title=t("tbl.top_title"), hint=t("tbl.top_hint"), cards=ui.top_cards,
                     focus=ui.top_focus, mouse=ui.mouse) if ui.top_cards else None,
        thinking=src.thinking_seat(), now=ui.now, sprites=sprites, effects=effects,
        buttons=ui.buttons, notice=ui.notice, bar_top=ui.bar_top, legend=ui.legend,
        away=ui.away,
        away_more=tuple(i18n.nt("party.away_more", k) for k in range(1, len(ui.away) + 1)),
        open_hands=open_hands,
        log=ui.log)
