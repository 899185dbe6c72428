import Foundation
import RoamCore

/// The places catalog: loaded by operators, found near a point, rated by signed-in users.
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

    public func place(_ id: UUID) async throws -> Place {
        guard let place = try await places.place(id) else { throw Self.placeNotFound }
        return place
    }

    /// Places near a point by the query's filters and order; with `openIn`, only those whose hours
    /// say they are open now in that zone.
    public func find(_ query: PlaceQuery, openIn zone: TimeZone?) async throws -> [(place: Place, meters: Double)] {
        let query = try query.validated()
        guard let zone else { return try await places.places(matching: query, limit: query.limit) }
        let instant = now()
        return Array(try await places.places(matching: query, limit: Self.openNowScan)
            .filter { $0.place.details.openingHours.flatMap(OpeningHours.init)?.isOpen(at: instant, in: zone) ?? false }
            .prefix(query.limit))
    }

    /// `user` rates the place 1 to 5; rating it again replaces their rating.
    public func rate(_ id: UUID, stars: Int, by user: UUID) async throws -> Place {
        guard (1...5).contains(stars) else { throw RoamError.invalidField("stars", "must be from 1 to 5") }
        guard let place = try await places.rate(id, stars: stars, by: user) else { throw Self.placeNotFound }
        return place
    }

    /// The stars `user` gave each of the places they rated.
    public func ratings(of ids: [UUID], by user: UUID) async throws -> [UUID: Int] {
        try await places.ratings(of: ids, by: user)
    }
}
