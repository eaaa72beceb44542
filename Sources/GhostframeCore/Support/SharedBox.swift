/// An immutable value held by reference, so a large value that many others carry (a style, an
/// animation attached to many layers) is stored once and copies as one pointer. Equality and
/// hashing, where the value has them, are the value's.
package final class SharedBox<Value: Sendable>: Sendable {
  package let value: Value

  package init(_ value: Value) { self.value = value }
}

extension SharedBox: Equatable where Value: Equatable {
  package static func == (lhs: SharedBox, rhs: SharedBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

extension SharedBox: Hashable where Value: Hashable {
  package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
