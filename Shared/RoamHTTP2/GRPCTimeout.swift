/// The `grpc-timeout` header (`<digits><unit>`, unit one of H M S m u n).
public enum GRPCTimeout {
    /// The header a call's time limit arrives in.
    public static let key = "grpc-timeout"
    /// Where the nghttp2 server transport puts `grpc-timeout` once it has taken the limit on itself:
    /// grpc-swift's executor starts a task and a dispatch timer for every call that has one.
    public static let enforcedKey = "roam-enforced-grpc-timeout"

    public static func duration(_ text: String) -> Duration? {
        guard let unit = text.last, let amount = Int64(text.dropLast()), amount >= 0 else { return nil }
        switch unit {
        case "H": return .seconds(amount * 3600)
        case "M": return .seconds(amount * 60)
        case "S": return .seconds(amount)
        case "m": return .milliseconds(amount)
        case "u": return .microseconds(amount)
        case "n": return .nanoseconds(amount)
        default: return nil
        }
    }
}
