import Foundation
import RoamCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a GPX 1.1 file (https://www.topografix.com/GPX/1/1/) as a walk: the track points of every
/// `trk` in order (each needs a `time`), the `wpt` waypoints with their names and descriptions, and the
/// file's or first track's name. Route points (`rte`) carry no times and are not a walk; they are
/// ignored. Parsed with Foundation's `XMLParser` (libxml2), which refuses malformed XML.
public final class GPXReader: NSObject, XMLParserDelegate {
    private var name = ""
    private var summary = ""
    private var points: [TrackPoint] = []
    private var waypoints: [(point: GeoPoint, name: String, note: String)] = []
    private var path: [Substring] = []
    private var text = ""
    private var pending: (latitude: Double?, longitude: Double?, time: Date?, name: String, note: String)?
    private var violations = Validation()
    /// Whether the current track point's time was already refused as malformed.
    private var pendingTimeRefused = false
    private var trackPointIndex = 0

    /// Problems named before reading stops: enough to fix a file, and a file of a million bad points
    /// costs no more than this many (a check per problem over all of them once took seconds).
    public static let maxViolations = 20
    private var sawGPX = false

    /// The walk in `data`, or a refusal naming what is wrong (`gpx`, `gpx.trkpt[3].time`).
    public static func read(_ data: Data) throws(RoamError) -> ImportedWalk {
        let reader = GPXReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        // libxml2 may end a truncated file without an error: every element opened must have closed.
        let parsed = parser.parse() && reader.path.isEmpty
        // Stopped on purpose after enough problems: those are the answer.
        if reader.violations.violations.count >= maxViolations { try reader.violations.check() }
        guard parsed, reader.sawGPX else {
            let why = parser.parserError.map { " (\(($0 as NSError).localizedDescription))" } ?? ""
            throw RoamError.invalidField("gpx", !parsed ? "is not well-formed GPX\(why)" : "must be a GPX document (a gpx element)")
        }
        try reader.violations.check()
        return ImportedWalk(name: reader.name, description: reader.summary, points: reader.points, waypoints: reader.waypoints)
    }

    public func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let local = Self.localName(element)
        if path.isEmpty { sawGPX = local == "gpx" }
        path.append(local)
        text = ""
        if local == "trkpt" || local == "wpt" {
            pending = (Double(attributes["lat"] ?? ""), Double(attributes["lon"] ?? ""), nil, "", "")
        }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    public func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    public func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        let local = Self.localName(element)
        // Trimmed only where the text is used: most elements (ele, trkpt) need none.
        var value: Substring { Self.trimmed(text) }
        let parent = path.dropLast().last
        switch (local, parent) {
        case ("time", "trkpt"?):
            pending?.time = Self.date(value)
            if pending?.time == nil {
                pendingTimeRefused = true
                violations.fail("gpx.trkpt[\(trackPointIndex)].time", "must be a date and time such as 2030-01-31T18:00:00Z")
            }
        case ("name", "wpt"?):
            pending?.name = String(value)
        case ("desc", "wpt"?), ("cmt", "wpt"?):
            if pending?.note.isEmpty ?? false { pending?.note = String(value) }
        case ("name", "metadata"?), ("name", "gpx"?):
            name = String(value)
        case ("name", "trk"?):
            if name.isEmpty { name = String(value) }
        case ("desc", "metadata"?), ("desc", "trk"?):
            if summary.isEmpty { summary = String(value) }
        case ("trkpt", _):
            if let point = position("gpx.trkpt[\(trackPointIndex)]") {
                if let time = pending?.time {
                    points.append(TrackPoint(at: time, point: point, accuracyMeters: nil))
                } else if !pendingTimeRefused {
                    violations.fail("gpx.trkpt[\(trackPointIndex)].time", "is required: a walk's points need their times")
                }
            }
            trackPointIndex += 1
            pending = nil
            pendingTimeRefused = false
        case ("wpt", _):
            if let point = position("gpx.wpt[\(waypoints.count)]") { waypoints.append((point, pending?.name ?? "", pending?.note ?? "")) }
            pending = nil
        default:
            break
        }
        path.removeLast()
        text = ""
        if violations.violations.count >= Self.maxViolations { parser.abortParsing() }
    }

    private func position(_ field: String) -> GeoPoint? {
        guard let latitude = pending?.latitude, let longitude = pending?.longitude else {
            violations.fail(field, "needs lat and lon")
            return nil
        }
        let point = GeoPoint(latitude: latitude, longitude: longitude)
        point.validate(field, into: &violations)
        return point
    }

    private static func localName(_ element: String) -> Substring {
        element.lastIndex(of: ":").map { element[element.index(after: $0)...] } ?? element[...]
    }

    /// XML's white space (space, tab, line feeds) off both ends.
    private static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }

    /// An XML Schema dateTime: `2030-01-31T18:00:00Z`, with any fraction of a second and a `Z` or an
    /// offset (UTC when neither, as GPX says times are).
    public static func date(_ text: some StringProtocol) -> Date? {
        RFC3339.date(text, zonelessIsUTC: true)
    }
}
