import Foundation

/// Where a journal entry happened: free text, one of the trip's pins, or a place saved to the trip.
public enum LocationTag: Sendable, Hashable {
    case text(String)
    case pin(UUID)
    case place(UUID)

    /// The pin or saved place it names; nil for free text.
    public var placeID: UUID? {
        switch self {
        case .text: nil
        case .pin(let id), .place(let id): id
        }
    }

    /// How the tag is stored (`text:Alfama`, `pin:<id>`, `place:<id>`).
    public var stored: String {
        switch self {
        case .text(let text): "text:\(text)"
        case .pin(let id): "pin:\(id.uuidString.lowercased())"
        case .place(let id): "place:\(id.uuidString.lowercased())"
        }
    }

    public init?(stored: String) {
        if stored.hasPrefix("text:") {
            self = .text(String(stored.dropFirst(5)))
        } else if stored.hasPrefix("pin:"), let id = UUID(uuidString: String(stored.dropFirst(4))) {
            self = .pin(id)
        } else if stored.hasPrefix("place:"), let id = UUID(uuidString: String(stored.dropFirst(6))) {
            self = .place(id)
        } else {
            return nil
        }
    }
}
