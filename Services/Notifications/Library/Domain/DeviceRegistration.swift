/// What an app sends to register its device for push.
public struct DeviceRegistration: Sendable, Equatable {
    public var token: String
    public var platform: DevicePlatform
    /// APNs only; production when not given.
    public var apnsEnvironment: APNsEnvironment?
    /// The app's bundle id (APNs only); nil uses the deployment's default topic.
    public var topic: String?
    /// BCP 47; "" for English.
    public var language: String

    public init(token: String, platform: DevicePlatform, apnsEnvironment: APNsEnvironment? = nil, topic: String? = nil, language: String = "") {
        self.token = token
        self.platform = platform
        self.apnsEnvironment = apnsEnvironment
        self.topic = topic
        self.language = language
    }
}
