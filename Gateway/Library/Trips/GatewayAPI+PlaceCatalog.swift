import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/places/nearby`, `/v1/places/{id}` and its rating: the places catalog the trips service keeps.
extension GatewayAPI {
    func findPlaces(_ input: Operations.FindPlaces.Input) async throws -> Operations.FindPlaces.Output {
        let query = input.query
        let response = try await renamingFields(as: Operations.FindPlaces.Input.Query.self) {
            try await trips.call(idempotent: true) { client, options in
                try await client.findPlaces(
                    .with {
                        $0.near = .with {
                            $0.latitude = query.lat
                            $0.longitude = query.lng
                        }
                        $0.withinMeters = query.withinMeters ?? 0
                        $0.category = query.category?.rawValue ?? ""
                        $0.namePrefix = query.prefix ?? ""
                        $0.openNowInTimeZone = query.openNowIn ?? ""
                        $0.sort =
                            switch query.sort {
                            case .ratingDesc, nil: .ratingDesc
                            case .ratingAsc: .ratingAsc
                            case .priceAsc: .priceAsc
                            case .priceDesc: .priceDesc
                            case .distance: .distance
                            }
                        $0.limit = Int32(clamping: query.limit ?? 0)
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(places: response.places.map { .init($0, withDistance: true) }))))
    }

    func getPlace(_ input: Operations.GetPlace.Input) async throws -> Operations.GetPlace.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getPlace(.with { $0.placeID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.place, withDistance: false))))
    }

    func createPlace(_ input: Operations.CreatePlace.Input) async throws -> Operations.CreatePlace.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.createPlace(
                .with {
                    $0.name = body.name
                    $0.point = body.point.proto
                    $0.category = body.category ?? ""
                    $0.address = body.address ?? ""
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.place, withDistance: false))))
    }

    func deletePlace(_ input: Operations.DeletePlace.Input) async throws -> Operations.DeletePlace.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.deletePlace(.with { $0.placeID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func ratePlace(_ input: Operations.RatePlace.Input) async throws -> Operations.RatePlace.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.ratePlace(
                .with {
                    $0.placeID = input.path.id
                    $0.stars = Int32(clamping: body.stars)
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.place, withDistance: false))))
    }
}

extension Components.Schemas.CatalogPlace {
    init(_ proto: Roam_Trips_V1_Place, withDistance: Bool) {
        func text(_ value: String) -> String? { value.isEmpty ? nil : value }
        self.init(
            address: text(proto.address), category: proto.category, distanceMeters: withDistance ? proto.distanceMeters : nil, id: proto.id,
            mine: proto.ownerID.isEmpty ? nil : true, myRating: proto.myRating == 0 ? nil : Int(proto.myRating), name: proto.name,
            openingHours: text(proto.openingHours),
            phone: text(proto.phone), photoUrl: text(proto.photoURL), point: .init(proto.point),
            priceLevel: proto.hasPriceLevel ? Int(proto.priceLevel) : nil, rating: proto.rating, ratingCount: Int(proto.ratingCount),
            website: text(proto.website))
    }
}

/// `/v1/trips/{id}/saved-places…`: places of the catalog saved to a trip.
extension GatewayAPI {
    func savePlace(_ input: Operations.SavePlace.Input) async throws -> Operations.SavePlace.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.savePlace(
                .with {
                    $0.tripID = input.path.id
                    $0.placeID = body.placeId
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.saved))))
    }

    func listSavedPlaces(_ input: Operations.ListSavedPlaces.Input) async throws -> Operations.ListSavedPlaces.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listSavedPlaces(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(saved: response.saved.map(Components.Schemas.SavedPlace.init)))))
    }

    func removeSavedPlace(_ input: Operations.RemoveSavedPlace.Input) async throws -> Operations.RemoveSavedPlace.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.removeSavedPlace(
                .with {
                    $0.tripID = input.path.id
                    $0.placeID = input.path.placeId
                }, options: options)
        }
        return .noContent(.init())
    }
}

extension Components.Schemas.SavedPlace {
    init(_ proto: Roam_Trips_V1_SavedPlace) {
        self.init(place: .init(proto.place, withDistance: false), savedAt: proto.savedAt.date)
    }
}
