import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer` on a struct adds the `Reducer` conformance and makes `Action` (and the enums
/// nested in it) case-pathable, leaving a hand-written `body` or `reduce` alone. What the struct
/// leaves out is written for it: an empty `State` and `Action`, and a `body` that does nothing.
///
/// `@Reducer` on an enum whose cases hold reducers (`case basics(BasicsFeature)`) generates
/// the `State` and `Action` enums, the `body` that runs each case's reducer, and the
/// `CaseScope` that `store.case` destructures into child stores. A case may instead hold
/// `AlertState<…>` or `ConfirmationDialogState<…>`: it has state and an action but no reducer.
/// A case marked `@ReducerCaseIgnored`, and a case that does not hold exactly one type, holds
/// plain data: it is in `State` and `CaseScope` as written, and its action is `Never`.
/// `@Reducer(state: .equatable, action: .equatable)` adds conformances to the generated enums.
public enum ReducerMacro {
  /// One case of an enum reducer.
  struct ReducerCase {
    enum Kind {
      /// A feature: the type of its reducer and the expression that makes the reducer.
      case reducer(type: TypeSyntax, reducer: String)
      /// Alert or dialog state, with the type of its action.
      case ephemeral(state: TypeSyntax, action: TypeSyntax)
      /// Plain data: the case as written, with no action and no reducer.
      case ignored(EnumCaseElementSyntax)
    }
    let name: String
    let kind: Kind
  }

  static let ephemeralTypeNames: Set<String> = ["AlertState", "ConfirmationDialogState"]

  static func cases(of enumDecl: EnumDeclSyntax) -> [ReducerCase] {
    var result: [ReducerCase] = []
    for caseDecl in enumDecl.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) })
    {
      let attributes = caseDecl.attributes.names
      for element in caseDecl.elements {
        let name = element.name.text
        guard !attributes.contains("ReducerCaseIgnored"),
          let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first
        else {
          result.append(ReducerCase(name: name, kind: .ignored(element.withoutComma)))
          continue
        }
        let type = parameter.type.trimmed
        // Only a named type can be a feature (`Feature`, `Module.Feature`); a case holding
        // `[Item]` or `Item?` holds data.
        let named =
          type.as(IdentifierTypeSyntax.self)
          ?? type.as(MemberTypeSyntax.self).map {
            IdentifierTypeSyntax(name: $0.name, genericArgumentClause: $0.genericArgumentClause)
          }
        guard let named else {
          result.append(ReducerCase(name: name, kind: .ignored(element.withoutComma)))
          continue
        }
        if ephemeralTypeNames.contains(named.name.text),
          let argument = named.genericArgumentClause?.arguments.first
        {
          let action = TypeSyntax("\(raw: argument.argument.trimmedDescription)")
          result.append(ReducerCase(name: name, kind: .ephemeral(state: type, action: action)))
        } else if attributes.contains("ReducerCaseEphemeral") {
          // Ephemeral state of another type names its action type `Action`.
          let action = TypeSyntax("\(raw: type.trimmedDescription).Action")
          result.append(ReducerCase(name: name, kind: .ephemeral(state: type, action: action)))
        } else {
          let reducer = parameter.defaultValue?.value.trimmedDescription ?? "\(type)()"
          result.append(ReducerCase(name: name, kind: .reducer(type: type, reducer: reducer)))
        }
      }
    }
    return result
  }

  /// The conformances that `@Reducer(state: …, action: …)` asks for, by label.
  static func requestedConformances(_ node: AttributeSyntax) -> (state: [String], action: [String])
  {
    guard case let .argumentList(arguments) = node.arguments else { return ([], []) }
    let names = [
      "codable": "Codable", "decodable": "Decodable", "encodable": "Encodable",
      "equatable": "Equatable", "hashable": "Hashable", "sendable": "Sendable",
    ]
    var state: [String] = []
    var action: [String] = []
    var label = ""
    for argument in arguments {
      if let newLabel = argument.label?.text { label = newLabel }
      guard
        let member = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
        let conformance = names[member]
      else { continue }
      switch label {
      case "state": state.append(conformance)
      case "action": action.append(conformance)
      default: break
      }
    }
    return (state, action)
  }
}

// MARK: - Members

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return structMembers(of: structDecl, node: node, in: context)
    }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.error(
        "'@Reducer' can only be applied to a struct or an enum", id: "reducer-kind",
        at: node)
      return []
    }
    return enumMembers(of: enumDecl, node: node)
  }

  /// What an enum reducer generates: `State`, `Action`, `body`, `CaseScope` and `scope(_:)`,
  /// each unless the enum declares it.
  static func enumMembers(of enumDecl: EnumDeclSyntax, node: AttributeSyntax) -> [DeclSyntax] {
    let access = enumDecl.modifiers.accessPrefix
    let enumName = enumDecl.name.trimmed
    let cases = cases(of: enumDecl)
    let conformances = requestedConformances(node)
    let typeNames = enumDecl.memberTypeNames

    var stateCases: [String] = []
    var actionCases: [String] = []
    var scopes: [String] = []
    var caseScopeCases: [String] = []
    var scopeSwitch: [String] = []
    for reducerCase in cases {
      let name = reducerCase.name
      switch reducerCase.kind {
      case let .reducer(type, reducer):
        stateCases.append("case \(name)(\(type).State)")
        actionCases.append("case \(name)(\(type).Action)")
        scopes.append(
          "ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), "
            + "action: \\Self.Action.Cases.\(name)) { \(reducer) }")
        caseScopeCases.append("case \(name)(ComposableArchitecture.StoreOf<\(type)>)")
        scopeSwitch.append(
          """
          case .\(name):
            return .\(name)(store.scope(state: \\.\(name), action: \\.\(name))!)
          """)
      case let .ephemeral(state, action):
        stateCases.append("case \(name)(\(state))")
        actionCases.append("case \(name)(\(action))")
        caseScopeCases.append("case \(name)(\(state))")
        scopeSwitch.append(
          """
          case let .\(name)(state):
            return .\(name)(state)
          """)
      case let .ignored(element):
        stateCases.append("case \(element)")
        actionCases.append("case \(name)(Swift.Never)")
        caseScopeCases.append("case \(element)")
        if let parameters = element.parameterClause?.parameters, !parameters.isEmpty {
          let values = (0..<parameters.count).map { "v\($0)" }
          let arguments = zip(parameters, values).map { parameter, value in
            parameter.firstName.map { "\($0.text): \(value)" } ?? value
          }
          scopeSwitch.append(
            """
            case let .\(name)(\(values.joined(separator: ", "))):
              return .\(name)(\(arguments.joined(separator: ", ")))
            """)
        } else {
          scopeSwitch.append(
            """
            case .\(name):
              return .\(name)
            """)
        }
      }
    }
    let body =
      scopes.isEmpty
      ? "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()"
      : scopes.joined(separator: "\n")
    let scopeBody =
      scopeSwitch.isEmpty
      ? "fatalError(\"'\(enumName)' has no cases\")"
      : "switch store.state {\n\(scopeSwitch.joined(separator: "\n"))\n}"
    let stateConformances = (["ComposableArchitecture.CaseReducerState"] + conformances.state)
      .joined(separator: ", ")
    let actionConformances =
      conformances.action.isEmpty ? "" : ": " + conformances.action.joined(separator: ", ")

    var members: [DeclSyntax] = []
    if !typeNames.contains("State") {
      members.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: \(raw: stateConformances) {
          \(raw: access)typealias StateReducer = \(enumName)
          \(raw: stateCases.joined(separator: "\n"))
        }
        """)
    }
    if !typeNames.contains("Action") {
      members.append(
        """
        @CasePathable
        \(raw: access)enum Action\(raw: actionConformances) {
          \(raw: actionCases.joined(separator: "\n"))
        }
        """)
    }
    let declaresBody = enumDecl.memberBlock.members.contains {
      $0.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      } ?? false
    }
    if !declaresBody {
      members.append(
        """
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        \(raw: access)static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          \(raw: body)
        }
        """)
    }
    if !typeNames.contains("CaseScope") {
      members.append(
        """
        \(raw: access)enum CaseScope {
          \(raw: caseScopeCases.joined(separator: "\n"))
        }
        """)
    }
    let declaresScope = enumDecl.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
    }
    if !declaresScope {
      members.append(
        """
        @MainActor
        \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          \(raw: scopeBody)
        }
        """)
    }
    return members
  }
}

extension ReducerMacro {
  /// What a struct reducer leaves out: `State`, `Action` and `body`.
  static func structMembers(
    of structDecl: StructDeclSyntax, node: AttributeSyntax,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    if case let .argumentList(arguments) = node.arguments, !arguments.isEmpty {
      let bare = node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)
      context.error(
        """
        '@Reducer' takes no arguments on a struct: 'state:' and 'action:' add conformances to \
        the enums that '@Reducer' generates for an enum
        """,
        id: "reducer-struct-arguments", at: arguments,
        fixIts: [
          .replace(
            message: MacroFixIt(message: "Remove the arguments", id: "remove-arguments"),
            oldNode: node, newNode: bare)
        ])
    }
    let access = structDecl.modifiers.accessPrefix
    let typeNames = structDecl.memberTypeNames
    let open = openAssociatedTypes(of: structDecl)
    var members: [DeclSyntax] = []
    if !typeNames.contains("State"), open.state {
      members.append(
        """
        @ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """)
    }
    if !typeNames.contains("Action"), open.action {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasBody(structDecl) {
      members.append(
        "\(raw: access)let body = ComposableArchitecture.EmptyReducer<State, Action>()")
    }
    return members
  }

  /// Whether the struct defines `body` or `reduce(into:action:)`.
  static func hasBody(_ structDecl: StructDeclSyntax) -> Bool {
    structDecl.memberBlock.members.contains { member in
      if let property = member.decl.as(VariableDeclSyntax.self), !property.modifiers.isStatic {
        return property.bindings.contains {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
        }
      }
      return reduceMethodTypes(member.decl) != nil
    }
  }

  /// The types of the parameters of a `reduce(into:action:)` method.
  static func reduceMethodTypes(_ decl: DeclSyntax) -> (state: TypeSyntax, action: TypeSyntax)? {
    guard let function = decl.as(FunctionDeclSyntax.self), function.name.text == "reduce",
      !function.modifiers.isStatic
    else { return nil }
    let parameters = Array(function.signature.parameterClause.parameters)
    guard parameters.count == 2, parameters[0].firstName.text == "into",
      parameters[1].firstName.text == "action"
    else { return nil }
    let state = parameters[0].type.as(AttributedTypeSyntax.self)?.baseType ?? parameters[0].type
    return (state.trimmed, parameters[1].type.trimmed)
  }

  /// Whether the struct's `body` or `reduce(into:action:)` leaves `State` and `Action` to be
  /// the struct's own (so the macro may write the missing ones), or names other types.
  ///
  /// `some ReducerOf<Self>`, `some Reducer<State, Action>` and `reduce(into state: inout
  /// State, action: Action)` leave them open; `some Reducer<Int, Never>`, `some ReducerOf<Base>`
  /// and `let body = Reduce<Int, Never> { … }` do not.
  static func openAssociatedTypes(of structDecl: StructDeclSyntax) -> (state: Bool, action: Bool) {
    let name = structDecl.name.text
    let ownState: Set<String> = ["State", "Self.State", "\(name).State"]
    let ownAction: Set<String> = ["Action", "Self.Action", "\(name).Action"]
    var open = (state: true, action: true)
    for member in structDecl.memberBlock.members {
      if let types = reduceMethodTypes(member.decl) {
        open.state = open.state && ownState.contains(types.state.trimmedDescription)
        open.action = open.action && ownAction.contains(types.action.trimmedDescription)
        continue
      }
      guard let property = member.decl.as(VariableDeclSyntax.self),
        !property.modifiers.isStatic
      else { continue }
      for binding in property.bindings
      where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" {
        guard binding.initializer == nil, let type = binding.typeAnnotation?.type else {
          return (false, false)
        }
        let arguments = genericArguments(of: type)
        switch arguments.count {
        case 1:
          let isOwn = ["Self", name].contains(arguments[0])
          open = (open.state && isOwn, open.action && isOwn)
        case 2:
          open = (
            open.state && ownState.contains(arguments[0]),
            open.action && ownAction.contains(arguments[1])
          )
        default:
          return (false, false)
        }
      }
    }
    return open
  }
}

