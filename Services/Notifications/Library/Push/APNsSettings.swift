import JWTKit
import RoamRuntime

/// How to reach Apple's push service, from the environment: the `.p8` key Apple gives a team
/// (`APNS_KEY`, a secret, or `APNS_KEY_FILE`), its id (`APNS_KEY_ID`), the team (`APNS_TEAM_ID`) and the
/// app's bundle id (`APNS_TOPIC`, for devices that name none). `APNS_ENDPOINT` replaces both of Apple's
/// servers (a test server, a proxy). Nil when `APNS_KEY` is unset: no APNs push.
public struct APNsSettings: Sendable {
    public static let production = "https://api.push.apple.com"
    public static let sandbox = "https://api.sandbox.push.apple.com"

    public var key: ES256PrivateKey
    public var keyID: String
    public var teamID: String
    public var topic: String?
    public var productionEndpoint: String
    public var sandboxEndpoint: String

    public init(key: ES256PrivateKey, keyID: String, teamID: String, topic: String?, productionEndpoint: String, sandboxEndpoint: String) {
        self.key = key
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.productionEndpoint = productionEndpoint
        self.sandboxEndpoint = sandboxEndpoint
    }

    public init?(environment: Environment) throws(ConfigurationError) {
        // Each is read, set or not, so a deployment's settings are all accounted for.
        let (keyIDValue, teamIDValue) = (environment.string("APNS_KEY_ID", default: ""), environment.string("APNS_TEAM_ID", default: ""))
        let topicValue = environment.optionalString("APNS_TOPIC")
        let endpoint = environment.optionalString("APNS_ENDPOINT").flatMap { $0.isEmpty ? nil : $0 }
        guard let pem = environment.optionalString("APNS_KEY"), !pem.isEmpty else { return nil }
        do {
            key = try ES256PrivateKey(pem: pem)
        } catch {
            throw ConfigurationError(variable: "APNS_KEY", problem: "is not an ES256 private key in PEM (the .p8 file Apple gives)")
        }
        func identifier(_ name: String, _ value: String) throws(ConfigurationError) -> String {
            guard value.count == 10, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ConfigurationError(variable: name, problem: "must be the 10-character identifier Apple shows with the key, with APNS_KEY")
            }
            return value
        }
        keyID = try identifier("APNS_KEY_ID", keyIDValue)
        teamID = try identifier("APNS_TEAM_ID", teamIDValue)
        topic = topicValue.flatMap { $0.isEmpty ? nil : $0 }
        if let endpoint, !endpoint.hasPrefix("https://") {
            throw ConfigurationError(variable: "APNS_ENDPOINT", problem: "must be an https:// URL (APNs speaks HTTP/2 over TLS)")
        }
        productionEndpoint = endpoint ?? Self.production
        sandboxEndpoint = endpoint ?? Self.sandbox
    }
}
