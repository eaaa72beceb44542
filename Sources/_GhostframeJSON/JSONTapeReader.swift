import GhostframeCore

/// A value of a ``JSONTape`` document, for reading typed fields with errors that say where, as
/// ``JSONReader`` does for a ``JSONValue``, with the same messages.
///
/// A reader is two pointers and an index: reading allocates nothing but the strings and arrays
/// asked for, and the value's JSON path is worked out from the document only when an error
/// message (or a caller) asks for ``path``. Valid only inside the
/// ``JSONTape/withDocument(parsing:limits:validateUTF8:_:)-(UnsafeBufferPointer<UInt8>,_,_,_)``
/// call that made it.
package struct JSONTapeReader {
  /// The document.
  let document: JSONTapeDocument
  /// The value's node.
  let index: Int

  /// What the value is.
  package var kind: JSONTape.Kind { document.nodes[index].kind }

  /// Whether the value is `null`.
  package var isNull: Bool { kind == .null }

  /// The number, if the value is one.
  package var numberValue: Double? {
    let node = document.nodes[index]
    return node.kind == .number ? Double(bitPattern: node.payload) : nil
  }

  /// The string, if the value is one.
  package var stringValue: String? {
    kind == .string ? document.string(index) : nil
  }

  /// The string's UTF-8 bytes, if the value is a string (valid as long as the reader).
  package var stringBytes: UnsafeBufferPointer<UInt8>? {
    kind == .string ? document.stringBytes(index) : nil
  }

  /// Whether this value and `other` are strings with the same bytes (code unit by code unit).
  ///
  /// - Parameter other: A value of the same document.
  /// - Returns: True if both are strings with the same UTF-8 bytes.
  package func isSameString(as other: JSONTapeReader) -> Bool {
    guard let bytes = stringBytes, let otherBytes = other.stringBytes, bytes.count == otherBytes.count else {
      return false
    }
    guard let base = bytes.baseAddress, let otherBase = otherBytes.baseAddress else { return bytes.isEmpty }
    return JSONTape.sameBytes(UnsafeRawPointer(base), UnsafeRawPointer(otherBase), count: bytes.count)
  }

  /// The element count, if the value is an array.
  package var arrayCount: Int? {
    let node = document.nodes[index]
    return node.kind == .array ? Int(node.count) : nil
  }

  /// Whether the value is the string `text` (code unit by code unit).
  ///
  /// - Parameter text: The string to compare with.
  /// - Returns: True if the value is a string with the same UTF-8 bytes.
  package func isString(_ text: StaticString) -> Bool {
    kind == .string && document.string(index, equals: text)
  }

  /// Where the value is in its document: the keys and indices from the top-level value down.
  ///
  /// - Complexity: O(d + s) for depth d and s elements before it in its arrays; made on demand.
  package var path: JSONPath {
    var components: [JSONPath.Component] = []
    var current = index
    while true {
      let parent = document.nodes[current].parent
      guard parent != JSONTape.noParent else { break }
      let container = Int(parent)
      if document.nodes[container].kind == .object {
        // A member's key is the node just before its value.
        components.append(.key(document.string(current - 1)))
      } else {
        var position = 0
        var element = container + 1
        while element < current {
          element = Int(document.nodes[element].end)
          position += 1
        }
        components.append(.index(position))
      }
      current = container
    }
    return JSONPath(components.reversed())
  }

  /// The kind of value with its article, for messages: "an array", "a string", "null", as
  /// ``JSONValue/kindDescription`` words it.
  package var kindDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value as an object.
  ///
  /// - Returns: A reader for its members.
  /// - Throws: `.invalidArgument` if the value is not an object:
  ///   `layers[3]: expected an object, found an array`.
  package func object() throws(GhostframeError) -> JSONTapeObjectReader {
    guard kind == .object else { throw mismatch("an object") }
    return JSONTapeObjectReader(document: document, index: index)
  }

  /// The value as an array.
  ///
  /// - Returns: Its elements.
  /// - Throws: `.invalidArgument` if the value is not an array.
  package func array() throws(GhostframeError) -> JSONTapeArrayReader {
    guard kind == .array else { throw mismatch("an array") }
    return JSONTapeArrayReader(document: document, index: index)
  }

  /// The value as a string.
  ///
  /// - Returns: The string.
  /// - Throws: `.invalidArgument` if the value is not a string.
  package func string() throws(GhostframeError) -> String {
    guard kind == .string else { throw mismatch("a string") }
    return document.string(index)
  }

  /// The value as a number.
  ///
  /// - Returns: The number (finite: parsing rejects numbers that overflow).
  /// - Throws: `.invalidArgument` if the value is not a number.
  @inline(__always)
  package func number() throws(GhostframeError) -> Double {
    guard let number = numberValue else { throw mismatch("a number") }
    return number
  }

  /// The value as a Boolean.
  ///
  /// - Returns: The Boolean.
  /// - Throws: `.invalidArgument` if the value is not `true` or `false`.
  package func bool() throws(GhostframeError) -> Bool {
    let node = document.nodes[index]
    guard node.kind == .bool else { throw mismatch("a boolean") }
    return node.payload != 0
  }

  /// The value as an array of exactly `count` numbers, such as a frame `[x, y, w, h]`.
  ///
  /// - Parameter count: The number of numbers expected.
  /// - Returns: The numbers.
  /// - Throws: `.invalidArgument` as ``JSONReader/numbers(count:)`` words it.
  package func numbers(count: Int) throws(GhostframeError) -> [Double] {
    var numbers: [Double] = []
    numbers.reserveCapacity(count)
    try forEachNumber(count: count) { numbers.append($0) }
    return numbers
  }

  /// Calls `body` with each number of an array of exactly `count` numbers, without building an
  /// array.
  ///
  /// - Parameters:
  ///   - count: The number of numbers expected.
  ///   - body: Called with each number in order.
  /// - Throws: `.invalidArgument` as ``numbers(count:)``, before `body` sees any number.
  @inline(__always)
  package func forEachNumber(count: Int, _ body: (Double) -> Void) throws(GhostframeError) {
    let node = document.nodes[index]
    let noun = count == 1 ? "number" : "numbers"
    guard node.kind == .array else { throw mismatch("an array of \(count) \(noun)") }
    guard Int(node.count) == count else {
      throw .invalid("\(path): expected \(count) \(noun), found \(node.count)")
    }
    // Elements of an array of numbers are consecutive nodes; check them all first.
    for element in (index + 1)..<(index + 1 + count) where document.nodes[element].kind != .number {
      throw JSONTapeReader(document: document, index: firstNonNumber(count: count)).mismatch("a number")
    }
    for element in (index + 1)..<(index + 1 + count) {
      body(Double(bitPattern: document.nodes[element].payload))
    }
  }

  /// The numbers of an array of exactly four (a frame, a colour), in order, without building an
  /// array.
  ///
  /// - Returns: The four numbers.
  /// - Throws: `.invalidArgument` as ``forEachNumber(count:_:)``.
  @inline(__always)
  package func fourNumbers() throws(GhostframeError) -> (Double, Double, Double, Double) {
    var numbers = (0.0, 0.0, 0.0, 0.0)
    var position = 0
    try forEachNumber(count: 4) { number in
      switch position {
      case 0: numbers.0 = number
      case 1: numbers.1 = number
      case 2: numbers.2 = number
      default: numbers.3 = number
      }
      position += 1
    }
    return numbers
  }

  /// The node index of the first element that is not a number, in an array of `count` elements
  /// that has one.
  private func firstNonNumber(count: Int) -> Int {
    var element = index + 1
    for _ in 0..<count {
      if document.nodes[element].kind != .number { return element }
      element = Int(document.nodes[element].end)
    }
    return element
  }

  /// The value as an integer in `range`, as ``JSONReader/int(in:)`` reads it.
  ///
  /// - Parameter range: The accepted integers.
  /// - Returns: The integer.
  /// - Throws: `.invalidArgument` as ``JSONReader/int(in:)`` words it.
  package func int(in range: ClosedRange<Int>) throws(GhostframeError) -> Int {
    guard let number = numberValue else { throw mismatch("an integer") }
    guard number.isFinite, number == number.rounded(.towardZero) else {
      throw .invalid("\(path): expected an integer, found \(JSONText.number(number))")
    }
    guard let integer = Int(exactly: number), range.contains(integer) else {
      throw .invalid(
        "\(path): expected an integer in \(range.lowerBound)...\(range.upperBound), found \(JSONText.number(number))")
    }
    return integer
  }

  /// A type error: `path: expected X, found Y`.
  package func mismatch(_ expected: String) -> GhostframeError {
    .invalid("\(path): expected \(expected), found \(kindDescription)")
  }
}
