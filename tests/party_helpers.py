"""Party tests' harness: the table's main loop in a thread, phones as real WebSocket clients.

Loopback only (127.0.0.1). :class:`TableLoop` owns the controller and the
PartyHost the way the table scene does (pump + poll_ai every frame);
:class:`Phone` is a synchronous WebSocket client; :class:`PhoneBot` plays a
seat from a thread by sending the first sensible legal action of each state.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.party.host import PartyHost
from game.party.protocol import VERSION, new_secret
from game.rules.settings import RuleSettings


def open_fds() -> int:
    """This process's open file descriptors (Linux: /proc)."""
    return len(os.listdir("/proc/self/fd"))


def rss_mb() -> float:
    """This process's resident memory in MB (Linux: VmRSS in /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def party_config(kinds: str, seed: int = 7, target: int = 50, **rules: Any) -> MatchConfig:
    """``kinds`` one letter per seat: p = phone, a = bot (normal), h = human."""
    names = {"p": "phone", "a": "ai", "h": "human"}
    seats = tuple(SeatConfig(f"P{i + 1}", names[k], "normal") for i, k in enumerate(kinds))  # type: ignore[arg-type]
    return MatchConfig(seats, RuleSettings(target_score=target, **rules), seed, new_secret())


class CountingInbox:
    """The server's inbox as the table sees it, counting the items taken out."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.taken = 0

    def put(self, item: tuple[Any, ...]) -> None:
        self.inner.put(item)

    def get_nowait(self) -> tuple[Any, ...]:
        item = self.inner.get_nowait()
        self.taken += 1
        return item  # type: ignore[no-any-return]

    def empty(self) -> bool:
        return bool(self.inner.empty())


class TableLoop:
    """The desktop's frame loop for a party match, in a thread (the only one touching the game)."""

    def __init__(self, config: MatchConfig, *, bot_after: float | None = None,
                 controller: MatchController | None = None, frame_s: float = 0.002,
                 auto_next_round: bool = True, started: bool = True,
                 ports: tuple[int, ...] = (0,)) -> None:
        self.controller = controller or MatchController(config, think_ms=0, anim_speed="off",
                                                        persist=False)
        self.host = PartyHost(self.controller, bot_after=bot_after, ports=ports)
        self.lock = threading.Lock()
        self.frame_s = frame_s
        self.auto_next_round = auto_next_round
        self.started = started  # False: the join screen, until :meth:`begin` (its Start)
        self.paused = False  # True: the host is in a menu
        self.max_frame_s = 0.0
        self.frame_s_seen: list[float] = []  # every frame's duration (benchmarks)
        self.max_taken = 0  # the most phone messages one frame handled
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)

    def __enter__(self) -> TableLoop:
        self.host.start()
        self.inbox = CountingInbox(self.host.server.inbox)
        self.host.server.inbox = self.inbox  # type: ignore[assignment]
        if self.started:
            self.host.begin()
        self._thread.start()
        return self

    def begin(self) -> None:
        """The host presses Start on the join screen."""
        with self.lock:
            self.started = True
            self.host.begin()

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)
        self.host.stop()

    def url_token(self, seat: int) -> str:
        return self.host.token(seat)

    @property
    def port(self) -> int:
        return self.host.server.port

    def _run(self) -> None:
        c = self.controller
        while not self._stop.is_set():
            with self.lock:
                start = time.perf_counter()
                now = time.monotonic()
                taken = self.inbox.taken
                self.host.pump(now, paused=not self.started or self.paused)
                self.max_taken = max(self.max_taken, self.inbox.taken - taken)
                if not self.started and self.host.take_request("start"):
                    self.started = True  # a phone pressed Start (the join screen's button)
                    self.host.begin()
                if self.started and not self.paused:
                    c.poll_ai(now)
                if c.game.round_over and not c.game.is_over and (
                        self.auto_next_round or self.host.take_request("next_round")):
                    c.next_round()  # the scoreboard's Next round (pressed on a phone)
                c.take_events()
                took = time.perf_counter() - start
                self.max_frame_s = max(self.max_frame_s, took)
                self.frame_s_seen.append(took)
            time.sleep(self.frame_s)

    def inspect(self, fn: Callable[[MatchController], Any]) -> Any:
        with self.lock:
            return fn(self.controller)


class Phone:
    """One phone's WebSocket: every message it got is kept in :attr:`got` (unless
    ``keep`` is False: an evening's worth of states would weigh on the memory measured)."""

    def __init__(self, port: int, token: str | None = None, *, keep: bool = True) -> None:
        # entered as a context manager (closed by :meth:`close`), as websockets asks
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=5,
                                            max_size=2 ** 20).__enter__()
        self.got: list[dict[str, Any]] = []
        self.keep = keep
        if token is not None:
            self.send({"type": "hello", "token": token})

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps({"v": VERSION, **msg}))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        if self.keep:
            self.got.append(msg)
        return msg  # type: ignore[no-any-return]

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def state(self, timeout: float = 10.0) -> dict[str, Any]:
        return self.wait(lambda m: m["type"] == "state", timeout)

    def act(self, at: int, action: dict[str, Any]) -> None:
        self.send({"type": "act", "at": at, "action": action})

    def close(self) -> None:
        self.ws.close()


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A phone player's tap for ``state``: UNO when down to two cards, else a play, else the rest."""
    legal = [a for a in state["legal"] if a["kind"] != "wrong_play"]
    me = state["seat"]
    uno = [a for a in legal if a["kind"] == "call_uno"]
    if uno and len(state["hand"]) <= 2:
        return uno[0]
    if state["to_act"] != me:
        return None
    plays = [a for a in legal if a["kind"] in ("play", "choose_colour", "swap_hands")]
    if plays:
        return rng.choice(plays)
    rest = [a for a in legal if a["kind"] in ("draw", "pass", "accept", "challenge")]
    return rng.choice(rest) if rest else None


class PhoneBot:
    """Plays one phone seat from a thread until the match is over; records what it got.

    It taps no faster than every ``gap_s`` seconds (a person cannot; the server's
    per-connection rate limit would drop faster taps), and the wait before a tap is
    not part of the round trips it records.
    """

    def __init__(self, port: int, token: str, seed: int, gap_s: float = 0.07, *,
                 keep: bool = True) -> None:
        self.gap_s = gap_s
        self.phone = Phone(port, token, keep=keep)
        self.rng = random.Random(seed)
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.latencies: list[float] = []
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> PhoneBot:
        self._thread.start()
        return self

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        acted_at = -1
        last_tap = 0.0
        sent: tuple[int, float] | None = None
        try:
            while True:
                msg = self.phone.recv(timeout=30)
                if msg["type"] != "state":
                    continue
                if sent is not None and msg["at"] > sent[0]:
                    self.latencies.append(time.perf_counter() - sent[1])
                    sent = None
                if msg["phase"] == "match_over":
                    break
                if msg["at"] == acted_at:
                    continue
                action = choose(msg, self.rng)
                if action is not None:
                    wait = last_tap + self.gap_s - time.perf_counter()
                    if wait > 0:
                        time.sleep(wait)
                    acted_at = msg["at"]
                    last_tap = time.perf_counter()
                    sent = (msg["at"], last_tap)
                    self.phone.act(msg["at"], action)
        except (ConnectionClosed, TimeoutError) as exc:
            self.error = exc
        finally:
            self.done.set()
            self.phone.close()
