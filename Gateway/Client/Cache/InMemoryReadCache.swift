/// Answers kept while the process runs.
public actor InMemoryReadCache: ReadCache {
    private var answers: [String: CachedAnswer] = [:]

    public init() {}

    public func answer(for key: String) -> CachedAnswer? { answers[key] }

    public func store(_ answer: CachedAnswer, for key: String) { answers[key] = answer }

    public func removeAll() { answers = [:] }
}
