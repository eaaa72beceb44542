import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// The ordinal of `key` in `keys` by comparing it with each (the reference for ``JSONKeySet``).
private func scannedOrdinal(_ key: [UInt8], in keys: [String?]) -> Int? {
  keys.firstIndex { $0.map { Array($0.utf8) == key } ?? false }
}

/// `key`'s ordinal in `set`, looked up through its bytes.
private func ordinal(_ key: [UInt8], in set: JSONKeySet) -> Int? {
  key.withUnsafeBufferPointer { set.ordinal(of: $0) }
}

/// Keys that differ from `key` by little: each byte changed (to its neighbours, its other case,
/// a non-ASCII byte), one byte dropped or added at each end, and the key doubled.
private func nearMisses(_ key: [UInt8]) -> [[UInt8]] {
  var misses: [[UInt8]] = [key + [0x61], [0x61] + key, key + key, key + [0xC3, 0xA9]]
  if !key.isEmpty {
    misses += [Array(key.dropLast()), Array(key.dropFirst())]
  }
  for position in key.indices {
    for replacement in [key[position] &+ 1, key[position] &- 1, key[position] ^ 0x20, 0xC3, 0] {
      var changed = key
      changed[position] = replacement
      if changed != key { misses.append(changed) }
    }
  }
  return misses
}

@Suite struct JSONKeyLookupTests {
  /// Key sets as the scene reader makes them, and sets whose keys the perfect hash cannot tell
  /// apart (alike in every byte it reads), which are scanned: every key, and every near miss of
  /// each, gets the ordinal a byte-by-byte comparison with each key gives.
  @Test func perfectHashAgreesWithComparingEveryKey() {
    let sets: [[String?]] = [
      ["format", "version", "layers", "animations"],
      ["id", "parent", "custom", "contents", "frame", "anchorPoint", "cornerRadius", "backgroundColor", "opacity",
       "hidden", "zPosition", "transform", "gradient"],
      ["duration", "delay", nil, "iterations", "iterationStart", "direction", "fill", "easing", nil, "timeOffset"],
      ["frame", "id", "opacity", "é", "", "e\u{301}", "😀", "a"],
      // Alike in the first, middle, last and quarter bytes and the length: no perfect hash.
      ["a0aaaaaaaa", "a1aaaaaaaa", "a3aaaaaaaa"],
      [],
      (0..<40).map { "key\($0)" },
    ]
    for keys in sets {
      let set = JSONKeySet(ordinals: keys)
      #expect(set.count == keys.count)
      #expect(set.names == Set(keys.compactMap { $0 }))
      for key in keys.compactMap({ $0 }) {
        let bytes = Array(key.utf8)
        #expect(ordinal(bytes, in: set) == scannedOrdinal(bytes, in: keys), "\(key) in \(keys)")
        #expect(ordinal(bytes, in: set) != nil, "\(key)")
        for miss in nearMisses(bytes) {
          #expect(ordinal(miss, in: set) == scannedOrdinal(miss, in: keys), "\(miss) near \(key)")
        }
      }
      // The key of each ordinal, back through `withKey`.
      for (position, key) in keys.enumerated() {
        let back = set.withKey(position) { $0.map { Array($0) } }
        #expect(back == key.map { Array($0.utf8) })
      }
      #expect(set.withKey(keys.count) { $0 == nil })
      #expect(set.withKey(-1) { $0 == nil })
    }
  }

