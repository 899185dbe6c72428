import Foundation
import RoamAPI
import RoamRuntime
import Testing

@testable import Gateway

/// Each rename a request part declares (`ServiceFieldNames`) turns a service's field name into one the
/// client can send in that part of the operations it serves, so a field error never names a field the
/// contract lacks; and no call renames fields with a map of its own.
@Suite struct ServiceFieldNamesTests {
    enum Part { case body, query, path, headers }

    /// Every conformance, with the operations whose part it names.
    static let parts: [(type: any ServiceFieldNames.Type, part: Part, operations: [String])] = [
        (Components.Schemas.Position.self, .body, ["reportLocation"]),
        (Components.Schemas.JoinRequest.self, .body, ["joinEvent"]),
        (Operations.DiscoverEvents.Input.Query.self, .query, ["discoverEvents"]),
        (Components.Schemas.InvitationRequest.self, .body, ["inviteToGroupWalk"]),
        (Operations.FindPlaces.Input.Query.self, .query, ["findPlaces"]),
        (Components.Schemas.TrackBatch.self, .body, ["recordTrackPoints"]),
        (Operations.ListTrendingActivities.Input.Query.self, .query, ["listTrendingActivities"]),
        (Operations.ListBucketLists.Input.Query.self, .query, ["listBucketLists"]),
        (Operations.ListMyMedia.Input.Query.self, .query, ["listMyMedia"]),
        (ResumableUploadHeaders.self, .headers, ["createResumableUpload"]),
        (Components.Schemas.PostUpdateRequest.self, .body, ["updatePost"]),
        (Operations.CreateEventPost.Input.Path.self, .path, ["createEventPost"]),
        (Components.Schemas.StoryRequest.self, .body, ["createStory"]),
        (Components.Schemas.FollowPlaceRequest.self, .body, ["followPlace"]),
        (Operations.UnfollowPlace.Input.Query.self, .query, ["unfollowPlace"]),
        (WalkSearch.self, .query, ["searchWalks"]),
        (ActivitySearch.self, .query, ["searchActivities"]),
        (StoryListing.self, .query, ["listNearbyStories", "listStoriesOnMap", "listTrendingStories", "searchStories"]),
        (
            SubjectPath.self, .path,
            [
                "createComment", "listComments", "replyToComment", "updateComment", "deleteComment", "likeComment", "unlikeComment",
                "reportComment", "listPostLikers", "listCommentLikers", "likePost", "unlikePost", "reportPost", "savePost", "unsavePost",
            ]
        ),
    ]

    /// The names the client can send in `part` of `operation`: dotted paths into a body, with `[]` for an
    /// array's items.
    static func clientNames(_ part: Part, of operation: GatewayOpenAPI.Operation) -> Set<String> {
        switch part {
        case .query: Set(operation.queryParameters.map(\.name))
        case .path: Set(operation.pathParameters)
        case .body: operation.requestBodySchema.map { members(of: $0, prefix: "") } ?? []
        case .headers: headerNames(of: operation)
        }
    }

    /// The headers the document lists for the operation, references followed.
    static func headerNames(of operation: GatewayOpenAPI.Operation) -> Set<String> {
        guard case .array(let parameters)? = GatewayOpenAPI.document["paths"]?[operation.path]?[operation.method.lowercased()]?["parameters"]
        else { return [] }
        var names: Set<String> = []
        for var parameter in parameters {
            if case .string(let reference)? = parameter["$ref"] {
                parameter = GatewayOpenAPI.document["components"]?["parameters"]?[String(reference.split(separator: "/").last ?? "")] ?? .null
            }
            if case .string("header")? = parameter["in"], case .string(let name)? = parameter["name"] { names.insert(name) }
        }
        return names
    }

    static func members(of schema: OpenAPIValue, prefix: String, depth: Int = 0) -> Set<String> {
        var schema = schema
        if case .string(let reference)? = schema["$ref"] {
            schema = GatewayOpenAPI.document["components"]?["schemas"]?[String(reference.split(separator: "/").last ?? "")] ?? .null
        }
        guard depth < 4 else { return [] }
        if let items = schema["items"] { return members(of: items, prefix: prefix + "[]", depth: depth + 1) }
        guard case .object(let properties)? = schema["properties"] else { return [] }
        var names: Set<String> = []
        for (name, member) in properties {
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            names.insert(path)
            names.formUnion(members(of: member, prefix: path, depth: depth + 1))
        }
        return names
    }

    @Test(arguments: parts.indices)
    func everyRenameNamesAFieldOfItsPart(index: Int) throws {
        let (type, part, operationIDs) = Self.parts[index]
        // A part several operations share (a story listing) names what one of them takes.
        var names: Set<String> = []
        for id in operationIDs {
            let operation = try #require(GatewayOpenAPI.operations.first { $0.id == id }, "\(id) is not an operation")
            names.formUnion(Self.clientNames(part, of: operation))
        }
        let unknown = type.serviceFieldNames.values.filter { !names.contains($0) }
        #expect(unknown.isEmpty, "\(type) renames to \(unknown.sorted()), which no \(part) of \(operationIDs) has")
    }

    @Test func theWalkThroughTheContractFindsNestedMembers() throws {
        let operation = try #require(GatewayOpenAPI.operations.first { $0.id == "recordTrackPoints" })
        #expect(Self.clientNames(.body, of: operation).isSuperset(of: ["points", "points[].latitude"]))
        #expect(!Self.clientNames(.body, of: operation).contains("points[].position.latitude"))
    }

    @Test func anIndexedFieldIsRenamedAtItsIndex() {
        let error = RoamError.invalidField("points[3].position.latitude", "must be between -90 and 90")
            .renamingFields(Components.Schemas.TrackBatch.serviceFieldNames)
        #expect(error.violations.map(\.field) == ["points[3].latitude"])
    }
}
