import Foundation
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try LaunchedProcess.path(of: executable))
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["ROAM_ENVIRONMENT": "development"]) { _, new in new }
        .merging(environment) { _, new in new }
    // A file, not a pipe: a process another test starts meanwhile may inherit a pipe's writing end and
    // keep it open, and reading the pipe to its end would then wait for as long as that process lives.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-run-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw TestFailure("cannot create \(file.path)") }
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    process.standardOutput = handle
    process.standardError = handle
    try await withCheckedThrowingContinuation { (exited: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in exited.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            exited.resume(throwing: error)
        }
    }
    try handle.close()
    let output = try Data(contentsOf: file)
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
