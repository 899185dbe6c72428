import RoamLocal
import RoamRuntime

extension HealthProbe {
    /// Polls until the service is SERVING; fails if `process` exits first or `timeout` passes.
    static func waitUntilServing(_ spec: ServiceSpec, process: ChildProcess, timeout: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if process.hasExited { throw LocalError("\(spec.name) exited while starting; see its log lines above") }
            if await isServing(host: "127.0.0.1", port: spec.grpcPort, service: spec.healthName) { return }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw LocalError("\(spec.name) did not report SERVING within \(timeout)")
    }
}
