"""Every message id the code can ask for is in both catalogues, and every id in
them is one the code asks for (issues 36 and 37).

Ids written out in the code (``t("tbl.draw")``, ``Reason("hint.catch")``,
``("T1", "refusal.t1_no_match")``) are found by a scan of its string
literals. Ids built at run time (``t(f"settings.anim.{k}")``) are listed here
family by family, from the very values the code builds them from, so a new
value without its words fails here and not in front of a player.
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
if __name__ == "__main__":  # run as a script (--write, below): this checkout's game
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import i18n  # noqa: E402
from game.ai.registry import level_names  # noqa: E402
from game.rules.cards import Colour  # noqa: E402
from game.rules.events import EventKind  # noqa: E402
from game.rules.settings import CHOICES, PRESETS, RULE_ID  # noqa: E402
from game.rules.view import Phase  # noqa: E402
from game.scenes.new_game import PRESET_NAMES  # noqa: E402
from game.scenes.strings_menus import STORAGE_REASONS, YOU_FORMS  # noqa: E402
from game.scenes.write_notices import KINDS  # noqa: E402
from game.storage.atomic import WRITE_REASONS  # noqa: E402
from game.storage.saves import REASONS as SAVE_REASONS  # noqa: E402
from game.storage.stats import NOTICES  # noqa: E402
from game.storage.user_settings import ANIM_SPEEDS, CARD_SIZES, HAND_ORDERS  # noqa: E402
from game.table.director import _BUBBLES  # noqa: E402
from game.tutorial.script import STEPS  # noqa: E402
from game.ui import controls_text  # noqa: E402
from game.ui.event_text import _WHY  # noqa: E402
from game.ui.rules_text import RULES, SECTIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
MARKERS = GAME / "msgids.py"  # the extractor's lists of the ids below (written by --write)
ID = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")
FILE_NAMES = (".json",)  # "settings.json" looks like an id and is a file


def _trees() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(GAME.rglob("*.py"))
            if p != MARKERS]  # lists ids for the extractor, asks for none


def literal_ids() -> set[str]:
    """Every string literal in game/**/*.py shaped like an id of the catalogue
    (its first part one the catalogue uses)."""
    prefixes = {k.split(".")[0] for k in i18n.keys("en")}
    return {n.value for _p, tree in _trees() for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and ID.fullmatch(n.value) and n.value.split(".")[0] in prefixes
            and not n.value.endswith(FILE_NAMES)}


def _said_ids() -> set[str]:
    """The log's ``say(key)`` ids: ``say`` adds ``.you`` when the seat is the
    player called "You" (game/ui/event_text.py)."""
    tree = ast.parse((GAME / "ui" / "event_text.py").read_text(encoding="utf-8"))
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "say":
            out |= {c.value for c in ast.walk(n.args[0])
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    and ID.fullmatch(c.value)}  # (not the "log." of an f-string)
    assert len(out) > 15, out
    return out


def _conflicts() -> set[str]:
    """``conflict.<rules>`` of the conflicts a player can set up on the New game
    screen (game/rules/settings.py writes their rule IDs out; a settings file's
    own errors, ``("settings",)`` or a field's rule, read in English)."""
    tree = ast.parse((GAME / "rules" / "settings.py").read_text(encoding="utf-8"))
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "SettingsConflict" \
                and isinstance(n.args[0], ast.Tuple) \
                and all(isinstance(e, ast.Constant) for e in n.args[0].elts):
            rules = [e.value for e in n.args[0].elts]  # type: ignore[attr-defined]
            if rules != ["settings"]:
                out.add("conflict." + "+".join(rules))
    assert len(out) >= 7, out
    return out


def runtime_ids() -> dict[str, set[str]]:
    """Ids the code builds at run time, by family (where the code builds them)."""
    log_kinds = {EventKind.START_CARD, EventKind.START_CARD_RETURN, EventKind.UNO,
                 EventKind.FALSE_UNO}  # event_text: tl(f"log.{ev.kind}")
    said_kinds = {EventKind.CAUGHT, EventKind.SWAP, EventKind.OUT, EventKind.ROUND_END,
                  EventKind.MATCH_END}  # event_text: say(f"log.{ev.kind}")
    said = _said_ids() | {f"log.{k.value}" for k in said_kinds}
    return {
        "rule.field/help (new_game, rules_text)":
            {f"rule.{part}.{name}" for name in RULE_ID for part in ("field", "help")},
        "rule.choice (new_game, rules_text)":
            {f"rule.choice.{name}.{c}" for name, cs in CHOICES.items() for c in cs},
        "preset (new_game, rules_scene)":
            {f"preset.{p}" for p in (*PRESET_NAMES, *PRESETS, "custom")},
        "rule.text/example/section (rules_scene)":
            {f"rule.{part}.{r.id}" for r in RULES for part in ("text", "example")}
            | {f"rule.section.{s}" for s in SECTIONS},
        "save.reason (saves_scene, strings_menus)":
            {f"save.reason.{r}" for r in SAVE_REASONS},
        "settings (settings_scene)":
            {f"settings.anim.{k}" for k in ANIM_SPEEDS} | {f"settings.card.{k}" for k in CARD_SIZES}
            | {f"settings.hand_order.{k}" for k in HAND_ORDERS},
        "stats (stats)": {f"stats.notice.{k}" for k in NOTICES}
            | {f"stats.col.{k}" for k in ("level", "matches", "won", "rate", "rounds", "points")},
        "storage (strings_menus)": {f"storage.{k}" for k in STORAGE_REASONS},
        "write.failed (write_notices)": {f"write.failed.{k}" for k in KINDS},
        "tbl.save_failed (table scene)": {f"tbl.save_failed.{k}" for k in WRITE_REASONS},
        "bubble (director)": {f"bubble.{k.value}" for k in _BUBBLES},
        "tbl.phase (frame)": {f"tbl.phase.{p.value}" for p in Phase
                              if p not in (Phase.ROUND_OVER, Phase.MATCH_OVER)},
        "colour (event_text, frame)": {f"colour.{c.value}" for c in Colour},
        "log (event_text)": {f"log.why.{w}" for w in _WHY}
            | {f"log.{k.value}" for k in log_kinds} | said | {f"{k}.you" for k in said},
        "level (strings_menus, stats)": {f"level.{lv}" for lv in level_names()},
        "score .you (strings_menus.said_of)": {f"{k}.you" for k in YOU_FORMS},
        "controls (rules_scene)": set(controls_text.ids()),
        "tutorial steps (tutorial.script.Step)":
            {key for s in STEPS for key in (s.line, s.wanted, s.done)},
    }


# Families the code asks for only when the catalogue has them (``has_key``, or
# a fallback in words): an id may be missing, but one that is there is used.
OPTIONAL = {
    "tbl.badge (frame: a short badge)": {f"tbl.badge.{lv}" for lv in level_names()},
    "conflict (strings_menus)": _conflicts(),
}


def test_every_id_written_in_the_code_is_in_both_catalogues() -> None:
    ids = literal_ids()
    assert {"hint.catch", "refusal.t1_no_match", "tbl.draw"} <= ids
    for lang in i18n.LANGUAGES:
        assert ids - i18n.keys(lang) == set(), lang


def test_every_id_built_at_run_time_is_in_both_catalogues() -> None:
    for family, ids in runtime_ids().items():
        assert ids, family
        for lang in i18n.LANGUAGES:
            assert ids - i18n.keys(lang) == set(), (lang, family)


def test_every_id_in_the_catalogues_is_one_the_code_asks_for() -> None:
    """A message the code never asks for is dead weight for translators (and the
    extractor would call it obsolete): give it a use or delete it from both .po files."""
    asked = literal_ids().union(*runtime_ids().values(), *OPTIONAL.values())
    for lang in i18n.LANGUAGES:
        assert i18n.keys(lang) - asked == set(), lang


# ---------------------------------------------------------------- the extractor
# docs/TRANSLATING.md's own commands keep every message (issue 37): ids the
# extractor cannot see where the code uses them are listed in game/msgids.py,
# family by family, as ``N_("...")`` (``Np_`` for an id with plural forms).

WRITTEN = "written outside t() (a bot's Reason, a refusal, a menu's table)"
TRANSLATING = ROOT / "docs" / "TRANSLATING.md"


def documented_commands() -> list[list[str]]:
    """The ``pybabel`` command lines of docs/TRANSLATING.md, as written there."""
    import shlex

    lines = [ln.strip() for ln in TRANSLATING.read_text(encoding="utf-8").splitlines()
             if ln.startswith("    pybabel ")]
    assert [ln.split()[1] for ln in lines] == ["extract", "update"], lines
    return [shlex.split(ln) for ln in lines]


def _extracted_outside_markers() -> set[str]:
    """Ids the documented extract command finds in the code (game/msgids.py left out)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_keywords, parse_mapping_cfg

    extract = documented_commands()[0]
    keywords = parse_keywords([extract[i + 1] for i, a in enumerate(extract) if a == "-k"])
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = set()
    for name, _line, msg, _comments, _ctx in extract_from_dir(
            str(GAME), method_map, options_map, keywords=keywords):
        if Path(name).as_posix() != MARKERS.name:
            found.add(msg[0] if isinstance(msg, tuple) else msg)
    return found


def marker_families() -> dict[str, set[str]]:
    """What game/msgids.py must list: every run-time family, and the ids written in the
    code where the extractor does not look (``Reason("hint.catch")``)."""
    have = i18n.keys("en")  # an optional id the catalogue lacks stays out of it
    families = {**runtime_ids(), **{name: ids & have for name, ids in OPTIONAL.items()}}
    built = set().union(*families.values())
    return {**families, WRITTEN: literal_ids() - _extracted_outside_markers() - built}


def listed_markers() -> dict[str, dict[str, str]]:
    """game/msgids.py as written: family -> {id: its marker (``N_`` or ``Np_``)}."""
    tree = ast.parse(MARKERS.read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                assert isinstance(key, ast.Constant) and isinstance(value, ast.Tuple)
                out[str(key.value)] = {c.args[0].value: c.func.id  # type: ignore[attr-defined]
                                  for c in value.elts if isinstance(c, ast.Call)}
    return out


def _plural_ids() -> set[str]:
    from babel.messages.pofile import read_po

    with open(ROOT / "assets" / "locale" / "en" / "LC_MESSAGES" / "uno.po", "rb") as f:
        return {m.id[0] for m in read_po(f) if isinstance(m.id, tuple)}


def render_markers() -> str:
    """The text of game/msgids.py (``python tests/test_catalogue_ids.py --write``)."""
    plural = _plural_ids()
    head = MARKERS.read_text(encoding="utf-8").split("FAMILIES:")[0] if MARKERS.exists() else ""
    lines = [head.rstrip() + "\n\n", "FAMILIES: dict[str, tuple[str, ...]] = {"]
    for family, ids in marker_families().items():
        lines.append(f"    {json.dumps(family)}: (")
        lines += [f"        {'Np_' if i in plural else 'N_'}({json.dumps(i)})," for i in sorted(ids)]
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def test_the_extractor_lists_equal_the_families_the_code_builds() -> None:
    """game/msgids.py lists each family exactly (a new value, a removed one, a new
    family: ``python tests/test_catalogue_ids.py --write`` rewrites it)."""
    listed, wanted = listed_markers(), marker_families()
    assert set(listed) == set(wanted), "families differ: run tests/test_catalogue_ids.py --write"
    for family, ids in wanted.items():
        assert set(listed[family]) == ids, (family, "run tests/test_catalogue_ids.py --write")
    plural = _plural_ids()
    for family, marks in listed.items():
        wrong = {i for i, mark in marks.items() if (mark == "Np_") != (i in plural)}
        assert not wrong, (family, "Np_ marks exactly the ids with plural forms", wrong)


def test_the_documented_extract_and_update_keep_every_message(tmp_path: Path) -> None:
    """docs/TRANSLATING.md's two commands, run as written on a copy: nothing goes
    obsolete, no translation is lost or made fuzzy, in every language."""
    import shutil
    import subprocess

    from babel.messages.pofile import read_po

    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        found = shutil.which("pybabel")
        assert found, "pybabel (Babel, in the test and dev extras) is not installed"
        pybabel = Path(found)
    shutil.copytree(GAME, tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "assets" / "locale", tmp_path / "assets" / "locale")
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    for cmd in documented_commands():
        done = subprocess.run([str(pybabel), *cmd[1:]], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, (cmd, done.stderr[-2000:])

    def read(path: Path) -> dict[str, tuple[object, bool]]:
        with open(path, "rb") as f:
            cat = read_po(f)
        kept: dict[str, tuple[object, bool]] = {
            str(m.id[0] if isinstance(m.id, tuple) else m.id): (m.string, m.fuzzy)
            for m in cat if m.id}
        assert not cat.obsolete, (path, sorted(cat.obsolete)[:20])
        return kept

    for lang in i18n.LANGUAGES:
        rel = Path("assets", "locale", lang, "LC_MESSAGES", "uno.po")
        text = (tmp_path / rel).read_text(encoding="utf-8")
        assert "#~" not in text, (lang, text.count("#~ msgid"))
        before, after = read(ROOT / rel), read(tmp_path / rel)
        assert set(after) == set(before), lang
        changed = {k for k in before if after[k] != (before[k][0], False)}
        assert not changed, (lang, sorted(changed)[:20])
        assert i18n.parse_po(text)  # and the game's own reader still reads it


if __name__ == "__main__":  # python tests/test_catalogue_ids.py --write
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_catalogue_ids.py --write  (rewrites game/msgids.py)")
    MARKERS.write_text(render_markers(), encoding="utf-8")
    print(f"wrote {MARKERS.relative_to(ROOT)}: "
          f"{sum(len(v) for v in marker_families().values())} ids")
