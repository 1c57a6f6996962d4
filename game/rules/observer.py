"""The observer: what one seat may see of a match, as a :class:`.view.PlayerView`."""

from __future__ import annotations

from .cards import DECK
from .prefix import CardPrefix
from .state import MatchState
from .view import PlayerView


def view(m: MatchState, seat: int) -> PlayerView:
    """Everything ``seat`` may know (seat -1: a spectator who holds no cards).

    Copies nothing that grows with the round: the discard pile and the log are
    O(1) snapshots of append-only lists."""
    r = m.round
    mine = 0 <= seat < m.seats
    drawn = r.drawn
    jump = r.jump_card
    return PlayerView(
        seat=seat,
        num_seats=m.seats,
        settings=m.settings,
        hand=tuple([DECK[c] for c in r.hands[seat]]) if mine else (),
        hand_sizes=tuple([len(h) for h in r.hands]),
        top_card=DECK[r.discard[-1]] if r.discard else None,
        discard=CardPrefix(r.discard, len(r.discard)),
        draw_pile_size=len(r.draw_pile),
        colour=r.colour,
        direction=r.direction,
        phase=r.phase,
        to_act=r.to_act,
        current=r.current,
        pending_penalty=r.penalty.amount if r.penalty is not None else 0,
        drawn_card=DECK[drawn] if mine and drawn >= 0 and seat == r.to_act else None,
        uno_exposed=r.uno_exposed,
        uno_declared=r.uno_declared,
        jump_in_card=DECK[jump] if jump >= 0 else None,
        dealer=m.dealer,
        round_no=m.round_no,
        scores=tuple(m.scores),
        round_points=tuple([tuple(p) for p in m.round_points]),
        out=tuple(r.out),
        teams=m.teams,
        winner=r.winner,
        log=r.log.seen_by(seat),
    )
