/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns whether it held. For
/// tests waiting on work other tasks or processes do. The default allows a loaded CI machine's
/// worst pause (several seconds while some 80 processes start); a test that passes never waits it.
@discardableResult
public func eventually(timeout: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
