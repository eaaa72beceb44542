/// An immutable value held by reference, so a large value that many others carry (a style)
/// is stored once and copies as one pointer. Equality and hashing are the value's.
final class SharedBox<Value: Hashable & Sendable>: Hashable, Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }

  static func == (lhs: SharedBox, rhs: SharedBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
