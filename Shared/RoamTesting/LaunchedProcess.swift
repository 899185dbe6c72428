import Foundation
import RoamLocal
import RoamRuntime
import Synchronization

/// A built Roam executable (`roam-accounts`, `roam-gateway`) started as a real process for an
/// end-to-end test, with its output kept for the failure message.
public final class LaunchedProcess: Sendable {
    public let process: ChildProcess
    private let sink: LineSink
    private let path: String
    private let arguments: [String]
    private let environment: [String: String]
    /// Processes started for this one alone (a gateway's notifications service in a test that runs no
    /// other): stopped after it, started again with it.
    private let companions: [LaunchedProcess]

    public convenience init(_ executable: String, environment: [String: String], companions: [LaunchedProcess] = []) throws {
        try self.init(path: try Self.path(of: executable), environment: environment, companions: companions)
    }

    /// Any program, by its full path.
    public init(path: String, arguments: [String] = [], environment: [String: String] = [:], companions: [LaunchedProcess] = []) throws {
        var variables = ProcessInfo.processInfo.environment
        // Test processes run on the built-in development secrets unless a test says otherwise.
        variables["ROAM_ENVIRONMENT"] = "development"
        variables.merge(environment) { _, new in new }
        let sink = LineSink()
        process = try ChildProcess(
            name: (path as NSString).lastPathComponent, executable: path, arguments: arguments,
            environment: variables
        ) { line in sink.append(line) }
        self.sink = sink
        self.path = path
        self.arguments = arguments
        self.environment = environment
        self.companions = companions
    }

    /// The same program started again with the same settings (after a crash or a kill), with
    /// `changes` to its environment.
    public func relaunch(changing changes: [String: String] = [:]) throws -> LaunchedProcess {
        let companions = try companions.map { $0.process.hasExited ? try $0.relaunch() : $0 }
        return try LaunchedProcess(
            path: path, arguments: arguments, environment: environment.merging(changes) { _, new in new }, companions: companions)
    }

    /// Kills the process with SIGKILL, as a crash or an out-of-memory kill would, and waits until it is gone.
    public func killAtOnce() async {
        process.kill(signal: SIGKILL)
        _ = await process.exitStatus()
    }

    /// Where SwiftPM put the executables: beside the test bundle (`swift test` builds every product).
    public static func path(of executable: String) throws -> String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = (testBinary as NSString).deletingLastPathComponent
        while !directory.isEmpty && directory != "/" {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        throw LocalError("\(executable) is not built next to the tests; run `swift build` first")
    }

    public var output: String { sink.last(40) }

    /// Waits until the gRPC service reports SERVING.
    public func waitUntilServing(port: Int, service: String, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if process.hasExited { throw LocalError("\(process.name) exited while starting:\n\(output)") }
            if await HealthProbe.isServing(host: "127.0.0.1", port: port, service: service) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw LocalError("\(process.name) did not report SERVING:\n\(output)")
    }

    /// Waits until an HTTP server answers on `path`.
    public func waitUntilAnswering(_ client: HTTPTestClient, path: String = "/readyz", timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if process.hasExited { throw LocalError("\(process.name) exited while starting:\n\(output)") }
            if let reply = try? await client.send("GET", path), reply.status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw LocalError("\(process.name) did not answer \(path):\n\(output)")
    }

    /// Stops the process and says how: `exited with status 0` when clean, else the status (or that it
    /// would not stop) followed by its last output, so a failing expectation shows why.
    public func stopStatus(timeout: Duration = .seconds(30)) async -> String {
        let status = await stop(timeout: timeout)
        return status == 0 ? "exited with status 0" : "\(status.map { "exited with status \($0)" } ?? "did not stop"):\n\(output)"
    }

    /// SIGTERM, then the exit status (nil if it did not stop within `timeout`, after which it is killed).
    public func stop(timeout: Duration = .seconds(30)) async -> Int32? {
        let started = ContinuousClock.now
        process.terminate()
        if let status = await process.exitStatus(within: timeout) {
            // Said in the output, which failure messages show.
            if status != 0 { sink.append("[test] exited with status \(status) \(ContinuousClock.now - started) after SIGTERM") }
            for companion in companions { _ = await companion.stop(timeout: timeout) }
            return status
        }
        sink.append("[test] still running \(timeout) after SIGTERM; killed")
        process.kill(signal: SIGKILL)
        for companion in companions { _ = await companion.stop(timeout: timeout) }
        return nil
    }

    deinit {
        if !process.hasExited { process.kill(signal: SIGKILL) }
    }
}

extension LaunchedProcess {
    /// The process's resident memory in megabytes, from /proc.
    public var residentMegabytes: Int {
        let kilobytes = residentKilobytes
        return kilobytes < 0 ? -1 : kilobytes / 1024
    }

    /// The CPU time the process has used so far, user and system, in seconds (from /proc/PID/stat).
    public var cpuSeconds: Double {
        guard let data = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(process.pid)/stat")).readToEnd(),
            let stat = String(data: data, encoding: .utf8), let end = stat.lastIndex(of: ")")
        else { return .nan }
        // After the command's name in parentheses: state is field 3, utime and stime fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's resident memory in kilobytes (VmRSS), from /proc.
    public var residentKilobytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes
    }

    /// The most resident memory the process has had, in megabytes (VmHWM).
    public var peakResidentMegabytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1024
    }
}
