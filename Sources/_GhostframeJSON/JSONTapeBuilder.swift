import Glibc
import GhostframeCore

/// Parses a document into ``JSONTape`` nodes with ``JSONParser``'s scanning (literals, numbers,
/// escapes, limits), iteratively: the open containers are a stack of node indices.
struct JSONTapeBuilder {
  /// Objects with more members than this check a new key for duplicates through a set of their
  /// keys instead of comparing it with each earlier key.
  static let linearKeyLimit = 16

  /// The scanner, positioned in the document.
  var parser: JSONParser
  /// The nodes so far, in document order.
  var nodes: JSONTapeNodeBuffer
  /// The decoded text of strings with escapes, one after another.
  var decoded: [UInt8] = []
  /// The keys of the open objects past ``linearKeyLimit`` members, by node index.
  private var largeObjectKeys: [Int: Set<JSONKey>] = [:]

  init(parser: JSONParser) {
    self.parser = parser
    // About one node per 4 bytes of a compact document; more nodes grow the buffer.
    nodes = JSONTapeNodeBuffer(capacity: min(parser.bytes.count / 4 + 16, 1 << 22))
  }

  /// Parses the whole document into ``nodes``.
  ///
  /// - Throws: `.parse` for malformed text, `.limit` for a limit exceeded (the messages may
  ///   differ from ``JSONParser/parseDocument()``'s, which ``JSONTape`` reports instead).
  mutating func parseDocument() throws(GhostframeError) {
    parser.skipByteOrderMark()
    let maxDepth = parser.limits.effectiveMaxDepth
    var stack: [Int] = []

    document: while true {
      // A value starts here.
      skipSpace()
      guard let byte = parser.peek else {
        throw parser.failure("expected \(expectation(stack)), found \(parser.found())")
      }
      try parser.countValue()
      let parent = stack.last.map { UInt32(truncatingIfNeeded: $0) } ?? JSONTape.noParent
      let index = nodes.count
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        try parser.checkDepth(stack.count, limit: maxDepth)
        let isObject = byte == UInt8(ascii: "{")
        try append(isObject ? .object : .array, payload: 0, parent: parent)
        parser.position += 1
        skipSpace()
        if parser.peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          parser.position += 1
        } else {
          if isObject {
            try appendKey(in: index, expected: "a string key or '}'")
          }
          stack.append(index)
          continue document
        }
      case UInt8(ascii: "\""):
        try appendString(parent: parent)
      case UInt8(ascii: "t"):
        try parser.parseLiteral("true")
        try append(.bool, payload: 1, parent: parent)
      case UInt8(ascii: "f"):
        try parser.parseLiteral("false")
        try append(.bool, payload: 0, parent: parent)
      case UInt8(ascii: "n"):
        try parser.parseLiteral("null")
        try append(.null, payload: 0, parent: parent)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try append(.number, payload: try parser.parseNumber().bitPattern, parent: parent)
      default:
        throw parser.failure("expected \(expectation(stack)), found \(parser.found())")
      }

      // A value is complete: count it in its container; close containers while their end follows.
      while let top = stack.last {
        skipSpace()
        nodes[top].count += 1
        if nodes[top].kind == .object {
          switch parser.peek {
          case UInt8(ascii: ","):
            parser.position += 1
            skipSpace()
            try appendKey(in: top, expected: "a string key after ','")
            continue document
          case UInt8(ascii: "}"):
            parser.position += 1
            close(top)
            stack.removeLast()
          default:
            throw parser.failure("expected ',' or '}' after an object member, found \(parser.found())")
          }
        } else {
          switch parser.peek {
          case UInt8(ascii: ","):
            parser.position += 1
            continue document
          case UInt8(ascii: "]"):
            parser.position += 1
            close(top)
            stack.removeLast()
          default:
            throw parser.failure("expected ',' or ']' after an array element, found \(parser.found())")
          }
        }
      }

