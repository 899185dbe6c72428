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

    /// `limit` as the header's value: the finest unit whose amount fits eight digits, rounded up (as
    /// gRPC's own clients do, so the server never gives up before the caller would); no limit is 0n.
    public static func value(_ limit: Duration) -> String {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0 && (seconds > 0 || attoseconds > 0) else { return "0n" }
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        for (unit, size) in [("n", 1.0), ("u", 1e3), ("m", 1e6), ("S", 1e9), ("M", 60e9), ("H", 3600e9)] {
            let amount = (nanoseconds / size).rounded(.up)
            if amount <= 99_999_999 { return "\(Int64(amount))\(unit)" }
        }
        return "99999999H"
    }
}
