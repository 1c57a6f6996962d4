"""``uno --self-test``: prove that this install (source or frozen) really works.

Runs headless (SDL's dummy video and audio drivers unless the caller chose
others) in a throw-away game home (a temporary ``UNO_GAME_HOME`` unless one
is set) and checks, in order:

* packaged data: every sound file of ``game.assets`` is there and is a WAV;
* fonts: pygame_gui's Noto Sans SC loads and draws Chinese glyphs (not boxes);
* settings: the settings folder is writable and settings read back;
* the game: the real :class:`game.app.App` shows the menu, then a table of AI
  seats plays with animations off for a few hundred frames (AI turns must
  happen, the window title must carry the version);
* sounds: the mixer loaded every effect (skipped, not failed, when the
  machine has no audio device at all);
* online: magic-wormhole (the ``online`` extra; bundled in the frozen builds,
  where it must be there) imports; when ``UNO_ONLINE_SERVER`` and
  ``UNO_ONLINE_RELAY`` name a mailbox server and a transit relay (e.g.
  ``python -m game.online.selfhost`` on 127.0.0.1), an online seat's host
  (:class:`~game.online.seats.OnlineSeats`) and a guest
  (:class:`~game.online.guest.OnlineGuest`) in this process pair by the seat's
  code over them and exchange a message each way. Without those variables the
  pairing is skipped with a line saying so: the self-test never uses a network
  of its own accord.

Exit status 0 when everything passed, 1 with the failing check and its reason
otherwise. The report goes to stdout (when there is one: windowed Windows
builds have none) and always to the log file.

The module also holds :func:`entry`, the frozen builds' entry point: it
handles ``--self-test`` and the start-up timer (``UNO_FIRST_FRAME_FILE``)
and otherwise runs :func:`game.app.main` unchanged.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import __version__

DEFAULT_FRAMES = 300
MENU_FRAMES = 60
MIN_AI_ACTIONS = 10
AI_SECONDS = 20.0  # the most the AI check waits for those actions
FRAME_PAUSE = 1 / 120  # between frames while waiting, as a paced game loop would
FIRST_FRAME_ENV = "UNO_FIRST_FRAME_FILE"
ONLINE_ENV = ("UNO_ONLINE_SERVER", "UNO_ONLINE_RELAY")  # the servers the pairing check uses
ONLINE_SECONDS = 30.0  # the most each step of the pairing check waits


class SelfTestFailure(Exception):
    """One check failed; the message says why."""


def _say(line: str) -> None:
    stream = sys.stdout if sys.stdout is not None else sys.stderr
    if stream is not None:
        try:
            stream.write(line + "\n")
            stream.flush()
        except (OSError, ValueError):
            pass


def _headless_env() -> None:
    """Dummy SDL drivers unless set; must run before pygame is imported."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# ------------------------------------------------------------------ checks


def check_assets() -> str:
    from game import resources
    from game.ui.audio import MUSIC_FILE, SOUND_NAMES

    names = [f"sounds/{n}.wav" for n in SOUND_NAMES] + [MUSIC_FILE]
    total = 0
    for rel in names:
        if not resources.asset_exists(rel):
            raise SelfTestFailure(f"packaged file {rel} is missing (game.assets)")
        data = resources.read_bytes(rel)
        if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
            raise SelfTestFailure(f"packaged file {rel} is not a WAV file")
        total += len(data)
    return f"{len(names)} sound files readable ({total // 1024} KiB)"


def check_fonts() -> str:
    import pygame

    from game import i18n, resources

    if not pygame.font.get_init():
        pygame.font.init()
    for bold in (False, True):
        data = resources.font_file(bold).read_bytes()
        if len(data) < 1_000_000:
            raise SelfTestFailure(f"font {resources.font_file(bold).name} is too small ({len(data)} bytes)")
    font = resources.get_font(32)
    # Chinese from the catalogue (the language's own name and the Draw button's word).
    sample = i18n.tl("zh", "language.name") + i18n.tl("zh", "tbl.draw")
    # A font without CJK glyphs draws every character as the same box.
    shapes = set()
    for ch in sample:
        surf = font.render(ch, True, (255, 255, 255))
        if surf.get_width() < 8:
            raise SelfTestFailure(f"Chinese glyph {ch!r} renders {surf.get_width()} px wide")
        shapes.add(pygame.image.tobytes(surf, "RGBA"))
    if len(shapes) != len(set(sample)):
        raise SelfTestFailure("Chinese characters render as identical boxes (no CJK glyphs)")
    line = font.render(f"UNO {sample}", True, (255, 255, 255))
    return f"Noto Sans SC draws Chinese ({line.get_width()}x{line.get_height()} px sample)"


