import Foundation
import RoamProto
import SwiftProtobuf

/// Every message and enum of proto/ (and what it imports) by full name with a leading dot, as fields
/// name their types (`.roam.budget.v1.ExpenseFields`), from protoc's descriptors (`RoamProtoDescriptors`).
struct ProtoCatalog {
    var messages: [String: Google_Protobuf_DescriptorProto] = [:]
    var enums: [String: Google_Protobuf_EnumDescriptorProto] = [:]

    static let roam = ProtoCatalog(descriptorSet: RoamProtoDescriptors.fileDescriptorSet)

    init(descriptorSet: String) {
        let bytes = Data(base64Encoded: descriptorSet, options: .ignoreUnknownCharacters) ?? Data()
        let set = (try? Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)) ?? .init()
        for file in set.file {
            let scope = file.package.isEmpty ? "" : ".\(file.package)"
            for message in file.messageType { declare(message, in: scope) }
            for type in file.enumType { enums["\(scope).\(type.name)"] = type }
        }
    }

    private mutating func declare(_ message: Google_Protobuf_DescriptorProto, in scope: String) {
        let name = "\(scope).\(message.name)"
        messages[name] = message
        for nested in message.nestedType { declare(nested, in: name) }
        for type in message.enumType { enums["\(name).\(type.name)"] = type }
    }

    /// Whether `typeName` is a map's entry: a map field is a list of them in the descriptors.
    func isMapEntry(_ typeName: String) -> Bool {
        messages[typeName]?.options.mapEntry ?? false
    }
}
