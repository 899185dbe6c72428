import RoamProto
import RoamRuntime

extension Components.Schemas.Trip {
    init(_ proto: Roam_Trips_V1_Trip) {
        let phase: PhasePayload = switch proto.phase {
        case .upcoming: .upcoming
        case .past: .past
        case .current, .unspecified, .UNRECOGNIZED: .current
        }
        self.init(createdAt: proto.createdAt.date, dayCount: Int(proto.dayCount), destination: .init(proto.destination),
                  endDate: proto.endDate, homeCurrency: proto.homeCurrency, id: proto.id, phase: phase,
                  startDate: proto.startDate, timeZone: proto.timeZone, title: proto.title)
    }
}

extension Components.Schemas.Destination {
    init(_ proto: Roam_Trips_V1_Destination) {
        self.init(name: proto.name, point: proto.hasPoint ? .init(proto.point) : nil)
    }

    var proto: Roam_Trips_V1_Destination {
        .with {
            $0.name = name
            if let point { $0.point = point.proto }
        }
    }
}
