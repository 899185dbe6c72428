#if canImport(SwiftUI)
import RoamSampleModels
import SwiftUI

struct SignInView: View {
    @State var model: SignInModel

    var body: some View {
        Form {
            TextField("Username or email", text: $model.identifier)
            SecureField("Password", text: $model.password)
            if let refusal = model.refusal { Text(refusal).foregroundStyle(.red) }
            Button("Sign in") { Task { await model.signIn() } }.disabled(model.isWorking)
        }
    }
}
#endif
