import Foundation
import RoamCore

/// Exchange rates: the reference table operators import (euros' worth per currency per business day)
/// and the rates owners set for their trips.
public protocol RateRepository: Sendable {
    /// Adds or replaces reference rates; how many were written.
    func importReferenceRates(_ rates: [ReferenceRate]) async throws -> Int
    /// For each of `currencies`, its latest reference rate on or before `date` and not before `earliest`.
    func referenceRates(
        for currencies: [Currency], on date: LocalDate, notBefore earliest: LocalDate
    ) async throws
        -> [Currency: (date: LocalDate, perEuro: Decimal)]

    /// Sets (or with nil removes) the owner's rate for a currency on a trip: units of the budget's
    /// currency per unit of `currency`. False when there was no rate to remove.
    @discardableResult
    func setTripRate(_ rate: Decimal?, for currency: Currency, trip: UUID, owner: UUID) async throws -> Bool
    func tripRates(of trip: UUID) async throws -> [Currency: Decimal]
}
