import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The places catalog: imports (services only), search near a point, ratings.
extension TripsGRPCService {
    public func importPlaces(request: Roam_Trips_V1_ImportPlacesRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ImportPlacesResponse
    {
        let records = request.places.map { record in
            PlaceImport(
                sourceID: record.sourceID, name: record.name, category: record.category, point: GeoPoint(record.point),
                rating: record.hasRating ? record.rating : nil, ratingCount: record.hasRatingCount ? Int(record.ratingCount) : nil,
                priceLevel: record.hasPriceLevel ? Int(record.priceLevel) : nil, address: record.address.nonEmpty,
                phone: record.phone.nonEmpty, website: record.website.nonEmpty, openingHours: record.openingHours.nonEmpty,
                photoURL: record.photoURL.nonEmpty)
        }
        let inserted = try await places.importPlaces(records)
        return .with {
            $0.inserted = Int32(inserted)
            $0.updated = Int32(records.count - inserted)
        }
    }

    public func findPlaces(request: Roam_Trips_V1_FindPlacesRequest, context _: ServerContext) async throws -> Roam_Trips_V1_FindPlacesResponse {
        let user = try caller()
        var validation = Validation()
        validation.require(request.hasNear, "near", "is required")
        let category = request.category.isEmpty ? nil : PlaceCategory(rawValue: request.category)
        validation.require(
            request.category.isEmpty || category != nil, "category",
            "must be one of \(PlaceCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        let zone = request.openNowInTimeZone.isEmpty ? nil : TripZone(request.openNowInTimeZone)
        validation.require(
            request.openNowInTimeZone.isEmpty || zone != nil, "open_now_in_time_zone", "must be an IANA time zone such as Europe/Lisbon")
        let order: PlaceQuery.Order? =
            switch request.sort {
            case .unspecified, .ratingDesc: .ratingDescending
            case .ratingAsc: .ratingAscending
            case .priceAsc: .priceAscending
            case .priceDesc: .priceDescending
            case .distance: .distance
            case .UNRECOGNIZED: nil
            }
        validation.require(order != nil, "sort", "must be rating_desc, rating_asc, price_asc, price_desc or distance")
        try validation.check()
        let query = PlaceQuery(
            near: GeoPoint(request.near), withinMeters: request.withinMeters == 0 ? PlaceQuery.defaultRadiusMeters : request.withinMeters,
            category: category, namePrefix: request.namePrefix, order: order!,
            limit: request.limit == 0 ? PlaceQuery.defaultLimit : Int(request.limit), reader: user)
        let found = try await places.find(query, openIn: zone?.timeZone)
        let mine = try await places.ratings(of: found.map(\.place.id), by: user)
        return .with { $0.places = found.map { $0.place.proto(myRating: mine[$0.place.id], meters: $0.meters) } }
    }

    public func getPlace(request: Roam_Trips_V1_GetPlaceRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetPlaceResponse {
        let user = try caller()
        let place = try await places.place(UUID(field: "place_id", request.placeID), for: user)
        let mine = try await places.ratings(of: [place.id], by: user)[place.id]
        return .with { $0.place = place.proto(myRating: mine, meters: nil) }
    }

    public func createPlace(request: Roam_Trips_V1_CreatePlaceRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetPlaceResponse {
        let user = try caller()
        guard request.hasPoint else { throw RoamError.invalidField("point", "is required") }
        let place = try await places.addOwn(
            name: request.name, point: GeoPoint(request.point), category: request.category.nonEmpty,
            address: request.address.nonEmpty, owner: user, idempotencyKey: request.idempotencyKey.nonEmpty)
        return .with { $0.place = place.proto(myRating: nil, meters: nil) }
    }

    public func deletePlace(request: Roam_Trips_V1_GetPlaceRequest, context _: ServerContext) async throws -> Roam_Trips_V1_RemoveSavedPlaceResponse {
        try await places.deleteOwn(UUID(field: "place_id", request.placeID), owner: caller())
        return .init()
    }

    public func ratePlace(request: Roam_Trips_V1_RatePlaceRequest, context _: ServerContext) async throws -> Roam_Trips_V1_RatePlaceResponse {
        let user = try caller()
        let place = try await places.rate(UUID(field: "place_id", request.placeID), stars: Int(request.stars), by: user)
        return .with { $0.place = place.proto(myRating: Int(request.stars), meters: nil) }
    }
}

extension Place {
    func proto(myRating: Int?, meters: Double?) -> Roam_Trips_V1_Place {
        .with {
            $0.id = id.lowercasedString
            $0.sourceID = ownerID == nil ? details.sourceID : ""
            $0.ownerID = ownerID?.lowercasedString ?? ""
            $0.name = details.name
            $0.category = details.category.rawValue
            $0.point = details.point.proto
            $0.rating = (rating * 100).rounded() / 100
            $0.ratingCount = Int32(ratingCount)
            if let price = details.priceLevel { $0.priceLevel = Int32(price) }
            $0.address = details.address ?? ""
            $0.phone = details.phone ?? ""
            $0.website = details.website ?? ""
            $0.openingHours = details.openingHours ?? ""
            $0.photoURL = details.photoURL ?? ""
            $0.myRating = Int32(myRating ?? 0)
            if let meters { $0.distanceMeters = meters }
        }
    }
}

extension String {
    /// Nil for an empty string, as protobuf sends an absent text field.
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// Places saved to a trip.
extension TripsGRPCService {
    public func savePlace(request: Roam_Trips_V1_SavePlaceRequest, context _: ServerContext) async throws -> Roam_Trips_V1_SavePlaceResponse {
        let (tripID, placeID) = try ids(trip: request.tripID, "place_id", request.placeID)
        let saved = try await savedPlaces.save(placeID, toTrip: tripID, owner: caller())
        return .with { $0.saved = saved.proto }
    }

    public func listSavedPlaces(
        request: Roam_Trips_V1_ListSavedPlacesRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ListSavedPlacesResponse
    {
        let saved = try await savedPlaces.savedPlaces(ofTrip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with { $0.saved = saved.map(\.proto) }
    }

    public func removeSavedPlace(
        request: Roam_Trips_V1_RemoveSavedPlaceRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_RemoveSavedPlaceResponse
    {
        let (tripID, placeID) = try ids(trip: request.tripID, "place_id", request.placeID)
        try await savedPlaces.remove(placeID, fromTrip: tripID, owner: caller())
        return .init()
    }

}

extension SavedPlace {
    var proto: Roam_Trips_V1_SavedPlace {
        .with {
            $0.place = place.proto(myRating: nil, meters: nil)
            $0.savedAt = .init(date: savedAt)
        }
    }
}
