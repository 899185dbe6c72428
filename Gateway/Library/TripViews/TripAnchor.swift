import RoamProto
import RoamRuntime

/// What a composite view needs of its trip: the trip itself, its days and its zone.
struct TripAnchor: Sendable {
    let trip: Roam_Trips_V1_Trip
    let start: LocalDate
    let end: LocalDate
    let zone: TripZone

    init?(_ trip: Roam_Trips_V1_Trip) {
        guard let start = LocalDate(trip.startDate), let end = LocalDate(trip.endDate), let zone = TripZone(trip.timeZone) else { return nil }
        self.trip = trip
        self.start = start
        self.end = end
        self.zone = zone
    }
}
