import Foundation

/// A device registered by one user's app, which push reaches by its token.
public struct Device: Sendable, Equatable {
    public var token: String
    public var userID: UUID
    public var platform: DevicePlatform
    public var apnsEnvironment: APNsEnvironment?
    public var topic: String?
    public var language: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        token: String, userID: UUID, platform: DevicePlatform, apnsEnvironment: APNsEnvironment?, topic: String?, language: String, createdAt: Date,
        updatedAt: Date
    ) {
        self.token = token
        self.userID = userID
        self.platform = platform
        self.apnsEnvironment = apnsEnvironment
        self.topic = topic
        self.language = language
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public init(_ registration: DeviceRegistration, userID: UUID, at time: Date) {
        self.init(
            token: registration.token, userID: userID, platform: registration.platform, apnsEnvironment: registration.apnsEnvironment,
            topic: registration.topic, language: registration.language, createdAt: time, updatedAt: time)
    }
}
