import Crypto
import Foundation

/// Random bearer secrets: 256 random bits, base64url without padding. Only their SHA-256 is stored,
/// so a leaked database does not hand out working tokens.
public struct OpaqueToken: SecretTokens {
    public init() {}

    public func generate() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncodedString
    }

    public func digest(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }
}
