import Foundation
import Synchronization

/// Where each part of a notification stream that replays (trips' reminders, budget's alerts) has got
/// to: its last reminder or alert passed on, or else where the stream began. It moves only when one
/// goes out (a part replays what was missed after saying it listens), so a part followed again after a
/// drop is asked for exactly what it had not passed on yet. Every
/// reminder and alert goes out with all of them as its SSE `id` (`trips=<µs>.<id>;budget=<µs>.<id>`),
/// so a client reconnecting with `Last-Event-ID` is sent what each part sent since: nothing twice,
/// nothing lost among several sent at one instant.
final class StreamPositions: Sendable {
    /// Everything up to `micros` has gone out; at `micros` itself, what sorts up to `key` (all of it without one).
    struct Position: Sendable, Equatable {
        var micros: Int64
        var key: String?

        var instant: Date { Date(timeIntervalSince1970: Double(micros) / 1_000_000) }

        func isBefore(_ other: Position) -> Bool { (micros, key ?? "~") < (other.micros, other.key ?? "~") }
    }

    private let state: Mutex<[String: Position]>
    private let parts: [String]

    /// Each part from where `lastEventID` left it: an id of ours (an older one, milliseconds for every
    /// part, too), else `opened`. A position after `opened` is not ours and is ignored.
    init(parts: [String], lastEventID: String?, opened: Date) {
        let now = Position(micros: opened.microsecondsSince1970)
        let said = lastEventID.map(Self.positions) ?? [:]
        self.parts = parts
        state = Mutex(
            Dictionary(
                uniqueKeysWithValues: parts.map { part in
                    let position = said[part] ?? said["*"]
                    return (part, position.flatMap { $0.micros >= 0 && !now.isBefore($0) ? $0 : nil } ?? now)
                }))
    }

    func position(of part: String) -> Position? { state.withLock { $0[part] } }

    /// A reminder or alert of `part` sent at `time` went out: the SSE id to send with it.
    func passed(_ part: String, at time: Date, key: String?) -> String {
        advance(part, to: Position(micros: time.microsecondsSince1970, key: key))
        return state.withLock { positions in
            parts.compactMap { part in positions[part].map { "\(part)=\($0.micros)" + ($0.key.map { ".\($0)" } ?? "") } }.joined(separator: ";")
        }
    }

    private func advance(_ part: String, to position: Position) {
        state.withLock { positions in
            if let current = positions[part], !current.isBefore(position) { return }
            positions[part] = position
        }
    }

    /// `trips=<µs>.<key>;budget=<µs>` as positions by part; milliseconds alone (the older form) for every part (`*`).
    static func positions(in id: String) -> [String: Position] {
        // Within what microseconds can count, either way: a hostile number must not overflow.
        if let millis = Int64(id) {
            return (0..<Int64.max / 1_000).contains(millis) ? ["*": Position(micros: millis * 1_000)] : [:]
        }
        var found: [String: Position] = [:]
        for entry in id.split(separator: ";") {
            let pair = entry.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = pair[1].split(separator: ".", maxSplits: 1)
            guard let micros = value.first.flatMap({ Int64($0) }) else { continue }
            // A key is an id: anything else is not ours.
            let key = value.count == 2 ? String(value[1]) : nil
            guard key.map({ UUID(uuidString: $0) != nil }) ?? true else { continue }
            found[String(pair[0])] = Position(micros: micros, key: key?.lowercased())
        }
        return found
    }
}