def check_settings() -> str:
    """Settings can be written and read back in the settings folder: through a
    throw-away file beside the player's, which is never rewritten."""
    from game.paths import config_dir
    from game.storage.atomic import backup_path
    from game.storage.user_settings import UserSettings, load_settings, save_settings

    folder = config_dir()
    probe = folder / ".self-test-settings.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        settings = UserSettings()
        settings.sfx_volume = 0.25
        if not save_settings(settings, probe):
            raise SelfTestFailure(f"cannot save settings in {folder}")
        if abs(load_settings(probe).sfx_volume - 0.25) > 1e-9:
            raise SelfTestFailure(f"settings saved in {folder} do not read back")
    except OSError as exc:
        raise SelfTestFailure(f"settings folder {folder} is not writable: {exc}") from None
    finally:
        for leftover in (probe, backup_path(probe)):
            leftover.unlink(missing_ok=True)
    return f"settings written and read back in {folder}"


class GameRun:
    """The real App: menu, then an all-AI table; keeps numbers for later checks."""

    def __init__(self, frames: int, lang: str) -> None:
        self.frames = frames
        self.lang = lang
        self.app: Any = None
        self.actions = 0
        self.sounds = 0
        self.audio_available = False
        self.caption = ""

    def run(self) -> str:
        import pygame

        from game.app import App
        from game.cli import match_config_from_args, parse_args

        args = parse_args(["--lang", self.lang, "--size", "1280x720"])
        app = self.app = App(args)
        app.persist = False  # the match below must not replace the player's autosave
        try:
            app.running = True
            top = type(app.scenes.top).__name__
            if top != "MenuScene":
                raise SelfTestFailure(f"the game opened {top}, not the menu")
            app.pump(MENU_FRAMES)
            self.caption = pygame.display.get_caption()[0]
            if app.version not in self.caption:
                raise SelfTestFailure(f"window title {self.caption!r} lacks version {app.version}")
            app.settings.anim_speed = "off"
            config = match_config_from_args(parse_args(["--autoplay", "--seed", "2024"]))
            if config is None:
                raise SelfTestFailure("--autoplay made no match")
            app.start_match(config)
            table: Any = app.scenes.top
            if type(table).__name__ != "TableScene":
                raise SelfTestFailure(f"starting a match opened {type(table).__name__}")
            ctl = table.ctl
            start = len(ctl.game.actions)
            app.pump(self.frames)  # a round may end: the scoreboard is drawn on top
            # Bots think on a worker thread while frames go on: give them real time,
            # frame by frame as the game loop would, up to a deadline.
            deadline = time.monotonic() + AI_SECONDS
            while (len(ctl.game.actions) - start < MIN_AI_ACTIONS and not ctl.is_over
                   and not ctl.round_over and time.monotonic() < deadline):
                app.pump(1)
                time.sleep(FRAME_PAUSE)
            self.actions = len(ctl.game.actions) - start
            if self.actions < MIN_AI_ACTIONS and not (ctl.is_over or ctl.round_over):
                raise SelfTestFailure(
                    f"only {self.actions} AI actions in {AI_SECONDS:.0f} s (expected {MIN_AI_ACTIONS}+)")
            audio = app.audio
            self.audio_available = bool(getattr(audio, "available", False))
            self.sounds = len(getattr(audio, "_sounds", {}) or {})
            return (f"menu + table drawn ({app.frame_count} frames), {self.actions} AI actions, "
                    f"title {self.caption!r}")
        finally:
            try:
                app.shutdown()
            except Exception:  # noqa: BLE001 - report the first failure, not this
                pass

    def check_sounds(self) -> str:
        from game.ui.audio import SOUND_NAMES

        if self.app is None:
            raise SelfTestFailure("the game did not start")
        if not self.audio_available:
            return "SKIP: no audio device (mixer could not start); files were checked above"
        if self.sounds != len(SOUND_NAMES):
            raise SelfTestFailure(f"mixer loaded {self.sounds} of {len(SOUND_NAMES)} sound effects")
        return f"mixer loaded {self.sounds}/{len(SOUND_NAMES)} sound effects"


