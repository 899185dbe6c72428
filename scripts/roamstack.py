"""What the rehearsal scripts share (scripts/rehearse-upgrade.py, scripts/soak.py): a private PostgreSQL
cluster, and a whole Roam stack started process by process from a folder of executables, each service and
the gateway on ports shifted by an offset, so two stacks can run side by side against one database."""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request

PG_BIN = next((f"/usr/lib/postgresql/{v}/bin" for v in ("17", "16", "15") if os.path.exists(f"/usr/lib/postgresql/{v}/bin/initdb")), "/usr/bin")
AS_ROOT = os.geteuid() == 0
# name, gRPC port, metrics port, address variable, forgets: users, events, trips
SERVICES = [
    ("accounts", 50051, 9101, "ACCOUNTS_ADDRESS", False, False, False),
    ("events", 50052, 9102, "EVENTS_ADDRESS", True, False, False),
    ("feed", 50053, 9103, "FEED_ADDRESS", True, True, False),
    ("media", 50054, 9104, "MEDIA_ADDRESS", True, True, True),
    ("trips", 50055, 9105, "TRIPS_ADDRESS", True, False, False),
    ("budget", 50056, 9106, "BUDGET_ADDRESS", True, False, True),
    ("bucketlists", 50057, 9107, "BUCKETLISTS_ADDRESS", True, False, False),
    ("notifications", 50058, 9108, "NOTIFICATIONS_ADDRESS", True, False, False),
    ("moderation", 50059, 9109, "MODERATION_ADDRESS", True, False, False),
]


def as_owner(command):
    """Runs a shell command as the cluster's owner (postgres when this runs as root)."""
    if AS_ROOT:
        return subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", command], check=True, capture_output=True, text=True)
    return subprocess.run(["/bin/sh", "-c", command], check=True, capture_output=True, text=True)


class Cluster:
    def __init__(self, folder, port):
        self.folder, self.port = pathlib.Path(folder), port
        self.url = f"postgres://roam@127.0.0.1:{port}/roam?sslmode=disable"

    def start(self):
        self.folder.mkdir(parents=True)
        if AS_ROOT:
            shutil.chown(self.folder, "postgres", "postgres")
        data = self.folder / "data"
        as_owner(f"{PG_BIN}/initdb -D {data} -U roam --auth=trust --locale=C.UTF-8 -E UTF8 >{self.folder}/initdb.log 2>&1")
        as_owner(f'{PG_BIN}/pg_ctl -D {data} -l {self.folder}/server.log -w -t 60 '
                 f'-o "-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=400" start')
        as_owner(f"{PG_BIN}/createdb -h {self.folder} -p {self.port} -U roam roam")

    def stop(self):
        if (self.folder / "data/postmaster.pid").exists():
            try:
                as_owner(f"{PG_BIN}/pg_ctl -D {self.folder / 'data'} -m fast -w stop")
            except subprocess.CalledProcessError:
                pass


def settings(root, cluster):
    """What every process of a rehearsal gets: development, one database, one media folder and key file."""
    root = pathlib.Path(root)
    return {
        "ROAM_ENVIRONMENT": "development", "DATABASE_URL": cluster.url, "MEDIA_DIRECTORY": str(root / "media"),
        "ACCOUNTS_SIGNING_KEY_FILE": str(root / "keys" / "accounts-signing-key"), "MAIL_DIRECTORY": str(root / "mail"),
        "LOG_LEVEL": "warning", "PATH": os.environ.get("PATH", ""),
        "RATE_LIMIT_PER_ADDRESS": "1000000", "RATE_LIMIT_PER_ADDRESS_BURST": "1000000",
        "RATE_LIMIT_PER_USER": "1000000", "RATE_LIMIT_PER_USER_BURST": "1000000",
    }


