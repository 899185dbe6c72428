import GRPCCore
import Logging

/// Parses the `grpc-timeout` header (`<digits><unit>`, unit one of H M S m u n).
enum GRPCTimeout {
    static func duration(_ text: String) -> Duration? {
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
