import Foundation
import RoamTesting

/// `roam-bench tracing [connections] [seconds]`: what traces cost `GET /v1/me`. The gateway's read path
/// under wrk with no collector set (no span is made), then with every process exporting its spans over
/// OTLP/HTTP to a collector on this machine (a sink that takes each batch and drops it), in one run.
enum TracingBench {
    /// Answers every OTLP/HTTP export with an empty success, as a collector does.
    static let sink = """
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from sys import argv
        class Sink(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
            def log_message(self, *args): pass
        ThreadingHTTPServer(("127.0.0.1", int(argv[1])), Sink).serve_forever()
        """

    static func run(connections: Int, seconds: Int) async throws {
        say("roam-bench tracing: GET /v1/me, wrk -t2 -c\(connections) -d\(seconds)s, traces off then on")
        unsetenv("OTEL_EXPORTER_OTLP_ENDPOINT")
        let off = try await readPath(connections: connections, seconds: seconds)
        let port = FreePort.next()
        let collector = try LaunchedProcess(path: "/usr/bin/python3", arguments: ["-c", sink, String(port)])
        setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:\(port)", 1)
        let on = try await readPath(connections: connections, seconds: seconds)
        unsetenv("OTEL_EXPORTER_OTLP_ENDPOINT")
        _ = await collector.stop()
        say("")
        say("| traces | req/s | p50 | p99 |")
        say("|---|---|---|---|")
        say("| off | \(Int(off.requestsPerSecond)) | \(off.p50) | \(off.p99) |")
        let sampler = ProcessInfo.processInfo.environment["OTEL_TRACES_SAMPLER"].map { sampler in
            "\(sampler) \(ProcessInfo.processInfo.environment["OTEL_TRACES_SAMPLER_ARG"] ?? "")"
        }
        say("| on, \(sampler ?? "every request sampled") | \(Int(on.requestsPerSecond)) | \(on.p50) | \(on.p99) |")
        say(String(format: "tracing costs %.1f %% of the rate", 100 * (1 - on.requestsPerSecond / max(off.requestsPerSecond, 1))))
        if off.non2xx + on.non2xx > 0 { print("warning: \(off.non2xx + on.non2xx) responses were not 2xx") }
    }

    static func readPath(connections: Int, seconds: Int) async throws -> Wrk.Result {
        try await GatewayBench.withStack { _, _, http, token in
            try await Wrk.run(
                url: "\(http.base.absoluteString)/v1/me", connections: connections, seconds: seconds,
                headers: ["Authorization: Bearer \(token)"])
        }
    }
}
