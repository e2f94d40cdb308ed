"""``omaha-fast view`` as a real process, for the viewer's tests and the docs' screenshots:
started in a process group of its own, its address read from its first line, stopped by Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Optional


class ViewServer:
    """``python -m omaha_fast view FILE --no-browser ARGS`` running; ``url`` once it
    listens. Standard output and error are read by threads as they come."""

    def __init__(self, path: str, *args: str, timeout: float = 60) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "omaha_fast", "view", path, "--no-browser", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [threading.Thread(target=self._read, args=(s, into), daemon=True)
                         for s, into in ((self.process.stdout, self.out),
                                         (self.process.stderr, self.err))]
        for reader in self._readers:
            reader.start()
        self.url = self._wait_for_url(timeout)

    @staticmethod
    def _read(stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line)

    def _wait_for_url(self, timeout: float) -> Optional[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.out:
                for word in line.split():
                    if word.startswith("http://"):
                        return word.split("#")[0]
            if self.process.poll() is not None:
                return None
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"no address printed within {timeout} s: {self.err}")

    def interrupt(self, timeout: float = 20) -> tuple[int, str, str]:
        """Ctrl-C (SIGINT to the process group, as a terminal sends it); the exit status,
        standard output and error once it ends."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        return self.finish(timeout)

    def finish(self, timeout: float = 20) -> tuple[int, str, str]:
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the server did not stop within {timeout} s") from None
        for reader in self._readers:
            reader.join(5)
        return self.process.returncode, "".join(self.out), "".join(self.err)

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def __enter__(self) -> ViewServer:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.interrupt()


def browser_missing() -> str:
    """Why a headless Chromium cannot be driven here, or '' when it can: Selenium, the
    browser and its driver (Debian: apt-get install chromium chromium-driver)."""
    import importlib.util
    import shutil
    if importlib.util.find_spec("selenium") is None:
        return "Selenium is not installed (pip install selenium)"
    if not chromium_binary():
        return "no Chromium (apt-get install chromium)"
    if not shutil.which("chromedriver"):
        return "no chromedriver (apt-get install chromium-driver)"
    return ""


def chromium_binary() -> str:
    import shutil
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return ""


def chromium(width: int = 1400, height: int = 1000) -> Any:
    """A headless Chromium driven by Selenium through the system's chromedriver."""
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars",
                "--force-device-scale-factor=1"):
        options.add_argument(arg)
    service = Service(shutil.which("chromedriver"))
    return webdriver.Chrome(service=service, options=options)
