/// An immutable value held by reference, so a large value that many others carry (a style, an
/// animation attached to many layers) is stored once and copies as one pointer. Equality and
/// hashing, where the value has them, are the value's.
final class SharedBox<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}

extension SharedBox: Equatable where Value: Equatable {
  static func == (lhs: SharedBox, rhs: SharedBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

extension SharedBox: Hashable where Value: Hashable {
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
