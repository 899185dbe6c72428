import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Moderation

/// Every field of moderation's messages through its adapter into the store and back: a report and a
/// resolution with every field set (`ProtoFill`, from the descriptors), the case read back with no field
/// unset but what its moment cannot have yet, the reporter's words as sent.
@Suite struct ModerationProtoRoundTripTests {
    @Test(arguments: StoreKind.allCases)
    func aReportAndAResolutionWithEveryFieldSetComeBackWhole(_ kind: StoreKind) async throws {
        try await kind.withStores { stores in
            let tokens = await TestTokens()
            let owners = FakeContentOwners()
            let moderation = ModerationService(cases: stores.cases, audit: stores.audit, owners: owners, accounts: FakeAccountActions())
            let author = UUID()
            let subject = Subject(kind: .post, id: UUID())
            owners.add(
                Content(
                    subject: subject, authorID: author, title: "A story", text: "Buy followers", mediaIDs: [UUID()], placeName: "Rossio",
                    parent: Subject(kind: .event, id: UUID()), createdAt: Date()))
            try await InProcessService.run(
                [ModerationGRPCService(moderation: moderation)], verifier: try await tokens.verifier(), anonymousMethods: []
            ) { grpc, _ in
                let client = Roam_Moderation_V1_ModerationService.Client(wrapping: grpc)
                let reporter: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID()))"]
                let moderator: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID(), roles: [.moderator]))"]
                let report = try ProtoFill.every(
                    Roam_Moderation_V1_ReportRequest.self,
                    values: ["kind": "post", "id": subject.id.lowercasedString, "reason": "spam", "text": "seen at Rossio"])
                let filed = try await client.report(report, metadata: reporter)
                #expect(ProtoFill.unsetFields(of: filed).isEmpty)

                let open = try await client.getCase(.with { $0.caseID = filed.caseID }, metadata: moderator)
                // Open: no resolution yet, and the content is up.
                #expect(ProtoFill.unsetFields(of: open) == ["case.snapshot.takedown", "case.resolution", "current.takedown"])
                #expect(ProtoFill.differences(sent: report, received: open.reports[0]).isEmpty && open.case.subject == report.subject)

                let resolve = try ProtoFill.every(
                    Roam_Moderation_V1_ResolveCaseRequest.self, values: ["case_id": filed.caseID, "action": "take_down", "actor": ""])
                let resolved = try await client.resolveCase(resolve, metadata: moderator).case
                #expect(ProtoFill.unsetFields(of: resolved) == ["snapshot.takedown"], "the snapshot is as first reported")
                #expect(ProtoFill.differences(sent: resolve, received: resolved.resolution).isEmpty)
                let read = try await client.getCase(.with { $0.caseID = filed.caseID }, metadata: moderator)
                #expect(read.case == resolved && read.current.hasTakedown)
            }
        }
    }
}
