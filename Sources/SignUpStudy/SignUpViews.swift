import ComposableArchitecture
import ComposableTerminalUI

/// The sign-up study: "Welcome! Please sign up." and the steps on a navigation stack.
public struct SignUpView: View {
  @Bindable var store: StoreOf<SignUpFeature>

  /// Creates the flow's view.
  public init(store: StoreOf<SignUpFeature>) {
    self.store = store
  }

  public var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      VStack {
        Text("Welcome! Please sign up.").bold()
        Button("Sign up") { store.send(.signUpButtonTapped) }
        Spacer()
      }
      .navigationTitle("Sign up")
    } destination: { store in
      switch store.case {
      case .basics(let store): BasicsView(store: store)
      case .personalInfo(let store): PersonalInfoView(store: store)
      case .topics(let store): TopicsView(store: store)
      case .summary(let store): SummaryView(store: store)
      }
    }
  }
}

/// A field's problem under it, or nothing.
@MainActor
private func fieldNote(_ error: String?) -> some View {
  Text(error.map { "  ⚠ " + $0 } ?? "").style(.danger)
}

/// The basics step: email, password, confirmation; problems under each field; a spinner while
/// the email is checked; Next (ctrl-n) disabled until all is valid.
public struct BasicsView: View {
  @Bindable var store: StoreOf<BasicsFeature>

  /// The title of the button that goes on: "Next" in the flow, "Done" in the summary's edit
  /// sheet.
  let nextTitle: String

  /// Creates the step's view; in the summary's edit sheet the button reads "Done".
  public init(store: StoreOf<BasicsFeature>, nextTitle: String = "Next") {
    self.store = store
    self.nextTitle = nextTitle
  }

  public var body: some View {
    VStack {
      Text("Email").bold()
      TextField("name@example.com", text: $store.signUpData.email)
      if store.isCheckingEmail {
        Spinner(frame: store.spinnerFrame, label: "Checking the address…")
      } else if store.availability == .available, store.emailError == nil {
        Text("  ✓ Available").style(.success)
      } else {
        fieldNote(store.emailError)
      }
      Text("Password").bold()
      SecureField("at least 8 characters", text: $store.signUpData.password)
      fieldNote(store.passwordError)
      Text("Confirm password").bold()
      SecureField("the same again", text: $store.signUpData.passwordConfirmation)
      fieldNote(store.passwordConfirmationError)
      Button(nextTitle, shortcut: .ctrl("n")) { store.send(.nextButtonTapped) }
        .disabled(store.isNextButtonDisabled)
      Spacer()
    }
    .navigationTitle("Basics")
  }
}

/// The personal-info step: first name, last name, phone (optional).
public struct PersonalInfoView: View {
  @Bindable var store: StoreOf<PersonalInfoFeature>

  /// The title of the button that goes on: "Next" in the flow, "Done" in the summary's edit
  /// sheet.
  let nextTitle: String

  /// Creates the step's view; in the summary's edit sheet the button reads "Done".
  public init(store: StoreOf<PersonalInfoFeature>, nextTitle: String = "Next") {
    self.store = store
    self.nextTitle = nextTitle
  }

  public var body: some View {
    VStack {
      Text("First name").bold()
      TextField("Blob", text: $store.signUpData.firstName)
      Text("Last name").bold()
      TextField("McBlob", text: $store.signUpData.lastName)
      Text("Phone (optional)").bold()
      TextField("+1 555 0100", text: $store.signUpData.phone)
      fieldNote(store.phoneError)
      Button(nextTitle, shortcut: .ctrl("n")) { store.send(.nextButtonTapped) }
        .disabled(store.isNextButtonDisabled)
      Spacer()
    }
    .navigationTitle("Personal info")
  }
}

/// The topics step: a checkbox per topic (space toggles), at least one.
public struct TopicsView: View {
  @Bindable var store: StoreOf<TopicsFeature>

  /// The title of the button that goes on: "Next" in the flow, "Done" in the summary's edit
  /// sheet.
  let nextTitle: String

  /// Creates the step's view; in the summary's edit sheet the button reads "Done".
  public init(store: StoreOf<TopicsFeature>, nextTitle: String = "Next") {
    self.store = store
    self.nextTitle = nextTitle
  }

  public var body: some View {
    VStack {
      Text("Topics you are interested in").bold()
      CheckboxList(Topic.allCases, id: \.self, selection: $store.signUpData.topics) { $0.title }
      fieldNote(store.topicsError)
      Button(nextTitle, shortcut: .ctrl("n")) { store.send(.nextButtonTapped) }
        .disabled(store.isNextButtonDisabled)
      Spacer()
    }
    .navigationTitle("Topics")
  }
}

/// The summary: all data (the password as dots), `a`/`i`/`t` edit a section in a sheet, `s`
/// submits with a spinner; then a welcome, or an alert with Retry.
public struct SummaryView: View {
  @Bindable var store: StoreOf<SummaryFeature>

  /// Creates the summary's view.
  public init(store: StoreOf<SummaryFeature>) {
    self.store = store
  }

  public var body: some View {
    let data = store.signUpData
    VStack {
      if store.isSubmitted {
        Text("Welcome aboard, \(data.firstName)! Your account \(data.email) is ready.").bold()
        Text("Press esc to go back.").dim()
      } else {
        Text("Account").bold()
        Text("  Email:    \(data.email)")
        Text("  Password: \(String(repeating: "•", count: data.password.count))")
        Text("Personal info").bold()
        Text("  Name:     \(data.firstName) \(data.lastName)")
        Text("  Phone:    \(data.phone.isEmpty ? "—" : data.phone)")
        Text("Topics").bold()
        Text(
          "  " + Topic.allCases.filter(data.topics.contains).map(\.title).joined(separator: ", "))
        HStack {
          Button("Edit account", shortcut: .character("a")) { store.send(.editBasicsTapped) }
          Button("Edit info", shortcut: .character("i")) { store.send(.editPersonalInfoTapped) }
          Button("Edit topics", shortcut: .character("t")) { store.send(.editTopicsTapped) }
        }
        Button("Submit", shortcut: .character("s")) { store.send(.submitButtonTapped) }
          .disabled(store.isSubmitting)
        if store.isSubmitting {
          Spinner(frame: store.spinnerFrame, label: "Creating your account…")
        }
      }
      Spacer()
    }
    .navigationTitle("Summary")
    .sheet(item: $store.scope(state: \.destination?.basics, action: \.destination.basics)) {
      BasicsView(store: $0, nextTitle: "Done")
    }
    .sheet(
      item: $store.scope(state: \.destination?.personalInfo, action: \.destination.personalInfo)
    ) {
      PersonalInfoView(store: $0, nextTitle: "Done")
    }
    .sheet(item: $store.scope(state: \.destination?.topics, action: \.destination.topics)) {
      TopicsView(store: $0, nextTitle: "Done")
    }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
  }
}
