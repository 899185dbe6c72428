#!/usr/bin/env python3
"""The moderators' console and the API reference in a real browser (Debian's Chromium, driven by
Selenium), against a running stack (`roam up`): a moderator signs in, opens the oldest case with the
keyboard, takes the story down and suspends its author, whose token is then refused within a second;
an admin reads it in the audit log; a plain account cannot open the console and learns nothing of it;
a form without its CSRF token is refused; `/docs` lists every operation of /openapi.json.

    python3 scripts/console-browser-test.py [--gateway http://localhost:8080] [--roam PATH] [--screenshots DIR]

`--roam` is the `roam` executable (grants the roles; ROAM_ENVIRONMENT=development is set for it).
Exits 1 with the failed step. Needs `chromium`, `chromium-driver` (Debian) and `selenium` (PyPI)."""
import argparse
import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery"


def fail(message):
    print(f"console-browser-test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


class Gateway:
    def __init__(self, base):
        self.base = base.rstrip("/")

    def send(self, method, path, body=None, token=None, headers=None, form=None):
        data, all_headers = None, dict(headers or {})
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        if form is not None:
            data = form.encode()
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=all_headers)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=10) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, method, path, body=None, token=None, expect=(200, 201)):
        status, _, data = self.send(method, path, body, token)
        check(status in expect, f"{method} {path} answered {status}: {data[:300]!r}")
        return json.loads(data) if data else None

    def sign_up(self, name):
        self.json("POST", "/v1/auth/signup",
                  {"email": f"{name}@example.com", "username": name, "password": PASSWORD, "displayName": name.title()})
        return self.log_in(name)

    def log_in(self, name):
        return self.json("POST", "/v1/auth/login", {"identifier": name, "password": PASSWORD})["tokens"]["accessToken"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def sign_in(driver, gateway, name, password=PASSWORD):
    driver.delete_all_cookies()
    driver.get(gateway.base + "/console")
    check(driver.current_url.endswith("/console/sign-in"), f"a stranger at /console is sent to sign in, not to {driver.current_url}")
    driver.find_element(By.NAME, "identifier").send_keys(name)
    page = driver.find_element(By.TAG_NAME, "body")
    driver.find_element(By.NAME, "password").send_keys(password + Keys.ENTER)
    # The sign-in page is replaced by the form's answer (the console, or sign-in again with an error):
    # wait for that, or the old page's heading is read while it goes (a stale element).
    WebDriverWait(driver, 10).until(expected_conditions.staleness_of(page))
    WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.find_element(By.TAG_NAME, "h1").text != "")


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def shot(driver, folder, name):
    if folder:
        driver.save_screenshot(os.path.join(folder, f"{name}.png"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gateway", default="http://localhost:8080")
    parser.add_argument("--roam", default=".build/debug/roam")
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    gateway = Gateway(arguments.gateway)
    suffix = f"{random.randrange(10**6):06d}"
    moderator, admin, author, reporter, plain = (f"{role}{suffix}" for role in ("mod", "adm", "author", "reporter", "plain"))

    # The people: roles come only from the operator's command.
    tokens = {name: gateway.sign_up(name) for name in (moderator, admin, author, reporter, plain)}
    environment = dict(os.environ, ROAM_ENVIRONMENT="development", ROAM_OPERATOR="browser-test")
    for name, role in ((moderator, "moderator"), (admin, "admin")):
        subprocess.run([arguments.roam, "users", "grant", name, role], check=True, env=environment, stdout=subprocess.DEVNULL)
    author_id = gateway.json("GET", "/v1/me", token=tokens[author])["userId"]
    story = gateway.json("POST", "/v1/stories", {
        "text": f"Buy followers now {suffix} <b>cheap</b>", "place": {"latitude": 59.3251, "longitude": 18.0711, "name": "Gamla stan"}},
        token=tokens[author])["postId"]
    gateway.json("POST", "/v1/reports", {"subject": {"kind": "post", "id": story}, "reason": "spam", "text": "selling followers"},
                 token=tokens[reporter])

    event = gateway.json("POST", "/v1/events", {
        "name": f"Picnic {suffix}", "center": {"latitude": 59.3326, "longitude": 18.0649}, "radiusMeters": 150, "capacity": 20,
        "durationSeconds": 7200}, token=tokens[reporter])["eventId"]
    # An erased account, for the admin's erasure receipts.
    erased = f"gone{suffix}"
    erased_token = gateway.sign_up(erased)
    erased_id = gateway.json("GET", "/v1/me", token=erased_token)["userId"]
    gateway.json("DELETE", "/v1/me", {"password": PASSWORD}, token=erased_token, expect=(200, 202, 204))

    driver = browser()
    try:
        # A plain account: refused with the words a wrong password gets, and nothing of the console shown.
        sign_in(driver, gateway, plain, "not the password")
        wrong_password = driver.find_element(By.CSS_SELECTOR, ".error").text
        sign_in(driver, gateway, plain)
        check(driver.current_url.endswith("/console/sign-in"), "a plain account stays on the sign-in page")
        check(driver.find_element(By.CSS_SELECTOR, ".error").text == wrong_password,
              "a plain account is told what a wrong password is told")
        check(not driver.find_elements(By.TAG_NAME, "nav"), "a plain account sees no console navigation")
        for path in ("/console/users", "/console/audit", "/console/cases/00000000-0000-0000-0000-000000000000", "/console/nothing"):
            status, headers, body = gateway.send("GET", path, token=tokens[plain])
            check(status == 303 and headers["Location"] == "/console/sign-in", f"a plain user's {path} answers {status}, not the sign-in page")
        print("a plain account cannot open the console and is told nothing more than a wrong password is")

        # The moderator, through the keyboard: j to the oldest open case, Enter to open it.
        sign_in(driver, gateway, moderator)
        check(heading(driver) == "Reports", f"the moderator lands on the reports queue, not {heading(driver)!r}")
        shot(driver, arguments.screenshots, "console-queue")
        while True:
            driver.get(gateway.base + "/console?status=open")
            times = [row.find_elements(By.TAG_NAME, "td")[0].text for row in driver.find_elements(By.CSS_SELECTOR, "tr[data-row]")]
            check(times, "the queue lists the open case")
            check(times == sorted(times), f"the queue is oldest first: {times}")
            driver.find_element(By.TAG_NAME, "body").send_keys("j")
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            WebDriverWait(driver, 10).until(expected_conditions.url_contains("/console/cases/"))
            if story in driver.page_source:
                break
            # A case left by an earlier run against the same data (the contract fuzzing files reports too):
            # dismissed, and on to the next once the resolve has answered, so the queue is not asked for
            # while the form's navigation is still under way.
            driver.find_element(By.CSS_SELECTOR, "input[value=dismiss]").click()
            page = driver.find_element(By.TAG_NAME, "body")
            driver.find_element(By.CSS_SELECTOR, "form[action$='/resolve'] button").click()
            WebDriverWait(driver, 10).until(expected_conditions.staleness_of(page))
        check("selling followers" in driver.page_source, "the case shows the report's text")
        check(f"Buy followers now {suffix} &lt;b&gt;cheap&lt;/b&gt;" in driver.page_source, "the case shows the story as reported, as text")
        check(not driver.find_elements(By.CSS_SELECTOR, "dd b"), "the story's markup is shown, never made")
        shot(driver, arguments.screenshots, "console-case")
        driver.find_element(By.CSS_SELECTOR, "input[value=take_down_and_suspend]").click()
        driver.find_element(By.NAME, "note").send_keys("Selling followers")
        driver.find_element(By.CSS_SELECTOR, "select[name=for] option[value='7d']").click()
        driver.find_element(By.CSS_SELECTOR, "form[action$='/resolve'] button").click()
        WebDriverWait(driver, 10).until(lambda d: "The case is resolved." in d.page_source)
        resolved_at = time.monotonic()
        while True:
            status, _, _ = gateway.send("GET", "/v1/me", token=tokens[author])
            refused_after = time.monotonic() - resolved_at
            if status == 401:
                break
            check(refused_after < 1, "the author's token is still accepted a second after the suspension")
            time.sleep(0.02)
        print(f"the story is down and its author suspended; the author's token was refused {refused_after:.3f} s later")
        check(gateway.send("GET", f"/v1/posts/{story}", token=tokens[reporter])[0] == 404, "the story answers 404 to the reporter")
        status, _, body = gateway.send("POST", "/v1/auth/login", {"identifier": author, "password": PASSWORD})
        check(status == 403 and b"ACCOUNT_SUSPENDED" in body, f"the author's log-in answers 403 ACCOUNT_SUSPENDED, not {status}")

        driver.get(gateway.base + f"/console/users/{author_id}")
        check("Lift the suspension" in driver.page_source and "Selling followers" in driver.page_source,
              "the author's page shows the suspension and its reason")
        shot(driver, arguments.screenshots, "console-user")

        # The live events, and one with its reports and bans.
        driver.find_element(By.TAG_NAME, "body").send_keys("e")
        WebDriverWait(driver, 10).until(expected_conditions.url_contains("/console/events"))
        driver.find_element(By.LINK_TEXT, f"Picnic {suffix}").click()
        WebDriverWait(driver, 10).until(expected_conditions.url_contains(f"/console/events/{event}"))
        check(heading(driver) == f"Picnic {suffix}" and "Reports of members" in driver.page_source, "the event's page shows its reports")
        print("the moderator sees the live events and one's reports and bans")

        # A form without its CSRF token (or with another session's) is refused, and changes nothing.
        session = {cookie["name"]: cookie["value"] for cookie in driver.get_cookies()}
        cookie_header = "; ".join(f"{name}={value}" for name, value in session.items())
        for form in ("", "csrf=forged"):
            status, _, body = gateway.send("POST", f"/console/users/{author_id}/unsuspend", form=form, headers={"Cookie": cookie_header})
            check(status == 403, f"a form posted with {form or 'no'} CSRF token answers {status}, not 403")
        status, _, _ = gateway.send("POST", "/console/sign-in", form=f"identifier={moderator}&password=x")
        check(status == 403, f"a sign-in form without its CSRF token answers {status}, not 403")
        driver.get(gateway.base + f"/console/users/{author_id}")
        check("Lift the suspension" in driver.page_source, "the refused form lifted nothing")
        print("forms without their CSRF token are refused")

        # The audit log is the admins': a moderator is refused it, and nothing links to it.
        check(not driver.find_elements(By.CSS_SELECTOR, "nav a[href='/console/audit']"), "a moderator's console has no audit link")
        driver.get(gateway.base + "/console/audit")
        check(heading(driver) == "Not allowed", f"a moderator opening the audit log sees {heading(driver)!r}")

        sign_in(driver, gateway, admin)
        driver.find_element(By.TAG_NAME, "body").send_keys("a")
        WebDriverWait(driver, 10).until(expected_conditions.url_contains("/console/audit"))
        rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "tr[data-row]")]
        check(any("take_down" in row and story in row for row in rows), "the audit log has the story's takedown")
        check(any("suspend" in row and author_id in row and f"user:" in row for row in rows), "the audit log has the suspension, and who did it")
        shot(driver, arguments.screenshots, "console-audit")
        driver.get(gateway.base + "/console/health")
        check("revocations" in driver.page_source and "moderation" in driver.page_source, "the health page lists every part")
        print("an admin reads both actions in the audit log")
        driver.find_element(By.TAG_NAME, "body").send_keys("r")
        WebDriverWait(driver, 10).until(expected_conditions.url_contains("/console/erasures"))
        deadline = time.monotonic() + 20
        while erased_id not in driver.page_source:
            check(time.monotonic() < deadline, "the erased account is not among the erasure receipts")
            time.sleep(0.5)
            driver.get(gateway.base + f"/console/erasures?topic=user_deleted&subject={erased_id}")
        shot(driver, arguments.screenshots, "console-erasures")
        print("an admin reads the erasure receipts of a deleted account")

        # Every page kept to its own CSP: the browser reported no violation.
        violations = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
        check(not violations, f"the console broke its CSP: {violations}")

        # The API reference lists every operation of the contract.
        contract = gateway.json("GET", "/openapi.json")
        operations = sum(1 for item in contract["paths"].values() for method in item
                         if method in ("get", "put", "post", "delete", "patch", "head", "options"))
        ids = {f"operations-{operation['tags'][0]}-{operation['operationId']}" for item in contract["paths"].values()
               for method, operation in item.items() if method in ("get", "put", "post", "delete", "patch", "head", "options")}
        driver.get(gateway.base + "/docs")
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock"))
        shot(driver, arguments.screenshots, "docs")
        # Swagger UI draws only what is on screen: the page is read a screen at a time, top to bottom.
        seen, position = set(), 0
        while True:
            seen |= {element.get_attribute("id") for element in driver.find_elements(By.CSS_SELECTOR, ".opblock")}
            height = driver.execute_script("return document.body.scrollHeight")
            if position >= height:
                break
            position += 600
            driver.execute_script(f"window.scrollTo(0, {position})")
            time.sleep(0.1)
        check(not ids - seen, f"/docs does not show {sorted(ids - seen)[:10]}")
        check(len(ids) == operations, f"every operation has one tag and a unique id ({len(ids)} of {operations})")
        violations = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
        check(not violations, f"/docs broke its CSP: {violations}")
        print(f"/docs lists all {operations} operations")
    finally:
        driver.quit()
    print("console-browser-test: passed")


if __name__ == "__main__":
    main()
