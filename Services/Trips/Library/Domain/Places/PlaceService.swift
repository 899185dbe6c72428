import Foundation
import RoamCore

/// The places catalog: loaded by operators, found near a point, rated by signed-in users; and the
/// places each user adds for themselves, which only they see.
public struct PlaceService: Sendable {
    let places: any PlacesRepository
    let now: @Sendable () -> Date

    public init(places: any PlacesRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.places = places
        self.now = now
    }

    public static let placeNotFound = RoamError.notFound("place")
    /// The most places one import call may carry.
    public static let importBatchLimit = 1_000
    /// How many candidates the open-now filter looks through before it gives up on finding more.
    static let openNowScan = 1_000

    /// Stores a batch of the catalog (idempotent by each place's source id); answers how many were new.
    public func importPlaces(_ batch: [PlaceImport]) async throws -> Int {
        var validation = Validation()
        validation.require(!batch.isEmpty && batch.count <= Self.importBatchLimit, "places", "must hold 1 to \(Self.importBatchLimit.formatted())")
        var checked: [(details: PlaceDetails, rating: Double, ratingCount: Int)] = []
        for (index, record) in batch.enumerated() {
            if let place = record.validated(field: "places[\(index)]", into: &validation) { checked.append(place) }
        }
        try validation.check()
        // A file may list a place twice: the later row wins, as it would in two imports.
        var latest: [String: Int] = [:]
        for (index, place) in checked.enumerated() { latest[place.details.sourceID] = index }
        return try await places.importPlaces(checked.indices.filter { latest[checked[$0].details.sourceID] == $0 }.map { checked[$0] })
    }

    /// A place by id, whoever's it is (for names of places already on the reader's trip).
    public func place(_ id: UUID) async throws -> Place {
        guard let place = try await places.place(id) else { throw Self.placeNotFound }
        return place
    }

    /// A place the reader may see: the catalog's, or one they added; another user's is not found.
    public func place(_ id: UUID, for reader: UUID?) async throws -> Place {
        guard let place = try await places.place(id), place.isVisible(to: reader) else { throw Self.placeNotFound }
        return place
    }

    /// A place of the user's own (a friend's flat, a favourite bench): a name, a point, maybe a category
    /// and an address. Only they see it; they may save it to trips, plan it and tag it.
    public func addOwn(name: String, point: GeoPoint, category: String?, address: String?, owner: UUID, idempotencyKey: String?) async throws -> Place
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = address?.trimmingCharacters(in: .whitespacesAndNewlines)
        var validation = Validation()
        validation.requireLine(name, "name", maxLength: 200)
        point.validate("point", into: &validation)
        let kind = category.map { PlaceCategory(rawValue: $0) } ?? .other
        validation.require(kind != nil, "category", "must be one of \(PlaceCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        if let address, !address.isEmpty { validation.requireLine(address, "address", maxLength: 500) }
        try validation.check()
        try IdempotencyKey.check(idempotencyKey)
        let id = UUID.v7(at: now())
        return try await places.addOwnPlace(
            Place(
                id: id,
                details: PlaceDetails(
                    sourceID: Place.ownSourceID(id), name: name, category: kind ?? .other,
                    point: point, address: address.flatMap { $0.isEmpty ? nil : $0 }),
                sourceRating: 0, sourceRatingCount: 0, ownerID: owner),
            idempotencyKey: idempotencyKey)
    }

    /// Deletes a place the owner added (its saves to trips go with it); the catalog's and other users'
    /// are not found.
    public func deleteOwn(_ id: UUID, owner: UUID) async throws {
        guard try await places.deleteOwnPlace(id, owner: owner) else { throw Self.placeNotFound }
    }

    /// Places near a point by the query's filters and order; with `openIn`, only those whose hours
    /// say they are open now in that zone.
    public func find(_ query: PlaceQuery, openIn zone: TimeZone?) async throws -> [(place: Place, meters: Double)] {
        let query = try query.validated()
        guard let zone else { return try await places.places(matching: query, limit: query.limit) }
        let instant = now()
        return Array(
            try await places.places(matching: query, limit: Self.openNowScan)
                .filter { $0.place.details.openingHours.flatMap(OpeningHours.init)?.isOpen(at: instant, in: zone) ?? false }
                .prefix(query.limit))
    }

    /// `user` rates the place 1 to 5; rating it again replaces their rating.
    public func rate(_ id: UUID, stars: Int, by user: UUID) async throws -> Place {
        guard (1...5).contains(stars) else { throw RoamError.invalidField("stars", "must be from 1 to 5") }
        _ = try await place(id, for: user)
        guard let place = try await places.rate(id, stars: stars, by: user) else { throw Self.placeNotFound }
        return place
    }

    /// The stars `user` gave each of the places they rated.
    public func ratings(of ids: [UUID], by user: UUID) async throws -> [UUID: Int] {
        try await places.ratings(of: ids, by: user)
    }
}
