"""Files that must never lose data: saves, settings, statistics, replays.

* :mod:`game.storage.atomic` - crash-safe writes (temp file, fsync, ``.bak``, ``os.replace``)
* :mod:`game.storage.saves` - match saves, autosave, slots, replays (``SaveError``)
* :mod:`game.storage.user_settings` - the player's preferences (``UserSettings``)
* :mod:`game.storage.stats` - per-player statistics (``StatsStore``)

Import the submodule you need; this package imports nothing itself so that
reading settings does not load the rules engine.
"""
