import Foundation
import RoamRuntime
import Testing

@testable import Gateway

/// The gateway's hand-written date format and base64url agree with Foundation's on every input tried.
@Suite struct InternetDateTranscoderTests {
    @Test func datesAreWrittenToTheMillisecondAsFoundationWritesThem() throws {
        let foundation = ISO8601DateFormatter()
        foundation.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        let fixed: [TimeInterval] = [0, 951_782_400.999, 1_709_164_800, 1_795_474_392.790, 4_102_444_799.5, 253_402_300_799]
        let random = (0..<2_000).map { _ in
            TimeInterval(Int.random(in: 0...4_102_444_800, using: &generator)) + Double(Int.random(in: 0..<1_000)) / 1_000
        }
        for seconds in fixed + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(InternetDateTranscoder.string(from: date) == foundation.string(from: date), "\(seconds)")
        }
        #expect(InternetDateTranscoder.string(from: Date(timeIntervalSince1970: 1_784_021_400)) == "2026-07-14T09:30:00.000Z")
        #expect(InternetDateTranscoder.string(from: Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
    }

    @Test func anyRFC3339TimeIsReadOnOneCalendarAndWrittenBackTheSame() throws {
        let transcoder = InternetDateTranscoder()
        #expect(try transcoder.decode("2026-07-14T09:30:00Z") == Date(timeIntervalSince1970: 1_784_021_400))
        #expect(try transcoder.decode("2026-07-14T11:30:00.123+02:00") == Date(timeIntervalSince1970: 1_784_021_400).addingTimeInterval(0.123))
        // Before 1582 too: what is sent comes back, as PostgreSQL keeps it.
        for text in ["1500-06-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2026-11-26T10:00:00.123Z"] {
            #expect(try transcoder.encode(transcoder.decode(text)) == text)
        }
        for wrong in ["0000-12-30T00:00:00Z", "2026-11-26", "2026-11-26T10:00:00", "10000-01-01T00:00:00Z"] {
            #expect(throws: DecodingError.self, "\(wrong)") { try transcoder.decode(wrong) }
        }
    }

    @Test func base64URLIsBase64WithItsTwoCharactersSwappedAndNoPadding() {
        for length in 0..<70 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255) })
            let expected = data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(data.base64URLEncodedString == expected)
            #expect(Data(base64URLEncoded: data.base64URLEncodedString) == data)
        }
    }
}
