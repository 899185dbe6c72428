import Synchronization
import Tracing

/// Whether this process records spans, and the helpers every layer uses to record one. Off unless
/// `TraceSettings` turned export on, and then each helper costs one branch: no span, no context.
public enum Traces {
    private static let exporting = Atomic<Bool>(false)

    /// The span of the call or request being served, so the step that learns who is calling can name them.
    @TaskLocal public static var servedSpan: (any Span)?

    public static var areOn: Bool { exporting.load(ordering: .relaxed) }

    /// Whether the work at hand is part of a traced call or request. Background work (outbox
    /// delivery, reminders, polls) records nothing, so a collector gets one trace per user action
    /// rather than one per poll.
    static var isServing: Bool { areOn && servedSpan != nil }

    static func turnOn() {
        exporting.store(true, ordering: .relaxed)
    }

    /// Records the signed-in user on the span of the call or request being served.
    public static func recordUser(_ id: String) {
        guard areOn, let span = servedSpan else { return }
        span.attributes["user.id"] = id
    }

    /// Records the request id (the one on every log line for it) on the span being served.
    public static func recordRequestID(_ id: String) {
        guard areOn, let span = servedSpan else { return }
        span.attributes["roam.request_id"] = id
    }

    /// A client span for one SQL statement, named after its verb. The attribute holds the statement's
    /// text with its `$n` placeholders, never the values bound to them (places, names, tokens).
    static func statement<Result>(
        _ sql: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        guard isServing else { return try await body() }
        return try await withSpan(verb(of: sql), ofKind: .client, isolation: isolation) { span in
            span.attributes["db.system.name"] = "postgresql"
            span.attributes["db.query.text"] = sql
            return try await body()
        }
    }

    /// Whether `value` is a W3C `traceparent` (`version-traceid-parentid-flags`, lower-case hex of 2,
    /// 32, 16 and 2 digits). A malformed one is dropped before the tracer sees it: the tracer logs each
    /// one it cannot read, which would let any caller fill the logs.
    public static func isTraceParent(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.utf8.count) == [2, 32, 16, 2]
            && parts.allSatisfy { part in
                part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
            }
    }

    /// `SELECT`, `INSERT`, `WITH`, … : the first word of a statement.
    static func verb(of sql: String) -> String {
        let words = sql.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" })
        return words.first.map { String($0.prefix(16)).uppercased() } ?? "SQL"
    }
}
