import Foundation
import RoamRuntime
import Testing

@testable import Gateway

/// The gateway reads a JSON body once, with `JSONSerialization`, for its checks and the idempotency
/// fingerprint (`InputCheckMiddleware`): what that read gives must be what the readers before it gave.
@Suite struct OneJSONReadTests {
    static let bodies = [
        #"{"a":true,"b":false,"c":0,"d":1,"e":-7,"f":1.5,"g":1.0,"h":1e3,"i":-0.0,"j":2.5e-3}"#,
        #"{"big":12345678901234567890,"bigger":1e300,"max":9223372036854775807,"min":-9223372036854775808}"#,
        #"{"name":"café \u00e9 / \"quoted\"","tags":["a",null,[true,0]],"place":{"latitude":48.85,"longitude":2.35}}"#,
        #"[1,"two",false,null]"#, #""alone""#, "42", "true", "null",
    ]

    /// As `JSONDecoder` decodes `OpenAPIValue`, what the schema check was given before: booleans stay
    /// booleans on Linux (NSNumber there too), `1.0` and `1e3` are integers.
    @Test(arguments: bodies)
    func serializationGivesTheValueTheDecoderGave(body: String) throws {
        let decoded = try JSONDecoder().decode(OpenAPIValue.self, from: Data(body.utf8))
        let read = OpenAPIValue(jsonObject: try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]))
        #expect(read == decoded)
    }

    /// The fingerprint of the object read once is the fingerprint of the bytes, so a retry across an
    /// upgrade is still the same request.
    @Test(arguments: bodies)
    func fingerprintOfTheReadObjectIsTheFingerprintOfTheBytes(body: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
        #expect(
            RequestFingerprint.make(method: "POST", target: "/v1/trips", json: object)
                == RequestFingerprint.make(method: "POST", target: "/v1/trips", body: Array(body.utf8)))
    }
}
