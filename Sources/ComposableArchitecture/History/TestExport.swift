/// How ``StoreHistory/exportTest(_:state:action:)`` writes a session as a test.
public struct TestExportOptions: Sendable {
  /// The name of the suite (a struct).
  public var suiteName: String
  /// The name of the test function.
  public var testName: String
  /// The reducer the test store runs, as source (`SignUpFeature()`); by default the type that
  /// declares the exported state type, called with no arguments.
  public var reducer: String?
  /// Modules to import besides `ComposableArchitecture`, `Foundation`, `Testing` and the
  /// module of the exported state (imported `@testable`).
  public var imports: [String]
  /// Lines for the test store's `withDependencies` closure, besides the test clock the test
  /// advances (`$0.continuousClock = clock`): the dependencies the session ran with.
  public var dependencies: [String]
  /// A comment at the top of the file, one line per element.
  public var header: [String]

  public init(
    suiteName: String = "ExportedSessionTests", testName: String = "session",
    reducer: String? = nil, imports: [String] = [], dependencies: [String] = [],
    header: [String] = []
  ) {
    self.suiteName = suiteName
    self.testName = testName
    self.reducer = reducer
    self.imports = imports
    self.dependencies = dependencies
    self.header = header
  }
}

/// A session written as a Swift Testing test: its source and what went into it.
public struct ExportedTest: Equatable, Sendable {
  /// The source of the file.
  public var source: String
  /// How many actions it sends, one per action sent from outside the store.
  public var sends: Int
  /// How many actions it receives, one per action an effect sent.
  public var receives: Int
  /// What the test leaves out or does not assert, one line each (empty when it asserts every
  /// change of the session).
  public var omissions: [String]
}

