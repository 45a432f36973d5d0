"""Spoken announcements: number words, the phrase for each moment in each language, the queue
that keeps the screen from waiting, espeak-ng's audio, and the screens that speak."""

from __future__ import annotations

import shutil
import struct
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import i18n
from companion.errors import UserError
from companion.jutaku.clock import Cue
from companion.metro.endgame import EndGameResult, PlayerResult
from companion.metro.steps import Departed, Moved, Paid, Removed
from companion.metro.trains import Prompt
from companion.metro.vehicles import VehicleId
from companion.ui.screen import Action
from companion.voice import phrases
from companion.voice.numbers import number_words
from companion.voice.speaker import (
    EspeakBackend,
    SimulatedVoiceBackend,
    Voice,
    VoiceConfig,
    VoiceUnavailable,
    fix_wav_sizes,
)
from tests.screen_fakes import FakeApp, mini_rules

NUMBERS = {
    0: ("cero", "zéro", "zero"),
    1: ("uno", "un", "one"),
    21: ("veintiuno", "vingt et un", "twenty-one"),
    71: ("setenta y uno", "soixante et onze", "seventy-one"),
    80: ("ochenta", "quatre-vingts", "eighty"),
    91: ("noventa y uno", "quatre-vingt-onze", "ninety-one"),
    100: ("cien", "cent", "one hundred"),
    200: ("doscientos", "deux cents", "two hundred"),
    500: ("quinientos", "cinq cents", "five hundred"),
    1000: ("mil", "mille", "one thousand"),
    2900: ("dos mil novecientos", "deux mille neuf cents", "two thousand nine hundred"),
    21000: ("veintiún mil", "vingt et un mille", "twenty-one thousand"),
    80000: ("ochenta mil", "quatre-vingt mille", "eighty thousand"),
    200000: ("doscientos mil", "deux cent mille", "two hundred thousand"),
    1000000: ("un millón", "un million", "one million"),
    2000000: ("dos millones", "deux millions", "two million"),
}


@pytest.mark.parametrize("n", sorted(NUMBERS))
def test_numbers_read_as_words_in_each_language(n):
    assert tuple(number_words(n, lang) for lang in ("es", "fr", "en")) == NUMBERS[n]


@given(st.integers(0, 10**9 - 1), st.integers(0, 10**9 - 1), st.sampled_from(["es", "fr", "en"]))
def test_number_words_are_plain_words_and_two_numbers_never_sound_alike(a, b, lang):
    words = number_words(a, lang)
    assert words and all(ch.isalpha() or ch in " -" for ch in words)
    assert words == words.strip() and "  " not in words
    if a != b:
        assert words != number_words(b, lang)


def test_spanish_shortens_one_before_a_noun_and_bad_input_is_refused():
    assert number_words(1, "es", before_noun=True) == "un"
    assert number_words(21, "es", before_noun=True) == "veintiún"
    assert number_words(-300, "fr") == "moins trois cents"
    with pytest.raises(ValueError):
        number_words(10**9, "en")
    with pytest.raises(ValueError):
        number_words(5, "de")


@pytest.fixture
def speak_in():
    def use(lang: str) -> None:
        i18n.set_language(lang)

    yield use
    i18n.set_language("en")


