#!/usr/bin/env python3
"""Rehearses compose/docker-compose.yml without a container engine: each compose service runs as its own
host, a network namespace this script makes with its own address on a private bridge, where every compose
service name resolves (/etc/netns/NAME/hosts), with exactly the command, environment and health check the
file gives it (variables from compose/.env.example, each `change-me` secret replaced by a random one).
PostgreSQL + PostGIS is Debian's, as the `postgres` host; `provision` runs first; services start in
the order `depends_on` says, each once its dependencies are healthy. Then, from a client host:
the curl walk-through through the gateway's published port, its mails received by a real SMTP server
(aiosmtpd, `scripts/smtp-test-server.py`, as the `mail` host with STARTTLS and AUTH); and one service's host cut off the network
(link down) under load: the gateway must answer 503 or a partial view within its deadlines, every write
it acknowledged must be there once the link is back, and everything must recover.

Volumes are folders under the run's temporary directory; a setting that points into one (accounts' key
file, media's directory) is pointed at its folder. Everything made here (namespaces, links, hosts files,
processes, the folder) is removed at the end, also on failure. Needs root, iproute2, curl and PostgreSQL 15
with PostGIS.

    scripts/rehearse-compose.py [--bin DIR] [--cut SERVICE] [--keep-logs]
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
PREFIX = "roamrh-"
SUBNET = "10.231.7"
PG_BIN = pathlib.Path("/usr/lib/postgresql/15/bin")
VARIABLE = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")

arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
arguments.add_argument("--bin", help="where the Roam executables are (default: the release build, else the debug one)")
arguments.add_argument("--cut", default="budget", help="the service whose host is cut off under load")
arguments.add_argument("--keep-logs", action="store_true", help="print every process's log at the end")
options = arguments.parse_args()

compose = yaml.safe_load((ROOT / "compose/docker-compose.yml").read_text())
work = pathlib.Path(tempfile.mkdtemp(prefix="roam-rehearsal-"))
processes: dict[str, subprocess.Popen] = {}


def log(message: str) -> None:
    print(f"[rehearsal {time.strftime('%H:%M:%S')}] {message}", flush=True)


def run(*command: str, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=check, capture_output=True, text=True, **kwargs)


def binaries() -> pathlib.Path:
    if options.bin:
        return pathlib.Path(options.bin).resolve()
    for configuration in ("release", "debug"):
        path = ROOT / ".build" / configuration
        if (path / "roam-gateway").exists():
            return path.resolve()
    sys.exit("no Roam executables: build them first (swift build)")


# --- settings, as compose reads them ---------------------------------------------------------------

def env_file() -> dict[str, str]:
    values = {}
    for line in (ROOT / "compose/.env.example").read_text().splitlines():
        if line.strip() and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            # The examples are refused outside development: a test secret for each, as an operator would.
            values[key] = secrets.token_hex(32) if value.startswith("change-me") else value
    return values


def interpolate(text: str, values: dict[str, str]) -> str:
    def replace(match: re.Match) -> str:
        name, kind, rest = match.groups()
        value = values.get(name, "")
        if kind == "?" and not value:
            sys.exit(f"compose needs {name}: {rest}")
        if kind == "-" and not value:
            return rest
        return value
    return VARIABLE.sub(replace, str(text))


# --- hosts ------------------------------------------------------------------------------------------

def cleanup() -> None:
    for name, process in processes.items():
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.time() + 15
    for process in processes.values():
        try:
            process.wait(timeout=max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    stop_postgres()
    remove_hosts()
    if options.keep_logs:
        for path in sorted(work.glob("*.log")):
            print(f"----- {path.name}\n{path.read_text()[-4000:]}")
    shutil.rmtree(work, ignore_errors=True)


def remove_hosts() -> None:
    """Every namespace and hosts file this script makes, from this run or one that was killed."""
    for namespace in run("ip", "netns", "list").stdout.split():
        if namespace.startswith(PREFIX):
            for pid in run("ip", "netns", "pids", namespace, check=False).stdout.split():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    pass
            run("ip", "netns", "delete", namespace, check=False)
    for folder in pathlib.Path("/etc/netns").glob(f"{PREFIX}*"):
        shutil.rmtree(folder, ignore_errors=True)


def make_hosts(names: list[str]) -> dict[str, str]:
    """A namespace per host on one bridge (in a namespace of its own); returns each name's address."""
    remove_hosts()  # a killed run's leftovers would make `ip netns add` fail
    switch = PREFIX + "switch"
    run("ip", "netns", "add", switch)
    run("ip", "-n", switch, "link", "add", "br0", "type", "bridge")
    run("ip", "-n", switch, "link", "set", "br0", "up")
    addresses = {}
    for index, name in enumerate(names, start=10):
        namespace = PREFIX + name
        addresses[name] = f"{SUBNET}.{index}"
        run("ip", "netns", "add", namespace)
        inside, outside = f"rh{index}i", f"rh{index}o"
        run("ip", "link", "add", inside, "netns", namespace, "type", "veth", "peer", "name", outside, "netns", switch)
        run("ip", "-n", switch, "link", "set", outside, "master", "br0", "up")
        run("ip", "-n", namespace, "link", "set", inside, "name", "eth0")
        run("ip", "-n", namespace, "addr", "add", f"{addresses[name]}/24", "dev", "eth0")
        run("ip", "-n", namespace, "link", "set", "eth0", "up")
        run("ip", "-n", namespace, "link", "set", "lo", "up")
    hosts = "127.0.0.1 localhost\n" + "".join(f"{address} {name}\n" for name, address in addresses.items())
    for name in names:
        folder = pathlib.Path("/etc/netns") / (PREFIX + name)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "hosts").write_text(hosts)
    return addresses


