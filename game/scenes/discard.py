"""Starting a new match discards the one that could be continued: ask first."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import t
from game.paths import autosave_path
from game.storage.atomic import backup_path

if TYPE_CHECKING:
    from game.scenes.services import Services

log = logging.getLogger(__name__)


def has_autosave() -> bool:
    """Whether there is a match to continue (the autosave or its backup)."""
    try:
        path = autosave_path()
        return path.is_file() or backup_path(path).is_file()
    except OSError as exc:  # no data folder to look in: nothing to continue
        log.info("continue unavailable: %s", exc)
        return False


def ask_before_discarding(app: Services, start: Callable[[], None]) -> None:
    """Run ``start`` (it begins a new match, which replaces the autosave) at
    once when no match can be continued; else only once the player chose
    Discard. Cancel, the default, keeps the match."""
    if not has_autosave():
        start()
        return
    app.open("dialog", title=t("menu.discard_title"), message=t("menu.discard_text"),
             buttons=[(t("dialog.cancel"), None), (t("menu.discard"), start)],
             cancel_index=0, default_index=0)
