"""Steps the online journeys share (issue 38): two game windows under one Xvfb, a
host and a guest, over magic-wormhole with its servers on 127.0.0.1 (the
``servers`` fixture in conftest.py points both games at them).

:func:`seat_the_guest` is the way in: the host's New game with an Online seat ->
Start -> the seat's code; the guest's Join online -> the code typed with
xdotool -> its table; the host's Start. :func:`play_until` plays both windows
until the guest has played a card and has seen a move of the host's.
"""

from __future__ import annotations

import time
from typing import Any

from journeys.driver import Game, button, hand, state

SIZE = "780x600"
GUEST = 1  # the online seat
SEATS = [{"kind": "human", "name": "", "level": "normal"},
         {"kind": "online", "name": "", "level": "normal"},
         {"kind": "ai", "name": "", "level": "easy"}]


def front(g: Game) -> None:
    """Raise and focus ``g``'s window: the two windows overlap (the game's smallest
    window is wider than half the screen) and input goes to the one in front."""
    g.xdo("windowraise", g.window, check=False)
    g.xdo("windowfocus", g.window, check=False)
    time.sleep(0.3)


def play_one(g: Game, p: dict[str, Any]) -> None:
    """One move at a table whose viewer is on turn: a colour when the picker is open
    (a Wild turned up first: the first player names its colour), a playable card,
    else Draw."""
    front(g)
    t = p["table"]
    if t.get("picker"):
        g.click(t["picker"][0][1])
        return
    card = next((c for c in hand(p) if c["legal"]), None)
    if card is not None:
        g.click(card["rect"])
        time.sleep(0.3)
        p2 = g.probe()
        picker = p2.get("table", {}).get("picker")
        if picker:
            g.click(picker[0][1])
    elif t["bar"]:
        g.click(next(iter(t["bar"].values())))
    else:
        g.click(t["draw_pile"])


def on_turn(p: dict[str, Any], seat: int) -> bool:
    t = p.get("table")
    return bool(t) and p["scene"] == "TableScene" and state(p)["to_act"] == seat and bool(
        t["bar"] or t.get("picker") or any(c["legal"] for c in t["hand"]))


def poll(g: Game, pred: Any, timeout: float) -> bool:
    """Whether ``pred`` holds for one of ``g``'s probes within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        p = g.probe()
        try:
            if p and pred(p):
                return True
        except (KeyError, IndexError, TypeError):
            pass
        time.sleep(0.1)
    return False


def move(g: Game, seat: int) -> bool:
    """``seat`` moves at ``g``'s table (a probe written during an animation may show
    the hand before it: tried again on a fresh probe)."""
    for _ in range(4):
        time.sleep(0.6)  # the table settles and writes its probe
        p = g.probe()
        if not on_turn(p, seat):
            return state(p)["to_act"] != seat if p.get("table") else False
        before = moment(p)
        play_one(g, p)
        if poll(g, lambda q, before=before: bool(q.get("table")) and moment(q) != before, 8):
            return state(g.probe())["to_act"] != seat or move(g, seat)
    return False


def moment(p: dict[str, Any]) -> tuple[Any, ...]:
    """What a move changes: whose turn, the phase (a colour named first), the hands."""
    s = state(p)
    return s["to_act"], s.get("phase"), tuple(s["hand_sizes"])


def both_shots(host: Game, guest: Game, label: str) -> None:
    """A screenshot of each window, each brought to the front first."""
    front(host)
    host.shot(label)
    front(guest)
    guest.shot(label)


def leave_table(g: Game, ask_shot: str = "") -> bool:
    """The table's Menu -> Quit to menu (and yes, when the game asks: a screenshot of
    the question when ``ask_shot`` names it), back on the main menu; whether it asked."""
    front(g)
    p = g.wait(lambda p: p["scene"] == "TableScene" and bool(p["table"]["corner"]), "the table")
    g.click(p["table"]["corner"]["menu"])
    p = g.wait(lambda p: p["scene"] == "PauseScene", "the pause menu")
    g.click(button(p, "pause.quit")["rect"])
    p = g.wait(lambda p: p["scene"] in ("DialogScene", "MenuScene"), "the quit question or menu")
    asked = p["scene"] == "DialogScene"
    if asked:
        if ask_shot:
            g.shot(ask_shot)
        g.click(button(p, "pause.quit_yes")["rect"])
        g.wait(lambda p: p["scene"] == "MenuScene", "the main menu")
    return asked


def seat_the_guest(host: Game, guest: Game, lang: str, seed: int) -> None:
    """The host starts New game (human / online / easy bot) and reads out the online
    seat's code; the guest joins by typing it; the host presses Start. Both windows
    end at their tables, screenshots of each step taken."""
    host.write_settings(anim_speed="fast", last_seats=SEATS)
    guest.write_settings(anim_speed="fast")
    p = host.start("--lang", lang, "--size", SIZE, "--scene", "new_game", "--seed", str(seed))
    host.click(button(p, "newgame.start")["rect"])
    p = host.wait(lambda p: p.get("online", {}).get("codes", {}).get(str(GUEST)),
                  "the online seat's code", 60)
    code = p["online"]["codes"][str(GUEST)]
    host.shot("the code to read out")

    guest.start("--lang", lang, "--size", SIZE)
    guest.xdo("windowmove", guest.window, "560", "340", check=False)
    front(guest)
    guest.click(button(guest.probe(), "menu.join_online")["rect"])
    guest.wait(lambda p: p["scene"] == "OnlineGuestScene", "the Join online screen")
    front(guest)
    guest.xdo("type", "--delay", "60", code.replace("-", " "))
    guest.shot("the code typed")
    guest.click(button(guest.probe(), "online.join_button")["rect"])
    guest.wait(lambda p: p["scene"] == "TableScene", "the guest's table", 60)
    front(guest)
    guest.shot("waiting for the host to start")
    p = host.wait(lambda p: GUEST in p.get("online", {}).get("joined", []), "the guest joined", 30)
    front(host)
    host.shot("the guest joined")
    host.click(button(p, "party.start")["rect"])
    host.wait(lambda p: p["scene"] == "TableScene", "the host's table")


def play_until(host: Game, guest: Game, timeout: float = 240) -> tuple[bool, bool]:
    """Both windows play (the bot plays itself) until the guest has played a card the
    host's table counted and the guest's table has shown a move of the host's:
    ``(guest_played, host_seen)``, both True unless ``timeout`` ran out."""
    guest_played = host_seen = False
    end = time.monotonic() + timeout
    while not (guest_played and host_seen) and time.monotonic() < end:
        hp, gp = host.probe(), guest.probe()
        if on_turn(hp, 0):
            top_before = state(gp)["top"] if gp.get("table") else ""
            if move(host, 0):
                host_seen = host_seen or poll(guest, lambda p, top=top_before: bool(
                    p.get("table")) and state(p)["top"] != top, 20)
        elif on_turn(gp, GUEST):
            had = state(gp)["hand_sizes"][GUEST]
            if move(guest, GUEST):
                guest_played = guest_played or poll(host, lambda p, n=had: bool(
                    p.get("table")) and state(p)["hand_sizes"][GUEST] < n, 20)
        time.sleep(0.2)
    return guest_played, host_seen
