"""Command line of the game (``uno`` / ``python -m game``).

Bad arguments print one line (``uno: error: ...``) and exit with status 2.
``--players``, ``--autoplay`` and ``--quick`` skip the menus and deal at once.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import NoReturn

from game import __version__
from game.config import MatchConfig, SeatConfig
from game.i18n import LANGUAGES
from game.rules.errors import SettingsConflict
from game.rules.settings import RuleSettings, check_seats, preset, settings_from_data

PROG = "uno"
SCENES = ("menu", "new_game", "settings", "rules", "pause")
HUMAN_WORDS = ("human", "you", "me", "h")


class CliError(ValueError):
    """A command-line value that cannot be used."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        stream = sys.stderr or sys.stdout
        if stream is not None:
            stream.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def _version_text() -> str:
    return f"uno-game {__version__}"


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        if sys.stdout is not None:
            sys.stdout.write(_version_text() + "\n")
        raise SystemExit(0)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (320 <= w <= 16384 and 240 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range")
    return (w, h)


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("expected 1 or more")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="UNO for the desktop (中文 / English).")
    p.add_argument("--lang", choices=LANGUAGES, help="language of the game")
    p.add_argument("--seed", type=_non_negative, help="shuffle seed (same seed, same deals)")
    p.add_argument("--players", metavar="SPEC",
                   help='seats, e.g. "human,normal,normal,hard" or a number N '
                        "(you + N-1 normal bots); starts a match at once")
    p.add_argument("--rules", metavar="official|sheet|FILE.json",
                   help="rule preset, or a JSON file of rule settings")
    p.add_argument("--screenshot", metavar="OUT.png", help="save the screen after the last frame")
    p.add_argument("--frames", type=_positive, metavar="N", help="run N frames, then exit")
    p.add_argument("--autoplay", action="store_true",
                   help="every seat is an AI; starts a match at once")
    p.add_argument("--quick", action="store_true",
                   help="start Quick play at once (you + 3 Normal bots)")
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--scene", choices=SCENES, help="open this screen first (screenshots)")
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    p.add_argument("--self-test", action="store_true",
                   help="check fonts, sounds, settings and AI play headless; exit 0 if all is well")
    return p


# ------------------------------------------------------------------ values


def known_levels() -> list[str]:
    """Registered AI levels plus the documented ones (easy, normal, hard)."""
    from game.ai.registry import level_names
    from game.config import AI_LEVELS

    names = list(level_names())
    return names + [lv for lv in AI_LEVELS if lv not in names]


def parse_players(spec: str, levels: list[str] | None = None) -> list[SeatConfig]:
    """``"human,normal,hard"`` or ``"4"`` -> seats (names filled in later)."""
    spec = spec.strip()
    if not spec:
        raise CliError("--players is empty")
    if spec.isdigit():
        n = int(spec)
        if not 2 <= n <= 10:
            raise CliError(f"--players {n}: UNO is for 2 to 10 players")
        return [SeatConfig("", "human")] + [SeatConfig("", "ai", "normal")] * (n - 1)
    levels = known_levels() if levels is None else levels
    seats: list[SeatConfig] = []
    for raw in spec.split(","):
        word = raw.strip()
        low = word.lower()
        if low in HUMAN_WORDS:
            seats.append(SeatConfig("", "human"))
        elif low in levels:
            seats.append(SeatConfig("", "ai", low))
        elif ":" in word and all(part.strip() for part in word.split(":", 1)):
            seats.append(SeatConfig("", "ai", word))
        else:
            choices = ", ".join(["human", *levels, "module:Class"])
            raise CliError(f"--players: unknown seat {word!r} (use {choices})")
    if not 2 <= len(seats) <= 10:
        raise CliError(f"--players: {len(seats)} seats; UNO is for 2 to 10 players")
    return seats


def load_rules(value: str | None) -> RuleSettings:
    """``official``, ``sheet`` or a JSON file (a settings object, or a preset name)."""
    if value is None:
        return preset("official")
    if value in ("official", "sheet"):
        return preset(value)
    path = Path(value)
    if not path.is_file():
        raise CliError(f"--rules: no preset or file named {value!r} (use official, sheet or FILE.json)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CliError(f"--rules: cannot read {value}: {exc}") from None
    try:
        return settings_from_data(data)
    except SettingsConflict as exc:
        raise CliError(f"--rules: {value}: {exc}") from None


def name_seats(seats: list[SeatConfig]) -> tuple[SeatConfig, ...]:
    """Fill in empty names: "You" / "Player 2" for humans, bot names for AIs."""
    from game.scenes.strings_menus import default_seat_name

    out: list[SeatConfig] = []
    hot_seat = sum(seat.kind == "human" for seat in seats) > 1
    humans = 1 if hot_seat else 0  # hot-seat: "Player 1", "Player 2"... never "You"
    bots = 0
    for i, seat in enumerate(seats):
        if seat.kind == "human":
            humans += 1
        else:
            bots += 1
        name = seat.name or default_seat_name(i, seat.kind, humans if seat.kind == "human" else bots)
        out.append(SeatConfig(name, seat.kind, seat.level))
    return tuple(out)


def match_config_from_args(args: argparse.Namespace) -> MatchConfig | None:
    """The match to start at once, or None when the menus should open.

    Raises :class:`CliError` for values that cannot make a match.
    """
    if not (args.players or args.autoplay or args.quick):
        return None
    rules = load_rules(args.rules)
    if args.players:
        seats = parse_players(args.players)
    else:
        seats = [SeatConfig("", "human")] + [SeatConfig("", "ai", "normal")] * 3
    if args.autoplay:
        seats = [s if s.kind == "ai" else SeatConfig("", "ai", "normal") for s in seats]
    try:
        check_seats(rules, len(seats))
    except SettingsConflict as exc:
        raise CliError(str(exc)) from None
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    return MatchConfig(name_seats(seats), rules, seed)


# Systems whose desktop always has a display (no DISPLAY / WAYLAND_DISPLAY to look at).
ALWAYS_A_DISPLAY = ("win", "cygwin", "msys", "darwin")


def display_problem(args: argparse.Namespace, environ: Mapping[str, str] = os.environ,
                    platform: str = sys.platform) -> str | None:
    """One line when the game would open its window nowhere, else None.

    Only on Linux/BSD-like systems, and not when the player chose a video driver
    (``SDL_VIDEODRIVER=dummy``...) or asked for no window (``--self-test``,
    ``--screenshot``): SDL would otherwise fall back to its invisible offscreen
    driver and the game would run unseen until killed.
    """
    if platform.startswith(ALWAYS_A_DISPLAY) or args.self_test or args.screenshot:
        return None
    if any(environ.get(var, "").strip() for var in ("SDL_VIDEODRIVER", "DISPLAY",
                                                    "WAYLAND_DISPLAY")):
        return None
    return ("no display available (neither DISPLAY nor WAYLAND_DISPLAY is set): start it on "
            "a desktop, or set SDL_VIDEODRIVER=dummy to run without a window")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse and check the command line; exit 2 with one line on bad values."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.players:
            parse_players(args.players)
        load_rules(args.rules)
        match_config_from_args(args)
    except CliError as exc:
        parser.error(str(exc))
    return args
