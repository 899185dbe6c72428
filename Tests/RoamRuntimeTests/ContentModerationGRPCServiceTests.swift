import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

/// What every service's part in moderation checks before its own code runs, over real interceptors:
/// the caller, the moderator role, the reason, the subject's kind and id.
@Suite struct ContentModerationGRPCServiceTests {
    /// One kind, `note`, whose calls are recorded.
    final class Notes: ModeratedContent {
        let kinds = ["note"]
        let owner = "notes"
        let calls = Mutex<[String]>([])

        func content(_ id: UUID) -> Roam_Moderation_V1_Content {
            .with {
                $0.subject = .with {
                    $0.kind = "note"
                    $0.id = id.lowercasedString
                }
            }
        }

        func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
            calls.withLock { $0.append("describe \(kind)") }
            return content(id)
        }

        func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
            calls.withLock { $0.append("takeDown \(kind) \(reason) \(moderator.name)") }
            return content(id)
        }

        func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
            calls.withLock { $0.append("restore \(kind) \(moderator.name)") }
            return content(id)
        }
    }

    @Test func onlyItsKindsOnlyModeratorsAndAlwaysAReason() async throws {
        let tokens = await TestTokens()
        let notes = Notes()
        try await InProcessService.run([ContentModerationGRPCService(notes)], verifier: try await tokens.verifier(), anonymousMethods: []) {
            grpc, _ in
            let client = Roam_Moderation_V1_ContentModerationService.Client(wrapping: grpc)
            let (userID, moderatorID) = (UUID(), UUID())
            let asUser: Metadata = ["authorization": "Bearer \(try await tokens.userToken(userID))"]
            let asModerator: Metadata = ["authorization": "Bearer \(try await tokens.userToken(moderatorID, roles: [.moderator]))"]
            let id = UUID().lowercasedString
            func subject(_ kind: String, _ id: String) -> Roam_Moderation_V1_Subject {
                .with {
                    $0.kind = kind
                    $0.id = id
                }
            }
            func code(_ call: () async throws -> Void) async -> RPCError.Code? {
                do {
                    try await call()
                    return nil
                } catch let error as RPCError {
                    return error.code
                } catch {
                    return .unknown
                }
            }

            _ = try await client.describeContent(.with { $0.subject = subject("note", id) }, metadata: asUser)
            #expect(
                await code { _ = try await client.describeContent(.with { $0.subject = subject("post", id) }, metadata: asUser) } == .unimplemented)
            #expect(
                await code { _ = try await client.describeContent(.with { $0.subject = subject("note", "nope") }, metadata: asUser) }
                    == .invalidArgument)
            let takeDown = Roam_Moderation_V1_TakeDownContentRequest.with {
                $0.subject = subject("note", id)
                $0.reason = "  Spam  "
            }
            #expect(await code { _ = try await client.takeDownContent(takeDown, metadata: asUser) } == .permissionDenied)
            var blank = takeDown
            blank.reason = "   "
            #expect(await code { _ = try await client.takeDownContent(blank, metadata: asModerator) } == .invalidArgument)
            _ = try await client.takeDownContent(takeDown, metadata: asModerator)
            #expect(
                await code { _ = try await client.restoreContent(.with { $0.subject = subject("note", id) }, metadata: asUser) } == .permissionDenied)
            _ = try await client.restoreContent(.with { $0.subject = subject("note", id) }, metadata: asModerator)
            let moderator = "user:\(moderatorID.lowercasedString)"
            #expect(notes.calls.withLock { $0 } == ["describe note", "takeDown note Spam \(moderator)", "restore note \(moderator)"])
        }
    }
}
