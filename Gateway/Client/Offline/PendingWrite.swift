import Foundation
import HTTPTypes

/// A write made while the gateway could not be reached, kept as the request it was (its idempotency key
/// included, its token not) until it is sent: a create, a `PUT`, `PATCH` or `DELETE`, or a photo or
/// video uploaded from a file (kept as a copy of the file).
///
/// A create's or an upload's `id` stands for the id the gateway will give it: use
/// `placeholder` in the path or body of a later write (an edit of an entry made offline, a post with a
/// photo not uploaded yet), and that write is sent after it with the real id in its place.
public struct PendingWrite: Codable, Hashable, Sendable, Identifiable {
    public let id: UUID
    /// The operation, as the generated client names it (`createPin`, `uploadMedia`).
    public let operationID: String
    public let method: String
    /// The path and query, after the gateway's base path.
    public let path: String
    /// Each header as a name and a value, in order; never the `Authorization` one.
    public let headers: [[String]]
    public let body: Data?
    /// A create's key, which makes sending it again safe: the gateway applies it once, whatever the
    /// tries. `PUT`, `PATCH` and `DELETE` have none: applying them twice is applying them once.
    public let idempotencyKey: String?
    /// An upload's copy of its file, in the store's `filesDirectory`.
    public let fileName: String?
    public let queuedAt: Date
    /// The account it was made as: it is sent as that account or not at all (nil, from an older
    /// version, is sent as nobody).
    public let userID: String?

    init(operationID: String, request: HTTPRequest, body: Data?, idempotencyKey: String?, userID: String?, fileName: String? = nil) {
        self.id = UUID()
        self.userID = userID
        self.operationID = operationID
        self.method = request.method.rawValue
        self.path = request.path ?? "/"
        self.headers = request.headerFields.filter { $0.name != .authorization }.map { [$0.name.rawName, $0.value] }
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.fileName = fileName
        self.queuedAt = Date()
    }

    private init(copying write: PendingWrite, path: String, body: Data?) {
        self.id = write.id
        self.operationID = write.operationID
        self.method = write.method
        self.path = path
        self.headers = write.headers
        self.body = body
        self.idempotencyKey = write.idempotencyKey
        self.fileName = write.fileName
        self.queuedAt = write.queuedAt
        self.userID = write.userID
    }

    /// What stands for the id the gateway gives this create or upload, until it does.
    public var placeholder: String { id.uuidString.lowercased() }

    /// Whether it names `placeholder` in its path or body.
    func names(_ placeholder: String) -> Bool {
        path.contains(placeholder) || body.map { String(decoding: $0, as: UTF8.self).contains(placeholder) } == true
    }

    /// The write with each placeholder in `ids` replaced by the id it stands for.
    func resolving(_ ids: [String: String]) -> PendingWrite {
        var path = self.path
        var text = body.map { String(decoding: $0, as: UTF8.self) }
        for (placeholder, id) in ids where names(placeholder) {
            path = path.replacingOccurrences(of: placeholder, with: id)
            text = text?.replacingOccurrences(of: placeholder, with: id)
        }
        return PendingWrite(copying: self, path: path, body: text.map { Data($0.utf8) })
    }

    /// The request to send, without a token (the session adds the current one).
    var request: HTTPRequest {
        var fields = HTTPFields()
        for header in headers where header.count == 2 {
            if let name = HTTPField.Name(header[0]) { fields.append(HTTPField(name: name, value: header[1])) }
        }
        return HTTPRequest(method: HTTPRequest.Method(method) ?? .post, scheme: nil, authority: nil, path: path, headerFields: fields)
    }

    /// Whether it makes something with an id of its own: a create or an upload.
    var creates: Bool { method == "POST" }
}
