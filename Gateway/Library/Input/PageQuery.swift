import RoamProto

/// `?pageSize=&pageToken=` on list operations, as the generated code decoded them. The document's
/// range for `pageSize` (1 to 100) is checked before any handler runs (`InputCheckMiddleware`).
struct PageQuery {
    var size: Int32
    var token: String

    init(size: Int?, token: String?) {
        self.size = Int32(clamping: size ?? 20)
        self.token = token ?? ""
    }

    var proto: Roam_Common_V1_PageRequest {
        .with {
            $0.pageSize = size
            $0.pageToken = token
        }
    }
}
