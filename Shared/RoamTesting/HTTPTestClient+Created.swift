import Foundation

extension HTTPTestClient {
    /// POSTs `json` as the token's user and answers the new object's id (under `key` in the answer).
    public func created(_ path: String, _ json: [String: Any], token: String, key: String = "id") async throws -> String {
        let reply = try await send("POST", path, json: json, token: token)
        guard let id = try? reply.json()[key] as? String else {
            throw TestFailure("POST \(path) answered \(reply.status): \(reply.text.prefix(300))")
        }
        return id
    }
}
