import Crypto
import Foundation

/// Random bearer secrets (refresh, verification and reset tokens). Only their SHA-256 is stored, so a
/// leaked database does not hand out working tokens.
public enum OpaqueToken {
    /// 256 random bits, base64url without padding.
    public static func generate() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncodedString
    }

    public static func digest(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }
}
