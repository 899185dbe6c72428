import Foundation
import Synchronization

/// Prints whole lines from many processes without interleaving them, each after its process's name.
final class Console: Sendable {
    private let lock = Mutex(())
    private let width: Int

    init(names: [String]) {
        width = names.map(\.count).max() ?? 4
    }

    func line(from name: String, _ text: String) {
        let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
        write("\(padded) | \(text)\n")
    }

    func say(_ text: String) {
        write("roam: \(text)\n")
    }

    private func write(_ text: String) {
        lock.withLock { _ in FileHandle.standardOutput.write(Data(text.utf8)) }
    }
}
