import Foundation
import RoamLocal

/// A real S3-protocol server on loopback for tests: `moto_server` (PyPI `moto[server]`, which `.ci/run`
/// installs), started once per test process and stopped with it. It checks SigV4 signatures.
public actor S3TestServer {
    public static let shared = S3TestServer()

    /// One start for every caller (the tests ask at once); the process lives as long as the tests do.
    private var starting: Task<(process: LaunchedProcess, endpoint: URL), any Error>?

    /// The server's address, starting it on first use.
    public func endpoint() async throws -> URL {
        if starting == nil { starting = Task { try await Self.start() } }
        return try await starting!.value.endpoint
    }

    private static func start() async throws -> (process: LaunchedProcess, endpoint: URL) {
        guard let executable = ExecutableSearch.find("moto_server") else {
            throw LocalError("moto_server is not installed: pip install \"moto[server]\" (the S3 tests need it)")
        }
        let port = FreePort.next()
        // A shell stands by and stops the server when this test process is gone, however it ends.
        let watch =
            "\(executable) -H 127.0.0.1 -p \(port) & server=$!; trap 'kill $server 2>/dev/null' EXIT; trap 'exit 0' TERM INT; "
            + "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done"
        let process = try LaunchedProcess(path: "/bin/sh", arguments: ["-c", watch])
        let endpoint = URL(string: "http://127.0.0.1:\(port)")!
        let client = HTTPTestClient(port: port)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if process.process.hasExited { throw LocalError("moto_server exited while starting:\n\(process.output)") }
            if let reply = try? await client.send("GET", "/moto-api/"), reply.status < 500 { return (process, endpoint) }
            try await Task.sleep(for: .milliseconds(100))
        }
        _ = await process.stop()
        throw LocalError("moto_server did not answer:\n\(process.output)")
    }
}
