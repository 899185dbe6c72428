import Foundation
import RoamCore
import Testing

@testable import Trips

/// GPX files as apps and devices write them: namespaces, offsets and fractions in times, several
/// tracks; and files that are not a walk, refused by what is wrong.
@Suite struct GPXReaderTests {
    @Test func aDevicesFileIsReadWithItsTimesWaypointsAndName() throws {
        let file = """
            <?xml version="1.0"?>
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" version="1.1" creator="Watch">
              <gpx:wpt lat="38.71" lon="-9.13"><gpx:name>Fountain</gpx:name><gpx:cmt>cold water</gpx:cmt></gpx:wpt>
              <gpx:trk><gpx:name><![CDATA[Morning & more]]></gpx:name>
                <gpx:trkseg>
                  <gpx:trkpt lat="38.7100" lon="-9.1300"><gpx:ele>12</gpx:ele><gpx:time>2026-06-12T10:00:00+02:00</gpx:time></gpx:trkpt>
                  <gpx:trkpt lat="38.7101" lon="-9.1301"><gpx:time>2026-06-12T08:00:01.5Z</gpx:time></gpx:trkpt>
                </gpx:trkseg>
              </gpx:trk>
              <gpx:trk><gpx:trkseg><gpx:trkpt lat="38.7102" lon="-9.1302"><gpx:time>2026-06-12T08:00:03</gpx:time></gpx:trkpt></gpx:trkseg></gpx:trk>
            </gpx:gpx>
            """
        let walk = try GPXReader.read(Data(file.utf8))
        #expect(walk.name == "Morning & more")
        #expect(
            walk.points.map(\.at) == [
                TripFixtures.utc("2026-06-12T08:00:00Z"), TripFixtures.utc("2026-06-12T08:00:00Z").addingTimeInterval(1.5),
                TripFixtures.utc("2026-06-12T08:00:03Z"),
            ])
        #expect(walk.points.map(\.point.latitude) == [38.71, 38.7101, 38.7102])
        #expect(walk.waypoints.count == 1 && walk.waypoints[0].name == "Fountain" && walk.waypoints[0].note == "cold water")
    }

    @Test func timesAreReadAsXMLSchemaWritesThem() {
        let noon = TripFixtures.utc("2028-02-29T12:00:00Z")
        #expect(GPXReader.date("2028-02-29T12:00:00Z") == noon)
        #expect(GPXReader.date("2028-02-29T12:00:00") == noon, "UTC without a zone")
        #expect(GPXReader.date("2028-02-29T14:30:00+02:30") == noon)
        #expect(GPXReader.date("2028-02-29T07:00:00-0500") == noon)
        #expect(GPXReader.date("2028-02-29T12:00:00.000250Z") == noon.addingTimeInterval(0.00025))
        #expect(GPXReader.date("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        for wrong in ["2028-13-01T00:00:00Z", "2028-02-29 12:00:00Z", "12:00:00Z", "2028-02-29", "yesterday", ""] {
            #expect(GPXReader.date(wrong) == nil, "\(wrong)")
        }
    }

    @Test func filesThatAreNotAWalkAreRefusedSayingWhy() throws {
        func refusal(_ text: String) -> [String] {
            do {
                _ = try GPXReader.read(Data(text.utf8))
                return []
            } catch {
                return error.violations.map { "\($0.field): \($0.description)" }
            }
        }
        #expect(refusal("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">").first?.hasPrefix("gpx: is not well-formed GPX") == true)
        #expect(refusal("<kml/>") == ["gpx: must be a GPX document (a gpx element)"])
        #expect(
            refusal("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>")
                == ["gpx.trkpt[0].time: is required: a walk's points need their times"])
        #expect(
            refusal("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt><trkpt lon=\"2\"/></trkseg></trk></gpx>")
                == ["gpx.trkpt[0].time: must be a date and time such as 2030-01-31T18:00:00Z", "gpx.trkpt[1]: needs lat and lon"])
        #expect(refusal("<gpx><wpt lat=\"95\" lon=\"2\"/></gpx>") == ["gpx.wpt[0].latitude: must be between -90 and 90"])
        // An entity that would read a file of the server's is never expanded.
        let entity =
            "<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]><gpx><metadata><name>&secret;</name></metadata></gpx>"
        #expect((try? GPXReader.read(Data(entity.utf8)).name.contains("root")) != true)
    }

    /// A file of many bad points is refused after the first twenty problems, without reading the rest:
    /// 170,000 points without times once kept trips busy past the gateway's five seconds.
    @Test func aFileOfManyBadPointsIsRefusedAfterTwentyProblems() throws {
        let points = String(repeating: "<trkpt lat=\"1\" lon=\"1\"/>", count: 170_000)
        let refused = #expect(throws: RoamError.self) {
            _ = try GPXReader.read(Data("<gpx><trk><trkseg>\(points)</trkseg></trk></gpx>".utf8))
        }
        #expect(refused?.violations.count == GPXReader.maxViolations)
        #expect(refused?.violations.first?.field == "gpx.trkpt[0].time" && refused?.violations.last?.field == "gpx.trkpt[19].time")
    }
}
