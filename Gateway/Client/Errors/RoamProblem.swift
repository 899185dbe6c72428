import Foundation

/// An answer the gateway gave as a problem document (RFC 9457): what a call through a session throws
/// for any 4xx or 5xx, so an app catches one error type and switches on `reason`. Find it in what a
/// call threw with `error.roamProblem`.
public struct RoamProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field of the request the gateway refused, named as the client sent it (`location.latitude`).
    public struct FieldError: Hashable, Sendable {
        public let field: String
        public let description: String
    }

    /// The operation that was answered (`createPin`).
    public let operationID: String
    public let status: Int
    /// A stable upper-snake-case code for programs: `USERNAME_TAKEN`, `PIN_TOO_CLOSE`, `RATE_LIMITED`.
    /// The stable code: match it with the contract's constants (`.usernameTaken`) or its text.
    public let reason: ProblemReason
    /// What went wrong, for people.
    public let detail: String
    /// The fields at fault, when the request itself was.
    public let fields: [FieldError]
    /// The id of what the request collides with (a 409 `PIN_TOO_CLOSE` names the pin).
    public let conflictingId: String?
    /// The request's id, for the operator's logs.
    public let requestId: String?
    /// How long the gateway asked the client to wait before trying again (`Retry-After`).
    public let retryAfter: Duration?

    public init(
        operationID: String, status: Int, reason: String, detail: String, fields: [FieldError] = [],
        conflictingId: String? = nil, requestId: String? = nil, retryAfter: Duration? = nil
    ) {
        self.operationID = operationID
        self.status = status
        self.reason = ProblemReason(rawValue: reason)
        self.detail = detail
        self.fields = fields
        self.conflictingId = conflictingId
        self.requestId = requestId
        self.retryAfter = retryAfter
    }

    /// The problem a document describes; an answer that is not one (a proxy's HTML page) keeps its
    /// status, with `HTTP_<status>` as the reason.
    init(operationID: String, status: Int, body: Data, retryAfter: Duration?) {
        guard let document = try? JSONDecoder().decode(Document.self, from: body), let reason = document.reason else {
            self.init(
                operationID: operationID, status: status, reason: "HTTP_\(status)",
                detail: String(decoding: body.prefix(500), as: UTF8.self), retryAfter: retryAfter)
            return
        }
        self.init(
            operationID: operationID, status: status, reason: reason, detail: document.detail ?? "",
            fields: (document.errors ?? []).map { FieldError(field: $0.field, description: $0.description) },
            conflictingId: document.conflictingId, requestId: document.requestId,
            retryAfter: retryAfter ?? document.retryAfter.map { .seconds($0) })
    }

    /// A problem document as read here: every member optional, so a partial one still says what it can.
    private struct Document: Decodable {
        struct Field: Decodable {
            let field: String
            let description: String
        }

        let reason: String?
        let detail: String?
        let errors: [Field]?
        let conflictingId: String?
        let requestId: String?
        let retryAfter: Int?
        let status: Int?
    }

    /// The problem a stream sent as an event (its status is the document's).
    init(operationID: String, event data: Data) {
        let status = (try? JSONDecoder().decode(Document.self, from: data))?.status ?? 0
        self.init(operationID: operationID, status: status, body: data, retryAfter: nil)
    }

    /// The `reason` of a problem document, without decoding the rest.
    static func reason(in document: Data) -> String? {
        (try? JSONDecoder().decode(Document.self, from: document))?.reason
    }

    /// Whether the same request may succeed later: the gateway or a service behind it briefly
    /// unavailable (5xx), a wait asked for (408, 425, 429), or the same key's first try still being
    /// handled. Any other refusal stands, however often it is sent.
    public var isTransient: Bool {
        status >= 500 || [408, 425, 429].contains(status) || reason == "IDEMPOTENCY_KEY_IN_USE"
    }

    public var description: String {
        let fields = self.fields.map { "\($0.field): \($0.description)" }.joined(separator: "; ")
        return "\(operationID) answered \(status) \(reason): \(detail)" + (fields.isEmpty ? "" : " (\(fields))")
    }
}
