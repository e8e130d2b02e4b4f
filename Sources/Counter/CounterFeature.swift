import ComposableArchitecture
import PrimeModal

/// A counter that asks whether its count is prime (in the prime modal) and what the nth prime
/// is, for n the count.
///
/// <!-- context: core-counter-parent -->
/// ```swift
/// Scope(state: \.counter, action: \.counter) { Counter() }
/// ```
///
/// The nth prime is searched for off the main actor with progress; a second request replaces a
/// running one, `cancelNthPrimeButtonTapped` stops it, and a count below 1 gets an explanation
/// instead of a search.
@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    /// The count, and the n of "what is the nth prime?".
    public var count: Int
    /// The favourite primes the prime modal saves to.
    @Shared public var favoritePrimes: [Int]
    /// The prime modal, when "is this prime?" was asked.
    @Presents public var primeModal: PrimeModal.State?
    /// The nth prime's answer, or why there is none.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The running nth-prime search, or `nil` when none is running.
    public var nthPrimeProgress: NthPrimeProgress?

    /// A counter at `count` saving to `favoritePrimes`.
    public init(
      count: Int = 0,
      favoritePrimes: Shared<[Int]>,
      nthPrimeProgress: NthPrimeProgress? = nil
    ) {
      self.count = count
      self._favoritePrimes = favoritePrimes
      self.nthPrimeProgress = nthPrimeProgress
    }

    /// The count and the favourites, packaged for the prime modal; writing it writes both back.
    public var primeModalState: PrimeModalState {
      get { PrimeModalState(count: count, favoritePrimes: $favoritePrimes) }
      set {
        count = newValue.count
        $favoritePrimes = newValue.$favoritePrimes
      }
    }

    /// Whether a search is running, so the "nth prime" button is disabled.
    public var isNthPrimeButtonDisabled: Bool { nthPrimeProgress != nil }

    /// The label of the "nth prime" button, for example "What is the 3rd prime?".
    public var nthPrimeButtonTitle: String { "What is the \(ordinal(count)) prime?" }
  }

  /// What the counter's buttons and its search send.
  public enum Action: Equatable, Sendable {
    /// The alert's OK button or its dismissal.
    case alert(PresentationAction<Alert>)
    /// Stops the running search (Esc).
    case cancelNthPrimeButtonTapped
    /// Counts down by one.
    case decrementButtonTapped
    /// Counts up by one.
    case incrementButtonTapped
    /// Opens the prime modal on the count.
    case isPrimeButtonTapped
    /// Starts the search for the nth prime, n the count.
    case nthPrimeButtonTapped
    /// The running search's progress.
    case nthPrimeProgressed(NthPrimeProgress)
    /// The search's answer.
    case nthPrimeResponse(n: Int, prime: Int)
    /// The prime modal's actions and its dismissal.
    case primeModal(PresentationAction<PrimeModal.Action>)

    /// The alert only has an OK button.
    public enum Alert: Equatable, Sendable {}
  }

  enum CancelID { case nthPrime }

  @Dependency(\.nthPrime) var nthPrime

  /// Creates the reducer; the search comes from `@Dependency(\.nthPrime)`.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert, .primeModal:
        return .none
      case .cancelNthPrimeButtonTapped:
        state.nthPrimeProgress = nil
        return .cancel(id: CancelID.nthPrime)
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .isPrimeButtonTapped:
        state.primeModal = state.primeModalState
        return .none
      case .nthPrimeButtonTapped:
        let n = state.count
        guard n >= 1 else {
          state.alert = .message(
            "There is no \(ordinal(n)) prime: primes are counted from the 1st (2). "
              + "Count up to 1 or more first.")
          return .none
        }
        state.nthPrimeProgress = NthPrimeProgress(n: n)
        return .run { [nthPrime] send in
          for await event in nthPrime.search(n) {
            switch event {
            case let .progress(progress):
              await send(.nthPrimeProgressed(progress))
            case let .found(prime):
              await send(.nthPrimeResponse(n: n, prime: prime))
            }
          }
        }
        .cancellable(id: CancelID.nthPrime, cancelInFlight: true)
      case let .nthPrimeProgressed(progress):
        guard state.nthPrimeProgress?.n == progress.n else { return .none }
        state.nthPrimeProgress = progress
        return .none
      case let .nthPrimeResponse(n, prime):
        state.nthPrimeProgress = nil
        state.alert = .message("The \(ordinal(n)) prime is \(prime).")
        return .none
      }
    }
    .ifLet(\.$primeModal, action: \.primeModal) { PrimeModal() }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == Counter.Action.Alert {
  /// An alert with a message and an OK button.
  static func message(_ text: String) -> Self {
    AlertState {
      TextState(text)
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    }
  }
}

/// An ordinal in English: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, -1st.
func ordinal(_ number: Int) -> String {
  let magnitude = number.magnitude
  let suffix: String
  switch (magnitude % 10, magnitude % 100) {
  case (_, 11...13): suffix = "th"
  case (1, _): suffix = "st"
  case (2, _): suffix = "nd"
  case (3, _): suffix = "rd"
  default: suffix = "th"
  }
  return "\(number)\(suffix)"
}
