import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/journal…`, `/v1/journal/prompt` and `/v1/trips/{id}/places`: a trip's diary.
extension GatewayAPI {
    func createJournalEntry(_ input: Operations.CreateJournalEntry.Input) async throws -> Operations.CreateJournalEntry.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let entry = try body.proto()
        let response = try await trips.call { client, options in
            try await client.createJournalEntry(
                .with {
                    $0.tripID = input.path.id
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.entry = entry
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.entry, links: mediaLinks))))
    }

    func listJournalEntries(_ input: Operations.ListJournalEntries.Input) async throws -> Operations.ListJournalEntries.Output {
        let query = input.query
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listJournalEntries(
                .with {
                    $0.tripID = input.path.id
                    $0.date = query.date ?? ""
                    $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(body: .json(.init(entries: response.entries.map { .init($0, links: mediaLinks) }, nextPageToken: .pageToken(response.page)))))
    }

    func getJournalEntry(_ input: Operations.GetJournalEntry.Input) async throws -> Operations.GetJournalEntry.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getJournalEntry(
                .with {
                    $0.tripID = input.path.id
                    $0.entryID = input.path.entryId
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.entry, links: mediaLinks))))
    }

    func replaceJournalEntry(_ input: Operations.ReplaceJournalEntry.Input) async throws -> Operations.ReplaceJournalEntry.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let entry = try body.proto()
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.updateJournalEntry(
                .with {
                    $0.tripID = input.path.id
                    $0.entryID = input.path.entryId
                    $0.entry = entry
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.entry, links: mediaLinks))))
    }

    func deleteJournalEntry(_ input: Operations.DeleteJournalEntry.Input) async throws -> Operations.DeleteJournalEntry.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.deleteJournalEntry(
                .with {
                    $0.tripID = input.path.id
                    $0.entryID = input.path.entryId
                }, options: options)
        }
        return .noContent(.init())
    }

    func getJournalPrompt(_ input: Operations.GetJournalPrompt.Input) async throws -> Operations.GetJournalPrompt.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getJournalPrompt(.with { $0.tripID = input.query.tripId }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        promptId: response.hasPromptID ? response.promptID : nil, remaining: Int(response.remaining),
                        text: response.hasPromptID ? response.text : nil))))
    }

    func listTripPlaces(_ input: Operations.ListTripPlaces.Input) async throws -> Operations.ListTripPlaces.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listTripPlaces(
                .with {
                    $0.tripID = input.path.id
                    $0.prefix = input.query.prefix ?? ""
                    $0.limit = Int32(clamping: input.query.limit ?? 0)
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        places: response.places.compactMap { place in
                            Components.Schemas.TripPlace.KindPayload(rawValue: place.kind).map { .init(id: place.id, kind: $0, title: place.title) }
                        }))))
    }
}
