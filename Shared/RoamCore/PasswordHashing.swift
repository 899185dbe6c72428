/// Turns passwords into stored hashes and checks them. The runtime's `PasswordHasher` does it with
/// Argon2id; domain code only needs these two steps.
public protocol PasswordHashing: Sendable {
    func hash(_ password: String) async throws -> String
    func verify(_ password: String, against encoded: String) async throws -> Bool
}
