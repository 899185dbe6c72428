/// One stack of every process at a time in the test process: the fault and security suites each start
/// one, and two at once (with the rest of the suite beside them) leave the other tests too little of a
/// two-core machine.
actor FullStackTurns {
    static let shared = FullStackTurns()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
