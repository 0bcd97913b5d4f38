"""Shared harness of the browser tests: Debian's headless Chromium driven by Selenium against
the `kanora serve` that scripts/test-browser started (its address and users in the environment)."""
import json
import os
import re
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ.get("KANORA_URL", "http://127.0.0.1:4544")
SCREENSHOTS = os.environ.get("KANORA_SCREENSHOTS", ".build/screenshots")
WAIT_SECONDS = float(os.environ.get("KANORA_BROWSER_WAIT", "15"))


def new_driver(width=1280, height=860):
    """A headless Chromium that may autoplay and records every request (the performance log)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--autoplay-policy=no-user-gesture-required", f"--window-size={width},{height}",
                 "--lang=en-US", "--accept-lang=en-US,en"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


class BrowserTestCase(unittest.TestCase):
    """One browser for the class; requested URLs are collected across its tests."""

    driver = None
    requested = []

    @classmethod
    def setUpClass(cls):
        cls.driver = new_driver()
        cls.requested = []

    @classmethod
    def tearDownClass(cls):
        cls.collect_urls()
        cls.driver.quit()

    @classmethod
    def collect_urls(cls):
        for entry in cls.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                cls.requested.append(message["params"]["request"]["url"])

    def tearDown(self):
        self.collect_urls()

    # Finding and waiting

    def wait(self, condition, message="", seconds=WAIT_SECONDS):
        """Waits for `condition(driver)` to be truthy (Selenium's WebDriverWait, never a sleep)."""
        return WebDriverWait(self.driver, seconds, ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)

    def find(self, css, within=None):
        return (within or self.driver).find_element(By.CSS_SELECTOR, css)

    def find_all(self, css, within=None):
        return (within or self.driver).find_elements(By.CSS_SELECTOR, css)

    def shown(self, css, message=""):
        """Waits for an element matching `css` to be displayed, and answers it."""
        def visible(driver):
            for element in driver.find_elements(By.CSS_SELECTOR, css):
                if element.is_displayed():
                    return element
            return None
        return self.wait(visible, message or f"{css} never showed")

    def tid(self, name):
        return f'[data-testid="{name}"]'

    def go(self, route, ready_css):
        """Opens a client route (#/albums) and waits for what shows it rendered."""
        self.driver.get(f"{URL}/#/{route}")
        return self.shown(ready_css, f"#/{route} never showed {ready_css}")

    def screenshot(self, name):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))

    def audio(self, expression):
        return self.driver.execute_script(f"const a = document.querySelector('[data-testid=player-audio]'); return {expression};")

    # Signing in and out

    def sign_in(self, user, password):
        self.driver.get(f"{URL}/")
        self.shown(self.tid("login-user")).send_keys(user)
        self.find(self.tid("login-password")).send_keys(password)
        self.find(self.tid("login-submit")).click()
        self.shown(self.tid("signout"), f"{user} was not signed in")

    def sign_out(self):
        self.find(self.tid("signout")).click()
        self.shown(self.tid("login-user"), "signing out did not show sign-in")

    def navigation(self):
        """The screens the navigation offers (the data-screen of its links)."""
        return [a.get_attribute("data-screen") for a in self.find_all("nav.side a")]


def text_of(element):
    return re.sub(r"\s+", " ", element.text).strip()
