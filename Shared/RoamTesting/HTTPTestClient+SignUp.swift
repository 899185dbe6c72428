import Foundation

extension HTTPTestClient {
    /// Signs `name` up through the gateway (`name@example.com`, password `correct horse battery`): the
    /// account's id and its access token. As an app would, it tries again when the gateway answers 503
    /// with `Retry-After` (a database slowed by a loaded test run), and logs in when a try it never heard
    /// back from had created the account.
    public func signUp(_ name: String) async throws -> (id: UUID, token: String) {
        var reply = try await send(
            "POST", "/v1/auth/signup",
            json: ["email": "\(name)@example.com", "username": name, "password": "correct horse battery", "displayName": name])
        for _ in 0..<5 where reply.status == 503 {
            try await Task.sleep(for: .seconds(Int(reply.headers["Retry-After"] ?? "") ?? 1))
            reply = try await send(
                "POST", "/v1/auth/signup",
                json: ["email": "\(name)@example.com", "username": name, "password": "correct horse battery", "displayName": name])
            if reply.status == 409 {
                reply = try await send("POST", "/v1/auth/login", json: ["identifier": name, "password": "correct horse battery"])
            }
        }
        let json = try reply.json()
        guard let token = (json["tokens"] as? [String: Any])?["accessToken"] as? String,
            let id = ((json["account"] as? [String: Any])?["userId"] as? String).flatMap(UUID.init(uuidString:))
        else {
            throw TestFailure("sign-up of \(name) answered \(reply.status): \(reply.text.prefix(300))")
        }
        return (id, token)
    }
}
