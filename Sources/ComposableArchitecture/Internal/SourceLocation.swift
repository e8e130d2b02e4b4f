/// Where an operator was written, for the issues it reports.
@usableFromInline
struct SourceLocation: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt
}
