import Foundation
import RoamCore

/// What media forgets: the media of a deleted user, of an ended event and of a deleted trip.
extension MediaService: Purgeable {
    public func purge(user: UUID) async throws -> [String: Int] { ["media": try await purgeUser(user)] }
    public func purge(event: UUID) async throws -> [String: Int] { ["media": try await purgeEvent(event)] }
    public func purge(trip: UUID) async throws -> [String: Int] { ["media": try await purgeTrip(trip)] }
}
