import Foundation
import Logging
import PostgresNIO
import RoamRuntime

struct RoamCommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
