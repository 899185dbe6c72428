/// Which of Apple's push servers a token is valid on: an app built for development (from Xcode) gets
/// sandbox tokens, one from TestFlight or the App Store production ones.
public enum APNsEnvironment: String, Sendable, Hashable {
    case production
    case sandbox
}
