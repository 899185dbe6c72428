import Foundation
import RoamCore

/// Douglas–Peucker on Web Mercator with the tolerance scaled to metres at the segment's latitude, as
/// `PostgresTripStore` asks PostGIS to do it (`ST_Simplify` on `ST_Transform(…, 3857)`), for the
/// in-memory store. The first and last points of a segment always stay.
public enum TrackSimplifier {
    public static func simplified(_ points: [TrackPoint], toleranceMeters: Double) -> [TrackPoint] {
        guard points.count > 2, toleranceMeters > 0, let first = points.first else { return points }
        let scale = 1 / cos(first.point.latitude * .pi / 180)
        let projected = points.map(mercator)
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (start, end) = stack.popLast() {
            guard end > start + 1 else { continue }
            var farthest = start, distance = -1.0
            for index in (start + 1)..<end {
                let d = Self.distance(projected[index], from: projected[start], to: projected[end])
                if d > distance { (farthest, distance) = (index, d) }
            }
            if distance > toleranceMeters * scale {
                keep[farthest] = true
                stack.append((start, farthest))
                stack.append((farthest, end))
            }
        }
        return zip(points, keep).filter(\.1).map(\.0)
    }

    /// EPSG:3857 metres.
    static func mercator(_ point: TrackPoint) -> (x: Double, y: Double) {
        let radius = 6_378_137.0
        let latitude = max(-85.06, min(85.06, point.point.latitude)) * .pi / 180
        return (radius * point.point.longitude * .pi / 180, radius * log(tan(.pi / 4 + latitude / 2)))
    }

    /// From `point` to the segment `a`–`b`.
    static func distance(_ point: (x: Double, y: Double), from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = dx * dx + dy * dy
        guard length > 0 else { return hypot(point.x - a.x, point.y - a.y) }
        let t = max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length))
        return hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy))
    }
}
