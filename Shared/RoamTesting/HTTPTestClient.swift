import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP/1.1 client for tests (Foundation's URLSession), talking to a gateway on loopback.
public struct HTTPTestClient: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }

        /// The body as text, for messages when an expectation fails.
        public var text: String { String(decoding: body, as: UTF8.self) }

        public func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        }

        /// The `reason` of a problem document.
        public var reason: String? { (try? json())?["reason"] as? String }

        public var problemFields: [String] {
            ((try? json())?["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
        }
    }

    public let base: URL
    private let session: URLSession

    public init(port: Int) {
        base = URL(string: "http://127.0.0.1:\(port)")!
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    public func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, body: Data? = nil, token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var replyHeaders: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { replyHeaders[name] = value }
        }
        return Reply(status: http.statusCode, headers: replyHeaders, body: data)
    }
}
