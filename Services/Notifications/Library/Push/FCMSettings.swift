import Foundation
import JWTKit
import RoamRuntime

/// How to reach Firebase Cloud Messaging, from the environment: the project's service-account key, the
/// JSON file Firebase's console gives (`FCM_SERVICE_ACCOUNT_KEY`, a secret, or `FCM_SERVICE_ACCOUNT_KEY_FILE`).
/// `FCM_ENDPOINT` replaces `https://fcm.googleapis.com` (a test server). Nil when the key is unset: no FCM push.
public struct FCMSettings: Sendable {
    public static let endpoint = "https://fcm.googleapis.com"
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"

    public var projectID: String
    public var clientEmail: String
    public var key: Insecure.RSA.PrivateKey
    /// Where the OAuth2 access token is asked for (the key file's `token_uri`).
    public var tokenURI: String
    public var endpoint: String

    struct KeyFile: Decodable {
        let project_id: String
        let client_email: String
        let private_key: String
        let token_uri: String?
    }

    public init?(environment: Environment) throws(ConfigurationError) {
        let variable = "FCM_SERVICE_ACCOUNT_KEY"
        let endpointValue = environment.optionalString("FCM_ENDPOINT")
        guard let json = environment.optionalString(variable), !json.isEmpty else { return nil }
        guard let file = try? JSONDecoder().decode(KeyFile.self, from: Data(json.utf8)) else {
            throw ConfigurationError(
                variable: variable, problem: "is not a service-account key file (JSON with project_id, client_email, private_key)")
        }
        do {
            key = try Insecure.RSA.PrivateKey(pem: file.private_key)
        } catch {
            throw ConfigurationError(variable: variable, problem: "holds a private_key that is not an RSA key in PEM")
        }
        projectID = file.project_id
        clientEmail = file.client_email
        tokenURI = file.token_uri ?? "https://oauth2.googleapis.com/token"
        guard tokenURI.hasPrefix("https://") else { throw ConfigurationError(variable: variable, problem: "has a token_uri that is not https://") }
        endpoint = endpointValue.flatMap { $0.isEmpty ? nil : $0 } ?? Self.endpoint
        guard endpoint.hasPrefix("https://") else { throw ConfigurationError(variable: "FCM_ENDPOINT", problem: "must be an https:// URL") }
    }
}
