"""An evening of party play, measured: no leaked socket or file, no lost save, flat memory.

A subprocess under ``RLIMIT_NOFILE`` 256 (macOS's default) runs a party host the
way the table does (:class:`party_helpers.TableLoop`: the real
:class:`MatchController` with its autosave follower and statistics hook, in a
temporary ``UNO_GAME_HOME``) and four phones as real WebSocket clients on
127.0.0.1 that play every action of the match. Along the way, as an evening
brings them: every 50 actions a stranger tries a wrong link and another loads
the page, and every 100 actions one phone drops and joins again (a phone that
slept, the table shows it away, it comes back to the same hand).

The test asserts that every autosave succeeded (each write counted, none
raised, nothing logged at WARNING or above, the last autosave holds the last
action) and that open descriptors and resident memory stay flat between a
measurement after warm-up (150 actions: caches, the allocator's arenas and
the first rejoin done) and one at the end. ``pytest -s`` prints the figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

FD_LIMIT = 256
MIN_ACTIONS = 550
CHECK_EVERY = 50  # actions between strangers (a wrong link, a page load)
REJOIN_EVERY = 100  # actions between a phone dropping and joining again
WARM_UP = 150  # the first measurement, after the first rejoin
# Descriptors at warm-up and at the end: the same four phones and their four
# server sockets, the same listening socket; nothing a save, a stranger or a
# rejoin opens outlives it. 2 allows a descriptor a library opens lazily once;
# one leaked per save, per stranger or per rejoin would be 20 to 400.
FD_SLACK = 2
# Resident memory at warm-up and at the end grew 2.1-2.3 MB in five runs (Python
# 3.10 and 3.11): the match keeps its actions, events and log on purpose, the rest
# is the allocator. Keeping every state the four phones were sent (what a queue
# that is never emptied would do) grew it 7.2 MB: 5 MB lies between.
RSS_SLACK_MB = 5.0
SECONDS = 90  # the subprocess is stopped after this long


# ------------------------------------------------------------ the evening ----
# Run in the subprocess (``python tests/test_party_endurance.py HOME``): the
# game is imported only after the limit is set.

def _measure(actions: int) -> dict[str, float]:
    import gc

    from party_helpers import open_fds, rss_mb

    gc.collect()
    return {"actions": actions, "fds": open_fds(), "rss_mb": round(rss_mb(), 1)}


def evening(home: Path) -> dict[str, Any]:
    import http.client
    import logging
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))
    os.environ["UNO_GAME_HOME"] = str(home)
    started = time.monotonic()

    from party_helpers import Phone, PhoneBot, TableLoop, party_config

    from game.controller import MatchController
    from game.logs import setup_logging
    from game.storage import saves

    setup_logging()  # as the app does: the log file stays open all evening
    problems: list[str] = []

    class Complaints(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            problems.append(f"{record.levelname} {record.name}: {record.getMessage()}")

    logging.getLogger().addHandler(Complaints(logging.WARNING))

    written = {"autosaves": 0}
    save_match = saves.save_match

    def counted_save(*args: Any, **kwargs: Any) -> Any:
        try:
            path = save_match(*args, **kwargs)
        except BaseException as exc:
            problems.append(f"autosave raised {exc!r}")
            raise
        written["autosaves"] += 1
        return path

    saves.save_match = counted_save  # the controller's autosave calls it through the module

    config = party_config("pppp", seed=17, target=2000)  # one match longer than the evening
    controller = MatchController(config, think_ms=0, anim_speed="off", persist=True)
    figures: dict[str, Any] = {"python": sys.version.split()[0],
                               "fd_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}

    def actions() -> int:
        return loop.inspect(lambda c: len(c.game.actions))  # type: ignore[no-any-return]

    with TableLoop(config, controller=controller) as loop:
        bots = {s: PhoneBot(loop.port, loop.url_token(s), 100 + s, keep=False).start()
                for s in config.phones}
        deadline = time.monotonic() + SECONDS - 15
        visits = rejoins = 0

        def reach(n: int) -> bool:
            while actions() < n:
                if time.monotonic() > deadline or loop.inspect(lambda c: c.game.is_over):
                    return False
                time.sleep(0.01)
            return True

        def strangers() -> None:
            """A wrong link (refused and closed), then someone loads the page."""
            wrong = Phone(loop.port, "A" * 22)
            if wrong.recv()["code"] != "bad_token":
                problems.append("a wrong link was not refused")
            wrong.close()
            page = http.client.HTTPConnection("127.0.0.1", loop.port, timeout=5)
            page.request("GET", "/")
            if page.getresponse().status != 200:
                problems.append("the page was not served")
            page.close()

        def rejoin(seat: int, seed: int) -> None:
            """The phone of ``seat`` drops (asleep, out of Wi-Fi) and joins again."""
            bots[seat].phone.close()
            bots[seat].join(5)
            end = time.monotonic() + 5
            while seat in loop.host.connected() and time.monotonic() < end:
                time.sleep(0.005)
            bots[seat] = PhoneBot(loop.port, loop.url_token(seat), seed,
                                  keep=False).start()
            while loop.host.connected() != set(config.phones) and time.monotonic() < end:
                time.sleep(0.005)
            if loop.host.connected() != set(config.phones):
                problems.append(f"seat {seat}'s phone did not join again")

        def quiet_measure() -> dict[str, float]:
            """Measured between two frames of the table, its autosave written: the
            figures of the evening, not of a write in progress."""
            with loop.lock:
                if not controller.flush_saves(30.0):
                    problems.append("an autosave did not finish")
                return _measure(len(controller.game.actions))

        for checkpoint in range(CHECK_EVERY, MIN_ACTIONS + 1, CHECK_EVERY):
            if not reach(checkpoint):
                errors = [(s, repr(b.error)) for s, b in bots.items() if b.error]
                problems.append(f"play stopped at {actions()} actions: {errors}")
                break
            if controller.save_problem:
                problems.append(f"autosave trouble ({controller.save_problem}) at {checkpoint}")
            strangers()
            visits += 2
            if checkpoint % REJOIN_EVERY == 0:
                rejoin(config.phones[checkpoint // REJOIN_EVERY % 4], 200 + checkpoint)
                rejoins += 1
            if checkpoint == WARM_UP:
                figures["warm"] = quiet_measure()
        figures["end"] = quiet_measure()
    for bot in bots.values():
        bot.join(5)
    if not controller.flush_saves(30.0):
        problems.append("the last autosave did not finish")
    controller.close()
    played = len(controller.game.actions)
    loaded = saves.load_match(saves.autosave_path())
    if len(loaded.game.actions) != played:
        problems.append(f"the autosave holds {len(loaded.game.actions)} of {played} actions")
    figures.update(seconds=round(time.monotonic() - started, 1), actions=played,
                   autosaves=written["autosaves"], strangers=visits, rejoins=rejoins,
                   problems=problems[:20], problem_count=len(problems))
    return figures


# ------------------------------------------------------------------- test ----

@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_party_evening_of_four_phones_keeps_sockets_files_and_memory_flat(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "tests")]),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, __file__, str(tmp_path / "party-home")], cwd=root,
                          env=env, capture_output=True, text=True, timeout=SECONDS)
    assert proc.returncode == 0, proc.stderr[-4000:]
    f = json.loads(proc.stdout.strip().splitlines()[-1])
    warm, end = f["warm"], f["end"]
    print(f"\nparty evening on Python {f['python']} under RLIMIT_NOFILE {f['fd_limit']}: "
          f"{f['actions']} actions by 4 phones in {f['seconds']} s, {f['autosaves']} autosaves, "
          f"{f['strangers']} strangers, {f['rejoins']} rejoins\n"
          f"fds at {warm['actions']} actions {warm['fds']}, at {end['actions']} {end['fds']}; "
          f"RSS {warm['rss_mb']} MB -> {end['rss_mb']} MB")
    assert f["fd_limit"] == FD_LIMIT
    assert f["problem_count"] == 0, f["problems"]
    assert f["actions"] >= MIN_ACTIONS
    assert f["autosaves"] >= 50, f  # written all evening (a burst of actions is one write)
    assert f["rejoins"] == MIN_ACTIONS // REJOIN_EVERY
    assert end["fds"] - warm["fds"] <= FD_SLACK, (warm, end)
    assert end["rss_mb"] - warm["rss_mb"] <= RSS_SLACK_MB, (warm, end)


if __name__ == "__main__":
    print(json.dumps(evening(Path(sys.argv[1]))))
