import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

extension PostgresBudgetStore: RateRepository {
    public func importReferenceRates(_ rates: [ReferenceRate]) async throws -> Int {
        guard !rates.isEmpty else { return 0 }
        return try await database.query(
            """
            INSERT INTO budget.reference_rates (currency, day, per_euro)
            SELECT * FROM unnest(\(rates.map(\.currency.code)), \(rates.map(\.date.description))::date[], \(rates.map { ExchangeRate.text($0.perEuro) })::numeric[])
            ON CONFLICT (currency, day) DO UPDATE SET per_euro = excluded.per_euro
            RETURNING 1
            """
        ).count
    }

    public func referenceRates(
        for currencies: [Currency], on date: LocalDate, notBefore earliest: LocalDate
    ) async throws
        -> [Currency: (date: LocalDate, perEuro: Decimal)]
    {
        var found: [Currency: (date: LocalDate, perEuro: Decimal)] = [:]
        for row in try await database.query(
            """
            SELECT DISTINCT ON (currency) currency, day::text, per_euro::text FROM budget.reference_rates
            WHERE currency = ANY(\(currencies.map(\.code))) AND day <= \(date.description)::date AND day >= \(earliest.description)::date
            ORDER BY currency, day DESC
            """)
        {
            let (code, day, rate) = try row.decode((String, String, String).self)
            guard let currency = Currency(code), let date = LocalDate(day),
                let perEuro = Decimal(string: rate, locale: Locale(identifier: "en_US_POSIX"))
            else { throw RoamError.internal }
            found[currency] = (date, perEuro)
        }
        return found
    }

    @discardableResult
    public func setTripRate(_ rate: Decimal?, for currency: Currency, trip: UUID, owner: UUID) async throws -> Bool {
        if let rate {
            // Not for a trip purged here.
            let written = try await database.query(
                """
                INSERT INTO budget.trip_rates (trip_id, currency, owner_id, rate)
                SELECT \(trip), \(currency.code), \(owner), \(ExchangeRate.text(rate))::numeric
                WHERE NOT EXISTS (SELECT 1 FROM budget.purged_trips WHERE trip_id = \(trip))
                ON CONFLICT (trip_id, currency) DO UPDATE SET rate = excluded.rate
                RETURNING 1
                """)
            if written.isEmpty { throw RoamError.notFound("trip") }
            return true
        }
        return try await !database.query("DELETE FROM budget.trip_rates WHERE trip_id = \(trip) AND currency = \(currency.code) RETURNING 1").isEmpty
    }

    public func tripRates(of trip: UUID) async throws -> [Currency: Decimal] {
        var rates: [Currency: Decimal] = [:]
        for row in try await database.query("SELECT currency, rate::text FROM budget.trip_rates WHERE trip_id = \(trip)") {
            let (code, text) = try row.decode((String, String).self)
            guard let currency = Currency(code), let rate = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw RoamError.internal
            }
            rates[currency] = rate
        }
        return rates
    }
}