BOARD = mini_rules().board
G = VehicleId("G", 1)
PAID = Paid(G, "G3", "ginza", "red", 200, 200)
SHAREHOLDER = Paid(G, "G3", "ginza", "blue", 0, 500)
RESULT = EndGameResult(
    lines=(),
    players=(
        PlayerResult("blue", 0, 0, 1200, 0, 0, 0, cash=4000, total=5200),
        PlayerResult("red", 0, 0, 900, 0, 0, 0, cash=3000, total=3900),
    ),
    ranking=("blue", "red"),
)
PHRASES = {
    "es": (
        "Línea G: Rojo gana doscientos yenes",
        "Línea G: estación de Azul, la línea sube quinientos yenes",
        "Tren G sale con seis paradas",
        "El tren G sale del tablero",
        "Verde: ¿subes a la línea G?",
        "Azul gana con cinco mil doscientos yenes",
        "¡Alto! Azul",
        "Planta dos: ¡ya!",
        "diez segundos",
        "tres",
        "¡Tiempo!",
        "Azul: edificio válido",
    ),
    "fr": (
        "Ligne G : Rouge gagne deux cents yens",
        "Ligne G : station de Bleu, la ligne monte de cinq cents yens",
        "Le train G part avec six arrêts",
        "Le train G quitte le plateau",
        "Vert : monter dans la ligne G ?",
        "Bleu gagne avec cinq mille deux cents yens",
        "Stop ! Bleu",
        "Étage deux : partez !",
        "dix secondes",
        "trois",
        "Temps !",
        "Bleu : bâtiment valide",
    ),
    "en": (
        "Line G: Red gets two hundred yen",
        "Line G: Blue's station, the line gains five hundred yen",
        "Train G leaves with six stops",
        "Train G leaves the map",
        "Green: board line G?",
        "Blue wins with five thousand two hundred yen",
        "Stop! Blue",
        "Floor two: go!",
        "ten seconds",
        "three",
        "Time!",
        "Blue: good building",
    ),
}


@pytest.mark.parametrize("lang", sorted(PHRASES))
def test_the_phrase_for_each_moment_in_each_language(lang, speak_in):
    speak_in(lang)
    said = (
        phrases.step_phrase(PAID, BOARD),
        phrases.step_phrase(SHAREHOLDER, BOARD),
        phrases.step_phrase(Departed(G, "G1", 6), BOARD),
        phrases.step_phrase(Removed(G, "G1", 2), BOARD),
        phrases.prompt_phrase(Prompt("board", "green", G, "G1"), BOARD),
        phrases.winner_phrase(RESULT),
        phrases.cue_phrase(Cue("stop", 1.0), i18n._("Blue")),
        phrases.cue_phrase(Cue("start", 1.0), floor=2),
        phrases.cue_phrase(Cue("beep", 1.0, 10)),
        phrases.cue_phrase(Cue("beep", 1.0, 3)),
        phrases.cue_phrase(Cue("buzzer", 1.0, 0)),
        phrases.verdict_phrase(i18n._("Blue"), True),
    )
    assert said == PHRASES[lang]


def test_moves_are_shown_not_said_and_a_drink_bonus_is_in_the_sum(speak_in):
    speak_in("es")
    assert phrases.step_phrase(Moved(G, "G1", "G2", 1, 1, False), BOARD) is None
    drink = Paid(G, "G3", "ginza", "red", 200, 200, drinks_gain=100, drink="blue")
    assert phrases.step_phrase(drink, BOARD) == "Línea G: Rojo gana trescientos yenes"
    names = {"red": "Ana"}.get
    assert phrases.step_phrase(PAID, BOARD, lambda c: names(c) or c) == (
        "Línea G: Ana gana doscientos yenes"
    )


# --- the speaker ------------------------------------------------------------------------------


def on(backend=None, **kwargs) -> tuple[Voice, SimulatedVoiceBackend]:
    backend = backend or SimulatedVoiceBackend()
    voice = Voice(backend=backend, **kwargs)
    voice.set_enabled(True)
    return voice, backend


def test_phrases_are_said_in_order_in_the_language_of_the_moment(speak_in):
    voice, backend = on()
    voice.say("Red gets two hundred yen")
    speak_in("fr")
    voice.say("Stop ! Bleu")
    assert voice.wait()
    assert backend.spoken == [("en", "Red gets two hundred yen"), ("fr", "Stop ! Bleu")]
    voice.close()


def test_off_says_nothing_and_never_looks_for_a_backend():
    backend = SimulatedVoiceBackend(fail="espeak-ng is not installed")
    voice = Voice(backend=backend)
    voice.say("anything")
    assert voice.wait() and backend.spoken == [] and voice.take_notice() is None


