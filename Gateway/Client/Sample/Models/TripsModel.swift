import Foundation
import Observation
import RoamClient

/// The trips screen: the user's trips, newest first, from the read cache when offline, and a new one.
@available(iOS 17, macOS 14, *)
@Observable @MainActor
public final class TripsModel {
    public private(set) var trips: [Components.Schemas.Trip] = []
    public private(set) var problem: String?
    let session: RoamSession

    public init(session: RoamSession) {
        self.session = session
    }

    public func load() async {
        do {
            var all: [Components.Schemas.Trip] = []
            for try await trip in Pages({ token in try await self.session.client.listMyTrips(query: .init(pageToken: token)).ok.body.json }) {
                all.append(trip)
            }
            trips = all
            problem = nil
        } catch {
            problem = error.roamProblem?.detail ?? "Your trips cannot be read now."
        }
    }

    /// Makes a trip; offline it is kept and sent later, and the list shows it once it lands.
    public func create(title: String, destination: String, from start: String, to end: String, timeZone: String, currency: String) async {
        do {
            let trip = try await session.client.createTrip(
                body: .json(
                    .init(
                        destination: .init(name: destination), endDate: end, homeCurrency: currency, startDate: start, timeZone: timeZone,
                        title: title))
            ).created.body.json
            trips.insert(trip, at: 0)
        } catch let error where error.roamClientError != nil {
            problem = "Saved on this phone: it is sent when you are back online."
        } catch {
            problem = error.roamProblem.map { "\($0.detail) (\($0.fields.map(\.field).joined(separator: ", ")))" } ?? "\(error)"
        }
    }
}
