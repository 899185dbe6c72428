import Crypto
import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Media

/// Resumable uploads through the media service on real parts: the spool, files, libvips, both repositories.
@Suite struct ResumableUploadServiceTests {
    struct ConnectionLost: Error {}

    /// `bytes` in 64 KiB chunks, ending with `ConnectionLost` when `cut`.
    static func chunks(_ bytes: Data, cut: Bool = false) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                continuation.yield(Data(bytes[offset..<min(offset + 65_536, bytes.endIndex)]))
                offset += 65_536
            }
            continuation.finish(throwing: cut ? ConnectionLost() : nil)
        }
    }

    static func segmentBlobs(_ harness: MediaServiceHarness, of upload: ResumableUpload) async throws -> Int {
        try await harness.blobs.list(prefix: upload.segmentPrefix).count
    }

    @Test(arguments: StoreKind.allCases)
    func anAppendCutOffKeepsWhatArrivedAndTheRestFromThereStoresTheItem(_ kind: StoreKind) async throws {
        try await kind.withRepository { repository in
            let harness = try MediaServiceHarness(repository: repository)
            defer { harness.remove() }
            let owner = UUID()
            let photo = try harness.file("camera.jpg", width: 1_200, height: 900, exif: TestImages.cameraFields)
            let details = UploadDetails(deviceAssetID: "IMG_7", inLibrary: false)
            let upload = try await harness.service.createUpload(length: photo.count, details: details, metadata: "filename YS5qcGc=", owner: owner)
            let half = photo.count / 2
            let cut = try await harness.service.append(
                Self.chunks(photo.prefix(half), cut: true), to: upload.id, from: 0, checksum: nil, spool: harness.spool, owner: owner)
            #expect(cut.upload.offset == half && cut.item == nil)
            let stranger = await #expect(throws: RoamError.self) {
                _ = try await harness.service.append(
                    Self.chunks(photo.suffix(from: half)), to: upload.id, from: half, checksum: nil, spool: harness.spool, owner: UUID())
            }
            #expect(stranger?.reason == "NOT_FOUND")
            let stale = await #expect(throws: RoamError.self) {
                _ = try await harness.service.append(Self.chunks(photo), to: upload.id, from: 0, checksum: nil, spool: harness.spool, owner: owner)
            }
            #expect(stale?.reason == "UPLOAD_OFFSET_MISMATCH")

            let rest = Data(photo.suffix(from: half))
            let digest = UploadChecksum(checked: .sha256, Data(SHA256.hash(data: rest)))
            let done = try await harness.service.append(
                Self.chunks(rest), to: upload.id, from: half, checksum: digest, spool: harness.spool, owner: owner)
            let item = try #require(done.item)
            #expect(done.upload.isStored && done.upload.mediaID == item.id && item.sizeBytes == photo.count)
            #expect(item.sha256 == SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined())
            #expect(item.deviceAssetID == "IMG_7" && !item.inLibrary && item.cameraModel == "Test Camera")
            #expect(try await harness.blobs.bytes(MediaBlobKeys(owner: owner, media: item.id).original) == photo)
            #expect(try await Self.segmentBlobs(harness, of: upload) == 0)
            #expect(try harness.spoolIsEmpty())
            // Asked again, it answers the item.
            #expect(try await harness.service.upload(upload.id, for: owner).item?.id == item.id)
        }
    }

    @Test func bytesThatDoNotMatchTheirChecksumAreNotKeptNorAreThoseOfACutAppendWithOne() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let photo = try harness.file("a.png")
        let upload = try await harness.service.createUpload(length: photo.count, details: UploadDetails(), metadata: "", owner: owner)
        let wrong = UploadChecksum(checked: .sha1, Data(Insecure.SHA1.hash(data: Data("other".utf8))))
        let mismatch = await #expect(throws: RoamError.self) {
            _ = try await harness.service.append(Self.chunks(photo), to: upload.id, from: 0, checksum: wrong, spool: harness.spool, owner: owner)
        }
        #expect(mismatch?.reason == "CHECKSUM_MISMATCH")
        let right = UploadChecksum(checked: .sha1, Data(Insecure.SHA1.hash(data: photo)))
        await #expect(throws: ConnectionLost.self) {
            _ = try await harness.service.append(
                Self.chunks(photo, cut: true), to: upload.id, from: 0, checksum: right, spool: harness.spool, owner: owner)
        }
        #expect(try await harness.service.upload(upload.id, for: owner).upload.offset == 0)
        #expect(try await Self.segmentBlobs(harness, of: upload) == 0)
        #expect(try harness.spoolIsEmpty())
    }

    /// By a HEAD, or by a creation again with the same key (a client relaunched after the break).
    @Test(arguments: [false, true])
    func askedWhileAnAppendIsStillLandingTheAnswerWaitsForItsBytes(byCreatingAgain: Bool) async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let details = UploadDetails(idempotencyKey: "clip-\(UUID())")
        let upload = try await harness.service.createUpload(length: 100_000, details: details, metadata: "", owner: owner)
        // The bytes arrive, then the connection is a while in breaking: the append has not landed yet.
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        continuation.yield(Data(count: 40_000))
        let appending = Task {
            try await harness.service.append(chunks, to: upload.id, from: 0, checksum: nil, spool: harness.spool, owner: owner)
        }
        try await Task.sleep(for: .milliseconds(100))
        let asked = Task {
            guard byCreatingAgain else { return try await harness.service.upload(upload.id, for: owner).upload.offset }
            return try await harness.service.createUpload(length: 100_000, details: details, metadata: "", owner: owner).offset
        }
        try await Task.sleep(for: .milliseconds(300))
        continuation.finish(throwing: ConnectionLost())
        #expect(try await asked.value == 40_000, "the offset counts the bytes that were landing")
        #expect(try await appending.value.upload.offset == 40_000)
    }

    @Test func aFileThatCannotBeAnItemEndsItsUploadWithItsBytes() async throws {
        let harness = try MediaServiceHarness(repository: InMemoryMediaStore())
        defer { harness.remove() }
        let owner = UUID()
        let text = Data(String(repeating: "not a photo ", count: 1_000).utf8)
        let upload = try await harness.service.createUpload(length: text.count, details: UploadDetails(), metadata: "", owner: owner)
        _ = try await harness.service.append(
            Self.chunks(text.prefix(5_000)), to: upload.id, from: 0, checksum: nil, spool: harness.spool, owner: owner)
        let refused = await #expect(throws: RoamError.self) {
            _ = try await harness.service.append(
                Self.chunks(text.suffix(from: 5_000)), to: upload.id, from: 5_000, checksum: nil, spool: harness.spool, owner: owner)
        }
        #expect(refused?.reason == "UNSUPPORTED_MEDIA_TYPE")
        #expect(try await harness.repository.upload(upload.id, owner: owner) == nil)
        #expect(try await Self.segmentBlobs(harness, of: upload) == 0)
    }

    @Test func anUploadLeftPastItsExpiryIsRefusedThenSweptWithItsBytes() async throws {
        let clock = TestClock()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-resumable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let repository = InMemoryMediaStore()
        let blobs = try LocalFileBlobStore(root: root.appendingPathComponent("blobs"))
        let spool = try UploadSpool(directory: root.appendingPathComponent("spool"))
        let service = MediaService(
            repository: repository, blobs: blobs,
            images: ImageProcessor(reader: ImageReader(pixelLimit: 1_000_000), workers: MediaServiceHarness.workers),
            policy: MediaPolicy(uploadExpiry: .seconds(600)), now: { clock.now })
        let owner = UUID()
        let upload = try await service.createUpload(length: 1_000, details: UploadDetails(), metadata: "", owner: owner)
        let grown = try await service.append(Self.chunks(Data(count: 400)), to: upload.id, from: 0, checksum: nil, spool: spool, owner: owner)
        #expect(grown.upload.expiresAt == clock.now.addingTimeInterval(600), "each append pushes the expiry on")
        clock.advance(by: 601)
        let expired = await #expect(throws: RoamError.self) { _ = try await service.upload(upload.id, for: owner) }
        #expect(expired?.reason == "UPLOAD_EXPIRED")
        #expect(try await service.sweepExpiredUploads() == 1)
        #expect(try await blobs.list(prefix: upload.segmentPrefix).isEmpty)
        let gone = await #expect(throws: RoamError.self) { _ = try await service.upload(upload.id, for: owner) }
        #expect(gone?.reason == "NOT_FOUND")
    }

    @Test(arguments: StoreKind.allCases)
    func wholeUploadsSentAtOnceCannotPassTheQuotaTogether(_ kind: StoreKind) async throws {
        try await kind.withRepository { repository in
            let harness = try MediaServiceHarness(repository: repository, policy: MediaPolicy(quotaBytes: 100_000))
            defer { harness.remove() }
            let owner = UUID()
            // Six different 30 KB files at once: three fit in 100 KB.
            let files = try (0..<6).map { index in
                Data([0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0]) + Data(repeating: UInt8(index), count: 30_000)
            }
            let outcomes = await withTaskGroup(of: String.self) { group in
                for file in files {
                    group.addTask {
                        do {
                            _ = try await harness.upload(file, owner: owner)
                            return "stored"
                        } catch let error as RoamError {
                            return error.reason
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == "stored" }.count == 3 && outcomes.filter { $0 == "QUOTA_EXCEEDED" }.count == 3, "\(outcomes)")
            #expect(try await repository.bytesStored(by: owner) == 3 * files[0].count)
        }
    }
}

extension UploadChecksum {
    /// A checksum of a known algorithm, for tests.
    init(checked algorithm: Algorithm, _ digest: Data) {
        self = try! UploadChecksum(algorithm: algorithm.rawValue, digest: digest)!
    }
}
