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

  /// The members, when every key is in `allowed`, each found by its ordinal there; nil when
  /// a key is not (``firstUnknownKey(allowed:)`` names it).
  ///
  /// - Parameter allowed: The keys the reader understands.
  /// - Returns: The members.
  /// - Complexity: O(n) for n members, one key-set look-up each.
  package func members(allowed: JSONKeySet) -> JSONTapeMembers? {
    let nodes = document.nodes
    var slots = SIMD16<UInt32>()
    var presence: UInt64 = 0
    var member = index + 1
    for _ in 0..<count {
      guard let ordinal = allowed.ordinal(of: document.stringBytes(member)) else { return nil }
      if ordinal < JSONTapeMembers.slotCount {
        slots[ordinal] = UInt32(truncatingIfNeeded: member + 1)
      } else if ordinal < 64 {
        presence |= 1 << UInt64(truncatingIfNeeded: ordinal)
      }
      member = Int(nodes[member + 1].end)
    }
    return JSONTapeMembers(object: self, allowed: allowed, slots: slots, presence: presence)
  }

  /// The members, each found by its ordinal in `allowed`, as ``members(allowed:)`` gives them.
  ///
  /// - Parameter allowed: The keys the reader understands.
  /// - Returns: The members.
  /// - Throws: `.invalidArgument` naming the first unknown key in document order, as
  ///   ``rejectUnknownKeys(allowed:)`` does.
  package func checkedMembers(allowed: JSONKeySet) throws(GhostframeError) -> JSONTapeMembers {
    guard let members = members(allowed: allowed) else {
      try rejectUnknownKeys(allowed: allowed)
      // Not reached: a key `members` did not find is one `rejectUnknownKeys` rejects.
      throw .invalid("\(path): unknown key")
    }
    return members
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

/// A set of object keys, built once, for ``JSONTapeObjectReader/rejectUnknownKeys(allowed:)`` and
/// ``JSONTapeObjectReader/members(allowed:)``: looking a key up compares its bytes with the one
/// allowed key a perfect hash of the key's length and a few of its bytes picks, without making a
/// `String` or hashing every byte. A class: readers pass a set to every object they check, and a
/// copy is then one reference, not several arrays' retains.
package final class JSONKeySet: Sendable {
  /// The keys, as given (for suggestions and lists in messages).
  package let names: Set<String>
  /// One more than the largest ordinal.
  package let count: Int
  /// The key at each ordinal, nil for an ordinal without one.
  package let keys: [String?]
  /// The keys' bytes, back to back, in the order of their ordinals.
  private let bytes: [UInt8]
  /// Where each key starts in ``bytes``, by ordinal (-1 for an ordinal without a key).
  private let starts: [Int]
  /// Each key's length in bytes, by ordinal (-1 for an ordinal without a key).
  private let lengths: [Int]
  /// One bucket per hash value: the ordinal of the key there plus one, or 0 when empty.
  private let table: [UInt8]
  /// The multiplier of the perfect hash (``bucket(of:)``); 0 when none was found for these keys,
  /// so that a look-up compares the key with every allowed key instead.
  private let multiplier: UInt64
  /// The shift of the perfect hash: 64 minus the table's bits.
  private let shift: UInt64

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
  package convenience init(ordered keys: [String]) {
    self.init(ordinals: keys.map { $0 })
  }

  /// A set of the given keys, each known by its position in `keys`; a nil leaves its position
  /// without a key (so that sets of related objects can give a shared key the same ordinal).
  ///
  /// - Parameter keys: The keys by ordinal, without repeats.
  package init(ordinals keys: [String?]) {
    names = Set(keys.compactMap { $0 })
    count = keys.count
    self.keys = keys
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var lengths: [Int] = []
    for key in keys {
      starts.append(key == nil ? -1 : bytes.count)
      lengths.append(key?.utf8.count ?? -1)
      if let key { bytes.append(contentsOf: key.utf8) }
    }
    self.bytes = bytes
    self.starts = starts
    self.lengths = lengths
    // A multiplier under which no two keys share a bucket, in the smallest table that has one
    // (up to 4096 buckets; a set of more than 254 keys, or keys alike in every byte the hash
    // reads, has none and is scanned).
    var found: (table: [UInt8], multiplier: UInt64, shift: UInt64)?
    if keys.count < 255 {
      let mixes = keys.enumerated().compactMap { ordinal, key -> (Int, UInt64)? in
        guard var key else { return nil }
        return (ordinal, key.withUTF8 { Self.mix($0) })
      }
      var bits = 1
      while (1 << bits) < 2 * max(keys.count, 1) { bits += 1 }
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      search: while bits <= 12 {
        for _ in 0..<2000 {
          // splitmix64: a fixed sequence of candidate multipliers, so every process builds the same table.
          state &+= 0x9E37_79B9_7F4A_7C15
          var candidate = state
          candidate = (candidate ^ (candidate >> 30)) &* 0xBF58_476D_1CE4_E5B9
          candidate = (candidate ^ (candidate >> 27)) &* 0x94D0_49BB_1331_11EB
          candidate = (candidate ^ (candidate >> 31)) | 1
          let shift = UInt64(64 - bits)
          var table = [UInt8](repeating: 0, count: 1 << bits)
          var collides = false
          for (ordinal, mix) in mixes {
            let bucket = Int(truncatingIfNeeded: (mix &* candidate) >> shift)
            if table[bucket] != 0 {
              collides = true
              break
            }
            table[bucket] = UInt8(ordinal + 1)
          }
          if !collides {
            found = (table, candidate, shift)
            break search
          }
        }
        bits += 1
      }
    }
    table = found?.table ?? [0]
    multiplier = found?.multiplier ?? 0
    shift = found?.shift ?? 63
  }

  /// What the perfect hash reads of a key: its length and its first, middle and last bytes.
  @inline(__always)
  static func mix(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = key.baseAddress, key.count > 0 else { return 0 }
    let count = key.count
    return UInt64(truncatingIfNeeded: count) | UInt64(base[0]) << 32 | UInt64(base[count &- 1]) << 40
      | UInt64(base[count >> 1]) << 48 | UInt64(base[(count &- 1) >> 2]) << 56
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
  /// - Complexity: One hash of five bytes and one comparison of `key` with an allowed key.
  @inline(__always)
  package func ordinal(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    guard multiplier != 0 else { return scannedOrdinal(of: key) }
    let bucket = Int(truncatingIfNeeded: (Self.mix(key) &* multiplier) >> shift)
    guard bucket < table.count else { return nil }
    let entry = Int(table[bucket])
    guard entry != 0 else { return nil }
    let ordinal = entry - 1
    return isKey(ordinal, key) ? ordinal : nil
  }

  /// ``ordinal(of:)`` by comparing `key` with every allowed key (a set without a perfect hash).
  private func scannedOrdinal(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    for ordinal in 0..<count where isKey(ordinal, key) { return ordinal }
    return nil
  }

  /// Whether the allowed key at `ordinal` has exactly the bytes of `key`.
  @inline(__always)
  private func isKey(_ ordinal: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard ordinal >= 0, ordinal < starts.count else { return false }
    let start = starts[ordinal]
    let length = lengths[ordinal]
    guard start >= 0, length == key.count else { return false }
    guard length > 0 else { return true }
    return bytes.withUnsafeBufferPointer { all in
      guard let allBase = all.baseAddress, let keyBase = key.baseAddress, start + length <= all.count else {
        return false
      }
      return JSONTape.sameBytes(UnsafeRawPointer(allBase + start), UnsafeRawPointer(keyBase), count: length)
    }
  }

  /// Calls `body` with the bytes of the key at `ordinal`.
  ///
  /// - Parameters:
  ///   - ordinal: A key's position in the set, in `0..<count`.
  ///   - body: Called with the key's UTF-8 bytes (empty for an ordinal outside the set).
  /// - Returns: What `body` returns.
  package func withKey<R>(_ ordinal: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
    guard ordinal >= 0, ordinal < starts.count, starts[ordinal] >= 0, lengths[ordinal] >= 0,
      starts[ordinal] + lengths[ordinal] <= bytes.count
    else { return body(nil) }
    return bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[starts[ordinal]..<(starts[ordinal] + lengths[ordinal])]))
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