      // The top-level value is complete.
      skipSpace()
      guard parser.position >= parser.bytes.count else {
        throw parser.failure("expected the end of the input after the top-level value, found \(parser.found())")
      }
      return
    }
  }

  /// Skips whitespace, without a call when the next byte cannot be whitespace (compact text).
  @inline(__always)
  private mutating func skipSpace() {
    if parser.position < parser.bytes.count, parser.bytes[parser.position] > 0x20 { return }
    parser.skipWhitespace()
  }

  /// What a value was expected as, given the containers open around it.
  private func expectation(_ stack: [Int]) -> String {
    guard let top = stack.last else { return "a value" }
    if nodes[top].kind == .object { return "a value after ':'" }
    return nodes[top].count == 0 ? "a value or ']'" : "a value after ','"
  }

  @inline(__always)
  private mutating func append(_ kind: JSONTape.Kind, payload: UInt64, parent: UInt32, isDecoded: Bool = false)
    throws(GhostframeError) {
    let end = UInt32(truncatingIfNeeded: nodes.count + 1)
    try nodes.append(JSONTape.Node(payload: payload, parent: parent, end: end, count: 0, kind: kind, isDecoded: isDecoded))
  }

  /// Records that the container at `index` ends after the last node so far.
  private mutating func close(_ index: Int) {
    nodes[index].end = UInt32(truncatingIfNeeded: nodes.count)
    if nodes[index].count > Self.linearKeyLimit, nodes[index].kind == .object {
      largeObjectKeys[index] = nil
    }
  }

  /// Parses `"key"` and the `:` after it into a key node of the object at `object`, rejecting a
  /// key the object already has.
  private mutating func appendKey(in object: Int, expected: String) throws(GhostframeError) {
    guard parser.peek == UInt8(ascii: "\"") else {
      throw parser.failure("expected \(expected), found \(parser.found())")
    }
    let keyStart = parser.position
    let key = nodes.count
    try appendString(parent: UInt32(truncatingIfNeeded: object))
    if try isDuplicate(key: key, in: object) {
      let text = withDocument { $0.string(key) }
      throw parser.failure("duplicate key \(MessageText.quoted(text))", at: keyStart)
    }
    skipSpace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw parser.failure("expected ':' after an object key, found \(parser.found())")
    }
    parser.position += 1
  }

  /// Whether the key node `key` repeats an earlier key of the object at `object` (code unit by
  /// code unit, as ``JSONObject`` compares keys).
  private mutating func isDuplicate(key: Int, in object: Int) throws(GhostframeError) -> Bool {
    let members = Int(nodes[object].count)
    // An object's payload collects its keys' signature bits: a key whose bit is new repeats none.
    let bit = signatureBit(ofKey: key)
    let signature = nodes[object].payload
    nodes[object].payload = signature | bit
    if signature & bit == 0 && members < Self.linearKeyLimit { return false }
    if members < Self.linearKeyLimit {
      return withDocument { document in
        let bytes = document.stringBytes(key)
        var index = object + 1
        for _ in 0..<members {
          if document.string(index, equals: bytes) { return true }
          index = Int(document.nodes[index + 1].end)
        }
        return false
      }
    }
    if members == Self.linearKeyLimit {
      // Past the linear limit: a set of the keys so far.
      var keys = Set<JSONKey>(minimumCapacity: 2 * members)
      withDocument { document in
        var index = object + 1
        for _ in 0..<members {
          keys.insert(JSONKey(document.string(index)))
          index = Int(document.nodes[index + 1].end)
        }
      }
      largeObjectKeys[object] = keys
    }
    let text = withDocument { $0.string(key) }
    return largeObjectKeys[object, default: []].insert(JSONKey(text)).inserted == false
  }

  /// The signature bit of the string node `key`.
  private func signatureBit(ofKey key: Int) -> UInt64 {
    let node = nodes[key]
    let offset = Int(truncatingIfNeeded: node.payload & 0xFFFF_FFFF)
    let length = Int(truncatingIfNeeded: node.payload >> 32)
    if node.isDecoded {
      return decoded.withUnsafeBufferPointer { decoded in
        JSONTapeObjectReader.signatureBit(of: UnsafeBufferPointer(rebasing: decoded[offset..<(offset + length)]))
      }
    }
    return JSONTapeObjectReader.signatureBit(of: UnsafeBufferPointer(rebasing: parser.bytes[offset..<(offset + length)]))
  }

  /// Calls `body` with the nodes and text so far (decoded strings included).
  private func withDocument<R>(_ body: (JSONTapeDocument) -> R) -> R {
    decoded.withUnsafeBufferPointer { decoded in
      body(JSONTapeDocument(nodes: nodes.buffer, input: parser.bytes, decoded: decoded))
    }
  }

  /// Parses a string starting at the opening quote into a string node: a range of the input,
  /// or, when it has escapes, of ``decoded``.
  private mutating func appendString(parent: UInt32) throws(GhostframeError) {
    parser.position += 1  // The opening quote.
    let start = parser.position
    let bytes = parser.bytes
    var position = start
    // Eight bytes at a time while eight remain: a word without a quote, a backslash or a control
    // byte is passed whole; otherwise `position` moves to the first such byte, which the loop
    // below then reads.
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position &+ 8 <= bytes.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let special = Self.specialBytes(word)
        if special != 0 {
          position &+= special.trailingZeroBitCount &>> 3
          break
        }
        position &+= 8
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        parser.position = position + 1
        try append(.string, payload: UInt64(start) | UInt64(position - start) << 32, parent: parent)
        return
      }
      if byte == UInt8(ascii: "\\") {
        parser.position = position
        try appendEscapedString(from: start, parent: parent)
        return
      }
      if byte < 0x20 {
        parser.position = position
        throw parser.controlCharacterFailure(byte)
      }
      position += 1
    }
    parser.position = position
    throw parser.failure("expected '\"' to end the string, found \(parser.found())")
  }

  /// The high bit of each byte of `word` (eight bytes, the first in the low bits) that may be
  /// a quote, a backslash or a control byte (below 0x20). The lowest bit set is exact: the
  /// first such byte; bits above it may be false (borrows of the subtractions), never below.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let isQuote = (quote &- ones) & ~quote
    let isBackslash = (backslash &- ones) & ~backslash
    let isControl = (word &- ones &* 0x20) & ~word
    return (isQuote | isBackslash | isControl) & highs
  }

  /// Continues a string at its first backslash, decoding escapes into ``decoded``.
  private mutating func appendEscapedString(from start: Int, parent: UInt32) throws(GhostframeError) {
    parser.scratch.removeAll(keepingCapacity: true)
    parser.scratch.append(contentsOf: UnsafeBufferPointer(rebasing: parser.bytes[start..<parser.position]))
    while parser.position < parser.bytes.count {
      let byte = parser.bytes[parser.position]
      switch byte {
      case UInt8(ascii: "\""):
        parser.position += 1
        let offset = decoded.count
        decoded.append(contentsOf: parser.scratch)
        try append(
          .string, payload: UInt64(offset) | UInt64(parser.scratch.count) << 32, parent: parent, isDecoded: true)
        return
      case UInt8(ascii: "\\"):
        try parser.parseEscape()
      case 0..<0x20:
        throw parser.controlCharacterFailure(byte)
      default:
        parser.scratch.append(byte)
        parser.position += 1
      }
    }
    throw parser.failure("expected '\"' to end the string, found \(parser.found())")
  }
}

