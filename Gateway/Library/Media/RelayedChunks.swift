import AsyncAlgorithms

/// The relayed chunks; when the HTTP response stops reading them (done, or the client went away),
/// the call ends with it.
struct RelayedChunks: AsyncSequence, Sendable {
    let chunks: AsyncThrowingChannel<ArraySlice<UInt8>, any Error>
    let task: Task<Void, Never>

    final class Iterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingChannel<ArraySlice<UInt8>, any Error>.Iterator
        private let task: Task<Void, Never>

        init(_ sequence: RelayedChunks) {
            base = sequence.chunks.makeAsyncIterator()
            task = sequence.task
        }

        deinit { task.cancel() }

        func next() async throws -> ArraySlice<UInt8>? {
            try await base.next()
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(self) }
}
