import Foundation
import RoamCore

/// The rate an expense was converted at, frozen on it: how many units of the budget's currency one unit
/// of the expense's currency was worth, and where that came from.
public struct ExchangeRate: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// The expense is in the budget's own currency.
        case sameCurrency
        /// The owner set it for the trip.
        case owner
        /// The reference-rate table operators load (the European Central Bank's), as of `date`.
        case reference(date: LocalDate)
    }

    public let rate: Decimal
    public let source: Source

    public static let identity = ExchangeRate(rate: 1, source: .sameCurrency)

    /// Decimals a rate keeps: the ECB publishes five significant digits; cross rates get eight decimals.
    public static let scale = 8

    /// `money` in `currency` at this rate, rounded half away from zero to the minor unit; refused, naming
    /// `amount`, when that comes to more than an amount may be (a huge amount at a huge rate), rather than
    /// storing a number that overflowed.
    public func convert(_ money: Money, to currency: Currency) throws(RoamError) -> Money {
        if money.currency == currency { return money }
        var amount = Decimal(money.minorUnits) * rate * Self.power(currency.exponent - money.currency.exponent)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &amount, 0, .plain)
        guard rounded <= Decimal(Money.maximumMajorUnits) * Decimal(Money.scale(currency)) else {
            throw RoamError.invalidField("amount", "comes to more than \(Money.maximumMajorUnits.formatted()) \(currency) at this rate")
        }
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// The cross rate through the euro: `to` per euro over `from` per euro, kept to `scale` decimals.
    public static func cross(fromPerEuro: Decimal, toPerEuro: Decimal) -> Decimal {
        var quotient = toPerEuro / fromPerEuro
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, scale, .plain)
        return rounded
    }

    /// A rate the owner writes (`11.4713`): positive, at most 12 digits before and `scale` after the point.
    public static func parse(_ text: String, field: String) throws(RoamError) -> Decimal {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !whole.isEmpty, whole.count <= 12, whole.allSatisfy({ ("0"..."9").contains($0) }), fraction.count <= scale,
            fraction.allSatisfy({ ("0"..."9").contains($0) }), parts.count == 1 || !fraction.isEmpty,
            let rate = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw RoamError.invalidField(field, "must be a decimal number such as 11.4713, with at most \(scale) decimals")
        }
        guard rate > 0 else { throw RoamError.invalidField(field, "must be more than 0") }
        return rate
    }

    /// The rate as written and stored: plain decimal notation.
    public var text: String { Self.text(rate) }

    public static func text(_ rate: Decimal) -> String {
        NSDecimalNumber(decimal: rate).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    static func power(_ exponent: Int) -> Decimal {
        exponent >= 0 ? pow(10, exponent) : 1 / pow(10, -exponent)
    }
}
