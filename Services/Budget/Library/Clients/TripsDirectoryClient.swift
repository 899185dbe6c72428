import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import Synchronization

/// `TripDirectory` over the trips service's `GetTrip`, acting for the caller whose token came with the
/// request (trips answers NOT_FOUND for a trip that is not theirs). Answers are kept for `ttl`, so a
/// burst of budget calls asks trips once; a trip's new dates or zone are seen within that time.
public final class TripsDirectoryClient<Transport: ClientTransport>: TripDirectory {
    let upstream: Upstream<Transport>
    let ttl: Duration
    /// Trip and owner → the facts and when they were read.
    private let cache = Mutex<[String: (facts: TripFacts, readAt: ContinuousClock.Instant)]>([:])
    static var cacheLimit: Int { 10_000 }

    public init(upstream: Upstream<Transport>, ttl: Duration) {
        self.upstream = upstream
        self.ttl = ttl
    }

    public func trip(_ id: UUID, owner: UUID) async throws -> TripFacts {
        let key = "\(id)/\(owner)", now = ContinuousClock.now
        if let cached = cache.withLock({ $0[key] }), now - cached.readAt < ttl { return cached.facts }
        guard case .user(let user)? = CallContext.current.caller, user.id == owner else {
            throw RoamError(.internal, reason: "INTERNAL", message: "a trip is asked about for its signed-in owner only")
        }
        let response: Roam_Trips_V1_GetTripResponse
        do {
            response = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Trips_V1_TripsService.Client(wrapping: client).getTrip(.with { $0.tripID = id.lowercasedString }, options: options)
            }
        } catch let error as RPCError {
            throw RoamError(error)
        }
        let trip = response.trip
        guard let start = LocalDate(trip.startDate), let end = LocalDate(trip.endDate), let zone = TripZone(trip.timeZone),
            let currency = Currency(trip.homeCurrency)
        else {
            throw RoamError(.internal, reason: "INTERNAL", message: "trips answered a trip the budget cannot read")
        }
        let facts = TripFacts(id: id, ownerID: owner, start: start, end: end, zone: zone, currency: currency)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache = cache.filter { now - $0.value.readAt < ttl } }
            if cache.count < Self.cacheLimit { cache[key] = (facts, now) }
        }
        return facts
    }

    public func hasPin(_ pin: UUID, trip: UUID) async throws -> Bool {
        try await exists {
            _ = try await Roam_Trips_V1_TripsService.Client(wrapping: $0).getPin(
                .with {
                    $0.tripID = trip.lowercasedString
                    $0.pinID = pin.lowercasedString
                }, options: $1)
        }
    }

    public func hasPlace(_ place: UUID) async throws -> Bool {
        try await exists {
            _ = try await Roam_Trips_V1_TripsService.Client(wrapping: $0).getPlace(.with { $0.placeID = place.lowercasedString }, options: $1)
        }
    }

    /// False when trips answers NOT_FOUND for the caller.
    private func exists(_ call: @escaping @Sendable (GRPCClient<Transport>, CallOptions) async throws -> Void) async throws -> Bool {
        do {
            try await upstream.call(idempotent: true) { client, options in try await call(client, options) }
            return true
        } catch let error as RPCError where error.code == .notFound {
            return false
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }
}
