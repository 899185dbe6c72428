#if canImport(SwiftUI)
import RoamClient
import RoamSampleModels
import SwiftUI

struct TripsView: View {
    @State var model: TripsModel

    var body: some View {
        List(model.trips, id: \.id) { trip in
            NavigationLink(trip.title) { DayView(model: DayModel(session: RoamTripsApp.session, tripID: trip.id, date: trip.startDate)) }
        }
        .overlay { if let problem = model.problem { Text(problem).font(.footnote) } }
        .navigationTitle("Trips")
        .task { await model.load() }
        .refreshable { await model.load() }
    }
}
#endif
