import RoamAPI
import RoamProto

extension Components.Schemas.TripDay {
    /// Fills in what trips answered for the day, and the tokens that read on in its lists.
    mutating func add(_ day: Roam_Trips_V1_GetDayResponse, links: MediaLinkMaker, more: inout Components.Schemas.TripDayPageTokens) {
        itinerary = day.itinerary.map(Components.Schemas.ItineraryItem.init)
        guard day.phase != .future else {
            savedPlaces = day.savedPlaces.map(Components.Schemas.SavedPlace.init)
            return
        }
        journalEntries = day.journalEntries.map { .init($0, links: links) }
        pins = day.pins.map { .init($0, links: links) }
        route = .init(day.route)
        track = .init(
            date: day.track.date, distanceMeters: day.track.distanceMeters, recordedPoints: Int(day.track.recordedPoints),
            segments: day.track.segments.map(Components.Schemas.TrackSegment.init))
        more.journalEntries = day.journalPage.nextPageToken.isEmpty ? nil : day.journalPage.nextPageToken
        more.pins = day.pinsPage.nextPageToken.isEmpty ? nil : day.pinsPage.nextPageToken
    }
}
