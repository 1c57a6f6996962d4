"""Fuzz the loader: thousands of damaged saves load a valid game or raise SaveError.

Half of the document-level mutations are re-signed (checksum recomputed), so
they get past the checksum and exercise format, data and replay checks.
The loader must never write; ``load_with_recovery`` may only quarantine.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.config import MatchConfig, SeatConfig
from game.rules.actions import WrongPlay
from game.rules.engine import Game
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES, RuleSettings
from game.storage import saves
from game.storage.atomic import backup_path
from game.storage.saves import SaveError, load_match, load_with_recovery

CASES = 3000
Doc = dict[str, Any]
Path_ = tuple[Any, ...]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def base_save(settings: RuleSettings, n: int, seed: int, steps: int) -> bytes:
    config = MatchConfig(tuple(SeatConfig(f"P{i}", "ai" if i else "human") for i in range(n)),
                         settings, seed)
    game = Game.new(settings, n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_act
        others = game.out_of_turn_seats()
        if others and rng.random() < 0.2:
            seat = rng.choice(list(others))
        legal = [a for a in game.legal_actions(seat) if not isinstance(a, WrongPlay)]
        game.apply(rng.choice(legal or game.legal_actions(seat)))
    return saves.dumps_save(saves.build_save(config, game)).encode("utf-8")


def paths_of(node: Any, prefix: Path_ = ()) -> list[Path_]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths_of(v, (*prefix, i))
    return out


def get(doc: Any, path: Path_) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def put(doc: Any, path: Path_, value: Any) -> None:
    get(doc, path[:-1])[path[-1]] = value


def nonsense(rng: random.Random, depth: int = 0) -> Any:
    if depth > 25 or rng.random() < 0.2:
        return rng.choice([None, True, False, 0, -1, 1.5, 10**30, -(10**300), "", "x", "🙂" * 5,
                           "\u0000", "red", "play", 107, 108, 2**63])
    if rng.random() < 0.5:
        return [nonsense(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["kind", "seat", "a", "", "cards"]): nonsense(rng, depth + 1)
            for _ in range(rng.randint(0, 3))}


# ------------------------------------------------------------ mutations ----
# text level: get the raw bytes; document level: get a fresh copy of the doc.

def bit_flips(rng: random.Random, raw: bytes) -> bytes:
    b = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def truncate(rng: random.Random, raw: bytes) -> bytes:
    return raw[: rng.randrange(len(raw))]


def empty(rng: random.Random, raw: bytes) -> bytes:
    return rng.choice([b"", b" ", b"\n\n", b"\x00" * 10, b"\xef\xbb\xbf"])


def garbage(rng: random.Random, raw: bytes) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 3000)))


def text_garbage(rng: random.Random, raw: bytes) -> bytes:
    alphabet = '{}[]":,0123456789.eE-+ truefalsnNaIfiy\\u\n'
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 500))).encode()


def splice(rng: random.Random, raw: bytes) -> bytes:
    i, j = sorted(rng.randrange(len(raw)) for _ in range(2))
    k = rng.randrange(len(raw))
    return raw[:k] + raw[i:j] + raw[k:]


def huge_digits(rng: random.Random, raw: bytes) -> bytes:
    i = raw.find(b"\"seed\": ")
    return raw[: i + 8] + b"9" * rng.choice([400, 4301, 20000]) + raw[i + 8:]


def deep_nesting(rng: random.Random, raw: bytes) -> bytes:
    n = rng.choice([1000, 100_000])
    i = raw.find(b"\"actions\": ") + 11
    return raw[:i] + b"[" * n + b"]" * n + b"," + raw[i:]


def special_numbers(rng: random.Random, raw: bytes) -> bytes:
    word = rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-0", b"0x10"])
    i = raw.find(b"\"seed\": ") + 8
    return raw[:i] + word + raw[i:].lstrip(b"0123456789")


TEXT_MUTATIONS: list[Callable[[random.Random, bytes], bytes]] = [
    bit_flips, truncate, empty, garbage, text_garbage, splice, huge_digits, deep_nesting,
    special_numbers]


def delete_key(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    candidates = [p for p in paths if p and isinstance(get(doc, p[:-1]), dict)]
    p = rng.choice(candidates)
    del get(doc, p[:-1])[p[-1]]


def wrong_type(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    put(doc, rng.choice(paths[1:]), nonsense(rng, 20))


def nested_nonsense(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    put(doc, rng.choice(paths[1:]), nonsense(rng))


def shuffle_actions(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    rng.shuffle(doc["actions"])


def edit_actions(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    acts = doc["actions"]
    i = rng.randrange(len(acts))
    op = rng.randrange(5)
    if op == 0:
        del acts[i]
    elif op == 1:
        acts.insert(i, dict(acts[i]))
    elif op == 2:
        acts[i] = dict(acts[i], seat=rng.choice([-1, 0, 1, 2, 9, 10**20]))
    elif op == 3:
        acts[i] = dict(acts[i], cards=[rng.randrange(-5, 120)], colour=rng.choice(
            ["red", "purple", None, 3]))
    else:
        j = rng.randrange(len(acts))
        acts[i], acts[j] = acts[j], acts[i]


def edit_value(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    part = rng.choice(["snapshot", "config", "summary", "snapshot"])
    leaves = [p for p in paths if p and p[0] == part
              and isinstance(get(doc, p), (int, str, bool, type(None)))]
    p = rng.choice(leaves)
    v = get(doc, p)
    if isinstance(v, bool) or v is None:
        new: Any = not v
    elif isinstance(v, int):
        new = v + rng.choice([-1, 1, 2, -100, 10**rng.randint(5, 400)])
    else:
        new = rng.choice(["", v + "x", v.upper(), "red", "play", "match_over"])
    put(doc, p, new)


def edit_config(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    cfg = doc["config"]
    op = rng.randrange(4)
    if op == 0:
        cfg["seats"].pop()
    elif op == 1:
        cfg["seats"].append({"name": "Extra", "kind": "ai", "level": "hard"})
    elif op == 2:
        key = rng.choice(list(cfg["settings"]))
        cfg["settings"][key] = nonsense(rng, 25)
    else:
        cfg["seed"] = rng.choice([cfg["seed"] + 1, -1, 10**40, 0])


def edit_format(rng: random.Random, doc: Doc, paths: list[Path_]) -> None:
    doc["format"] = rng.choice([0, 2, -1, 1.0, "1", None, [1], 10**30, True])


MUTATIONS: list[Callable[[random.Random, Doc, list[Path_]], None]] = [
    delete_key, wrong_type, nested_nonsense, shuffle_actions, edit_actions, edit_value,
    edit_value, edit_config, edit_format]


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_fuzzed_saves_load_or_raise_save_error(tmp_path: Path) -> None:
    raws = [base_save(OFFICIAL, 4, 1, 50), base_save(SHEET_HOUSE_RULES, 5, 2, 90),
            base_save(OFFICIAL.with_(scoring="elimination", target_score=50), 3, 3, 40)]
    bases = [(raw, paths_of(json.loads(raw))) for raw in raws]
    good = raws[0]
    rng = random.Random(20240601)
    folder = tmp_path / "fuzz"
    folder.mkdir()
    target = folder / "save.json"
    outcomes: Counter[str] = Counter()
    for case in range(CASES):
        raw, paths = rng.choice(bases)
        if rng.random() < 0.35:
            mutation = rng.choice(TEXT_MUTATIONS)
            data = mutation(rng, raw)
        else:
            mutation = rng.choice(MUTATIONS)  # type: ignore[assignment]
            doc = json.loads(raw)
            mutation(rng, doc, paths)  # type: ignore[call-arg,arg-type]
            if rng.random() < 0.5:
                doc["checksum"] = saves.compute_checksum(doc)
            data = json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()
        target.write_bytes(data)
        recover = case % 10 == 0
        if recover:
            backup_path(target).write_bytes(good)
        before = listing(folder)
        try:
            if recover:
                loaded, messages = load_with_recovery(target)
                assert loaded is not None, "the good backup must be used"
                loaded.game.check_invariants()
                after = listing(folder)
                assert after[backup_path(target).name] == good
                added = set(after) - set(before)
                if target.name in after:  # loaded as is (or left alone: newer format)
                    assert after == before
                else:
                    assert len(added) == 1 and after[added.pop()] == data and messages
                    assert set(before) - set(after) == {target.name}
                for p in folder.iterdir():
                    p.unlink()
                outcomes["recovered"] += 1
                continue
            loaded = load_match(target)
            loaded.game.check_invariants()
            outcomes["ok"] += 1
        except SaveError as exc:
            assert exc.reason in saves.REASONS
            outcomes[exc.reason] += 1
        except Exception as exc:  # noqa: BLE001 - the point of the test
            pytest.fail(f"case {case}: {mutation.__name__} let {exc!r} escape")
        assert listing(folder) == before, f"case {case}: the loader changed the folder"
    print(dict(outcomes))
    for reason in ("ok", "empty", "truncated", "invalid_json", "bad_checksum", "unknown_format",
                   "newer_format", "bad_replay", "bad_data", "recovered"):
        assert outcomes[reason] > 0, (reason, outcomes)
