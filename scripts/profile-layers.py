#!/usr/bin/env python3
"""Splits a CPU profile of Roam's processes into layers, for the speed section of `Tests/Bench/README.md`.

Record while a benchmark runs, name the processes, then read the profile:
    ps -eo pid,comm | grep roam- > names.txt
    perf record -a -g -e cpu-clock -o roam.perf -- sleep 6
    perf script -i roam.perf -F comm,pid,ip,sym,dso | scripts/profile-layers.py names.txt

Each sample goes to the innermost frame of its stack that belongs to a known layer (by the Swift
module in the mangled name); samples in the kernel are counted as such; the event loop's own frames
count only when no other layer is on the stack."""
import re, sys, collections

LAYERS = [
    ("SQL client (PostgresNIO, pool)", r"\$s(11PostgresNIO|21_ConnectionPoolModule)"),
    ("token check (JWT, cache)", r"\$s11RoamRuntime(19AccessTokenVerifier|18VerifiedTokenCache)|\$s6JWTKit|\$s6Crypto"),
    ("interceptors (context, auth, metrics, readiness)", r"\$s11RoamRuntime\d+[A-Za-z]*Interceptor"),
    ("metrics and logging", r"\$s(7Metrics|10Prometheus|7Logging|11RoamRuntime14JSONLogHandler)"),
    ("gRPC (grpc-swift, protobuf)", r"\$s(8GRPCCore|20GRPCNIOTransportCore|24GRPCNIOTransportHTTP2|12GRPCProtobuf|13SwiftProtobuf|9RoamProto)"),
    ("HTTP/2 and HPACK", r"\$s(8NIOHTTP2|8NIOHPACK|9RoamHTTP2)|nghttp2_"),
    ("HTTP/1, Hummingbird, OpenAPI, JSON", r"\$s(11Hummingbird|15HummingbirdCore|8NIOHTTP1|14OpenAPIRuntime|18OpenAPIHummingbird|7Gateway|20FoundationEssentials11JSON)"),
    ("handlers and domain (Roam code)", r"\$s(8Accounts|11RoamRuntime|8RoamCore)"),
    ("event loops, sockets, scheduling (NIO, dispatch)", r"\$s(8NIOPosix|7NIOCore)|dispatch|swift_job_run|swift_task|AsyncTask"),
]
compiled = [(name, re.compile(pattern)) for name, pattern in LAYERS]
names = dict(l.split(None, 1) for l in open(sys.argv[1]).read().strip().split("\n")) if len(sys.argv) > 1 else {}
counts = collections.defaultdict(collections.Counter)
totals = collections.Counter()
process, frames = None, []

def finish():
    if process is None: return
    kernel_leaf = bool(frames) and frames[0].endswith("[kernel.kallsyms])")
    layer = "kernel: syscalls, wake-ups, thread switches" if kernel_leaf else None
    if layer is None:
        # The innermost frame of a specific layer; the event loop's own frames only when no other.
        for candidates in (compiled[:-1], compiled[-1:]):
            for frame in frames:
                for name, pattern in candidates:
                    if pattern.search(frame):
                        layer = name; break
                if layer: break
            if layer: break
    counts[process][layer or "runtime and libc (malloc, retain/release, metadata)"] += 1
    totals[process] += 1

for line in sys.stdin:
    if line and not line[0].isspace() and line.strip():
        finish()
        fields = line.split()
        pid = fields[1] if len(fields) > 1 else "?"
        pid = pid.split("/")[0]
        process = "postgres" if fields[0].startswith("postgres") else names.get(pid, fields[0] + ":" + pid)
        frames = []
    elif line.strip():
        frames.append(line.strip())
finish()
grand = sum(totals.values())
for proc, total in totals.most_common():
    if total < grand * 0.02: continue
    print(f"{proc}: {100 * total / grand:.1f} % of all samples")
    for layer, n in counts[proc].most_common():
        print(f"    {100 * n / total:5.1f} %  {layer}")
