import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime
import Trips

/// `roam places import FILE`: reads the catalog file and hands it to the trips service in batches of
/// 1,000 with a service credential (trips owns the catalog's tables; nothing here touches them).
enum PlacesImport {
    static func run(file: String, environment: [String: String]) async throws -> String {
        let read = try PlaceFileReader.read(try Data(contentsOf: URL(fileURLWithPath: file)), fileName: file)
        let address = try RoamRuntime.Environment(environment).addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")[0]
        let settings = RoamRuntime.Environment(environment)
        let secret = try settings.serviceSecret(kind: try DeploymentKind(environment: settings))
        let credential = await ServiceCredential(serviceName: "roam-places-import", secret: secret)
        var (inserted, updated) = (0, 0)
        try await withGRPCClient(transport: .http2NIOPosix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)) {
            client in
            let trips = Roam_Trips_V1_TripsService.Client(wrapping: client)
            for start in stride(from: 0, to: read.places.count, by: PlaceService.importBatchLimit) {
                let batch = read.places[start..<min(start + PlaceService.importBatchLimit, read.places.count)]
                let request = Roam_Trips_V1_ImportPlacesRequest.with { $0.places = batch.map(\.record) }
                let response: Roam_Trips_V1_ImportPlacesResponse
                do {
                    response = try await trips.importPlaces(request, metadata: ["authorization": "Bearer \(try await credential.token())"])
                } catch let error as RPCError {
                    // Name the record as the file has it: the batch's `places[3]` is the file's place `start + 3`.
                    let refusal = RoamError(error)
                    let fields = refusal.violations.map { violation in
                        violation.field.replacing(/^places\[(\d+)\]/) { "place \(start + Int($0.output.1)! + 1)" } + ": " + violation.description
                    }
                    throw PlacesImportError(fields.isEmpty ? refusal.message : fields.joined(separator: "; "))
                }
                inserted += Int(response.inserted)
                updated += Int(response.updated)
            }
        }
        return "\(inserted) places added, \(updated) updated, \(read.skipped) skipped (no name, position or kind the catalog keeps)"
    }
}

extension PlaceImport {
    var record: Roam_Trips_V1_PlaceRecord {
        .with {
            $0.sourceID = sourceID
            $0.name = name
            $0.category = category
            $0.point = point.proto
            if let rating { $0.rating = rating }
            if let ratingCount { $0.ratingCount = Int32(clamping: ratingCount) }
            if let priceLevel { $0.priceLevel = Int32(clamping: priceLevel) }
            $0.address = address ?? ""
            $0.phone = phone ?? ""
            $0.website = website ?? ""
            $0.openingHours = openingHours ?? ""
            $0.photoURL = photoURL ?? ""
        }
    }
}
