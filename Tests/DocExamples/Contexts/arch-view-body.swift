// The example is the body of the view of a `Feature` with view actions (arch-view-feature).
@ViewAction(for: Feature.self)
struct FeatureView: View {
  let store: StoreOf<Feature>
  var body: some View {
    // example
  }
}
