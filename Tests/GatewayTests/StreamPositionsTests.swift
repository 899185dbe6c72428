import Foundation
import Testing

@testable import Gateway

/// The notification stream's `Last-Event-ID`: each replaying part's position, read back as written.
@Suite struct StreamPositionsTests {
    let opened = Date(timeIntervalSince1970: 1_800_000_000)
    let key = "01a21aeb-7bf0-755a-bf00-000000000001"

    @Test func anIDCarriesEveryPartsPositionAndIsReadBack() {
        let positions = StreamPositions(parts: ["trips", "budget"], lastEventID: nil, opened: opened)
        let id = positions.passed("budget", at: opened.addingTimeInterval(-1), key: key)
        #expect(id == "trips=1800000000000000;budget=1800000000000000", "an older alert does not move budget back")
        let newer = positions.passed("budget", at: opened.addingTimeInterval(0.000001), key: key)
        #expect(newer == "trips=1800000000000000;budget=1800000000000001.\(key)")
        let resumed = StreamPositions(parts: ["trips", "budget"], lastEventID: newer, opened: opened.addingTimeInterval(60))
        #expect(resumed.position(of: "budget") == .init(micros: 1_800_000_000_000_001, key: key))
        #expect(resumed.position(of: "trips") == .init(micros: 1_800_000_000_000_000))
    }

    @Test func anOlderIDInMillisecondsPlacesEveryPart() {
        let positions = StreamPositions(parts: ["trips", "budget"], lastEventID: "1799999999123", opened: opened)
        #expect(positions.position(of: "trips") == .init(micros: 1_799_999_999_123_000))
        #expect(positions.position(of: "budget") == .init(micros: 1_799_999_999_123_000))
    }

    @Test func anIDThatIsNotOursStartsFromWhenTheStreamOpened() {
        for id in [
            "-9223372036854775807", "\(Int64.min)", "trips=-5", "trips=9999999999999999999", "trips=1799999999000000.not-an-id", "x", "trips=",
            "\(Int64.max)", "trips=1900000000000000",
        ] {
            let positions = StreamPositions(parts: ["trips"], lastEventID: id, opened: opened)
            #expect(positions.position(of: "trips") == .init(micros: 1_800_000_000_000_000), "\(id)")
        }
    }
}
