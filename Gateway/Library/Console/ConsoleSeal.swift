import Crypto
import Foundation

/// Seals the console's session into its cookie and opens it again (AES-GCM: nobody can read the tokens
/// in it or change a byte unnoticed), and makes and checks the CSRF tokens of its forms (HMAC-SHA256).
/// Both keys come from the service secret, each for its own purpose, so every gateway replica opens
/// what another sealed and a new secret ends every console session.
struct ConsoleSeal: Sendable {
    private let sealingKey: SymmetricKey
    private let formKey: SymmetricKey

    init(serviceSecret: String) {
        let secret = SymmetricKey(data: Data(serviceSecret.utf8))
        sealingKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: secret, salt: Data("roam-console".utf8), info: Data("session cookie v1".utf8), outputByteCount: 32)
        formKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: secret, salt: Data("roam-console".utf8), info: Data("form token v1".utf8), outputByteCount: 32)
    }

    func seal(_ session: ConsoleSession) -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        // Encoding this struct and sealing with a 256-bit key cannot fail.
        let plain = try! encoder.encode(session)
        let box = try! AES.GCM.seal(plain, using: sealingKey)
        return Base64URL.encode(box.combined!)
    }

    /// The session, or nil for anything not sealed by this secret.
    func open(_ cookie: String) -> ConsoleSession? {
        guard let data = Base64URL.decode(cookie),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: sealingKey)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(ConsoleSession.self, from: plain)
    }

    /// The token a form carries: bound to one secret (a session's, or the sign-in page's cookie's).
    func formToken(for secret: String) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(secret.utf8), using: formKey)))
    }

    func isValidFormToken(_ token: String, for secret: String) -> Bool {
        guard let code = Base64URL.decode(token), !secret.isEmpty else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(secret.utf8), using: formKey)
    }

    /// 128 random bits, for a session's CSRF secret or the sign-in page's.
    static func randomSecret() -> String {
        Base64URL.encode(Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }))
    }
}
