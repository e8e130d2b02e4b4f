import ComposableArchitecture
import Foundation
import IssueReporting
import Synchronization

/// What the coverage-guided fuzzer drives for `@Shared(.fileStorage)` (`make fuzz-coverage`,
/// target `file-storage`), and what `make test` replays from `Tests/Fuzz/file-storage`: any
/// bytes as the contents of a state file.
///
/// The property, against a plain `JSONDecoder` as the model: contents that decode give that
/// value, with no issue and the file untouched; any other contents give the default value,
/// one issue that says the file could not be decoded, and the file kept aside byte for byte.
/// Either way the next change is written at once and reads back as what was set.
///
/// For example, `FileStorageTarget.run(Array(#"{"count": 3}"#.utf8))` is `nil`.
public enum FileStorageTarget {
  /// The value the file holds: strings, numbers, arrays, an optional enum, and defaults for
  /// missing keys, as a user's state has.
  struct Settings: Codable, Equatable, Sendable {
    var name = "default"
    var count = 0
    var ratios: [Double] = []
    var theme: Theme?

    enum Theme: String, Codable, Sendable {
      case dark, light
    }

    init(name: String = "default", count: Int = 0, ratios: [Double] = [], theme: Theme? = nil) {
      (self.name, self.count, self.ratios, self.theme) = (name, count, ratios, theme)
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decodeIfPresent(String.self, forKey: .name) ?? "default"
      count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
      ratios = try container.decodeIfPresent([Double].self, forKey: .ratios) ?? []
      theme = try container.decodeIfPresent(Theme.self, forKey: .theme)
    }
  }

  /// Every issue reported while the target runs.
  final class Issues: IssueReporter, Sendable {
    private let messages = Mutex<[String]>([])
    var all: [String] { messages.withLock { $0 } }

    func reportIssue(
      _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
      filePath: StaticString, line: UInt, column: UInt
    ) {
      let text = message() ?? ""
      messages.withLock { $0.append(text) }
    }
  }

  /// Runs the target on one file's contents; returns what went wrong, or `nil`.
  public static func run(_ contents: [UInt8]) -> String? {
    let data = Data(contents)
    let url = URL(fileURLWithPath: "/state/settings.json")
    let storage = FileStorage.inMemory()
    do { try storage.save(data, url) } catch { return "the in-memory file was not written" }
    let expected = try? JSONDecoder().decode(Settings.self, from: data)
    let issues = Issues()
    return withIssueReporters([issues]) {
      withDependencies {
        $0.defaultFileStorage = storage
      } operation: {
        @Shared(.fileStorage(url)) var settings = Settings()
        if let expected {
          guard settings == expected else { return "read \(settings), not \(expected)" }
          guard issues.all.isEmpty else { return "a readable file reported \(issues.all)" }
          guard (try? storage.load(url)) == data else { return "a readable file was changed" }
        } else {
          guard settings == Settings() else { return "a corrupt file gave \(settings)" }
          guard issues.all.count == 1, issues.all[0].contains("could not be decoded") else {
            return "a corrupt file reported \(issues.all)"
          }
          let backup = URL(fileURLWithPath: "/state/settings.json.corrupt-0")
          guard (try? storage.load(backup)) == data else { return "the corrupt file was lost" }
          guard !storage.fileExists(url) else { return "the corrupt file was left in place" }
        }
        let next = Settings(name: "saved", count: contents.count, ratios: [0.5], theme: .dark)
        $settings.withLock { $0 = next }
        guard let saved = try? storage.load(url),
          let read = try? JSONDecoder().decode(Settings.self, from: saved)
        else { return "the next change was not written" }
        guard read == next else { return "the next change reads back as \(read)" }
        guard issues.all.count == (expected == nil ? 1 : 0) else {
          return "saving reported \(issues.all)"
        }
        return nil
      }
    }
  }
}
