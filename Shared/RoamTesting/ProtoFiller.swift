import Foundation
import SwiftProtobuf

/// Builds a message's proto JSON with every field set, for `ProtoFill.every(_:variant:values:)`.
struct ProtoFiller {
    let variant: Int
    let values: [String: any Sendable]
    let catalog = ProtoCatalog.roam

    /// What `ProtoFill.left` is: a field given it is left unset.
    static let left = "\u{1}left unset"

    /// Well-known types whose JSON is not an object of their fields.
    static let wellKnown: Set<String> = [
        ".google.protobuf.Timestamp", ".google.protobuf.Duration", ".google.protobuf.Empty", ".google.protobuf.Struct",
        ".google.protobuf.StringValue", ".google.protobuf.BoolValue", ".google.protobuf.Int32Value", ".google.protobuf.Int64Value",
        ".google.protobuf.DoubleValue",
    ]

    func object(of typeName: String, depth: Int) throws -> [String: Any] {
        guard let message = catalog.messages[typeName] else { throw ProtoFillError.unknownType(typeName) }
        let shortName = String(typeName.split(separator: ".").last ?? "")
        func given(_ field: Google_Protobuf_FieldDescriptorProto) -> (any Sendable)? {
            values["\(shortName).\(field.name)"] ?? values[field.name]
        }
        // A real oneof takes one member: the first, unless `values` names another.
        var chosen: [Int32: String] = [:]
        for field in message.field where field.hasOneofIndex && !field.proto3Optional && chosen[field.oneofIndex] == nil {
            let members = message.field.filter { $0.hasOneofIndex && $0.oneofIndex == field.oneofIndex && !$0.proto3Optional }
            chosen[field.oneofIndex] = members.first { given($0) != nil }?.name ?? field.name
        }
        var object: [String: Any] = [:]
        for field in message.field {
            if field.hasOneofIndex && !field.proto3Optional && chosen[field.oneofIndex] != field.name { continue }
            if let value = given(field) {
                if value as? String != Self.left { object[field.name] = value }
                continue
            }
            // A message that holds its own type (a reply's replies) stops after a few levels.
            let nested = field.type == .message && !Self.wellKnown.contains(field.typeName) && !catalog.isMapEntry(field.typeName)
            if nested && depth >= 4 { continue }
            object[field.name] = try value(of: field, depth: depth)
        }
        return object
    }

    func value(of field: Google_Protobuf_FieldDescriptorProto, depth: Int) throws -> Any {
        if field.type == .message, catalog.isMapEntry(field.typeName), let entry = catalog.messages[field.typeName] {
            return ["key\(variant)": try single(of: entry.field[1], named: field.name, depth: depth)]
        }
        let one = try single(of: field, named: field.name, depth: depth)
        return field.label == .repeated ? [one] : one
    }

    /// Ids a fresh UUID, strings the field's name (`note`, `note 2`), numbers 2 + variant, enums their
    /// variant-th non-zero value, times a day apart.
    func single(of field: Google_Protobuf_FieldDescriptorProto, named name: String, depth: Int) throws -> Any {
        switch field.type {
        case .string:
            if ["id", "ids"].contains(name) || name.hasSuffix("_id") || name.hasSuffix("_ids") { return UUID().uuidString.lowercased() }
            return variant == 1 ? name : "\(name) \(variant)"
        case .bool: return true
        case .double, .float: return 0.5 + Double(variant)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: return String(2 + variant)
        case .int32, .uint32, .sint32, .fixed32, .sfixed32: return 2 + variant
        case .bytes: return Data([1, 2, UInt8(variant)]).base64EncodedString()
        case .enum:
            guard let type = catalog.enums[field.typeName] else { throw ProtoFillError.unknownType(field.typeName) }
            let named = type.value.filter { $0.number != 0 }
            return named.isEmpty ? type.value.first?.name ?? "" : named[(variant - 1) % named.count].name
        case .message: return try message(field.typeName, depth: depth)
        default: throw ProtoFillError.unknownType("\(field.type)")
        }
    }

    func message(_ typeName: String, depth: Int) throws -> Any {
        switch typeName {
        case ".google.protobuf.Timestamp": return "2026-07-\(10 + variant)T10:00:00Z"
        case ".google.protobuf.Duration": return "\(60 * variant)s"
        case ".google.protobuf.Empty": return [String: Any]()
        case ".google.protobuf.Struct": return ["key": "value \(variant)"]
        case ".google.protobuf.StringValue": return "text \(variant)"
        case ".google.protobuf.BoolValue": return true
        case ".google.protobuf.Int32Value": return 2 + variant
        case ".google.protobuf.Int64Value": return String(2 + variant)
        case ".google.protobuf.DoubleValue": return 0.5 + Double(variant)
        default: return try object(of: typeName, depth: depth + 1)
        }
    }
}
