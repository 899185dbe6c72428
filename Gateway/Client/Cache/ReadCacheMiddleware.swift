import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Keeps the answers of the reads an app shows offline (`operations`), and answers such a read from
/// them when the gateway cannot be reached (after the retries): the same bytes, so the generated
/// client gives the same types, marked `Roam-Cache: stale` with `Age`. Each answer the gateway gives
/// replaces the one kept. Answers belong to the account that read them.
struct ReadCacheMiddleware: ClientMiddleware {
    let cache: any ReadCache
    let session: RoamSession
    let operations: Set<String>

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.method == .get, operations.contains(operationID), let user = try await session.signedInUserID() else {
            return try await next(request, body, baseURL)
        }
        let key = "\(user) \(request.path ?? "")"
        do {
            let (response, answer) = try await next(request, body, baseURL)
            guard response.status == .ok else { return (response, answer) }
            // Read whole, as the generated client reads it anyway; kept only when it is not too large.
            let bytes = try await answer.collected(upTo: .max)
            if bytes.count <= Self.largestAnswer {
                await cache.store(
                    CachedAnswer(status: 200, contentType: response.headerFields[.contentType], body: bytes, userID: user, storedAt: Date()),
                    for: key)
            }
            return (response, HTTPBody(bytes))
        } catch  where error.isNetworkFailure {
            guard let kept = await cache.answer(for: key), kept.userID == user else { throw error }
            var response = HTTPResponse(status: .init(code: kept.status))
            response.headerFields[.contentType] = kept.contentType
            response.headerFields[.roamCache] = "stale"
            response.headerFields[.age] = String(max(0, Int(Date().timeIntervalSince(kept.storedAt))))
            return (response, HTTPBody(kept.body))
        }
    }

    /// The largest answer kept.
    static let largestAnswer = 4 << 20

    /// What an app that shows trips, their days, journals, pins and lists offline reads.
    static let defaultOperations: Set<String> = [
        "getMe", "listMyTrips", "getTrip", "getTripDay", "getTripCalendar", "getTripSummary", "getMyCalendar", "listJournalEntries",
        "getJournalEntry", "listPins", "getPin", "listItinerary", "listSavedPlaces", "listBucketLists", "getBucketList", "listBucketItems",
        "listCompletedItems",
    ]
}
