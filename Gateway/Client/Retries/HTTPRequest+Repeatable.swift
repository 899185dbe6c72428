import HTTPTypes

extension HTTPRequest {
    /// Whether sending this request twice does what sending it once does: reads, `PUT` and `DELETE`, and
    /// any request carrying an idempotency key.
    var isSafeToRepeat: Bool {
        switch method {
        case .get, .head, .options, .put, .delete: true
        default: headerFields[.idempotencyKey] != nil
        }
    }
}
