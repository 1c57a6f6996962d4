"""The screens by name: the one place that knows every scene class.

Scenes never import one another: they ask their services to open a screen
by name with data (``services.open("rules", settings=...)``), the way
Tuxemon pushes its states by name. Only the App (and tests) import this
module, so the scenes stay below it with no way back up.

=============  =====================================================  ==========================
name           scene                                                  data
=============  =====================================================  ==========================
menu           the main menu                                          -
new_game       seats and rules of a new match                         -
settings       the player's settings                                  -
rules          the rules, a match's own marked                        settings (RuleSettings)
about          version, credits, licences                             -
stats          statistics                                             store
saves          saved matches; "Save here" with a running match        controller, mode
replay         a recorded match, step by step                         path
pause          the pause menu over the table                          settings, on_quit, party
join_codes     a party match's QR codes, links and room code          host (PartyHost)
dialog         a message or a question                                title, message, buttons...
curtain        hot-seat: pass the screen                              name, on_ready, on_menu
scoreboard     round or match end                                     scores, on_next, on_again
party_join     the phones join a party match                          session
online_join    the online seats' codes (also over the table)          session, overlay
join_online    a guest types a host's code and joins its match        code
table          the match                                              session
=============  =====================================================  ==========================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.cli import SCENES
from game.scenes.about_scene import AboutScene
from game.scenes.curtain import CurtainScene
from game.scenes.dialog import DialogScene
from game.scenes.join_codes import JoinCodesScene
from game.scenes.menu import MenuScene
from game.scenes.new_game import NewGameScene
from game.scenes.online_guest import OnlineGuestScene
from game.scenes.online_join import OnlineJoinScene
from game.scenes.party_join import PartyJoinScene
from game.scenes.pause import PauseScene
from game.scenes.replay import ReplayScene
from game.scenes.rules_scene import RulesScene
from game.scenes.saves_scene import SavesScene
from game.scenes.scoreboard import ScoreboardScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats import StatsScene
from game.table.scene import TableScene

if TYPE_CHECKING:
    from game.scenes.base import Scene
    from game.scenes.services import Services

SCREENS: dict[str, type[Scene]] = {
    "menu": MenuScene,
    "new_game": NewGameScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "about": AboutScene,
    "stats": StatsScene,
    "saves": SavesScene,
    "replay": ReplayScene,
    "pause": PauseScene,
    "join_codes": JoinCodesScene,
    "dialog": DialogScene,
    "curtain": CurtainScene,
    "scoreboard": ScoreboardScene,
    "party_join": PartyJoinScene,
    "online_join": OnlineJoinScene,
    "join_online": OnlineGuestScene,
    "table": TableScene,
}

WITHOUT_DATA = SCENES
"""Screens that open with no data: what ``--scene`` may name (game.cli.SCENES)."""


def make(name: str, services: Services, /, **data: Any) -> Scene:
    """A new scene of the screen ``name`` (KeyError for a name not registered)."""
    return SCREENS[name](services, **data)
