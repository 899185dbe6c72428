import Foundation
import RoamCore
import Testing

@testable import Budget

/// Both forms of the ECB's file, as the bank publishes them.
@Suite struct ReferenceRateFileTests {
    @Test func theDailyFileWithItsSpacesLongDatesAndTrailingComma() throws {
        let daily = "Date, USD, JPY, BGN, ISK, \n21 November 2026, 1.0523, 161.29, 1.9558, N/A, \n"
        let contents = try ReferenceRateFile.parse(Data(daily.utf8))
        #expect(contents.rates.map(\.currency.code) == ["USD", "JPY", "BGN"] && contents.skipped == 1)
        #expect(contents.rates.allSatisfy { $0.date == LocalDate("2026-11-21") })
        #expect(contents.rates.first?.perEuro == Decimal(string: "1.0523"))
    }

    @Test func theHistoryWithRetiredCurrenciesAndGaps() throws {
        let history = "Date,USD,CYP,JPY,\r\n2026-11-20,1.05,N/A,160.1,\r\n2026-11-19,1.06,,159.9,\r\n"
        let contents = try ReferenceRateFile.parse(Data(history.utf8))
        #expect(contents.rates.count == 4 && contents.skipped == 2)
        #expect(Set(contents.rates.map(\.date)) == [LocalDate("2026-11-20")!, LocalDate("2026-11-19")!])
    }

    @Test func somethingElseIsRefusedNamingTheLine() {
        #expect(throws: RoamError.self) { try ReferenceRateFile.parse(Data("name,rating\nx,1\n".utf8)) }
        do {
            _ = try ReferenceRateFile.parse(Data("Date,USD\n2026-11-20,1.05\nyesterday,1.04\n".utf8))
            Issue.record("a bad date was accepted")
        } catch {
            #expect(error.message.contains("line 3"))
        }
        do {
            _ = try ReferenceRateFile.parse(Data("Date,USD\n2026-11-20,-1.05\n".utf8))
            Issue.record("a negative rate was accepted")
        } catch {
            #expect(error.message.contains("line 2") && error.message.contains("USD"))
        }
    }
}
