import Foundation
import RoamCore

/// A trip's pins: the places its traveller marked, each with the photos taken near it, and the day's
/// route through them. Only the trip's owner sees or changes them.
public struct PinService: Sendable {
    let trips: TripService
    let pins: any PinRepository
    let tracks: any TrackRepository
    let photos: any TripPhotos
    let media: any MediaAttachments
    let places: any PlacesRepository
    let policy: PinPolicy

    public static let pinNotFound = RoamError.notFound("pin")
    /// The most photos looked at for one trip's covers or one pin's neighbourhood.
    static let photoScanLimit = 1_000

    public func create(_ draft: PinDraft, trip tripID: UUID, owner: UUID, idempotencyKey: String?) async throws -> Pin {
        let trip = try await trips.trip(tripID, owner: owner)
        let details = try await atItsPlace(draft, owner: owner).validated(for: trip.details, now: trips.now())
        try IdempotencyKey.check(idempotencyKey)
        let created = trips.now()
        let pin = Pin(id: .v7(at: created), tripID: tripID, ownerID: owner, details: details, createdAt: created)
        if let cover = details.coverMediaID {
            try await media.attach([cover], to: Self.subject(of: pin), for: owner, field: "cover_media_id")
        }
        let placement = try await pins.add(pin, minimumDistance: policy.minimumDistanceMeters, idempotencyKey: idempotencyKey)
        if case .placed(let stored)? = placement, stored.id == pin.id { return stored }
        // Not stored (too close, or the key's first pin answers): the cover stays with nothing.
        if let cover = details.coverMediaID { try await media.detach([cover], from: Self.subject(of: pin), for: owner) }
        guard let placement else { throw TripService.tripNotFound }
        return try Self.placed(placement)
    }

    /// The owner's pin of that trip; any other answers NOT_FOUND.
    public func pin(_ id: UUID, inTrip trip: UUID, owner: UUID) async throws -> Pin {
        guard let pin = try await pins.pin(id, owner: owner), pin.tripID == trip else { throw Self.pinNotFound }
        return pin
    }

    /// The trip's pins by visit time, all or those of one of its days.
    public func pins(ofTrip tripID: UUID, on day: LocalDate?, owner: UUID, page: PageRequest) async throws -> Page<Pin> {
        try await pins(of: trips.trip(tripID, owner: owner), on: day, page: page)
    }

    /// The pins of a trip its owner has already read, all or one day's.
    public func pins(of trip: Trip, on day: LocalDate?, page: PageRequest) async throws -> Page<Pin> {
        if let day { try Self.requireDay(day, of: trip, field: "date") }
        return try await pins.pins(ofTrip: trip.id, owner: trip.ownerID, visitedIn: day.map(trip.details.zone.interval(of:)), page: page)
    }

    /// Changes the fields present in `changes`; the result is checked as a new pin is.
    public func update(_ id: UUID, inTrip tripID: UUID, with changes: PinChanges, owner: UUID) async throws -> Pin {
        let pin = try await pin(id, inTrip: tripID, owner: owner)
        let trip = try await trips.trip(pin.tripID, owner: owner)
        var draft = changes.applied(to: pin.details)
        if case .some(.some) = changes.placeID { draft = try await atItsPlace(draft, owner: owner) }
        let details = try draft.validated(for: trip.details, now: trips.now())
        let (old, new) = (pin.details.coverMediaID, details.coverMediaID)
        // A new cover is attached first, so a refused one changes nothing; the old one goes last.
        if let new, new != old { try await media.attach([new], to: Self.subject(of: pin), for: owner, field: "cover_media_id") }
        let placement: PinPlacement?
        do {
            placement = try await pins.update(id, owner: owner, details: details, minimumDistance: policy.minimumDistanceMeters)
        } catch {
            if let new, new != old { try? await media.detach([new], from: Self.subject(of: pin), for: owner) }
            throw error
        }
        guard case .placed(let stored)? = placement else {
            if let new, new != old { try await media.detach([new], from: Self.subject(of: pin), for: owner) }
            guard let placement else { throw Self.pinNotFound }
            return try Self.placed(placement)
        }
        if let old, old != new { try await media.detach([old], from: Self.subject(of: pin), for: owner) }
        return stored
    }

    /// The draft at the place it names, which must be the owner's own or the catalog's.
    private func atItsPlace(_ draft: PinDraft, owner: UUID) async throws -> PinDraft {
        guard let id = draft.placeID else { return draft }
        guard let place = try await places.place(id), place.isVisible(to: owner) else { throw TripsError.unknownPlace }
        return draft.at(place)
    }

    /// Deletes the pin (its chosen cover is let go); one not in the owner's trip, or gone already, is not found.
    public func delete(_ id: UUID, inTrip tripID: UUID, owner: UUID) async throws {
        guard let pin = try await pins.pin(id, owner: owner), pin.tripID == tripID,
            let pin = try await pins.delete(id, owner: owner)
        else { throw Self.pinNotFound }
        if let cover = pin.details.coverMediaID { try await media.detach([cover], from: Self.subject(of: pin), for: owner) }
    }

    /// The owner's photos of the pin's trip within the photo radius of it, nearest first.
    public func photos(near id: UUID, inTrip tripID: UUID, owner: UUID, limit: Int) async throws -> [(photo: TripPhoto, meters: Double)] {
        let pin = try await pin(id, inTrip: tripID, owner: owner)
        let trip = try await trips.trip(pin.tripID, owner: owner)
        let found = try await tripPhotos(of: trip, near: pin.details.point)
        return Array(Self.nearest(to: pin.details.point, among: found, within: policy.photoRadiusMeters).prefix(limit))
    }

