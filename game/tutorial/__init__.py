"""The interactive tutorial (#39): a short guided match on a prepared deal.

:mod:`.script` is the data (the deal, the opponents' scripted moves, the
steps with what each waits for and its words as catalogue ids); :mod:`.guide`
follows a match through the steps and says what is wanted; the progress is
kept by :mod:`game.storage.tutorial_progress`. ``game.session.start_tutorial``
builds the match; the table asks the guide before acting and shows its line.
"""
