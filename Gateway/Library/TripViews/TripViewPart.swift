import RoamProto

/// One service's answer to a composite trip view (a day, the calendar, the summary), gathered by `FanOut`.
enum TripViewPart: Sendable {
    case photos([Components.Schemas.DayPhoto])
    case journal([Components.Schemas.JournalEntry])
    case pins([Components.Schemas.Pin])
    case route(Components.Schemas.DayRoute)
    case track(Components.Schemas.DayTrack)
    case itinerary([Components.Schemas.ItineraryItem])
    case savedPlaces([Components.Schemas.SavedPlace])
    case dayBudget(Components.Schemas.DayBudget)
    case tripDays(Roam_Trips_V1_SummarizeTripResponse)
    case photoDays(Roam_Media_V1_SummarizeDaysResponse)
    case budgetDays(Roam_Budget_V1_GetCalendarResponse)
    case budgetStatistics(Roam_Budget_V1_GetStatisticsResponse)
}