// MARK: - Member attributes

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    // A conformance written by a macro does not carry the protocol's result builder to `body`
    // (Swift infers it only from conformances in the same declaration), so it is spelled out.
    // A stored `let body = …` takes no builder.
    if declaration.is(StructDeclSyntax.self), let property = member.as(VariableDeclSyntax.self),
      property.identifier?.text == "body", !property.modifiers.isStatic,
      !property.attributes.contains(named: "ReducerBuilder"),
      let binding = property.singleBinding, binding.initializer == nil,
      binding.accessorBlock != nil
    {
      return ["@ComposableArchitecture.ReducerBuilder<\(raw: builderArguments(of: binding))>"]
    }
    guard let nested = member.as(EnumDeclSyntax.self) else { return [] }
    let existing = nested.attributes.names
    var attributes: [AttributeSyntax] = []
    if declaration.is(StructDeclSyntax.self) {
      switch nested.name.text {
      case "Action":
        if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
        if !existing.contains("_ReducerAction") {
          attributes.append("@ComposableArchitecture._ReducerAction")
        }
      case "State":
        if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
        if !existing.contains("dynamicMemberLookup") {
          attributes.append("@dynamicMemberLookup")
        }
      default:
        break
      }
    } else if declaration.is(EnumDeclSyntax.self) {
      // Enums of actions nested in an enum reducer (`enum Alert { case confirm }`).
      if !existing.contains("CasePathable") { attributes.append("@CasePathable") }
    }
    return attributes
  }
}

