// A counter's `@Observable` model (the prelude's `CounterModel`) and a headless backend.
let model = CounterModel()
let backend = HeadlessBackend(width: 80, height: 24)
