import GhostframeCore

/// An object of a ``JSONTape`` document whose keys were all found in a ``JSONKeySet``, with each
/// allowed key's value recorded by the key's ordinal, so that reading a member is one look-up
/// in the set instead of a scan of the members.
///
/// Made by ``JSONTapeObjectReader/members(allowed:)`` in the same pass that rejects unknown
/// keys; reads as ``JSONTapeObjectReader`` does, with the same messages.
package struct JSONTapeMembers {
  /// How many ordinals have a slot; a set's later keys are found by scanning the members.
  static let slotCount = 16

  /// The object.
  package let object: JSONTapeObjectReader
  /// The keys the object was checked against.
  package let allowed: JSONKeySet
  /// The node index of each allowed key's value, by ordinal (below ``slotCount``); 0 when the
  /// key is absent (node 0 is the top-level value, never a member).
  var slots: SIMD16<UInt32>
  /// One bit per ordinal below 64 whose key the object has (ordinals from 64 count as present).
  var presence: UInt64

  /// The members of `object`, whose keys are all in `allowed` and at most once each.
  init(object: JSONTapeObjectReader, allowed: JSONKeySet, slots: SIMD16<UInt32>, presence: UInt64) {
    self.object = object
    self.allowed = allowed
    self.slots = slots
    self.presence = presence
  }

  /// Where the object is in its document, made on demand.
  package var path: JSONPath { object.path }

  /// The value of the key at `ordinal` in ``allowed``, or nil when the object lacks it.
  ///
  /// - Parameter ordinal: A key's position in the set.
  /// - Returns: A reader for the value.
  @inline(__always)
  package func value(ordinal: Int) -> JSONTapeReader? {
    guard ordinal >= 0 && ordinal < Self.slotCount else {
      if ordinal < 64 && presence & (1 << UInt64(truncatingIfNeeded: ordinal)) == 0 { return nil }
      // A key without a slot, found by scanning; an ordinal without a key in the set is absent.
      return allowed.withKey(ordinal) { key in key.flatMap { object.optional(bytes: $0) } }
    }
    let index = Int(slots[ordinal])
    return index == 0 ? nil : JSONTapeReader(document: object.document, index: index)
  }

  /// The value of a key that may be absent.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value, or nil if the key is absent. A key present with the
  ///   value `null` gives a reader whose ``JSONTapeReader/isNull`` is true.
  @inline(__always)
  package func optional(_ key: StaticString) -> JSONTapeReader? {
    // A key outside the set is absent: the object has none.
    guard let ordinal = key.withUTF8Buffer({ allowed.ordinal(of: $0) }) else { return nil }
    return value(ordinal: ordinal)
  }

  /// The value of the key at `ordinal` in ``allowed``, which must be present.
  ///
  /// - Parameter ordinal: A key's position in the set.
  /// - Returns: A reader for the value.
  /// - Throws: `.invalidArgument` if the key is absent, as ``JSONTapeObjectReader/required(_:)``
  ///   words it.
  package func required(ordinal: Int) throws(GhostframeError) -> JSONTapeReader {
    guard let reader = value(ordinal: ordinal) else {
      let key = ordinal >= 0 && ordinal < allowed.keys.count ? allowed.keys[ordinal] ?? "" : ""
      throw .invalid("\(path): missing required key \(MessageText.quoted(key))")
    }
    return reader
  }

  /// The value of a key that must be present.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value.
  /// - Throws: `.invalidArgument` if the key is absent, as ``JSONTapeObjectReader/required(_:)``
  ///   words it.
  package func required(_ key: StaticString) throws(GhostframeError) -> JSONTapeReader {
    guard let reader = optional(key) else {
      throw .invalid("\(path): missing required key \(MessageText.quoted(key.description))")
    }
    return reader
  }
}
