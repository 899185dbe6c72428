import Crypto
import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Media

/// Uploads through the media service on real parts: the spool, libvips, files, and both repositories.
@Suite struct MediaServiceTests {
    @Test func aPhotoIsStoredWithWhatItsEXIFSaysAndItsVariants() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let photo = try harness.file("camera.jpg", exif: TestImages.cameraFields, orientation: 6)
        let (item, duplicate) = try await harness.upload(photo, owner: owner, details: UploadDetails(deviceAssetID: "IMG_0001"))
        #expect(!duplicate && item.type == .jpeg && item.sizeBytes == photo.count && item.ownerID == owner)
        #expect(item.sha256 == SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined())
        #expect(item.captureTime?.utcOffsetSeconds == 7_200 && item.position != nil && item.cameraModel == "Test Camera")
        #expect(item.width == 400 && item.height == 300 && item.orientation == 6 && item.deviceAssetID == "IMG_0001")
        let keys = MediaBlobKeys(owner: owner, media: item.id)
        #expect(try await harness.blobs.bytes(keys.original) == photo)
        #expect(MediaType(sniffing: try await harness.blobs.bytes(keys.thumbnail)) == .webp)
        let preview = try harness.images.decode(try await harness.blobs.bytes(keys.preview))
        #expect(!preview.hasMetadata && preview.width == 300 && preview.height == 400)
        #expect(try harness.spoolIsEmpty())
    }

    @Test func aRetryWithTheSameIdempotencyKeyAnswersTheFirstItemWhateverItsBytes() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let keyed = UploadDetails(idempotencyKey: "upload-7")
        let first = try await harness.upload(try harness.file("a.jpg"), owner: owner, details: keyed)
        let retried = try await harness.upload(try harness.file("b.png"), owner: owner, details: keyed)
        #expect(!first.duplicate && retried.duplicate && retried.item.id == first.item.id)
        #expect(try await harness.repository.media(of: owner, matching: MediaQuery(), page: PageRequest()).items.count == 1)
        let long = await #expect(throws: RoamError.self) {
            _ = try await harness.upload(
                try harness.file("c.jpg"), owner: owner, details: UploadDetails(idempotencyKey: String(repeating: "k", count: 201)))
        }
        #expect(long?.violations.map(\.field) == ["Idempotency-Key"])
    }

    @Test func theClientsTimeAndPositionCountOnlyWhenTheFileHasNone() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let told = UploadDetails(
            clientCaptureTime: CaptureTime(date: MediaFixtures.day(1), utcOffsetSeconds: 3_600),
            clientPosition: GeoPoint(latitude: 48.8566, longitude: 2.3522))
        let bare = try await harness.upload(try harness.file("bare.png"), owner: UUID(), details: told).item
        #expect(bare.captureTime == told.clientCaptureTime && bare.position == told.clientPosition)
        let camera = try await harness.upload(try harness.file("camera.jpg", exif: TestImages.cameraFields), owner: UUID(), details: told).item
        #expect(camera.captureTime?.utcOffsetSeconds == 7_200 && abs((camera.position?.latitude ?? 0) - 59.33) < 0.01)
    }

    @Test(arguments: StoreKind.allCases)
    func theSameBytesSentTwentyTimesAtOnceAreOneItemWithOneSetOfBlobs(_ kind: StoreKind) async throws {
        try await kind.withRepository { repository in
            let harness = try MediaServiceHarness(repository: repository)
            defer { harness.remove() }
            let owner = UUID()
            let photo = try harness.file("same.jpg", exif: TestImages.cameraFields)
            let results = try await withThrowingTaskGroup(of: (item: MediaItem, duplicate: Bool).self) { group in
                for _ in 0..<20 { group.addTask { try await harness.upload(photo, owner: owner) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { !$0.duplicate }.count == 1 && Set(results.map(\.item.id)).count == 1)
            let stored = try await harness.blobs.list(prefix: "")
            #expect(Set(stored.map(\.key)) == Set(MediaBlobKeys(owner: owner, media: results[0].item.id).uploaded))
            let again = try await harness.upload(photo, owner: owner)
            #expect(again.duplicate && again.item.id == results[0].item.id)
        }
    }

    @Test func refusedUploadsLeaveNothingBehind() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore(), policy: MediaPolicy(maxPixels: 100_000))
        defer { harness.remove() }
        let owner = UUID()
        func refusal(_ bytes: Data, maxBytes: Int = 50_000_000) async -> String? {
            do {
                _ = try await harness.upload(bytes, owner: owner, maxBytes: maxBytes)
                return nil
            } catch let error as RoamError {
                return error.reason
            } catch {
                return "\(error)"
            }
        }
        let whole = try harness.file("whole.jpg", width: 300, height: 300)
        #expect(await refusal(whole, maxBytes: whole.count - 1) == "MEDIA_TOO_LARGE")
        #expect(await refusal(Data("GIF89a, a format Roam does not take".utf8)) == "UNSUPPORTED_MEDIA_TYPE")
        #expect(await refusal(whole.prefix(whole.count / 2)) == "UNREADABLE_MEDIA")
        #expect(await refusal(try harness.file("huge.png", width: 400, height: 300)) == "TOO_MANY_PIXELS")
        #expect(try await harness.repository.media(of: owner, matching: MediaQuery(), page: PageRequest(size: 10)).items.isEmpty)
        #expect(try await harness.blobs.list(prefix: "").isEmpty)
        #expect(try harness.spoolIsEmpty())
    }

    /// One user keeps at most `quotaBytes` of originals, on both stores: an upload past it is refused and
    /// leaves nothing; deleting makes room again; another user is not affected.
    @Test(arguments: StoreKind.allCases)
    func anUploadPastTheQuotaIsRefusedAndLeavesNothing(_ kind: StoreKind) async throws {
        try await kind.withRepository { repository in
            let sizer = try MediaServiceHarness(repository: repository)
            defer { sizer.remove() }
            let first = try sizer.file("first.jpg", width: 300, height: 300)
            let harness = try MediaServiceHarness(repository: repository, policy: MediaPolicy(quotaBytes: first.count * 2 + 10))
            defer { harness.remove() }
            let (owner, other) = (UUID(), UUID())
            let kept = try await harness.upload(first, owner: owner).item
            _ = try await harness.upload(try harness.file("second.jpg", width: 301, height: 300), owner: owner)
            let third = try harness.file("third.jpg", width: 302, height: 300)
            let refused = await #expect(throws: RoamError.self) { _ = try await harness.upload(third, owner: owner) }
            #expect(refused?.reason == "QUOTA_EXCEEDED" && refused?.violations.map(\.field) == ["file"])
            #expect(try await repository.media(of: owner, matching: MediaQuery(), page: PageRequest(size: 10)).items.count == 2)
            #expect(try await harness.blobs.list(prefix: "originals/\(owner.lowercasedString)/").count == 2)
            #expect(try harness.spoolIsEmpty())
            // Someone else's storage is their own.
            _ = try await harness.upload(third, owner: other)
            // Deleting makes room again.
            _ = try await repository.removeAll(of: owner)
            #expect(try await repository.bytesStored(by: owner) == 0)
            _ = try await harness.upload(third, owner: owner)
            #expect(kept.sizeBytes == first.count)
        }
    }

    /// A moderator's takedown, on both stores: signed links read nothing of the item (a link made
    /// before the takedown included), its owner still reads it and sees why, a reporter can no longer
    /// describe it; taking it down again keeps the first reason; restoring brings the links back.
    @Test(arguments: StoreKind.allCases)
    func aTakenDownPhotoIsReadOnlyByItsOwnerUntilRestored(_ kind: StoreKind) async throws {
        try await kind.withRepository { repository in
            let harness = try MediaServiceHarness(repository: repository)
            defer { harness.remove() }
            let media = harness.service
            let (ana, bo) = (UUID(), UUID())
            let stranger = Caller.user(AuthenticatedUser(id: bo, sessionID: nil, emailVerified: true))
            let item = try await harness.upload(try harness.file("beach.jpg"), owner: ana).item
            // Only what others can see (through a post, a banner) can be reported.
            await #expect(throws: MediaError.mediaNotFound) { _ = try await media.moderatedItem(item.id, caller: stranger) }
            try await media.attach([item.id], to: "post/\(UUID().lowercasedString)", for: ana)
            #expect(try await media.moderatedItem(item.id, caller: stranger).id == item.id)
            #expect(try await media.download(item.id, variant: .thumbnail, range: nil, as: .linkHolder).contentType == "image/webp")

            let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
            let down = try await media.takeDown(item: item.id, reason: "Someone's private papers", by: moderator)
            #expect(down.takedown?.reason == "Someone's private papers" && down.takedown?.by == "user:mod")
            for variant in [MediaVariant.original, .thumbnail, .preview] {
                await #expect(throws: MediaError.mediaNotFound) {
                    _ = try await media.download(item.id, variant: variant, range: nil, as: .linkHolder)
                }
            }
            await #expect(throws: MediaError.mediaNotFound) { _ = try await media.moderatedItem(item.id, caller: stranger) }
            #expect(try await media.item(item.id, for: ana).takedown?.reason == "Someone's private papers", "its owner sees why")
            #expect(try await media.download(item.id, variant: .preview, range: nil, as: .owner(ana)).contentType == "image/jpeg")
            let library = try await media.library(of: ana, matching: MediaQuery(), page: PageRequest())
            #expect(library.items.map(\.takedown?.reason) == ["Someone's private papers"])
            #expect(try await media.takeDown(item: item.id, reason: "Again", by: moderator).takedown?.reason == "Someone's private papers")

            #expect(try await media.restore(item: item.id, by: moderator).takedown == nil)
            #expect(try await media.download(item.id, variant: .thumbnail, range: nil, as: .linkHolder).contentType == "image/webp")
            await #expect(throws: MediaError.mediaNotFound) { _ = try await media.takeDown(item: UUID(), reason: "x", by: moderator) }
        }
    }

    @Test func aVideoIsKeptWithItsSizeTypeAndTheClientsTimeWithoutVariants() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let video = Data([0, 0, 0, 24] + Array("ftypmp42".utf8) + [0, 0, 0, 0]) + Data(repeating: 7, count: 200_000)
        let taken = CaptureTime(date: MediaFixtures.day(2), utcOffsetSeconds: 0)
        let item = try await harness.upload(video, owner: owner, details: UploadDetails(clientCaptureTime: taken)).item
        #expect(item.type == .mp4 && item.sizeBytes == video.count && item.width == nil && item.captureTime == taken)
        #expect(try await harness.blobs.list(prefix: "").map(\.key) == [MediaBlobKeys(owner: owner, media: item.id).original])
    }

    @Test func aBlobStoreFailureRemovesWhatWasWrittenAndStoresNoItem() async throws {
        let files = try LocalFileBlobStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("roam-failing-\(UUID().uuidString)"))
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore(), blobs: FailingPreviews(files: files))
        defer { harness.remove() }
        let owner = UUID()
        await #expect(throws: MediaError.storageUnavailable) { _ = try await harness.upload(try harness.file("camera.jpg"), owner: owner) }
        #expect(try await files.list(prefix: "").isEmpty)
        #expect(try await harness.repository.media(of: owner, matching: MediaQuery(), page: PageRequest(size: 10)).items.isEmpty)
    }

    @Test func badDetailsAreFieldErrors() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let details = UploadDetails(clientPosition: GeoPoint(latitude: 91, longitude: 0), deviceAssetID: String(repeating: "x", count: 257))
        let error = await #expect(throws: RoamError.self) {
            _ = try await harness.upload(try harness.file("a.jpg"), owner: UUID(), details: details)
        }
        #expect(Set(error?.violations.map(\.field) ?? []) == ["position.latitude", "deviceAssetId"])
    }

    @Test func aNearestPhotosQueryWithBadPartsNamesEachOne() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let points = Dictionary(uniqueKeysWithValues: (0...1_000).map { ("p\($0)", GeoPoint(latitude: 0, longitude: 0)) })
            .merging(["bad": GeoPoint(latitude: 95, longitude: 0)]) { $1 }
        let error = await #expect(throws: RoamError.self) {
            _ = try await harness.service.nearest(to: points, from: "2024-05-02", to: "2024-05-01", zone: "Mars/Olympus", within: 0, for: UUID())
        }
        #expect(Set(error?.violations.map(\.field) ?? []) == ["time_zone", "points", "points[bad].latitude", "within_meters"])
        let nul = await #expect(throws: RoamError.self) {
            _ = try await harness.service.nearest(
                to: ["pin\u{0}": GeoPoint(latitude: 0, longitude: 0)], from: "2024-05-01", to: "2024-05-01",
                zone: "UTC", within: 10, for: UUID())
        }
        #expect(nul?.violations.map(\.field) == ["points"], "PostgreSQL text cannot hold a NUL")
        let backwards = await #expect(throws: RoamError.self) {
            _ = try await harness.service.nearest(to: [:], from: "2024-05-02", to: "2024-05-01", zone: "UTC", within: 10, for: UUID())
        }
        #expect(backwards?.violations.map(\.field) == ["to_date"])
    }
}

