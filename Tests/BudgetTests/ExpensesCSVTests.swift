import Foundation
import RoamCore
import Testing

@testable import Budget

/// `expenses.csv` as spreadsheet programs read it, and safe from formula injection.
@Suite struct ExpensesCSVTests {
    typealias F = BudgetFixtures

    @Test func theFileStartsWithAByteOrderMarkAndAHeaderInCRLFLines() {
        let header = ExpensesCSV.header()
        #expect(header.unicodeScalars.first == "\u{FEFF}")
        #expect(header.hasSuffix("\r\n") && header.dropFirst().hasPrefix("date,spent_at,category,note,amount,currency,converted"))
    }

    @Test func cellsAFormulaWouldRunAreEscapedAndQuotesAndLineBreaksAreQuoted() {
        let trip = F.trip()
        let notes = ["=HYPERLINK(\"http://evil\")", "+1", "-2+3", "@SUM(A1)", "\tTAB", "plain, with comma", "two\r\nlines", "Crème brûlée 🍮"]
        let lines = notes.map { ExpensesCSV.line(F.expense(trip, "1", at: "2026-07-10T23:30:00Z", note: $0), trip: trip) }
        #expect(lines[0].contains(",\"'=HYPERLINK(\"\"http://evil\"\")\","))
        #expect(lines[1].contains(",'+1,") && lines[2].contains(",'-2+3,") && lines[3].contains(",'@SUM(A1),") && lines[4].contains(",'\tTAB,"))
        #expect(lines[5].contains(",\"plain, with comma\","))
        #expect(lines[6].contains(",\"two\r\nlines\","))
        #expect(lines[7].contains(",Crème brûlée 🍮,"))
        // The day is the trip's local one (Lisbon, UTC+1), the instant UTC; amounts in their own decimals.
        #expect(lines[5].hasPrefix("2026-07-11,2026-07-10T23:30:00Z,food,"))
        #expect(lines[5].contains(",1.00,EUR,1.00,EUR,1,same_currency,,"))
        #expect(lines.allSatisfy { $0.hasSuffix("\r\n") })
    }
}
