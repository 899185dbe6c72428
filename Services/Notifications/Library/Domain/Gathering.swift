import RoamCore

/// How publications of one group gather in one unread notification ("Ada and 3 others liked your
/// story"): the newest actor first in `actorIds` (comma-separated, each once, at most `keptActors`),
/// `count` as the publisher says it (the likes there are now) or one more than before, and the rest of
/// the data as the newest publication has it.
public enum Gathering {
    public static let keptActors = 10

    /// The data of a notification gathering `publication` into one with `existing` data (nil: the first).
    public static func data(gathering publication: Publication, into existing: [String: String]?) -> [String: String] {
        var data = publication.data
        let before = existing?["actorIds"].map { $0.split(separator: ",").map(String.init) } ?? []
        var actors: [String] = []
        for actor in (publication.data["actorId"].map { [$0] } ?? []) + before where !actors.contains(actor) { actors.append(actor) }
        data["actorIds"] = actors.prefix(keptActors).joined(separator: ",")
        data["actorId"] = nil
        let previous = existing.flatMap { $0["count"] }.flatMap { Int($0) } ?? 0
        data["count"] = publication.data["count"] ?? String(previous + 1)
        return data
    }
}
