"""Generated sounds exist and Audio never crashes, with or without a device."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import io  # noqa: E402
import wave  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import resources  # noqa: E402
from game.ui.audio import MUSIC_FILE, SOUND_NAMES, Audio  # noqa: E402


def _wav(rel: str) -> tuple[int, int, int, float]:
    with wave.open(io.BytesIO(resources.read_bytes(rel))) as w:
        return (
            w.getnchannels(),
            w.getsampwidth(),
            w.getframerate(),
            w.getnframes() / w.getframerate(),
        )


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_files_are_short_wavs(name: str) -> None:
    channels, width, rate, seconds = _wav(f"sounds/{name}.wav")
    assert (channels, width) == (1, 2)
    assert rate >= 11025
    assert 0.01 < seconds <= 2.0


def test_music_loop_is_a_wav() -> None:
    channels, width, rate, seconds = _wav(MUSIC_FILE)
    assert (channels, width) == (1, 2)
    assert 8.0 <= seconds <= 40.0


def test_all_sounds_are_small() -> None:
    names = [f"sounds/{n}.wav" for n in SOUND_NAMES] + [MUSIC_FILE]
    total = sum(len(resources.read_bytes(n)) for n in names)
    assert total < 660 * 1024  # (600 KB until the fanfare and the calm close came, #39)


def test_sounds_are_not_silent() -> None:
    for name in SOUND_NAMES:
        with wave.open(io.BytesIO(resources.read_bytes(f"sounds/{name}.wav"))) as w:
            frames = w.readframes(w.getnframes())
        assert max(frames[1::2]) > 8  # some high bytes are non-zero


@pytest.fixture()
def no_mixer() -> Iterator[None]:
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_audio_with_dummy_device(no_mixer: None) -> None:
    audio = Audio(sfx_volume=0.5, music_volume=0.5)
    if not audio.available:
        pytest.skip("no dummy audio driver in this SDL build")
    for name in SOUND_NAMES:
        audio.play(name)
    audio.play("no-such-sound")
    audio.set_volumes(2.0, -1.0)
    assert (audio.sfx_volume, audio.music_volume) == (1.0, 0.0)
    audio.start_music(fade_ms=0)
    assert audio.music_playing
    audio.stop_music()
    assert not audio.music_playing
    audio.shutdown()
    assert not audio.available
    audio.play("uno")  # still safe after shutdown


def test_audio_without_device_is_silent_noop(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("must not touch the mixer when unavailable")

    monkeypatch.setattr(pygame.mixer, "Sound", boom)
    monkeypatch.setattr(pygame.mixer.music, "play", boom)
    audio = Audio()
    assert not audio.available
    audio.play("play")
    audio.set_volumes(0.2, 0.3)
    assert (audio.sfx_volume, audio.music_volume) == (0.2, 0.3)
    audio.start_music()
    assert not audio.music_playing
    audio.stop_music()
    audio.shutdown()


def test_audio_disabled_flag(no_mixer: None) -> None:
    audio = Audio(enabled=False)
    assert not audio.available
    audio.play("click")
    assert not pygame.mixer.get_init()
