import Foundation
import RoamCore

/// The budget's two charts as standalone SVG documents (no scripts, no outside references) that a
/// browser shows as they are: spending by category, and spending per day against the allowance.
public enum BudgetCharts {
    static let width = 720
    static let font = "font-family=\"system-ui, -apple-system, Segoe UI, Roboto, sans-serif\""

    /// Horizontal bars, most spent first, each with its amount (and cap, drawn as a tick, when it has one).
    public static func byCategory(_ statistics: BudgetStatistics) -> String {
        let rows = statistics.categories.filter { $0.spent > 0 || $0.cap != nil }
        let labelWidth = 150, barWidth = width - labelWidth - 140, rowHeight = 30, top = 44
        let height = top + max(rows.count, 1) * rowHeight + 16
        let largest = max(rows.map { max($0.spent, $0.cap ?? 0) }.max() ?? 0, 1)
        var svg = open(height: height, title: "Spending by category (\(statistics.currency))")
        if rows.isEmpty { svg += text(x: 16, y: top + 18, "No expenses yet", fill: "#6b7280") }
        for (index, row) in rows.enumerated() {
            let y = top + index * rowHeight
            let length = Int((Double(row.spent) / Double(largest) * Double(barWidth)).rounded())
            let over = row.cap.map { row.spent > $0 } ?? false
            svg += text(x: labelWidth - 8, y: y + 18, shortened(row.category.name, to: 20), anchor: "end")
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(y + 5)\" width=\"\(max(length, 1))\" height=\"18\" rx=\"3\" fill=\"\(over ? "#dc2626" : "#2563eb")\"/>\n"
            if let cap = row.cap {
                let x = labelWidth + Int((Double(cap) / Double(largest) * Double(barWidth)).rounded())
                svg += "<line x1=\"\(x)\" y1=\"\(y + 1)\" x2=\"\(x)\" y2=\"\(y + 27)\" stroke=\"#111827\" stroke-width=\"2\"/>\n"
            }
            let label = amount(row.spent, statistics.currency) + (row.cap.map { " of " + amount($0, statistics.currency) } ?? "")
            svg += text(x: labelWidth + max(length, 1) + 8, y: y + 18, label, fill: "#374151")
        }
        return svg + "</svg>\n"
    }

    /// A bar per day of the trip, red where it went over the planned allowance, drawn as a dashed line.
    public static func perDay(_ statistics: BudgetStatistics) -> String {
        let days = statistics.days
        let left = 110, right = 20, top = 44, plotHeight = 220, height = top + plotHeight + 56
        let plotWidth = width - left - right
        let largest = max(days.map(\.total.spent).max() ?? 0, statistics.plannedPerDay ?? 0, 1)
        let slot = Double(plotWidth) / Double(max(days.count, 1))
        func y(_ value: Int64) -> Int { top + plotHeight - Int((Double(value) / Double(largest) * Double(plotHeight)).rounded()) }
        var svg = open(height: height, title: "Spending per day (\(statistics.currency))")
        svg += "<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"#9ca3af\"/>\n"
        svg += text(x: left - 6, y: top + 4, amount(largest, statistics.currency), anchor: "end", fill: "#6b7280")
        svg += text(x: left - 6, y: top + plotHeight, "0", anchor: "end", fill: "#6b7280")
        let labelEvery = max(1, Int((Double(days.count) / 12).rounded(.up)))
        for (index, day) in days.enumerated() {
            let x = left + Int(Double(index) * slot + slot * 0.15), barWidth = max(Int(slot * 0.7), 1)
            let over = statistics.plannedPerDay.map { day.total.spent > $0 } ?? false
            if day.total.spent > 0 {
                svg +=
                    "<rect x=\"\(x)\" y=\"\(y(day.total.spent))\" width=\"\(barWidth)\" height=\"\(top + plotHeight - y(day.total.spent))\" "
                    + "fill=\"\(over ? "#dc2626" : "#2563eb")\"><title>\(day.date): \(amount(day.total.spent, statistics.currency))</title></rect>\n"
            }
            if index % labelEvery == 0 {
                let label = String(format: "%02d-%02d", day.date.month, day.date.day)
                svg += text(x: x + barWidth / 2, y: top + plotHeight + 18, label, anchor: "middle", fill: "#374151")
            }
        }
        if let planned = statistics.plannedPerDay {
            svg +=
                "<line x1=\"\(left)\" y1=\"\(y(planned))\" x2=\"\(left + plotWidth)\" y2=\"\(y(planned))\" stroke=\"#059669\" stroke-width=\"2\" "
                + "stroke-dasharray=\"6 4\"/>\n"
            svg += text(x: left + plotWidth, y: y(planned) - 6, "allowance " + amount(planned, statistics.currency), anchor: "end", fill: "#059669")
        }
        return svg + "</svg>\n"
    }

    static func open(height: Int, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img">
        <title>\(escaped(title))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="16" y="26" \(font) font-size="16" font-weight="600" fill="#111827">\(escaped(title))</text>

        """
    }

    static func text(x: Int, y: Int, _ content: String, anchor: String = "start", fill: String = "#111827") -> String {
        "<text x=\"\(x)\" y=\"\(y)\" \(font) font-size=\"13\" text-anchor=\"\(anchor)\" fill=\"\(fill)\">\(escaped(content))</text>\n"
    }

    /// At most `length` characters, the rest replaced by an ellipsis, so a long name stays within its column.
    static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : text.prefix(length - 1) + "…"
    }

    static func amount(_ units: Int64, _ currency: Currency) -> String {
        "\(Money(minorUnits: units, currency: currency)) \(currency)"
    }

    /// Text as SVG content: markup characters escaped and characters XML does not allow dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += " "
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
