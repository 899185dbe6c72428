import RoamAPI
import RoamProto
import RoamRuntime

// The bucket lists service's protobuf messages as the document's schemas, and back. Photos come with
// signed links; ids that are empty in protobuf are absent in JSON.

extension Components.Schemas.ListVisibility {
    init(_ proto: Roam_Bucketlists_V1_Visibility) {
        self =
            switch proto {
            case .followers: .followers
            case .private: ._private
            case .public, .unspecified, .UNRECOGNIZED: ._public
            }
    }

    var proto: Roam_Bucketlists_V1_Visibility {
        switch self {
        case ._public: .public
        case .followers: .followers
        case ._private: .private
        }
    }
}

extension Components.Schemas.BucketList {
    init(_ proto: Roam_Bucketlists_V1_BucketList, links: MediaLinkMaker) {
        let cover = proto.coverMediaID.isEmpty ? nil : proto.coverMediaID
        self.init(
            id: proto.listID, ownerId: proto.ownerID, title: proto.title, description: proto.description_p, coverMediaId: cover,
            cover: cover.map { links.links(for: $0) }, visibility: .init(proto.visibility), itemCount: proto.itemCount,
            completedCount: proto.completedCount, createdAt: proto.createdAt.date, updatedAt: proto.updatedAt.date,
            takenDown: proto.hasTakedown ? .init(proto.takedown) : nil)
    }
}

extension Components.Schemas.NamedPlace {
    init(_ proto: Roam_Bucketlists_V1_Place) {
        self.init(point: .init(proto.point), name: proto.name)
    }

    var proto: Roam_Bucketlists_V1_Place {
        .with {
            $0.point = point.proto
            $0.name = name
        }
    }
}

extension Components.Schemas.BucketItem {
    init(_ proto: Roam_Bucketlists_V1_Item, links: MediaLinkMaker) {
        let completion: Components.Schemas.Completion? = proto.hasCompletion ? .init(proto.completion, links: links) : nil
        let source = proto.source
        self.init(
            id: proto.itemID, listId: proto.listID, ownerId: proto.ownerID, title: proto.title, description: proto.description_p,
            place: proto.hasPlace ? .init(proto.place) : nil, targetDate: proto.targetDate.isEmpty ? nil : proto.targetDate,
            mediaIds: proto.mediaIds, media: links.links(for: proto.mediaIds), position: proto.position, completion: completion,
            source: source.activityID.isEmpty && source.itemID.isEmpty
                ? nil
                : .init(activityId: source.activityID.isEmpty ? nil : source.activityID, itemId: source.itemID.isEmpty ? nil : source.itemID),
            commentCount: nil, createdAt: proto.createdAt.date, updatedAt: proto.updatedAt.date,
            takenDown: proto.hasTakedown ? .init(proto.takedown) : nil)
    }
}

extension Components.Schemas.Completion {
    init(_ proto: Roam_Bucketlists_V1_Completion, links: MediaLinkMaker) {
        let media = proto.mediaID.isEmpty ? nil : proto.mediaID
        self.init(completedAt: proto.completedAt.date, note: proto.note, mediaId: media, media: media.map { links.links(for: $0) })
    }
}

extension Components.Schemas.BucketItemPage {
    init(_ proto: Roam_Bucketlists_V1_ListItemsResponse, links: MediaLinkMaker) {
        self.init(items: proto.items.map { .init($0, links: links) }, nextPageToken: .pageToken(proto.page))
    }
}

extension Components.Schemas.TimeWindow {
    init(_ proto: Roam_Bucketlists_V1_TimeWindow) {
        self.init(startsAt: proto.startsAt.date, endsAt: proto.endsAt.date)
    }

    var proto: Roam_Bucketlists_V1_TimeWindow {
        .with {
            $0.startsAt = .init(date: startsAt)
            $0.endsAt = .init(date: endsAt)
        }
    }
}

extension Components.Schemas.Activity {
    init(_ proto: Roam_Bucketlists_V1_Activity, links: MediaLinkMaker, withDistance: Bool = false) {
        let myVote: MyVotePayload =
            switch proto.myVote {
            case .up: .up
            case .down: .down
            case .none, .unspecified, .UNRECOGNIZED: .none
            }
        self.init(
            id: proto.activityID, authorId: proto.authorID, name: proto.name, description: proto.description_p, place: .init(proto.place),
            window: proto.hasWindow ? .init(proto.window) : nil, mediaIds: proto.mediaIds, media: links.links(for: proto.mediaIds),
            tags: proto.tags, score: proto.score, upCount: proto.upCount, downCount: proto.downCount, myVote: myVote,
            listCount: proto.listCount, distanceMeters: withDistance ? proto.distanceMeters : nil, favourite: proto.favourite,
            commentCount: nil, createdAt: proto.createdAt.date, updatedAt: proto.updatedAt.date,
            takenDown: proto.hasTakedown ? .init(proto.takedown) : nil)
    }
}
