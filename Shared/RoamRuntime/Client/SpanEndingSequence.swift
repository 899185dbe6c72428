import GRPCCore

/// A response's parts, passed on unchanged, ending the call's span at the last one (or its error).
struct SpanEndingSequence<Element: Sendable>: AsyncSequence, Sendable {
    let base: RPCAsyncSequence<Element, any Error>
    let span: EndingSpan

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), span: span)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: RPCAsyncSequence<Element, any Error>.AsyncIterator
        let span: EndingSpan

        mutating func next() async throws -> Element? {
            do {
                guard let element = try await base.next() else {
                    span.end()
                    return nil
                }
                return element
            } catch {
                span.end(failing: error)
                throw error
            }
        }
    }
}
