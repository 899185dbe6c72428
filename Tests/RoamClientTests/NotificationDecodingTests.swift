import Foundation
import Testing

@testable import RoamClient

/// The stream's notifications as an app decodes them: each kind into its own case, with its own
/// members; a kind this client does not know does not decode (the session skips it).
struct NotificationDecodingTests {
    static func decode(_ json: String) throws -> Components.Schemas.Notification {
        try RoamJSON.decode(Components.Schemas.Notification.self, from: Data(json.utf8))
    }

    @Test func eachKindDecodesIntoItsOwnCase() throws {
        let alert = try Self.decode(
            #"{"alertId":"0b7c6a54-5d1f-4f43-9f0a-1d2b3c4d5e6f","at":"2026-07-11T10:00:00.123Z","kind":"budget_alert","limit":"total","#
                + #""limitAmount":{"amount":"1000.00","currency":"EUR"},"percent":80,"#
                + #""spent":{"amount":"800.00","currency":"EUR"},"tripId":"4b7c6a54-5d1f-4f43-9f0a-1d2b3c4d5e6f"}"#)
        guard case .budgetAlert(let budget) = alert else { Issue.record("\(alert) is no budget alert"); return }
        #expect(budget.percent == 80 && budget.limit == .total && budget.spent.amount == "800.00")

        let admitted = try Self.decode(#"{"at":"2026-07-11T10:00:00Z","eventId":"1b7c6a54-5d1f-4f43-9f0a-1d2b3c4d5e6f","kind":"admitted"}"#)
        guard case .admitted(let event) = admitted else { Issue.record("\(admitted) is no admission"); return }
        #expect(event.eventId == "1b7c6a54-5d1f-4f43-9f0a-1d2b3c4d5e6f" && event.kind == .admitted)

        let reply = try Self.decode(
            #"{"at":"2026-07-11T10:00:00Z","commentId":"c","kind":"reply","notificationId":"n","parentId":"p","subjectId":"s","#
                + #""subjectKind":"post","text":"Yes!","userId":"u"}"#)
        guard case .reply(let comment) = reply else { Issue.record("\(reply) is no reply"); return }
        #expect(comment.parentId == "p" && comment.text == "Yes!")

        let reminder = try Self.decode(
            #"{"at":"2026-07-11T10:00:00Z","date":"2026-07-12","dueAt":"2026-07-11T10:00:00Z","kind":"trip_starting","title":"Lisbon","#
                + #""tripId":"t"}"#)
        guard case .tripStarting(let trip) = reminder else { Issue.record("\(reminder) is no trip reminder"); return }
        #expect(trip.title == "Lisbon" && trip.itemId == nil)
        #expect(try Self.decode(#"{"at":"2026-07-11T10:00:00Z","kind":"connected"}"#) == .connected(.init(at: trip.at, kind: .connected)))
    }

    @Test func anUnknownKindOrAKindWithoutItsMembersDoesNotDecode() {
        #expect(throws: (any Error).self) { try Self.decode(#"{"at":"2026-07-11T10:00:00Z","kind":"fireworks"}"#) }
        #expect(throws: (any Error).self, "a budget alert needs its amounts") {
            try Self.decode(#"{"at":"2026-07-11T10:00:00Z","kind":"budget_alert","alertId":"a"}"#)
        }
    }
}
