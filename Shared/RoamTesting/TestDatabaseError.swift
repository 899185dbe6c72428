import Foundation
import Logging
import PostgresNIO
import RoamLocal
import RoamRuntime

struct TestDatabaseError: Error, CustomStringConvertible {
    var message: String
    var description: String { "test database: \(message)" }
}
