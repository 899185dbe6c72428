import Foundation
import RoamTesting

/// Runs the `roam` command as an operator would, with `environment` over the test's own; its exit
/// status and everything it printed.
public func runRoam(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try LaunchedProcess.path(of: "roam"))
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["ROAM_ENVIRONMENT": "development"]) { _, new in new }
        .merging(environment) { _, new in new }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
