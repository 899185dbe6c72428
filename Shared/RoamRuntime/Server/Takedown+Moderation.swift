import Foundation
import RoamCore
import RoamProto
import SwiftProtobuf

extension Takedown {
    /// What an author is told of their content's takedown, by every service that owns content.
    public var proto: Roam_Common_V1_Takedown {
        .with {
            $0.reason = reason
            $0.at = Google_Protobuf_Timestamp(date: at)
        }
    }

    /// The takedown as every content owner reports it to moderation (`ContentModerationService`).
    public var moderationProto: Roam_Moderation_V1_Takedown {
        .with {
            $0.at = Google_Protobuf_Timestamp(date: at)
            $0.reason = reason
            $0.by = by
        }
    }
}
