import Foundation
import RoamCore
import RoamProto
import SwiftProtobuf

extension Takedown {
    /// The takedown as every content owner reports it to moderation (`ContentModerationService`).
    public var moderationProto: Roam_Moderation_V1_Takedown {
        .with {
            $0.at = Google_Protobuf_Timestamp(date: at)
            $0.reason = reason
            $0.by = by
        }
    }
}