def test_a_missing_espeak_is_silent_with_one_message():
    voice, backend = on(SimulatedVoiceBackend(fail="espeak-ng is not installed"))
    voice.say("Line G")
    assert voice.wait() and backend.spoken == []
    assert voice.take_notice() == "espeak-ng is missing: no voice"
    assert voice.take_notice() is None
    missing = Voice(backend=EspeakBackend(command="no-such-espeak"))
    missing.set_enabled(True)
    assert not missing.speaking and missing.take_notice()


class Gated(SimulatedVoiceBackend):
    """Holds each phrase until the test opens the gate: a slow voice."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.started = threading.Event()

    def render(self, text: str, language: str, rate: int) -> bytes:
        self.started.set()
        self.gate.wait(5.0)
        return super().render(text, language, rate)


def test_say_never_waits_for_the_voice_and_stale_phrases_are_dropped():
    backend = Gated()
    voice, _ = on(backend)
    voice.say("first")
    assert backend.started.wait(2.0)
    for i in range(20):  # the screen goes on while "first" is still being said
        voice.say(f"step {i}")
    voice.say("Stop! Blue", interrupt=True)
    backend.gate.set()
    assert voice.wait()
    assert [text for _lang, text in backend.spoken] == ["first", "Stop! Blue"]
    voice.close()


def test_the_wav_goes_to_the_output_and_a_failing_one_is_only_logged():
    played: list[bytes] = []

    class Wav(SimulatedVoiceBackend):
        def render(self, text: str, language: str, rate: int) -> bytes:
            if text == "bad":
                raise VoiceUnavailable("broken")
            return b"RIFF" + text.encode()

    voice, _ = on(Wav(), output=lambda wav: played.append(wav) or 0.0)
    voice.say("bad")
    voice.say("ok")
    assert voice.wait()
    assert played == [b"RIFFok"] and voice.failures == 1
    voice.close()


def test_the_config_table_is_checked():
    assert VoiceConfig.from_toml_table({"enabled": True, "rate": 170}) == VoiceConfig(True, "", 170)
    for bad in ({"enabled": "yes"}, {"rate": 20}, {"speed": 1}, {"backend": 3}):
        with pytest.raises(UserError):
            VoiceConfig.from_toml_table(bad, "config.toml")


def test_espeak_stream_header_gets_its_real_sizes():
    header = b"RIFF" + struct.pack("<I", 0x7FFFF024) + b"WAVEfmt " + struct.pack("<I", 16)
    header += bytes(16) + b"data" + struct.pack("<I", 0x7FFFF000)
    fixed = fix_wav_sizes(header + bytes(100))
    assert struct.unpack_from("<I", fixed, 4)[0] == len(fixed) - 8
    assert struct.unpack_from("<I", fixed, 40)[0] == 100
    with pytest.raises(VoiceUnavailable):
        fix_wav_sizes(b"not a wav")


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("lang", ["es", "fr", "en"])
def test_espeak_ng_makes_audio_in_each_language(lang, tmp_path):
    import wave

    backend = EspeakBackend()
    backend.open()
    wav = backend.render(PHRASES[lang][0], lang, 150)
    path = tmp_path / "phrase.wav"
    path.write_bytes(wav)
    with wave.open(str(path)) as w:
        seconds = w.getnframes() / w.getframerate()
    assert 0.8 < seconds < 10


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_mixer_plays_an_espeak_phrase(tmp_path, monkeypatch):
    """Through pygame's mixer on SDL's disk driver: the phrase really reaches the output."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(tmp_path / "out.raw"))
    import pygame

    from companion.devices.sound import Sound

    pygame.mixer.quit()
    sound = Sound(backend="pygame")
    try:
        backend = EspeakBackend()
        backend.open()
        seconds = sound.play_wav(backend.render("tres", "es", 150))
        assert 0.1 < seconds < 3
    finally:
        sound.close()
        pygame.mixer.quit()


# --- screens that speak -----------------------------------------------------------------------


def speaking(app: FakeApp) -> SimulatedVoiceBackend:
    voice, backend = on()
    app.services.voice = voice
    return backend


