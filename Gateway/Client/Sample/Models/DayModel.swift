import Foundation
import Observation
import RoamClient

/// A trip day: its summary from one call, and photos added from files (kept offline when need be).
@available(iOS 17, macOS 14, *)
@Observable @MainActor
public final class DayModel {
    public let tripID: String
    public let date: String
    public private(set) var day: Components.Schemas.TripDay?
    public private(set) var uploading: [URL: Double] = [:]
    public private(set) var waitingPhotos = 0
    public private(set) var problem: String?
    let session: RoamSession

    public init(session: RoamSession, tripID: String, date: String) {
        self.session = session
        self.tripID = tripID
        self.date = date
    }

    public func load() async {
        do {
            day = try await session.client.getTripDay(path: .init(id: tripID, date: date)).ok.body.json
            problem = nil
        } catch {
            problem = error.roamProblem?.detail ?? "This day cannot be read now."
        }
    }

    /// Uploads a photo, showing its progress; with no signal it waits on the phone.
    public func add(photo: URL) async {
        uploading[photo] = 0
        defer { uploading[photo] = nil }
        do {
            _ = try await session.upload(contentsOf: photo) { progress in
                Task { @MainActor in self.uploading[photo] = progress.fractionCompleted ?? 0 }
            }
            await load()
        } catch let error where error.roamClientError != nil {
            waitingPhotos += 1
        } catch {
            problem = error.roamProblem?.detail ?? "\(error)"
        }
    }
}
