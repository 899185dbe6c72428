import Crypto
import Foundation
import RoamRuntime

/// An Ed25519 key accounts signs access tokens with. The keys come from `ACCOUNTS_SIGNING_KEY`
/// (base64url of the 32-byte seeds, comma-separated) or a key file (one per line); when neither exists,
/// one is generated and kept in the file so a restart does not log everybody out (`SigningKeyring`).
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

    public static func load(environment: Environment) throws -> SigningKeyring {
        try load(from: Source(environment: environment))
    }

    /// The keyring the source holds; a key file that does not exist yet is made with one new key.
    public static func load(from source: Source) throws -> SigningKeyring {
        let path: String
        switch source {
        case .inline(let encoded): return try decode(list: encoded, separator: ",", variable: "ACCOUNTS_SIGNING_KEY")
        case .file(let filePath): path = filePath
        }
        if let contents = FileManager.default.contents(atPath: path) {
            return try decode(list: String(decoding: contents, as: UTF8.self), separator: "\n", variable: "ACCOUNTS_SIGNING_KEY_FILE")
        }
        let keyring = SigningKeyring(signing: SigningKey(privateKey: Curve25519.Signing.PrivateKey()))
        try save(keyring, to: path)
        return keyring
    }

    /// Writes the keyring to its file (mode 0600), replacing it whole.
    public static func save(_ keyring: SigningKeyring, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let temporary = "\(path).new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(keyring.fileContents.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "cannot write the keys to \(path)")
        }
        // Renamed into place, so a process starting meanwhile reads the old keys or the new, never half.
        guard rename(temporary, path) == 0 else {
            throw ConfigurationError(variable: "ACCOUNTS_SIGNING_KEY_FILE", problem: "cannot replace \(path)")
        }
    }

    /// The signing key first, then keys still published, and at most one marked `prepared `.
    private static func decode(list: String, separator: Character, variable: String) throws -> SigningKeyring {
        let entries = list.split(separator: separator).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let prepared = entries.filter { $0.hasPrefix(SigningKeyring.preparedMark) }
        let active = try entries.filter { !$0.hasPrefix(SigningKeyring.preparedMark) }.map { try decode($0, variable: variable) }
        guard let signing = active.first, prepared.count <= 1 else {
            throw ConfigurationError(variable: variable, problem: "expected a signing key first, and at most one prepared key")
        }
        return SigningKeyring(
            signing: signing, retiring: Array(active.dropFirst()),
            prepared: try prepared.first.map { try decode(String($0.dropFirst(SigningKeyring.preparedMark.count)), variable: variable) })
    }

    private static func decode(_ encoded: String, variable: String) throws -> SigningKey {
        guard let seed = Data(base64URLEncoded: encoded), seed.count == 32,
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        else {
            throw ConfigurationError(variable: variable, problem: "expected the base64url encoding of a 32-byte Ed25519 seed")
        }
        return SigningKey(privateKey: key)
    }
}
