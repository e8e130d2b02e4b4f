import CounterStackStudy
import FavoritePrimesStudy
import GalleryStudy
import InventoryStudy
import SettingsStudy
import SharedStateStudy
import SignUpStudy

extension Study {
  /// The case studies, in the menu's order.
  ///
  /// A study is registered here, by one line (and the import of its module, which DemoApp's
  /// target lists in `Package.swift`); everything else (the menu, `--open`, `--deep-link`, the
  /// stack's screens, the fuzzer's checks, the tape tests) follows from its `CaseStudy`
  /// conformance.
  public static let allCases: [Study] = [
    Study(SharedStateStudy.self),
    Study(SignUpFeature.self),
    Study(FavoritePrimesStudy.self),
    Study(CounterStackStudy.self),
    Study(InventoryFeature.self),
    Study(SettingsStudy.self),
    Study(GalleryFeature.self),
  ]
}
