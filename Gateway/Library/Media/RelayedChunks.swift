import AsyncAlgorithms

/// The relayed chunks; the call lives as long as they are held (`RelayTask`).
struct RelayedChunks: AsyncSequence, Sendable {
    let chunks: AsyncThrowingChannel<ArraySlice<UInt8>, any Error>
    let task: RelayTask

    final class Iterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingChannel<ArraySlice<UInt8>, any Error>.Iterator
        private let task: RelayTask

        init(_ sequence: RelayedChunks) {
            base = sequence.chunks.makeAsyncIterator()
            task = sequence.task
        }

        func next() async throws -> ArraySlice<UInt8>? {
            try await base.next()
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(self) }
}
