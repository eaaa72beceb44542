import GhostframeCore

/// An object of a ``JSONTape`` document, for reading required and optional keys, as
/// ``JSONObjectReader`` does, with the same messages.
///
/// Keys are found by comparing bytes member by member: the objects a format reads have a few
/// known keys (``rejectUnknownKeys(allowed:)`` bounds them), where a scan beats hashing.
package struct JSONTapeObjectReader {
  /// The document.
  let document: JSONTapeDocument
  /// The object's node.
  let index: Int
  /// One bit per key (``signatureBit(of:)``), so that looking up a key the object lacks
  /// usually costs no comparison.
  let signature: UInt64

  /// A reader for the object at node `index`, whose signature parsing recorded in its payload.
  init(document: JSONTapeDocument, index: Int) {
    self.document = document
    self.index = index
    signature = document.nodes[index].payload
  }

  /// A key's bit in a ``signature``: from its length and its first and last bytes.
  @inline(__always)
  static func signatureBit(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = key.baseAddress, key.count > 0 else { return 1 }
    let mix = UInt64(key.count) &* 31 &+ UInt64(base[0]) &* 7 &+ UInt64(base[key.count - 1])
    return 1 << (mix & 63)
  }

  /// The object as a value.
  package var value: JSONTapeReader { JSONTapeReader(document: document, index: index) }

  /// Where the object is in its document, made on demand.
  package var path: JSONPath { value.path }

  /// The number of members.
  package var count: Int { Int(document.nodes[index].count) }

  /// The keys, in document order.
  package var keys: [String] {
    var keys: [String] = []
    keys.reserveCapacity(count)
    for member in self { keys.append(member.key) }
    return keys
  }

  /// The value of a key that must be present.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value.
  /// - Throws: `.invalidArgument` if the key is absent: `layers[3]: missing required key 'id'`.
  /// - Complexity: O(n) for n members.
  package func required(_ key: StaticString) throws(GhostframeError) -> JSONTapeReader {
    guard let reader = optional(key) else {
      throw .invalid("\(path): missing required key \(MessageText.quoted(key.description))")
    }
    return reader
  }

  /// The value of a key that may be absent.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value, or nil if the key is absent. A key present with the
  ///   value `null` gives a reader whose ``JSONTapeReader/isNull`` is true.
  /// - Complexity: O(n) for n members.
  @inline(__always)
  package func optional(_ key: StaticString) -> JSONTapeReader? {
    key.withUTF8Buffer { optional(bytes: $0) }
  }

  /// The value of a key that may be absent.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value, or nil if the key is absent.
  package func optional(named key: String) -> JSONTapeReader? {
    var key = key
    return key.withUTF8 { optional(bytes: $0) }
  }

  /// The value of the key with these UTF-8 bytes, or nil.
  package func optional(bytes key: UnsafeBufferPointer<UInt8>) -> JSONTapeReader? {
    guard signature & Self.signatureBit(of: key) != 0, let keyBase = key.baseAddress else {
      return key.isEmpty ? optionalEmptyKey() : nil
    }
    let nodes = document.nodes
    let length = UInt64(key.count)
    var member = index + 1
    for _ in 0..<count {
      let node = nodes[member]
      // Same length first (the payload's high half), then the bytes.
      if node.payload >> 32 == length {
        let offset = Int(truncatingIfNeeded: node.payload & 0xFFFF_FFFF)
        if let base = (node.isDecoded ? document.decoded : document.input).baseAddress {
          let bytes = base + offset
          var position = 0
          while position < key.count && bytes[position] == keyBase[position] { position += 1 }
          if position == key.count { return JSONTapeReader(document: document, index: member + 1) }
        }
      }
      member = Int(nodes[member + 1].end)
    }
    return nil
  }

  /// The value of the key `""`, or nil.
  private func optionalEmptyKey() -> JSONTapeReader? {
    let nodes = document.nodes
    var member = index + 1
    for _ in 0..<count {
      if nodes[member].payload >> 32 == 0 { return JSONTapeReader(document: document, index: member + 1) }
      member = Int(nodes[member + 1].end)
    }
    return nil
  }

  /// Rejects keys outside `allowed`, as ``JSONObjectReader/rejectUnknownKeys(allowed:)`` does,
  /// with the same messages.
  ///
  /// - Parameter allowed: The keys the reader understands.
  /// - Throws: `.invalidArgument` naming the first unknown key in document order.
  /// - Complexity: O(n) for n members, each compared with the allowed keys of its length.
  package func rejectUnknownKeys(allowed: JSONKeySet) throws(GhostframeError) {
    if let key = firstUnknownKey(allowed: allowed) {
      throw allowed.unknownKeyError(key, at: path)
    }
  }

  /// Calls `body` with each key's UTF-8 bytes, in document order.
  ///
  /// - Parameter body: Called once per member.
  @inline(__always)
  package func forEachKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let nodes = document.nodes
    var member = index + 1
    for _ in 0..<count {
      body(document.stringBytes(member))
      member = Int(nodes[member + 1].end)
    }
  }

  /// The first key outside `allowed`, in document order, or nil.
  ///
  /// - Parameter allowed: The keys the reader understands.
  /// - Returns: The key.
  package func firstUnknownKey(allowed: JSONKeySet) -> String? {
    let nodes = document.nodes
    var member = index + 1
    for _ in 0..<count {
      if !allowed.contains(document.stringBytes(member)) { return document.string(member) }
      member = Int(nodes[member + 1].end)
    }
    return nil
  }
}

extension JSONTapeObjectReader: Sequence {
  /// The members in document order, each as its key and a reader for its value.
  package func makeIterator() -> Iterator {
    Iterator(document: document, member: index + 1, remaining: count)
  }

