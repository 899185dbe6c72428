import Foundation

/// Where a journal entry happened: free text, or one of the trip's pins.
public enum LocationTag: Sendable, Hashable {
    case text(String)
    case pin(UUID)

    /// How the tag is stored (`text:Alfama`, `pin:<id>`).
    public var stored: String {
        switch self {
        case .text(let text): "text:\(text)"
        case .pin(let id): "pin:\(id.uuidString.lowercased())"
        }
    }

    public init?(stored: String) {
        if stored.hasPrefix("text:") {
            self = .text(String(stored.dropFirst(5)))
        } else if stored.hasPrefix("pin:"), let id = UUID(uuidString: String(stored.dropFirst(4))) {
            self = .pin(id)
        } else {
            return nil
        }
    }
}
