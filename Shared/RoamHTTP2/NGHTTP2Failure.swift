import CNGHTTP2

/// One of nghttp2's negative return codes, as a log line and a metric name it: a few reasons an
/// operator can act on, everything else under "other".
struct NGHTTP2Failure: CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    var description: String { "\(String(cString: nghttp2_strerror(code))) (\(code))" }

    /// The metric's label.
    var reason: String {
        switch code {
        case NGHTTP2_ERR_BAD_CLIENT_MAGIC.rawValue: "bad_preface"
        case NGHTTP2_ERR_FLOODED.rawValue: "flooded"
        case NGHTTP2_ERR_TOO_MANY_CONTINUATIONS.rawValue: "too_many_continuations"
        case NGHTTP2_ERR_HEADER_COMP.rawValue: "header_compression"
        case NGHTTP2_ERR_FLOW_CONTROL.rawValue: "flow_control"
        case NGHTTP2_ERR_NOMEM.rawValue: "out_of_memory"
        case NGHTTP2_ERR_CALLBACK_FAILURE.rawValue: "callback"
        default: "other"
        }
    }

    /// The GOAWAY error code it is (RFC 9113 §7).
    var goAwayCode: UInt32 {
        switch code {
        case NGHTTP2_ERR_FLOODED.rawValue, NGHTTP2_ERR_TOO_MANY_CONTINUATIONS.rawValue: NGHTTP2_ENHANCE_YOUR_CALM.rawValue
        case NGHTTP2_ERR_HEADER_COMP.rawValue: NGHTTP2_COMPRESSION_ERROR.rawValue
        case NGHTTP2_ERR_FLOW_CONTROL.rawValue: NGHTTP2_FLOW_CONTROL_ERROR.rawValue
        case NGHTTP2_ERR_NOMEM.rawValue, NGHTTP2_ERR_CALLBACK_FAILURE.rawValue: NGHTTP2_INTERNAL_ERROR.rawValue
        default: NGHTTP2_PROTOCOL_ERROR.rawValue
        }
    }
}
