#!/usr/bin/env python3
"""The rolling-upgrade rehearsal: the previous release keeps serving while the new one migrates and starts
beside it, then the old processes stop; no request answers 5xx, and every write acknowledged is there once.

The previous release is the newest `v*` tag, or (before the first) the commit before the newest one that
changed a migration, so at least one migration runs during the rehearsal. It is built once in a worktree
into `.build-previous` (a full debug build the first time, about 12 minutes on two cores).

Both stacks run on one PostgreSQL cluster (each service as the administrator, for brevity), one signing key
file and one media folder, as replicas of two releases do behind a load balancer:
  1. the old stack starts (its migrations), a client load begins through its gateway: sign-ups, trips,
     budgets and expenses, stories, bucket-list items, and reads of each;
  2. the new stack starts beside it on other ports: its services apply the new migrations while the old
     ones serve; once it is ready the load goes to both gateways, as a load balancer would;
  3. the old gateway is taken out of the rotation, then every old process gets SIGTERM and stops gracefully;
  4. the load goes on against the new stack alone, then stops; every write acknowledged at any point is
     read back through the new gateway exactly once.

    scripts/rehearse-upgrade.py --bin NEW_BIN_DIR [--previous REF] [--seconds N]
"""
import argparse
import collections
import json
import os
import pathlib
import random
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

from roamstack import Cluster, Stack, leave, read_all, settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
def say(message):
    print(f"rehearse-upgrade: {message}", flush=True)


def git(*arguments):
    return subprocess.run(["git", *arguments], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def previous_release():
    tags = git("tag", "--list", "v*", "--sort=-v:refname", "--merged", "HEAD").split()
    if tags:
        return tags[0]
    return git("log", "-1", "--format=%H", "--", "Services/*/Library/Postgres/*Migrations.swift") + "^"


def build_previous(reference):
    commit = git("rev-parse", reference + "^{commit}")
    scratch = ROOT / ".build-previous"
    stamp = scratch / "roam-commit"
    tree = pathlib.Path(tempfile.gettempdir()) / "roam-previous"
    if not (stamp.exists() and stamp.read_text().strip() == commit):
        if tree.exists():
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False, capture_output=True)
            shutil.rmtree(tree, ignore_errors=True)
        git("worktree", "add", "--detach", str(tree), commit)
        say(f"building the previous release ({reference}, {commit[:9]}) into {scratch}")
        started = time.monotonic()
        subprocess.run(["swift", "build", "--scratch-path", str(scratch)], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        say(f"built in {time.monotonic() - started:.0f} s")
        stamp.write_text(commit + "\n")
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False, capture_output=True)
    bin_dir = pathlib.Path(subprocess.run(["swift", "build", "--scratch-path", str(scratch), "--show-bin-path"], cwd=ROOT, check=True,
                                          capture_output=True, text=True).stdout.strip())
    return commit, bin_dir


