import ComposableArchitecture
import DemoSupport
import Foundation
import SignUpStudy
import Testing

@MainActor
struct SignUpStudyTests {
  func filledData() -> SignUpData {
    var data = SignUpData()
    data.email = "blob@example.com"
    data.password = "hunter22secret"
    data.passwordConfirmation = "hunter22secret"
    data.firstName = "Blob"
    data.lastName = "McBlob"
    data.topics = [.testing]
    return data
  }

  @Test func basicsValidatesAsYouTypeAndChecksTheEmailOnceAfterThePause() async {
    let clock = TestClock()
    let checks = LockIsolated<[String]>([])
    let data = Shared(value: SignUpData())
    let store = TestStore(initialState: BasicsFeature.State(signUpData: data)) {
      BasicsFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.signUpClient.isEmailAvailable = { email in
        checks.withValue { $0.append(email) }
        return true
      }
    }
    await store.send(.binding(.set(\.signUpData.email, "blob"))) {
      $0.signUpData.email = "blob"
    }
    #expect(store.state.emailError == "Enter an address like name@example.com")
    await store.send(.binding(.set(\.signUpData.email, "blob@example.co"))) {
      $0.signUpData.email = "blob@example.co"
      $0.isCheckingEmail = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.spinnerTicked) { $0.spinnerFrame = 1 }
    await store.send(.binding(.set(\.signUpData.email, "blob@example.com"))) {
      $0.signUpData.email = "blob@example.com"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.spinnerTicked) { $0.spinnerFrame = 2 }
    await store.receive(\.spinnerTicked) { $0.spinnerFrame = 3 }
    await store.receive(\.emailChecked) {
      $0.isCheckingEmail = false
      $0.availability = .available
    }
    #expect(checks.value == ["blob@example.com"])
    await store.send(.binding(.set(\.signUpData.password, "short"))) {
      $0.signUpData.password = "short"
    }
    #expect(store.state.passwordError == "At least 8 characters (5 so far)")
    await store.send(.binding(.set(\.signUpData.password, "hunter22secret"))) {
      $0.signUpData.password = "hunter22secret"
    }
    await store.send(.binding(.set(\.signUpData.passwordConfirmation, "hunter22"))) {
      $0.signUpData.passwordConfirmation = "hunter22"
    }
    #expect(store.state.passwordConfirmationError == "Does not match the password")
    #expect(store.state.isNextButtonDisabled)
    await store.send(.binding(.set(\.signUpData.passwordConfirmation, "hunter22secret"))) {
      $0.signUpData.passwordConfirmation = "hunter22secret"
    }
    #expect(!store.state.isNextButtonDisabled)
    await store.send(.nextButtonTapped)
  }

