import Foundation

extension Takedown {
    /// Takes down (`takedown`) or restores (nil) what `read` finds, the one rule for every kind: the first
    /// takedown stays, restoring what is up changes nothing, and what is not there is `notFound`.
    public static func switching<Item: Sendable>(
        to takedown: Takedown?, read: () async throws -> Item?, current: (Item) -> Takedown?,
        write: (Takedown?) async throws -> Item?, notFound: RoamError
    ) async throws -> Item {
        guard let item = try await read() else { throw notFound }
        // Down and asked to go down, or up and asked to come back: nothing to do.
        guard (current(item) == nil) == (takedown != nil) else { return item }
        guard let changed = try await write(takedown) else { throw notFound }
        return changed
    }
}
