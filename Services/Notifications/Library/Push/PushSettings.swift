import RoamRuntime

/// The push services this deployment reaches (either, both or none: without one, notifications stay in
/// the inbox and on the live stream) and how patiently a push is retried.
public struct PushSettings: Sendable {
    public var apns: APNsSettings?
    public var fcm: FCMSettings?
    /// A PEM file of authorities to trust instead of the system's (`PUSH_CA_PATH`).
    public var trustRoots: String?
    /// The longest pause between tries of one push (`PUSH_RETRY_MAX_PAUSE`).
    public var longestPause: Duration

    public init(environment: Environment) throws(ConfigurationError) {
        apns = try APNsSettings(environment: environment)
        fcm = try FCMSettings(environment: environment)
        trustRoots = environment.optionalString("PUSH_CA_PATH").flatMap { $0.isEmpty ? nil : $0 }
        longestPause = try environment.duration("PUSH_RETRY_MAX_PAUSE", default: .seconds(300))
    }
}
