import Foundation
import RoamCore
import Testing

@testable import Notifications

@Suite struct NotificationsServiceTests {
    let service = NotificationsService(store: InMemoryNotificationStore())

    static func field(of body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as RoamError {
            return error.violations.first?.field ?? error.reason
        } catch {
            return "\(error)"
        }
    }

    @Test func registrationsAreCheckedNamingTheField() async throws {
        let user = UUID()
        let apnsToken = String(repeating: "ab", count: 32)
        #expect(await Self.field { _ = try await service.register(DeviceRegistration(token: "short", platform: .apns), for: user) } == "device.token")
        #expect(
            await Self.field { _ = try await service.register(DeviceRegistration(token: "a b\n" + apnsToken, platform: .apns), for: user) }
                == "device.token")
        #expect(
            await Self.field {
                _ = try await service.register(DeviceRegistration(token: apnsToken, platform: .fcm, apnsEnvironment: .sandbox), for: user)
            } == "device.apns_environment")
        #expect(
            await Self.field { _ = try await service.register(DeviceRegistration(token: apnsToken, platform: .apns, topic: "com/evil"), for: user) }
                == "device.topic")
        #expect(
            await Self.field {
                _ = try await service.register(DeviceRegistration(token: apnsToken, platform: .apns, language: "english!"), for: user)
            }
                == "device.language")
        // An APNs device is on the production servers unless it says otherwise.
        let registered = try await service.register(DeviceRegistration(token: apnsToken, platform: .apns), for: user)
        #expect(registered.device.apnsEnvironment == .production && registered.created)
        let fcm = try await service.register(DeviceRegistration(token: "fcm:APA91b-x_y.z" + apnsToken, platform: .fcm), for: user)
        #expect(fcm.device.apnsEnvironment == nil)
    }

    @Test func deletingADeviceThatIsNotTheCallersIsNotFound() async throws {
        let token = String(repeating: "cd", count: 32)
        _ = try await service.register(DeviceRegistration(token: token, platform: .apns), for: UUID())
        #expect(await Self.field { try await service.unregister(token: token, for: UUID()) } == "NOT_FOUND")
    }

    @Test func settingsAreChecked() async throws {
        let user = UUID()
        let same = QuietHours(start: ClockTime(minuteOfDay: 60), end: ClockTime(minuteOfDay: 60))
        #expect(await Self.field { _ = try await service.update(SettingsChanges.fixture(quietHours: .some(same)), of: user) } == "quiet_hours.end")
        #expect(await Self.field { _ = try await service.update(SettingsChanges.fixture(timeZone: "GMT+2"), of: user) } == "time_zone")
        #expect(await Self.field { _ = try await service.update(SettingsChanges.fixture(mutedKinds: ["Budget Alert"]), of: user) } == "muted_kinds")
        #expect(throws: RoamError.self) { try ClockTime("24:00", field: "quiet_hours.start") }
        #expect(try ClockTime("07:05", field: "quiet_hours.start").text == "07:05")
        #expect(try await service.update(SettingsChanges.fixture(timeZone: "Asia/Calcutta"), of: user).timeZone == "Asia/Calcutta")
    }

    @Test func markingNothingOrTooMuchIsRefused() async throws {
        #expect(await Self.field { _ = try await service.markRead(.ids([]), for: UUID()) } == "ids")
        #expect(await Self.field { _ = try await service.markRead(.ids((0..<101).map { _ in UUID() }), for: UUID()) } == "ids")
    }

    @Test func publicationsAreCheckedAndFiledOncePerKey() async throws {
        let user = UUID()
        let bad = Publication(userID: user, kind: "Budget!", key: "k", at: Date())
        #expect(await Self.field { _ = try await service.publish([bad]) } == "publications[0].kind")
        let keyless = Publication(userID: user, kind: "budget_alert", key: "", at: Date())
        #expect(await Self.field { _ = try await service.publish([keyless]) } == "publications[0].key")
        let huge = Publication(userID: user, kind: "likes", key: "like:1", at: Date(), group: String(repeating: "g", count: 201))
        #expect(await Self.field { _ = try await service.publish([huge]) } == "publications[0].group")
        let good = Publication(userID: user, kind: "budget_alert", key: "budget_alert:1", data: ["percent": "80"], at: Date())
        let first = try await service.publish([good, good])
        #expect(first[0]?.id == first[1]?.id)
        #expect(try await service.inbox(of: user, unreadOnly: true, page: PageRequest()).unread == 1)
    }

    @Test func quietHoursSpanningMidnightEndAtTheirLocalEnd() throws {
        let stockholm = try #require(TripZone("Europe/Stockholm"))
        let quiet = QuietHours(start: ClockTime(minuteOfDay: 22 * 60), end: ClockTime(minuteOfDay: 7 * 60))
        func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }
        // 23:30 and 02:00 local (CET, UTC+1) are inside; they end at 07:00 local the next morning.
        #expect(quiet.end(around: try instant("2026-01-10T22:30:00Z"), in: stockholm) == (try instant("2026-01-11T06:00:00Z")))
        #expect(quiet.end(around: try instant("2026-01-11T01:00:00Z"), in: stockholm) == (try instant("2026-01-11T06:00:00Z")))
        #expect(quiet.end(around: try instant("2026-01-11T12:00:00Z"), in: stockholm) == nil)
        // The night the clocks go forward (29 March 2026) the end is still 07:00 on the clock, now UTC+2.
        #expect(quiet.end(around: try instant("2026-03-28T23:00:00Z"), in: stockholm) == (try instant("2026-03-29T05:00:00Z")))
        // Daytime quiet hours (a meeting block).
        let daytime = QuietHours(start: ClockTime(minuteOfDay: 9 * 60), end: ClockTime(minuteOfDay: 17 * 60))
        #expect(daytime.end(around: try instant("2026-01-12T09:00:00Z"), in: stockholm) == (try instant("2026-01-12T16:00:00Z")))
        #expect(daytime.end(around: try instant("2026-01-12T20:00:00Z"), in: stockholm) == nil)
    }
}
