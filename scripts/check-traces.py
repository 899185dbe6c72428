#!/usr/bin/env python3
"""One trace per user action, checked end to end against a running stack.

Usage: check-traces.py GATEWAY_URL OTLP_PORT [LOG_FILE]

The stack must have been started with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:OTLP_PORT. This
script is that collector: an OTLP/HTTP receiver (protobuf, decoded with PyPI's opentelemetry-proto).
It signs up, plans a trip that includes today, spends on it, and asks for today's page of the trip
with a W3C `traceparent` of its own. Then it checks that the one trace of that request:

- starts at the gateway's server span, whose parent is the client's span;
- reaches trips, media and budget through client spans whose children are those services' server
  spans, each with SQL statement spans under it;
- links every span to a parent in the trace, and carries the request id and the user id;
- shows the day's parts (trips' and budget's reads) overlapping in time;
- holds no value the user sent (the trip's title, the spend's note, a position): SQL spans hold
  statements with their placeholders only.

With LOG_FILE (the stack's log), the access line of that request must carry the trace id.
"""
import http.server
import json
import os
import secrets
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import date, timedelta

try:
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
except ImportError:
    sys.exit("needs PyPI's opentelemetry-proto (pip3 install opentelemetry-proto)")

gateway, port = sys.argv[1].rstrip("/"), int(sys.argv[2])
log_file = sys.argv[3] if len(sys.argv) > 3 else None

spans = []  # (service name, span)
lock = threading.Lock()


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/v1/traces":
            self.send_response(404)
            self.end_headers()
            return
        request = trace_service_pb2.ExportTraceServiceRequest()
        request.ParseFromString(body)
        with lock:
            for resource_spans in request.resource_spans:
                service = next(
                    (a.value.string_value for a in resource_spans.resource.attributes if a.key == "service.name"), "?")
                for scope_spans in resource_spans.scope_spans:
                    spans.extend((service, span) for span in scope_spans.spans)
        answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Receiver)
threading.Thread(target=server.serve_forever, daemon=True).start()


