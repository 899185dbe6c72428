import CNGHTTP2

/// The C functions nghttp2 calls while it reads a client connection's bytes.
enum NGHTTP2ClientCallbacks {
    static func install(in callbacks: OpaquePointer?) {
        nghttp2_session_callbacks_set_on_header_callback(callbacks, header)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, dataReceived)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClosed)
    }

    private static func connection(_ userData: UnsafeMutableRawPointer?) -> HTTP2ClientConnection {
        Unmanaged<HTTP2ClientConnection>.fromOpaque(userData!).takeUnretainedValue()
    }

    static let header: nghttp2_on_header_callback = { _, frame, name, nameLength, value, valueLength, _, userData in
        guard let frame, frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), let name, let value else { return 0 }
        connection(userData).header(
            name: String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self),
            value: String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self),
            on: frame.pointee.hd.stream_id)
        return 0
    }

    static let frameReceived: nghttp2_on_frame_recv_callback = { _, frame, userData in
        guard let frame else { return 0 }
        let connection = connection(userData)
        let header = frame.pointee.hd
        switch header.type {
        case UInt8(NGHTTP2_HEADERS.rawValue):
            connection.headersEnded(
                on: header.stream_id, endsStream: header.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0)
        case UInt8(NGHTTP2_PING.rawValue) where header.flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) != 0:
            connection.pingAcknowledged()
        case UInt8(NGHTTP2_GOAWAY.rawValue):
            connection.goAwayReceived(lastStreamID: frame.pointee.goaway.last_stream_id)
        default:
            break
        }
        return 0
    }

    static let dataReceived: nghttp2_on_data_chunk_recv_callback = { _, _, streamID, data, length, userData in
        connection(userData).data(UnsafeRawBufferPointer(start: data, count: length), on: streamID)
        return 0
    }

    static let streamClosed: nghttp2_on_stream_close_callback = { _, streamID, errorCode, userData in
        connection(userData).streamClosed(streamID, errorCode: errorCode)
        return 0
    }

    static let readRequest: nghttp2_data_source_read_callback = { _, streamID, buffer, length, flags, _, userData in
        guard let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        return connection(userData).readRequest(on: streamID, into: buffer, capacity: length, flags: flags)
    }
}
