extension NavigationStack {
  /// Creates a stack over an array of values: each value pushes a screen built by
  /// `destination`, Esc removes the last one, and a ``NavigationLink`` carrying an `Element`
  /// appends its value.
  ///
  /// For example, with `@Bindable var model: Catalogue` whose `path` is a `[Product]`:
  ///
  /// <!-- context: tui-catalogue-model -->
  /// ```swift
  /// NavigationStack(path: $model.path) {
  ///   ForEach(model.products) { product in
  ///     NavigationLink(product.name, value: product)
  ///   }
  /// } destination: { product in
  ///   Text(product.details).navigationTitle(product.name)
  /// }
  /// ```
  ///
  /// A covered screen's title is remembered for its value: a value changed under the top
  /// screen is read again. What the stack remembers belongs to the view where it is written:
  /// a view written once and shown twice holds two stacks.
  public init<Element: Hashable>(
    path: Binding<[Element]>,
    @ViewBuilder root: @escaping @MainActor () -> Group,
    @ViewBuilder destination: @escaping @MainActor (Element) -> Group
  ) {
    self.init(
      identity: nil,
      ids: { Array(path.wrappedValue.indices).map(AnyHashable.init) },
      destination: { id in
        let elements = path.wrappedValue
        guard let index = id.base as? Int, elements.indices.contains(index) else { return nil }
        return destination(elements[index])
      },
      titleToken: { id in
        let elements = path.wrappedValue
        guard let index = id.base as? Int, elements.indices.contains(index) else { return nil }
        return AnyHashable(elements[index])
      },
      popFrom: { id in
        guard let index = id.base as? Int, path.wrappedValue.indices.contains(index) else {
          return
        }
        path.wrappedValue.removeSubrange(index...)
      },
      link: StackLinkTarget(pushing: { (element: Element) in path.wrappedValue.append(element) }),
      root: root)
  }

  /// Creates a stack over an array of values, once told apart by where it was written.
  @available(
    *, deprecated,
    message: "A stack is identified by its place among the views; drop the arguments."
  )
  public init<Element: Hashable>(
    path: Binding<[Element]>, fileID: StaticString, line: UInt, column: UInt,
    @ViewBuilder root: @escaping @MainActor () -> Group,
    @ViewBuilder destination: @escaping @MainActor (Element) -> Group
  ) {
    self.init(path: path, root: root, destination: destination)
  }
}
