import Foundation
import RoamCore

@testable import Notifications

extension SettingsChanges {
    /// What a test leaves out, as a client would leave it out: `SettingsChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(mutedKinds: Set<String>? = nil, quietHours: QuietHours?? = nil, timeZone: String? = nil, pushPaused: Bool? = nil) -> Self {
        Self(mutedKinds: mutedKinds, quietHours: quietHours, timeZone: timeZone, pushPaused: pushPaused)
    }
}
