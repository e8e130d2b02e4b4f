/// Where an operator was written, for the issues it reports.
@usableFromInline
struct SourceLocation: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

extension SourceLocation {
  /// Whether both name the same place in the source: the same line, column and file. One call
  /// site's file is one string in the binary, so its address is compared first.
  @inlinable @inline(__always)
  func isSame(as other: SourceLocation) -> Bool {
    guard line == other.line, column == other.column else { return false }
    if fileID.hasPointerRepresentation, other.fileID.hasPointerRepresentation,
      fileID.utf8Start == other.fileID.utf8Start
    {
      return true
    }
    return hasSameFile(as: other)
  }

  @usableFromInline
  func hasSameFile(as other: SourceLocation) -> Bool {
    fileID.description == other.fileID.description
  }
}
