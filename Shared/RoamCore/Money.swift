import Foundation

/// An amount in whole minor units of its currency (cents, yen, fils): never floating point.
public struct Money: Sendable, Hashable, CustomStringConvertible {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The largest amount accepted: a trillion major units, far beyond any trip.
    public static let maximumMajorUnits: Int64 = 1_000_000_000_000

    /// An amount written as a decimal string (`12`, `12.5`, `0.075`): digits, at most one point, and no
    /// more decimals than the currency has. Named by `field` when it is not one; above zero unless
    /// `allowingZero`.
    public static func parse(_ text: String, in currency: Currency, field: String, allowingZero: Bool = false) throws(RoamError) -> Money {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else {
            throw RoamError.invalidField(field, "must be a decimal number such as 12.50")
        }
        guard fraction.count <= currency.exponent else {
            throw RoamError.invalidField(
                field,
                currency.exponent == 0
                    ? "must be a whole number: \(currency) has no minor unit"
                    : "must have at most \(currency.exponent) decimals for \(currency)")
        }
        let digits = whole.drop { $0 == "0" }
        guard digits.count <= String(maximumMajorUnits).count, let major = Int64(digits.isEmpty ? "0" : String(digits)), major <= maximumMajorUnits
        else {
            throw RoamError.invalidField(field, "must be at most \(maximumMajorUnits.formatted())")
        }
        let minor = Int64(fraction.padding(toLength: currency.exponent, withPad: "0", startingAt: 0)) ?? 0
        let money = Money(minorUnits: major * Self.scale(currency) + minor, currency: currency)
        guard allowingZero || money.minorUnits > 0 else { throw RoamError.invalidField(field, "must be more than 0") }
        return money
    }

    /// The amount as a decimal string with the currency's own number of decimals (`12.50`, `1500`).
    public var description: String {
        let scale = Self.scale(currency)
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        guard currency.exponent > 0 else { return "\(sign)\(magnitude)" }
        let fraction = String(magnitude % UInt64(scale))
        return "\(sign)\(magnitude / UInt64(scale)).\(String(repeating: "0", count: currency.exponent - fraction.count))\(fraction)"
    }

    /// Minor units in one major unit.
    public static func scale(_ currency: Currency) -> Int64 {
        (0..<currency.exponent).reduce(1) { value, _ in value * 10 }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
