import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

extension Components.Schemas.TakenDown {
    /// A takedown as the author of any kind of content is told of it.
    init(_ takedown: Roam_Common_V1_Takedown) {
        self.init(at: takedown.at.date, reason: takedown.reason)
    }
}
