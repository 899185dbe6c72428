import Foundation
import GRPCCore

extension Metadata {
    /// Adds one received header field; `-bin` values are base64, padded or not.
    mutating func addHeaderField(name: String, value: String) {
        if name.hasSuffix("-bin") {
            let padded = value + String(repeating: "=", count: (4 - value.utf8.count % 4) % 4)
            if let bytes = Data(base64Encoded: padded) {
                addBinary(Array(bytes), forKey: name)
                return
            }
        }
        addString(value, forKey: name)
    }

    /// Adds the metadata's entries to a header block, binary values base64.
    func appendHeaderFields(to list: inout HeaderList) {
        for (key, value) in self {
            switch value {
            case .string(let string): list.add(key, string)
            case .binary(let bytes): list.add(key, Data(bytes).base64EncodedString())
            }
        }
    }
}
