import ArgumentParser
import Foundation

extension Roam {
    struct Places: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The places catalog the trips service offers (attractions for the Trip Diary).",
            subcommands: [Import.self])

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Load places from GeoJSON (an OpenStreetMap export as is) or CSV into trips.",
                discussion: "Sends them to the trips service at TRIPS_ADDRESS with ROAM_SERVICE_SECRET; importing again updates by source id.")

            @Argument(help: "A .geojson or .csv file.")
            var file: String

            func run() async throws {
                do {
                    print(try await PlacesImport.run(file: file, environment: Roam.environment))
                } catch {
                    Roam.fail("places import failed: \(error)")
                }
            }
        }
    }
}
