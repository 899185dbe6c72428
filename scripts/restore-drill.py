#!/usr/bin/env python3
"""The restore drill: data made through the gateway, `roam backup`, a fresh PostgreSQL cluster, media
folder and key folder, `roam restore`, then the same answers from the restored stack.

Stack A runs with `roam up` against a cluster this script starts (DATABASE_URL), its own media folder and
key file. Users sign up and make trips with photos, a budget with expenses, a journal entry, an event,
stories and a bucket list with an activity; every answer a user reads is recorded, and each user's photos'
bytes. One refresh token is taken before the backup and one after. Then `roam backup`, stack A and its
cluster stop, a new cluster starts empty, `roam restore` fills it (and a new media folder and key file),
and stack B starts on it. Checked: every recorded read answers the same (with the access tokens issued
before the backup, since the signing keys come back too), every photo's bytes are the same, log-in works
with the old passwords, the refresh token from before the backup works and the one from after it is
refused (401): the restored database never saw it. Prints what each step took: the figures for an RTO.

With --s3, media keeps its blobs in S3 (moto_server on loopback, a bucket for each side) instead of a
folder, and the backup copies them out of one bucket and the restore into the other.

    scripts/restore-drill.py --bin DIR [--users N] [--s3] [--keep]
"""
import argparse
import hashlib
import json
import os
import pathlib
import signal
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import zlib

from roamstack import Cluster, leave

GATEWAY = "http://127.0.0.1:8080"


S3_ENDPOINT = "http://127.0.0.1:54403"


def wait_for_s3():
    for _ in range(100):
        try:
            urllib.request.urlopen(S3_ENDPOINT, timeout=1).read()
            return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    raise SystemExit("moto_server did not start")


def say(message):
    print(f"restore-drill: {message}", flush=True)


