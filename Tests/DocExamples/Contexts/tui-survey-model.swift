// An `@Observable` survey (questions, an answer per question) and a view over
// `@Bindable var model` whose body is the example.
struct Question: Identifiable {
  let id: Int  // its answer's index
  let prompt: String
}

@MainActor @Observable final class SurveyModel {
  var questions = (0..<20).map { Question(id: $0, prompt: "Question \($0 + 1)") }
  var answers = Array(repeating: "", count: 20)
}

struct SurveyForm: View {
  @Bindable var model: SurveyModel
  var body: some View {
    // example
  }
}
