import Foundation
import Testing

@testable import Budget
@testable import RoamCore

/// Amounts as clients write them, in each currency's own minor units.
@Suite struct MoneyTests {
    let usd = Currency("usd")!, jpy = Currency("JPY")!, kwd = Currency("KWD")!

    func field(_ body: () throws -> Money) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as RoamError {
            return error.violations.first?.field
        } catch {
            return "?"
        }
    }

    @Test func currenciesHaveTheirISOExponentsAndUnspendableCodesAreRefused() {
        #expect([usd, jpy, kwd].map(\.exponent) == [2, 0, 3])
        #expect(usd.code == "USD" && Currency("EUR")?.exponent == 2 && Currency("ISK")?.exponent == 0)
        #expect(Currency("XAU") == nil && Currency("XTS") == nil && Currency("ABC") == nil && Currency("") == nil)
        #expect(Currency("CLF") == nil, "a unit of account, not money anyone hands over")
        let unlisted = Currency.exponents.keys.filter { Currency($0) == nil }.sorted()
        #expect(unlisted.isEmpty, "every exponent written down is of a currency in use: \(unlisted)")
    }

    @Test func decimalStringsBecomeMinorUnitsWithNoMoreDecimalsThanTheCurrencyHas() throws {
        #expect(try Money.parse("12.5", in: usd, field: "amount").minorUnits == 1_250)
        #expect(try Money.parse("12", in: usd, field: "amount").minorUnits == 1_200)
        #expect(try Money.parse("0.07", in: usd, field: "amount").minorUnits == 7)
        #expect(try Money.parse("1500", in: jpy, field: "amount").minorUnits == 1_500)
        #expect(try Money.parse("1.005", in: kwd, field: "amount").minorUnits == 1_005)
        #expect(field { try Money.parse("12.345", in: usd, field: "amount") } == "amount", "three decimals in dollars")
        #expect(field { try Money.parse("1500.5", in: jpy, field: "amount") } == "amount", "yen have no minor unit")
        for bad in ["", ".5", "5.", "-5", "+5", "1,50", "1e3", "12.5.0", " 12", "١٢", "0", "0.00"] {
            #expect(field { try Money.parse(bad, in: usd, field: "amount") } == "amount", "\(bad)")
        }
        #expect(try Money.parse("0", in: usd, field: "amount", allowingZero: true).minorUnits == 0)
        #expect(field { try Money.parse("1000000000001", in: usd, field: "amount") } == "amount")
        #expect(try Money.parse("000012.50", in: usd, field: "amount").minorUnits == 1_250)
    }

    @Test func amountsAreWrittenWithTheirCurrencysDecimals() {
        #expect(Money(minorUnits: 1_250, currency: usd).description == "12.50")
        #expect(Money(minorUnits: 7, currency: usd).description == "0.07")
        #expect(Money(minorUnits: 1_500, currency: jpy).description == "1500")
        #expect(Money(minorUnits: 1_005, currency: kwd).description == "1.005")
        #expect(Money(minorUnits: -1_250, currency: usd).description == "-12.50")
    }
}