  /// Keys compared a word at a time: every length from 0 to 40, a difference at every position.
  @Test func sameBytesFindsEveryDifference() {
    for count in 0...40 {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      bytes.withUnsafeBufferPointer { lhs in
        #expect(JSONTape.sameBytes(lhs, lhs))
        for position in 0..<count {
          var changed = bytes
          changed[position] ^= 0x80
          changed.withUnsafeBufferPointer { rhs in
            #expect(!JSONTape.sameBytes(lhs, rhs), "length \(count), position \(position)")
          }
        }
        let longer = bytes + [0]
        longer.withUnsafeBufferPointer { rhs in #expect(!JSONTape.sameBytes(lhs, rhs)) }
      }
    }
  }

  /// Members found by ordinal agree with looking each key up by its bytes: in slots (below 16),
  /// past them (found by scanning, when present), absent, `null`, and keys written with escapes.
  @Test func membersByOrdinalAgreeWithLookingUpKeys() throws {
    let keys: [String?] = (0..<20).map { $0 == 3 ? nil : "k\($0)" }
    let set = JSONKeySet(ordinals: keys)
    let text = #"{"k0": 0, "k\u0031": 1, "k2": null, "k17": 17, "k1\u0039": 19, "k15": 15}"#
    try JSONTape.withDocument(parsing: text) { root throws(GhostframeError) in
      let object = try root.object()
      guard let members = object.members(allowed: set) else {
        Issue.record("every key is in the set")
        return
      }
      for ordinal in -1...21 {
        let name = ordinal >= 0 && ordinal < keys.count ? keys[ordinal] : nil
        let expected = name.flatMap { object.optional(named: $0) }
        let found = members.value(ordinal: ordinal)
        #expect(found?.index == expected?.index, "ordinal \(ordinal)")
      }
      #expect(members.value(ordinal: 1)?.numberValue == 1)
      #expect(members.value(ordinal: 19)?.numberValue == 19)
      #expect(members.value(ordinal: 2)?.isNull == true)
      #expect(members.value(ordinal: 16) == nil)
      #expect(members.optional("k15")?.numberValue == 15)
      #expect(members.optional("k3") == nil)
      #expect(members.optional("nope") == nil)
      #expect(try members.required(ordinal: 17).numberValue == 17)
      let missing = expectError(.invalidArgument) { () throws(GhostframeError) in _ = try members.required(ordinal: 5) }
      #expect(missing?.message == "$: missing required key 'k5'")
      let missingByName = expectError(.invalidArgument) { () throws(GhostframeError) in _ = try members.required("k6") }
      #expect(missingByName?.message == "$: missing required key 'k6'")
      // A key outside the set: no members, and the message of rejectUnknownKeys.
      let narrow = JSONKeySet(ordered: ["k0", "k1"])
      #expect(object.members(allowed: narrow) == nil)
      let unknown = expectError(.invalidArgument) { () throws(GhostframeError) in
        _ = try object.checkedMembers(allowed: narrow)
      }
      #expect(unknown?.message.hasPrefix("$: unknown key 'k2'") == true, "\(String(describing: unknown))")
    }
  }

  /// Strings scanned eight bytes at a time end at the same quote, and fail at the same
  /// backslash or control byte, as the tree parser: a special byte at every position of strings
  /// of every length up to 24, some at the very end of the input.
  @Test func wordScanFindsEverySpecialByte() throws {
    for length in 0...24 {
      for position in 0...length {
        for special in ["\\\"", "\\\\", "\\n", "\\u00e9", "é", "\"", "\n", "\u{1F}"] {
          var body = String(repeating: "x", count: length)
          body.insert(contentsOf: special, at: body.index(body.startIndex, offsetBy: position))
          for text in ["\"\(body)\"", "[\"\(body)\", 1]", "{\"\(body)\": \"\(body)\"}", "\"\(body)"] {
            let tree = Result { () throws(GhostframeError) -> JSONValue in try JSONValue(parsing: text) }
            let tape = Result { () throws(GhostframeError) -> JSONValue in
              try JSONTape.withDocument(parsing: text) { root throws(GhostframeError) in try treeValue(root) }
            }
            switch (tree, tape) {
            case (.success(let expected), .success(let found)): #expect(found == expected, "\(text)")
            case (.failure(let expected), .failure(let found)):
              #expect(found.code == expected.code && found.message == expected.message, "\(text)")
            default: Issue.record("one parser accepts \(text), the other does not")
            }
          }
        }
      }
    }
  }
}