extension MediaServiceTests {
    @Test func purgingAUserRemovesTheirItemsAndEveryBlobUnderTheirName() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let (ana, bo) = (UUID(), UUID())
        _ = try await harness.upload(try harness.file("a.jpg"), owner: ana)
        _ = try await harness.upload(try harness.file("b.png"), owner: ana)
        let bos = try await harness.upload(try harness.file("c.jpg"), owner: bo).item
        // A blob an interrupted upload left under Ana's name.
        try await harness.blobs.put(BlobKey("originals/\(ana.lowercasedString)/\(UUID().lowercasedString)")!, bytes: Data("stray".utf8))
        #expect(try await harness.service.purgeUser(ana) == 2)
        #expect(try await harness.service.purgeUser(ana) == 0)
        #expect(Set(try await harness.blobs.list(prefix: "").map(\.key)) == Set(MediaBlobKeys(owner: bo, media: bos.id).uploaded))
    }

    @Test func anEndedEventTakesWhatWasUploadedForItAndLeavesLibraries() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let (host, guest, event) = (UUID(), UUID(), UUID())
        let banner = try await harness.upload(try harness.file("banner.jpg"), owner: host, details: UploadDetails(inLibrary: false)).item
        let own = try await harness.upload(try harness.file("own.jpg"), owner: guest).item
        try await harness.service.attach([banner.id], to: "event/\(event.lowercasedString)", for: host)
        try await harness.service.attach([own.id], to: "event/\(event.lowercasedString)", for: guest)
        #expect(try await harness.service.purgeEvent(event) == 1)
        #expect(try await harness.service.purgeEvent(event) == 0)
        #expect(Set(try await harness.blobs.list(prefix: "").map(\.key)) == Set(MediaBlobKeys(owner: guest, media: own.id).uploaded))
        #expect(try await harness.service.item(own.id, for: guest).id == own.id)
    }

    @Test func aDeletedTripTakesWhatWasUploadedForItsEntriesAndLeavesTheLibrary() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let (owner, trip) = (UUID(), UUID())
        let entryPhoto = try await harness.upload(try harness.file("entry.jpg"), owner: owner, details: UploadDetails(inLibrary: false)).item
        let pinPhoto = try await harness.upload(try harness.file("pin.png"), owner: owner).item
        try await harness.service.attach([entryPhoto.id], to: "trip/\(trip.lowercasedString)/journal/\(UUID().lowercasedString)", for: owner)
        try await harness.service.attach([pinPhoto.id], to: "trip/\(trip.lowercasedString)/pin/\(UUID().lowercasedString)", for: owner)
        for bad in ["trip/\(trip.lowercasedString)/journal", "trip//journal/1", "trip/1/Journal/2", "a/1/b/2/c/3/d/4"] {
            #expect(await errorFields { try await harness.service.attach([pinPhoto.id], to: bad, for: owner) } == ["subject"], "\(bad)")
        }
        #expect(try await harness.service.purgeTrip(trip) == 1)
        #expect(try await harness.service.purgeTrip(trip) == 0)
        #expect(Set(try await harness.blobs.list(prefix: "").map(\.key)) == Set(MediaBlobKeys(owner: owner, media: pinPhoto.id).uploaded))
        #expect(try await harness.service.item(pinPhoto.id, for: owner).id == pinPhoto.id)
    }

    @Test func anItemUploadedForAPostGoesAfterTheGracePeriodOnceThePostLetsGoOfIt() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let forPost = try await harness.upload(try harness.file("post.jpg"), owner: owner, details: UploadDetails(inLibrary: false)).item
        let library = try await harness.upload(try harness.file("library.jpg", width: 320), owner: owner).item
        try await harness.service.attach([forPost.id, library.id], to: "post/1", for: owner)
        try await harness.service.detach([forPost.id, library.id], from: "post/1", for: owner)
        #expect(try await harness.service.sweepUnattached(olderThan: .seconds(3_600)) == 0, "within the grace period")
        #expect(try await harness.service.sweepUnattached(olderThan: .zero) == 1)
        #expect(Set(try await harness.blobs.list(prefix: "").map(\.key)) == Set(MediaBlobKeys(owner: owner, media: library.id).uploaded))
    }

    @Test func anUnreachableBlobStoreIsUnavailableNotAnInternalError() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore(), blobs: UnreachableBlobs())
        defer { harness.remove() }
        await #expect(throws: MediaError.storageUnavailable) { _ = try await harness.service.purgeUser(UUID()) }
        await #expect(throws: MediaError.storageUnavailable) { _ = try await harness.service.sweepOrphanBlobs(olderThan: .zero) }
    }

    @Test func theSweeperRemovesOnlyOldBlobsNoItemPointsTo() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let kept = try await harness.upload(try harness.file("kept.jpg"), owner: owner).item
        let orphan = MediaBlobKeys(owner: owner, media: UUID())
        for key in orphan.all { try await harness.blobs.put(key, bytes: Data("left behind".utf8)) }
        #expect(try await harness.service.sweepOrphanBlobs(olderThan: .seconds(3_600)) == 0, "too new: the upload may be under way")
        #expect(try await harness.service.sweepOrphanBlobs(olderThan: .zero) == orphan.all.count)
        #expect(Set(try await harness.blobs.list(prefix: "").map(\.key)) == Set(MediaBlobKeys(owner: owner, media: kept.id).uploaded))
    }
}

