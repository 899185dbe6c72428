import Foundation
import Testing

@testable import Media

/// The rules for what a file's EXIF says, on the text libvips reads.
@Suite struct ExifRulesTests {
    @Test func aTimeWithAnOffsetIsAnInstant() throws {
        let time = try #require(CaptureTime(exifDateTime: "2024:05:01 12:34:56", offset: "+02:00"))
        #expect(time.date == ISO8601DateFormatter().date(from: "2024-05-01T10:34:56Z"))
        #expect(time.utcOffsetSeconds == 7_200 && !time.isLocal)
        let west = try #require(CaptureTime(exifDateTime: "2024:12:31 23:30:00", offset: "-05:30"))
        #expect(west.date == ISO8601DateFormatter().date(from: "2025-01-01T05:00:00Z"))
    }

    @Test func aTimeWithoutAnOffsetStaysLocal() throws {
        let time = try #require(CaptureTime(exifDateTime: "2024:05:01 12:34:56", offset: nil))
        #expect(time.isLocal)
        #expect(time.date == ISO8601DateFormatter().date(from: "2024-05-01T12:34:56Z"))
        #expect(try #require(CaptureTime(exifDateTime: "2024:05:01 12:34:56", offset: "garbage")).isLocal)
    }

    @Test func clocksThatWereNeverSetGiveNoTime() {
        for text in ["0000:00:00 00:00:00", "2024:13:01 00:00:00", "2024:02:30 10:00:00", "2024:05:01", "", "yesterday"] {
            #expect(CaptureTime(exifDateTime: text, offset: nil) == nil, "\(text)")
        }
    }

    @Test func gpsRationalsBecomeSignedDegrees() throws {
        let north = ExifFields([
            "exif-ifd3-GPSLatitude": "59/1 19/1 5832/100", "exif-ifd3-GPSLatitudeRef": "N",
            "exif-ifd3-GPSLongitude": "18/1 4/1 0/1", "exif-ifd3-GPSLongitudeRef": "E",
        ])
        let position = try #require(north.position)
        #expect(abs(position.latitude - 59.332_866_7) < 1e-6 && abs(position.longitude - 18.066_666_7) < 1e-6)
        let south = ExifFields([
            "exif-ifd3-GPSLatitude": "33/1 51/1 0/1", "exif-ifd3-GPSLatitudeRef": "S",
            "exif-ifd3-GPSLongitude": "151/1 12/1 0/1", "exif-ifd3-GPSLongitudeRef": "W",
        ])
        #expect(try #require(south.position).latitude < 0 && (try #require(south.position)).longitude < 0)
        #expect(
            ExifFields([
                "exif-ifd3-GPSLatitude": "59/0 19/1 0/1", "exif-ifd3-GPSLatitudeRef": "N",
                "exif-ifd3-GPSLongitude": "18/1 4/1 0/1",
            ]).position == nil)
        #expect(ExifFields(["exif-ifd3-GPSLatitude": "59/1 19/1 0/1"]).position == nil)
    }

    @Test func libvipsTextIsReadAsTheValueAlone() {
        #expect(
            ExifFields.value(ofLibvipsText: "2024:05:01 12:34:56 (2024:05:01 12:34:56, ASCII, 20 components, 20 bytes)")
                == "2024:05:01 12:34:56")
        #expect(ExifFields.value(ofLibvipsText: "59/1 19/1 5832/100 (59, 19, 58.32, Rational, 3 components, 24 bytes)") == "59/1 19/1 5832/100")
        #expect(ExifFields.value(ofLibvipsText: "plain") == "plain")
        #expect(ExifFields(["exif-ifd0-Make": "  \u{0}"]).cameraMake == nil)
    }
}
