import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Media

/// What both media stores do, run against each.
@Suite struct MediaRepositoryContractTests {
    static let stockholm = GeoPoint(latitude: 59.3293, longitude: 18.0686)

    @Test(arguments: StoreKind.allCases)
    func anInferredPositionFillsOnlyAGapAndTheOwnersClearingKeepsItOut(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let bare = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(10))).item
            let located = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(11), position: Self.stockholm)).item
            let someoneElses = try await store.add(MediaFixtures.item(takenAt: MediaFixtures.day(10))).item
            let guess = Self.stockholm.moved(meters: 500, bearing: 90)
            let changed = try await store.setInferredPositions([bare.id: guess, located.id: guess, someoneElses.id: guess], owner: owner)
            #expect(changed.map(\.id) == [bare.id], "the file's own position and someone else's photo stay as they are")
            let inferred = try #require(try await store.item(bare.id))
            #expect(inferred.positionInferred && abs((inferred.position?.latitude ?? 0) - guess.latitude) < 1e-9)
            #expect(try await store.item(located.id)?.position == Self.stockholm)
            #expect(try await store.item(someoneElses.id)?.position == nil)
            // Near searches find it where it was inferred.
            let near = try await store.media(of: owner, matching: MediaQuery(near: GeoCircle(center: guess, meters: 50)), page: PageRequest(size: 10))
            #expect(near.items.map(\.id) == [bare.id])
            // A better guess replaces an inferred one.
            let better = guess.moved(meters: 100, bearing: 0)
            #expect(try await store.setInferredPositions([bare.id: better], owner: owner).first?.position?.latitude == better.latitude)

            #expect(try await store.clearInferredPosition(bare.id, owner: UUID()) == nil)
            let cleared = try #require(try await store.clearInferredPosition(bare.id, owner: owner))
            #expect(cleared.position == nil && !cleared.positionInferred && cleared.positionInferenceDeclined)
            #expect(try await store.setInferredPositions([bare.id: guess], owner: owner).isEmpty, "cleared by the owner: not inferred again")
            #expect(try await store.clearInferredPosition(bare.id, owner: owner) == nil, "cleared already")
            #expect(try await store.clearInferredPosition(located.id, owner: owner)?.position == Self.stockholm, "a position of its own stays")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func photosAreFiledByTheLocalDayTheyWereTakenOn(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            // Lisbon is UTC+1 in May. 23:30 UTC on 1 May is 2 May there; a camera's wall-clock 23:30 on
            // 1 May (no offset) stays on 1 May; a photo with no capture time is on no day.
            let owner = UUID(), lisbon = TripZone("Europe/Lisbon")!
            let late = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(23.5))).item
            let wallClock = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(23.5), offset: nil)).item
            let morning = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(8))).item
            let nextMorning = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(32))).item
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: nil))
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(9), inLibrary: false))
            _ = try await store.add(MediaFixtures.item(takenAt: MediaFixtures.day(9)))
            let first = LocalDate("2024-05-01")!, second = LocalDate("2024-05-02")!
            let days = try await store.days(of: owner, from: first, to: second, in: lisbon)
            #expect(days.map(\.date) == [first, second] && days.map(\.count) == [2, 2])
            #expect(days.map(\.cover.id) == [morning.id, late.id])
            #expect(try await store.days(of: owner, from: second, to: second, in: lisbon).map(\.count) == [2])
            let onFirst = try await store.media(of: owner, matching: MediaQuery(order: .oldestFirst, takenOn: (first, lisbon)), page: PageRequest())
            #expect(onFirst.items.map(\.id) == [morning.id, wallClock.id])
            let onSecond = try await store.media(of: owner, matching: MediaQuery(order: .oldestFirst, takenOn: (second, lisbon)), page: PageRequest())
            #expect(onSecond.items.map(\.id) == [late.id, nextMorning.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDayInAZoneBehindUTCReachesIntoTheNextUTCDay(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            // New York is UTC−4 in May: 02:00 UTC on 2 May is 22:00 on 1 May there, while a camera's wall
            // clock of 02:00 on 2 May stays on 2 May; 03:00 UTC on 1 May is still 30 April there.
            let owner = UUID(), newYork = TripZone("America/New_York")!
            let evening = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(26))).item
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(26), offset: nil))
            let justAfterMidnight = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(0.5), offset: nil)).item
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(3)))
            let first = LocalDate("2024-05-01")!
            let page = try await store.media(of: owner, matching: MediaQuery(order: .oldestFirst, takenOn: (first, newYork)), page: PageRequest())
            #expect(page.items.map(\.id) == [justAfterMidnight.id, evening.id])
            #expect(try await store.days(of: owner, from: first, to: first, in: newYork).map(\.count) == [2])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anItemReadsBackAsItWasAdded(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            var item = MediaFixtures.item(takenAt: MediaFixtures.day(10), offset: 7_200, position: Self.stockholm, deviceAssetID: "IMG_0001")
            item.tags = ["fika"]
            item.description = "Old town"
            // A takedown is set by moderators, not on adding (read back below).
            #expect(unsetMembers(of: item) == ["takedown"], "the complete item leaves \(unsetMembers(of: item)) unset")
            let added = try await store.add(item)
            #expect(!added.duplicate && added.item == item)
            #expect(try await store.item(item.id) == item)
            let takedown = Takedown(at: MediaFixtures.day(12), reason: "Private papers", by: "user:mod")
            item.takedown = takedown
            #expect(try await store.setTakedown(ofItem: item.id, takedown) == item)
            #expect(try await store.item(item.id) == item)
            item.takedown = nil
            #expect(try await store.setTakedown(ofItem: item.id, nil) == item)
            #expect(try await store.setTakedown(ofItem: UUID(), takedown) == nil)
            var local = MediaFixtures.item(takenAt: MediaFixtures.day(11), offset: nil)
            local.width = nil
            local.height = nil
            local.orientation = nil
            local.cameraMake = nil
            _ = try await store.add(local)
            #expect(try await store.item(local.id) == local)
            #expect(try await store.item(local.id)?.captureTime?.isLocal == true)
            #expect(try await store.item(UUID()) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anIdempotencyKeyAnswersTheFirstItemOfItsOwnerWhileItExists(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let first = try await store.add(MediaFixtures.item(owner: owner)).item
            let second = try await store.add(MediaFixtures.item(owner: owner)).item
            try await store.remember(idempotencyKey: "retry-1", owner: owner, item: first.id)
            try await store.remember(idempotencyKey: "retry-1", owner: owner, item: second.id)
            #expect(try await store.item(owner: owner, idempotencyKey: "retry-1")?.id == first.id, "the first answer is kept")
            #expect(try await store.item(owner: UUID(), idempotencyKey: "retry-1") == nil, "keys are per owner")
            #expect(try await store.item(owner: owner, idempotencyKey: "other") == nil)
            _ = try await store.remove(first.id, owner: owner)
            #expect(try await store.item(owner: owner, idempotencyKey: "retry-1") == nil, "a deleted item's key answers nothing")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theSameBytesAreOneItemPerOwnerEvenWhenSentTwentyTimesAtOnce(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID(), checksum = MediaFixtures.randomChecksum()
            let results = try await withThrowingTaskGroup(of: (item: MediaItem, duplicate: Bool).self) { group in
                for _ in 0..<20 { group.addTask { try await store.add(MediaFixtures.item(owner: owner, sha256: checksum)) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { !$0.duplicate }.count == 1)
            #expect(Set(results.map(\.item.id)).count == 1)
            let page = try await store.media(of: owner, matching: MediaQuery(), page: PageRequest(size: 100))
            #expect(page.items.count == 1)
            let someoneElse = try await store.add(MediaFixtures.item(sha256: checksum))
            #expect(!someoneElse.duplicate)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOwnerLearnsWhichChecksumsAndDeviceAssetsTheyHave(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let first = try await store.add(MediaFixtures.item(owner: owner, deviceAssetID: "IMG_1")).item
            _ = try await store.add(MediaFixtures.item(owner: UUID(), deviceAssetID: "IMG_2"))
            let unknown = MediaFixtures.randomChecksum()
            let found = try await store.existing(owner: owner, checksums: [first.sha256, unknown], deviceAssetIDs: ["IMG_1", "IMG_2"])
            #expect(found.checksums == [first.sha256] && found.deviceAssetIDs == ["IMG_1"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theLibraryPagesByCaptureTimeEitherWay(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            var added: [MediaItem] = []
            for hour in [5.0, 1, 3, 2, 4] {
                added.append(try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(hour))).item)
            }
            _ = try await store.add(MediaFixtures.item(owner: UUID(), takenAt: MediaFixtures.day(3)))
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(3.5), inLibrary: false))
            func all(_ order: MediaQuery.Order) async throws -> [Date] {
                var times: [Date] = [], cursor: String?
                repeat {
                    let page = try await store.media(of: owner, matching: MediaQuery(order: order), page: PageRequest(size: 2, cursor: cursor))
                    times += page.items.compactMap { $0.captureTime?.date }
                    cursor = page.nextCursor
                } while cursor != nil
                return times
            }
            #expect(try await all(.newestFirst) == [5.0, 4, 3, 2, 1].map(MediaFixtures.day))
            #expect(try await all(.oldestFirst) == [1.0, 2, 3, 4, 5].map(MediaFixtures.day))
            let range = try await store.media(
                of: owner, matching: MediaQuery(order: .oldestFirst, from: MediaFixtures.day(2), to: MediaFixtures.day(4)),
                page: PageRequest(size: 10))
            #expect(range.items.compactMap { $0.captureTime?.date } == [MediaFixtures.day(2), MediaFixtures.day(3)])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func eachPointGetsTheNearestPhotoOfTheDaysWithinTheRadius(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID(), lisbon = TripZone("Europe/Lisbon")!
            let first = LocalDate("2024-05-01")!, second = LocalDate("2024-05-02")!
            let square = Self.stockholm, harbour = Self.stockholm.moved(meters: 5_000, bearing: 90)
            func photo(
                _ meters: Double, from point: GeoPoint, hours: Double = 10, owner: UUID = owner, inLibrary: Bool = true
            ) async throws -> MediaItem {
                try await store.add(
                    MediaFixtures.item(
                        owner: owner, takenAt: MediaFixtures.day(hours), position: point.moved(meters: meters, bearing: 0),
                        inLibrary: inLibrary)
                ).item
            }
            let nearest = try await photo(100, from: square)
            _ = try await photo(300, from: square)
            _ = try await photo(10, from: square, hours: 60)  // 3 May: not a day asked for
            _ = try await photo(20, from: square, inLibrary: false)  // kept only for a post
            _ = try await photo(5, from: square, owner: UUID())  // someone else's
            let twins = [try await photo(200, from: harbour, hours: 30), try await photo(200, from: harbour, hours: 31)]
            _ = try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(10)))  // no position

            let found = try await store.nearest(
                of: owner, to: ["square": square, "harbour": harbour, "sea": square.moved(meters: 2_000, bearing: 180)],
                takenFrom: first, to: second, in: lisbon, within: 1_000)
            #expect(Set(found.keys) == ["square", "harbour"], "nothing lies within 1 km of the sea point")
            #expect(found["square"]?.mediaID == nearest.id)
            #expect(abs((found["square"]?.meters ?? 0) - 100) < 0.5)
            #expect(found["harbour"]?.mediaID == twins.map(\.id).min { $0.uuidString < $1.uuidString }, "a tie goes to the lower id")
            let firstDayOnly = try await store.nearest(of: owner, to: ["harbour": harbour], takenFrom: first, to: first, in: lisbon, within: 1_000)
            #expect(firstDayOnly.isEmpty, "the harbour's photos were taken on 2 May")
            #expect(try await store.nearest(of: owner, to: ["square": square], takenFrom: first, to: second, in: lisbon, within: 50).isEmpty)
            #expect(try await store.nearest(of: owner, to: [:], takenFrom: first, to: second, in: lisbon, within: 50).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theNearestPhotoIsNearestInMetresWhereDegreesMisleadNearAPoleAndAcrossTheAntimeridian(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID(), lisbon = TripZone("Europe/Lisbon")!, day = LocalDate("2024-05-01")!
            func photo(at point: GeoPoint) async throws -> MediaItem {
                try await store.add(MediaFixtures.item(owner: owner, takenAt: MediaFixtures.day(10), position: point)).item
            }
            // At 60° north a degree east is half as long as a degree north: 1,000 m north is nearer in
            // degrees than 900 m east, which is nearer in metres.
            let oslo = GeoPoint(latitude: 60, longitude: 10.75)
            _ = try await photo(at: oslo.moved(meters: 1_000, bearing: 0))
            let east = try await photo(at: oslo.moved(meters: 900, bearing: 90))
            // 300 m east of 179.999° E is past the antimeridian, at -179.99…°; 400 m west is nearer in degrees.
            let dateLine = GeoPoint(latitude: -17, longitude: 179.999)
            let across = try await photo(at: dateLine.moved(meters: 300, bearing: 90))
            _ = try await photo(at: dateLine.moved(meters: 400, bearing: 270))
            let pole = GeoPoint(latitude: 89.5, longitude: 0)
            let polar = try await photo(at: pole.moved(meters: 500, bearing: 180))
            _ = try await photo(at: pole.moved(meters: 700, bearing: 0))
            let found = try await store.nearest(
                of: owner, to: ["oslo": oslo, "dateLine": dateLine, "pole": pole], takenFrom: day, to: day, in: lisbon, within: 2_000)
            #expect(found["oslo"]?.mediaID == east.id)
            #expect(abs((found["oslo"]?.meters ?? 0) - 900) < 1)
            #expect(found["dateLine"]?.mediaID == across.id)
            #expect(found["pole"]?.mediaID == polar.id)
            // Nothing within 800 m of Oslo's point: the 900 m photo is out of reach, whichever search finds it.
            #expect(try await store.nearest(of: owner, to: ["oslo": oslo], takenFrom: day, to: day, in: lisbon, within: 800).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func mediaIsFoundNearAPointOrByHavingNoPosition(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let near = try await store.add(MediaFixtures.item(owner: owner, position: GeoPoint(latitude: 59.3326, longitude: 18.0649))).item
            let edge = try await store.add(MediaFixtures.item(owner: owner, position: GeoPoint(latitude: 59.3293 + 0.072, longitude: 18.0686))).item
            let far = try await store.add(MediaFixtures.item(owner: owner, position: GeoPoint(latitude: 57.7089, longitude: 11.9746))).item
            let nowhere = try await store.add(MediaFixtures.item(owner: owner)).item
            // About 8,006 m north: inside 8,047 m (five miles), outside 8,000.
            let fiveMiles = try await store.media(
                of: owner, matching: MediaQuery(near: GeoCircle(center: Self.stockholm, meters: 8_047)),
                page: PageRequest(size: 10))
            #expect(Set(fiveMiles.items.map(\.id)) == [near.id, edge.id])
            let eightKilometres = try await store.media(
                of: owner, matching: MediaQuery(near: GeoCircle(center: Self.stockholm, meters: 8_000)),
                page: PageRequest(size: 10))
            #expect(eightKilometres.items.map(\.id) == [near.id])
            let unplaced = try await store.media(of: owner, matching: MediaQuery(withoutLocation: true), page: PageRequest(size: 10))
            #expect(unplaced.items.map(\.id) == [nowhere.id])
            #expect(!fiveMiles.items.contains { $0.id == far.id })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func attachingIsAllOrNothingAndOnlyForTheOwner(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let mine = try await store.add(MediaFixtures.item(owner: owner)).item
            let forAPost = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            let theirs = try await store.add(MediaFixtures.item()).item
            let missing = UUID()
            let refused = try await store.attach([mine.id, theirs.id, missing], owner: owner, to: "post/1", at: Date())
            #expect(Set(refused) == [theirs.id, missing])
            #expect(try await store.subjects(of: mine.id).isEmpty)
            #expect(try await store.attach([mine.id, forAPost.id, mine.id], owner: owner, to: "post/1", at: Date()).isEmpty)
            #expect(try await store.attach([mine.id], owner: owner, to: "post/1", at: Date()).isEmpty, "attaching again is harmless")
            #expect(try await store.subjects(of: mine.id) == ["post/1"])
            let onThePost = try await store.media(of: owner, matching: MediaQuery(subject: "post/1"), page: PageRequest(size: 10))
            #expect(Set(onThePost.items.map(\.id)) == [mine.id, forAPost.id])
            let library = try await store.media(of: owner, matching: MediaQuery(), page: PageRequest(size: 10))
            #expect(library.items.map(\.id) == [mine.id], "an item uploaded only for a post stays out of the library")
            try await store.detach([forAPost.id], owner: UUID(), from: "post/1", at: Date())
            #expect(try await store.subjects(of: forAPost.id) == ["post/1"], "only the owner detaches")
            try await store.detach([mine.id, theirs.id], owner: owner, from: "post/1", at: Date())
            #expect(try await store.subjects(of: mine.id).isEmpty)
            #expect(try await store.subjects(of: forAPost.id) == ["post/1"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlyTheOwnerChangesOrRemovesAnItem(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let item = try await store.add(MediaFixtures.item(owner: owner)).item
            #expect(try await store.update(item.id, owner: UUID(), description: "mine now", tags: nil) == nil)
            let changed = try await store.update(item.id, owner: owner, description: "Harbour at dusk", tags: ["harbour", "dusk"])
            #expect(changed?.description == "Harbour at dusk" && changed?.tags == ["harbour", "dusk"])
            #expect(try await store.update(item.id, owner: owner, description: nil, tags: [])?.description == "Harbour at dusk")
            _ = try await store.attach([item.id], owner: owner, to: "trip/1", at: Date())
            #expect(try await store.remove(item.id, owner: UUID()) == nil)
            #expect(try await store.remove(item.id, owner: owner)?.id == item.id)
            #expect(try await store.item(item.id) == nil)
            #expect(try await store.subjects(of: item.id).isEmpty)
            #expect(try await store.remove(item.id, owner: owner) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func purgesRemoveAnOwnersItemsAndASubjectsOwnItems(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let (ana, bo) = (UUID(), UUID())
            let event = "event/\(UUID().lowercasedString)"
            let banner = try await store.add(MediaFixtures.item(owner: ana, inLibrary: false)).item
            let keepsake = try await store.add(MediaFixtures.item(owner: bo)).item
            let elsewhere = try await store.add(MediaFixtures.item(owner: bo, inLibrary: false)).item
            _ = try await store.attach([banner.id], owner: ana, to: event, at: Date())
            _ = try await store.attach([keepsake.id], owner: bo, to: event, at: Date())
            _ = try await store.attach([elsewhere.id], owner: bo, to: "post/9", at: Date())
            #expect(try await store.purge(subject: event).map(\.id) == [banner.id])
            #expect(try await store.purge(subject: event).isEmpty)
            #expect(try await store.item(keepsake.id) != nil)
            #expect(try await store.subjects(of: keepsake.id).isEmpty)
            #expect(try await store.knownIDs([banner.id, keepsake.id, elsewhere.id]) == [keepsake.id, elsewhere.id])
            #expect(Set(try await store.removeAll(of: bo).map(\.id)) == [keepsake.id, elsewhere.id])
            #expect(try await store.removeAll(of: bo).isEmpty)
            #expect(try await store.knownIDs([keepsake.id, elsewhere.id]).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aPurgedSubjectTakesTheSubjectsUnderItAndNoOther(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let trip = "trip/\(UUID().lowercasedString)"
            let entryPhoto = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            let libraryPhoto = try await store.add(MediaFixtures.item(owner: owner)).item
            let lookalike = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            _ = try await store.attach([entryPhoto.id], owner: owner, to: "\(trip)/journal/1", at: Date())
            _ = try await store.attach([libraryPhoto.id], owner: owner, to: "\(trip)/pin/2", at: Date())
            _ = try await store.attach([libraryPhoto.id], owner: owner, to: "post/3", at: Date())
            // Shares the trip's text but is not under it.
            _ = try await store.attach([lookalike.id], owner: owner, to: "\(trip)x/journal/1", at: Date())
            #expect(try await store.purge(subject: trip).map(\.id) == [entryPhoto.id])
            #expect(try await store.subjects(of: libraryPhoto.id) == ["post/3"])
            #expect(try await store.knownIDs([entryPhoto.id, libraryPhoto.id, lookalike.id]) == [libraryPhoto.id, lookalike.id])
            #expect(try await store.purge(subject: trip).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func itemsKeptOnlyForSubjectsGoOnceTheyHaveHadNoneForTheGracePeriod(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let longAgo = Date().addingTimeInterval(-7_200)
            let detachedLongAgo = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            let detachedJustNow = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            let stillAttached = try await store.add(MediaFixtures.item(owner: owner, inLibrary: false)).item
            let inLibrary = try await store.add(MediaFixtures.item(owner: owner)).item
            for item in [detachedLongAgo, detachedJustNow, stillAttached, inLibrary] {
                _ = try await store.attach([item.id], owner: owner, to: "post/1", at: longAgo)
            }
            _ = try await store.attach([stillAttached.id], owner: owner, to: "post/2", at: longAgo)
            try await store.detach([detachedLongAgo.id, stillAttached.id, inLibrary.id], owner: owner, from: "post/1", at: longAgo)
            try await store.detach([detachedJustNow.id], owner: owner, from: "post/1", at: Date())
            let cutoff = Date().addingTimeInterval(-3_600)
            #expect(try await store.removeUnattached(before: cutoff).map(\.id) == [detachedLongAgo.id])
            #expect(try await store.knownIDs([detachedJustNow.id, stillAttached.id, inLibrary.id]).count == 3)
        }
    }
}