extension StoreHistory {
  /// Writes the recorded session as a Swift Testing test of the feature: a `TestStore` from the
  /// oldest state kept, one `send` per action sent from outside the store and one `receive` per
  /// action an effect sent, each with the state it changed written as assignments, and the
  /// test clock advanced by the time that passed between them.
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// let history = store.recordHistory()!
  /// // … the user plays with the app …
  /// let test = history.exportTest(TestExportOptions(testName: "signUpThenSubmit"))
  /// try test.source.write(toFile: "SignUpSessionTests.swift", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// `state` and `action` narrow the test to one feature of the store: for example the study on
  /// top of an app's stack. Entries whose action is not the feature's are left out; the test
  /// ends where the feature's state is gone.
  ///
  /// States are written through the shapes `@ObservableState` gives them: each struct with the
  /// initializer that leaves the fewest fields to assign after it. Shared values the first state
  /// holds become variables, so children built later share them as in the app. Secrets
  /// (``SecureFields``, or strings a type's dump hides) are written as bullets. What cannot be
  /// written as source (a change from outside the store, a value without a literal) is listed
  /// in ``ExportedTest/omissions``, and the step that holds it is not asserted exhaustively.
  public func exportTest(
    _ options: TestExportOptions = TestExportOptions(),
    state focusState: (State) -> Any? = { $0 },
    action focusAction: (Action) -> Any? = { $0 }
  ) -> ExportedTest {
    let entries = (firstSequence...lastSequence).compactMap(stored)
    guard let startIndex = entries.firstIndex(where: { focusState($0.state) != nil }),
      let first = focusState(entries[startIndex].state)
    else {
      return ExportedTest(
        source: "", sends: 0, receives: 0, omissions: ["no entry holds the feature's state"])
    }
    let stateType = type(of: first)
    let module = String(reflecting: stateType).prefix { $0 != "." }
    let writer = SourceWriter(modules: Set(options.imports + [String(module)]))

    // Read every state first: stack ids are numbered, and secrets collected, across all of
    // them before anything is written.
    var steps: [(entry: Entry, action: Any?, actionNode: SourceNode?, state: SourceNode)] = []
    var omissions: [String] = []
    let initial = withSharedValues(at: entries[startIndex].sequence) { writer.node(first) }
    for entry in entries[(startIndex + 1)...] {
      guard let state = focusState(entry.state) else {
        omissions.append("the feature's state is gone after entry \(entry.sequence)")
        break
      }
      let node = withSharedValues(at: entry.sequence) { writer.node(state) }
      let action = entry.action.flatMap(focusAction)
      if entry.action != nil, action == nil {
        if steps.last?.state ?? initial != node {
          omissions.append("entry \(entry.sequence), another feature's action, changed the state")
        }
        continue
      }
      steps.append((entry, action, action.map(writer.node), node))
    }

    var body: [String] = []
    let reducer =
      options.reducer
      ?? (writer.typeName(stateType).hasSuffix(".State")
        ? String(writer.typeName(stateType).dropLast(".State".count)) + "()" : "Reducer()")
    body.append("let clock = TestClock()")
    // The first state as its initializers' defaults make it, else with its shared references
    // as variables the later states name.
    var initialState = writer.expression(initial, at: "initialState")
    var variables: [ObjectIdentifier: String] = [:]
    if initialState == nil {
      var declarations: [String] = []
      declareShared(in: initial, writer: writer, into: &declarations)
      body += declarations
      variables = writer.sharedNames
      initialState = writer.expression(initial, at: "initialState")
    }
    if let (expression, fixes) = initialState {
      if fixes.isEmpty {
        body.append("let initialState = \(expression)")
      } else {
        body.append("var initialState = \(expression)")
        body += fixes
      }
      // The references the first state made for itself, named for the children made later.
      writer.sharedNames = variables
      nameShared(in: initial, at: "initialState", writer: writer)
      let made = writer.sharedNames.filter { variables[$0.key] == nil }.sorted {
        $0.value < $1.value
      }
      for (identity, location) in made {
        let name = freeName(
          String(location.split(separator: "$").last ?? "shared"), taken: variables.values)
        variables[identity] = name
        body.append("let \(name) = \(location)")
      }
    } else {
      omissions.append("the first state has no initializer the test can call")
      body.append("let initialState = \(writer.typeName(stateType))()")
    }
    body.append("let store = TestStore(initialState: initialState) {")
    body.append("  \(reducer)")
    body.append("} withDependencies: {")
    body.append("  $0.continuousClock = clock")
    body += options.dependencies.map { "  " + $0 }
    body.append("}")

    var sends = 0
    var receives = 0
    var previous = initial
    var time = milliseconds(entries[startIndex].time)
    steps: for step in steps {
      let now = milliseconds(step.entry.time)
      if now > time {
        body.append(
          "await clock.advance(by: \(writer.durationLiteral(.milliseconds(now - time))))")
        time = now
      }
      writer.sharedNames = variables
      nameShared(in: previous, at: "$0", writer: writer)
      let assertion = StateAssertion(from: previous, to: step.state, writer: writer)
      previous = step.state
      // The call of the step; `nil` for a change an effect made without an action.
      let call: String?
      switch step.entry.origin {
      case .start:
        continue steps
      case .sharedChange(let description):
        omissions.append("\(description) changed outside the store (entry \(step.entry.sequence))")
        body.append(
          "// \(description) changed outside the store here: the test leaves it as it was.")
        continue steps
      case .send:
        guard let node = step.actionNode, let action = writer.expression(node) else {
          omissions.append(
            "entry \(step.entry.sequence): an action with no literal; the test stops")
          break steps
        }
        sends += 1
        call = "await store.send(\(action))"
      case .effect:
        guard let node = step.actionNode else {
          call = nil
          break
        }
        guard let action = receivedAction(node, step.action, writer) else {
          omissions.append(
            "entry \(step.entry.sequence): an action with no literal; the test stops")
          break steps
        }
        receives += 1
        call = "await store.receive(\(action))"
      }
      if call == nil, assertion.statements.isEmpty, assertion.unwritten.isEmpty {
        continue steps
      }
      if !assertion.unwritten.isEmpty {
        omissions.append(
          "entry \(step.entry.sequence) changed what the test cannot write: "
            + assertion.unwritten.joined(separator: ", "))
        body.append("store.exhaustivity = .off(showSkippedAssertions: false)")
      }
      if assertion.statements.isEmpty {
        body.append(call ?? "store.assert { _ in }")
      } else {
        body.append("\(call ?? "store.assert") {")
        body += assertion.statements.map { "  " + $0 }
        body.append("}")
      }
      if !assertion.unwritten.isEmpty {
        body.append("store.exhaustivity = .on")
      }
    }
    body.append("await store.skipInFlightEffects(strict: false)")

    var lines = options.header.map { $0.isEmpty ? "//" : "// " + $0 }
    if !omissions.isEmpty {
      if !lines.isEmpty { lines.append("//") }
      lines.append("// Not asserted:")
      lines += omissions.map { "// - " + $0 }
    }
    if !lines.isEmpty { lines.append("") }
    let imports = Set(["ComposableArchitecture", "Foundation", "Testing"] + options.imports)
      .subtracting([String(module)])
    lines += imports.sorted().map { "import \($0)" }
    lines.append("@testable import \(module)")
    lines.append("")
    lines.append("@MainActor")
    lines.append("struct \(options.suiteName) {")
    lines.append("  @Test func \(options.testName)() async {")
    lines += body.map { "    " + $0 }
    lines.append("  }")
    lines.append("}")
    return ExportedTest(
      // Safe to `cat`: in a string literal an escape is the same scalar, in a comment inert.
      source: terminalSafe(lines.joined(separator: "\n") + "\n"), sends: sends,
      receives: receives, omissions: omissions)
  }

