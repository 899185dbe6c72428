/// The parts a stream received, as the call reads them: each message taken is reported back, so
/// the connection can credit its bytes to the peer (`InboundFlow`).
struct InboundParts<Part: Sendable>: AsyncSequence, Sendable {
    typealias Element = Part

    let parts: AsyncThrowingStream<Part, any Error>
    /// The wire size of a part (0 for all but messages).
    let size: @Sendable (Part) -> Int
    let taken: @Sendable (Int) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var parts: AsyncThrowingStream<Part, any Error>.AsyncIterator
        let size: @Sendable (Part) -> Int
        let taken: @Sendable (Int) -> Void

        mutating func next() async throws -> Part? {
            guard let part = try await parts.next() else { return nil }
            let count = size(part)
            if count > 0 { taken(count) }
            return part
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(parts: parts.makeAsyncIterator(), size: size, taken: taken)
    }
}
