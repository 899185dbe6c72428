import Foundation
import RoamProto
import RoamRuntime
import SwiftProtobuf

// Conversions between the feed domain and `roam.feed.v1` messages.

extension Post {
    var proto: Roam_Feed_V1_Post {
        .with {
            $0.postID = id.lowercasedString
            $0.authorID = authorID.lowercasedString
            $0.audience = audience.proto
            $0.text = text
            $0.mediaIds = mediaIDs.map(\.lowercasedString)
            $0.tags = tags
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let editedAt { $0.editedAt = Google_Protobuf_Timestamp(date: editedAt) }
        }
    }
}

extension Audience {
    var proto: Roam_Feed_V1_Audience {
        .with {
            switch self {
            case .event(let id):
                $0.eventID = id.lowercasedString
            case .place(let place):
                $0.place = .with {
                    $0.position = .with { $0.latitude = place.latitude; $0.longitude = place.longitude }
                    $0.name = place.name
                }
            }
        }
    }

    /// The audience of a request, or INVALID_ARGUMENT naming `audience`.
    init(_ proto: Roam_Feed_V1_Audience, present: Bool) throws(RoamError) {
        switch present ? proto.target : nil {
        case .eventID(let id):
            self = .event(try UUID(field: "audience.event_id", id))
        case .place(let place):
            guard place.hasPosition else { throw RoamError.invalidField("audience.place.position", "is required") }
            self = .place(Place(latitude: place.position.latitude, longitude: place.position.longitude, name: place.name))
        case nil:
            throw RoamError.invalidField("audience", "is required: an event_id or a place")
        }
    }
}

extension Array where Element == String {
    /// Media ids from a request, or INVALID_ARGUMENT naming the bad one.
    func mediaIDs() throws(RoamError) -> [UUID] {
        var ids: [UUID] = []
        for (index, text) in enumerated() { ids.append(try UUID(field: "media_ids[\(index)]", text)) }
        return ids
    }
}
