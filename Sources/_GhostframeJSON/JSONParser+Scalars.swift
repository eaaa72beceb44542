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
  /// After the grammar is checked, a number of at most 15 digits whose decimal exponent is
  /// within ±22 is computed as one multiplication or division of two `Double`s that are both
  /// exact (the digits as an integer below 10^15 < 2^53, and a power of ten up to 10^22), which
  /// IEEE arithmetic rounds correctly (Clinger's fast path), so the result is the nearest
  /// `Double`, as `Double(String)` gives. Other lexemes are converted by `Double(String)`. A
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
    var fractionStart = position
    var fractionEnd = position
    if peek == UInt8(ascii: ".") {
      position += 1
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("expected a digit after '.', found \(found())")
      }
      fractionStart = position
      skipDigits()
      fractionEnd = position
    }
    var exponentStart = position
    var exponentEnd = position
    var isExponentNegative = false
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      position += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
        isExponentNegative = peek == UInt8(ascii: "-")
        position += 1
      }
      guard let digit = peek, Self.isDigit(digit) else {
        throw failure("expected a digit in the exponent, found \(found())")
      }
      exponentStart = position
      skipDigits()
      exponentEnd = position
    }

    let fractionDigits = fractionEnd - fractionStart
    if integerEnd - integerStart + fractionDigits <= 15 && exponentEnd - exponentStart <= 4 {
      // Below 10^15 < 2^53: the digits are exact in a Double.
      var mantissa: Int64 = 0
      for offset in integerStart..<integerEnd {
        mantissa = mantissa &* 10 &+ Int64(bytes[offset] &- UInt8(ascii: "0"))
      }
      for offset in fractionStart..<fractionEnd {
        mantissa = mantissa &* 10 &+ Int64(bytes[offset] &- UInt8(ascii: "0"))
      }
      var exponent = 0
      for offset in exponentStart..<exponentEnd {
        exponent = exponent &* 10 &+ Int(bytes[offset] &- UInt8(ascii: "0"))
      }
      exponent = (isExponentNegative ? -exponent : exponent) - fractionDigits
      if mantissa == 0 {
        return isNegative ? -0.0 : 0.0
      }
      if let scale = Self.exactPowerOfTen(exponent.magnitude) {
        let magnitude = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        return isNegative ? -magnitude : magnitude
      }
    }
    let lexeme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(lexeme), value.isFinite else {
      throw failure("number out of range: \(MessageText.clipped(lexeme))", at: start)
    }
    return value
  }

  /// 10^n for n in 0...22, the powers of ten a `Double` holds exactly; nil beyond.
  @inline(__always)
  static func exactPowerOfTen(_ n: UInt) -> Double? {
    switch n {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    case 22: return 1e22
    default: return nil
    }
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
  mutating func parseEscape() throws(GhostframeError) {
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

  func controlCharacterFailure(_ byte: UInt8) -> GhostframeError {
    failure(
      "control character U+\(MessageText.hex(UInt32(byte), digits: 4)) must be escaped in a string")
  }
}
