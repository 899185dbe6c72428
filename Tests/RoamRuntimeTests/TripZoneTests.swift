import Foundation
import RoamRuntime
import Testing

@Suite struct TripZoneTests {
    @Test func everyIANANameIsAcceptedAsSentLinksIncluded() {
        for name in [
            "Asia/Kolkata", "Asia/Calcutta", "Etc/UTC", "UTC", "Etc/GMT+2", "Asia/Saigon", "Asia/Ho_Chi_Minh", "Europe/Kyiv",
            "America/Argentina/Buenos_Aires", "US/Pacific", "Pacific/Kanton", "EST5EDT", "Japan",
        ] {
            #expect(TripZone(name)?.identifier == name, "\(name)")
        }
        #expect(TripZone("Asia/Kolkata")?.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 19_800)
    }

    @Test func offsetsAbbreviationsAndUnknownNamesAreRefused() {
        for name in [
            "GMT+2", "UTC+2", "GMT+02:00", "+0200", "PST", "Z", "Mars/Olympus", "europe/lisbon", "Europe/Lisbon ", "../etc/passwd",
            "Asia/Kolkata/x", "", "/",
        ] {
            #expect(TripZone(name) == nil, "\(name)")
        }
    }
}
