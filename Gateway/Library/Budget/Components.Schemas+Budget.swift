import RoamAPI
import RoamProto
import RoamRuntime

extension Components.Schemas.Money {
    /// Minor units written as a decimal string in the currency's own decimals.
    init(_ proto: Roam_Common_V1_Money) {
        let amount = Currency(proto.currencyCode).map { Money(minorUnits: proto.minorUnits, currency: $0).description } ?? String(proto.minorUnits)
        self.init(amount: amount, currency: proto.currencyCode)
    }

    /// Nil when the message did not carry the amount.
    init?(_ proto: Roam_Common_V1_Money, present: Bool) {
        guard present else { return nil }
        self.init(proto)
    }
}

extension Components.Schemas.Budget {
    init(_ proto: Roam_Budget_V1_Budget) {
        self.init(
            tripId: proto.tripID, currency: proto.currency, total: .init(proto.total, present: proto.hasTotal), categories: proto.categories,
            customCategories: proto.customCategories, caps: proto.caps.map { .init(category: $0.category, cap: .init($0.cap)) },
            capsExceedTotal: proto.capsExceedTotal, alertThresholds: proto.alertThresholds.map(Int.init), updatedAt: proto.updatedAt.date)
    }
}

extension Components.Schemas.Allowance {
    init?(_ proto: Roam_Budget_V1_Allowance, present: Bool) {
        guard present else { return nil }
        self.init(planned: .init(proto.planned), adaptive: .init(proto.adaptive), leftToday: .init(proto.leftToday))
    }
}

extension Components.Schemas.CategorySpending {
    init(_ proto: Roam_Budget_V1_CategorySpending) {
        self.init(
            category: proto.category, spent: .init(proto.spent), cap: .init(proto.cap, present: proto.hasCap),
            expenseCount: Int(proto.expenseCount))
    }
}

extension Components.Schemas.Expense {
    init(_ proto: Roam_Budget_V1_Expense) {
        let source: RateSourcePayload =
            switch proto.rateSource {
            case .owner: .owner
            case .reference: .reference
            case .sameCurrency, .unspecified, .UNRECOGNIZED: .sameCurrency
            }
        self.init(
            id: proto.id, tripId: proto.tripID, amount: .init(proto.amount), spentAt: proto.spentAt.date, date: proto.date,
            category: proto.category, note: proto.note, placeId: proto.placeID.isEmpty ? nil : proto.placeID,
            pinId: proto.pinID.isEmpty ? nil : proto.pinID, converted: .init(proto.converted), rate: proto.rate, rateSource: source,
            rateDate: proto.rateDate.isEmpty ? nil : proto.rateDate, createdAt: proto.createdAt.date, updatedAt: proto.updatedAt.date)
    }
}

extension Components.Schemas.TripRates {
    init(_ proto: Roam_Budget_V1_TripRatesResponse) {
        self.init(currency: proto.currency, rates: proto.rates.map { .init(currency: $0.currency, rate: $0.rate) })
    }
}

extension Components.Schemas.DaySpending {
    init(_ proto: Roam_Budget_V1_DayTotal) {
        self.init(date: proto.date, expenseCount: Int(proto.expenseCount), spent: .init(proto.spent))
    }
}

extension Components.Schemas.BudgetStatistics {
    init(_ proto: Roam_Budget_V1_GetStatisticsResponse) {
        self.init(
            expenseCount: Int(proto.expenseCount), spent: .init(proto.spent), remaining: .init(proto.remaining, present: proto.hasRemaining),
            mean: .init(proto.mean, present: proto.hasMean),
            mostFrequentCategory: proto.mostFrequentCategory.isEmpty ? nil : proto.mostFrequentCategory,
            smallest: .init(proto.smallest, present: proto.hasSmallest), largest: .init(proto.largest, present: proto.hasLargest),
            elapsedDays: Int(proto.elapsedDays),
            averagePerElapsedDay: .init(proto.averagePerElapsedDay, present: proto.hasAveragePerElapsedDay),
            categories: proto.categories.map(Components.Schemas.CategorySpending.init), days: proto.days.map(Components.Schemas.DaySpending.init),
            plannedPerDay: .init(proto.plannedPerDay, present: proto.hasPlannedPerDay))
    }
}

extension Components.Schemas.BudgetAlert {
    /// Nil for a kind the document does not list yet (from a newer budget service).
    init?(_ notification: Roam_Budget_V1_BudgetNotification) {
        guard notification.kind == .alert else { return nil }
        let limit: LimitPayload
        switch notification.limit {
        case .total: limit = .total
        case .category: limit = .category
        case .day: limit = .day
        default: return nil
        }
        self.init(
            alertId: notification.alertID, at: notification.at.date,
            category: notification.category.isEmpty ? nil : notification.category, date: notification.date.isEmpty ? nil : notification.date,
            kind: .budgetAlert, limit: limit, limitAmount: .init(notification.limitAmount), percent: Int(notification.percent),
            spent: .init(notification.spent), tripId: notification.tripID)
    }
}
