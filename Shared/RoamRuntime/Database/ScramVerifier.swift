import Crypto
import Foundation

/// What PostgreSQL stores for a SCRAM-SHA-256 password (RFC 5802, RFC 7677), made here so the role's
/// password itself never travels in a statement that the server might log. PBKDF2 is a few lines on
/// swift-crypto's HMAC: the swift-crypto in the package mirror has no PBKDF2.
public struct ScramVerifier: Sendable {
    public static let iterations = 4096
    public var salt: [UInt8]
    public var storedKey: [UInt8]
    public var serverKey: [UInt8]

    public init(password: String, salt: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255) }, iterations: Int = Self.iterations) {
        let salted = Self.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        let key = SymmetricKey(data: salted)
        let clientKey = Array(HMAC<SHA256>.authenticationCode(for: Array("Client Key".utf8), using: key))
        self.salt = salt
        storedKey = Array(SHA256.hash(data: clientKey))
        serverKey = Array(HMAC<SHA256>.authenticationCode(for: Array("Server Key".utf8), using: key))
    }

    /// `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, as `pg_authid.rolpassword` holds it.
    public var text: String {
        "SCRAM-SHA-256$\(Self.iterations):\(Data(salt).base64EncodedString())$\(Data(storedKey).base64EncodedString()):\(Data(serverKey).base64EncodedString())"
    }

    /// PBKDF2-HMAC-SHA256 with one 32-byte block, which is all SCRAM-SHA-256 asks for.
    static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let key = SymmetricKey(data: password)
        var block = Array(HMAC<SHA256>.authenticationCode(for: salt + [0, 0, 0, 1], using: key))
        var result = block
        for _ in 1..<iterations {
            block = Array(HMAC<SHA256>.authenticationCode(for: block, using: key))
            for index in result.indices { result[index] ^= block[index] }
        }
        return result
    }
}
