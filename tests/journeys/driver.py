"""Drive the real game in a real X window: xdotool input, the debug probe's JSON
(game/debug_probe.py) and the autosave for what the game did, ``import -window``
for the screenshots a journey leaves behind.

Every wait is bounded: on timeout the driver takes a screenshot named
``FAILED-...`` and fails with the last probe it read.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("UNO_JOURNEY_SHOTS", str(ROOT / "out" / "journey-shots")))
TOOLS = ("Xvfb", "xdotool", "import")

Probe = dict[str, Any]


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def centre(rect: Sequence[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


class Display:
    """One Xvfb server for the whole suite."""

    def __init__(self, number: int, size: tuple[int, int] = (1600, 1000)) -> None:
        self.name = f":{number}"
        self.proc = subprocess.Popen(
            ["Xvfb", self.name, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Xvfb {self.name} did not start")
            time.sleep(0.05)

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Game:
    """The game running under ``display`` with its data in ``home``."""

    def __init__(self, display: Display, home: Path, journey: str) -> None:
        self.display = display
        self.home = home
        self.journey = journey
        self.shots = SHOTS / journey
        shutil.rmtree(self.shots, ignore_errors=True)
        self.shots.mkdir(parents=True, exist_ok=True)
        self.probe_path = home / "probe.json"
        self.proc: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.last: Probe = {}
        self.acted_at = -1  # presses the game had seen before the last input was sent
        self.n_shots = 0

    # ------------------------------------------------------------ process
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=self.display.name, UNO_GAME_HOME=str(self.home),
                   UNO_DEBUG_PROBE=str(self.probe_path), SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        return env

    def write_settings(self, **values: Any) -> None:
        """Preferences the game reads at start (``config/settings.json``)."""
        path = self.home / "config" / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        old = json.loads(path.read_text("utf-8")) if path.exists() else {}
        path.write_text(json.dumps({**old, **values}), "utf-8")

    def start(self, *args: str) -> Probe:
        """Start ``python -m game ARGS`` and wait for its window and first probe."""
        self.probe_path.unlink(missing_ok=True)
        self.last = {}
        self.acted_at = -1
        log = (self.shots / "game.log").open("ab")
        # (-X faulthandler: a game that never shows its window is made to print
        # every thread's stack into game.log before the journey fails)
        self.proc = subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "game", *args],
                                     cwd=ROOT, env=self.env(), stdout=log, stderr=log)
        # (a busy machine can take long to start Python and pygame)
        self.window = self._find_window(deadline=time.monotonic() + 90)
        self.xdo("windowmove", self.window, "0", "0", check=False)
        return self.wait(lambda p: True, "the first settled screen", 30, fresh=False)

    def _stacks(self) -> str:
        """The end of game.log, after a game still running printed its stacks."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGABRT)  # (faulthandler prints, then it ends)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        text = (self.shots / "game.log").read_text("utf-8", errors="replace")
        return "\n".join(text.splitlines()[-60:])

    def stop(self, timeout: float = 15) -> int:
        """Wait for the game to exit by itself (after a Quit); kill it if it will not."""
        if self.proc is None:
            return 0
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"{self.journey}: the game did not exit in {timeout} s") from None
        self.proc = None
        self.window = ""
        return code

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    # ------------------------------------------------------------ input
    def xdo(self, *args: str, check: bool = True) -> str:
        res = self._xdo(args)
        if res.returncode != 0 and "BadWindow" in res.stderr and self.window in args:
            # The window we found is gone: the game either ended (say so, with its
            # log) or shows another window now (find it by the game's pid, once).
            old = self.window
            self.window = self._find_window(deadline=time.monotonic() + 10)
            res = self._xdo(tuple(self.window if a == old else a for a in args))
        if check and res.returncode != 0:
            raise AssertionError(f"xdotool {' '.join(args)} failed: {res.stderr.strip()}")
        return res.stdout

    def _xdo(self, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["xdotool", *args], env=self.env(), capture_output=True,
                              text=True, timeout=20)

    def _find_window(self, deadline: float) -> str:
        """The game's newest visible window (searched by its pid)."""
        while True:
            if self.proc is None or self.proc.poll() is not None:
                code = None if self.proc is None else self.proc.returncode
                raise AssertionError(f"{self.journey}: no window, the game exited ({code}); "
                                     f"game.log:\n{self._stacks()}")
            pid = str(self.proc.pid)
            ids = self._xdo(("search", "--onlyvisible", "--pid", pid)).stdout.split()
            if ids:
                return ids[-1]
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.journey}: no visible window in time; "
                                     f"game.log:\n{self._stacks()}")
            time.sleep(0.1)

    def click(self, where: Sequence[int]) -> None:
        """Click the centre of a rect ``[x, y, w, h]`` or a point ``[x, y]``."""
        x, y = centre(where) if len(where) == 4 else (where[0], where[1])
        self.acted_at = self.probe().get("inputs", 0)
        self.xdo("mousemove", "--window", self.window, str(x), str(y))
        time.sleep(0.05)  # the motion first, as a hand would (hover, then press)
        self.xdo("click", "--window", self.window, "1")

    def key(self, *names: str) -> None:
        self.xdo("windowfocus", self.window, check=False)
        self.acted_at = self.probe().get("inputs", 0)
        for name in names:
            self.xdo("key", "--window", self.window, name)
            time.sleep(0.05)

    def resize(self, w: int, h: int) -> None:
        self.xdo("windowsize", self.window, str(w), str(h))

    # ------------------------------------------------------------ looking
    def probe(self) -> Probe:
        try:
            doc: Probe = json.loads(self.probe_path.read_text("utf-8"))
        except (OSError, ValueError):
            return self.last
        self.last = doc
        return doc

    def wait(self, pred: Callable[[Probe], bool], what: str, timeout: float = 20,
             fresh: bool = True) -> Probe:
        """The first probe for which ``pred`` holds; with ``fresh``, only one that
        the game wrote after it saw the last input (an older one still shows the
        screen that input was meant for)."""
        deadline = time.monotonic() + timeout
        while True:
            p = self.probe()
            if p and (not fresh or p.get("inputs", 0) > self.acted_at):
                try:
                    if pred(p):
                        return p
                except (KeyError, IndexError, TypeError):
                    pass
            if self.proc is not None and self.proc.poll() is not None:
                raise AssertionError(f"{self.journey}: the game exited ({self.proc.returncode}) "
                                     f"while waiting for {what}; see {self.shots / 'game.log'}")
            if time.monotonic() > deadline:
                self.shot(f"FAILED-{what}")
                raise AssertionError(f"{self.journey}: waited {timeout} s for {what}; last probe: "
                                     f"{summary(p)}")
            time.sleep(0.05)

    def shot_soon(self, label: str, delay: float = 0.6) -> Path:
        """A picture of a moment no probe marks (a bot moves on before the table
        settles): ``delay`` lets the card's flight land. Nothing is asserted on it."""
        time.sleep(delay)
        return self.shot(label)

    def shot(self, label: str) -> Path:
        self.n_shots += 1
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in label)[:60]
        path = self.shots / f"{self.n_shots:02d}-{safe}.png"
        if self.proc is not None and self.proc.poll() is None:
            ids = self.xdo("search", "--pid", str(self.proc.pid), check=False).split()
            self.window = ids[-1] if ids else self.window
        for target in (self.window, "root"):  # the whole screen if the window will not do
            try:
                subprocess.run(["import", "-window", target, str(path)], env=self.env(),
                               capture_output=True, timeout=15, check=True)
                break
            except (subprocess.SubprocessError, OSError):
                continue
        return path

    def autosave(self) -> dict[str, Any]:
        """The autosave as the game wrote it (the action log and the snapshot)."""
        path = self.home / "data" / "saves" / "autosave.json"
        doc: dict[str, Any] = json.loads(path.read_text("utf-8"))
        return doc

    def autosave_exists(self) -> bool:
        return (self.home / "data" / "saves" / "autosave.json").exists()

    def wait_autosave(self, pred: Callable[[dict[str, Any]], bool], what: str,
                      timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                doc = self.autosave()
                if pred(doc):
                    return doc
            except (OSError, ValueError, KeyError, IndexError):
                doc = {}
            if time.monotonic() > deadline:
                self.shot(f"FAILED-{what}")
                raise AssertionError(f"{self.journey}: the autosave never showed {what}; "
                                     f"its last actions: {doc.get('actions', [])[-4:]}")
            time.sleep(0.1)


# ------------------------------------------------------------------ probe reading


def summary(p: Probe) -> str:
    if not p:
        return "(none yet)"
    table = p.get("table", {})
    return json.dumps({"scene": p.get("scene"), "scenes": p.get("scenes"),
                       "buttons": [b["text"] for b in p.get("buttons", [])],
                       "state": table.get("state"), "viewer": table.get("viewer"),
                       "bar": sorted(table.get("bar", {}))}, ensure_ascii=False)


def button(p: Probe, key: str) -> dict[str, Any]:
    """The visible button with message id (or text) ``key``."""
    for b in p["buttons"]:
        if key in b["keys"] or b["text"] == key:
            return b
    raise KeyError(key)


def has_button(p: Probe, key: str) -> bool:
    return any(key in b["keys"] or b["text"] == key for b in p.get("buttons", []))


def state(p: Probe) -> dict[str, Any]:
    s: dict[str, Any] = p["table"]["state"]
    return s


def my_turn(p: Probe, seat: int = 0) -> bool:
    """The table is on top, settled, and waits for ``seat``'s move."""
    t = p.get("table")
    return (p["scene"] == "TableScene" and t is not None and t["viewer"] == seat
            and t["state"]["to_act"] == seat and bool(t["bar"] or t["picker"]
                                                      or any(c["legal"] for c in t["hand"])))


def hand(p: Probe) -> list[dict[str, Any]]:
    h: list[dict[str, Any]] = p["table"]["hand"]
    return h


def actions(doc: dict[str, Any]) -> list[dict[str, Any]]:
    acts: list[dict[str, Any]] = doc["actions"]
    return acts


def did(doc: dict[str, Any], since: int = 0, **fields: Any) -> bool:
    """Whether the autosave's action log (from index ``since``) holds an action
    with these fields (``kind="play", seat=0, cards=[12]``)."""
    return any(all(a.get(k) == v for k, v in fields.items()) for a in actions(doc)[since:])
