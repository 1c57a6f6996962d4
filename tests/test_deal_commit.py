"""Deck commitment for remote seats (issue 38, game/party/deal_commit.py): the host
commits to each round's shuffled deck before its cards reach a remote seat and
reveals it when the round is over; the seat checks. A tampered reveal is caught."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_online_remote import GUEST, _deliver, _first_play, _match

from game.party.deal_commit import (
    HASH_ONLY,
    TAMPERED,
    VERIFIED,
    check_reveal,
    commitment,
    deal_fields,
    salt_for,
)
from game.party.protocol import dumps, new_secret
from game.rules.engine import Game
from game.rules.settings import RuleSettings

STATIC = Path(__file__).resolve().parents[1] / "game" / "party" / "static"


def _play_round(controller: Any, host: Any, carrier: Any, remote: Any) -> None:
    for step in range(4000):
        if controller.round_over or controller.is_over:
            break
        _deliver(carrier, remote)
        view = controller.view(-1)
        legal = remote.legal(GUEST)
        if view.to_act == GUEST and legal:
            remote.human_act(_first_play(legal))
            host.pump()
        elif view.to_act == 0:
            controller.human_act(_first_play(controller.legal(0)))
        else:
            controller.poll_ai(1000.0 * step)
    _deliver(carrier, remote)
    assert controller.round_over or controller.is_over


def test_deal_commitment_honest_rounds_are_verified() -> None:
    controller, host, carrier, remote = _match(seed=12, target=2000)
    _deliver(carrier, remote)
    assert remote.state["deal"]["round"] == 1 and "deck" not in remote.state["deal"]
    committed = remote.state["deal"]["commit"]
    _play_round(controller, host, carrier, remote)
    reveal = remote.state["deal"]
    assert reveal["commit"] == committed and len(reveal["deck"]) == 108
    # the guest joined after the first deal (it got the last few events): hash only
    assert remote.deal_checks[1] == HASH_ONLY and remote.deal_news == [(1, HASH_ONLY)]
    assert not controller.is_over
    controller.next_round()
    _deliver(carrier, remote)
    assert remote.state["deal"]["round"] == 2 and "deck" not in remote.state["deal"]
    _play_round(controller, host, carrier, remote)
    assert remote.deal_checks[2] == VERIFIED  # seen from its deal: every card followed


def test_deal_commitment_round_seen_from_its_deal_is_verified_card_by_card() -> None:
    """A round seen whole (as the guest of round 2 sees it): VERIFIED; the same reveal
    with two cards swapped, another salt, or one of the seat's cards changed: TAMPERED."""
    secret = new_secret()
    game = Game.new(RuleSettings(target_score=2000), seats=3, seed=21)
    seat = 1
    deck = list(game.round.deck)
    fields = deal_fields(game.round_no, deck, secret, over=True)
    assert fields is not None
    from game.rules.events import redact

    events = [redact(e, seat) for e in game.view(seat).log]
    start = next(i for i, e in enumerate(events) if e.kind.value == "round_start")
    seen = events[start:]
    assert check_reveal(fields, fields["commit"], seat, game.dealer, 3, seen) == VERIFIED
    swapped = copy.deepcopy(fields)
    swapped["deck"][0], swapped["deck"][1] = swapped["deck"][1], swapped["deck"][0]
    assert check_reveal(swapped, fields["commit"], seat, game.dealer, 3, seen) == TAMPERED
    salted = dict(fields, salt=salt_for(new_secret(), 1).hex())
    assert check_reveal(salted, fields["commit"], seat, game.dealer, 3, seen) == TAMPERED
    not_a_deck = dict(fields, deck=[0] * 108)
    assert check_reveal(not_a_deck, fields["commit"], seat, game.dealer, 3, seen) == TAMPERED
    # a host that re-committed to a deck where this seat's dealt cards differ
    mine = {c.id for c in game.view(seat).hand}
    other = next(i for i, c in enumerate(deck) if c not in mine)
    own = next(i for i, c in enumerate(deck) if c in mine)
    forged = list(deck)
    forged[own], forged[other] = forged[other], forged[own]
    salt = salt_for(secret, 1)
    lie = {"round": 1, "commit": commitment(1, salt, forged), "salt": salt.hex(), "deck": forged}
    assert check_reveal(lie, lie["commit"], seat, game.dealer, 3, seen) == TAMPERED
    assert check_reveal(fields, fields["commit"], seat, game.dealer, 3, seen[5:]) == HASH_ONLY


