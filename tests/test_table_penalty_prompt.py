"""#39: facing a Draw Two the prompt said "Stack, deflect or take the cards"
though deflecting (H5) was off: it names only the answers the rules allow."""

from __future__ import annotations

import pytest
from rigging import Faces, rig
from table_helpers import config, make_app, pump

from game.controller import MatchController
from game.rules.settings import OFFICIAL
from game.rules.state import PenaltyKind, PendingPenalty
from game.rules.view import Phase
from game.session import Session
from game.table.scene import TableScene

PROMPTS = {
    # (stack_rule, deflect): what the prompt says after "Your turn — "
    "en": {("same_kind", False): "Stack or take the cards",
           ("off", True): "Deflect or take the cards",
           ("plus2_to_plus4", True): "Stack, deflect or take the cards"},
    "zh": {("same_kind", False): "叠加或摸牌",
           ("off", True): "转嫁或摸牌",
           ("plus2_to_plus4", True): "叠加、转嫁或摸牌"},
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("rules", [("same_kind", False), ("off", True), ("plus2_to_plus4", True)])
def test_H1_H5_the_penalty_prompt_names_only_the_answers_allowed(
        lang: str, rules: tuple[str, bool]) -> None:
    stack, deflect = rules
    settings = OFFICIAL.with_(stack_rule=stack, deflect=deflect)
    c = Faces()
    # Ann faces +2 on a Red Draw Two, holding a Draw Two and a Red Skip (either may answer)
    game = rig(settings, hands=[c.ids("G+2 RS B5"), c.ids("B1 B2 B3"), c.ids("Y1 Y2 Y3")],
               top=c("R+2"), phase=Phase.PENALTY,
               penalty=PendingPenalty(amount=2, kind=PenaltyKind.PLUS2))
    app = make_app((1280, 800), lang, "off")
    cfg = config(3, 1, 3, settings=settings)
    table = TableScene(app, Session(MatchController(cfg, game, persist=False), fresh=False))
    app.scenes.push(table)
    pump(app, 2, 0.05)  # type: ignore[arg-type]
    assert table.ctl.view(0).phase is Phase.PENALTY
    prompt = table.frame().prompt
    assert prompt.endswith(PROMPTS[lang][rules]), prompt
