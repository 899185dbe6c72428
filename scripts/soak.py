#!/usr/bin/env python3
"""The soak run: what the five apps do, through the gateway, for MINUTES, with one service process killed
(SIGKILL) at random every KILL_EVERY seconds and started again after DOWN seconds.

The mix, per client: sign in; a trip with a photo, a budget and expenses, the day view; a story and likes
on others' stories; a bucket list with items, an activity and votes; a walk with points, finished; an
event joined from inside its area, with chat messages and feed posts. Every write carries an
Idempotency-Key and is retried with the same key while the gateway answers 503 (as RoamClient does), so
a write acknowledged once must exist exactly once.

It reports requests by status, p50/p99 per kind per minute, and each process's resident memory per minute,
and fails when: a request answers 5xx other than 503 (a 503 is allowed only while a process is down or
coming back); an acknowledged write is missing or doubled; or a process that was never killed grew by 10 %
or more from the end of the warm-up (the first fifth of the run) to the end.

    scripts/soak.py --bin DIR [--minutes 30] [--kill-every 180] [--down 10] [--clients 6] [--report FILE]
"""
import argparse
import collections
import json
import pathlib
import random
import statistics
import struct
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib

from roamstack import SERVICES, Cluster, Stack, leave, read_all, settings


def say(message):
    print(f"soak: {message}", flush=True)


