import Foundation
import RoamCore
import RoamRuntime
import Testing

/// A key held by a running call is refused to a second one at once; it is free again when the call
/// ends, however it ends.
@Suite struct InFlightKeysTests {
    /// Holds `name` in `keys` until the returned release is called.
    static func holding(_ name: String, in keys: InFlightKeys) async throws -> (release: @Sendable () -> Void, done: Task<Void, any Error>) {
        let (held, heldSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let done = Task {
            try await keys.hold(name) {
                heldSignal.yield()
                for await _ in release { break }
            }
        }
        for await _ in held { break }
        return ({ releaseSignal.yield() }, done)
    }

    @Test func aKeyHeldHereIsRefusedHereUntilItsCallEnds() async throws {
        let keys = InFlightKeys()
        let (release, done) = try await Self.holding("trips/ana/k1", in: keys)
        await #expect(throws: IdempotentRequest.keyInUse) { try await keys.hold("trips/ana/k1") {} }
        #expect(try await keys.hold("trips/ana/k2") { 2 } == 2, "another key is free")
        release()
        try await done.value
        #expect(try await keys.hold("trips/ana/k1") { 1 } == 1)
        // A call that fails lets its key go too.
        await #expect(throws: CancellationError.self) { try await keys.hold("trips/ana/k1") { throw CancellationError() } }
        #expect(try await keys.hold("trips/ana/k1") { 1 } == 1)
    }
}
