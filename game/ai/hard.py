"""Hard level: determinized Monte Carlo search.

On its own turn (play, draw, keep-or-play) the Hard player samples the hidden
cards consistently with everything public (``tracking``, ``belief``: the
unseen set, hand sizes, cards seen in a challenge, the colours, numbers and
symbols and wilds a player who drew instead of playing could not hold), each
other hand chosen among ``RESAMPLE`` by how well it explains that player's
recent plays (``belief.seat_likelihood``: players follow their longest
colour, keep wilds and name the colour they hold most). It plays each
candidate move in that world and then ``DEPTH`` turns of a fast greedy
policy (``rollout``), judges the world by the hands left and whose turn it
is (``rollout.position_value``; a seat that went out wins outright), and
picks the move that scores best.
All candidates share each sampled world and random stream (common random
numbers), so their comparison is fair. The Normal heuristic orders the
candidates, prunes them (twins, only the two best colours for a wild) and
breaks ties; it also answers every decision that is not searched (out-of-turn
calls and catches, challenges, stacking, Skip relay, colour at S4).

The budget is counted in work, not time: at most ``worlds`` sampled worlds
(default 400) per decision, stopping earlier once a paired sign test has
separated the leader, so the same seed gives the same decision on a fast or a
busy computer. ``think_ms`` (default 300 ms) is only a wall-clock cap, checked
between worlds, for a computer too slow to finish the work in time; the
latest decision's worlds are in ``last_iterations`` and ``last_capped`` says
whether the cap cut it short. With ``iterations`` set it runs exactly that
many worlds, with no early stop and no clock (for tests). It never reads the
real game: only the PlayerView.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from statistics import NormalDist

from game.rules.actions import Action, CallUno, Catch, Draw, Pass, Play, WrongPlay
from game.rules.view import Phase, PlayerView

from .base import Choice, Reason
from .belief import sample_fitting
from .hints import reason
from .normal import (
    choose_turn,
    dedupe_plays,
    out_of_turn,
    pick_wild_colours,
    rank_plays,
    refused_bluff,
    with_uno_call,
)
from .registry import register_level
from .rollout import World, draw_turn, play_cards, playout, rollout
from .tracking import COLOUR_INDEX, Knowledge, track

MAX_PLAYS = 6  # candidate plays searched (best by the Normal heuristic)
SAFETY = 0.9  # share of the wall-clock cap spent searching
MIN_RUNS = 30  # sampled worlds before the search may stop early ...
CHECK_EVERY = 10
CLEAR_MARGIN = 2.0  # ... when the leader beats every other move by this many sigmas
FUTILE_FROM = 60  # ... or, from this many worlds, when no move is on course to beat Normal's
FUTILE_FROM_HEADS_UP = 150  # ... from this many with two players left (docs/BOT_STRENGTH.md)
SWITCH_ALPHA = 0.05  # chance that noise alone moves Hard off the Normal choice
WORLDS = 400  # work budget: enough to separate moves that matter
DEPTH = 10  # turns played out before rollout.position_value judges the world (0: to the end)
RESAMPLE = 8  # hands dealt per seat and world searched, to pick one that fits its recent plays


class HardAgent:
    name = "hard"

    def __init__(self, seed: int | None = None, think_ms: int = 300,
                 iterations: int | None = None, worlds: int = WORLDS, depth: int = DEPTH) -> None:
        self.depth = depth
        self.rng = random.Random(seed)
        self.think_ms = think_ms
        self.iterations = iterations
        self.worlds = worlds
        self.last_iterations = 0  # sampled worlds of the latest search (for stats)
        self.last_capped = False  # the wall-clock cap stopped the latest search

    # ------------------------------------------------------------------ API
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        start = time.perf_counter()
        self.last_iterations = 0
        self.last_capped = False
        if view.to_act != view.seat:
            return out_of_turn(view, legal)
        me = view.seat
        if view.uno_exposed == me and CallUno(me) in legal:
            return reason(CallUno(me), "hint.call_exposed")
        for a in legal:
            if isinstance(a, Catch):  # T6: catch before our own move closes the window
                return reason(a, "hint.catch")
        real = [a for a in legal if not isinstance(a, (WrongPlay, CallUno))]
        if len(real) == 1:
            return with_uno_call(view, legal, reason(real[0], "hint.only"))
        know = track(view)
        if view.phase not in (Phase.PLAY, Phase.KEEP_OR_PLAY):
            return with_uno_call(view, legal, choose_turn(view, real, know))
        prior = choose_turn(view, real, know)
        candidates = self._candidates(view, real, know, prior.action)
        if len(candidates) == 1:
            return with_uno_call(view, legal, prior)
        best, iters = self._search(view, know, candidates, start)
        self.last_iterations = iters
        choice = prior if best == prior.action else self._explain(view, know, best)
        choice = _with_search_note(choice, iters)
        return with_uno_call(view, legal, choice)

    # ------------------------------------------------------------ candidates
    def _candidates(self, view: PlayerView, legal: Sequence[Action], know: Knowledge,
                    prior: Action) -> list[Action]:
        # T2: a Wild Draw Four a challenge would catch only as Normal bluffs (docs/BOT_STRENGTH.md)
        plays = [a for a in legal if isinstance(a, Play) and not refused_bluff(view, a)]
        plays = dedupe_plays(pick_wild_colours(view, know, plays, keep=2))
        ranked = [s.action for s in rank_plays(view, know, plays)][:MAX_PLAYS]
        out: list[Action] = [prior] if prior in legal else []
        out.extend(a for a in ranked if a != prior)
        for extra in (Draw(view.seat), Pass(view.seat)):
            if extra in legal and extra not in out:
                out.append(extra)
        return out

    # ---------------------------------------------------------------- search
    def _search(self, view: PlayerView, know: Knowledge, candidates: list[Action],
                start: float) -> tuple[Action, int]:
        sweeps = self._sweeps(view, know, candidates, start)
        if not sweeps:
            return candidates[0], 0
        return candidates[_pick(sweeps)], len(sweeps)

    def _sweeps(self, view: PlayerView, know: Knowledge, candidates: list[Action],
                start: float) -> list[list[float]]:
        """One row per sampled world: each candidate's value in that world,
        all candidates played in the same world with the same random stream."""
        rng = self.rng
        sim_rng = random.Random()
        me = view.seat
        wins = [0.0] * len(candidates)
        deadline = start + self.think_ms * SAFETY / 1000.0
        limit = self.iterations
        cap = self.worlds if limit is None else limit
        futile_from = _futile_from(view)
        sweeps: list[list[float]] = []
        while len(sweeps) < cap:
            world = self._sample(view, know)
            seed = rng.getrandbits(32)
            sweep: list[float] = []
            for action in candidates:
                sim_rng.seed(seed)
                sweep.append(self._value(view, world.copy(), me, action, sim_rng))
            for i, v in enumerate(sweep):
                wins[i] += v
            sweeps.append(sweep)
            runs = len(sweeps)
            if limit is not None:
                continue
            if runs % CHECK_EVERY == 0 and runs >= MIN_RUNS and (
                    _settled(sweeps, wins)
                    or (runs >= futile_from and _futile(sweeps, cap))):
                break
            if time.perf_counter() >= deadline:  # only a machine too slow for the work
                self.last_capped = runs < cap
                break
        return sweeps

    def _sample(self, view: PlayerView, know: Knowledge) -> World:
        """A world consistent with the view, each hand drawn among ``RESAMPLE`` by how
        likely it makes the others' recent plays (benchmarks/search/hard_ceiling.py
        swaps in the true one)."""
        return sample_fitting(view, know, self.rng, RESAMPLE)

    def _value(self, view: PlayerView, w: World, me: int, action: Action,
               rng: random.Random) -> float:
        if isinstance(action, Play):
            colour = COLOUR_INDEX[action.colour] if action.colour is not None else -1
            nxt = play_cards(w, me, action.cards, colour, rng)
        elif isinstance(action, Draw):
            nxt = draw_turn(w, me, rng)
        else:
            nxt = w.next_seat(me)
        if nxt <= -2:
            return 1.0 if w.team[-2 - nxt] == w.team[me] else 0.0
        if self.depth:
            return self._playout(w, nxt, me, rng)
        winner = rollout(w, nxt, rng)
        if winner < 0:
            return 0.0
        return 1.0 if w.team[winner] == w.team[me] else 0.0

    def _playout(self, w: World, seat: int, me: int, rng: random.Random) -> float:
        """``depth`` turns of the rollout policy from ``seat``'s turn, then
        ``rollout.position_value`` (benchmarks/search/style_oracle.py plays the
        opponents by their exact rule instead)."""
        return playout(w, seat, me, rng, self.depth)

    # --------------------------------------------------------------- reasons
    def _explain(self, view: PlayerView, know: Knowledge, action: Action) -> Choice:
        if isinstance(action, Play):
            for s in rank_plays(view, know, [action]):
                return reason(action, *s.reasons[:1])
        if isinstance(action, Draw):
            return reason(action, "hint.draw_keep")
        if isinstance(action, Pass):
            return reason(action, "hint.keep_drawn")
        return reason(action)


def _lead(sweeps: list[list[float]], a: int, b: int) -> float:
    """Paired sign test of move ``a`` against move ``b``: the worlds where
    ``a`` did better minus those where it did worse, in sigmas of their
    count (at least one)."""
    better = worse = 0
    for sw in sweeps:
        if sw[a] > sw[b]:
            better += 1
        elif sw[a] < sw[b]:
            worse += 1
    return (better - worse) / max(1.0, math.sqrt(better + worse))


def _switch_margin(alternatives: int, alpha: float) -> float:
    """The lead over the Normal choice a move needs (Bonferroni over the
    ``alternatives``) so that noise alone switches with chance ``alpha``."""
    return NormalDist().inv_cdf(1.0 - alpha / alternatives)


def _pick(sweeps: list[list[float]], alpha: float = SWITCH_ALPHA) -> int:
    """Leave the Normal choice (candidate 0) only for a move that beats it
    clearly in the paired comparison (a sign test over the worlds where the
    two differ). In a four-player game most moves differ by a few percent, so
    with several alternatives noise alone would often put one ahead: the
    margin grows with their number (Bonferroni), keeping the chance of a
    switch by noise alone at ``alpha``."""
    wins = [sum(col) for col in zip(*sweeps, strict=True)]
    if len(wins) < 2:
        return 0
    margin = _switch_margin(len(wins) - 1, alpha)
    best = 0
    for i in range(1, len(wins)):
        if wins[i] > wins[best] and _lead(sweeps, i, 0) > margin:
            best = i
    return best


def _futile_from(view: PlayerView) -> int:
    """Worlds before the futility stop may end a search: more with two
    players left, where a move's lead over Normal's choice builds up slowly
    and searching on won more games (docs/BOT_STRENGTH.md)."""
    return FUTILE_FROM_HEADS_UP if view.playing() <= 2 else FUTILE_FROM


def _futile(sweeps: list[list[float]], cap: int, alpha: float = SWITCH_ALPHA) -> bool:
    """Would no move reach ``_pick``'s margin over the Normal choice even if
    its lead so far went on growing at the same pace up to ``cap`` worlds?
    Then more worlds cannot change the decision: stop and keep Normal's."""
    alternatives = len(sweeps[0]) - 1
    if alternatives < 1:
        return True
    margin = _switch_margin(alternatives, alpha)
    growth = (cap / len(sweeps)) ** 0.5
    return all(_lead(sweeps, i, 0) * growth <= margin for i in range(1, alternatives + 1))


def _settled(sweeps: list[list[float]], wins: list[float]) -> bool:
    """Paired sign test: does the leader beat each other candidate clearly?"""
    lead = max(range(len(wins)), key=lambda i: wins[i])
    return all(_lead(sweeps, lead, j) > CLEAR_MARGIN for j in range(len(wins)) if j != lead)


def _with_search_note(choice: Choice, iters: int) -> Choice:
    if iters <= 0:
        return choice
    return replace(choice, reasons=(*choice.reasons, Reason("hint.search", n=iters)))


register_level("hard", lambda seed, think_ms: HardAgent(seed, think_ms))
