/// One stack of every process at a time in the test process: the fault and security suites each start
/// one, and so do the client's end-to-end suites (`EveryService`); two at once (with the rest of the
/// suite beside them) leave the other tests too little of a two-core machine.
public actor FullStackTurns {
    public static let shared = FullStackTurns()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public func take() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func give() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
