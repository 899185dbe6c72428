import Foundation
import RoamCore

@testable import BucketLists

extension ListChanges {
    /// What a test leaves out, as a client would leave it out: `ListChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(title: String? = nil, description: String? = nil, coverMediaID: UUID?? = nil, visibility: Visibility? = nil) -> Self {
        Self(title: title, description: description, coverMediaID: coverMediaID, visibility: visibility)
    }
}
