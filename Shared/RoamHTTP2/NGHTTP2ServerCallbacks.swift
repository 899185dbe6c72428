import CNGHTTP2

/// The C functions nghttp2 calls while it reads a connection's bytes; each finds its connection
/// through the session's user data and hands over.
enum NGHTTP2ServerCallbacks {
    static func install(in callbacks: OpaquePointer?) {
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, beginHeaders)
        nghttp2_session_callbacks_set_on_header_callback(callbacks, header)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, dataReceived)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClosed)
    }

    private static func connection(_ userData: UnsafeMutableRawPointer?) -> HTTP2ServerConnection {
        Unmanaged<HTTP2ServerConnection>.fromOpaque(userData!).takeUnretainedValue()
    }

    private static func isRequest(_ frame: UnsafePointer<nghttp2_frame>) -> Bool {
        frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) && frame.pointee.headers.cat == NGHTTP2_HCAT_REQUEST
    }

    static let beginHeaders: nghttp2_on_begin_headers_callback = { _, frame, userData in
        guard let frame, isRequest(frame) else { return 0 }
        connection(userData).beginHeaders(on: frame.pointee.hd.stream_id)
        return 0
    }

    static let header: nghttp2_on_header_callback = { _, frame, name, nameLength, value, valueLength, _, userData in
        guard let frame, isRequest(frame), let name, let value else { return 0 }
        connection(userData).header(
            name: String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self),
            value: String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self),
            on: frame.pointee.hd.stream_id)
        return 0
    }

    static let frameReceived: nghttp2_on_frame_recv_callback = { _, frame, userData in
        guard let frame else { return 0 }
        let connection = connection(userData)
        let streamID = frame.pointee.hd.stream_id
        let type = frame.pointee.hd.type
        if isRequest(frame) { connection.requestHeadersEnded(on: streamID) }
        if type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue),
            frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
        {
            connection.requestEnded(on: streamID)
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

    static let readResponse: nghttp2_data_source_read_callback = { _, streamID, buffer, length, flags, _, userData in
        guard let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        return connection(userData).readResponse(on: streamID, into: buffer, capacity: length, flags: flags)
    }
}
