import Foundation
import RoamRuntime
import Synchronization

/// A purge target that is down for its first `failures` calls and remembers what it purged (event,
/// user and trip ids alike).
public final class FlakyPurgeTarget: PurgeTarget {
    public let name: String
    private let state: Mutex<(failuresLeft: Int, purged: [UUID])>

    public init(name: String, failures: Int) {
        self.name = name
        state = Mutex((failures, []))
    }

    public func purgeEvent(_ eventID: UUID) async throws {
        try purge(eventID)
    }

    public func purgeUser(_ userID: UUID) async throws {
        try purge(userID)
    }

    public func purgeTrip(_ tripID: UUID) async throws {
        try purge(tripID)
    }

    private func purge(_ id: UUID) throws {
        try state.withLock { state in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw RoamError.unavailable
            }
            state.purged.append(id)
        }
    }

    public var purged: [UUID] { state.withLock { $0.purged } }
}
