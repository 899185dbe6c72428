import Testing

@testable import Budget

/// The allowance on the first, a middle and the last day, a future day, and an overspent budget.
@Suite struct DailyAllowanceTests {
    /// 1,000.00 over 7 days.
    let total: Int64 = 100_000

    @Test func thePlanSpreadsTheTotalEvenlyRoundedDown() {
        let first = DailyAllowance(total: total, days: 7, dayIndex: 0, spentBefore: 0, spentToday: 2_000, isFuture: false)
        #expect(first.planned == 14_285 && first.adaptive == 14_285 && first.leftToday == 12_285)
    }

    @Test func theAdaptiveAllowanceSpreadsWhatRemainsOverTheDaysLeft() {
        // Day 4 of 7 after spending 50,000 on the first three: 50,000 over 4 days.
        let middle = DailyAllowance(total: total, days: 7, dayIndex: 3, spentBefore: 50_000, spentToday: 10_000, isFuture: false)
        #expect(middle.adaptive == 12_500 && middle.leftToday == 2_500)
        // The last day gets all that remains.
        let last = DailyAllowance(total: total, days: 7, dayIndex: 6, spentBefore: 95_000, spentToday: 0, isFuture: false)
        #expect(last.adaptive == 5_000 && last.leftToday == 5_000)
        // After the trip, as on its last day.
        let after = DailyAllowance(total: total, days: 7, dayIndex: 9, spentBefore: 95_000, spentToday: 0, isFuture: false)
        #expect(after.adaptive == 5_000)
    }

    @Test func aFutureDayShowsThePlanAndAnOverspentBudgetRoundsDown() {
        let future = DailyAllowance(total: total, days: 7, dayIndex: 5, spentBefore: 90_000, spentToday: 0, isFuture: true)
        #expect(future.adaptive == future.planned)
        // 1.00 over: -100 over 3 days is -34 (down), not -33.
        let overspent = DailyAllowance(total: total, days: 7, dayIndex: 4, spentBefore: 100_100, spentToday: 0, isFuture: false)
        #expect(overspent.adaptive == -34 && overspent.leftToday == -34)
    }
}
