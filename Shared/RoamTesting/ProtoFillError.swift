/// A type `ProtoFill` found no descriptor for: a message outside proto/, or descriptors out of date
/// (`scripts/generate-proto.sh`).
public enum ProtoFillError: Error, CustomStringConvertible {
    case unknownType(String)

    public var description: String {
        switch self {
        case .unknownType(let name): "no descriptor of \(name) in RoamProtoDescriptors"
        }
    }
}
