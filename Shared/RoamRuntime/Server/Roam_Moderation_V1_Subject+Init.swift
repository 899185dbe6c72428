import Foundation
import RoamProto

extension Roam_Moderation_V1_Subject {
    /// A subject as the moderation messages name one: its kind (`post`, `event`, …) and its id.
    public init(kind: String, id: UUID) {
        self.init()
        self.kind = kind
        self.id = id.lowercasedString
    }
}
