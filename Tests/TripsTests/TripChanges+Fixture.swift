import Foundation
import RoamCore

@testable import Trips

extension TripChanges {
    /// What a test leaves out, as a client would leave it out: `TripChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        title: String? = nil, destination: Destination? = nil, startDate: String? = nil, endDate: String? = nil, timeZone: String? = nil,
        homeCurrency: String? = nil
    ) -> Self {
        Self(title: title, destination: destination, startDate: startDate, endDate: endDate, timeZone: timeZone, homeCurrency: homeCurrency)
    }
}