    /// Each pin's cover: the one its owner chose, else the nearest photo of the trip within the photo
    /// radius. Covers are a nicety: when media cannot answer, pins show only the chosen ones.
    public func covers(of pins: [Pin], trip: Trip) async -> [UUID: UUID] {
        var covers: [UUID: UUID] = [:]
        for pin in pins { covers[pin.id] = pin.details.coverMediaID }
        let uncovered = pins.filter { $0.details.coverMediaID == nil }
        covers.merge(await nearestPhotos(to: Dictionary(uncovered.map { ($0.id, $0.details.point) }) { first, _ in first }, trip: trip)) {
            chosen, _ in chosen
        }
        return covers
    }

    /// The owner's photo of the trip's days nearest each point, within the photo radius, found by
    /// media in one call; when media is down there are none.
    public func nearestPhotos(to points: [UUID: GeoPoint], trip: Trip) async -> [UUID: UUID] {
        guard !points.isEmpty else { return [:] }
        return
            (try? await photos.nearestPhotos(
                of: trip.ownerID, to: points, on: trip.details.dates, in: trip.details.zone,
                within: policy.photoRadiusMeters)) ?? [:]
    }

    /// How many pins the trip has on each of its days.
    public func pinCounts(of trip: Trip) async throws -> [LocalDate: Int] {
        try await pins.pinCounts(ofTrip: trip.id, owner: trip.ownerID, zone: trip.details.zone)
    }

    /// The day's route: its location track when one was recorded (its pins as stops), else its pins by
    /// visit time, else its geotagged photos by capture time.
    public func route(ofTrip tripID: UUID, on day: LocalDate, owner: UUID) async throws -> DayRoute {
        let trip = try await trips.trip(tripID, owner: owner)
        try Self.requireDayInPath(day, of: trip)
        async let track = tracks.track(
            ofTrip: tripID, owner: owner, in: trip.details.zone.interval(of: day),
            toleranceMeters: TrackService.defaultToleranceMeters)
        let first = try await pins(of: trip, on: day, page: PageRequest(size: PageRequest.maximumSize))
        return try await route(of: trip, on: day, firstPins: first, track: track)
    }

    /// The day's route from what a caller has already read: the first page of the day's pins (the rest
    /// are read on from its cursor) and the day's track at the default tolerance.
    public func route(of trip: Trip, on day: LocalDate, firstPins: Page<Pin>, track: Track) async throws -> DayRoute {
        var stops: [RouteStop] = []
        var page = firstPins
        while true {
            stops += page.items.map { RouteStop(point: $0.details.point, at: $0.details.visitedAt, pinID: $0.id, title: $0.details.title) }
            guard let cursor = page.nextCursor else { break }
            page = try await pins.pins(
                ofTrip: trip.id, owner: trip.ownerID, visitedIn: trip.details.zone.interval(of: day),
                page: PageRequest(size: PageRequest.maximumSize, cursor: cursor))
        }
        if !track.isEmpty { return DayRoute(date: day, source: .track, stops: stops, track: track.segments) }
        if !stops.isEmpty { return DayRoute(date: day, source: .pins, stops: stops) }
        let taken = try await tripPhotos(of: trip, near: nil).filter { $0.point != nil && $0.day(in: trip.details.zone) == day }
        return DayRoute(
            date: day, source: taken.isEmpty ? .none : .photos,
            stops: taken.map { RouteStop(point: $0.point!, at: $0.capturedAt!, mediaID: $0.mediaID) })
    }

    /// The photos taken on the trip's days (near `point` within the photo radius when given), oldest first.
    func tripPhotos(of trip: Trip, near point: GeoPoint?) async throws -> [TripPhoto] {
        let zone = trip.details.zone, dates = trip.details.dates
        let span = zone.interval(of: dates.start).lowerBound..<zone.interval(of: dates.end).upperBound
        return try await photos.photos(
            of: trip.ownerID, takenIn: span, near: point, within: point == nil ? nil : policy.photoRadiusMeters,
            limit: Self.photoScanLimit
        )
        .filter { photo in photo.day(in: zone).map(dates.contains) ?? false }
    }

    static func nearest(to point: GeoPoint, among photos: [TripPhoto], within meters: Double) -> [(photo: TripPhoto, meters: Double)] {
        photos.compactMap { photo in photo.point.map { (photo, point.distance(to: $0)) } }
            .filter { $0.meters <= meters }
            .sorted { ($0.meters, $0.photo.mediaID.uuidString) < ($1.meters, $1.photo.mediaID.uuidString) }
    }

    /// A day named in a path (`/days/{date}/route`): outside the trip there is no such resource, as
    /// with the day's photos, rather than a bad field.
    static func requireDayInPath(_ day: LocalDate, of trip: Trip) throws(RoamError) {
        guard trip.details.dates.contains(day) else { throw dayNotFound }
    }

    public static let dayNotFound = RoamError.notFound("day")

    static func requireDay(_ day: LocalDate, of trip: Trip, field: String) throws(RoamError) {
        guard trip.details.dates.contains(day) else {
            throw RoamError.invalidField(field, "must be a day of the trip (\(trip.details.dates.start) to \(trip.details.dates.end))")
        }
    }

    /// Where a pin's chosen cover is attached in media; under the trip, so a deleted trip lets it go.
    static func subject(of pin: Pin) -> String {
        "trip/\(pin.tripID.lowercasedString)/pin/\(pin.id.lowercasedString)"
    }

    static func placed(_ placement: PinPlacement) throws(RoamError) -> Pin {
        switch placement {
        case .placed(let pin): return pin
        case .tooClose(let other, let meters): throw TripsError.pinTooClose(other, meters: meters)
        }
    }
}
