import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Media

/// What both media stores do with resumable uploads, run against each.
@Suite struct ResumableUploadRepositoryContractTests {
    static func upload(owner: UUID, length: Int, key: String? = nil, expiresIn seconds: TimeInterval = 3_600) -> ResumableUpload {
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        return ResumableUpload(
            id: .v7(at: now), ownerID: owner, length: length, expiresAt: now.addingTimeInterval(seconds), metadata: "filename Y2xpcC5tcDQ=",
            details: UploadDetails(
                clientCaptureTime: CaptureTime(date: MediaFixtures.day(3), utcOffsetSeconds: 3_600),
                clientPosition: GeoPoint(latitude: 59.3, longitude: 18.1), deviceAssetID: "IMG_1", inLibrary: false, idempotencyKey: key),
            createdAt: now)
    }

    static func segment(_ upload: ResumableUpload, at offset: Int, size: Int) -> UploadSegment {
        UploadSegment(offset: offset, size: size, key: upload.segmentKey(at: offset))
    }

    @Test(arguments: StoreKind.allCases)
    func anUploadIsKeptAsCreatedAndGrowsOnlyFromWhereItStands(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let upload = Self.upload(owner: owner, length: 1_000, key: "clip-1")
            #expect(try await store.reserve(upload, quota: nil, maxOpen: nil, at: Date()) == .created(upload))
            #expect(try await store.upload(upload.id, owner: owner) == upload)
            #expect(try await store.upload(upload.id, owner: UUID()) == nil, "another user's is not found")
            // The same key again answers the first.
            let retried = Self.upload(owner: owner, length: 1_000, key: "clip-1")
            #expect(try await store.reserve(retried, quota: nil, maxOpen: nil, at: Date()) == .existing(upload))

            let later = Date().addingTimeInterval(7_200).rounded
            let first = Self.segment(upload, at: 0, size: 400)
            let grown = try #require(try await store.append(first, to: upload.id, owner: owner, expiresAt: later))
            #expect(grown.offset == 400 && grown.expiresAt == later)
            #expect(try await store.append(Self.segment(upload, at: 0, size: 100), to: upload.id, owner: owner, expiresAt: later) == nil)
            #expect(try await store.append(Self.segment(upload, at: 400, size: 601), to: upload.id, owner: owner, expiresAt: later) == nil)
            #expect(try await store.append(Self.segment(upload, at: 400, size: 600), to: upload.id, owner: UUID(), expiresAt: later) == nil)
            let second = Self.segment(upload, at: 400, size: 600)
            #expect(try await store.append(second, to: upload.id, owner: owner, expiresAt: later)?.isComplete == true)
            #expect(try await store.segments(of: upload.id) == [first, second])

            let media = UUID()
            let finished = try #require(try await store.finish(upload.id, owner: owner, media: media, duplicate: true))
            #expect(finished.mediaID == media && finished.duplicate && finished.isStored)
            #expect(try await store.segments(of: upload.id).isEmpty)
            #expect(try await store.append(Self.segment(upload, at: 1_000, size: 1), to: upload.id, owner: owner, expiresAt: later) == nil)
            #expect(try await store.knownUploadIDs([upload.id, UUID()]) == [upload.id])
            #expect(try await store.removeUpload(upload.id, owner: UUID()) == nil)
            #expect(try await store.removeUpload(upload.id, owner: owner)?.id == upload.id)
            #expect(try await store.knownUploadIDs([upload.id]).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theQuotaCountsStoredAndReservedBytesAndUploadsAskedForAtOnceCannotPassIt(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            _ = try await store.add(MediaFixtures.item(owner: owner))  // 12,345 bytes kept
            let outcomes = try await withThrowingTaskGroup(of: UploadReservation.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await store.reserve(Self.upload(owner: owner, length: 20_000), quota: 100_000, maxOpen: nil, at: Date()) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let created = outcomes.filter { if case .created = $0 { true } else { false } }
            #expect(created.count == 4, "12,345 kept + 4 × 20,000 reserved fit in 100,000; a fifth does not: \(outcomes)")
            #expect(outcomes.contains(.overQuota(stored: 12_345, reserved: 80_000)))
            // Another user's quota is their own.
            guard case .created = try await store.reserve(Self.upload(owner: UUID(), length: 90_000), quota: 100_000, maxOpen: nil, at: Date())
            else { Issue.record("another user's upload was refused"); return }
            // An expired reservation no longer counts; a stored one counts as its item, not twice.
            let expired = Self.upload(owner: owner, length: 5_000, expiresIn: -10)
            #expect(try await store.reserve(expired, quota: 100_000, maxOpen: nil, at: Date()) == .created(expired))
            #expect(try await store.reserve(Self.upload(owner: owner, length: 7_655), quota: 100_000, maxOpen: nil, at: Date()).isCreated)
            #expect(try await store.reserve(Self.upload(owner: owner, length: 1), quota: 100_000, maxOpen: nil, at: Date()).isCreated == false)
            let removed = try await store.removeExpired(before: Date())
            #expect(removed.map(\.id) == [expired.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOwnerHoldsAtMostSoManyUnfinishedUploadsAndLosesThemAllWithTheirAccount(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            for _ in 0..<3 { #expect(try await store.reserve(Self.upload(owner: owner, length: 10), quota: nil, maxOpen: 3, at: Date()).isCreated) }
            #expect(try await store.reserve(Self.upload(owner: owner, length: 10), quota: nil, maxOpen: 3, at: Date()) == .tooManyOpen(open: 3))
            // A whole upload's reservation (complete on arrival) is not an open one.
            let whole = ResumableUpload(
                id: UUID(), ownerID: owner, length: 10, offset: 10, expiresAt: Date().addingTimeInterval(60), createdAt: Date())
            #expect(try await store.reserve(whole, quota: nil, maxOpen: nil, at: Date()).isCreated)
            try await store.removeUploads(of: owner)
            #expect(try await store.reserve(Self.upload(owner: owner, length: 10), quota: nil, maxOpen: 3, at: Date()).isCreated)
        }
    }
}

extension UploadReservation {
    var isCreated: Bool { if case .created = self { true } else { false } }
}

extension Date {
    /// Whole seconds, as both stores keep it.
    var rounded: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
