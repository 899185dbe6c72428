import Crypto
import Foundation
import RoamRuntime

/// The Ed25519 key accounts signs access tokens with. It comes from `ACCOUNTS_SIGNING_KEY`
/// (base64url of the 32-byte seed) or a key file; in development, when neither exists, it is
/// generated once and kept in the file so a restart does not log everybody out.
public struct SigningKey: Sendable {
    public let privateKey: Curve25519.Signing.PrivateKey
    /// Derived from the public key, so every replica with the same key names it the same.
    public let keyID: String

    public init(privateKey: Curve25519.Signing.PrivateKey) {
        self.privateKey = privateKey
        let digest = SHA256.hash(data: privateKey.publicKey.rawRepresentation)
        keyID = String(Data(digest).base64URLEncodedString.prefix(16))
    }

    public var publicJWK: JSONWebKey {
        JSONWebKey(x: privateKey.publicKey.rawRepresentation.base64URLEncodedString, kid: keyID)
    }

    /// Where the key comes from, read from the environment without touching the disk.
    public enum Source: Sendable {
        case inline(String)
        case file(path: String)

        public init(environment: Environment) {
            let inline = environment.optionalString("ACCOUNTS_SIGNING_KEY")
            let path = environment.string("ACCOUNTS_SIGNING_KEY_FILE", default: ".roam/accounts-signing-key")
            self = inline.map(Source.inline) ?? .file(path: path)
        }
    }

    public static func load(environment: Environment) throws -> SigningKey {
        try load(from: Source(environment: environment))
    }

    public static func load(from source: Source) throws -> SigningKey {
        let path: String
        switch source {
        case .inline(let encoded): return try decode(encoded, variable: "ACCOUNTS_SIGNING_KEY")
        case .file(let filePath): path = filePath
        }
        if let contents = FileManager.default.contents(atPath: path) {
            return try decode(String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                              variable: "ACCOUNTS_SIGNING_KEY_FILE")
        }
        let key = SigningKey(privateKey: Curve25519.Signing.PrivateKey())
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        guard FileManager.default.createFile(atPath: path, contents: Data(key.privateKey.rawRepresentation.base64URLEncodedString.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "cannot write a new key to \(path)")
        }
        return key
    }

    private static func decode(_ encoded: String, variable: String) throws -> SigningKey {
        guard let seed = Data(base64URLEncoded: encoded), seed.count == 32,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw ConfigurationError(variable: variable, problem: "expected the base64url encoding of a 32-byte Ed25519 seed")
        }
        return SigningKey(privateKey: key)
    }
}
