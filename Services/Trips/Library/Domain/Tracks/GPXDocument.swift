import Foundation

/// A track as GPX 1.1 (https://www.topografix.com/GPX/1/1/): one `trk`, one `trkseg` per segment, a
/// time on every point. Written by hand: it is a few elements, and Foundation's XML writer is not on
/// Linux's Foundation without FoundationXML and libxml2.
public struct GPXDocument: Sendable {
    public let name: String
    public let track: Track

    public var text: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Roam" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>\(Self.escaped(name))</name>

            """
        for segment in track.segments {
            text += "    <trkseg>\n"
            for point in segment {
                text += "      <trkpt lat=\"\(Self.degrees(point.point.latitude))\" lon=\"\(Self.degrees(point.point.longitude))\">"
                text += "<time>\(Self.time(point.at))</time></trkpt>\n"
            }
            text += "    </trkseg>\n"
        }
        text += "  </trk>\n</gpx>\n"
        return text
    }

    static func degrees(_ value: Double) -> String {
        String(format: "%.7f", value)
    }

    static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
