"""Phase: what kind of decision the seat to act makes (the round's state machine)."""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """What kind of decision the seat to act makes."""

    PLAY = "play"  # T1/T3: play a card or draw
    KEEP_OR_PLAY = "keep_or_play"  # T3: play the card just drawn, or keep it (Pass)
    CHOOSE_COLOUR = "choose_colour"  # S4: first card is a Wild
    CHALLENGE = "challenge"  # T5: hit by a Wild Draw Four: Challenge or Accept (or stack/deflect)
    PENALTY = "penalty"  # H1/H5: a pending draw total: stack, deflect or Accept
    SKIP_RELAY = "skip_relay"  # H2: hit by a Skip: relay a Skip or Accept
    CHOOSE_SWAP = "choose_swap"  # H7: after a 7, choose whose hand to swap with
    ROUND_OVER = "round_over"  # R1: scored; the next dealer starts the next round
    MATCH_OVER = "match_over"  # R2-R5: nothing more to do
