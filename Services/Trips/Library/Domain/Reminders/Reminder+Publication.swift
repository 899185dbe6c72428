import Foundation
import RoamCore

extension Reminder {
    /// The reminder as the notifications service files it for the owner: what the app needs to open the
    /// trip, the day or the planned place, threaded per trip, quiet hours read in the trip's zone. The key
    /// names the reminder and when it was due, so a reminder moved and due again is a new notification.
    public func publication(in zone: TripZone) -> Publication {
        var data = ["tripId": tripID.lowercasedString, "title": title, "date": date.description]
        if let itemID { data["itemId"] = itemID.lowercasedString }
        if let placeID { data["placeId"] = placeID.lowercasedString }
        if let minuteOfDay { data["time"] = String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60) }
        return Publication(
            userID: ownerID, kind: kind.rawValue, key: "\(kind.rawValue):\(subjectID.lowercasedString):\(dueAt.microsecondsSince1970)", data: data,
            threadID: "trip:\(tripID.lowercasedString)", at: sentAt ?? dueAt, timeZone: zone.identifier)
    }
}
