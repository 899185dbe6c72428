import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/itinerary…`: saved places committed to the trip's days, and the iCalendar export.
extension GatewayAPI {
    func addItineraryItem(_ input: Operations.AddItineraryItem.Input) async throws -> Operations.AddItineraryItem.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.addItineraryItem(
                .with {
                    $0.tripID = input.path.id
                    $0.placeID = body.placeId ?? ""
                    if let title = body.title { $0.title = title }
                    if let location = body.location {
                        $0.location = .with {
                            $0.name = location.name ?? ""
                            if let point = location.point { $0.point = point.proto }
                        }
                    }
                    $0.date = body.date
                    $0.time = body.time ?? ""
                    if let remind = body.remindMinutesBefore { $0.remindMinutesBefore = Int32(clamping: remind) }
                    $0.note = body.note ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.item))))
    }

    func listItinerary(_ input: Operations.ListItinerary.Input) async throws -> Operations.ListItinerary.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listItinerary(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(items: response.items.map(Components.Schemas.ItineraryItem.init)))))
    }

    func removeItineraryItem(_ input: Operations.RemoveItineraryItem.Input) async throws -> Operations.RemoveItineraryItem.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.removeItineraryItem(
                .with {
                    $0.tripID = input.path.id
                    $0.itemID = input.path.itemId
                }, options: options)
        }
        return .noContent(.init())
    }

    func exportItinerary(_ input: Operations.ExportItinerary.Input) async throws -> Operations.ExportItinerary.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.exportItinerary(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .textCalendar(HTTPBody(response.calendar))))
    }
}

extension Components.Schemas.ItineraryItem {
    init(_ proto: Roam_Trips_V1_ItineraryItem) {
        let location: Components.Schemas.ItineraryLocation? =
            proto.hasLocation
            ? .init(
                name: proto.location.name.isEmpty ? nil : proto.location.name,
                point: proto.location.hasPoint ? .init(proto.location.point) : nil)
            : nil
        self.init(
            date: proto.date, id: proto.id, location: location, note: proto.note.isEmpty ? nil : proto.note,
            placeId: proto.placeID.isEmpty ? nil : proto.placeID, placeName: proto.placeName.isEmpty ? nil : proto.placeName,
            remindAt: proto.remindAt.date, remindMinutesBefore: Int(proto.remindMinutesBefore), time: proto.time.isEmpty ? nil : proto.time,
            title: proto.title.isEmpty ? nil : proto.title, tripId: proto.tripID)
    }
}
