import Foundation

/// A suspension's length as an operator writes it: `30m`, `12h`, `7d`, `2w`.
enum SuspensionLength {
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 100_000 else { return nil }
        let scale: TimeInterval? =
            switch unit {
            case "m": 60
            case "h": 3600
            case "d": 86400
            case "w": 604_800
            default: nil
            }
        return scale.map { TimeInterval(count) * $0 }
    }
}
