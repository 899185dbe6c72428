import Foundation
@testable import Gateway
import OpenAPIRuntime
import RoamRuntime
import Testing

/// The gateway's hand-written date format and base64url agree with Foundation's on every input tried.
@Suite struct InternetDateTranscoderTests {
    @Test func datesAreWrittenAsTheRuntimesISO8601TranscoderWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let fixed: [TimeInterval] = [0, 951_782_400.999, 1_709_164_800, 1_795_474_392.790, 4_102_444_799.5, 253_402_300_799]
        let random = (0..<2_000).map { _ in TimeInterval(Int.random(in: 0...4_102_444_800, using: &generator)) + Double.random(in: 0..<1) }
        for seconds in fixed + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try InternetDateTranscoder().encode(date) == ISO8601DateTranscoder.iso8601.encode(date), "\(seconds)")
        }
        #expect(try InternetDateTranscoder().decode("2026-07-14T09:30:00Z") == Date(timeIntervalSince1970: 1_784_021_400))
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
