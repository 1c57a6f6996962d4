"""Sound effects and music. Silently does nothing when there is no audio device."""

from __future__ import annotations

import logging
from typing import BinaryIO

import pygame

from game import resources
from game.exhaustive import assert_never
from game.rules.events import EventKind

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = ("play", "draw", "shuffle", "uno", "win", "click", "error",
                                 "fanfare", "round_over")
"""``win``/``fanfare``: a round/match a person at the table won; ``round_over``: the calm
end of one someone else won (the scoreboard picks, #39)."""
MUSIC_FILE = "sounds/music.wav"


def event_sound(kind: EventKind) -> str | None:
    """The sound effect (one of :data:`SOUND_NAMES`) the table plays for an event
    of ``kind``; None for a silent one."""
    match kind:
        case EventKind.PLAY:
            return "play"
        case EventKind.DRAW:
            return "draw"
        case EventKind.DEAL | EventKind.SHUFFLE | EventKind.RESHUFFLE | EventKind.SHUFFLE_HANDS:
            return "shuffle"
        case EventKind.UNO | EventKind.CAUGHT:
            return "uno"
        case (EventKind.ROUND_END | EventKind.MATCH_END  # the scoreboard's: it knows who won
              | EventKind.ROUND_START | EventKind.DEALER_DRAW | EventKind.DEALER
              | EventKind.START_CARD | EventKind.START_CARD_RETURN | EventKind.JUMP_IN
              | EventKind.COLOUR | EventKind.DIRECTION | EventKind.SKIP | EventKind.PENALTY
              | EventKind.DEFLECT | EventKind.CHALLENGE | EventKind.FALSE_UNO | EventKind.PASS
              | EventKind.WRONG_PLAY | EventKind.SWAP | EventKind.ROTATE | EventKind.TURN
              | EventKind.OUT):
            return None
        case _:
            assert_never(kind)


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))


class Audio:
    """Owns the mixer. ``play("uno")`` etc.; every method is safe when silent."""

    def __init__(self, sfx_volume: float = 0.8, music_volume: float = 0.5, enabled: bool = True):
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._sfx = _clamp(sfx_volume)
        self._music = _clamp(music_volume)
        self._music_data: BinaryIO | None = None
        self._music_on = False
        self._available = enabled and self._init_mixer()
        if self._available:
            self._load()

    # ------------------------------------------------------------ setup

    @staticmethod
    def _init_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            return bool(pygame.mixer.get_init())
        except (pygame.error, OSError, NotImplementedError) as exc:
            log.info("audio disabled: %s", exc)
            return False

    def _load(self) -> None:
        for name in SOUND_NAMES:
            try:
                sound = pygame.mixer.Sound(file=resources.open_binary(f"sounds/{name}.wav"))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                log.warning("cannot load sound %s: %s", name, exc)
                continue
            sound.set_volume(self._sfx)
            self._sounds[name] = sound

    # ------------------------------------------------------------ public

    @property
    def available(self) -> bool:
        return self._available

    @property
    def sfx_volume(self) -> float:
        return self._sfx

    @property
    def music_volume(self) -> float:
        return self._music

    @property
    def music_playing(self) -> bool:
        return self._music_on

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of SOUND_NAMES); unknown names and silence are no-ops."""
        if not self._available or self._sfx <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            pass

    def set_volumes(self, sfx: float, music: float) -> None:
        """Both in 0..1."""
        self._sfx, self._music = _clamp(sfx), _clamp(music)
        if not self._available:
            return
        for sound in self._sounds.values():
            sound.set_volume(self._sfx)
        try:
            pygame.mixer.music.set_volume(self._music)
        except pygame.error:
            pass

    def start_music(self, fade_ms: int = 1500) -> None:
        """Loop the background music forever (no-op if silent or already playing)."""
        if not self._available or self._music_on:
            return
        try:
            # pygame reads the file object lazily: keep it alive while playing.
            self._music_data = data = resources.open_binary(MUSIC_FILE)
            pygame.mixer.music.load(data, "wav")
            pygame.mixer.music.set_volume(self._music)
            pygame.mixer.music.play(loops=-1, fade_ms=fade_ms)
            self._music_on = True
        except (pygame.error, OSError, FileNotFoundError) as exc:
            log.warning("cannot play music: %s", exc)

    def stop_music(self, fade_ms: int = 500) -> None:
        if not self._available or not self._music_on:
            return
        try:
            if fade_ms > 0:
                pygame.mixer.music.fadeout(fade_ms)
            else:
                pygame.mixer.music.stop()
        except pygame.error:
            pass
        self._music_on = False

    def shutdown(self) -> None:
        """Stop everything and release the mixer."""
        if not self._available:
            return
        self.stop_music(0)
        try:
            pygame.mixer.stop()
            pygame.mixer.music.unload()
            pygame.mixer.quit()
        except pygame.error:
            pass
        self._sounds.clear()
        self._music_data = None
        self._available = False