class Stack:
    """`roam up` against a cluster, in a project folder of its own (roam up keeps passwords in .roam/)."""

    def __init__(self, bin_dir, project, environment, log):
        self.bin_dir, self.project, self.environment, self.log = bin_dir, project, environment, log
        self.process = None

    def start(self):
        started = time.monotonic()
        self.process = subprocess.Popen(
            [str(self.bin_dir / "roam"), "up"], cwd=self.project, env=self.environment, stdout=open(self.log, "w"),
            stderr=subprocess.STDOUT, start_new_session=True)
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{GATEWAY}/readyz", timeout=2) as response:
                    if response.status == 200:
                        return time.monotonic() - started
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if self.process.poll() is not None:
                raise SystemExit(f"roam up exited early:\n{pathlib.Path(self.log).read_text()[-4000:]}")
            time.sleep(1)
        raise SystemExit(f"the stack did not become ready:\n{pathlib.Path(self.log).read_text()[-4000:]}")

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def call(method, path, body=None, token=None, content_type="application/json", raw=False, expect=(200, 201, 204)):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(f"{GATEWAY}{path}", data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for attempt in range(10):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                payload = response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            payload, status = error.read(), error.code
        if status in (502, 503, 504) and attempt < 9:
            time.sleep(1)
            continue
        break
    if status not in expect:
        raise SystemExit(f"{method} {path}: expected {expect}, got {status}: {payload[:500]!r}")
    if raw:
        return payload
    return (status, json.loads(payload)) if payload else (status, None)


def png(seed):
    width, height = 48, 32
    rows = b"".join(b"\0" + b"".join(bytes(((x * seed) % 256, (y * 7 + seed) % 256, 128)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def make_data(users):
    """Each user's token, password and the reads to compare after the restore."""
    made = []
    stamp = int(time.time())
    for index in range(users):
        name = f"drill{stamp % 100000}u{index}"
        password = f"drill password {index} {stamp}"
        call("POST", "/v1/auth/signup", {"email": f"{name}@example.com", "username": name, "password": password, "displayName": f"Drill {index}"})
        _, login = call("POST", "/v1/auth/login", {"identifier": name, "password": password})
        token = login["tokens"]["accessToken"]
        _, trip = call("POST", "/v1/trips", {
            "title": f"Lisbon {index}", "destination": {"name": "Lisbon"}, "startDate": "2031-06-10", "endDate": "2031-06-17",
            "timeZone": "Europe/Lisbon", "homeCurrency": "EUR"}, token)
        trip_id = trip["id"]
        photos = []
        for shot in range(2):
            _, media = call("POST", "/v1/media", png(index * 3 + shot + 1), token, content_type="image/png")
            photos.append(media["mediaId"] if "mediaId" in media else media["id"])
        call("PUT", f"/v1/trips/{trip_id}/budget", {"total": "1500.00"}, token)
        for amount in ("12.50", "40.00", "7.25"):
            call("POST", f"/v1/trips/{trip_id}/expenses", {"amount": amount, "currency": "EUR", "spentAt": "2031-06-11T12:30:00.5+01:00", "category": "food"}, token)
        call("POST", f"/v1/trips/{trip_id}/journal", {"title": "Day one", "body": "Trams and tiles.", "date": "2031-06-11", "mediaIds": photos[:1]}, token)
        call("POST", "/v1/stories", {"text": f"Tiles #drill{index}", "mediaIds": photos[1:], "place": {"latitude": 38.7139, "longitude": -9.1394, "name": "Alfama"}}, token)
        _, blist = call("POST", "/v1/lists", {"title": "Lisbon", "visibility": "public"}, token)
        call("POST", f"/v1/lists/{blist['id']}/items", {"title": "Ride tram 28"}, token)
        call("POST", "/v1/events", {"name": f"Picnic {index}", "center": {"latitude": 38.7139, "longitude": -9.1394}, "radiusMeters": 150, "capacity": 20, "durationSeconds": 7200}, token)
        reads = [
            "/v1/me", "/v1/trips", f"/v1/trips/{trip_id}", f"/v1/trips/{trip_id}/budget", f"/v1/trips/{trip_id}/expenses",
            f"/v1/trips/{trip_id}/journal", "/v1/me/media", f"/v1/lists/{blist['id']}", "/v1/me/events",
        ]
        made.append({"name": name, "password": password, "token": token, "refresh": login["tokens"]["refreshToken"], "photos": photos, "reads": reads})
    return made


# Parts of an answer that are made anew on every read: signed links carry their own expiry.
def stable(value):
    if isinstance(value, dict):
        return {key: stable(item) for key, item in value.items() if key not in ("url", "thumbnail", "preview", "expiresAt", "downloadUrl")}
    if isinstance(value, list):
        return [stable(item) for item in value]
    if isinstance(value, str) and "signature=" in value:
        return "<signed link>"
    return value


def record(users):
    answers = {}
    for user in users:
        for path in user["reads"]:
            answers[(user["name"], path)] = stable(call("GET", path, token=user["token"])[1])
        for photo in user["photos"]:
            answers[(user["name"], photo)] = hashlib.sha256(call("GET", f"/v1/media/{photo}/content", token=user["token"], raw=True)).hexdigest()
    return answers


def roam(bin_dir, arguments, environment):
    started = time.monotonic()
    run = subprocess.run([str(bin_dir / "roam"), *arguments], env=environment, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"roam {' '.join(arguments)} failed ({run.returncode}):\n{run.stdout}{run.stderr}")
    print(run.stdout, end="", flush=True)
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, type=pathlib.Path)
    parser.add_argument("--users", type=int, default=5)
    parser.add_argument("--s3", action="store_true", help="media in S3 (moto_server) rather than in a folder")
    parser.add_argument("--keep", action="store_true", help="keep the folder (logs, backup) afterwards")
    arguments = parser.parse_args()
    arguments.bin = arguments.bin.resolve()
    root = pathlib.Path(tempfile.mkdtemp(prefix="roam-drill-"))
    root.chmod(0o755)
    figures = []
    first, second = Cluster(root / "pg-a", 54401), Cluster(root / "pg-b", 54402)
    stacks = []
    moto = None
    try:
        if arguments.s3:
            moto = subprocess.Popen(["moto_server", "-H", "127.0.0.1", "-p", "54403"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wait_for_s3()
        base = dict(os.environ, ROAM_SKIP_BUILD="true", RATE_LIMIT_PER_ADDRESS="100000", RATE_LIMIT_PER_ADDRESS_BURST="100000",
                    RATE_LIMIT_PER_USER="100000", RATE_LIMIT_PER_USER_BURST="100000")
        base.pop("DATABASE_URL", None)

        def side(name, cluster):
            (root / name).mkdir()
            (root / name / "Package.swift").write_text("// roam up's project folder for the drill\n")
            environment = dict(base, DATABASE_URL=cluster.url, MEDIA_DIRECTORY=str(root / name / "media"),
                               ACCOUNTS_SIGNING_KEY_FILE=str(root / name / "keys" / "accounts-signing-key"))
            if arguments.s3:
                environment.update(S3_BUCKET=f"roam-drill-{name}", S3_ENDPOINT=S3_ENDPOINT, S3_ACCESS_KEY_ID="drill", S3_SECRET_ACCESS_KEY="drill")
            return environment

        first.start()
        env_a = side("a", first)
        if arguments.s3:
            urllib.request.urlopen(urllib.request.Request(f"{S3_ENDPOINT}/roam-drill-a", method="PUT"), timeout=10).read()
        stack_a = Stack(arguments.bin, root / "a", env_a, root / "a.log")
        stacks.append(stack_a)
        say(f"stack A ready in {stack_a.start():.1f} s")
        started = time.monotonic()
        users = make_data(arguments.users)
        say(f"{arguments.users} users made their data in {time.monotonic() - started:.1f} s")
        before = record(users)
        say(f"recorded {len(before)} answers")

        figures.append(("backup (stack serving)", roam(arguments.bin, ["backup", str(root / "backup")], env_a)))
        # A log-in after the backup: the restored database never saw its refresh token.
        after_backup = [call("POST", "/v1/auth/login", {"identifier": user["name"], "password": user["password"]})[1]["tokens"]["refreshToken"] for user in users]
        stack_a.stop()
        first.stop()

        started = time.monotonic()
        second.start()
        figures.append(("fresh PostgreSQL cluster", time.monotonic() - started))
        env_b = side("b", second)
        figures.append(("roam restore", roam(arguments.bin, ["restore", str(root / "backup")], env_b)))
        stack_b = Stack(arguments.bin, root / "b", env_b, root / "b.log")
        stacks.append(stack_b)
        figures.append(("stack B ready (provisions, migrates nothing)", stack_b.start()))

        after = record(users)
        differences = [key for key in before if before[key] != after.get(key)]
        if differences:
            key = differences[0]
            raise SystemExit(f"{len(differences)} answers differ after the restore; first {key}:\n{before[key]}\n{after.get(key)}")
        say(f"all {len(before)} answers are the same after the restore, photos' bytes included" + (" (media in S3)" if arguments.s3 else ""))
        for user, later in zip(users, after_backup):
            call("POST", "/v1/auth/login", {"identifier": user["name"], "password": user["password"]})
            call("POST", "/v1/auth/refresh", {"refreshToken": user["refresh"]})
            call("POST", "/v1/auth/refresh", {"refreshToken": later}, expect=(401,))
        say("log-in works with the old passwords; refresh tokens from before the backup work, from after it answer 401")
        total = sum(seconds for name, seconds in figures if name != "backup (stack serving)")
        for name, seconds in figures:
            say(f"  {name}: {seconds:.1f} s")
        say(f"  from an empty server to serving again: {total:.1f} s")
    finally:
        for stack in stacks:
            stack.stop()
        for cluster in (first, second):
            cluster.stop()
        if moto:
            moto.terminate()
            moto.wait()
        leave(root, arguments.keep, say)


if __name__ == "__main__":
    main()
