"""Party matches in saves: the per-match secret is kept, checked on load, and the
same join links work after Continue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from party_helpers import Phone, TableLoop, party_config

from game.config import MatchConfig
from game.controller import MatchController
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
