import Foundation
import RoamCore

/// An expense with the day it was spent on in its trip's zone, as the trip's reader sees it. The day is
/// not stored: a trip whose zone changes moves its expenses' days with it.
@dynamicMemberLookup
public struct DatedExpense: Sendable, Hashable {
    public let expense: Expense
    public let date: LocalDate

    init(_ expense: Expense, of trip: TripFacts) {
        self.expense = expense
        self.date = trip.day(of: expense.details.spentAt)
    }

    public subscript<Value>(dynamicMember member: KeyPath<Expense, Value>) -> Value {
        expense[keyPath: member]
    }
}
