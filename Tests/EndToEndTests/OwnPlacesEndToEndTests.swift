import Foundation
import RoamTesting
import Testing

/// Trip Diary's places of one's own, through the gateway on real processes: added by a user, found and
/// used (saved to a trip, planned, named by an expense) by them alone, and gone when they delete it.
@Suite struct OwnPlacesEndToEndTests {
    @Test func aPlaceOfOnesOwnIsTheirsToFindSavePlanAndDelete() async throws {
        try await onFullStack { http in
            let suffix = Int.random(in: 10_000...99_999)
            let ana = try await http.signUp("local\(suffix)").token
            let bo = try await http.signUp("stranger\(suffix)").token
            let (latitude, longitude) = (Double.random(in: -50...50), Double.random(in: -170...170))
            let made = try await http.send(
                "POST", "/v1/places",
                json: [
                    "name": "  Joana's flat ", "point": ["latitude": latitude, "longitude": longitude],
                    "address": "Rua das Flores 3",
                ], token: ana)
            #expect(made.status == 201, "\(made.status) \(made.text)")
            let place = try #require(try made.json()["id"] as? String)
            let answered = try made.json()
            #expect(answered["name"] as? String == "Joana's flat" && answered["mine"] as? Bool == true && answered["category"] as? String == "other")
            #expect(try await http.send("GET", "/v1/places/\(place)", token: ana).status == 200)
            #expect(try await http.send("GET", "/v1/places/\(place)", token: bo).status == 404, "only Ana sees it")
            func nearby(_ token: String) async throws -> [String] {
                let reply = try await http.send("GET", "/v1/places/nearby?lat=\(latitude)&lng=\(longitude)&withinMeters=500", token: token)
                return (try reply.json()["places"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            #expect(try await nearby(ana) == [place])
            #expect(try await nearby(bo).isEmpty)

            // Ana uses it on her trip: saved, planned, named by an expense.
            let trip = try await http.created(
                "/v1/trips",
                [
                    "title": "Porto", "destination": ["name": "Porto"], "startDate": "2031-05-02",
                    "endDate": "2031-05-05", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: ana)
            #expect(try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": place], token: ana).status == 201)
            let planned = try await http.send(
                "POST", "/v1/trips/\(trip)/itinerary", json: ["placeId": place, "date": "2031-05-03", "time": "20:00"], token: ana)
            let plannedName = try planned.json()["placeName"] as? String
            #expect(planned.status == 201 && plannedName == "Joana's flat", "\(planned.text)")
            #expect(
                try await http.send(
                    "POST", "/v1/trips/\(trip)/expenses",
                    json: [
                        "amount": "12", "currency": "EUR", "spentAt": "2031-05-03T21:00:00.000Z",
                        "category": "food", "placeId": place,
                    ], token: ana
                ).status == 201)
            // Bo cannot: not on his trip, not on his expense, not rated, not deleted.
            let bosTrip = try await http.created(
                "/v1/trips",
                [
                    "title": "Porto too", "destination": ["name": "Porto"], "startDate": "2031-05-02",
                    "endDate": "2031-05-05", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: bo)
            let saving = try await http.send("POST", "/v1/trips/\(bosTrip)/saved-places", json: ["placeId": place], token: bo)
            #expect((400...499).contains(saving.status) && saving.problemFields == ["placeId"], "\(saving.status) \(saving.text)")
            let spending = try await http.send(
                "POST", "/v1/trips/\(bosTrip)/expenses",
                json: [
                    "amount": "1", "currency": "EUR", "spentAt": "2031-05-03T21:00:00.000Z",
                    "category": "food", "placeId": place,
                ], token: bo)
            #expect((400...499).contains(spending.status) && spending.problemFields == ["placeId"], "\(spending.status) \(spending.text)")
            // A pin at her place: where it is and what it is called, unless she says otherwise; Bo's is refused.
            let pinned = try await http.send(
                "POST", "/v1/trips/\(trip)/pins", json: ["placeId": place, "description": "Dinner", "visitedAt": "2031-05-03T20:30:00.000Z"],
                token: ana)
            let pin = try pinned.json()
            #expect(pinned.status == 201 && pin["placeId"] as? String == place && pin["title"] as? String == "Joana's flat", "\(pinned.text)")
            #expect(((pin["point"] as? [String: Any])?["latitude"] as? Double).map { abs($0 - latitude) < 1e-9 } == true)
            let pinID = try #require(pin["id"] as? String)
            let bosPin = try await http.send(
                "POST", "/v1/trips/\(bosTrip)/pins",
                json: [
                    "placeId": place, "description": "Mine", "point": ["latitude": latitude, "longitude": longitude], "title": "Flat",
                    "visitedAt": "2031-05-03T20:30:00.000Z",
                ], token: bo)
            #expect(bosPin.status == 422 && bosPin.reason == "PLACE_NOT_FOUND" && bosPin.problemFields == ["placeId"], "\(bosPin.text)")
            let noPoint = try await http.send(
                "POST", "/v1/trips/\(bosTrip)/pins", json: ["description": "Nowhere", "title": "?", "visitedAt": "2031-05-03T20:30:00.000Z"],
                token: bo)
            #expect(noPoint.status == 400 && noPoint.problemFields == ["point"], "\(noPoint.text)")
            let moved = try await http.send("PATCH", "/v1/trips/\(trip)/pins/\(pinID)", json: ["placeId": ""], token: ana)
            let movedPin = try moved.json()
            #expect(moved.status == 200 && movedPin["placeId"] == nil && movedPin["title"] as? String == "Joana's flat")
            #expect(try await http.send("PATCH", "/v1/trips/\(trip)/pins/\(pinID)", json: ["placeId": place], token: ana).status == 200)
            #expect(try await http.send("PUT", "/v1/places/\(place)/rating", json: ["stars": 5], token: bo).status == 404)
            #expect(try await http.send("DELETE", "/v1/places/\(place)", token: bo).status == 404)

            // Checked at the edge.
            for (body, field) in [
                (["point": ["latitude": 1, "longitude": 1]], "name"),
                (["name": String(repeating: "x", count: 201), "point": ["latitude": 1, "longitude": 1]], "name"),
                (["name": "Bench", "point": ["latitude": 91, "longitude": 1]], "point"),
                (["name": "Bench", "point": ["latitude": 1, "longitude": 1], "category": "castle"], "category"),
                (["name": "Bench"], "point"),
                (["name": "Ben\u{0}ch", "point": ["latitude": 1, "longitude": 1]], "name"),
                (["name": "Bench", "point": ["latitude": 1, "longitude": 1], "address": "Rua\u{0}1"], "address"),
            ] as [([String: Any], String)] {
                let refused = try await http.send("POST", "/v1/places", json: body, token: ana)
                #expect(
                    refused.status == 400 && refused.problemFields.contains { $0 == field || $0.hasPrefix("\(field).") },
                    "\(body): \(refused.status) \(refused.text)")
            }

            #expect(try await http.send("DELETE", "/v1/places/\(place)", token: ana).status == 204)
            #expect(try await http.send("GET", "/v1/places/\(place)", token: ana).status == 404)
            let saved = try await http.send("GET", "/v1/trips/\(trip)/saved-places", token: ana).json()
            #expect((saved["saved"] as? [Any])?.isEmpty == true, "its save went with it: \(saved)")
            // The pin outlives the place, where it was.
            let kept = try await http.send("GET", "/v1/trips/\(trip)/pins/\(pinID)", token: ana)
            let keptPin = try kept.json()
            #expect(kept.status == 200 && keptPin["placeId"] == nil && keptPin["title"] as? String == "Joana's flat")
        }
    }
}
