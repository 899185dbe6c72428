import Foundation

/// An ISO 4217 currency that money can be spent in, with its exponent: how many decimals its minor
/// unit has (JPY 0, USD 2, KWD 3).
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    public let code: String
    public let exponent: Int

    /// The currency with this code (any case), or nil for a code ISO 4217 does not list as money in use
    /// (funds such as CLF, gold, special drawing rights, test codes).
    public init?(_ code: String) {
        let code = code.uppercased()
        guard Self.listed.contains(code), !Self.notSpent.contains(code) else { return nil }
        self.code = code
        exponent = Self.exponents[code] ?? 2
    }

    public var description: String { code }

    /// The codes of money in use; Foundation knows the list.
    static let listed = Set(Locale.commonISOCurrencyCodes)

    /// Units of account, precious metals and codes for testing, which have no minor unit.
    static let notSpent: Set<String> = ["XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XPD", "XPT", "XSU", "XTS", "XUA", "XXX"]

    /// The exponents other than 2, from the ISO 4217 list. Written here because Foundation on Linux
    /// answers 2 for every currency (its formatter's fraction digits), and no package in reach holds the
    /// table.
    static let exponents: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0, "UGX": 0,
        "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]
}
