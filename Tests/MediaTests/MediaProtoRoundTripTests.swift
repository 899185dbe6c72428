import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Media

/// Every field of a media item's messages through media's adapter into the store and back: an upload
/// whose start has every field set (`ProtoFill`, from the descriptors) of a photo with every EXIF field,
/// an edit of every field, the stored item with no member unset but its takedown, answers with no field
/// unset but what the file decides, and an edit of none changing nothing.
@Suite struct MediaProtoRoundTripTests {
    @Test func aPhotoWithEveryFieldSetComesBackWhole() async throws {
        let tokens = await TestTokens()
        let store = InMemoryMediaStore()
        let harness = try MediaServiceHarness(repository: store)
        defer { harness.remove() }
        let links = MediaLinkSigner(serviceSecret: String(repeating: "s", count: 32))
        let service = MediaGRPCService(media: harness.service, spool: harness.spool, maxBytes: 50_000_000, links: links)
        try await InProcessService.run([service], verifier: try await tokens.verifier(), anonymousMethods: []) { grpc, _ in
            let client = Roam_Media_V1_MediaService.Client(wrapping: grpc)
            let owner = UUID()
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(owner))"]
            let photo = try harness.file("camera.jpg", exif: TestImages.cameraFields, orientation: 6)
            // Kept in the library: an attachment-only picture is not.
            let start = try ProtoFill.every(
                Roam_Media_V1_UploadStart.self,
                values: [
                    "client_position": ["latitude": 59.33, "longitude": 18.07], "attachment_only": false,
                    "utc_offset_seconds": 7200,
                ])
            let uploaded = try await client.upload(
                metadata: metadata,
                requestProducer: { writer in
                    try await writer.write(.with { $0.start = start })
                    try await writer.write(.with { $0.chunk = photo })
                })
            // The file's own time and place win over the client's, so nothing is inferred; nobody took it down.
            let decided = ["position_inferred", "takedown"]
            #expect(ProtoFill.unsetFields(of: uploaded.media) == ["description", "tags"] + decided, "described by an edit")
            #expect(!uploaded.duplicate && uploaded.media.deviceAssetID == start.deviceAssetID && uploaded.media.inLibrary)

            let update = try ProtoFill.every(Roam_Media_V1_UpdateMediaRequest.self, variant: 2, values: ["media_id": uploaded.media.mediaID])
            let updated = try await client.updateMedia(update, metadata: metadata).media
            #expect(ProtoFill.unsetFields(of: updated) == decided)
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["media_id"]).isEmpty)
            #expect(updated.tags == update.tags)
            let id = try #require(UUID(uuidString: uploaded.media.mediaID))
            #expect(unsetMembers(of: try #require(try await store.item(id))) == ["takedown"])
            let untouched = try await client.updateMedia(.with { $0.mediaID = uploaded.media.mediaID }, metadata: metadata).media
            #expect(untouched == updated, "an edit that sends nothing changes nothing")
        }
    }
}
