import Foundation
import RoamCore

/// `expenses.csv`: RFC 4180 (CRLF, quoted where needed), UTF-8 with a byte-order mark so spreadsheet
/// programs read it as UTF-8, and every cell a spreadsheet would run as a formula (starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return) prefixed with `'`.
public enum ExpensesCSV {
    public static let header = [
        "date", "spent_at", "category", "note", "amount", "currency", "converted", "budget_currency", "rate",
        "rate_source", "rate_date", "place_id", "pin_id", "id",
    ]

    public static let byteOrderMark = "\u{FEFF}"

    public static func header(bom: Bool = true) -> String {
        (bom ? byteOrderMark : "") + line(header)
    }

    /// One expense's line.
    public static func line(_ expense: Expense, trip: TripFacts) -> String {
        let (source, rateDate): (String, String) =
            switch expense.rate.source {
            case .sameCurrency: ("same_currency", "")
            case .owner: ("owner", "")
            case .reference(let date): ("reference", date.description)
            }
        return line([
            trip.day(of: expense.details.spentAt).description, expense.details.spentAt.formatted(.iso8601), expense.details.category.name,
            expense.details.note, expense.details.amount.description, expense.details.amount.currency.code, expense.converted.description,
            expense.converted.currency.code, expense.rate.text, source, rateDate, expense.details.placeID?.lowercasedString ?? "",
            expense.details.pinID?.lowercasedString ?? "", expense.id.lowercasedString,
        ])
    }

    static func line(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    static func cell(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        guard text.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
