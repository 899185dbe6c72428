import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/tracking`, `/track`, `/days/{date}/track` and `/track.gpx`: a trip's location track.
extension GatewayAPI {
    func setTracking(_ input: Operations.SetTracking.Input) async throws -> Operations.SetTracking.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.setTracking(
                .with {
                    $0.tripID = input.path.id
                    $0.enabled = body.enabled
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.trip))))
    }

    func recordTrackPoints(_ input: Operations.RecordTrackPoints.Input) async throws -> Operations.RecordTrackPoints.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: Components.Schemas.TrackBatch.self) {
            // A retried batch stores nothing twice, so it is safe to send again.
            try await trips.call(idempotent: true) { client, options in
                try await client.recordTrackPoints(
                    .with {
                        $0.tripID = input.path.id
                        $0.points = body.points.map { point in
                            .with {
                                $0.at = .init(date: point.at)
                                $0.position = .with {
                                    $0.latitude = point.latitude
                                    $0.longitude = point.longitude
                                }
                                if let accuracy = point.accuracyMeters { $0.accuracyMeters = accuracy }
                            }
                        }
                    }, options: options)
            }
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        photosLocated: Int(response.photosLocated), recorded: Int(response.recorded),
                        repeated: Int(response.repeated)))))
    }

    func importTrackGPX(_ input: Operations.ImportTrackGPX.Input) async throws -> Operations.ImportTrackGPX.Output {
        let file: HTTPBody =
            switch input.body {
            case .applicationGpxXml(let body), .xml(let body): body
            }
        let document = try await Self.gathered(gpx: file)
        // Each moment is stored once, so sending the file again is safe.
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.importTrackGPX(
                options: options,
                requestProducer: { writer in
                    for (index, chunk) in Self.chunks(of: document).enumerated() {
                        try await writer.write(
                            .with {
                                $0.chunk = chunk
                                if index == 0 { $0.tripID = input.path.id }
                            })
                    }
                })
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        photosLocated: Int(response.photosLocated), recorded: Int(response.recorded),
                        repeated: Int(response.repeated)))))
    }

    func locateTripPhotos(_ input: Operations.LocateTripPhotos.Input) async throws -> Operations.LocateTripPhotos.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.locatePhotos(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(located: Int(response.located)))))
    }

    func getDayTrack(_ input: Operations.GetDayTrack.Input) async throws -> Operations.GetDayTrack.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getDayTrack(
                .with {
                    $0.tripID = input.path.id
                    $0.date = input.path.date
                    if let tolerance = input.query.toleranceMeters { $0.toleranceMeters = tolerance }
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: response.date, distanceMeters: response.distanceMeters,
                        recordedPoints: Int(response.recordedPoints), segments: response.segments.map(Components.Schemas.TrackSegment.init)))))
    }

    func exportTrackGPX(_ input: Operations.ExportTrackGPX.Input) async throws -> Operations.ExportTrackGPX.Output {
        let document = try await trips.call(idempotent: true) { client, options in
            try await client.exportGPX(
                .with {
                    $0.tripID = input.path.id
                    $0.date = input.query.date ?? ""
                }, options: options
            ) { response in
                var bytes: [UInt8] = []
                for try await message in response.messages { bytes += message.chunk }
                return bytes
            }
        }
        return .ok(.init(body: .applicationGpxXml(HTTPBody(document))))
    }
}