/// A blob store whose previews cannot be written: the upload fails after the original and thumbnail.
private struct FailingPreviews: BlobStore {
    let files: LocalFileBlobStore

    func put(_ key: BlobKey, contentsOf source: URL) async throws(BlobError) { try await files.put(key, contentsOf: source) }

    func put(_ key: BlobKey, bytes: Data) async throws(BlobError) {
        guard !key.value.hasPrefix("previews/") else { throw BlobError.unavailable("the disk is full") }
        try await files.put(key, bytes: bytes)
    }

    func read(_ key: BlobKey, range: ClosedRange<Int>?) async throws(BlobError) -> BlobContent { try await files.read(key, range: range) }
    func delete(_ key: BlobKey) async throws(BlobError) { try await files.delete(key) }
    func list(prefix: String) async throws(BlobError) -> [BlobListing] { try await files.list(prefix: prefix) }
}

/// A blob store that cannot be reached.
private struct UnreachableBlobs: BlobStore {
    func put(_ key: BlobKey, contentsOf source: URL) async throws(BlobError) { throw BlobError.unavailable("down") }
    func put(_ key: BlobKey, bytes: Data) async throws(BlobError) { throw BlobError.unavailable("down") }
    func read(_ key: BlobKey, range: ClosedRange<Int>?) async throws(BlobError) -> BlobContent { throw BlobError.unavailable("down") }
    func delete(_ key: BlobKey) async throws(BlobError) { throw BlobError.unavailable("down") }
    func list(prefix: String) async throws(BlobError) -> [BlobListing] { throw BlobError.unavailable("down") }
}
