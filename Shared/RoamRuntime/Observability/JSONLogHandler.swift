import Foundation
import Logging

/// One JSON object per line, for log collectors (LOG_FORMAT=json).
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    /// Adds the current trace's ids when traces are on.
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String

    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var object: [String: String] = [
            "time": Date().formatted(.iso8601),
            "level": event.level.rawValue,
            "logger": label,
            "message": "\(event.message)",
        ]
        var lineMetadata = metadata
        if let provided = metadataProvider?.get() {
            lineMetadata.merge(provided, uniquingKeysWith: { $1 })
        }
        for (key, value) in lineMetadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            object[key] = "\(value)"
        }
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        line.append(0x0A)
        FileHandle.standardError.write(line)
    }
}
