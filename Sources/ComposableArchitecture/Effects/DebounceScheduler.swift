#if CombineSchedulers
  import OpenCombineShim

  extension Effect {
    /// Waits on a Combine scheduler before running the effect, starting over whenever another
    /// effect with the same identifier is debounced meanwhile: only the last of a burst runs.
    /// Only with the package's CombineSchedulers trait.
    ///
    /// <!-- fragment: compiled only with the CombineSchedulers trait; the outside tier builds it -->
    /// ```swift
    /// @Dependency(\.mainQueue) var mainQueue
    /// // …
    /// case let .searchQueryChanged(query):
    ///   state.query = query
    ///   return .run { send in await send(.searchResponse(try await api.search(query))) }
    ///     .debounce(id: CancelID.search, for: .milliseconds(300), scheduler: mainQueue)
    /// ```
    ///
    /// In a test, `DispatchQueue.test` stands for the main queue and `advance(by:)` moves it
    /// on. New code can debounce on a clock instead: ``debounce(id:for:clock:)``.
    public func debounce<S: Scheduler>(
      id: some Hashable & Sendable,
      for dueTime: S.SchedulerTimeType.Stride,
      scheduler: S,
      options: S.SchedulerOptions? = nil
    ) -> Self {
      let wait = UncheckedSendable((scheduler, dueTime, options))
      return debounced(id: id) {
        let (scheduler, dueTime, options) = wait.value
        try await scheduler.sleep(for: dueTime, options: options)
      }
    }
  }
#endif
