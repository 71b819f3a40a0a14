"""Browser tests' fixtures: a real uvicorn serving the app on a free loopback port, and Debian's Chromium driven
by Playwright (sync API, one browser per module). Without Playwright or Chromium the tests skip and say why;
under CI=true they fail instead, so a green CI cannot hide a missing install step."""

import importlib
import inspect
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("DINOTABLE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
# Each running test server's app by its address, so a test can reach the server (its clock: app.state.server.now).
APPS: dict = {}
# The app factories looked for, in order; DINOTABLE_WEB_APP="module:function" names another one.
FACTORIES = ("dinotable.server.app:create_app", "dinotable.server:create_app")


def missing(reason: str):
    """Skips with the reason, or fails with it under CI=true."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run under CI=true: {reason}")
    pytest.skip(reason)


def find_factory():
    names = [os.environ["DINOTABLE_WEB_APP"]] if os.environ.get("DINOTABLE_WEB_APP") else list(FACTORIES)
    problems = []
    for name in names:
        module_name, _, attr = name.partition(":")
        try:
            return getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as error:
            problems.append(f"{name}: {error}")
    missing("no web app factory found (" + "; ".join(problems) + ")")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    """The app on a real uvicorn in a thread, with its own SQLite database."""
    try:
        import uvicorn
    except ImportError:
        missing("uvicorn is not installed")
    factory = find_factory()
    database = f"sqlite:///{tmp_path_factory.mktemp('web')}/web.db"
    previous = os.environ.get("DINOTABLE_DATABASE_URL")
    os.environ["DINOTABLE_DATABASE_URL"] = database
    params = inspect.signature(factory).parameters
    kwargs = {}
    for name in ("database_url", "database", "url"):
        if name in params:
            kwargs[name] = database
            break
    if "limits" in params:  # the tests' pages all come from one address, faster and more than a person's
        from dinotable.server.limits import Limits

        kwargs["limits"] = Limits(
            tables_per_minute=10_000, chat_per_minute=10_000, sockets=10_000, watched_tables=10_000
        )
    app = factory(**kwargs)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:  # readiness, not a timed assertion
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.02)
    url = f"http://127.0.0.1:{port}"
    APPS[url] = app
    yield url
    APPS.pop(url, None)
    server.should_exit = True
    thread.join(timeout=10)
    if previous is None:
        os.environ.pop("DINOTABLE_DATABASE_URL", None)
    else:
        os.environ["DINOTABLE_DATABASE_URL"] = previous


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed (pip install 'playwright<2')")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        missing(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page_errors():
    """Collects the pages' script errors; a test asserts there were none."""
    return []


def watch(page, errors: list) -> None:
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(60_000)
