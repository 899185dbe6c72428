import CVips
import Foundation
import RoamCore
import Testing

@testable import Budget

/// The two charts are SVG a browser shows as it is: libvips (through librsvg) renders them at their size.
@Suite struct BudgetChartsTests {
    typealias F = BudgetFixtures

    static let started: Bool = roam_vips_start("budget-tests") == 0

    func statistics() -> BudgetStatistics {
        let trip = F.trip("2026-07-10", "2026-07-16")
        let expenses = [
            F.expense(trip, "200", at: "2026-07-10T12:00:00Z", category: "lodging"),
            F.expense(trip, "120", at: "2026-07-11T12:00:00Z", category: "food"),
            F.expense(trip, "30", at: "2026-07-12T12:00:00Z", category: "<b> & co</b>"),
        ]
        var budget = F.budget(trip, total: "700", caps: ["food": "100"])
        budget.plan = BudgetPlan(total: budget.plan!.total, customCategories: [BudgetCategory("<b> & co</b>")], caps: budget.plan!.caps)
        return BudgetStatistics(expenses: expenses, budget: budget, trip: trip, today: LocalDate("2026-07-12")!)
    }

    /// Renders `svg` to a PNG next to the test's temporary files and gives its size and pixels.
    func render(_ svg: String, name: String) throws -> (width: Int32, height: Int32, pixels: [UInt8]) {
        #expect(Self.started)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roam-charts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name).svg")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        guard let image = roam_vips_open(file.path) else { throw ChartRenderError(message: String(cString: roam_vips_error())) }
        defer { roam_vips_release(image) }
        _ = roam_vips_write(image, folder.appendingPathComponent("\(name).png").path)
        var length = 0
        guard let bytes = roam_vips_pixels(image, &length) else { throw ChartRenderError(message: String(cString: roam_vips_error())) }
        defer { roam_vips_free(bytes) }
        return (vips_image_get_width(image), vips_image_get_height(image), Array(UnsafeRawBufferPointer(start: bytes, count: length)))
    }

    /// Whether some pixel is close to the colour of a bar.
    func hasColor(_ pixels: [UInt8], bands: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        stride(from: 0, to: pixels.count - bands + 1, by: bands).contains { index in
            abs(Int(pixels[index]) - Int(red)) < 8 && abs(Int(pixels[index + 1]) - Int(green)) < 8 && abs(Int(pixels[index + 2]) - Int(blue)) < 8
        }
    }

    @Test func spendingByCategoryRendersWithItsBarsAndEscapesNames() throws {
        let svg = BudgetCharts.byCategory(statistics())
        #expect(svg.hasPrefix("<?xml") && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!svg.contains("<b>") && svg.contains("&lt;b&gt; &amp; co&lt;/b&gt;"))
        let image = try render(svg, name: "by-category")
        #expect(image.width == 720 && image.height > 100)
        let bands = image.pixels.count / Int(image.width * image.height)
        #expect(hasColor(image.pixels, bands: bands, 0x25, 0x63, 0xEB), "a blue bar")
        #expect(hasColor(image.pixels, bands: bands, 0xDC, 0x26, 0x26), "food went over its cap: a red bar")
    }

    @Test func spendingPerDayRendersAgainstTheAllowance() throws {
        let svg = BudgetCharts.perDay(statistics())
        #expect(svg.contains("allowance 100.00 EUR") && svg.contains("stroke-dasharray"))
        let image = try render(svg, name: "per-day")
        #expect(image.width == 720 && image.height == 320)
        let bands = image.pixels.count / Int(image.width * image.height)
        #expect(hasColor(image.pixels, bands: bands, 0xDC, 0x26, 0x26), "the first day went over the allowance")
        #expect(hasColor(image.pixels, bands: bands, 0x25, 0x63, 0xEB), "the third did not")
        #expect(hasColor(image.pixels, bands: bands, 0x05, 0x96, 0x69), "the allowance line")
    }
}

struct ChartRenderError: Error {
    let message: String
}
