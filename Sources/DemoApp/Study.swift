import DemoSupport
import TerminalUI

/// A case study in the root menu: one of ``allCases``, registered in `Studies.swift`.
public struct Study: Hashable, Sendable, CustomStringConvertible {
  /// The study's feature.
  public let type: any CaseStudy.Type

  /// The study of `type`.
  public init(_ type: any CaseStudy.Type) {
    self.type = type
  }

  /// The name `--open` takes, like `shared-state`.
  public var rawValue: String { type.name }
  /// The title in the menu and the breadcrumb.
  public var title: String { type.title }
  /// What the study shows, in one line.
  public var summary: String { type.summary }
  public var description: String { rawValue }

  /// The study named `name`, or an error listing the names there are.
  public static func named(_ name: String) throws(DemoError) -> Study {
    guard let study = allCases.first(where: { $0.rawValue == name }) else {
      throw DemoError(
        "unknown study \"\(name)\"; the studies are: "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return study
  }

  /// The study's screen as the menu opens it, or as `deepLink` opens it.
  public func screen(deepLink: String? = nil) throws(DemoError) -> AnyStudy.State {
    let study: any CaseStudy.Type = type
    guard let deepLink else { return AnyStudy.State(study) }
    func make<S: CaseStudy>(_ study: S.Type) throws -> AnyStudy.State {
      AnyStudy.State(study, try study.makeState(deepLink: deepLink))
    }
    do {
      return try make(study)
    } catch {
      throw DemoError("\(error)")
    }
  }

  public static func == (lhs: Study, rhs: Study) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}

/// A problem with the command line or the app's input, worded for the user.
public struct DemoError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, safe to print: what it quotes of the input (a path, an option's value, a
  /// tape's line) cannot act on the terminal (`terminalSafe(_:multiline:)`).
  public var description: String
  /// Creates an error with a message.
  public init(_ description: String) { self.description = terminalSafe(description) }
}
