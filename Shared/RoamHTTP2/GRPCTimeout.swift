/// The `grpc-timeout` header (`<digits><unit>`, unit one of H M S m u n).
public enum GRPCTimeout {
    /// The header a call's time limit arrives in.
    public static let key = "grpc-timeout"
    /// Where the nghttp2 server transport puts `grpc-timeout` once it has taken the limit on itself:
    /// grpc-swift's executor starts a task and a dispatch timer for every call that has one.
    public static let enforcedKey = "roam-enforced-grpc-timeout"

    /// The limit, or nil for anything but one to eight ASCII digits and a unit (gRPC's own bound: more
    /// digits of hours would overflow, and trap, where they are multiplied out).
    public static func duration(_ text: String) -> Duration? {
        let digits = text.utf8.dropLast()
        guard let unit = text.last, (1...8).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let amount = Int64(text.dropLast())
        else { return nil }
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
