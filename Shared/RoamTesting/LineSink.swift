import Foundation
import RoamLocal
import RoamRuntime
import Synchronization

/// The output lines of a process, for failure messages and for tools that read what it printed.
public final class LineSink: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    public func last(_ count: Int) -> String {
        lines.withLock { $0.suffix(count).joined(separator: "\n") }
    }

    public var text: String { lines.withLock { $0.joined(separator: "\n") } }
}

extension LineSink {
    /// Every line so far.
    public var all: [String] { last(Int.max).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Waits until a line satisfies `match`, or gives up after `timeout`.
    public func waitFor(timeout: Duration = .seconds(30), _ match: @Sendable (String) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { $0.contains(where: match) }
    }

    /// Waits until the lines so far satisfy `condition`, or gives up after `timeout`.
    public func waitUntil(timeout: Duration = .seconds(30), _ condition: @Sendable ([String]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(all) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
