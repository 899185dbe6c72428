// roam-diary: a trip diary on the command line, written with RoamClient alone (no other package), to
// read in one sitting. Its session and the notes written offline are kept in ~/.roam-diary.
//
//   roam-diary signup <username> <email> <password>     roam-diary trip <title> <destination> <first day> <last day> <time zone> <currency>
//   roam-diary login <username> <password>              roam-diary note <trip id> <day> <title> <text>
//   roam-diary logout                                   roam-diary photo <file>
//   roam-diary trips                                    roam-diary day <trip id> <day>
//   roam-diary sync                                     roam-diary watch
//
// ROAM_GATEWAY says where the gateway is (http://localhost:8080, as `roam up` starts it).
import Foundation
import RoamClient

let home = URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? ".").appendingPathComponent(".roam-diary")
// Owner-only from the start (mkdir with 0700, not a default folder narrowed afterwards): it holds the session.
if mkdir(home.path, 0o700) != 0 && errno != EEXIST { fatalError("cannot make \(home.path): errno \(errno)") }
let session = RoamSession(
    gateway: URL(string: ProcessInfo.processInfo.environment["ROAM_GATEWAY"] ?? "http://localhost:8080")!,
    store: FileTokenStore(url: home.appendingPathComponent("tokens.json")),
    pendingWrites: FilePendingWriteStore(url: home.appendingPathComponent("pending-writes.json")))
let client = session.client

/// "1 note", "3 notes", "0 notes".
func counted(_ things: [some Any]?, _ noun: String) -> String {
    let count = things?.count ?? 0
    return "\(count) \(noun)\(count == 1 ? "" : "s")"
}

let arguments = Array(CommandLine.arguments.dropFirst())
let given = Array(arguments.dropFirst())  // the command's own arguments

do {
    switch (arguments.first ?? "", given.count) {
    case ("signup", 3):
        let (username, email, password) = (given[0], given[1], given[2])
        let signedIn = try await session.signUp(.init(displayName: username, email: email, password: password, username: username))
        print("signed up as @\(signedIn.account.profile.username)")
    case ("login", 2):
        let (username, password) = (given[0], given[1])
        let signedIn = try await session.logIn(.init(identifier: username, password: password))
        print("logged in as @\(signedIn.account.profile.username)")
    case ("logout", 0):
        try await session.logOut()
        print("logged out")
    case ("trip", 6):
        let (title, destination, firstDay, lastDay, timeZone, currency) = (given[0], given[1], given[2], given[3], given[4], given[5])
        let trip = try await client.createTrip(
            body: .json(
                .init(
                    destination: .init(name: destination), endDate: lastDay, homeCurrency: currency, startDate: firstDay,
                    timeZone: timeZone, title: title))
        ).created.body.json
        print("trip \(trip.id): \(trip.title), \(trip.startDate) to \(trip.endDate)")
    case ("trips", 0):
        for try await trip in Pages({ token in try await client.listMyTrips(query: .init(pageToken: token)).ok.body.json }) {
            print("\(trip.id)  \(trip.startDate) to \(trip.endDate)  \(trip.title)")
        }
    case ("note", 4):
        let (tripID, day, title, text) = (given[0], given[1], given[2], given[3])
        let entry = try await client.createJournalEntry(path: .init(id: tripID), body: .json(.init(body: text, date: day, title: title)))
            .created.body.json
        print("noted \(entry.id) on \(entry.date)")
    case ("photo", 1):
        let file = given[0]
        let photo = try await session.upload(contentsOf: URL(fileURLWithPath: file)) { progress in
            print("\rsent \(Int((progress.fractionCompleted ?? 0) * 100)) %", terminator: "")
        }
        print("\nphoto \(photo.mediaId)" + (photo.duplicate == true ? " (uploaded before)" : ""))
    case ("day", 2):
        let (tripID, day) = (given[0], given[1])
        let view = try await client.getTripDay(path: .init(id: tripID, date: day)).ok.body.json
        if view.when == .future {
            // A day still ahead (in the trip's time zone) is shown as its plan; its notes appear once it comes.
            print("\(view.date), still ahead: \(counted(view.itinerary, "planned item")), \(counted(view.savedPlaces, "saved place"))")
        } else {
            print("\(view.date): \(counted(view.photos, "photo")), \(counted(view.pins, "pin")), \(counted(view.journalEntries, "note"))")
            for entry in view.journalEntries ?? [] { print("  \(entry.title): \(entry.body)") }
        }
    case ("sync", 0):
        let waiting = try await session.pendingWrites?.waiting.count ?? 0
        print("\(waiting) notes waiting to be sent")
        guard waiting > 0, let writes = session.pendingWrites else { break }
        let events = await writes.events()
        _ = try await client.getMe()  // reaching the gateway sends them
        var left = waiting
        for await event in events {
            if case .applied(let write, _, _) = event { print("sent \(write.operationID) made \(write.queuedAt)") }
            if case .refused(let write, let problem) = event { print("refused \(write.operationID): \(problem.reason)") }
            left -= 1
            if left == 0 { break }
        }
    case ("watch", 0):
        // Each line written at once (print's buffer would hold them when the output is a file or a pipe).
        func show(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        for try await item in session.notifications() {
            switch item {
            case .connected: show("listening")
            case .notification(.budgetAlert(let alert)): show("budget_alert: \(alert.percent) % of the budget")
            case .notification(.tripStarting(let reminder)), .notification(.itineraryReminder(let reminder)),
                .notification(.dailyReminder(let reminder)):
                show("\(reminder.kind.rawValue): \(reminder.title)")
            case .notification: break
            case .partUnavailable(let problem): show("(\(problem.detail))")
            }
        }
    default:
        print("usage: roam-diary signup|login|logout|trip|trips|note|photo|day|sync|watch … (see the top of main.swift)")
        exit(2)
    }
} catch let error where error.roamClientError != nil {
    guard case .queued = error.roamClientError else {
        print("failed: \(error.roamClientError!)")
        exit(1)
    }
    print("the gateway cannot be reached: kept, `roam-diary sync` sends it")
} catch let error where error.roamProblem != nil {
    print("refused: \(error.roamProblem!.reason): \(error.roamProblem!.detail)")
    exit(1)
} catch {
    print("failed: \(error)")
    exit(1)
}
