import GhostframeCore

/// A parsed JSON document as one flat array of nodes, for readers that walk a document once and
/// build something else from it (the scene reader).
///
/// Unlike a ``JSONValue`` tree, parsing allocates no string, array or object per value: a string
/// is an offset and a length into the input (or, when it has escapes, into one buffer of decoded
/// text), a number is its `Double`, and a container is followed by its elements (an object's
/// members as key, value, key, value...) with the index one past its last descendant, so a
/// reader skips a subtree in one step. Every node knows its container, so the JSON path of a
/// value (`layers[3].frame`) is worked out only when an error message names it.
///
/// The grammar, limits and error messages are those of ``JSONValue/init(parsing:limits:)``: any
/// text one accepts the other accepts, and for malformed text the error is the one
/// ``JSONValue`` parsing reports (the document is parsed again that way to find it).
package enum JSONTape {
  /// What a node is.
  package enum Kind: UInt8, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string (a value or an object's key).
    case string
    /// An array.
    case array
    /// An object.
    case object
  }

  /// One value or key.
  struct Node {
    /// A number's bit pattern; a Boolean's 0 or 1; a string's byte offset (low 32 bits) and
    /// length (high 32 bits); an object's key signature (``JSONTapeObjectReader/signatureBit(of:)``
    /// of each key, or-ed); 0 for an array or null.
    var payload: UInt64
    /// The index of the containing array or object; ``noParent`` for the top-level value.
    var parent: UInt32
    /// One past the index of the last node of this value's subtree (index + 1 for a scalar).
    var end: UInt32
    /// An array's elements or an object's members, counted as parsing reaches them.
    var count: UInt32
    /// What the node is.
    var kind: Kind
    /// Whether a string's bytes are in the decoded-text buffer instead of the input.
    var isDecoded: Bool
  }

  /// Whether two buffers have the same bytes (the same count, then byte for byte).
  @inline(__always)
  package static func sameBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let lhsBase = lhs.baseAddress, let rhsBase = rhs.baseAddress else { return lhs.isEmpty }
    return sameBytes(UnsafeRawPointer(lhsBase), UnsafeRawPointer(rhsBase), count: lhs.count)
  }

  /// Whether `count` bytes at `lhs` and at `rhs` are the same: eight at a time, and the last
  /// (or only) few by loads that overlap the ones before, never reading outside the `count` bytes.
  @inline(__always)
  static func sameBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset &+= 8
      }
      return lhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        == rhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
    if count >= 4 {
      let first = lhs.loadUnaligned(as: UInt32.self) ^ rhs.loadUnaligned(as: UInt32.self)
      let last =
        lhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        ^ rhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      return first | last == 0
    }
    if count >= 2 {
      let first = lhs.loadUnaligned(as: UInt16.self) ^ rhs.loadUnaligned(as: UInt16.self)
      let last =
        lhs.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
        ^ rhs.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
      return first | last == 0
    }
    return count <= 0 || lhs.load(as: UInt8.self) == rhs.load(as: UInt8.self)
  }

  /// ``Node/parent`` of the top-level value.
  static let noParent = UInt32.max

  /// Parses `bytes` (validating them as UTF-8 first when asked) and calls `body` with a reader
  /// for the top-level value. The readers `body` gets must not outlive the call.
  ///
  /// - Parameters:
  ///   - bytes: The document as UTF-8; it may be empty or have a nil base address.
  ///   - limits: Depth, size and value-count limits.
  ///   - validateUTF8: Whether to check the encoding first (false for a Swift `String`'s bytes).
  ///   - body: Reads the document.
  /// - Returns: What `body` returns.
  /// - Throws: The errors of ``JSONValue/init(parsing:limits:)`` for the text, then whatever
  ///   `body` throws.
  /// - Complexity: O(n) in the length of the document, plus `body`.
  package static func withDocument<T>(
    parsing bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default, validateUTF8: Bool,
    _ body: (JSONTapeReader) throws(GhostframeError) -> T
  ) throws(GhostframeError) -> T {
    guard bytes.count <= limits.maxBytes, bytes.count < Int(UInt32.max) else {
      throw GhostframeError(
        .limit, "a document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes (maxBytes)")
    }
    if validateUTF8, let offset = JSONUTF8.firstInvalidOffset(in: bytes) {
      let byte = MessageText.hex(UInt32(bytes[offset]), digits: 2)
      throw GhostframeError(.invalidUTF8, "invalid UTF-8 at byte offset \(offset) (byte 0x\(byte))")
    }
    var builder = JSONTapeBuilder(parser: JSONParser(bytes: bytes, limits: limits))
    do {
      try builder.parseDocument()
    } catch {
      // The tape goes first: a document at the value limit would otherwise hold the tape and the
      // tree at once. A limit the tape reached is reported as it is (the same words, from the
      // same parser checks); the tree parser words every other failure (both accept the same texts).
      builder.nodes.deallocate()
      if error.code == .limit { throw error }
      var parser = JSONParser(bytes: bytes, limits: limits)
      do {
        _ = try parser.parseDocument()
      } catch let treeError {
        throw treeError
      }
      throw error
    }
    defer { builder.nodes.deallocate() }
    let nodes = builder.nodes.buffer
    let result = builder.decoded.withUnsafeBufferPointer { decoded in
      Result { () throws(GhostframeError) -> T in
        try body(JSONTapeReader(document: JSONTapeDocument(nodes: nodes, input: bytes, decoded: decoded), index: 0))
      }
    }
    return try result.get()
  }

  /// Parses `text` and calls `body` with a reader for the top-level value, as
  /// ``withDocument(parsing:limits:validateUTF8:_:)-(UnsafeBufferPointer<UInt8>,_,_,_)`` for bytes
  /// that need no validation.
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - limits: Depth, size and value-count limits.
  ///   - body: Reads the document; the readers it gets must not outlive the call.
  /// - Returns: What `body` returns.
  /// - Throws: The errors of ``JSONValue/init(parsing:limits:)``, then whatever `body` throws.
  package static func withDocument<T>(
    parsing text: String, limits: JSONLimits = .default, _ body: (JSONTapeReader) throws(GhostframeError) -> T
  ) throws(GhostframeError) -> T {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(GhostframeError) -> T in
        try withDocument(parsing: bytes, limits: limits, validateUTF8: false, body)
      }
    }
    return try result.get()
  }
}