  @Test func aTakenEmailIsShownNextToTheFieldAndKeepsNextDisabled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: BasicsFeature.State(signUpData: Shared(value: SignUpData()))
    ) {
      BasicsFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.signUpClient.isEmailAvailable = { _ in false }
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.binding(.set(\.signUpData.email, "taken@example.com")))
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.emailChecked) {
      $0.isCheckingEmail = false
      $0.availability = .taken
    }
    #expect(store.state.emailError == "taken@example.com is already registered")
    #expect(store.state.isNextButtonDisabled)
  }

  @Test func theFlowGoesFromWelcomeThroughEveryStepToSuccess() async {
    let data = Shared(value: filledData())
    let signedUp = LockIsolated<[String]>([])
    let store = TestStore(initialState: SignUpFeature.State(signUpData: data)) {
      SignUpFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.signUpClient.signUp = { data in signedUp.withValue { $0.append(data.email) } }
    }
    await store.send(.signUpButtonTapped) {
      $0.path.append(.basics(BasicsFeature.State(signUpData: data)))
    }
    await store.send(\.path[id: 0].basics.nextButtonTapped)
    #expect(store.state.path.count == 1, "Next does nothing until the email is checked")
    await store.send(\.path[id: 0].basics.emailChecked, (email: "blob@example.com", .available)) {
      $0.path[id: 0, case: \.basics]?.availability = .available
    }
    await store.send(\.path[id: 0].basics.nextButtonTapped) {
      $0.path.append(.personalInfo(PersonalInfoFeature.State(signUpData: data)))
    }
    await store.send(\.path[id: 1].personalInfo.nextButtonTapped) {
      $0.path.append(.topics(TopicsFeature.State(signUpData: data)))
    }
    await store.send(\.path[id: 2].topics.nextButtonTapped) {
      $0.path.append(.summary(SummaryFeature.State(signUpData: data)))
    }
    await store.send(\.path[id: 3].summary.submitButtonTapped) {
      $0.path[id: 3, case: \.summary]?.isSubmitting = true
    }
    await store.receive(\.path[id: 3].summary.signUpSucceeded) {
      $0.path[id: 3, case: \.summary]?.isSubmitting = false
      $0.path[id: 3, case: \.summary]?.isSubmitted = true
    }
    #expect(signedUp.value.count == 1)
  }

  @Test func aFailedSubmitShowsAnAlertAndRetrySubmitsAgain() async {
    let attempts = LockIsolated(0)
    let data = Shared(value: filledData())
    let store = TestStore(initialState: SummaryFeature.State(signUpData: data)) {
      SummaryFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.signUpClient.signUp = { _ in
        let attempt = attempts.withValue {
          $0 += 1; return $0
        }
        if attempt == 1 { throw SignUpError("The server is busy.") }
      }
    }
    await store.send(.submitButtonTapped) { $0.isSubmitting = true }
    await store.receive(\.signUpFailed) {
      $0.isSubmitting = false
      $0.destination = .alert(
        AlertState {
          TextState("Sign-up failed")
        } actions: {
          ButtonState(action: .retryTapped) { TextState("Retry") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("The server is busy.")
        })
    }
    await store.send(\.destination.alert.retryTapped) {
      $0.destination = nil
      $0.isSubmitting = true
    }
    await store.receive(\.signUpSucceeded) {
      $0.isSubmitting = false
      $0.isSubmitted = true
    }
    #expect(attempts.value == 2)
  }

  @Test func editingASectionInTheSheetChangesTheSharedDataLive() async {
    let data = Shared(value: filledData())
    let store = TestStore(initialState: SummaryFeature.State(signUpData: data)) {
      SummaryFeature()
    }
    await store.send(.editPersonalInfoTapped) {
      $0.destination = .personalInfo(PersonalInfoFeature.State(signUpData: data))
    }
    await store.send(
      .destination(.presented(.personalInfo(.binding(.set(\.signUpData.firstName, "Blobby")))))
    ) {
      $0.signUpData.firstName = "Blobby"
    }
    #expect(data.wrappedValue.firstName == "Blobby")
    await store.send(\.destination.personalInfo.nextButtonTapped) {
      $0.destination = nil
    }
    await store.send(.editTopicsTapped) {
      $0.destination = .topics(TopicsFeature.State(signUpData: data))
    }
    await store.send(.destination(.presented(.topics(.binding(.set(\.signUpData.topics, [])))))) {
      $0.signUpData.topics = []
    }
    #expect(store.state.destination?.topics?.isNextButtonDisabled == true)
    await store.send(.doneEditingTapped) { $0.destination = nil }
    await store.send(.editBasicsTapped) {
      $0.destination = .basics(BasicsFeature.State(signUpData: data))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func theLiveClientKeepsAccountsWithoutPasswordsAndRefusesADuplicateEmail() async throws {
    let storage = FileStorage.inMemory()
    try await withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = ImmediateClock()
      $0.stateDirectory = URL(fileURLWithPath: "/state")
    } operation: {
      let client = SignUpClient.liveValue
      #expect(try await client.isEmailAvailable("blob@example.com"))
      try await client.signUp(filledData())
      #expect(try await client.isEmailAvailable("BLOB@example.com") == false)
      await #expect(throws: SignUpError("blob@example.com is already registered.")) {
        try await client.signUp(self.filledData())
      }
      storage.flushPendingWrites()
      let saved = try #require(try storage.load(URL(fileURLWithPath: "/state/accounts.json")))
      let json = String(decoding: saved, as: UTF8.self)
      #expect(json.contains("blob@example.com"))
      #expect(!json.contains("hunter22"))
    }
  }

  @Test func thePasswordNeverAppearsInADumpOfAnyState() {
    let data = Shared(value: filledData())
    let states: [Any] = [
      SignUpFeature.State(signUpData: data), BasicsFeature.State(signUpData: data),
      SummaryFeature.State(signUpData: data), data.wrappedValue,
      BasicsFeature.Action.binding(.set(\.signUpData.password, "hunter22secret")),
    ]
    for state in states {
      #expect(!String(customDumping: state).contains("hunter22"))
    }
  }

  @Test func personalInfoNeedsNamesAndAPlausiblePhone() {
    var data = SignUpData()
    let state = { PersonalInfoFeature.State(signUpData: Shared(value: data)) }
    #expect(state().isNextButtonDisabled)
    data.firstName = "Blob"
    data.lastName = "McBlob"
    #expect(!state().isNextButtonDisabled)
    data.phone = "12ab"
    #expect(state().phoneError == "Digits, spaces and dashes, 7 to 15 digits")
    data.phone = "+1 (555) 010-0100"
    #expect(state().phoneError == nil)
  }

  @Test func anEmailLongerThanAnyAddressIsRefused() {
    let domain = "@example.com"
    let longest = String(repeating: "a", count: 254 - domain.count) + domain
    #expect(isValidEmail(longest), "254 bytes: the longest an address can be")
    #expect(!isValidEmail("a" + longest), "255 bytes")
    // Kept out of the expectation, which would print the megabyte when it fails.
    let aPastedMegabyteIsRefused = !isValidEmail(String(repeating: "a", count: 1_000_000) + domain)
    #expect(aPastedMegabyteIsRefused)
  }
}
