import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Pins and the day's route.
extension TripsGRPCService {
    public func createPin(request: Roam_Trips_V1_CreatePinRequest, context _: ServerContext) async throws -> Roam_Trips_V1_CreatePinResponse {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let fields = request.pin
        let draft = PinDraft(
            title: fields.title, description: fields.description_p, point: fields.hasPoint ? GeoPoint(fields.point) : nil,
            visitedAt: fields.hasVisitedAt ? fields.visitedAt.date : nil, tags: fields.tags,
            coverMediaID: fields.coverMediaID.isEmpty ? nil : try UUID(field: "cover_media_id", fields.coverMediaID),
            placeID: fields.placeID.isEmpty ? nil : try UUID(field: "place_id", fields.placeID))
        let pin = try await pins.create(
            draft, trip: tripID, owner: owner, idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        let view = try await view([pin], tripID: pin.tripID, owner: owner)[0]
        return .with { $0.pin = view }
    }

    public func getPin(request: Roam_Trips_V1_GetPinRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetPinResponse {
        let (tripID, pinID) = try ids(trip: request.tripID, "pin_id", request.pinID)
        let owner = try caller()
        let pin = try await pins.pin(pinID, inTrip: tripID, owner: owner)
        let view = try await view([pin], tripID: tripID, owner: owner)[0]
        return .with { $0.pin = view }
    }

    public func listPins(request: Roam_Trips_V1_ListPinsRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ListPinsResponse {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try request.date.isEmpty ? nil : LocalDate(field: "date", request.date)
        let page = try await pins.pins(ofTrip: tripID, on: day, owner: owner, page: request.page.domain())
        let views = try await view(page.items, tripID: tripID, owner: owner)
        return .with {
            $0.pins = views
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updatePin(request: Roam_Trips_V1_UpdatePinRequest, context _: ServerContext) async throws -> Roam_Trips_V1_UpdatePinResponse {
        let (tripID, pinID) = try ids(trip: request.tripID, "pin_id", request.pinID)
        let owner = try caller()
        let cover: UUID?? =
            request.hasCoverMediaID ? .some(request.coverMediaID.isEmpty ? nil : try UUID(field: "cover_media_id", request.coverMediaID)) : nil
        let place: UUID?? = request.hasPlaceID ? .some(request.placeID.isEmpty ? nil : try UUID(field: "place_id", request.placeID)) : nil
        let changes = PinChanges(
            title: request.hasTitle ? request.title : nil, description: request.hasDescription_p ? request.description_p : nil,
            point: request.hasPoint ? GeoPoint(request.point) : nil, visitedAt: request.hasVisitedAt ? request.visitedAt.date : nil,
            tags: request.replaceTags ? request.tags : nil, coverMediaID: cover, placeID: place)
        let pin = try await pins.update(pinID, inTrip: tripID, with: changes, owner: owner)
        let view = try await view([pin], tripID: pin.tripID, owner: owner)[0]
        return .with { $0.pin = view }
    }

    public func deletePin(request: Roam_Trips_V1_DeletePinRequest, context _: ServerContext) async throws -> Roam_Trips_V1_DeletePinResponse {
        let (tripID, pinID) = try ids(trip: request.tripID, "pin_id", request.pinID)
        try await pins.delete(pinID, inTrip: tripID, owner: caller())
        return .init()
    }

    public func listPhotosNearPin(
        request: Roam_Trips_V1_ListPhotosNearPinRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ListPhotosNearPinResponse
    {
        let (tripID, pinID) = try ids(trip: request.tripID, "pin_id", request.pinID)
        guard (0...100).contains(request.limit) else { throw RoamError.invalidField("limit", "must be from 1 to 100") }
        let found = try await pins.photos(near: pinID, inTrip: tripID, owner: caller(), limit: request.limit == 0 ? 20 : Int(request.limit))
        return .with {
            $0.photos = found.map { photo, meters in
                .with {
                    $0.mediaID = photo.mediaID.lowercasedString
                    $0.distanceMeters = meters
                    if let at = photo.capturedAt { $0.capturedAt = Google_Protobuf_Timestamp(date: at) }
                    if let point = photo.point { $0.position = point.proto }
                }
            }
        }
    }

    public func getDayRoute(request: Roam_Trips_V1_GetDayRouteRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetDayRouteResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        return try await pins.route(ofTrip: tripID, on: LocalDate(field: "date", request.date), owner: caller()).proto
    }

    /// The pins as sent: each with its trip day and its cover.
    private func view(_ list: [Pin], tripID: UUID, owner: UUID) async throws -> [Roam_Trips_V1_Pin] {
        try await view(list, trip: trips.trip(tripID, owner: owner))
    }

    func view(_ list: [Pin], trip: Trip) async throws -> [Roam_Trips_V1_Pin] {
        let covers = await pins.covers(of: list, trip: trip)
        return list.map { $0.proto(zone: trip.details.zone, cover: covers[$0.id]) }
    }

}

extension DayRoute {
    var proto: Roam_Trips_V1_GetDayRouteResponse {
        .with {
            $0.date = date.description
            $0.source =
                switch source {
                case .track: .track
                case .pins: .pins
                case .photos: .photos
                case .none: .none
                }
            $0.stops = stops.map { stop in
                .with {
                    $0.point = stop.point.proto
                    $0.at = Google_Protobuf_Timestamp(date: stop.at)
                    if let pin = stop.pinID { $0.pinID = pin.lowercasedString }
                    if let title = stop.title { $0.title = title }
                    if let media = stop.mediaID { $0.mediaID = media.lowercasedString }
                }
            }
            $0.track = track.map(\.proto)
        }
    }
}
