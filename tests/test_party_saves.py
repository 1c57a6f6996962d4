"""Party matches in saves: the per-match secret is kept, checked on load, and the
same join links work after Continue."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from party_helpers import Phone, TableLoop, party_config
from websockets.exceptions import ConnectionClosed

from game.config import MatchConfig
from game.controller import MatchController
from game.party.protocol import seat_token
from game.storage import saves
from game.storage.saves import SaveError, load_match, save_match


def _rewrite(path: Path, edit) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    doc["checksum"] = saves.compute_checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_party_config_round_trips_with_its_secret():
    config = party_config("pah")
    back = MatchConfig.from_dict(json.loads(json.dumps(config.to_dict())))
    assert back == config and back.phones == [0]
    assert back.party_secret == config.party_secret


def test_party_config_without_phones_keeps_the_old_shape():
    config = MatchConfig(party_config("ah").seats, seed=3)
    assert set(config.to_dict()) == {"seats", "settings", "seed"}  # old saves look the same


@pytest.mark.parametrize("secret", ["", "ABCDEF" * 5 + "AB", "0" * 31, 12, None, "g" * 32])
def test_party_bad_secret_in_a_save_is_refused(tmp_path: Path, secret):
    config = party_config("pa")
    game = MatchController(config, persist=False).game
    path = save_match(tmp_path / "s.json", config, game)
    _rewrite(path, lambda d: d["config"].__setitem__("party_secret", secret))
    if secret == "":
        assert load_match(path).config.party_secret == ""  # "" means no party
        return
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "bad_data"


def test_party_unknown_seat_kind_in_a_save_is_refused(tmp_path: Path):
    config = party_config("pa")
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    _rewrite(path, lambda d: d["config"]["seats"][0].__setitem__("kind", "remote"))
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "bad_data"


def test_party_continue_keeps_the_links_and_the_hands(tmp_path: Path):
    config = party_config("pp", seed=21)  # no bots: nothing moves while the phones are away
    with TableLoop(config) as loop:
        phone = Phone(loop.port, loop.url_token(1))
        before = phone.state()
        link = loop.url_token(1)
        phone.close()
        path = loop.inspect(lambda c: save_match(tmp_path / "auto.json", c.config, c.game))
    loaded = load_match(path)  # the game was closed; Continue
    assert loaded.config.party_secret == config.party_secret
    controller = MatchController(loaded.config, loaded.game, persist=False)
    with TableLoop(loaded.config, controller=controller) as again:
        assert again.url_token(1) == link
        phone = Phone(again.port, link)
        state = phone.state()
        assert (state["seat"], state["at"], state["hand"]) == (1, before["at"], before["hand"])
        phone.close()


# ------------------------------------------------- re-issued links (#34, 9) ----

def test_party_first_link_of_a_seat_is_the_one_older_saves_gave():
    """Generation 0 is the token every save before re-issuing had: old links still work."""
    import base64
    import hashlib
    import hmac

    secret = party_config("pa").party_secret
    digest = hmac.new(bytes.fromhex(secret), b"uno-party-seat:0", hashlib.sha256).digest()[:16]
    old = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
    assert seat_token(secret, 0) == old == seat_token(secret, 0, 0)
    assert len({seat_token(secret, 0, g) for g in range(5)}) == 5


def test_party_reissued_link_stops_the_old_one_at_once():
    with TableLoop(party_config("pap")) as loop:
        old = loop.url_token(0)
        phone = Phone(loop.port, old)
        phone.state()
        other = Phone(loop.port, loop.url_token(2))
        other.state()
        loop.inspect(lambda c: loop.host.reissue(0))
        new = loop.url_token(0)
        assert new != old and loop.host.controller.config.party_reissued == (1, 0, 0)
        # the phone holding the old link is told and disconnected
        assert phone.wait(lambda m: m["type"] == "error")["code"] == "bad_token"
        with pytest.raises(ConnectionClosed):
            while True:
                phone.recv()
        assert other.wait(lambda m: m["type"] == "state" and 0 in m["away"])["away"] == [0]
        again = Phone(loop.port, old)  # the old link opens nothing any more
        assert again.recv()["code"] == "bad_token"
        fresh = Phone(loop.port, new)
        assert fresh.state()["seat"] == 0
        assert Phone(loop.port, loop.url_token(2)).state()["seat"] == 2
        fresh.close()
        other.close()


def test_party_act_from_a_revoked_phone_is_not_applied():
    """An action the old phone sent just before its link was re-issued is dropped."""
    with TableLoop(party_config("pa", seed=3)) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = phone.wait(lambda m: m["type"] == "state" and m["to_act"] == 0)
        with loop.lock:  # the table is between frames: the act waits in the inbox
            phone.act(state["at"], {"kind": "draw"})
            time.sleep(0.2)
            loop.host.reissue(0)
        time.sleep(0.2)
        assert loop.inspect(lambda c: [a for a in c.game.actions if a.seat == 0]) == []


def test_party_reissued_link_survives_save_and_continue(tmp_path: Path):
    config = party_config("pp", seed=21)
    with TableLoop(config) as loop:
        old = loop.url_token(1)
        loop.inspect(lambda c: loop.host.reissue(1))
        loop.inspect(lambda c: loop.host.reissue(1))
        new = loop.url_token(1)
        path = loop.inspect(lambda c: save_match(tmp_path / "auto.json", c.config, c.game))
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["config"]["party_reissued"] == [0, 2]
    loaded = load_match(path)
    assert loaded.config.party_reissued == (0, 2)
    controller = MatchController(loaded.config, loaded.game, persist=False)
    with TableLoop(loaded.config, controller=controller) as again:
        assert again.url_token(1) == new and again.url_token(0) == loop.url_token(0)
        assert Phone(again.port, old).recv()["code"] == "bad_token"
        phone = Phone(again.port, new)
        assert phone.state()["seat"] == 1
        phone.close()


def test_party_reissue_rewrites_the_autosave_of_a_match_under_way():
    config = party_config("pa", seed=3)
    controller = MatchController(config, think_ms=0, anim_speed="off")
    controller.apply(controller.legal(controller.game.to_act)[0])
    assert controller.flush_saves()
    with TableLoop(config, controller=controller) as loop:
        loop.inspect(lambda c: loop.host.reissue(0))
        new = loop.url_token(0)
    loaded = load_match(saves.autosave_path())
    assert loaded.config.party_reissued == (1, 0)
    assert seat_token(loaded.config.party_secret, 0, 1) == new
    controller.close()


def test_party_save_without_reissues_keeps_the_old_shape_and_loads_as_generation_0(tmp_path: Path):
    config = party_config("pa")
    assert "party_reissued" not in config.to_dict()
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    assert "party_reissued" not in json.loads(path.read_text(encoding="utf-8"))["config"]
    assert load_match(path).config.party_reissued == ()
    _rewrite(path, lambda d: d["config"].__setitem__("party_reissued", [0, 0]))
    assert load_match(path).config == config  # zeros are the same as none


@pytest.mark.parametrize("value", [[-1, 0], [True, 0], ["1", 0], [1.0, 0], [10 ** 9, 0],
                                   [0], [0, 0, 0], "1", None, {"0": 1}, 1])
def test_party_bad_reissue_counts_in_a_save_are_refused(tmp_path: Path, value):
    config = party_config("pa")
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    _rewrite(path, lambda d: d["config"].__setitem__("party_reissued", value))
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "bad_data"


def test_party_reissue_counts_without_a_party_are_refused(tmp_path: Path):
    config = MatchConfig(party_config("aa").seats, seed=3)
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    _rewrite(path, lambda d: d["config"].__setitem__("party_reissued", [1, 0]))
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "bad_data"
