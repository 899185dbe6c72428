import Foundation
import RoamLocal

/// A file of this checkout (`scripts/…`), found by walking up from this source file.
public enum CheckoutFile {
    public static func path(_ relative: String) throws -> String {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw LocalError("\(relative) is not found above \(#filePath)")
    }
}
