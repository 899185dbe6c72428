import Foundation

extension HTTPTestClient {
    /// Signs `name` up through the gateway (`name@example.com`, password `correct horse battery`): the
    /// account's id and its access token.
    public func signUp(_ name: String) async throws -> (id: UUID, token: String) {
        let reply = try await send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "\(name)@example.com", "username": name,
                "password": "correct horse battery", "displayName": name,
            ])
        let json = try reply.json()
        guard let token = (json["tokens"] as? [String: Any])?["accessToken"] as? String,
            let id = ((json["account"] as? [String: Any])?["userId"] as? String).flatMap(UUID.init(uuidString:))
        else {
            throw TestFailure("sign-up of \(name) answered \(reply.status): \(reply.text.prefix(300))")
        }
        return (id, token)
    }
}
