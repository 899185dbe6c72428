import Foundation
import RoamCore

/// A walk as GPX 1.1: its points of interest as waypoints, then one track of one segment with a time
/// on every point. Written by hand, as `GPXDocument` is.
public struct WalkGPX: Sendable {
    public let walk: Walk
    public let points: [TrackPoint]

    public var text: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Roam" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>\(GPXDocument.escaped(walk.details.title))</name>\
            \(walk.details.description.isEmpty ? "" : "<desc>\(GPXDocument.escaped(walk.details.description))</desc>")</metadata>

            """
        for point in walk.pointsOfInterest {
            text += "  <wpt lat=\"\(GPXDocument.degrees(point.point.latitude))\" lon=\"\(GPXDocument.degrees(point.point.longitude))\">"
            text += "<name>\(GPXDocument.escaped(point.name))</name>"
            if !point.note.isEmpty { text += "<desc>\(GPXDocument.escaped(point.note))</desc>" }
            text += "</wpt>\n"
        }
        text += "  <trk>\n    <name>\(GPXDocument.escaped(walk.details.title))</name>\n    <trkseg>\n"
        for point in points.sorted(by: { $0.at < $1.at }) {
            text += "      <trkpt lat=\"\(GPXDocument.degrees(point.point.latitude))\" lon=\"\(GPXDocument.degrees(point.point.longitude))\">"
            text += "<time>\(Self.time(point.at))</time></trkpt>\n"
        }
        text += "    </trkseg>\n  </trk>\n</gpx>\n"
        return text
    }

    /// UTC to the microsecond (as the walk keeps its points), without a fraction on a whole second, so
    /// an import of the file gives the same times back.
    static func time(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (seconds, fraction) = (micros - ((micros % 1_000_000) + 1_000_000) % 1_000_000, ((micros % 1_000_000) + 1_000_000) % 1_000_000)
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds / 1_000_000)).formatted(Date.ISO8601FormatStyle())
        return fraction == 0 ? whole : String(whole.dropLast()) + String(format: ".%06lldZ", fraction)
    }
}