/// The nodes being parsed: one buffer grown by doubling, without an array's uniqueness and bounds
/// checks on the parser's hot path. Indices come from the builder, which only uses ones below
/// ``count``. The owner calls ``deallocate()`` once, when the document is read.
///
/// The buffer lives in `malloc`'s memory and grows with `realloc` (large blocks are remapped, not
/// copied, so growing never needs the old and the new buffer at once); an allocation the system
/// refuses is a `.limit` error, never a trap.
struct JSONTapeNodeBuffer {
  private(set) var base: UnsafeMutablePointer<JSONTape.Node>?
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    let wanted = max(capacity, 16)
    base = malloc(wanted * MemoryLayout<JSONTape.Node>.stride)?.bindMemory(to: JSONTape.Node.self, capacity: wanted)
    self.capacity = base == nil ? 0 : wanted
  }

  /// The node at `index` (below ``count``).
  @inline(__always)
  subscript(index: Int) -> JSONTape.Node {
    get { base.unsafelyUnwrapped[index] }
    nonmutating set { base.unsafelyUnwrapped[index] = newValue }
  }

  /// Appends a node, doubling the buffer when full.
  ///
  /// - Throws: `.limit` when the system refuses the larger buffer.
  @inline(__always)
  mutating func append(_ node: JSONTape.Node) throws(GhostframeError) {
    if count == capacity { try grow() }
    (base.unsafelyUnwrapped + count).initialize(to: node)
    count += 1
  }

  private mutating func grow() throws(GhostframeError) {
    let larger = max(capacity * 2, 16)
    let (bytes, overflow) = larger.multipliedReportingOverflow(by: MemoryLayout<JSONTape.Node>.stride)
    guard !overflow, let grown = realloc(base, bytes) else {
      throw GhostframeError(.limit, "a document of more than \(count) JSON values needs more memory than the system gives")
    }
    base = grown.bindMemory(to: JSONTape.Node.self, capacity: larger)
    capacity = larger
  }

  /// The nodes so far.
  var buffer: UnsafeBufferPointer<JSONTape.Node> { UnsafeBufferPointer(start: base, count: count) }

  /// Frees the buffer (the nodes are plain values: nothing to deinitialise).
  func deallocate() {
    free(base)
  }
}