def in_host(name: str, command: list[str]) -> list[str]:
    return ["ip", "netns", "exec", PREFIX + name, *command]


# --- PostgreSQL as the `postgres` host ----------------------------------------------------------------

postgres_data = work / "postgres"


def start_postgres(values: dict[str, str]) -> None:
    spec = compose["services"]["postgres"]
    environment = {key: interpolate(value, values) for key, value in spec["environment"].items()}
    postgres_data.mkdir()
    shutil.chown(postgres_data, "postgres", "postgres")
    os.chmod(work, 0o755)
    password_file = work / "pgpass"
    password_file.write_text(environment["POSTGRES_PASSWORD"])
    shutil.chown(password_file, "postgres", "postgres")
    run("su", "postgres", "-s", "/bin/sh", "-c",
        f"{PG_BIN}/initdb -D {postgres_data} -U {environment['POSTGRES_USER']} --pwfile={password_file} -A scram-sha-256 >/dev/null")
    with open(postgres_data / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {SUBNET}.0/24 scram-sha-256\n")
    log_file = open(work / "postgres.log", "w")
    processes["postgres"] = subprocess.Popen(
        in_host("postgres", ["su", "postgres", "-s", "/bin/sh", "-c",
                             f"exec {PG_BIN}/postgres -D {postgres_data} -c listen_addresses='*' -p 5432 -k {postgres_data}"]),
        stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)
    wait_until("postgres", in_host("postgres", [f"{PG_BIN}/pg_isready", "-h", "127.0.0.1", "-p", "5432", "-U", environment["POSTGRES_USER"]]))
    # The image makes the database and has PostGIS; here the server is bare.
    for statement in (f"CREATE DATABASE {environment['POSTGRES_DB']}",):
        run(*in_host("postgres", ["su", "postgres", "-s", "/bin/sh", "-c",
                                  f"PGPASSWORD={environment['POSTGRES_PASSWORD']} {PG_BIN}/psql -q -h {postgres_data} -U {environment['POSTGRES_USER']} -d postgres -c '{statement}'"]))


def stop_postgres() -> None:
    if postgres_data.exists() and (postgres_data / "postmaster.pid").exists():
        run("su", "postgres", "-s", "/bin/sh", "-c", f"{PG_BIN}/pg_ctl -D {postgres_data} -m fast stop", check=False)


# --- services -----------------------------------------------------------------------------------------

def wait_until(name: str, command: list[str], attempts: int = 120) -> None:
    for _ in range(attempts):
        if subprocess.run(command, capture_output=True).returncode == 0:
            return
        process = processes.get(name)
        if process is not None and process.poll() is not None:
            raise SystemExit(f"{name} exited with {process.returncode}:\n{(work / f'{name}.log').read_text()[-3000:]}")
        time.sleep(1)
    raise SystemExit(f"{name} never became healthy:\n{(work / f'{name}.log').read_text()[-3000:]}")


def environment_of(name: str, spec: dict, values: dict[str, str], path: str) -> dict[str, str]:
    environment = {key: interpolate(value, values) for key, value in spec.get("environment", {}).items()}
    # A volume is a folder here; a setting pointing into it follows.
    for volume in spec.get("volumes", []):
        source, target = volume.split(":")[:2]
        folder = work / "volumes" / source
        folder.mkdir(parents=True, exist_ok=True)
        for key, value in environment.items():
            if value.startswith(target):
                environment[key] = str(folder) + value[len(target):]
    return {"PATH": path, "HOME": str(work), "TZ": "UTC", **environment}


def start(name: str, spec: dict, values: dict[str, str], path: str) -> None:
    folder = work / "run" / name
    folder.mkdir(parents=True)
    command = [interpolate(part, values) for part in spec["command"]]
    log_file = open(work / f"{name}.log", "w")
    processes[name] = subprocess.Popen(
        in_host(name, ["env", "-i", *[f"{key}={value}" for key, value in environment_of(name, spec, values, path).items()], *command]),
        cwd=folder, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)


def health_command(name: str, spec: dict, values: dict[str, str], path: str) -> list[str]:
    test = [interpolate(part, values) for part in spec["healthcheck"]["test"]]
    assert test[0] == "CMD", f"{name}: only exec health checks are rehearsed"
    return in_host(name, ["env", "-i", f"PATH={path}", *test[1:]])


def order(services: dict) -> list[str]:
    done: list[str] = []
    def visit(name: str) -> None:
        if name in done:
            return
        for dependency in services[name].get("depends_on", {}):
            visit(dependency)
        done.append(name)
    for name in services:
        visit(name)
    return done


# --- the client's side ----------------------------------------------------------------------------------

def request(method: str, url: str, body=None, token=None, key=None, timeout=30) -> tuple[int, dict, float]:
    """Sent from the client host through curl (the namespace's resolver knows `gateway`)."""
    command = ["curl", "-s", "-o", "-", "-w", "\n%{http_code} %{time_total}", "-X", method, "--max-time", str(timeout), url]
    if body is not None:
        command += ["-H", "Content-Type: application/json", "-d", json.dumps(body)]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    if key:
        command += ["-H", f"Idempotency-Key: {key}"]
    result = subprocess.run(in_host("client", command), capture_output=True, text=True)
    text, _, status_line = result.stdout.rpartition("\n")
    status, seconds = status_line.split()
    try:
        document = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError:
        document = {"raw": text}
    return int(status), document, float(seconds)


def cut_under_load(gateway: str, cut: str) -> None:
    user = f"rehearsal{secrets.randbelow(10**6)}"
    status, _, _ = request("POST", f"{gateway}/v1/auth/signup", {
        "email": f"{user}@example.com", "username": user, "password": "correct horse battery", "displayName": "R"})
    assert status == 201, f"sign-up answered {status}"
    status, login, _ = request("POST", f"{gateway}/v1/auth/login", {"identifier": user, "password": "correct horse battery"})
    token = login["tokens"]["accessToken"]
    today = time.strftime("%Y-%m-%d", time.gmtime())
    end = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 3 * 86400))
    status, trip, _ = request("POST", f"{gateway}/v1/trips", {
        "title": "Rehearsal", "destination": {"name": "Lisbon"}, "startDate": today, "endDate": end,
        "timeZone": "UTC", "homeCurrency": "EUR"}, token, key="rehearsal-trip")
    assert status == 201, f"the trip answered {status}: {trip}"
    trip_id = trip["id"]
    day = f"{gateway}/v1/trips/{trip_id}/days/{today}"
    status, page, _ = request("GET", day, token=token)
    assert status == 200 and all(part["status"] == "ok" for part in page["parts"].values()), f"the day before the cut: {status} {page}"

    acknowledged: set[str] = set()
    refused: list[tuple[str, dict]] = []
    answers: list[tuple[str, int, float]] = []

    def expense(index: int) -> None:
        key = f"rehearsal-{index}-{uuid.uuid4()}"
        body = {"amount": "1.00", "currency": "EUR", "spentAt": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()), "category": "food"}
        status, document, seconds = request("POST", f"{gateway}/v1/trips/{trip_id}/expenses", body, token, key=key)
        answers.append(("expense", status, seconds))
        if status == 201:
            acknowledged.add(document["id"])
        else:
            refused.append((key, body))

    def read_day() -> None:
        status, page, seconds = request("GET", day, token=token)
        answers.append(("day", status, seconds))
        if status == 200:
            answers.append(("day-parts", sum(part["status"] != "ok" for part in page["parts"].values()), seconds))

    def load(seconds: float, first_index: int) -> None:
        """Four clients, each writing an expense and reading the day in turn until `seconds` have passed,
        about 10 requests a second in all: under the gateway's limit for one user (20/s)."""
        deadline = time.time() + seconds

        def client(number: int) -> None:
            index = first_index + number * 10_000
            while time.time() < deadline:
                expense(index)
                read_day()
                index += 1
                time.sleep(0.8)

        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            for future in [pool.submit(client, number) for number in range(4)]:
                future.result()

    log(f"load for 5 s, then {cut}'s link goes down for 20 s under the same load")
    load(5, 0)
    before = len(answers)
    assert all(status in (200, 201) for kind, status, _ in answers if kind != "day-parts"), f"before the cut: {answers}"
    run("ip", "-n", PREFIX + cut, "link", "set", "eth0", "down")
    try:
        load(20, 1000)
    finally:
        run("ip", "-n", PREFIX + cut, "link", "set", "eth0", "up")
    during = answers[before:]
    statuses = sorted({status for kind, status, _ in during if kind != "day-parts"})
    slowest = max(seconds for _, _, seconds in during)
    partial = sum(1 for kind, count, _ in during if kind == "day-parts" and count > 0)
    log(f"during the cut: statuses {statuses}, slowest answer {slowest:.2f} s, {partial} partial day views, "
        f"{len(refused)} writes refused, {len(acknowledged)} acknowledged in all")
    assert set(statuses) <= {200, 201, 503, 504}, f"during the cut the gateway answered {statuses}"
    # UPSTREAM_TIMEOUT (5 s) bounds one call; a write waits for one call, a view for its fan-out.
    assert slowest < 12, f"an answer took {slowest:.1f} s during the cut"
    assert partial > 0 or 503 in statuses, "the cut never showed: no 503 and no partial view"

    log("the link is back: waiting for the day to be whole again")
    for _ in range(60):
        status, page, _ = request("GET", day, token=token)
        if status == 200 and all(part["status"] == "ok" for part in page["parts"].values()):
            break
        time.sleep(1)
    else:
        raise SystemExit(f"the day never recovered: {status} {page}")
    # A refused write is sent again as it was, with its key, as a client would: each lands once, whether
    # or not the first attempt had reached budget before the link went.
    for key, body in refused:
        status, document, _ = request("POST", f"{gateway}/v1/trips/{trip_id}/expenses", body, token, key=key)
        assert status in (200, 201), f"a retried write answered {status}: {document}"
        acknowledged.add(document["id"])
    stored: set[str] = set()
    token_query = ""
    while True:
        status, page, _ = request("GET", f"{gateway}/v1/trips/{trip_id}/expenses?pageSize=100{token_query}", token=token)
        assert status == 200, f"listing expenses answered {status}"
        stored |= {item["id"] for item in page["expenses"]}
        if not page.get("nextPageToken"):
            break
        token_query = f"&pageToken={page['nextPageToken']}"
    assert stored == acknowledged, f"{len(acknowledged - stored)} acknowledged expenses missing, {len(stored - acknowledged)} unexpected"
    log(f"recovered: all {len(stored)} acknowledged expenses are stored, each once")