def png(seed):
    width, height = 32, 24
    rows = b"".join(b"\0" + b"".join(bytes(((x * seed) % 256, (y * 11 + seed) % 256, 64)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class Run:
    def __init__(self, port, started):
        self.port, self.started = port, started
        self.lock = threading.Lock()
        self.statuses = collections.Counter()
        self.latencies = collections.defaultdict(list)  # (minute, kind) -> seconds
        self.failures = []
        self.refused = collections.Counter()  # (kind, 4xx status)
        self.written = collections.defaultdict(set)  # (user, kind) -> ids
        self.doubled = []
        self.disturbed_until = 0.0  # a process is down or coming back until then (monotonic)
        self.stopping = threading.Event()
        self.stories = []  # (post id) others may like

    def call(self, kind, method, path, body=None, token=None, key=None, content_type="application/json", expect=(200, 201, 202, 204)):
        """One request, retried with the same Idempotency-Key while the answer is 503."""
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        for attempt in range(60):
            request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
            if data is not None:
                request.add_header("Content-Type", content_type)
            if token:
                request.add_header("Authorization", f"Bearer {token}")
            if key:
                request.add_header("Idempotency-Key", key)
            began = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    status, payload = response.status, response.read()
            except urllib.error.HTTPError as error:
                status, payload = error.code, error.read()
            except (urllib.error.URLError, ConnectionError, OSError) as error:
                status, payload = 0, str(error).encode()
            ended = time.monotonic()
            with self.lock:
                self.statuses[status] += 1
                self.latencies[(int((ended - self.started) // 60), kind)].append(ended - began)
                if status == 503 and ended > self.disturbed_until:
                    self.failures.append(f"{kind} at {ended - self.started:.1f} s: 503 with every process up: {payload[:200]!r}")
                elif status >= 500 and status != 503 or status == 0:
                    self.failures.append(f"{kind}: {method} {path}: {status} {payload[:200]!r}")
            if status == 503 and not self.stopping.is_set():
                time.sleep(min(2.0, 0.2 * (attempt + 1)))
                continue
            if status not in expect:
                with self.lock:
                    self.refused[(kind, status)] += 1
                    if self.refused[(kind, status)] == 1:
                        say(f"{kind}: {status} {payload[:300]!r}")
                return status, None
            return status, (json.loads(payload) if payload else None)
        return 503, None

    def acknowledge(self, user, kind, identifier):
        with self.lock:
            if identifier in self.written[(user, kind)]:
                self.doubled.append((user, kind, identifier))
            self.written[(user, kind)].add(identifier)


def client(run, index, event):
    name = f"soak{int(time.time()) % 100000}c{index}"
    password = f"soak password {index}"
    status, body = run.call("signup", "POST", "/v1/auth/signup", {"email": f"{name}@example.com", "username": name, "password": password,
                                                                 "displayName": name}, key=f"signup-{name}")
    if status != 201:
        run.failures.append(f"{name} could not sign up: {status}")
        return None
    user = {"name": name, "password": password, "id": body["account"]["userId"], "token": body["tokens"]["accessToken"]}
    step = 0
    while not run.stopping.is_set():
        step += 1
        key = f"{name}-{step}"
        # An app signs in now and then (a password hash costs the server tens of milliseconds).
        if step % 5 == 1:
            _, login = run.call("sign-in", "POST", "/v1/auth/login", {"identifier": name, "password": password})
            if not login:
                continue
            user["token"] = login["tokens"]["accessToken"]
        token = user["token"]
        # The trip diary: a trip, a photo, a budget and expenses, the day view.
        _, trip = run.call("trip", "POST", "/v1/trips", {"title": f"Trip {step}", "destination": {"name": "Kyoto"}, "startDate": "2031-04-01",
                                                         "endDate": "2031-04-05", "timeZone": "Asia/Tokyo", "homeCurrency": "JPY"}, token, key=f"trip-{key}")
        if trip:
            run.acknowledge(name, "trips", trip["id"])
            _, photo = run.call("photo", "POST", "/v1/media", png(step % 200 + 1 + index * 7), token, key=f"photo-{key}", content_type="image/png")
            run.call("budget", "PUT", f"/v1/trips/{trip['id']}/budget", {"total": "90000"}, token)
            for amount in ("1200", "800"):
                _, expense = run.call("expense", "POST", f"/v1/trips/{trip['id']}/expenses", {"amount": amount, "currency": "JPY",
                                      "spentAt": "2031-04-02T12:00:00.5+09:00", "category": "food"}, token, key=f"expense-{amount}-{key}")
                if expense:
                    run.acknowledge(name, f"expenses:{trip['id']}", expense["id"])
            if photo:
                run.call("journal", "POST", f"/v1/trips/{trip['id']}/journal", {"title": "Temples", "body": "Moss and stone.", "date": "2031-04-02",
                                                                                "mediaIds": [photo.get("mediaId") or photo.get("id")]}, token)
            run.call("day view", "GET", f"/v1/trips/{trip['id']}/days/2031-04-02", token=token)
        # Stories and likes.
        _, story = run.call("story", "POST", "/v1/stories", {"text": f"Soak {step}", "place": {"latitude": 35.0116, "longitude": 135.7681,
                                                                                           "name": "Gion"}}, token, key=f"story-{key}")
        if story:
            run.acknowledge(name, "stories", story["postId"])
            with run.lock:
                run.stories.append(story["postId"])
                others = random.sample(run.stories, min(3, len(run.stories)))
            for post in others:
                run.call("like", "PUT", f"/v1/posts/{post}/like", token=token)
        run.call("nearby stories", "GET", "/v1/stories/nearby?lat=35.0116&lng=135.7681&radius=2000", token=token)
        # Bucket lists and votes.
        _, blist = run.call("list", "POST", "/v1/lists", {"title": f"Kyoto {step}", "visibility": "public"}, token, key=f"list-{key}")
        if blist:
            _, item = run.call("list item", "POST", f"/v1/lists/{blist['id']}/items", {"title": "Fushimi Inari at dawn"}, token, key=f"item-{key}")
            if item:
                run.acknowledge(name, f"items:{blist['id']}", item["id"])
        _, activity = run.call("activity", "POST", "/v1/activities", {"name": f"Tea ceremony {step}", "tags": ["tea"],
                               "place": {"point": {"latitude": 35.0, "longitude": 135.77}, "name": "Higashiyama"}}, token, key=f"activity-{key}")
        if activity:
            run.call("vote", "PUT", f"/v1/activities/{activity['id']}/vote", {"vote": "up"}, token)
        # A walk.
        def stamp(seconds):
            return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".5Z"

        now = time.time()
        _, walk = run.call("walk", "POST", "/v1/walks", {"title": f"Philosopher's path {step}", "start": {"point": {"latitude": 35.02, "longitude": 135.79}},
                                                         "startedAt": stamp(now - 60)}, token, key=f"walk-{key}")
        if walk:
            points = [{"at": stamp(now - 50 + i * 10), "latitude": 35.02 + i * 0.0001,
                       "longitude": 135.79, "accuracyMeters": 5} for i in range(3)]
            run.call("walk points", "POST", f"/v1/walks/{walk['id']}/points", {"points": points}, token)
            run.call("walk finish", "POST", f"/v1/walks/{walk['id']}/finish", token=token)
        # The event: join from inside, chat, post to its feed.
        if event:
            run.call("join", "POST", f"/v1/events/{event}/join", {"latitude": 35.0116, "longitude": 135.7681, "accuracyMeters": 10}, token)
            _, message = run.call("chat", "POST", f"/v1/events/{event}/chat", {"text": f"hello {step}"}, token, key=f"chat-{key}")
            if message:
                run.acknowledge(name, "chat", message["messageId"])
            _, post = run.call("event post", "POST", f"/v1/events/{event}/posts", {"text": f"from the event {step}"}, token, key=f"epost-{key}")
            if post:
                run.acknowledge(name, "event posts", post["postId"])
            run.call("event feed", "GET", f"/v1/events/{event}/posts", token=token)
    return user


def verify(run, users, event, host_token):
    """Every acknowledged write is there exactly once."""
    checked = 0
    for user in users:
        name, token = user["name"], user["token"]
        kinds = {kind for (owner, kind) in run.written if owner == name}
        for kind in kinds:
            acknowledged = run.written[(name, kind)]
            if kind == "trips":
                found = [trip["id"] for trip in read_all(run.port, "/v1/trips", token, "trips")]
            elif kind.startswith("expenses:"):
                found = [e["id"] for e in read_all(run.port, f"/v1/trips/{kind.split(':')[1]}/expenses", token, "expenses")]
            elif kind == "stories":
                found = [p["postId"] for p in read_all(run.port, f"/v1/stories/nearby?lat=35.0116&lng=135.7681&radius=2000&author={user['id']}", token, "posts")]
            elif kind.startswith("items:"):
                found = [item["id"] for item in read_all(run.port, f"/v1/lists/{kind.split(':')[1]}/items", token, "items")]
            elif kind == "chat":
                found = [m["messageId"] for m in read_all(run.port, f"/v1/events/{event}/chat", host_token, "messages") if m.get("authorId") == user["id"]]
            elif kind == "event posts":
                found = [p["postId"] for p in read_all(run.port, f"/v1/events/{event}/posts", host_token, "posts") if p.get("authorId") == user["id"]]
            else:
                continue
            if len(found) != len(set(found)) or set(found) != acknowledged:
                missing, extra = acknowledged - set(found), len(found) - len(set(found))
                raise SystemExit(f"{name}'s {kind}: {len(acknowledged)} acknowledged, {len(found)} read; missing {len(missing)}, doubled {extra}")
            checked += len(found)
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, type=pathlib.Path)
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--kill-every", type=float, default=180, help="seconds between kills")
    parser.add_argument("--down", type=float, default=10, help="seconds a killed process stays down")
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--victims", help="comma-separated services to choose from (default: all)")
    parser.add_argument("--report", type=pathlib.Path, help="write the figures as JSON here")
    parser.add_argument("--keep", action="store_true")
    arguments = parser.parse_args()
    root = pathlib.Path(tempfile.mkdtemp(prefix="roam-soak-"))
    root.chmod(0o755)
    (root / "logs").mkdir()
    cluster = Cluster(root / "pg", 54405)
    stack = Stack("soak", arguments.bin.resolve(), settings(root, cluster), root / "logs")
    try:
        cluster.start()
        say(f"stack ready in {stack.start():.1f} s")
        started = time.monotonic()
        run = Run(stack.gateway_port, started)
        # The host makes the event everyone joins.
        host_name = f"soakhost{int(time.time()) % 100000}"
        _, host = run.call("signup", "POST", "/v1/auth/signup", {"email": "soakhost@example.com", "username": host_name,
                                                                "password": "soak host password", "displayName": "Host"})
        host_token = host["tokens"]["accessToken"]
        _, event = run.call("event", "POST", "/v1/events", {"name": "Soak picnic", "center": {"latitude": 35.0116, "longitude": 135.7681},
                                                            "radiusMeters": 300, "capacity": 1000, "durationSeconds": int(arguments.minutes * 60 + 3600)},
                            host_token, key="soak-event")
        event_id = event["eventId"] if event else None
        results = [None] * arguments.clients
        threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, client(run, i, event_id)), daemon=True) for i in range(arguments.clients)]
        for thread in threads:
            thread.start()

        end = started + arguments.minutes * 60
        warm_up_end = started + arguments.minutes * 60 / 5
        memory = collections.defaultdict(list)  # executable -> [(minute, kilobytes)]
        killed = set()
        kills = []
        next_kill = started + arguments.kill_every
        next_sample = started
        while time.monotonic() < end:
            now = time.monotonic()
            if now >= next_sample:
                for executable, kilobytes in stack.resident_kilobytes().items():
                    memory[executable].append(((now - started) / 60, kilobytes))
                next_sample = now + 15
            if now >= next_kill and now + arguments.down + 30 < end:
                victim = random.choice([f"roam-{name}" for name in (arguments.victims.split(",") if arguments.victims else [s[0] for s in SERVICES])])
                run.disturbed_until = float("inf")
                stack.kill(victim)
                killed.add(victim)
                say(f"{(now - started) / 60:.1f} min: killed {victim}")
                time.sleep(arguments.down)
                stack.launch(victim)
                stack.wait_ready()
                # Calls already in flight to the new process's address may still meet the old failure.
                run.disturbed_until = time.monotonic() + 5
                kills.append({"minute": round((now - started) / 60, 1), "process": victim, "back_after_seconds": round(time.monotonic() - now, 1)})
                say(f"{victim} back after {time.monotonic() - now:.1f} s (at {time.monotonic() - started:.1f} s)")
                next_kill = now + arguments.kill_every
            time.sleep(1)
        run.stopping.set()
        for thread in threads:
            thread.join(timeout=120)
        users = [user for user in results if user and "token" in user]

        say(f"requests by status: {dict(sorted(run.statuses.items()))}")
        by_kind = collections.defaultdict(list)
        for (minute, kind), seconds in run.latencies.items():
            by_kind[kind] += seconds
        figures = {"minutes": arguments.minutes, "clients": arguments.clients, "statuses": dict(run.statuses), "kills": kills, "latency": {}, "memory": {}}
        for kind, seconds in sorted(by_kind.items()):
            seconds.sort()
            figures["latency"][kind] = {"count": len(seconds), "p50_ms": round(statistics.median(seconds) * 1000, 1),
                                        "p99_ms": round(seconds[int(len(seconds) * 0.99) - 1] * 1000 if len(seconds) > 1 else seconds[0] * 1000, 1)}
            say(f"  {kind:16} {len(seconds):6} requests  p50 {figures['latency'][kind]['p50_ms']:7.1f} ms  p99 {figures['latency'][kind]['p99_ms']:7.1f} ms")
        figures["latency_per_minute"] = {
            f"{minute}:{kind}": {"p50_ms": round(statistics.median(s) * 1000, 1), "p99_ms": round(sorted(s)[max(0, int(len(s) * 0.99) - 1)] * 1000, 1)}
            for (minute, kind), s in sorted(run.latencies.items())}
        growth_failures = []
        warm = (warm_up_end - started) / 60
        for executable, samples in sorted(memory.items()):
            after = [kb for minute, kb in samples if minute >= warm]
            if len(after) < 2:
                continue
            first, last = after[0], statistics.mean(kb for minute, kb in samples[-4:])
            growth = (last - first) / first
            figures["memory"][executable] = {"after_warm_up_mb": round(first / 1024, 1), "at_end_mb": round(last / 1024, 1),
                                             "growth_percent": round(growth * 100, 1), "killed": executable in killed,
                                             "per_minute_mb": {f"{minute:.1f}": round(kb / 1024, 1) for minute, kb in samples}}
            say(f"  {executable:20} {first / 1024:6.1f} MB after warm-up, {last / 1024:6.1f} MB at the end ({growth * 100:+.1f} %)"
                + (" (killed and restarted)" if executable in killed else ""))
            if executable not in killed and growth >= 0.10:
                growth_failures.append(f"{executable} grew {growth * 100:.1f} %")
        # Tokens last 15 minutes: the reads that check every write sign in afresh.
        for user in users:
            user["token"] = run.call("sign-in", "POST", "/v1/auth/login", {"identifier": user["name"], "password": user["password"]})[1]["tokens"]["accessToken"]
        host_token = run.call("sign-in", "POST", "/v1/auth/login", {"identifier": host_name, "password": "soak host password"})[1]["tokens"]["accessToken"]
        checked = verify(run, users, event_id, host_token)
        figures["acknowledged_writes_checked"] = checked
        if arguments.report:
            arguments.report.write_text(json.dumps(figures, indent=2) + "\n")
        problems = run.failures[:5] + [f"doubled acknowledgements: {run.doubled[:3]}"] * bool(run.doubled) + growth_failures
        if problems:
            raise SystemExit(f"soak failed: {len(run.failures)} failed requests; " + "; ".join(problems))
        say(f"no 5xx but 503 while a process was down; every one of {checked} acknowledged writes is there once; "
            f"memory flat (under 10 %) in every process never killed")
    finally:
        stack.stop()
        cluster.stop()
        leave(root, arguments.keep, say)


if __name__ == "__main__":
    main()
