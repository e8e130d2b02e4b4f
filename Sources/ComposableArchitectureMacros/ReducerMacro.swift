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
public enum ReducerMacro {
  /// One case of an enum reducer.
  struct ReducerCase {
    enum Kind {
      case reducer(TypeSyntax)
      /// Alert or dialog state, with the type of its action.
      case ephemeral(state: TypeSyntax, action: TypeSyntax)
    }
    let name: String
    let kind: Kind
  }

  static func cases(
    of enumDecl: EnumDeclSyntax, in context: some MacroExpansionContext, diagnose: Bool
  ) -> [ReducerCase] {
    var result: [ReducerCase] = []
    for caseDecl in enumDecl.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) })
    {
      for element in caseDecl.elements {
        let name = element.name.text
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first
        else {
          if diagnose {
            context.error(
              """
              '@Reducer' enum case '\(name)' must hold one reducer type, as in \
              'case \(name)(\(name.prefix(1).uppercased() + name.dropFirst())Feature)'
              """,
              id: "reducer-enum-case", at: element)
          }
          continue
        }
        let type = parameter.type.trimmed
        if let identifier = type.as(IdentifierTypeSyntax.self)
          ?? type.as(MemberTypeSyntax.self).map({
            IdentifierTypeSyntax(name: $0.name, genericArgumentClause: $0.genericArgumentClause)
          }),
          ["AlertState", "ConfirmationDialogState"].contains(identifier.name.text),
          let argument = identifier.genericArgumentClause?.arguments.first
        {
          let action = TypeSyntax("\(raw: argument.argument.trimmedDescription)")
          result.append(ReducerCase(name: name, kind: .ephemeral(state: type, action: action)))
        } else {
          result.append(ReducerCase(name: name, kind: .reducer(type)))
        }
      }
    }
    return result
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return structMembers(of: structDecl)
    }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.error(
        "'@Reducer' can only be applied to a struct or an enum", id: "reducer-kind",
        at: node)
      return []
    }
    let access = enumDecl.modifiers.accessPrefix
    let enumName = enumDecl.name.trimmed
    let cases = cases(of: enumDecl, in: context, diagnose: true)

    var stateCases: [String] = []
    var actionCases: [String] = []
    var scopes: [String] = []
    var caseScopeCases: [String] = []
    var scopeSwitch: [String] = []
    for reducerCase in cases {
      let name = reducerCase.name
      switch reducerCase.kind {
      case let .reducer(type):
        stateCases.append("case \(name)(\(type).State)")
        actionCases.append("case \(name)(\(type).Action)")
        scopes.append(
          "ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), "
            + "action: \\Self.Action.Cases.\(name)) { \(type)() }")
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

    return [
      """
      @CasePathable
      @dynamicMemberLookup
      @ObservableState
      \(raw: access)enum State: ComposableArchitecture.CaseReducerState {
        \(raw: access)typealias StateReducer = \(enumName)
        \(raw: stateCases.joined(separator: "\n"))
      }
      """,
      """
      @CasePathable
      \(raw: access)enum Action {
        \(raw: actionCases.joined(separator: "\n"))
      }
      """,
      """
      @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
        \(raw: body)
      }
      """,
      """
      \(raw: access)enum CaseScope {
        \(raw: caseScopeCases.joined(separator: "\n"))
      }
      """,
      """
      @MainActor
      \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        \(raw: scopeBody)
      }
      """,
    ]
  }
}

extension ReducerMacro {
  /// What a struct reducer leaves out: `State`, `Action` and `body`.
  static func structMembers(of structDecl: StructDeclSyntax) -> [DeclSyntax] {
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
