import Foundation
import RoamCore

/// One line of the reference table: how much of `currency` a euro bought on `date`.
public struct ReferenceRate: Sendable, Hashable {
    public let date: LocalDate
    public let currency: Currency
    public let perEuro: Decimal
}