extension ReducerMacro {
  /// The state and action types of a `body`'s builder, from its type: `Int, Bool` for `some
  /// Reducer<Int, Bool>`, `Base.State, Base.Action` for `some ReducerOf<Base>`, and the
  /// reducer's own otherwise.
  static func builderArguments(of binding: PatternBindingSyntax) -> String {
    let arguments = binding.typeAnnotation.map { genericArguments(of: $0.type) } ?? []
    switch arguments.count {
    case 1: return "\(arguments[0]).State, \(arguments[0]).Action"
    case 2: return arguments.joined(separator: ", ")
    default: return "Self.State, Self.Action"
    }
  }

  /// The generic arguments of `some Reducer<A, B>`, `some ReducerOf<R>` or `Reduce<A, B>`.
  static func genericArguments(of type: TypeSyntax) -> [String] {
    let constraint = type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
    let clause =
      constraint.as(IdentifierTypeSyntax.self)?.genericArgumentClause
      ?? constraint.as(MemberTypeSyntax.self)?.genericArgumentClause
    return clause?.arguments.map(\.argument.trimmedDescription) ?? []
  }
}

// MARK: - Conformances

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let inherited = declaration.inheritedTypeNames
    let missing = protocols.map(\.trimmedDescription).filter {
      !inherited.contains(String($0.split(separator: ".").last ?? ""))
    }
    if declaration.is(StructDeclSyntax.self) {
      guard missing.contains(where: { $0.split(separator: ".").last == "Reducer" }) else {
        return []
      }
      return [
        try ExtensionDeclSyntax("extension \(type.trimmed): ComposableArchitecture.Reducer {}")
      ]
    }
    if declaration.is(EnumDeclSyntax.self) {
      guard !missing.isEmpty else { return [] }
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {}"
        )
      ]
    }
    return []
  }
}

/// Attached by `@Reducer` to a reducer's `Action`: makes the enums nested in it (`Delegate`,
/// `Alert`, …) case-pathable, so case key paths reach through them
/// (`\.path[id: 0].counter.delegate.goToCounter`).
public enum ReducerActionMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let nested = member.as(EnumDeclSyntax.self),
      !nested.attributes.contains(named: "CasePathable")
    else { return [] }
    return ["@CasePathable"]
  }
}

/// `@ReducerCaseIgnored` and `@ReducerCaseEphemeral` mark cases of a `@Reducer` enum, which
/// reads them; on their own they add nothing.
public enum ReducerCaseMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(EnumCaseDeclSyntax.self) {
      context.error(
        "'@\(node.attributeName.trimmedDescription)' marks a case of a '@Reducer' enum",
        id: "reducer-case-marker", at: node)
    }
    return []
  }
}

extension EnumCaseElementSyntax {
  /// The case without the comma that separates it from the next one in `case a, b`.
  fileprivate var withoutComma: Self {
    with(\.trailingComma, nil).trimmed
  }
}
