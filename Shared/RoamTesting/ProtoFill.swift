import Foundation
import RoamProto
import SwiftProtobuf

/// Messages with every field set, and the fields a message leaves unset, read from protoc's descriptors
/// of proto/ (`RoamProtoDescriptors`). A service's round trip sends `every(_:)` through its adapter into
/// its store and checks `unsetFields(of:)` of what comes back, so a field added to a .proto is sent and
/// checked without a test naming it: an adapter line forgotten on the way in or out leaves it unset.
public enum ProtoFill {
    /// `M` with every field set: what `values` gives for a field (by `Message.field` or by `field`, as
    /// the .proto names them, in proto JSON), else a value of its type (`ProtoFiller.single`): ids a fresh
    /// UUID, strings the field's name, numbers 3, enums their first non-zero value, times
    /// 2026-07-11T10:00:00Z; lists one element, maps one entry, a `oneof` its first member (or the one
    /// `values` names). A field given `ProtoFill.left` is left unset. Another `variant` gives other values
    /// (`note 2`, 4, the next day, the enum's next value), so an edit's fields differ from those the first
    /// request set.
    public static func every<M: SwiftProtobuf.Message>(
        _ type: M.Type = M.self, variant: Int = 1, values: [String: any Sendable] = [:]
    ) throws -> M {
        let filler = ProtoFiller(variant: variant, values: values)
        let json = try JSONSerialization.data(withJSONObject: filler.object(of: ".\(M.protoMessageName)", depth: 0))
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = false
        return try M(jsonUTF8Data: json, options: options)
    }

    /// The fields of `message` left at their default, by path (`expense.converted.currency_code`), looking
    /// inside its messages (the first element of a list). A `oneof` counts as one field, set when any
    /// member is; a zero, `false` or empty value counts as unset, as proto3 cannot tell them apart.
    public static func unsetFields<M: SwiftProtobuf.Message>(of message: M) -> [String] {
        unset(in: json(of: message), of: ".\(M.protoMessageName)", at: "")
    }

    /// The fields `sent` and `received` both hold with values of the same JSON kind that differ, by path:
    /// what a client sent that did not come back as sent.
    public static func differences<Sent: SwiftProtobuf.Message, Received: SwiftProtobuf.Message>(
        sent: Sent, received: Received, ignoring: Set<String> = []
    ) -> [String] {
        let (one, other) = (json(of: sent), json(of: received))
        return one.keys.sorted().filter { key in
            guard !ignoring.contains(key), let mine = one[key], let theirs = other[key] else { return false }
            switch (mine, theirs) {
            case (let mine as String, let theirs as String): return mine != theirs
            case (let mine as Bool, let theirs as Bool): return mine != theirs
            case (let mine as NSNumber, let theirs as NSNumber): return mine != theirs
            default: return false
            }
        }
    }

    /// The message's proto JSON with the .proto's field names (a message always encodes).
    static func json(of message: some SwiftProtobuf.Message) -> [String: Any] {
        var options = JSONEncodingOptions()
        options.preserveProtoFieldNames = true
        let data = (try? message.jsonUTF8Data(options: options)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// The value that leaves a field unset in `every(_:values:)`.
    public static let left: any Sendable = ProtoFiller.left

    // MARK: - Checking

    static func unset(in object: [String: Any], of typeName: String, at path: String) -> [String] {
        guard let message = ProtoCatalog.roam.messages[typeName] else { return [path] }
        var missing: [String] = []
        var oneofs: [Int32: (names: [String], set: Bool)] = [:]
        for field in message.field {
            let fieldPath = path.isEmpty ? field.name : "\(path).\(field.name)"
            let present = object[field.name]
            if field.hasOneofIndex && !field.proto3Optional {
                var group = oneofs[field.oneofIndex] ?? ([], false)
                group.names.append(fieldPath)
                group.set = group.set || present != nil
                oneofs[field.oneofIndex] = group
                if let present { missing += inside(present, of: field, at: fieldPath) }
                continue
            }
            guard let present else {
                missing.append(fieldPath)
                continue
            }
            missing += inside(present, of: field, at: fieldPath)
        }
        for (_, group) in oneofs.sorted(by: { $0.key < $1.key }) where !group.set {
            missing.append(group.names.joined(separator: "|"))
        }
        return missing
    }

    /// What a set message field leaves unset inside (the first element of a list, the first value of a map).
    static func inside(_ present: Any, of field: Google_Protobuf_FieldDescriptorProto, at path: String) -> [String] {
        guard field.type == .message, !ProtoFiller.wellKnown.contains(field.typeName), let type = ProtoCatalog.roam.messages[field.typeName] else {
            return []
        }
        if type.options.mapEntry {
            let valueField = type.field[1]
            guard let first = (present as? [String: Any])?.sorted(by: { $0.key < $1.key }).first?.value else { return [] }
            return inside(first, of: valueField, at: "\(path)[]")
        }
        if field.label == .repeated {
            guard let first = (present as? [Any])?.first else { return [] }
            return unset(in: first as? [String: Any] ?? [:], of: field.typeName, at: "\(path)[0]")
        }
        return unset(in: present as? [String: Any] ?? [:], of: field.typeName, at: path)
    }
}
