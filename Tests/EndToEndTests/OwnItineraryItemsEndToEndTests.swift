import Foundation
import RoamTesting
import Testing

/// Trip Diary's itinerary items of the traveller's own (a flight, a check-in: a title, a time, maybe a
/// location), through the gateway on real processes: beside saved places, in the list, the day and the
/// calendar export, checked at the edge.
@Suite struct OwnItineraryItemsEndToEndTests {
    @Test func aFlightAndACheckInGoOnTheItineraryWithoutACatalogPlace() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("planner\(suffix)").token
            let trip = try await http.created(
                "/v1/trips",
                [
                    "title": "Porto", "destination": ["name": "Porto"], "startDate": "2031-05-02",
                    "endDate": "2031-05-05", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: ana)
            let path = "/v1/trips/\(trip)/itinerary"
            let flight = try await http.send(
                "POST", path,
                json: [
                    "title": "TP 1950 to Porto", "date": "2031-05-02", "time": "07:45",
                    "location": ["name": "Lisbon airport, T1", "point": ["latitude": 38.7742, "longitude": -9.1342]],
                    "remindMinutesBefore": 180,
                ], token: ana)
            #expect(flight.status == 201, "\(flight.status) \(flight.text)")
            let made = try flight.json()
            #expect(made["title"] as? String == "TP 1950 to Porto" && made["placeId"] == nil)
            #expect((made["location"] as? [String: Any])?["name"] as? String == "Lisbon airport, T1")
            #expect(made["remindAt"] as? String == "2031-05-02T03:45:00.000Z", "07:45 in Lisbon (UTC+1) less three hours")
            let checkIn = try await http.send(
                "POST", path,
                json: [
                    "title": "Check in", "date": "2031-05-02", "time": "15:00",
                    "location": ["name": "Hotel Infante Sagres"],
                ], token: ana)
            #expect(checkIn.status == 201, "\(checkIn.text)")

            let listed = try await http.send("GET", path, token: ana).json()["items"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["title"] as? String } == ["TP 1950 to Porto", "Check in"])
            let day = try await http.send("GET", "/v1/trips/\(trip)/days/2031-05-02", token: ana).json()
            let dayItems = (day["itinerary"] as? [[String: Any]]) ?? []
            #expect(dayItems.compactMap { $0["title"] as? String } == ["TP 1950 to Porto", "Check in"], "the day shows them: \(day.keys.sorted())")
            let ics = try await http.send("GET", "/v1/trips/\(trip)/itinerary.ics", token: ana).text
            #expect(ics.contains("SUMMARY:TP 1950 to Porto") && ics.contains("LOCATION:Hotel Infante Sagres"), "\(ics.prefix(800))")

            // Checked at the edge, each refusal naming what the client sent.
            for (body, field) in [
                (["date": "2031-05-03"], "placeId"),
                (["title": "", "date": "2031-05-03"], "title"),
                (["title": "Din\u{0}ner", "date": "2031-05-03"], "title"),
                (["title": "Dinner", "date": "2031-05-03", "location": ["name": "Tasca\u{7}"]], "location.name"),
                (["title": String(repeating: "x", count: 201), "date": "2031-05-03"], "title"),
                (["title": "Dinner", "date": "2031-05-03", "location": [String: Any]()], "location"),
                (["title": "Dinner", "date": "2031-05-03", "location": ["point": ["latitude": 91, "longitude": 0]]], "location.point"),
                (["title": "Dinner", "date": "2031-06-03"], "date"),
                (["placeId": UUID().uuidString, "title": "Dinner", "date": "2031-05-03"], "title"),
            ] as [([String: Any], String)] {
                let refused = try await http.send("POST", path, json: body, token: ana)
                #expect(
                    (400...422).contains(refused.status) && refused.problemFields.contains { $0 == field || $0.hasPrefix("\(field).") },
                    "\(body): \(refused.status) \(refused.text)")
            }
            let after = try await http.send("GET", path, token: ana).json()["items"] as? [[String: Any]]
            #expect(after?.count == 2, "nothing refused was stored")
        }
    }
}