def check_online() -> str:
    """The online seats' library loads and, with servers named, really pairs.

    Frozen builds carry magic-wormhole (build.spec), so there it must import; a
    source install without the ``online`` extra skips. The pairing runs only
    against the servers in :data:`ONLINE_ENV`, as a host seat and a guest of
    this one process: direct connections off (``listen=False``), so every byte
    goes through that mailbox and that relay."""
    from game import online

    frozen = getattr(sys, "frozen", False)
    if not online.available():
        if frozen:
            raise SelfTestFailure("magic-wormhole (online seats) is not in this build")
        return 'SKIP: the online extra is not installed (pip install "uno-game[online]")'
    t0 = time.perf_counter()
    import wormhole  # Twisted, autobahn's WebSocket client (its nvx C sources), PyNaCl, SPAKE2
    from wormhole._dilation import manager  # noqa: F401 - Dilation, and with it noise

    loaded = f"magic-wormhole {wormhole.__version__} imports ({time.perf_counter() - t0:.2f}s)"
    server, relay = (os.environ.get(name, "").strip() for name in ONLINE_ENV)
    if not (server and relay):
        return (f"{loaded}; pairing SKIPPED: set UNO_ONLINE_SERVER and UNO_ONLINE_RELAY "
                "(python -m game.online.selfhost) to pair over those servers")
    return f"{loaded}; {_pair_online(server, relay)}"


def _pair_online(server: str, relay: str) -> str:
    """Host seat 1 and a guest pair by the seat's code over ``server`` and ``relay``;
    the host's message reaches the guest and the guest's act reaches the host."""
    import queue

    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats
    from game.online.wire import OnlineError
    from game.party.protocol import VERSION, error_message

    seat = 1
    host = OnlineSeats([seat], mailbox=server, relay=relay, listen=False)
    guest = OnlineGuest(mailbox=server, relay=relay, listen=False, join_timeout=ONLINE_SECONDS)
    t0 = time.perf_counter()
    host.start()
    try:
        code = host.code(seat, timeout=ONLINE_SECONDS)
        if not code:
            state, error = host.state(seat)
            raise SelfTestFailure(f"no code from the mailbox {server} ({state} {error})".strip())
        try:
            guest.join(code)
        except OnlineError as exc:
            raise SelfTestFailure(f"the guest could not join by {code!r}: {exc}") from None
        paired = time.perf_counter() - t0

        def host_event(kind: str) -> tuple[object, ...]:
            end = time.monotonic() + ONLINE_SECONDS
            while time.monotonic() < end:
                try:
                    event = host.inbox.get(timeout=max(0.01, end - time.monotonic()))
                except queue.Empty:
                    break
                if event[0] == kind:
                    return event
            raise SelfTestFailure(f"the host's seat got no {kind!r} from the guest")

        host_event("join")
        t1 = time.perf_counter()
        host.send(seat, error_message("not_started", "uno self-test"))
        try:
            got = guest.inbox.get(timeout=ONLINE_SECONDS)
        except queue.Empty:
            raise SelfTestFailure("the host's message never reached the guest") from None
        if got.get("type") != "error" or got.get("detail") != "uno self-test":
            raise SelfTestFailure(f"the guest got {got!r}, not the host's message")
        guest.act(7, {"kind": "draw"})
        act = host_event("act")
        message = act[3] if len(act) > 3 and isinstance(act[3], dict) else {}
        if message.get("at") != 7 or message.get("v") != VERSION:
            raise SelfTestFailure(f"the host got {act!r}, not the guest's act")
        both_ways = time.perf_counter() - t1
    finally:
        guest.close()
        host.stop()
    return (f"paired by code {code!r} over {server} and {relay} in {paired:.2f}s, "
            f"a message each way over Dilation in {both_ways * 1000:.0f} ms")


# ------------------------------------------------------------------ driver