class Load:
    """Clients that write and read through whichever gateways are in the rotation."""

    def __init__(self, workers):
        self.gateways = []
        self.lock = threading.Lock()
        self.statuses = collections.Counter()
        self.failures = []
        self.written = collections.defaultdict(list)  # (user, kind) -> ids acknowledged
        self.users = {}
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.work, args=(index,), daemon=True) for index in range(workers)]

    def call(self, method, path, body=None, token=None, key=None):
        with self.lock:
            port = random.choice(self.gateways)
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=None if body is None else json.dumps(body).encode(), method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        if key:
            request.add_header("Idempotency-Key", key)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        except (urllib.error.URLError, ConnectionError, OSError) as error:
            status, payload = 0, str(error).encode()
        with self.lock:
            self.statuses[status] += 1
            if status >= 500 or status == 0:
                self.failures.append(f"{method} {path} via :{port}: {status} {payload[:200]!r}")
        return status, (json.loads(payload) if payload and 200 <= status < 300 else None)

    def work(self, index):
        name = f"up{int(time.time()) % 100000}w{index}"
        status, body = self.call("POST", "/v1/auth/signup", {"email": f"{name}@example.com", "username": name,
                                                           "password": f"upgrade password {index}", "displayName": name})
        if status != 201:
            return
        token = body["tokens"]["accessToken"]
        self.users[name] = (token, body["account"]["userId"])
        round_number = 0
        while not self.stopping.is_set():
            round_number += 1
            key = f"{name}-{round_number}"
            status, trip = self.call("POST", "/v1/trips", {"title": f"Trip {round_number}", "destination": {"name": "Porto"},
                                                           "startDate": "2031-06-10", "endDate": "2031-06-12", "timeZone": "Europe/Lisbon",
                                                           "homeCurrency": "EUR"}, token, key=f"trip-{key}")
            if status != 201:
                continue
            self.acknowledge(name, "trips", trip["id"])
            if self.call("PUT", f"/v1/trips/{trip['id']}/budget", {"total": "900.00"}, token)[0] == 200:
                status, expense = self.call("POST", f"/v1/trips/{trip['id']}/expenses", {"amount": "12.50", "currency": "EUR",
                                            "spentAt": "2031-06-11T12:00:00.25+01:00", "category": "food"}, token, key=f"expense-{key}")
                if status == 201:
                    self.acknowledge(name, f"expenses:{trip['id']}", expense["id"])
            status, story = self.call("POST", "/v1/stories", {"text": f"Upgrade {round_number}", "place": {"latitude": 41.14, "longitude": -8.61,
                                      "name": "Ribeira"}}, token, key=f"story-{key}")
            if status == 201:
                self.acknowledge(name, "stories", story["postId"])
            self.call("GET", "/v1/trips", token=token)
            self.call("GET", f"/v1/trips/{trip['id']}/expenses", token=token)

    def acknowledge(self, user, kind, identifier):
        with self.lock:
            self.written[(user, kind)].append(identifier)

    def route(self, ports):
        with self.lock:
            self.gateways = list(ports)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, type=pathlib.Path, help="the new release's executables")
    parser.add_argument("--previous", help="the previous release (a tag or commit); default: see above")
    parser.add_argument("--seconds", type=int, default=15, help="load in each phase")
    parser.add_argument("--keep", action="store_true")
    arguments = parser.parse_args()
    reference = arguments.previous or previous_release()
    commit, old_bin = build_previous(reference)
    root = pathlib.Path(tempfile.mkdtemp(prefix="roam-upgrade-"))
    root.chmod(0o755)
    (root / "logs").mkdir()
    cluster = Cluster(root / "pg", 54404)
    shared = settings(root, cluster)
    old, new = Stack("old", old_bin, shared, root / "logs"), Stack("new", arguments.bin.resolve(), shared, root / "logs", second=True)
    load = Load(workers=4)
    try:
        cluster.start()
        say(f"the previous release ({reference}, {commit[:9]}) ready in {old.start():.1f} s")
        load.route([old.gateway_port])
        for thread in load.threads:
            thread.start()
        time.sleep(arguments.seconds)
        before = sum(load.statuses.values())
        say(f"{before} requests to the old stack; starting the new one beside it")
        pending = subprocess.run([str(arguments.bin / "roam"), "migrations"], env=dict(os.environ, DATABASE_URL=cluster.url),
                                 capture_output=True, text=True).stdout
        say("pending before the new release starts:\n" + "\n".join(line for line in pending.splitlines() if "pending" in line and ": 0 applied" not in line))
        say(f"the new release ready in {new.start():.1f} s (its migrations ran while the old one served)")
        load.route([old.gateway_port, new.gateway_port])
        time.sleep(arguments.seconds)
        load.route([new.gateway_port])
        time.sleep(1)  # what the old gateway was answering finishes
        started = time.monotonic()
        old.stop()
        say(f"the old stack stopped in {time.monotonic() - started:.1f} s; load on the new one alone")
        time.sleep(arguments.seconds)
        load.stopping.set()
        for thread in load.threads:
            thread.join(timeout=60)
        say(f"requests by status: {dict(sorted(load.statuses.items()))}")
        if load.failures:
            raise SystemExit(f"{len(load.failures)} requests failed; first: {load.failures[:5]}")
        if len(load.users) < len(load.threads):
            raise SystemExit("not every client could sign up")

        checked = 0
        for user, (token, user_id) in load.users.items():
            trips = [trip["id"] for trip in read_all(new.gateway_port, "/v1/trips", token, "trips")]
            acknowledged = load.written[(user, "trips")]
            if sorted(trips) != sorted(acknowledged):
                raise SystemExit(f"{user}'s trips differ from those acknowledged: {len(trips)} read, {len(acknowledged)} acknowledged")
            for trip in trips:
                expenses = [e["id"] for e in read_all(new.gateway_port, f"/v1/trips/{trip}/expenses", token, "expenses")]
                if sorted(expenses) != sorted(load.written[(user, f"expenses:{trip}")]):
                    raise SystemExit(f"{user}'s expenses on {trip} differ from those acknowledged")
                checked += 1 + len(expenses)
            stories = [post["postId"] for post in read_all(new.gateway_port, f"/v1/stories/nearby?lat=41.14&lng=-8.61&radius=1000&author={user_id}", token, "posts")]
            if sorted(stories) != sorted(load.written[(user, "stories")]):
                raise SystemExit(f"{user}'s stories differ from those acknowledged: {len(stories)} read, {len(load.written[(user, 'stories')])} acknowledged")
            checked += len(stories)
        remaining = subprocess.run([str(arguments.bin / "roam"), "migrations"], env=dict(os.environ, DATABASE_URL=cluster.url),
                                   capture_output=True, text=True).stdout
        if "pending)" in remaining:
            raise SystemExit(f"migrations still pending:\n{remaining}")
        say(f"no 5xx; every one of {checked} acknowledged writes is there once; no migration pending")
    finally:
        load.stopping.set()
        new.stop()
        old.stop()
        cluster.stop()
        leave(root, arguments.keep, say)


if __name__ == "__main__":
    main()
