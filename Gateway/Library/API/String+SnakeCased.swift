extension String {
    /// `leftFence` → `left_fence`: a protobuf enum case as the document spells the value.
    var snakeCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }
}
