#if canImport(SwiftUI)
import RoamSampleModels
import SwiftUI

struct ChatView: View {
    @State var model: ChatModel
    @State private var draft = ""

    var body: some View {
        VStack {
            List(model.messages, id: \.messageId) { message in Text(message.text) }
            if let ended = model.ended { Text(ended).font(.footnote) }
            HStack {
                TextField("Message", text: $draft)
                Button("Send") {
                    let text = draft
                    draft = ""
                    Task { await model.say(text) }
                }
            }
            .padding()
        }
        .task { await model.follow() }
    }
}
#endif
