import Foundation
import RoamLocal
import RoamTesting
import Testing

/// Trip Diary's daily reminder through the gateway on real processes: turned on at a local time, it
/// comes on the notification stream on that day at that time, once; turned off, it is gone.
@Suite struct DailyReminderEndToEndTests {
    @Test func aDailyReminderComesOnTheStreamAtItsLocalTime() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("daily\(suffix)").token
            let bo = try await http.signUp("nosy\(suffix)").token
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let now = Date()
            func day(_ offset: Int) -> String {
                let parts = utc.dateComponents([.year, .month, .day], from: now.addingTimeInterval(Double(offset) * 86_400))
                return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            }
            let trip = try await http.created(
                "/v1/trips",
                [
                    "title": "Here and now", "destination": ["name": "Anywhere"], "startDate": day(-1),
                    "endDate": day(1), "timeZone": "Etc/UTC", "homeCurrency": "EUR",
                ], token: ana)
            let path = "/v1/trips/\(trip)/daily-reminder"
            #expect(try await http.send("GET", path, token: ana).status == 404, "off until turned on")
            for wrong in ["25:00", "8:00", "20:60", "twenty"] {
                let refused = try await http.send("PUT", path, json: ["time": wrong], token: ana)
                #expect(refused.status == 400 && refused.problemFields == ["time"], "\(wrong): \(refused.status) \(refused.text)")
            }
            #expect(try await http.send("PUT", path, json: ["time": "20:00"], token: bo).status == 404, "not Bo's trip")

            // The next whole minute, at least 20 s away so the stream is open before it comes.
            let due = Date(
                timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60
                    + (now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) > 40 ? 120 : 60))
            let parts = utc.dateComponents([.hour, .minute], from: due)
            let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
            let set = try await http.send("PUT", path, json: ["time": time], token: ana)
            #expect(set.status == 200, "\(set.text)")
            let dueText = try set.json()["nextDueAt"] as? String
            let answered = ISO8601DateFormatter()
            answered.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            #expect(dueText.flatMap { answered.date(from: $0) } == due, "\(set.text)")
            #expect(try await http.send("GET", path, token: ana).json()["time"] as? String == time)

            let lines = LineSink()
            let curl = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: ["-sN", "-H", "Authorization: Bearer \(ana)", "\(http.base.absoluteString)/v1/me/notifications/stream"],
                environment: [:]
            ) { lines.append($0) }
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            #expect(await lines.waitFor(timeout: .seconds(150)) { $0 == "event: daily_reminder" }, "\(lines.all.suffix(5))")
            let data = try #require(lines.all.first { $0.hasPrefix("data: ") && $0.contains("daily_reminder") })
            let reminder = try #require(try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
            #expect(reminder["tripId"] as? String == trip && reminder["time"] as? String == time && reminder["title"] as? String == "Here and now")
            #expect(lines.all.filter { $0 == "event: daily_reminder" }.count == 1, "once")
            #expect(try await http.send("GET", path, token: ana).json()["nextDueAt"] as? String != dueText, "moved on to the next day")

            #expect(try await http.send("DELETE", path, token: ana).status == 204)
            #expect(try await http.send("GET", path, token: ana).status == 404)
        }
    }
}
