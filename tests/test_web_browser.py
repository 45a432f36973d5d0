"""The phone page in a real headless browser (Debian's chromium and chromedriver, which
`.ci/run` installs): it shows the screen's numbers after scripted entries, follows each new
entry live, and comes back by itself after the server restarts."""

from __future__ import annotations

import shutil
import tempfile

import pytest

from companion import i18n
from companion.metro.events import Invest
from companion.money import yen as box_yen
from tests.web_fixtures import base_url, phone_view

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)
WAIT = 20.0
"""Seconds before a test gives up waiting for the page (no timing is judged here: the
benchmark `benchmarks/web_phones.py` measures how soon pages update)."""


@pytest.fixture
def browser():
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.TemporaryDirectory(prefix="companion-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile.name}",
        "--window-size=412,915",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


def yen(amount: int) -> str:
    """As the box's screen shows it in Spanish."""
    return box_yen(amount, i18n.translations("es").gettext)


def on_the_screen(session) -> list[str]:
    """Every line of text the box's own income-track screen draws for `session`, in Spanish."""
    from companion.ui.kit import textlog
    from companion.ui.metro import MetroHome
    from tests.screen_fakes import FakeApp

    before = i18n.language()
    i18n.set_language("es")
    try:
        app = FakeApp(session, (800, 480))
        app.push(MetroHome(app))
        recorder = textlog.TextRecorder()
        with textlog.recording(recorder):
            app.draw()
        return [placed.text for placed in recorder.placed]
    finally:
        i18n.set_language(before)


def shows(driver, test_id: str, text: str) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def seen(d) -> bool:
        found = d.find_elements(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')
        return bool(found) and found[0].text == text

    # The page redraws its rows on every update: an element found a moment ago can be gone.
    wait = WebDriverWait(
        driver, WAIT, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    )
    page = driver.find_element(By.TAG_NAME, "body").text[:300]
    wait.until(seen, f"{test_id} != {text!r}; the page says: {page}")


def test_the_page_follows_the_game_and_recovers_after_a_restart(tmp_path, browser):
    with phone_view(tmp_path, language="es") as (link, session):
        session.record(Invest("red", "G", 300))
        browser.get(base_url(link) + "/")
        state = session.state
        shows(browser, "cash-red", yen(state.players[0].cash))
        shows(browser, "value-G", yen(state.lines["G"].value))
        shows(browser, "status", "En directo")
        screen = on_the_screen(session)
        assert yen(state.players[0].cash) in screen and yen(state.lines["G"].value) in screen

        session.record(Invest("blue", "M", 300))
        shows(browser, "cash-blue", yen(session.state.players[1].cash))

        port = link.port
        link.close()
        shows(browser, "status", "Reconectando…")
        link.config = link.config.__class__(enabled=True, host="127.0.0.1", port=port)
        session.record(Invest("yellow", "H", 300))
        link.start()
        assert link.running, link.error
        shows(browser, "cash-yellow", yen(session.state.players[2].cash))
        shows(browser, "status", "En directo")


def test_the_history_page_draws_the_chart_and_offers_the_downloads(tmp_path, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from companion.metro.events import EndGame

    with phone_view(tmp_path) as (link, session):
        session.record(EndGame())
        browser.get(base_url(link) + "/#history")
        WebDriverWait(browser, WAIT).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "[data-game]")
        )
        browser.find_element(By.CSS_SELECTOR, "[data-game]").click()
        WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "polyline"))
        assert (
            browser.find_element(By.ID, "json")
            .get_attribute("href")
            .endswith(f"/games/{session.game_id}.json")
        )
        assert browser.find_element(By.ID, "csv").get_attribute("href").endswith("/games.csv")
