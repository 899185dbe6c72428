/// Which HTTP/2 carries gRPC: nghttp2 (Roam's transport, about half the CPU per call) or grpc-swift's
/// own on swift-nio-http2, kept as the reference and as a fallback.
public enum GRPCTransportKind: String, Sendable, CaseIterable {
    case nghttp2
    case nio

    /// `GRPC_SERVER_TRANSPORT` (default nghttp2). Calls between processes are grpc-swift's on both
    /// transports: it reaches every address a name resolves to, as a headless Service needs.
    public init(environment: Environment, variable: String, default fallback: GRPCTransportKind) throws(ConfigurationError) {
        let value = environment.string(variable, default: fallback.rawValue)
        guard let kind = GRPCTransportKind(rawValue: value) else {
            throw ConfigurationError(
                variable: variable, problem: "must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
        }
        self = kind
    }
}
