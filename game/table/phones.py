"""The table's side of a match with remote seats (phones, game/party; online
seats, game/online): ``RemoteSeats`` from game.session, both kinds together.

What the host's table does because phones sit at it: every frame the
phones' actions are taken in (:func:`pump`, also while a menu is over the
table, so phones still get answers); the away lines name phone seats whose
link dropped and the bots standing in (:func:`away_lines`); the corner row
gets the Join codes button (:func:`corner_extra`); a phone may ask for the
next round from the scoreboard (:func:`next_asked`). With no party every
function answers "nothing".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.table import wording
from game.table.buttons import JOIN_CODES, CornerButton

if TYPE_CHECKING:
    from game.session import RemoteSeats, Session
    from game.storage.user_settings import UserSettings


def pump(session: Session, settings: UserSettings, *, paused: bool = False) -> None:
    """Take in the phones' actions (``paused``: a menu is over the table); the
    host's "phones may deal" setting is followed at once."""
    if session.remote is not None:
        session.remote.phones_deal = bool(settings.party_phones_deal)
    session.pump(paused=paused)


def bot_seats(party: RemoteSeats | None) -> frozenset[int]:
    """Phone seats a bot plays for now."""
    return frozenset(party.bot_seats) if party is not None else frozenset()


def away_lines(party: RemoteSeats | None, names: Sequence[str],
               online: Sequence[int] = ()) -> tuple[str, ...]:
    """One line per phone or ``online`` seat that is away or played by a bot."""
    if party is None:
        return ()
    return wording.away_lines(names, party.away(), bot_seats(party), party.bot_in(),
                              frozenset(online))


def corner_extra(party: RemoteSeats | None) -> tuple[CornerButton, ...]:
    """The corner row's buttons of a party match: Join codes."""
    return (JOIN_CODES,) if party is not None else ()


def next_asked(party: RemoteSeats | None) -> Callable[[], bool] | None:
    """For the scoreboard: whether a phone pressed Next round (None: no phones)."""
    if party is None:
        return None
    return lambda: party.take_request("next_round")