  /// A received action: the action itself when actions can be compared, else its case key path.
  private func receivedAction(_ node: SourceNode, _ action: Any?, _ writer: SourceWriter)
    -> String?
  {
    guard action is any Equatable else { return caseKeyPath(node, writer) }
    return writer.expression(node)
  }

  /// Names each shared reference `state` holds outside optionals and collections by where it
  /// is (`$0.$signUpData`), unless a variable names it already.
  private func nameShared(in node: SourceNode, at path: String, writer: SourceWriter) {
    guard case .structure(let structure) = node else { return }
    for field in structure.fields {
      if field.kind == .shared, case .shared(let identity, _) = field.node {
        if writer.sharedNames[identity] == nil {
          writer.sharedNames[identity] = "\(path).$\(field.name)"
        }
      } else {
        nameShared(in: field.node, at: "\(path).\(field.name)", writer: writer)
      }
    }
  }

  /// `\.path[id: 0].basics.spinnerTicked` for an action, as far as its cases go.
  private func caseKeyPath(_ node: SourceNode, _ writer: SourceWriter) -> String? {
    var path = "\\"
    var node = node
    while case .enumCase(let name, let arguments) = node {
      if name == "element", arguments.count == 2, arguments[0].label == "id",
        let id = writer.expression(arguments[0].node)
      {
        path += "[id: \(id)]"
        node = arguments[1].node
        continue
      }
      if name != "presented" { path += ".\(name)" }
      guard arguments.count == 1 else { break }
      node = arguments[0].node
    }
    return path == "\\" ? nil : path
  }

  /// `let signUpData = Shared(value: …)` for each shared reference of the first state, named
  /// after the field that holds it.
  private func declareShared(
    in node: SourceNode, writer: SourceWriter, into declarations: inout [String]
  ) {
    switch node {
    case .structure(let structure):
      for field in structure.fields {
        if field.kind == .shared, case .shared(let identity, let value) = field.node,
          writer.sharedNames[identity] == nil, let expression = writer.expression(value)
        {
          let name = freeName(field.name, taken: writer.sharedNames.values)
          declarations.append("let \(name) = Shared(value: \(expression))")
          writer.sharedNames[identity] = name
        }
        declareShared(in: field.node, writer: writer, into: &declarations)
      }
    case .optional(let wrapped?):
      declareShared(in: wrapped, writer: writer, into: &declarations)
    case .enumCase(_, let arguments):
      for argument in arguments {
        declareShared(in: argument.node, writer: writer, into: &declarations)
      }
    case .stack(let elements):
      for element in elements {
        declareShared(in: element.node, writer: writer, into: &declarations)
      }
    case .array(let elements), .set(let elements):
      for element in elements { declareShared(in: element, writer: writer, into: &declarations) }
    default:
      break
    }
  }

  /// `base`, or `base2`, `base3`… when a variable already has that name.
  private func freeName(_ base: String, taken: some Sequence<String>) -> String {
    let taken = Set(taken)
    var name = base
    var suffix = 2
    while taken.contains(name) {
      name = base + "\(suffix)"
      suffix += 1
    }
    return name
  }

  private func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
