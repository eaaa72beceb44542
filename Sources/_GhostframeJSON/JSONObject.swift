import GhostframeCore

/// A JSON object: members in document order with fast lookup by key.
///
/// Writers emit members in this order. Keys are compared code unit by code unit, as
/// RFC 8259 §8.3 recommends: `"é"` (U+00E9) and `"e\u{301}"` are different keys, even
/// though Swift's `String` considers them equal.
///
/// Two objects are equal when they have the same keys with equal values, in any order:
/// member order is presentation, as in JSON itself.
package struct JSONObject: Sendable, Hashable, Sequence {
  /// A member: a key and its value.
  package typealias Element = (key: String, value: JSONValue)

  /// Objects with at most this many members are searched linearly and have no index.
  static let linearSearchLimit = 8

  /// The members, in order, with unique keys.
  package private(set) var members: [Element]
  /// Key → position in `members`; empty while `members.count <= linearSearchLimit`.
  private var index: [JSONKey: Int]

  /// An empty object.
  package init() {
    members = []
    index = [:]
  }

  /// An object with the given members in order. A repeated key replaces the earlier
  /// value and keeps the earlier position.
  ///
  /// - Parameter members: Key-value pairs.
  /// - Complexity: O(n) on average.
  package init(_ members: [(String, JSONValue)]) {
    self.init()
    self.members.reserveCapacity(members.count)
    for (key, value) in members {
      self[key] = value
    }
  }

  /// The number of members.
  package var count: Int { members.count }

  /// Whether the object has no members.
  package var isEmpty: Bool { members.isEmpty }

  /// The keys, in order.
  package var keys: [String] { members.map(\.key) }

  /// The value for `key`, or nil. Setting a value for a new key appends a member;
  /// setting one for an existing key replaces its value in place; setting nil removes
  /// the member.
  ///
  /// - Parameter key: The key, compared code unit by code unit.
  /// - Complexity: Get and replace O(1) on average; append O(1) amortized; remove O(n).
  package subscript(key: String) -> JSONValue? {
    get {
      position(of: key).map { members[$0].value }
    }
    set {
      switch (position(of: key), newValue) {
      case (let position?, let value?):
        members[position].value = value
      case (nil, let value?):
        appendNew(key: key, value: value)
      case (let position?, nil):
        members.remove(at: position)
        rebuildIndex()
      case (nil, nil):
        break
      }
    }
  }

  /// Iterates over the members in order.
  ///
  /// - Returns: An iterator over `(key, value)` pairs.
  package func makeIterator() -> IndexingIterator<[Element]> {
    members.makeIterator()
  }

  // MARK: - Internal

  /// The position of the member with `key`, or nil.
  func position(of key: String) -> Int? {
    if index.isEmpty {
      // Short objects: a linear scan beats hashing.
      let probe = JSONKey(key)
      for position in members.indices where JSONKey(members[position].key) == probe {
        return position
      }
      return nil
    }
    return index[JSONKey(key)]
  }

  /// Appends a member whose key is not yet present (the caller has checked).
  mutating func appendNew(key: String, value: JSONValue) {
    members.append((key, value))
    if members.count > Self.linearSearchLimit {
      if index.isEmpty {
        rebuildIndex()
      } else {
        index[JSONKey(key)] = members.count - 1
      }
    }
  }

  private mutating func rebuildIndex() {
    index = [:]
    guard members.count > Self.linearSearchLimit else { return }
    index.reserveCapacity(members.count)
    for (position, member) in members.enumerated() {
      index[JSONKey(member.key)] = position
    }
  }

  // MARK: - Equatable, Hashable

  /// Whether both objects have the same keys with equal values, in any order.
  ///
  /// - Parameters:
  ///   - lhs: An object.
  ///   - rhs: Another object.
  /// - Returns: True if they are equal.
  /// - Complexity: O(n) on average.
  package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in lhs.members {
      guard let other = rhs[key], other == value else { return false }
    }
    return true
  }

  /// Hashes the members independently of their order: in key order, by code units.
  ///
  /// - Parameter hasher: The hasher.
  /// - Complexity: O(n log n) for n members, plus hashing the values (see
  ///   ``JSONValue/hash(into:)`` for how deep).
  package func hash(into hasher: inout Hasher) {
    hash(into: &hasher, depth: 0)
  }

  /// Hashes the members in key order, their values as the containers at level `depth`.
  func hash(into hasher: inout Hasher, depth: Int) {
    hasher.combine(members.count)
    let order = members.indices.sorted {
      members[$0].key.utf8.lexicographicallyPrecedes(members[$1].key.utf8)
    }
    for position in order {
      hasher.combine(JSONKey(members[position].key))
      members[position].value.hash(into: &hasher, depth: depth)
    }
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// An object with the members in the order written; a repeated key replaces the
  /// earlier value, keeping its position.
  ///
  /// - Parameter elements: The members.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}

/// An object key compared and hashed by its UTF-8 code units.
struct JSONKey: Hashable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
    sameBytes(lhs.text, rhs.text)
  }

  /// Whether two strings have the same UTF-8 code units (not String's canonical equality).
  ///
  /// Native strings compare their contiguous bytes at once; others fall back to the
  /// element-by-element walk.
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        left.elementsEqual(right)
      }
    }
    if let result = compared ?? nil { return result }
    return lhs.utf8.elementsEqual(rhs.utf8)
  }

  func hash(into hasher: inout Hasher) {
    // withUTF8 makes a non-contiguous string contiguous first; native strings are already.
    var text = text
    text.withUTF8 { bytes in
      hasher.combine(bytes.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
  }
}