/// The storage a ``JSONTapeReader`` reads: the nodes, the input and the decoded strings, valid
/// during one ``JSONTape/withDocument(parsing:limits:validateUTF8:_:)-(UnsafeBufferPointer<UInt8>,_,_,_)``
/// call. Node indices and string ranges come from the parser, which only records ones inside
/// these buffers.
struct JSONTapeDocument {
  let nodes: UnsafeBufferPointer<JSONTape.Node>
  let input: UnsafeBufferPointer<UInt8>
  let decoded: UnsafeBufferPointer<UInt8>

  /// The UTF-8 bytes of the string node at `index`.
  @inline(__always)
  func stringBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    let offset = Int(truncatingIfNeeded: node.payload & 0xFFFF_FFFF)
    let length = Int(truncatingIfNeeded: node.payload >> 32)
    let source = node.isDecoded ? decoded : input
    guard let base = source.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base + offset, count: length)
  }

  /// The string node at `index` as a `String`.
  func string(_ index: Int) -> String {
    String(decoding: stringBytes(index), as: UTF8.self)
  }

  /// Whether the string node at `index` has exactly the bytes of `key`.
  @inline(__always)
  func string(_ index: Int, equals key: StaticString) -> Bool {
    key.withUTF8Buffer { string(index, equals: $0) }
  }

  /// Whether the string node at `index` has exactly the bytes of `key` (code unit by code unit).
  @inline(__always)
  func string(_ index: Int, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
    let bytes = stringBytes(index)
    return bytes.count == key.count && JSONTape.sameBytes(bytes, key)
  }
}
