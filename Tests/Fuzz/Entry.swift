// The libFuzzer entry point, compiled by `make fuzz-coverage` together with the sources of
// TerminalUI and TerminalUIFuzzTargets (one module, with `-sanitize=fuzzer,address`).
// `FUZZ_TARGET` names the target (`key-decoder`, `key-tape`, `text-editing`); a property that
// fails traps, so libFuzzer keeps the input as a crash.

#if canImport(Glibc)
  import Glibc
#endif

nonisolated(unsafe) private var target: FuzzTarget?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  if target == nil {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let named = FuzzTarget(rawValue: name) else {
      fatalError("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    target = named
  }
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let failure = MainActor.assumeIsolated({ target!.run(input) }) {
    fatalError(failure)
  }
  return 0
}
