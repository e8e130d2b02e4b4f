// An application running a counter on a headless backend.
let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
  CounterView(model: CounterModel())
}
