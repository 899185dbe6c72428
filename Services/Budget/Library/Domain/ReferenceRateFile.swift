import Foundation
import RoamCore

/// The European Central Bank's reference-rate CSV, in either of its forms: the daily file
/// (`Date, USD, JPY, …` then `21 November 2026, 1.0523, 161.29, …`) and the history
/// (`Date,USD,JPY,…` then `2026-11-21,1.0523,161.29,…`). Each value is how much of that currency a euro
/// bought; `N/A` and empty cells (a currency not quoted that day) are skipped, as are currencies no
/// longer in use (CYP, …).
public enum ReferenceRateFile {
    public struct Contents: Sendable {
        public var rates: [ReferenceRate]
        /// Cells passed over: not quoted that day, or a currency no longer spent.
        public var skipped: Int
    }

    public static func parse(_ data: Data) throws(RoamError) -> Contents {
        guard let text = String(data: data, encoding: .utf8) else { throw RoamError.invalidField("file", "is not UTF-8 text") }
        let lines = text.replacingOccurrences(of: "\u{FEFF}", with: "").split(whereSeparator: \.isNewline)
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.allSatisfy(\.isEmpty) }
        guard let header = lines.first, header.first?.lowercased() == "date", header.count > 1 else {
            throw RoamError.invalidField("file", "must start with the ECB's header line: Date, USD, JPY, …")
        }
        let currencies = header.dropFirst().map { Currency($0).flatMap { $0.code == "EUR" ? nil : $0 } }
        var contents = Contents(rates: [], skipped: 0)
        for (number, cells) in lines.dropFirst().enumerated() {
            guard let date = Self.date(cells[0]) else {
                throw RoamError.invalidField("file", "line \(number + 2): \"\(cells[0])\" is not a date such as 2026-11-21 or 21 November 2026")
            }
            for (index, cell) in cells.dropFirst().enumerated() where index < currencies.count && !header[index + 1].isEmpty {
                guard let currency = currencies[index], !cell.isEmpty, cell != "N/A" else {
                    contents.skipped += 1
                    continue
                }
                do {
                    contents.rates.append(ReferenceRate(date: date, currency: currency, perEuro: try ExchangeRate.parse(cell, field: "rate")))
                } catch {
                    throw RoamError.invalidField("file", "line \(number + 2), \(currency): \"\(cell)\" is not a rate")
                }
            }
        }
        return contents
    }

    static func date(_ text: String) -> LocalDate? {
        if let date = LocalDate(text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM yyyy"
        guard let instant = formatter.date(from: text) else { return nil }
        return TripZone.utc.date(of: instant)
    }
}
