/// What is wrong with a value, phrased without the key so each caller can prefix its own path.
struct ValueProblem: Error, Equatable {
    let text: String
    init(_ text: String) { self.text = text }
}
