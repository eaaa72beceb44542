import GhostframeCore

extension JSONParser {
  // MARK: - Literals

  /// Parses `true`, `false` or `null` at the current position.
  mutating func parseLiteral(_ literal: StaticString) throws(GhostframeError) {
    let start = position
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for expected in text {
      guard peek == expected else {
        throw failure("expected '\(literal)', found \(found(at: start))", at: start)
      }
      position += 1
    }
  }

  // MARK: - Numbers

  /// Parses a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// After the grammar is checked, the lexeme is converted by `Double(String)`, which
  /// rounds correctly; integers of up to 15 digits, exact in a `Double`, skip it. A
  /// number that rounds to infinity is an error; one that underflows becomes ±0 or a
  /// subnormal, the nearest `Double`.
  mutating func parseNumber() throws(GhostframeError) -> Double {
    let start = position
    let isNegative = peek == UInt8(ascii: "-")
    if isNegative {
      position += 1
    }
    guard let first = peek, Self.isDigit(first) else {
      throw failure("expected a digit after '-', found \(found())")
    }
    let integerStart = position
    if first == UInt8(ascii: "0") {
      position += 1
      if let next = peek, Self.isDigit(next) {
        throw failure("leading zeros are not allowed in numbers, found \(found(at: integerStart))", at: integerStart)
      }
    } else {
      skipDigits()
    }
    let integerEnd = position
    var isInteger = true
    if peek == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("expected a digit after '.', found \(found())")
      }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
        position += 1
      }
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("expected a digit in the exponent, found \(found())")
      }
      skipDigits()
    }

    if isInteger && integerEnd - integerStart <= 15 {
      // Below 10^15 < 2^53: exact in a Double, no rounding to do.
      var magnitude: Int64 = 0
      for offset in integerStart..<integerEnd {
        magnitude = magnitude * 10 + Int64(bytes[offset] &- UInt8(ascii: "0"))
      }
      let value = Double(magnitude)
      return isNegative ? -value : value
    }
    let lexeme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(lexeme), value.isFinite else {
      throw failure("number out of range: \(MessageText.clipped(lexeme))", at: start)
    }
    return value
  }

  private mutating func skipDigits() {
    while let byte = peek, Self.isDigit(byte) {
      position += 1
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: - Strings

  /// Parses a string starting at the opening quote.
  mutating func parseString() throws(GhostframeError) -> String {
    position += 1  // The opening quote.
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") {
        return try parseEscapedString(from: start)
      }
      if byte < 0x20 {
        throw controlCharacterFailure(byte)
      }
      position += 1
    }
    throw failure("expected '\"' to end the string, found \(found())")
  }

  /// Continues a string at its first backslash, decoding escapes into `scratch`.
  private mutating func parseEscapedString(from start: Int) throws(GhostframeError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape()
      case 0..<0x20:
        throw controlCharacterFailure(byte)
      default:
        scratch.append(byte)
        position += 1
      }
    }
    throw failure("expected '\"' to end the string, found \(found())")
  }

  /// Decodes one escape at the current backslash into `scratch`.
  private mutating func parseEscape() throws(GhostframeError) {
    let escapeStart = position
    position += 1
    guard let byte = peek else {
      throw failure("expected an escape character after '\\', found \(found())")
    }
    let simple: UInt8
    switch byte {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      position += 1
      try parseUnicodeEscape(escapeStart: escapeStart)
      return
    default:
      throw failure(
        "expected an escape character (\" \\ / b f n r t u) after '\\', found \(found())")
    }
    scratch.append(simple)
    position += 1
  }

  /// Decodes `XXXX` after `\u`, and a low surrogate's `\uXXXX` after a high one.
  private mutating func parseUnicodeEscape(escapeStart: Int) throws(GhostframeError) {
    let unit = try parseHex4()
    var scalarValue = UInt32(unit)
    switch unit {
    case 0xD800...0xDBFF:
      let lowStart = position
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else {
        throw failure(
          "lone surrogate \(Self.escapeText(unit)): expected a low surrogate \\uDC00-\\uDFFF to follow",
          at: escapeStart)
      }
      position += 2
      let low = try parseHex4()
      guard (0xDC00...0xDFFF).contains(low) else {
        throw failure(
          "lone surrogate \(Self.escapeText(unit)): expected a low surrogate \\uDC00-\\uDFFF to follow, found \(Self.escapeText(low))",
          at: lowStart)
      }
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    case 0xDC00...0xDFFF:
      throw failure(
        "lone surrogate \(Self.escapeText(unit)): a low surrogate must follow a high surrogate \\uD800-\\uDBFF",
        at: escapeStart)
    default:
      break
    }
    appendUTF8(scalarValue)
  }

  /// Appends the UTF-8 form of a scalar value (not a surrogate, at most U+10FFFF).
  private mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(truncatingIfNeeded: value))
    case 0x80..<0x800:
      scratch.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    default:
      scratch.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    }
  }

  /// Reads 4 hex digits.
  private mutating func parseHex4() throws(GhostframeError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = Self.hexValue(byte) else {
        throw failure("expected 4 hex digits after '\\u', found \(found())")
      }
      unit = unit << 4 | digit
      position += 1
    }
    return unit
  }

  private static func hexValue(_ byte: UInt8) -> UInt16? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt16(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt16(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt16(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// `\uD800` for a code unit.
  private static func escapeText(_ unit: UInt16) -> String {
    "\\u" + MessageText.hex(UInt32(unit), digits: 4)
  }

  private func controlCharacterFailure(_ byte: UInt8) -> GhostframeError {
    failure(
      "control character U+\(MessageText.hex(UInt32(byte), digits: 4)) must be escaped in a string")
  }
}
