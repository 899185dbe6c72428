#!/usr/bin/env python3
"""Every metric the alert rules (compose/metrics/alerts.yml) and the dashboard (compose/metrics/grafana/
dashboards/roam.json) name exists: either a running process exports it now (scraped from the URLs given),
or it is a counter the sources make only when its event happens (a retry, a refused request), which is
looked up in the Swift sources. A metric renamed in the code and not in the rules fails here, not on the
night the alert should have fired.

    scripts/check-metrics.py http://127.0.0.1:9100/metrics http://127.0.0.1:9101/metrics ...
"""
import json
import pathlib
import re
import sys
import urllib.request

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAME = re.compile(r"\b((?:roam|hb|http_server|grpc_server|process)_[a-z0-9_]+|up)\b")
# Made at their first event, so absent from a quiet stack: (name, where the sources make it).
EVENT_COUNTERS = {
    "roam_purge_retries_total": "Shared/RoamRuntime/Outbox/OutboxDelivery.swift",
    "roam_gateway_rate_limited_total": "Gateway/Library/Middleware/RateLimitMiddleware.swift",
    "roam_push_pending": "Services/Notifications",
    "roam_mail_pending": "Shared/RoamMail",
}


def named():
    expressions = [rule["expr"] for group in yaml.safe_load((ROOT / "compose/metrics/alerts.yml").read_text())["groups"] for rule in group["rules"]]
    dashboard = json.loads((ROOT / "compose/metrics/grafana/dashboards/roam.json").read_text())
    expressions += [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    names = set()
    for expression in expressions:
        # Label names and values inside {…} are not metrics.
        names |= set(NAME.findall(re.sub(r"\{[^}]*\}", "{}", expression)))
    return names


def exported(urls):
    names = {"up"}  # Prometheus's own, per target
    for url in urls:
        with urllib.request.urlopen(url, timeout=10) as response:
            for line in response.read().decode().splitlines():
                if line and not line.startswith("#"):
                    name = re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0)
                    names.add(name)
                    names.add(re.sub(r"_(bucket|count|sum)$", "", name))
    return names


def made_in_sources(name):
    """Whether the sources make `name` where EVENT_COUNTERS says they do."""
    source = EVENT_COUNTERS.get(name)
    if source is None:
        return False
    path = ROOT / source
    files = path.rglob("*.swift") if path.is_dir() else [path]
    return any(f'label: "{name}"' in file.read_text() for file in files)


def main():
    wanted, have = named(), exported(sys.argv[1:])
    missing = [name for name in sorted(wanted - have) if re.sub(r"_(bucket|count|sum)$", "", name) not in have and not made_in_sources(name)]
    if missing:
        sys.exit(f"check-metrics: the rules or the dashboard name metrics nothing exports: {', '.join(missing)}")
    print(f"metrics: all {len(wanted)} metrics the rules and the dashboard name exist")


if __name__ == "__main__":
    main()
