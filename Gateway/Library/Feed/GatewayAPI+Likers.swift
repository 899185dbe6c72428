import GRPCCore
import RoamAPI
import RoamProto

/// Who liked a post or comment: the feed lists the likes, accounts gives their profiles as the reader
/// sees them (anyone either of them blocks is left out).
extension GatewayAPI {
    func listPostLikers(_ input: Operations.ListPostLikers.Input) async throws -> Operations.ListPostLikers.Output {
        .ok(.init(body: .json(try await likers(of: "post/\(input.path.id)", size: input.query.pageSize, token: input.query.pageToken))))
    }

    func listCommentLikers(_ input: Operations.ListCommentLikers.Input) async throws -> Operations.ListCommentLikers.Output {
        .ok(.init(body: .json(try await likers(of: "comment/\(input.path.id)", size: input.query.pageSize, token: input.query.pageToken))))
    }

    private func likers(of subject: String, size: Int?, token: String?) async throws -> Components.Schemas.LikerPage {
        let page = PageQuery(size: size, token: token)
        let likes = try await renamingFields(as: SubjectPath.self) {
            try await feed.call(idempotent: true) { client, options in
                try await client.listLikers(
                    .with {
                        $0.subject = subject
                        $0.page = page.proto
                    }, options: options)
            }
        }
        guard !likes.likers.isEmpty else { return .init(likers: [], nextPageToken: .pageToken(likes.page)) }
        let profiles = try await accounts.call(idempotent: true) { client, options in
            try await client.getProfilesById(.with { $0.userIds = likes.likers.map(\.userID) }, options: options)
        }
        let byID = Dictionary(profiles.profiles.map { ($0.userID, $0) }) { first, _ in first }
        let likers = likes.likers.compactMap { like in
            byID[like.userID].map { Components.Schemas.Liker(profile: .init($0, links: mediaLinks), likedAt: like.likedAt.date) }
        }
        return .init(likers: likers, nextPageToken: .pageToken(likes.page))
    }
}