  /// Iterates an object's members.
  package struct Iterator: IteratorProtocol {
    let document: JSONTapeDocument
    var member: Int
    var remaining: Int

    /// The next member's key and value, or nil after the last.
    package mutating func next() -> (key: String, value: JSONTapeReader)? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      let key = document.string(member)
      let value = JSONTapeReader(document: document, index: member + 1)
      member = Int(document.nodes[member + 1].end)
      return (key, value)
    }
  }
}

/// The elements of an array of a ``JSONTape`` document, in order.
package struct JSONTapeArrayReader: Sequence {
  /// The document.
  let document: JSONTapeDocument
  /// The array's node.
  let index: Int

  /// The array as a value.
  package var value: JSONTapeReader { JSONTapeReader(document: document, index: index) }

  /// Where the array is in its document, made on demand.
  package var path: JSONPath { value.path }

  /// The number of elements.
  package var count: Int { Int(document.nodes[index].count) }

  /// The element at `position`, found by skipping the ones before it (for messages).
  ///
  /// - Parameter position: An index in `0..<count`.
  /// - Returns: A reader for the element, or nil outside `0..<count`.
  /// - Complexity: O(position).
  package func element(at position: Int) -> JSONTapeReader? {
    guard position >= 0 && position < count else { return nil }
    var element = index + 1
    for _ in 0..<position { element = Int(document.nodes[element].end) }
    return JSONTapeReader(document: document, index: element)
  }

  /// The elements in order.
  package func makeIterator() -> Iterator {
    Iterator(document: document, element: index + 1, remaining: count)
  }

  /// Iterates an array's elements.
  package struct Iterator: IteratorProtocol {
    let document: JSONTapeDocument
    var element: Int
    var remaining: Int

    /// The next element, or nil after the last.
    package mutating func next() -> JSONTapeReader? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      let reader = JSONTapeReader(document: document, index: element)
      element = Int(document.nodes[element].end)
      return reader
    }
  }
}

/// A set of object keys, built once, for ``JSONTapeObjectReader/rejectUnknownKeys(allowed:)``:
/// looking a key up compares its bytes with the allowed keys of the same length, without making
/// a `String` or hashing. A class: readers pass a set to every object they check, and a copy
/// is then one reference, not five arrays' retains.
package final class JSONKeySet: Sendable {
  /// The keys, as given (for suggestions and lists in messages).
  package let names: Set<String>
  /// The keys' bytes, back to back, grouped by length.
  private let bytes: [UInt8]
  /// Each key's position in the order given, in the order of ``bytes``.
  private let ordinals: [Int]
  /// For each length, the range of ``ordinals`` holding the keys of that length.
  private let rangeByLength: [Range<Int>]
  /// For each length, where in ``bytes`` the keys of that length start.
  private let byteStartByLength: [Int]

  /// A set of the given keys.
  ///
  /// - Parameter names: The keys.
  package convenience init(_ names: Set<String>) {
    self.init(ordered: names.sorted())
  }

  /// A set of the given keys, each known by its position in `keys`
  /// (``ordinal(of:)``).
  ///
  /// - Parameter keys: The keys, without repeats.
  package init(ordered keys: [String]) {
    names = Set(keys)
    let longest = keys.map(\.utf8.count).max() ?? 0
    var bytes: [UInt8] = []
    var ordinals: [Int] = []
    var ranges: [Range<Int>] = []
    var byteStarts: [Int] = []
    for length in 0...longest {
      byteStarts.append(bytes.count)
      let start = ordinals.count
      for (ordinal, key) in keys.enumerated() where key.utf8.count == length {
        bytes.append(contentsOf: key.utf8)
        ordinals.append(ordinal)
      }
      ranges.append(start..<ordinals.count)
    }
    self.bytes = bytes
    self.ordinals = ordinals
    rangeByLength = ranges
    byteStartByLength = byteStarts
  }

  /// Whether `key` is one of the keys, code unit by code unit.
  ///
  /// - Parameter key: A key's UTF-8 bytes.
  /// - Returns: True if it is in the set.
  @inline(__always)
  package func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    ordinal(of: key) != nil
  }

  /// The position of `key` in the keys the set was made from (sorted, for a set made from a
  /// `Set`), or nil if it is not one of them.
  ///
  /// - Parameter key: A key's UTF-8 bytes.
  /// - Returns: The position.
  package func ordinal(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    let length = key.count
    guard length < rangeByLength.count else { return nil }
    let range = rangeByLength[length]
    guard !range.isEmpty else { return nil }
    return bytes.withUnsafeBufferPointer { all -> Int? in
      var start = byteStartByLength[length]
      for position in range {
        if JSONTape.sameBytes(UnsafeBufferPointer(rebasing: all[start..<(start + length)]), key) {
          return ordinals[position]
        }
        start += length
      }
      return nil
    }
  }

  /// The message ``JSONObjectReader/rejectUnknownKeys(allowed:)`` gives for `key` at `path`.
  ///
  /// - Parameters:
  ///   - key: The unknown key.
  ///   - path: The object's path.
  /// - Returns: The error.
  package func unknownKeyError(_ key: String, at path: JSONPath) -> GhostframeError {
    var message = "\(path): unknown key \(MessageText.quoted(key))"
    if let suggestion = Suggestion.closest(to: key, among: names) {
      message += " (did you mean \(MessageText.quoted(suggestion))?)"
    } else if !names.isEmpty && names.count <= 8 {
      let listed = names.sorted().map(MessageText.quoted).joined(separator: ", ")
      message += " (expected one of \(listed))"
    } else if names.isEmpty {
      message += " (no keys are allowed here)"
    }
    return .invalid(message)
  }
}
