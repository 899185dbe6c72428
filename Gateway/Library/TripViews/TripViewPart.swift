import RoamProto

/// One service's answer to a composite trip view (a day, the calendar, the summary), gathered by `FanOut`.
enum TripViewPart: Sendable {
    /// The first page of a day's list, and the token that reads on when there is more.
    struct Listed<Item: Sendable>: Sendable {
        var items: [Item]
        var next: String?

        init(_ items: [Item], next: String) {
            self.items = items
            self.next = next.isEmpty ? nil : next
        }
    }

    case photos(Listed<Components.Schemas.DayPhoto>)
    /// Journal, pins, route, track and itinerary (or saved places, for a day to come) in one answer.
    case tripsDay(Roam_Trips_V1_GetDayResponse)
    case dayBudget(Components.Schemas.DayBudget)
    case tripDays(Roam_Trips_V1_SummarizeTripResponse)
    case photoDays(Roam_Media_V1_SummarizeDaysResponse)
    case budgetDays(Roam_Budget_V1_GetCalendarResponse)
    case budgetStatistics(Roam_Budget_V1_GetStatisticsResponse)
}