def call(method, path, body=None, token=None, headers=None):
    request = urllib.request.Request(gateway + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null"), response.headers


def fail(message):
    print("check-traces: " + message, file=sys.stderr)
    with lock:
        for service, span in spans:
            print(f"  {service:18} {span.name:50} span={span.span_id.hex()} parent={span.parent_span_id.hex()}", file=sys.stderr)
    sys.exit(1)


name = "tracer" + secrets.token_hex(4)
call("POST", "/v1/auth/signup", {
    "email": f"{name}@example.com", "username": name, "password": "correct horse battery", "displayName": "Tracer"})
login, _ = call("POST", "/v1/auth/login", {"identifier": name, "password": "correct horse battery"})
token, user_id = login["tokens"]["accessToken"], login["account"]["userId"]
title, note = "Traced " + secrets.token_hex(4), "Note " + secrets.token_hex(4)
today = date.today()
trip, _ = call("POST", "/v1/trips", {
    "title": title, "destination": {"name": "Lisbon", "point": {"latitude": 38.7223, "longitude": -9.1393}},
    "startDate": (today - timedelta(days=1)).isoformat(), "endDate": (today + timedelta(days=1)).isoformat(),
    "timeZone": "UTC", "homeCurrency": "EUR"}, token)
call("POST", f"/v1/trips/{trip['id']}/expenses", {
    "amount": "12.50", "currency": "EUR", "spentAt": f"{today.isoformat()}T12:00:00.000Z", "category": "food", "note": note},
    token)

trace_id, client_span = secrets.token_hex(16), secrets.token_hex(8)
day, headers = call("GET", f"/v1/trips/{trip['id']}/days/{today.isoformat()}", token=token,
                    headers={"traceparent": f"00-{trace_id}-{client_span}-01"})
request_id = headers["X-Request-ID"]
statuses = {part: status["status"] for part, status in day["parts"].items()}
if any(status != "ok" for status in statuses.values()):
    fail(f"the day was not whole: {statuses}")


def trace():
    with lock:
        return [(service, span) for service, span in spans if span.trace_id.hex() == trace_id]


# Every process sends its spans in batches (OTEL_BSP_SCHEDULE_DELAY); wait until the four are in.
wanted = {"roam-gateway", "roam-trips", "roam-media", "roam-budget"}
deadline = time.monotonic() + 30
while time.monotonic() < deadline and not wanted <= {service for service, _ in trace()}:
    time.sleep(0.2)
time.sleep(1)  # late spans of the same batch round
found = trace()
services = {service for service, _ in found}
if not wanted <= services:
    fail(f"the trace reached {sorted(services)}, not {sorted(wanted)}")

by_id = {span.span_id.hex(): (service, span) for service, span in found}
SERVER, CLIENT = 2, 3  # Span.SpanKind
roots = [span for _, span in found if span.parent_span_id.hex() == client_span]
if len(roots) != 1 or by_id[roots[0].span_id.hex()][0] != "roam-gateway" or roots[0].kind != SERVER:
    fail(f"expected one gateway server span under the client's span, got {[s.name for s in roots]}")
root = roots[0]
for service, span in found:
    if span is not root and span.parent_span_id.hex() not in by_id:
        fail(f"{service}'s span {span.name} has a parent outside the trace")


def attributes(span):
    out = {}
    for attribute in span.attributes:
        value = attribute.value
        out[attribute.key] = value.string_value or value.int_value or value.bool_value
    return out


def parent(span):
    return by_id[span.parent_span_id.hex()]


if attributes(root).get("roam.request_id") != request_id or attributes(root).get("user.id") != user_id:
    fail(f"the gateway's span lacks the request id {request_id} or the user id {user_id}: {attributes(root)}")
if not root.name.startswith("GET /v1/trips/"):
    fail(f"the gateway's span is named {root.name!r}, not after its route")

# Each service's server span is the child of its caller's client span for the same method (the
# gateway's, or another service's: trips asks media for the pins' covers), and holds the ids and SQL spans.
for service in wanted - {"roam-gateway"}:
    served = [span for s, span in found if s == service and span.kind == SERVER]
    if not served:
        fail(f"{service} has no server span")
    for span in served:
        caller_service, caller = parent(span)
        if caller_service == service or caller.kind != CLIENT or caller.name != span.name:
            fail(f"{service}'s {span.name} is not the child of its caller's call to it")
        if attributes(span).get("roam.request_id") != request_id or attributes(span).get("user.id") != user_id:
            fail(f"{service}'s {span.name} lacks the request id or the user id: {attributes(span)}")
    statements = [span for s, span in found if s == service and "db.query.text" in attributes(span)]
    if not statements:
        fail(f"{service} recorded no SQL statement span")
    for statement in statements:
        if parent(statement)[0] != service:
            fail(f"{service}'s statement {statement.name} hangs under another process")

# The fan-out: trips' and budget's reads of the day run at once.
calls = {span.name.rsplit("/", 1)[0].rsplit(".", 1)[-1]: span for s, span in found if s == "roam-gateway" and span.kind == CLIENT
         and span.name.endswith("/GetDay")}
trips_day, budget_day = calls.get("TripsService"), calls.get("BudgetService")
if not trips_day or not budget_day:
    fail(f"expected the gateway's GetDay calls to trips and budget, got {sorted(calls)}")
if not (trips_day.start_time_unix_nano < budget_day.end_time_unix_nano
        and budget_day.start_time_unix_nano < trips_day.end_time_unix_nano):
    fail("the day's parts did not overlap in time: the fan-out ran them one after another")

# Nothing the user sent is in the trace.
leaked = [(span.name, key, value) for _, span in found for key, value in attributes(span).items()
          if isinstance(value, str) and any(secret in value for secret in (title, note, "38.7223", "-9.1393", token))]
if leaked:
    fail(f"the trace holds what the user sent: {leaked}")

if log_file:
    with open(log_file, errors="replace") as log:
        lines = [line for line in log if request_id in line]
    if not any(trace_id in line for line in lines):
        fail(f"no log line of request {request_id} carries trace id {trace_id}: {lines[:3]}")

server.shutdown()
kinds = {}
for service, span in found:
    kinds[service] = kinds.get(service, 0) + 1
print(f"check-traces: one trace of {len(found)} spans for the trip day ({', '.join(f'{s} {n}' for s, n in sorted(kinds.items()))}); "
      "parents linked, parts overlapping, nothing the user sent recorded")