def said(backend: SimulatedVoiceBackend, voice: Voice) -> list[str]:
    assert voice.wait()
    return [text for _lang, text in backend.spoken]


def test_the_train_phase_says_departures_payouts_and_questions():
    from tests.test_metro_screens import _train_game, home, play_train_phase

    app = home(_train_game())
    backend = speaking(app)
    app.press("right", "right", "ok")
    play_train_phase(app)
    words = said(backend, app.services.voice)
    assert "Green: board line G?" in words
    assert "Line G: Blue gets two hundred yen" in words
    assert any(w.startswith("Train G leaves with") for w in words)


def test_jutaku_says_alto_with_the_callers_name_and_the_verdict(tmp_path):
    from companion.jutaku.players import default_seats
    from companion.ui.jutaku.screens import JutakuScreen
    from tests.fakes import make_services
    from tests.test_jutaku_screens import FakeApp as JutakuApp

    services = make_services(tmp_path)
    app = JutakuApp(services)
    voice, backend = on()
    services.voice = voice
    app.push(JutakuScreen(app, default_seats(3)))
    app.action(Action.OK)
    app.run(1.0)
    app.button(1)
    app.run(0.5)
    app.action(Action.OK)
    words = said(backend, voice)
    assert words[:1] == ["Build!"]
    assert "Stop! Tadao Ando" in words and "Tadao Ando: good building" in words
    services.close()


def test_turning_announcements_on_in_settings_says_once_when_espeak_is_missing(tmp_path):
    from companion.ui.settings import SettingsScreen

    app = FakeApp(None)
    voice = Voice(backend=SimulatedVoiceBackend(fail="espeak-ng is not installed"))
    app.services.voice = voice
    screen = SettingsScreen(app)
    app.push(screen)
    row = next(i for i, o in enumerate(screen.items) if o.label() == "Spoken announcements")
    app.press(*["down"] * row)
    app.press("right")
    assert app.services.settings.voice is True and voice.enabled
    assert app.toasts == ["espeak-ng is missing: no voice"]
    app.press("right", "right")
    assert len(app.toasts) == 1


def test_the_installer_and_ci_install_espeak_ng(tmp_path):
    from tests.test_install import PI4, ROOT, commands, dry_run

    done = dry_run(tmp_path, "bookworm", PI4)
    assert done.returncode == 0, done.stderr
    apt = next(c for c in commands(done.stdout) if "apt-get install" in c)
    assert "espeak-ng" in apt.split()
    assert "[espeak-ng]=espeak-ng" in (ROOT / ".ci" / "run").read_text()


def test_companion_check_says_whether_the_voice_speaks(tmp_path, monkeypatch):
    from companion.cli.check import Checker

    config = tmp_path / "config.toml"
    config.write_text('[voice]\nenabled = true\nbackend = "simulated"\n', "utf-8")
    checker = Checker(config, timeout=5.0)
    checker.check_config()
    assert checker.check_voice().startswith("SimulatedVoiceBackend")
    checker.config = checker.config.__class__()
    assert Checker.one("voice", checker.check_voice).status == "n/a"


def test_the_demo_says_its_phrases_headless(tmp_path, capsys):
    from companion.cli import main as cli

    args = ["demo", "--headless", "--voice", "--rounds", "1", "--no-camera"]
    assert cli([*args, "--data-dir", str(tmp_path), "--language", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Dit à voix haute" in out and "Ligne G" in out  # the terminal speaks French too


def test_the_config_turns_the_voice_on_until_a_player_changes_the_setting(tmp_path):
    from companion.app.boot import Options, build_app, shutdown
    from companion.config import Config, InputConfig

    config = Config(input=InputConfig(gpio="off"), voice={"enabled": True, "backend": "simulated"})
    options = Options(headless=True, realtime=False, data_dir=tmp_path, resume=False)
    app = build_app(config, options)
    try:
        assert app.services.voice.enabled and app.services.settings.voice
        app.services.settings.set("voice", False)
    finally:
        shutdown(app)
    app = build_app(config, options)
    try:
        assert not app.services.voice.enabled
    finally:
        shutdown(app)
