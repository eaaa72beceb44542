import GhostframeCore

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Iterative: containers being filled live on an explicit stack, so nesting costs heap,
/// not call stack, and the depth limit is checked before each container opens.
/// Malformed text throws `.parse` with a 1-based line and column (columns count Unicode
/// scalars); exceeding a ``JSONLimits`` limit throws `.limit`.
struct JSONParser {
  /// A container being filled.
  private struct Frame {
    /// Whether this is an object (else an array).
    var isObject: Bool
    /// The elements so far, for an array.
    var elements: [JSONValue] = []
    /// The members so far, for an object.
    var object = JSONObject()
    /// The key whose value is being parsed, for an object.
    var key = ""
  }

  /// The document; the caller has validated it as UTF-8.
  let bytes: UnsafeBufferPointer<UInt8>
  let limits: JSONLimits
  /// The offset of the next byte to read.
  var position = 0
  /// Where line 1, column 1 starts: after a byte order mark, if any.
  var textStart = 0
  /// The number of values started so far.
  var valueCount = 0
  /// Reused buffer for strings with escapes.
  var scratch: [UInt8] = []

  /// Prepares to parse `bytes`, which must be valid UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - limits: The limits to enforce (`maxBytes` is the caller's to check).
  init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Parses the whole document as one value.
  ///
  /// - Returns: The value.
  /// - Throws: `.parse` for malformed text, `.limit` for a limit exceeded.
  /// - Complexity: O(n) in the document length, plus hashing for objects over 8 members.
  mutating func parseDocument() throws(GhostframeError) -> JSONValue {
    skipByteOrderMark()
    let maxDepth = limits.effectiveMaxDepth
    var stack: [Frame] = []
    var value: JSONValue

    document: while true {
      // A value starts here.
      skipWhitespace()
      guard let byte = peek else {
        throw failure("expected \(Self.valueExpectation(after: stack)), found \(found())")
      }
      try countValue()
      switch byte {
      case UInt8(ascii: "["):
        try checkDepth(stack.count, limit: maxDepth)
        position += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
          position += 1
          value = .array([])
        } else {
          stack.append(Frame(isObject: false))
          continue document
        }
      case UInt8(ascii: "{"):
        try checkDepth(stack.count, limit: maxDepth)
        position += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
          position += 1
          value = .object(JSONObject())
        } else {
          var frame = Frame(isObject: true)
          frame.key = try parseKey(in: frame.object, expected: "a string key or '}'")
          stack.append(frame)
          continue document
        }
      case UInt8(ascii: "\""):
        value = .string(try parseString())
      case UInt8(ascii: "t"):
        try parseLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try parseLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try parseLiteral("null")
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try parseNumber())
      default:
        throw failure("expected \(Self.valueExpectation(after: stack)), found \(found())")
      }

      // Add `value` to its container; close containers while their end follows.
      while let top = stack.indices.last {
        skipWhitespace()
        if stack[top].isObject {
          let key = stack[top].key
          stack[top].object.appendNew(key: key, value: value)
          switch peek {
          case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            let next = try parseKey(in: stack[top].object, expected: "a string key after ','")
            stack[top].key = next
            continue document
          case UInt8(ascii: "}"):
            position += 1
            value = .object(stack.removeLast().object)
          default:
            throw failure("expected ',' or '}' after an object member, found \(found())")
          }
        } else {
          stack[top].elements.append(value)
          switch peek {
          case UInt8(ascii: ","):
            position += 1
            continue document
          case UInt8(ascii: "]"):
            position += 1
            value = .array(stack.removeLast().elements)
          default:
            throw failure("expected ',' or ']' after an array element, found \(found())")
          }
        }
      }

      // The top-level value is complete.
      skipWhitespace()
      guard position >= bytes.count else {
        throw failure("expected the end of the input after the top-level value, found \(found())")
      }
      return value
    }
  }

  /// What a value was expected as, given the containers open around it.
  private static func valueExpectation(after stack: [Frame]) -> String {
    guard let top = stack.last else { return "a value" }
    if top.isObject { return "a value after ':'" }
    return top.elements.isEmpty ? "a value or ']'" : "a value after ','"
  }

  /// Parses `"key"` and the `:` after it, rejecting a key already in `object`.
  private mutating func parseKey(
    in object: JSONObject, expected: String
  ) throws(GhostframeError) -> String {
    guard peek == UInt8(ascii: "\"") else {
      throw failure("expected \(expected), found \(found())")
    }
    let keyStart = position
    let key = try parseString()
    if object.position(of: key) != nil {
      throw failure("duplicate key \(MessageText.quoted(key))", at: keyStart)
    }
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else {
      throw failure("expected ':' after an object key, found \(found())")
    }
    position += 1
    return key
  }

  mutating func countValue() throws(GhostframeError) {
    valueCount += 1
    guard valueCount <= limits.maxElements else {
      throw failure(
        "more than \(limits.maxElements) values exceed the limit (maxElements)", code: .limit)
    }
  }

  func checkDepth(_ depth: Int, limit: Int) throws(GhostframeError) {
    guard depth < limit else {
      let named = limit < limits.maxDepth ? "depthCeiling" : "maxDepth"
      throw failure("nesting deeper than \(limit) levels exceeds the limit (\(named))", code: .limit)
    }
  }

  // MARK: - Scanning

  /// The current byte, or nil at the end.
  var peek: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Skips a leading UTF-8 byte order mark, which RFC 8259 §8.1 lets parsers ignore.
  mutating func skipByteOrderMark() {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
      textStart = 3
    }
  }
}
