import Foundation
import RoamLocal
import RoamTesting

/// Runs the `roam` command as an operator would, with `environment` over the test's own; its exit
/// status and everything it printed.
public func runRoam(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String) {
    try await run("roam", arguments, environment: environment)
}

/// Runs one of the package's executables (`roam`, `roam-diary`) to its end; its exit status and everything it printed.
/// It waits without holding a thread: the test process has one per core, and parameterized tests
/// that each blocked one in `waitUntilExit` stopped every other test's timers (10 s seen in CI).
public func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String) {
    let path = try LaunchedProcess.path(of: executable)
    let variables = ProcessInfo.processInfo.environment.merging(["ROAM_ENVIRONMENT": "development"]) { _, new in new }
        .merging(environment) { _, new in new }
    // A file, not a pipe: a process another test starts meanwhile may inherit a pipe's writing end and
    // keep it open, and reading the pipe to its end would then wait for as long as that process lives.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-run-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: file) }
    let output = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard output >= 0 else { throw TestFailure("cannot create \(file.path)") }
    // posix_spawn and waitpid on its pid (Spawn), not Foundation's Process: its exit detection missed a
    // child now and then under the suite's load, and the test waited for ever.
    let status: Int32
    do {
        let pid = try Spawn.start(path, arguments, environment: variables, output: output, ownProcessGroup: false)
        close(output)
        status = try await offThePool { Spawn.wait(pid) }
    } catch {
        close(output)
        throw error
    }
    return (status, String(decoding: try Data(contentsOf: file), as: UTF8.self))
}
