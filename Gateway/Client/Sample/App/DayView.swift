#if canImport(SwiftUI)
import PhotosUI
import RoamSampleModels
import SwiftUI

struct DayView: View {
    @State var model: DayModel
    @State private var picked: PhotosPickerItem?

    var body: some View {
        List {
            if let day = model.day { Text(day.date).font(.headline) }
            ForEach(Array(model.uploading), id: \.key) { file, fraction in ProgressView(file.lastPathComponent, value: fraction) }
            if model.waitingPhotos > 0 { Text("\(model.waitingPhotos) photos wait for a connection") }
            if let problem = model.problem { Text(problem).foregroundStyle(.secondary) }
        }
        .toolbar { PhotosPicker("Add photo", selection: $picked, matching: .images) }
        .onChange(of: picked) { _, item in
            Task {
                guard let data = try? await item?.loadTransferable(type: Data.self) else { return }
                let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".jpg")
                try? data.write(to: file)
                await model.add(photo: file)
            }
        }
        .navigationTitle(model.date)
        .task { await model.load() }
    }
}
#endif
