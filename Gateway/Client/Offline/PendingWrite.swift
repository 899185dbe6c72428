import Foundation
import HTTPTypes

/// A create made while the gateway could not be reached, kept as the request it was (its idempotency
/// key included, its token not) until it is sent.
public struct PendingWrite: Codable, Hashable, Sendable, Identifiable {
    public let id: UUID
    /// The operation, as the generated client names it (`createPin`).
    public let operationID: String
    public let method: String
    /// The path and query, after the gateway's base path.
    public let path: String
    /// Each header as a name and a value, in order; never the `Authorization` one.
    public let headers: [[String]]
    public let body: Data?
    /// The key that makes sending it again safe: the gateway applies it once, whatever the tries.
    public let idempotencyKey: String
    public let queuedAt: Date
    /// The account it was made as: it is sent as that account or not at all (nil, from an older
    /// version, is sent as nobody).
    public let userID: String?

    init(operationID: String, request: HTTPRequest, body: Data?, idempotencyKey: String, userID: String?) {
        self.id = UUID()
        self.userID = userID
        self.operationID = operationID
        self.method = request.method.rawValue
        self.path = request.path ?? "/"
        self.headers = request.headerFields.filter { $0.name != .authorization }.map { [$0.name.rawName, $0.value] }
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.queuedAt = Date()
    }

    /// The request to send, without a token (the session adds the current one).
    var request: HTTPRequest {
        var fields = HTTPFields()
        for header in headers where header.count == 2 {
            if let name = HTTPField.Name(header[0]) { fields.append(HTTPField(name: name, value: header[1])) }
        }
        return HTTPRequest(method: HTTPRequest.Method(method) ?? .post, scheme: nil, authority: nil, path: path, headerFields: fields)
    }
}
