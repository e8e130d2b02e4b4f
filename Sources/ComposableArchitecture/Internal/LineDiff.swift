/// A line diff of two dumps in custom-dump's style: unchanged lines indented by two spaces,
/// removed lines marked `−`, added lines `+`; long unchanged runs fold into `… (N unchanged)`.
/// `nil` when the texts are equal.
///
/// Used where the two sides cannot be dumped by one call (shared values recorded at different
/// moments).
func lineDiff(_ old: String, _ new: String) -> String? {
  guard old != new else { return nil }
  let a = old.split(separator: "\n", omittingEmptySubsequences: false)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false)
  // Longest common subsequence table, from the ends.
  var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  enum Line { case same(Substring), removed(Substring), added(Substring) }
  var lines: [Line] = []
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append(.same(a[i]))
      i += 1
      j += 1
    } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      lines.append(.removed(a[i]))
      i += 1
    } else {
      lines.append(.added(b[j]))
      j += 1
    }
  }
  // Keep two lines of context around changes.
  let context = 2
  var output: [String] = []
  var index = 0
  while index < lines.count {
    guard case .same = lines[index] else {
      switch lines[index] {
      case let .removed(line): output.append("− \(line)")
      case let .added(line): output.append("+ \(line)")
      case .same: break
      }
      index += 1
      continue
    }
    var end = index
    while end < lines.count, case .same = lines[end] { end += 1 }
    let run = lines[index..<end]
    let isFirst = index == 0
    let isLast = end == lines.count
    let keepHead = isFirst ? 0 : context
    let keepTail = isLast ? 0 : context
    if run.count > keepHead + keepTail + 1 {
      for case let .same(line) in run.prefix(keepHead) { output.append("  \(line)") }
      output.append("  … (\(run.count - keepHead - keepTail) unchanged)")
      for case let .same(line) in run.suffix(keepTail) { output.append("  \(line)") }
    } else {
      for case let .same(line) in run { output.append("  \(line)") }
    }
    index = end
  }
  return output.joined(separator: "\n")
}
