import Foundation

/// When a photo was taken. With a UTC offset (EXIF `OffsetTimeOriginal`, or a time the client sent) it is
/// an instant. Without one it is the camera's wall-clock reading, kept as is and marked local: the trip's
/// time zone decides which day it belongs to.
public struct CaptureTime: Sendable, Hashable {
    /// The instant; for a local time, the wall-clock reading as if it were UTC.
    public var date: Date
    /// Seconds east of UTC; nil for a local time.
    public var utcOffsetSeconds: Int?

    public var isLocal: Bool { utcOffsetSeconds == nil }

    public init(date: Date, utcOffsetSeconds: Int?) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// From EXIF's `2024:05:01 12:34:56` and, when present, `+02:00`. Nil for a reading that is not a
    /// real time (cameras write `0000:00:00 00:00:00` when their clock was never set).
    public init?(exifDateTime: String, offset: String?) {
        let parts = exifDateTime.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == ":" || $0 == " " })
        let numbers = parts.compactMap { Int($0) }
        guard parts.count == 6, numbers.count == 6,
            (1900...9999).contains(numbers[0]), (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
            (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2],
            hour: numbers[3], minute: numbers[4], second: numbers[5])
        guard let wallClock = calendar.date(from: components),
            calendar.component(.day, from: wallClock) == numbers[2]
        else { return nil }
        let offsetSeconds = offset.flatMap(Self.offsetSeconds)
        self.init(date: wallClock.addingTimeInterval(-Double(offsetSeconds ?? 0)), utcOffsetSeconds: offsetSeconds)
    }

    /// `+02:00`, `-05:30`, `+0200` → seconds east of UTC.
    static func offsetSeconds(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
            hours <= 14, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
