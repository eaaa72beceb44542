import GhostframeCore

/// A JSON value together with its path, for reading typed fields with errors that say
/// where: `layers[3].frame: expected 4 numbers, found 3`.
///
/// Wrong shapes and values throw `.invalidArgument` with the message prefixed by the path
/// (`$` for the document root). Scene and view-tree readers start from
/// `JSONReader(try JSONValue(parsing: text))` and walk down with ``object()``,
/// ``array()`` and ``JSONObjectReader/required(_:)``.
package struct JSONReader: Sendable {
  /// The value.
  package let value: JSONValue
  /// Where the value is in its document.
  package let path: JSONPath

  /// A reader for `value` at `path`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - path: Where the value is; the root by default.
  package init(_ value: JSONValue, path: JSONPath = JSONPath()) {
    self.value = value
    self.path = path
  }

  /// Whether the value is `null`.
  package var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The value as an object.
  ///
  /// - Returns: A reader for its members.
  /// - Throws: `.invalidArgument` if the value is not an object:
  ///   `layers[3]: expected an object, found an array`.
  package func object() throws(GhostframeError) -> JSONObjectReader {
    guard case .object(let object) = value else { throw mismatch("an object") }
    return JSONObjectReader(object, path: path)
  }

  /// The value as an array.
  ///
  /// - Returns: The elements, each read through a reader whose path ends in `[i]`.
  /// - Throws: `.invalidArgument` if the value is not an array.
  /// - Complexity: O(1); each element's reader is made when it is read, so a long array costs
  ///   nothing more than its values.
  package func array() throws(GhostframeError) -> JSONArrayReader {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    return JSONArrayReader(elements: elements, path: path)
  }

  /// The value as a string.
  ///
  /// - Returns: The string.
  /// - Throws: `.invalidArgument` if the value is not a string.
  package func string() throws(GhostframeError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  /// The value as a number.
  ///
  /// - Returns: The number (finite if it was parsed).
  /// - Throws: `.invalidArgument` if the value is not a number.
  package func number() throws(GhostframeError) -> Double {
    guard case .number(let number) = value else { throw mismatch("a number") }
    return number
  }

  /// The value as a Boolean.
  ///
  /// - Returns: The Boolean.
  /// - Throws: `.invalidArgument` if the value is not `true` or `false`.
  package func bool() throws(GhostframeError) -> Bool {
    guard case .bool(let flag) = value else { throw mismatch("a boolean") }
    return flag
  }

  /// The value as an array of exactly `count` numbers, such as a frame `[x, y, w, h]`.
  ///
  /// - Parameter count: The number of numbers expected.
  /// - Returns: The numbers.
  /// - Throws: `.invalidArgument` if the value is not an array
  ///   (`frame: expected an array of 4 numbers, found a string`), has another length
  ///   (`layers[3].frame: expected 4 numbers, found 3`), or has an element that is not a
  ///   number (`layers[3].frame[2]: expected a number, found null`).
  package func numbers(count: Int) throws(GhostframeError) -> [Double] {
    let noun = count == 1 ? "number" : "numbers"
    guard case .array(let elements) = value else { throw mismatch("an array of \(count) \(noun)") }
    guard elements.count == count else {
      throw .invalid("\(path): expected \(count) \(noun), found \(elements.count)")
    }
    var numbers: [Double] = []
    numbers.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      numbers.append(try JSONReader(element, path: path.appending(index: index)).number())
    }
    return numbers
  }

  /// The value as an integer in `range`.
  ///
  /// The number must be integral (`3` and `3.0` are, `3.5` is not) and within `range`;
  /// conversion never traps, whatever the number.
  ///
  /// - Parameter range: The accepted integers.
  /// - Returns: The integer.
  /// - Throws: `.invalidArgument` if the value is not a number
  ///   (`count: expected an integer, found a string`), not integral
  ///   (`count: expected an integer, found 2.5`), or outside `range`
  ///   (`count: expected an integer in 1...10, found 12`).
  package func int(in range: ClosedRange<Int>) throws(GhostframeError) -> Int {
    guard case .number(let number) = value else { throw mismatch("an integer") }
    guard number.isFinite, number == number.rounded(.towardZero) else {
      throw .invalid("\(path): expected an integer, found \(JSONText.number(number))")
    }
    // Int(exactly:) is nil beyond Int's range instead of trapping.
    guard let integer = Int(exactly: number), range.contains(integer) else {
      throw .invalid(
        "\(path): expected an integer in \(range.lowerBound)...\(range.upperBound), found \(JSONText.number(number))")
    }
    return integer
  }

  /// A type error: `path: expected X, found Y`.
  private func mismatch(_ expected: String) -> GhostframeError {
    .invalid("\(path): expected \(expected), found \(value.kindDescription)")
  }
}