def start_mail_server(values: dict[str, str]) -> pathlib.Path:
    """The `mail` host: an SMTP server with STARTTLS (a certificate for `mail`, trusted through
    SMTP_CA_PATH) and AUTH, writing each mail it accepts to a folder."""
    folder = work / "mail"
    certificate, key = work / "mail-cert.pem", work / "mail-key.pem"
    run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", str(key),
        "-out", str(certificate), "-days", "2", "-subj", "/CN=mail", "-addext", "subjectAltName=DNS:mail")
    os.chmod(key, 0o644)
    log_file = open(work / "mail.log", "w")
    processes["mail"] = subprocess.Popen(
        in_host("mail", [sys.executable, str(ROOT / "scripts/smtp-test-server.py"), "--host", "0.0.0.0", "--port", "587",
                         "--security", "starttls", "--cert", str(certificate), "--key", str(key), "--user", "roam",
                         "--password", "rehearsal", "--folder", str(folder)]),
        stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)
    for _ in range(60):
        if "listening on" in (work / "mail.log").read_text():
            break
        if processes["mail"].poll() is not None:
            raise SystemExit(f"the SMTP server exited:\n{(work / 'mail.log').read_text()[-3000:]}")
        time.sleep(0.5)
    values["SMTP_URL"] = "smtp://roam:rehearsal@mail:587"
    values["SMTP_CA_PATH"] = str(certificate)
    return folder