class Stack:
    """Every service and a gateway of one release. The first stack (`second=False`) uses the usual
    ports; a second one beside it uses gRPC ports 31051–31059 (below the range outgoing connections
    draw from, where a client's socket could hold one), metrics ports 9201–9209 and the gateway on 8180."""

    def __init__(self, name, bin_dir, shared, logs, second=False):
        self.name, self.bin_dir, self.shared, self.logs = name, pathlib.Path(bin_dir), shared, pathlib.Path(logs)
        self.grpc_shift, self.metrics_shift = (-19000, 100) if second else (0, 0)
        self.processes = {}
        self.gateway_port = 8180 if second else 8080

    def grpc_port(self, service):
        return next(s[1] for s in SERVICES if s[0] == service) + self.grpc_shift

    def environment(self):
        variables = dict(self.shared)
        for name, _, _, address, *_ in SERVICES:
            variables[address] = f"127.0.0.1:{self.grpc_port(name)}"
        for variable, column in (("USER_PURGE_TARGETS", 4), ("EVENT_PURGE_TARGETS", 5), ("TRIP_PURGE_TARGETS", 6)):
            variables[variable] = ";".join(f"{s[0]}=127.0.0.1:{self.grpc_port(s[0])}" for s in SERVICES if s[column])
        return variables

    def ports(self, executable):
        if executable == "roam-gateway":
            return {"HTTP_PORT": str(self.gateway_port), "METRICS_PORT": str(9100 + self.metrics_shift)}
        name, _, metrics, *_ = next(s for s in SERVICES if f"roam-{s[0]}" == executable)
        return {"GRPC_PORT": str(self.grpc_port(name)), "METRICS_PORT": str(metrics + self.metrics_shift)}

    def metrics_urls(self):
        return [f"http://127.0.0.1:{9100 + self.metrics_shift}/metrics"] + [f"http://127.0.0.1:{s[2] + self.metrics_shift}/metrics" for s in SERVICES]

    def launch(self, executable):
        log = open(self.logs / f"{self.name}-{executable}.log", "a")
        self.processes[executable] = subprocess.Popen(
            [str(self.bin_dir / executable)], env=dict(self.environment(), **self.ports(executable)), stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)

    def executables(self):
        return [f"roam-{s[0]}" for s in SERVICES] + ["roam-gateway"]

    def start(self):
        started = time.monotonic()
        for executable in self.executables():
            self.launch(executable)
        self.wait_ready()
        return time.monotonic() - started

    def ready(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.gateway_port}/readyz", timeout=2) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, OSError):
            return False

    def wait_ready(self, seconds=120):
        for _ in range(seconds * 2):
            if self.ready():
                return
            for executable, process in self.processes.items():
                if process.poll() is not None and process.returncode != -signal.SIGKILL:
                    log = (self.logs / f"{self.name}-{executable}.log").read_text()[-3000:]
                    raise SystemExit(f"{self.name} {executable} exited ({process.returncode}):\n{log}")
            time.sleep(0.5)
        raise SystemExit(f"the {self.name} stack did not become ready in {seconds} s")

    def kill(self, executable):
        """SIGKILL: the process gets no chance to finish anything."""
        process = self.processes[executable]
        process.kill()
        process.wait()

    def resident_kilobytes(self):
        sizes = {}
        for executable, process in self.processes.items():
            try:
                status = pathlib.Path(f"/proc/{process.pid}/status").read_text()
                sizes[executable] = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
            except (FileNotFoundError, StopIteration, ProcessLookupError):
                pass
        return sizes

    def stop(self):
        # As a rollout does: the gateway first (out of the rotation already), then the services.
        for executable in sorted(self.processes, key=lambda name: name != "roam-gateway"):
            process = self.processes[executable]
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.processes = {}


def read_all(port, path, token, field):
    """Every item of a listing, page by page (pageSize, pageToken, nextPageToken)."""
    found, page_token = [], None
    while True:
        url = f"http://127.0.0.1:{port}{path}{'&' if '?' in path else '?'}pageSize=100" + (f"&pageToken={page_token}" if page_token else "")
        request = urllib.request.Request(url)
        request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            page = json.loads(response.read())
        found += page[field]
        page_token = page.get("nextPageToken")
        if not page_token:
            return found


def leave(root, keep, say):
    """A rehearsal's last step: its folder (logs, data) kept when asked, removed otherwise."""
    if keep:
        say(f"kept {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
