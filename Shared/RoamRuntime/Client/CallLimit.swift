import Synchronization

/// Lets at most `limit` calls run at once; the others wait their turn, first come first served, and
/// one cancelled while waiting stops waiting at once. Written here because none of the stack's
/// packages offers an async semaphore (NIO's and grpc-swift's are internal).
final class CallLimit: Sendable {
    private enum Entry {
        /// Queued; its task has not handed over its continuation yet.
        case announced
        case waiting(CheckedContinuation<Void, any Error>)
        /// Given a place before its continuation was handed over.
        case admitted
        /// Cancelled before its continuation was handed over.
        case cancelled
    }

    private struct State {
        var running = 0
        /// Entries still queued (announced or waiting); while any is, every place is taken.
        var queued = 0
        var entries: [UInt64: Entry] = [:]
        var queue: [UInt64] = []
        var head = 0
        var nextTicket: UInt64 = 0

        /// How a ticket left the queue: marked (its task has not handed over its continuation yet) or
        /// with the continuation it was waiting on.
        enum Departure {
            case marked
            case waiting(CheckedContinuation<Void, any Error>)
        }

        /// Takes `ticket` out of the queue, marking it `mark` if its continuation has not come yet; nil
        /// when it had already left.
        mutating func leaveQueue(_ ticket: UInt64, marking mark: Entry) -> Departure? {
            switch entries[ticket] {
            case .announced:
                entries[ticket] = mark
                queued -= 1
                return .marked
            case .waiting(let continuation):
                entries[ticket] = nil
                queued -= 1
                return .waiting(continuation)
            case .admitted, .cancelled, nil:
                return nil
            }
        }

        /// Drops the tickets already passed once they are most of the queue.
        mutating func compactQueue() {
            guard head > 64, head * 2 > queue.count else { return }
            queue.removeFirst(head)
            head = 0
        }
    }

    let limit: Int
    private let state = Mutex(State())

    init(_ limit: Int) {
        precondition(limit > 0, "a call limit must admit at least one call")
        self.limit = limit
    }

    /// Runs `body` once a place is free, and frees it after.
    func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await enter()
        defer { leave() }
        return try await body()
    }

    /// How many calls are running and how many wait (for tests and metrics).
    var counts: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.queued) }
    }

    private func enter() async throws {
        let ticket = state.withLock { state -> UInt64? in
            if state.running < limit && state.queued == 0 {
                state.running += 1
                return nil
            }
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.entries[ticket] = .announced
            state.queue.append(ticket)
            state.queued += 1
            return ticket
        }
        guard let ticket else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    switch state.entries[ticket] {
                    case .announced:
                        state.entries[ticket] = .waiting(continuation)
                        return nil
                    case .admitted:
                        state.entries[ticket] = nil
                        return .success(())
                    case .cancelled, .waiting, nil:
                        state.entries[ticket] = nil
                        return .failure(CancellationError())
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                if case .waiting(let continuation) = state.leaveQueue(ticket, marking: .cancelled) { return continuation }
                return nil
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Hands the place to the longest waiting caller, if any.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state.compactQueue() }
            while state.head < state.queue.count {
                let ticket = state.queue[state.head]
                state.head += 1
                switch state.leaveQueue(ticket, marking: .admitted) {
                case .marked: return nil
                case .waiting(let continuation): return continuation
                case nil: continue
                }
            }
            state.running -= 1
            return nil
        }
        next?.resume()
    }
}