def run_self_test(frames: int = DEFAULT_FRAMES, lang: str = "zh") -> int:
    """Run every check; 0 when all pass, 1 otherwise (the reason is reported)."""
    _headless_env()
    own_home: str | None = None
    if not os.environ.get("UNO_GAME_HOME", "").strip():
        own_home = tempfile.mkdtemp(prefix="uno-self-test-")
        os.environ["UNO_GAME_HOME"] = own_home
    log_path: Path | None = None
    lines: list[str] = []
    failed: str | None = None
    started = time.perf_counter()

    def report(line: str) -> None:
        lines.append(line)
        _say(line)

    try:
        from game.logs import setup_logging

        log_path = setup_logging()
        frozen = getattr(sys, "frozen", False)
        report(f"uno-game {__version__} self-test ({'frozen' if frozen else 'source'}, "
               f"Python {sys.version.split()[0]}, {sys.platform})")
        game = GameRun(frames, lang)
        checks: list[tuple[str, Callable[[], str]]] = [
            ("assets", check_assets),
            ("fonts", check_fonts),
            ("settings", check_settings),
            ("game", game.run),
            ("sounds", game.check_sounds),
            ("online", check_online),
        ]
        for name, check in checks:
            t0 = time.perf_counter()
            try:
                detail = check()
            except SelfTestFailure as exc:
                failed = f"{name}: {exc}"
                report(f"FAIL {name}: {exc}")
                break
            except Exception as exc:  # noqa: BLE001 - any crash is a failure with a reason
                failed = f"{name}: {type(exc).__name__}: {exc}"
                report(f"FAIL {name}: {type(exc).__name__}: {exc}")
                for tb_line in traceback.format_exc().rstrip().splitlines():
                    report("  " + tb_line)
                break
            report(f"ok   {name}: {detail} [{time.perf_counter() - t0:.2f}s]")
    except Exception as exc:  # noqa: BLE001 - the imports themselves failed
        failed = f"start-up: {type(exc).__name__}: {exc}"
        report(f"FAIL start-up: {type(exc).__name__}: {exc}")
        for tb_line in traceback.format_exc().rstrip().splitlines():
            report("  " + tb_line)
    elapsed = time.perf_counter() - started
    if failed is None:
        report(f"self-test passed in {elapsed:.1f}s")
    else:
        report(f"self-test FAILED in {elapsed:.1f}s: {failed}")
    try:
        import logging

        logger = logging.getLogger("game.selftest")
        for line in lines:
            (logger.error if failed and line.startswith("FAIL") else logger.info)(line)
        if log_path is not None and own_home is None:
            _say(f"log: {log_path}")
    except Exception:  # noqa: BLE001
        pass
    if own_home is not None:
        import logging

        logging.shutdown()
        os.environ.pop("UNO_GAME_HOME", None)
        shutil.rmtree(own_home, ignore_errors=True)
    return 0 if failed is None else 1


# ------------------------------------------------------------------ entry


def _install_first_frame_timer(out_file: str) -> None:
    """Write ``time.time()`` and the process's CPU seconds of every ``display.flip``
    to ``out_file``, one flip a line, up to the game's own first frame (the menu),
    then exit.

    Used by ``scripts/measure_startup.py`` to time start-up of the source
    install and of the frozen builds the same way: the first line is the first
    frame the player sees (game/first_frame.py), the last one the menu's.
    """
    import pygame

    real_flip = pygame.display.flip
    stamps: list[str] = []

    def flip_and_stamp() -> None:
        real_flip()
        stamps.append(f"{time.time():.6f} {time.process_time():.6f}\n")
        if "game.app" in sys.modules:  # drawn by the App: the menu is there
            Path(out_file).write_text("".join(stamps), encoding="utf-8")
            os._exit(0)

    pygame.display.flip = flip_and_stamp


def _self_test_asked(args: list[str]) -> tuple[int, str] | None:
    """``(frames, language)`` when the command line asks for the self-test (as the
    game's parser reads it: ``--self`` too), else None. A command line the parser
    refuses is left to :func:`game.app.main`, which says what is wrong."""
    from game.cli import parse_args

    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            parsed = parse_args(args)
    except SystemExit:
        return None
    if not parsed.self_test:
        return None
    return parsed.frames or DEFAULT_FRAMES, parsed.lang or "zh"


def entry(argv: list[str] | None = None) -> int:
    """The frozen builds' ``main``: ``--self-test [--frames N] [--lang L]`` or the game."""
    args = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep --version to one line
    asked = _self_test_asked(args)
    if asked is not None:
        return run_self_test(*asked)
    out_file = os.environ.get(FIRST_FRAME_ENV, "").strip()
    if out_file:
        _install_first_frame_timer(out_file)
    from game import first_frame

    first_frame.show(args)  # the window and its first frame, before the heavy imports
    from game.app import main

    return main(args)


if __name__ == "__main__":  # python -m game.selftest
    sys.exit(entry(["--self-test", *sys.argv[1:]]))
