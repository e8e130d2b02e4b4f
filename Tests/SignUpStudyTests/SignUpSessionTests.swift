// swift-format-ignore-file
// Written by the inspector from Tests/DemoAppTests/Tapes/sign-up.tape; rewrite it with
// SNAPSHOT_RECORD=1 swift test --filter ExportedTestTests.
//
// The sign-up study, as a session of composable-demo played it; exported by the
// inspector (F12, then e).

import ComposableArchitecture
import Foundation
import Testing
@testable import SignUpStudy

@MainActor
struct SignUpSessionTests {
  @Test func theSignUpTapeSession() async {
    let clock = TestClock()
    let initialState = SignUpFeature.State()
    let signUpData = initialState.$signUpData
    let store = TestStore(initialState: initialState) {
      SignUpFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.context = .live
      $0.defaultFileStorage = .inMemory()
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
      $0.uuid = .incrementing
      $0.stackElementID = .incrementing()
    }
    await store.send(.signUpButtonTapped) {
      $0.path.append(.basics(BasicsFeature.State(signUpData: signUpData)))
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "b")))))) {
      $0.signUpData.email = "b"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "bl")))))) {
      $0.signUpData.email = "bl"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blo")))))) {
      $0.signUpData.email = "blo"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob")))))) {
      $0.signUpData.email = "blob"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@")))))) {
      $0.signUpData.email = "blob@"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@e")))))) {
      $0.signUpData.email = "blob@e"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@ex")))))) {
      $0.signUpData.email = "blob@ex"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@exa")))))) {
      $0.signUpData.email = "blob@exa"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@exam")))))) {
      $0.signUpData.email = "blob@exam"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@examp")))))) {
      $0.signUpData.email = "blob@examp"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@exampl")))))) {
      $0.signUpData.email = "blob@exampl"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@example")))))) {
      $0.signUpData.email = "blob@example"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@example.")))))) {
      $0.signUpData.email = "blob@example."
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@example.c")))))) {
      $0.signUpData.email = "blob@example.c"
      $0.path[id: 0, case: \.basics]?.isCheckingEmail = true
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@example.co")))))) {
      $0.signUpData.email = "blob@example.co"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.email, "blob@example.com")))))) {
      $0.signUpData.email = "blob@example.com"
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 0, action: .basics(.spinnerTicked)))) {
      $0.path[id: 0, case: \.basics]?.spinnerFrame = 1
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 0, action: .basics(.spinnerTicked)))) {
      $0.path[id: 0, case: \.basics]?.spinnerFrame = 2
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 0, action: .basics(.spinnerTicked)))) {
      $0.path[id: 0, case: \.basics]?.spinnerFrame = 3
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 0, action: .basics(.spinnerTicked)))) {
      $0.path[id: 0, case: \.basics]?.spinnerFrame = 4
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 0, action: .basics(.emailChecked(email: "blob@example.com", .available))))) {
      $0.path[id: 0, case: \.basics]?.isCheckingEmail = false
      $0.path[id: 0, case: \.basics]?.availability = .available
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•")))))) {
      $0.signUpData.password = "•"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••")))))) {
      $0.signUpData.password = "••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••")))))) {
      $0.signUpData.password = "•••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••")))))) {
      $0.signUpData.password = "••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••••")))))) {
      $0.signUpData.password = "•••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••••")))))) {
      $0.signUpData.password = "••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••••••")))))) {
      $0.signUpData.password = "•••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••••••")))))) {
      $0.signUpData.password = "••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••••••••")))))) {
      $0.signUpData.password = "•••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••••••••")))))) {
      $0.signUpData.password = "••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••••••••••")))))) {
      $0.signUpData.password = "•••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••••••••••")))))) {
      $0.signUpData.password = "••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "•••••••••••••")))))) {
      $0.signUpData.password = "•••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.password, "••••••••••••••")))))) {
      $0.signUpData.password = "••••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•")))))) {
      $0.signUpData.passwordConfirmation = "•"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••")))))) {
      $0.signUpData.passwordConfirmation = "••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••")))))) {
      $0.signUpData.passwordConfirmation = "•••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••")))))) {
      $0.signUpData.passwordConfirmation = "••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••••")))))) {
      $0.signUpData.passwordConfirmation = "•••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••••")))))) {
      $0.signUpData.passwordConfirmation = "••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••••••")))))) {
      $0.signUpData.passwordConfirmation = "•••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••••••")))))) {
      $0.signUpData.passwordConfirmation = "••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••••••••")))))) {
      $0.signUpData.passwordConfirmation = "•••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••••••••")))))) {
      $0.signUpData.passwordConfirmation = "••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••••••••••")))))) {
      $0.signUpData.passwordConfirmation = "•••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••••••••••")))))) {
      $0.signUpData.passwordConfirmation = "••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "•••••••••••••")))))) {
      $0.signUpData.passwordConfirmation = "•••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.binding(.set(\.signUpData.passwordConfirmation, "••••••••••••••")))))) {
      $0.signUpData.passwordConfirmation = "••••••••••••••"
    }
    await store.send(.path(.element(id: 0, action: .basics(.nextButtonTapped)))) {
      $0.path.append(.personalInfo(PersonalInfoFeature.State(signUpData: signUpData)))
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.firstName, "B")))))) {
      $0.signUpData.firstName = "B"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.firstName, "Bl")))))) {
      $0.signUpData.firstName = "Bl"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.firstName, "Blo")))))) {
      $0.signUpData.firstName = "Blo"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.firstName, "Blob")))))) {
      $0.signUpData.firstName = "Blob"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "M")))))) {
      $0.signUpData.lastName = "M"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "Mc")))))) {
      $0.signUpData.lastName = "Mc"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "McB")))))) {
      $0.signUpData.lastName = "McB"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "McBl")))))) {
      $0.signUpData.lastName = "McBl"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "McBlo")))))) {
      $0.signUpData.lastName = "McBlo"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.lastName, "McBlob")))))) {
      $0.signUpData.lastName = "McBlob"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+")))))) {
      $0.signUpData.phone = "+"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1")))))) {
      $0.signUpData.phone = "+1"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 ")))))) {
      $0.signUpData.phone = "+1 "
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 5")))))) {
      $0.signUpData.phone = "+1 5"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 55")))))) {
      $0.signUpData.phone = "+1 55"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555")))))) {
      $0.signUpData.phone = "+1 555"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555 ")))))) {
      $0.signUpData.phone = "+1 555 "
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555 0")))))) {
      $0.signUpData.phone = "+1 555 0"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555 01")))))) {
      $0.signUpData.phone = "+1 555 01"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555 010")))))) {
      $0.signUpData.phone = "+1 555 010"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.binding(.set(\.signUpData.phone, "+1 555 0100")))))) {
      $0.signUpData.phone = "+1 555 0100"
    }
    await store.send(.path(.element(id: 1, action: .personalInfo(.nextButtonTapped)))) {
      $0.path.append(.topics(TopicsFeature.State(signUpData: signUpData)))
    }
    await store.send(.path(.element(id: 2, action: .topics(.binding(.set(\.signUpData.topics, [.architecture])))))) {
      $0.signUpData.topics = [.architecture]
    }
    await store.send(.path(.element(id: 2, action: .topics(.nextButtonTapped)))) {
      $0.path.append(.summary(SummaryFeature.State(signUpData: signUpData)))
    }
    await store.send(.path(.element(id: 3, action: .summary(.editPersonalInfoTapped)))) {
      $0.path[id: 3, case: \.summary]?.destination = .personalInfo(PersonalInfoFeature.State(signUpData: signUpData))
    }
    await store.send(.path(.element(id: 3, action: .summary(.destination(.presented(.personalInfo(.binding(.set(\.signUpData.firstName, "Blob "))))))))) {
      $0.signUpData.firstName = "Blob "
    }
    await store.send(.path(.element(id: 3, action: .summary(.destination(.presented(.personalInfo(.binding(.set(\.signUpData.firstName, "Blob J"))))))))) {
      $0.signUpData.firstName = "Blob J"
    }
    await store.send(.path(.element(id: 3, action: .summary(.destination(.presented(.personalInfo(.binding(.set(\.signUpData.firstName, "Blob Jr"))))))))) {
      $0.signUpData.firstName = "Blob Jr"
    }
    await store.send(.path(.element(id: 3, action: .summary(.destination(.dismiss))))) {
      $0.path[id: 3, case: \.summary]?.destination = nil
    }
    await store.send(.path(.element(id: 3, action: .summary(.submitButtonTapped)))) {
      $0.path[id: 3, case: \.summary]?.isSubmitting = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 3, action: .summary(.spinnerTicked)))) {
      $0.path[id: 3, case: \.summary]?.spinnerFrame = 1
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 3, action: .summary(.spinnerTicked)))) {
      $0.path[id: 3, case: \.summary]?.spinnerFrame = 2
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 3, action: .summary(.spinnerTicked)))) {
      $0.path[id: 3, case: \.summary]?.spinnerFrame = 3
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 3, action: .summary(.spinnerTicked)))) {
      $0.path[id: 3, case: \.summary]?.spinnerFrame = 4
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.path(.element(id: 3, action: .summary(.signUpSucceeded)))) {
      $0.path[id: 3, case: \.summary]?.isSubmitting = false
      $0.path[id: 3, case: \.summary]?.isSubmitted = true
    }
    await store.skipInFlightEffects(strict: false)
  }
}
