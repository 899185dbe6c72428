import Crypto
import Foundation

/// The fingerprint `IdempotentRequest` compares: SHA-256 over the method, the target (path and query as
/// sent) and the body, in base64url. A JSON body counts by its content, with its keys sorted and no
/// spacing, so a client that serialises the same object again gets the same fingerprint.
public enum RequestFingerprint {
    public static func make(method: String, target: String, body: some Sequence<UInt8>) -> String {
        let bytes = Data(body)
        let content = (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])).flatMap(canonical) ?? bytes
        return make(method: method, target: target, content: content)
    }

    /// The same for a JSON body already read with `JSONSerialization` (`.fragmentsAllowed`): equal to
    /// `make(method:target:body:)` of its bytes.
    public static func make(method: String, target: String, json: Any) -> String {
        make(method: method, target: target, content: canonical(json) ?? Data())
    }

    private static func canonical(_ json: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    }

    private static func make(method: String, target: String, content: Data) -> String {
        var hash = SHA256()
        hash.update(data: Data("\(method) \(target)\n".utf8))
        hash.update(data: content)
        return Data(hash.finalize()).base64URLEncodedString
    }

    /// An `Idempotency-Key` as metadata can carry it whatever its characters: SHA-256 in base64url.
    public static func digest(ofKey key: String) -> String {
        Data(SHA256.hash(data: Data(key.utf8))).base64URLEncodedString
    }
}
