import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A long-running child process (a Roam service) whose output lines are handed to `onLine`, e.g. to
/// print them with the service's name in front.
public final class ChildProcess: Sendable {
    public let name: String
    public let pid: pid_t
    private let state = Mutex<(status: Int32?, waiters: [CheckedContinuation<Int32, Never>])>((nil, []))

    public init(
        name: String, executable: String, arguments: [String] = [], environment: [String: String],
        onLine: @escaping @Sendable (String) -> Void
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw LocalError("\(executable) does not exist; build it first (swift build)")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw LocalError("cannot create a pipe for \(name)") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        do {
            pid = try Spawn.start(executable, arguments, environment: environment, output: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        self.name = name
        let reader = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
        let outputEnded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
            outputEnded.signal()
        }
        Thread.detachNewThread {
            let status = Spawn.wait(self.pid)
            // Its last lines are read before anyone learns it exited (a refusal's message, say); not for
            // ever, though: a process it started may hold the output open.
            _ = outputEnded.wait(timeout: .now() + 2)
            self.recordExit(status)
        }
    }

    private func recordExit(_ status: Int32) {
        let waiters = state.withLock { state in
            state.status = status
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }

    /// Asks the process to finish its work and stop (SIGTERM).
    public func terminate() {
        if !hasExited { Glibc.kill(pid, SIGTERM) }
    }

    public func kill(signal: Int32) {
        if !hasExited { Glibc.kill(pid, signal) }
    }

    public var hasExited: Bool { state.withLock { $0.status != nil } }

    /// Waits until the process has exited and returns its status (128 + signal when killed).
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status: Int32? = state.withLock { state in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    /// Waits at most `timeout` for the process to exit.
    public func exitStatus(within timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = state.withLock({ $0.status }) { return status }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return state.withLock { $0.status }
    }
}
