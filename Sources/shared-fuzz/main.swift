// The libFuzzer driver for `FileStorageTarget` (`make fuzz-coverage` builds it with coverage
// instrumentation and libFuzzer linked in; see the Makefile). Built plainly, as `swift build`
// does, it has no libFuzzer and replays the files it is given instead:
//
//   shared-fuzz Tests/Fuzz/file-storage/corpus/*
//
// A property that fails traps, so libFuzzer keeps the input as a crash.

import Foundation
import SharedFuzzTargets

#if canImport(Glibc)
  import Glibc
#endif

typealias Driver =
  @convention(c) (
    UnsafeMutablePointer<Int32>,
    UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

let runOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let failure = FileStorageTarget.run(input) { fatalError(failure) }
  return 0
}

if let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(unsafeBitCast(symbol, to: Driver.self)(&argc, &argv, runOne))
}
var failures = 0
for path in CommandLine.arguments.dropFirst() {
  guard let contents = FileManager.default.contents(atPath: path) else {
    print("\(path): cannot be read")
    failures += 1
    continue
  }
  if let failure = FileStorageTarget.run(Array(contents)) {
    print("\(path): \(failure)")
    failures += 1
  }
}
print("shared-fuzz: \(CommandLine.arguments.count - 1) inputs replayed, \(failures) failed")
exit(failures == 0 ? 0 : 1)
