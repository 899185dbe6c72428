import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/daily-reminder`: a reminder on each day of the trip at a local time.
extension GatewayAPI {
    func getDailyReminder(_ input: Operations.GetDailyReminder.Input) async throws -> Operations.GetDailyReminder.Output {
        .ok(
            .init(
                body: .json(
                    .init(
                        try await trips.call(idempotent: true) { client, options in
                            try await client.getDailyReminder(.with { $0.tripID = input.path.id }, options: options)
                        }))))
    }

    func setDailyReminder(_ input: Operations.SetDailyReminder.Input) async throws -> Operations.SetDailyReminder.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        // Setting the same time again sets the same reminder, so a retry is safe.
        return .ok(
            .init(
                body: .json(
                    .init(
                        try await trips.call(idempotent: true) { client, options in
                            try await client.setDailyReminder(
                                .with {
                                    $0.tripID = input.path.id
                                    $0.time = body.time
                                }, options: options)
                        }))))
    }

    func clearDailyReminder(_ input: Operations.ClearDailyReminder.Input) async throws -> Operations.ClearDailyReminder.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.clearDailyReminder(.with { $0.tripID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }
}

extension Components.Schemas.DailyReminder {
    init(_ proto: Roam_Trips_V1_DailyReminderResponse) {
        self.init(
            time: proto.time, nextDate: proto.nextDate.isEmpty ? nil : proto.nextDate,
            nextDueAt: proto.hasNextDueAt ? proto.nextDueAt.date : nil)
    }
}