def main() -> None:
    if os.geteuid() != 0:
        sys.exit("the rehearsal makes network namespaces: run it as root")
    bin_dir = binaries()
    path = f"{bin_dir}:{PG_BIN}:/usr/local/bin:/usr/bin:/bin"
    values = env_file()
    # As `docker compose up` without `--profile`: optional services (the tracing profile's Jaeger) stay off.
    services = {name: spec for name, spec in compose["services"].items() if not spec.get("profiles")}
    names = [*services, "client", "mail"]
    addresses = make_hosts(names)
    log(f"{len(names)} hosts on {SUBNET}.0/24, executables from {bin_dir}")
    mail_folder = start_mail_server(values)
    start_postgres(values)
    for name in order(services):
        if name == "postgres":
            continue
        spec = services[name]
        start(name, spec, values, path)
        if name == "provision":
            status = processes[name].wait(timeout=300)
            assert status == 0, f"provision exited with {status}:\n{(work / 'provision.log').read_text()[-3000:]}"
            log("provision completed")
            continue
        wait_until(name, health_command(name, spec, values, path))
        log(f"{name} is healthy at {addresses[name]}")
    published = services["gateway"]["ports"][0]
    container_port = interpolate(published, values).split(":")[-1]
    gateway = f"http://gateway:{container_port}"
    walkthrough = subprocess.run(
        in_host("client", ["env", f"ROAM_URL={gateway}", "PATH=/usr/bin:/bin", str(ROOT / "scripts/curl-walkthrough.sh")]),
        capture_output=True, text=True)
    if walkthrough.returncode != 0:
        raise SystemExit(f"the walk-through failed:\n{walkthrough.stdout[-3000:]}\n{walkthrough.stderr[-3000:]}")
    log("the curl walk-through passed through the gateway")
    for _ in range(60):
        mails = [json.loads(path.read_text()) for path in mail_folder.glob("*.json")]
        if mails:
            break
        time.sleep(0.5)
    assert mails and all(mail["tls"] and mail["authenticated"] for mail in mails), f"the walk-through's mails: {mails}"
    log(f"accounts sent {len(mails)} mail(s) to the mail host over STARTTLS with AUTH: {sorted({mail['headers']['Subject'] for mail in mails})}")
    cut_under_load(gateway, options.cut)
    for name, process in processes.items():
        assert process.poll() is None or name == "provision", f"{name} exited during the rehearsal"
    log("passed")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    try:
        main()
    finally:
        cleanup()
