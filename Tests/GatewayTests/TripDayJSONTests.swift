import Foundation
import RoamAPI
import Testing

@testable import Gateway

/// The day page's JSON is written by hand (`TripDay.json()`): it must read back, through the generated
/// types, as the page it was written from, and say what the generated encoder says.
@Suite struct TripDayJSONTests {
    /// A day with every member the page can carry, optional ones both present and absent, and text that
    /// needs escaping.
    static let day = #"""
        {"tripId": "0191d6a0-0000-7000-8000-000000000001", "date": "2025-06-12", "when": "past",
         "parts": {"photos": {"status": "ok"}, "budget": {"status": "unavailable", "reason": "budget is down"}},
         "photos": [
           {"mediaId": "0191d6a0-0000-7000-8000-0000000000a1", "kind": "jpeg", "capturedAt": "2025-06-12T08:00:00Z", "utcOffsetSeconds": 3600,
            "position": {"latitude": 38.7118, "longitude": -9.13}, "width": 4000, "height": 3000,
            "thumbnail": "/v1/media/0191d6a0-0000-7000-8000-0000000000a1/content?variant=thumbnail&expires=1&signature=a_b-c",
            "expiresAt": "2025-06-12T09:00:00Z"},
           {"mediaId": "0191d6a0-0000-7000-8000-0000000000a2", "kind": "mov", "expiresAt": "2025-06-12T09:00:00Z"}],
         "journalEntries": [
           {"id": "0191d6a0-0000-7000-8000-0000000000b1", "tripId": "0191d6a0-0000-7000-8000-000000000001", "title": "\"Tiles\" \\ and\ttarts",
            "body": "Line one\nline two \u0001 — 東京 🚋", "date": "2025-06-12", "mediaIds": ["0191d6a0-0000-7000-8000-0000000000a1"],
            "media": [{"mediaId": "0191d6a0-0000-7000-8000-0000000000a1", "original": "/o", "preview": "/p", "thumbnail": "/t",
                       "expiresAt": "2025-06-12T09:00:00Z"}],
            "cover": {"mediaId": "0191d6a0-0000-7000-8000-0000000000a1", "original": "/o", "expiresAt": "2025-06-12T09:00:00Z"},
            "locationTags": [{"text": "Alfama"}, {"pinId": "0191d6a0-0000-7000-8000-0000000000c1", "title": "Miradouro"}],
            "prompt": "What did you eat?", "promptId": "food", "createdAt": "2025-06-12T20:00:00Z"},
           {"id": "0191d6a0-0000-7000-8000-0000000000b2", "tripId": "0191d6a0-0000-7000-8000-000000000001", "title": "", "body": "",
            "date": "2025-06-12", "mediaIds": [], "media": [], "locationTags": [], "createdAt": "2025-06-12T21:00:00Z"}],
         "pins": [
           {"id": "0191d6a0-0000-7000-8000-0000000000c1", "tripId": "0191d6a0-0000-7000-8000-000000000001", "title": "Miradouro",
            "description": "A view", "point": {"latitude": 38.7, "longitude": -9.2}, "visitedAt": "2025-06-12T10:00:00Z", "date": "2025-06-12",
            "tags": ["view", "sunset"], "source": "user", "coverChosen": false, "createdAt": "2025-06-12T10:05:00Z",
            "cover": {"mediaId": "0191d6a0-0000-7000-8000-0000000000a1", "original": "/o", "thumbnail": "/t", "expiresAt": "2025-06-12T09:00:00Z"}},
           {"id": "0191d6a0-0000-7000-8000-0000000000c2", "tripId": "0191d6a0-0000-7000-8000-000000000001", "title": "Tram", "description": "",
            "point": {"latitude": -33.5, "longitude": 151.25}, "visitedAt": "2025-06-12T11:00:00Z", "date": "2025-06-12", "tags": [],
            "source": "user", "coverChosen": true, "createdAt": "2025-06-12T11:05:00Z", "placeId": "0191d6a0-0000-7000-8000-0000000000d1"}],
         "nextPageTokens": {"photos": "next-photos"},
         "route": {"type": "FeatureCollection", "date": "2025-06-12", "source": "pins", "features": [
           {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[-9.2, 38.7], [151.25, -33.5]]}, "properties": {"kind": "route"}},
           {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.2, 38.7]},
            "properties": {"kind": "pin", "pinId": "0191d6a0-0000-7000-8000-0000000000c1", "title": "Miradouro", "at": "2025-06-12T10:00:00Z"}},
           {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[-9.2, 38.7], [-9.21, 38.71]], [[1e-05, 0.5]]]},
            "properties": {"kind": "track"}}]},
         "track": {"date": "2025-06-12", "segments": [], "distanceMeters": 1234.5, "recordedPoints": 0},
         "itinerary": [{"id": "0191d6a0-0000-7000-8000-0000000000d1", "tripId": "0191d6a0-0000-7000-8000-000000000001",
                        "placeId": "0191d6a0-0000-7000-8000-0000000000e1", "date": "2025-06-12", "time": "20:00", "placeName": "Tasca",
                        "remindMinutesBefore": 60, "remindAt": "2025-06-12T18:00:00Z"}],
         "savedPlaces": [],
         "budget": {"currency": "EUR", "expenseCount": 2, "spent": {"amount": "56.10", "currency": "EUR"},
                    "allowance": {"planned": {"amount": "100.00", "currency": "EUR"}, "adaptive": {"amount": "98.50", "currency": "EUR"},
                                  "leftToday": {"amount": "42.40", "currency": "EUR"}},
                    "expenses": [
           {"id": "0191d6a0-0000-7000-8000-0000000000f1", "tripId": "0191d6a0-0000-7000-8000-000000000001",
            "amount": {"amount": "5200", "currency": "JPY"}, "spentAt": "2025-06-12T12:00:00Z", "date": "2025-06-12", "category": "food",
            "note": "Ramen \"extra\" \\ chāshū", "placeId": "0191d6a0-0000-7000-8000-0000000000e1", "pinId": "0191d6a0-0000-7000-8000-0000000000c1",
            "converted": {"amount": "32.10", "currency": "EUR"}, "rate": "0.0061731", "rateSource": "reference", "rateDate": "2025-06-11",
            "createdAt": "2025-06-12T12:01:00Z", "updatedAt": "2025-06-12T12:02:00Z"},
           {"id": "0191d6a0-0000-7000-8000-0000000000f2", "tripId": "0191d6a0-0000-7000-8000-000000000001",
            "amount": {"amount": "24.00", "currency": "EUR"}, "spentAt": "2025-06-12T18:30:00Z", "date": "2025-06-12", "category": "my own",
            "note": "", "converted": {"amount": "24.00", "currency": "EUR"}, "rate": "1", "rateSource": "same_currency",
            "createdAt": "2025-06-12T18:31:00Z", "updatedAt": "2025-06-12T18:31:00Z"}]}}
        """#

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try InternetDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }

    @Test func theHandWrittenPageReadsBackAsThePageAndSaysWhatTheEncoderSays() throws {
        let page = try Self.decoder.decode(Components.Schemas.TripDay.self, from: Data(Self.day.utf8))
        #expect(
            page.photos?.count == 2 && page.journalEntries?.count == 2 && page.pins?.count == 2 && page.route?.features.count == 3
                && page.budget?.expenses.count == 2 && page.budget?.allowance != nil, "the fixture is read whole")
        let written = Data(try page.json())
        #expect(try Self.decoder.decode(Components.Schemas.TripDay.self, from: written) == page)
        let byHand = try JSONSerialization.jsonObject(with: written) as? NSDictionary
        let byEncoder = try JSONSerialization.jsonObject(with: try Components.Schemas.TripDay.encoder.encode(page)) as? NSDictionary
        #expect(byHand != nil && byHand == byEncoder)
        #expect(String(decoding: written, as: UTF8.self).contains(#""title":"\"Tiles\" \\ and\ttarts""#))
    }

    /// The members of `values`' generated type that none of them holds: a member added to the contract
    /// fails here until the fixture carries it, and then the comparison above fails until the
    /// hand-written writer writes it.
    static func membersNeverSet<Value>(_ values: [Value]) -> Set<String> {
        var all: Set<String> = [], set: Set<String> = []
        for value in values {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                all.insert(label)
                let inner = Mirror(reflecting: child.value)
                if inner.displayStyle != .optional || !inner.children.isEmpty { set.insert(label) }
            }
        }
        return all.subtracting(set)
    }

    @Test func theFixtureSetsEveryMemberOfEveryTypeWrittenByHand() throws {
        let page = try Self.decoder.decode(Components.Schemas.TripDay.self, from: Data(Self.day.utf8))
        #expect(Self.membersNeverSet([page]).isEmpty, "TripDay: \(Self.membersNeverSet([page]))")
        #expect(Self.membersNeverSet(page.photos ?? []).isEmpty, "DayPhoto: \(Self.membersNeverSet(page.photos ?? []))")
        #expect(Self.membersNeverSet(page.journalEntries ?? []).isEmpty, "JournalEntry: \(Self.membersNeverSet(page.journalEntries ?? []))")
        #expect(Self.membersNeverSet(page.pins ?? []).isEmpty, "Pin: \(Self.membersNeverSet(page.pins ?? []))")
        #expect(Self.membersNeverSet(page.route.map { [$0] } ?? []).isEmpty, "DayRoute: \(Self.membersNeverSet(page.route.map { [$0] } ?? []))")
        #expect(Self.membersNeverSet(page.budget.map { [$0] } ?? []).isEmpty, "DayBudget: \(Self.membersNeverSet(page.budget.map { [$0] } ?? []))")
        let expenses = page.budget?.expenses ?? []
        #expect(Self.membersNeverSet(expenses).isEmpty, "Expense: \(Self.membersNeverSet(expenses))")
    }

    @Test func aPageWithOnlyItsRequiredMembersIsWrittenWithoutTheOthers() throws {
        let page = Components.Schemas.TripDay(tripId: "t", date: "2031-06-12", when: .future, parts: .init(additionalProperties: [:]))
        #expect(String(decoding: try page.json(), as: UTF8.self) == #"{"tripId":"t","date":"2031-06-12","when":"future","parts":{}}"#)
    }

    @Test func aNumberJSONCannotHoldIsRefused() {
        var text = JSONText(capacity: 16)
        #expect(throws: EncodingError.self) { try text.number(.nan) }
        #expect(throws: EncodingError.self) { try text.number(.infinity) }
    }
}