def test_deal_commitment_tampered_reveal_reaches_the_guest_as_a_warning() -> None:
    controller, host, carrier, remote = _match(seed=12)
    _deliver(carrier, remote)
    _play_round(controller, host, carrier, remote)
    remote.deal_checks.clear()
    remote.deal_news.clear()
    frame = copy.deepcopy(remote.state)
    deck = frame["deal"]["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]
    frame["at"] += 1
    frame["events"] = []
    assert remote.feed(frame)
    assert remote.deal_checks[1] == TAMPERED and remote.deal_news == [(1, TAMPERED)]


def test_deal_commitment_changed_within_a_round_is_tampered() -> None:
    controller, host, carrier, remote = _match(seed=12)
    _deliver(carrier, remote)
    frame = copy.deepcopy(remote.state)
    frame["deal"]["commit"] = "0" * 64
    frame["events"] = []
    assert remote.feed(frame)
    assert remote.deal_checks[1] == TAMPERED


def test_deal_checks_are_said_on_the_guests_table_loudly_when_tampered() -> None:
    from types import SimpleNamespace

    from game import i18n
    from game.table.remote_link import LinkWatch
    from game.ui import theme

    i18n.set_language("en")
    said: list[tuple[str, Any, float]] = []
    cues = SimpleNamespace(show=lambda msg, colour=None, secs=0.0: said.append((msg, colour, secs)))
    table = SimpleNamespace(dirty=False, cues=cues)
    ctl = SimpleNamespace(state={"at": 1}, refusal=None, started=True,
                          deal_news=[(1, VERIFIED), (2, TAMPERED)])
    watch = LinkWatch(SimpleNamespace(controller=ctl, status="connected"))
    watch.tick(table)  # type: ignore[arg-type]
    assert said[0][0].startswith("✓ Deal verified: round 1") and said[0][1] == theme.OK
    assert said[1][0].startswith("WARNING: round 2's deal does NOT match") and said[1][1] == theme.ERROR
    assert watch.notice().startswith("WARNING: round 2")  # and it stands on the table
    watch.tick(table)  # type: ignore[arg-type]
    assert watch.notice().startswith("WARNING: round 2") and len(said) == 2
    assert ctl.deal_news == []


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node to run the phone page's script")
def test_deal_commitment_phone_page_checks_as_the_desktop_does(tmp_path: Path) -> None:
    """The phone's deal_check.js (its own SHA-256: no crypto.subtle over plain http)
    reaches the desktop's verdicts on the same frames; a tampered reveal is caught."""
    controller, host, carrier, remote = _match(seed=12, target=2000)
    frames: list[dict[str, Any]] = []
    send, send_to = carrier.send, carrier.send_to

    def keep(seat: int, msg: dict[str, Any]) -> None:
        if seat == GUEST:
            frames.append(json.loads(dumps(msg)))
        send(seat, msg)

    def keep_to(cid: int, msg: dict[str, Any]) -> None:
        frames.append(json.loads(dumps(msg)))
        send_to(cid, msg)

    carrier.send, carrier.send_to = keep, keep_to  # type: ignore[method-assign]
    host.pump()
    _deliver(carrier, remote)
    _play_round(controller, host, carrier, remote)
    controller.next_round()
    _play_round(controller, host, carrier, remote)
    states = [f for f in frames if f["type"] == "state"]
    assert remote.deal_checks == {1: HASH_ONLY, 2: VERIFIED}
    last = max(i for i, f in enumerate(states) if f["deal"] and "deck" in f["deal"])
    forged = copy.deepcopy(states[: last + 1])
    deck = forged[-1]["deal"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    for name, msgs in (("honest", states), ("forged", forged)):
        (tmp_path / f"{name}.json").write_text(json.dumps(msgs), "utf-8")
    script = STATIC / "deal_check.js"
    out = subprocess.run(
        [NODE, "-e", f"""
const d = require({json.dumps(str(script))});
const fs = require("fs");
const result = {{}};
for (const name of ["honest", "forged"]) {{
  const w = new d.DealWatch();
  const said = [];
  for (const m of JSON.parse(fs.readFileSync({json.dumps(str(tmp_path))} + "/" + name + ".json"))) {{
    const r = w.feed(m);
    if (r) said.push(r);
  }}
  result[name] = said;
}}
console.log(JSON.stringify(result));
"""], capture_output=True, text=True, timeout=60, check=True)
    said = json.loads(out.stdout)
    assert said["honest"] == [[1, HASH_ONLY], [2, VERIFIED]]
    assert said["forged"] == [[1, HASH_ONLY], [2, TAMPERED]]
