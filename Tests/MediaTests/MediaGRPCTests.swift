import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Media

/// The media service behind the real interceptors, through the generated client: an upload in chunks,
/// the library, a ranged download, attachments, and what another user gets.
@Suite struct MediaGRPCTests {
    @Test func uploadReadDownloadAttachAndDeleteOverGRPC() async throws {
        let tokens = await TestTokens()
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let service = MediaGRPCService(media: harness.service, spool: harness.spool, maxBytes: 50_000_000, links: links)
        try await InProcessService.run(
            [service, PurgeGRPCService(harness.service, purgedUsers: .inMemory)], verifier: try await tokens.verifier(),
            anonymousMethods: [Roam_Media_V1_MediaService.Method.Download.descriptor]
        ) { grpc, _ in
            let client = Roam_Media_V1_MediaService.Client(wrapping: grpc)
            let (ana, bo) = (UUID(), UUID())
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(bo))"]
            let photo = try harness.file("camera.jpg", exif: TestImages.cameraFields, orientation: 6)

            func upload(_ bytes: Data, as metadata: Metadata) async throws -> Roam_Media_V1_UploadResponse {
                try await client.upload(
                    metadata: metadata,
                    requestProducer: { writer in
                        try await writer.write(.with { $0.start = .with { $0.deviceAssetID = "IMG_0001" } })
                        var offset = 0
                        while offset < bytes.count {
                            try await writer.write(.with { $0.chunk = bytes[offset..<min(offset + 1_000, bytes.count)] })
                            offset += 1_000
                        }
                    })
            }
            let uploaded = try await upload(photo, as: asAna)
            #expect(!uploaded.duplicate && uploaded.media.kind == .jpeg && uploaded.media.sizeBytes == Int64(photo.count))
            #expect(uploaded.media.captured.utcOffsetSeconds == 7_200 && uploaded.media.hasPosition && uploaded.media.hasVariants_p)
            #expect(try await upload(photo, as: asAna).duplicate)

            let existing = try await client.checkExisting(
                .with { $0.sha256 = [uploaded.media.sha256, String(repeating: "0", count: 64)] },
                metadata: asAna)
            #expect(existing.sha256 == [uploaded.media.sha256])
            let library = try await client.listMyMedia(
                .with {
                    $0.near = .with {
                        $0.latitude = 59.33; $0.longitude = 18.07
                    }; $0.withinMeters = 5_000
                },
                metadata: asAna)
            #expect(library.media.map(\.mediaID) == [uploaded.media.mediaID])

            // The first ten bytes, then the rest of the thumbnail.
            let id = uploaded.media.mediaID
            let (head, firstBytes) = try await download(client, id, .original, range: (0, 9), as: asAna)
            #expect(head.sizeBytes == Int64(photo.count) && head.rangeEnd == 9 && firstBytes == photo.prefix(10) && head.contentType == "image/jpeg")
            let (thumbnailHead, thumbnail) = try await download(client, id, .thumbnail, as: asAna)
            #expect(thumbnailHead.contentType == "image/webp" && MediaType(sniffing: thumbnail) == .webp && !thumbnailHead.etag.isEmpty)

            // Bo sees nothing of Ana's: not the item, not its bytes, and cannot attach it.
            let hidden = await #expect(throws: RPCError.self) { _ = try await client.getMedia(.with { $0.mediaID = id }, metadata: asBo) }
            #expect(hidden?.code == .notFound)
            let notTheirs = await #expect(throws: RPCError.self) {
                _ = try await download(client, id, .original, as: asBo)
            }
            #expect(notTheirs?.code == .notFound)
            let refused = await #expect(throws: RPCError.self) {
                _ = try await client.attach(
                    .with {
                        $0.mediaIds = [id]; $0.subject = "post/1"
                    }, metadata: asBo)
            }
            #expect(refused?.code == .permissionDenied)
            _ = try await client.attach(
                .with {
                    $0.mediaIds = [id]; $0.subject = "post/1"
                }, metadata: asAna)
            let onPost = try await client.listMyMedia(.with { $0.subject = "post/1" }, metadata: asAna)
            #expect(onPost.media.count == 1)

            let described = try await client.updateMedia(
                .with {
                    $0.mediaID = id; $0.description_p = "Harbour"; $0.tags = ["dusk"]; $0.replaceTags = true
                },
                metadata: asAna)
            #expect(described.media.description_p == "Harbour" && described.media.tags == ["dusk"])
            _ = try await client.deleteMedia(.with { $0.mediaID = id }, metadata: asAna)
            await #expect(throws: RPCError.self) { _ = try await client.deleteMedia(.with { $0.mediaID = id }, metadata: asAna) }
            #expect(try await harness.blobs.list(prefix: "").isEmpty)

            let junk = await #expect(throws: RPCError.self) { _ = try await upload(Data("GIF89a junk".utf8), as: asAna) }
            #expect(junk?.code == .invalidArgument)

            // Users may not purge; services may, as often as they like.
            let purge = Roam_Purge_V1_PurgeService.Client(wrapping: grpc)
            _ = try await upload(photo, as: asAna)
            let userPurge = await #expect(throws: RPCError.self) {
                _ = try await purge.purgeUser(.with { $0.userID = ana.lowercasedString }, metadata: asAna)
            }
            #expect(userPurge?.code == .permissionDenied)
            let asService: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("accounts"))"]
            for _ in 0..<2 { _ = try await purge.purgeUser(.with { $0.userID = ana.lowercasedString }, metadata: asService) }
            #expect(try await client.listMyMedia(.init(), metadata: asAna).media.isEmpty)
        }
    }

    @Test func aSignedLinkReadsThatVariantAndTheSharedOriginalHasNoMetadata() async throws {
        let tokens = await TestTokens()
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let service = MediaGRPCService(media: harness.service, spool: harness.spool, maxBytes: 50_000_000, links: links)
        try await InProcessService.run(
            [service], verifier: try await tokens.verifier(),
            anonymousMethods: [Roam_Media_V1_MediaService.Method.Download.descriptor]
        ) { grpc, _ in
            let client = Roam_Media_V1_MediaService.Client(wrapping: grpc)
            let ana = UUID()
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(UUID()))"]
            let photo = try harness.file("camera.jpg", exif: TestImages.cameraFields, orientation: 6)
            let item = try await harness.upload(photo, owner: ana).item
            let id = item.id.lowercasedString
            let expires = links.expiry(at: Date())
            func link(_ variant: String, expires: Int64 = expires, signature: String? = nil) -> Roam_Media_V1_SignedLink {
                .with {
                    $0.expires = expires
                    $0.signature = signature ?? links.signature(media: item.id, variant: variant, expires: expires)
                }
            }

            // Anyone with the link, signed in or not, gets the thumbnail and a shared original.
            let (thumbnailHead, thumbnail) = try await download(client, id, .thumbnail, link: link("thumbnail"), as: [:])
            #expect(thumbnailHead.contentType == "image/webp" && MediaType(sniffing: thumbnail) == .webp)
            let (sharedHead, shared) = try await download(client, id, .original, link: link("original"), as: asBo)
            let decoded = try harness.images.decode(shared)
            #expect(sharedHead.contentType == "image/jpeg" && shared != photo && sharedHead.etag.contains("shared"))
            #expect(!decoded.hasMetadata && decoded.width == 300 && decoded.height == 400)
            let facts = try ImageReader(pixelLimit: 1_000_000).facts(ofFileAt: try harness.images.write(shared, as: "shared.jpg"))
            #expect(facts.position == nil && facts.captureTime == nil && facts.cameraModel == nil)
            // Made once, then served from the store.
            #expect(try await download(client, id, .original, link: link("original"), as: [:]).1 == shared)
            // The owner's own token still reads the untouched original.
            #expect(try await download(client, id, .original, link: nil, as: asAna).1 == photo)

            // A link for another variant, a tampered, expired or overlong one, or none: as if the id did not exist.
            let refusals: [(Roam_Media_V1_Variant, Roam_Media_V1_SignedLink?, Metadata, RPCError.Code)] = [
                (.original, link("thumbnail"), [:], .notFound),
                (.thumbnail, link("thumbnail", signature: "AAAA" + link("thumbnail").signature.dropFirst(4)), [:], .notFound),
                (.thumbnail, link("thumbnail", expires: Int64(Date().timeIntervalSince1970) - 1), [:], .notFound),
                // Correctly signed, but for ten years: no gateway with this lifetime made it.
                (.original, link("original", expires: Int64(Date().timeIntervalSince1970) + 10 * 365 * 86_400), [:], .notFound),
                (.thumbnail, nil, asBo, .notFound),
                (.thumbnail, nil, [:], .unauthenticated),
            ]
            for (variant, link, metadata, code) in refusals {
                let refused = await #expect(throws: RPCError.self) { _ = try await download(client, id, variant, link: link, as: metadata) }
                #expect(refused?.code == code)
            }
        }
    }

    private let links = MediaLinkSigner(serviceSecret: String(repeating: "s", count: 32))

    private func download(
        _ client: Roam_Media_V1_MediaService.Client<some ClientTransport>, _ id: String, _ variant: Roam_Media_V1_Variant,
        range: (Int64, Int64)? = nil, link: Roam_Media_V1_SignedLink? = nil,
        as metadata: Metadata
    ) async throws -> (Roam_Media_V1_DownloadHead, Data) {
        try await client.download(
            .with {
                $0.mediaID = id
                $0.variant = variant
                if let range {
                    $0.rangeStart = range.0
                    $0.rangeEnd = range.1
                }
                if let link { $0.link = link }
            }, metadata: metadata
        ) { response in
            var head = Roam_Media_V1_DownloadHead()
            var bytes = Data()
            for try await message in response.messages {
                switch message.part {
                case .head(let value): head = value
                case .chunk(let chunk): bytes.append(chunk)
                case nil: break
                }
            }
            return (head, bytes)
        }
    }

}
