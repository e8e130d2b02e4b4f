import ComposableArchitecture

/// Ten values of one type: nesting it multiplies the number of fields by ten per level (S2).
struct Ten<Field: Equatable>: Equatable {
  var a0, a1, a2, a3, a4, a5, a6, a7, a8, a9: Field

  init(repeating field: Field) {
    (a0, a1, a2, a3, a4) = (field, field, field, field, field)
    (a5, a6, a7, a8, a9) = (field, field, field, field, field)
  }
}

/// The boxed twin's level: the child in a one-element array, on the heap. Array equality answers
/// at once when both sides share a buffer.
typealias ArrayBoxed<Field: Equatable> = Ten<[Field]>

/// The `PresentationState` twin's level: the child in the presentation wrapper.
typealias PresentationBoxed<Field: Equatable> = Ten<PresentationState<Field>>

/// 1,000 fields inline: `Ten` nested three deep, as large as a plain value gets before it is
/// too big for the stack to be comfortable.
typealias Plain1000 = Ten<Ten<Ten<Int>>>

/// 100,000 fields: `Ten` nested five deep, each level boxed in an array.
typealias Array100000 = ArrayBoxed<ArrayBoxed<ArrayBoxed<ArrayBoxed<Ten<Int>>>>>

/// 100,000 fields: `Ten` nested five deep, each level in a `PresentationState`.
typealias Presentation100000 =
  PresentationBoxed<PresentationBoxed<PresentationBoxed<PresentationBoxed<Ten<Int>>>>>

func makePlain1000() -> Plain1000 {
  Ten(repeating: Ten(repeating: Ten(repeating: 1)))
}

func makeArray100000() -> Array100000 {
  let level1 = Ten(repeating: 1)
  let level2 = Ten(repeating: [level1])
  let level3 = Ten(repeating: [level2])
  let level4 = Ten(repeating: [level3])
  return Ten(repeating: [level4])
}

func makePresentation100000() -> Presentation100000 {
  let level1 = Ten(repeating: 1)
  let level2 = Ten(repeating: PresentationState(wrappedValue: level1))
  let level3 = Ten(repeating: PresentationState(wrappedValue: level2))
  let level4 = Ten(repeating: PresentationState(wrappedValue: level3))
  return Ten(repeating: PresentationState(wrappedValue: level4))
}

/// Compares two values and counts the equal answers. Not inlined, and with a side effect, so
/// the optimizer can neither drop a comparison nor hoist it out of the timing loop.
@inline(never)
func compare<T: Equatable>(_ lhs: T, _ rhs: T) {
  if lhs == rhs { equalAnswers &+= 1 }
}

nonisolated(unsafe) var equalAnswers = 0

/// Hides a value's origin from the optimizer, so it cannot reason about how it was built.
@inline(never)
func opaque<T>(_ value: T) -> T { value }
