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
  /// The digits are gathered into an integer while the grammar is checked. When that integer is
  /// at most 2^53 (exact in a `Double`) and the decimal exponent is within ±22 (10^22 is the
  /// largest exact power of ten), the value is one multiplication or division of two exact
  /// `Double`s, which IEEE arithmetic rounds correctly (Clinger's fast path): the nearest
  /// `Double`, as `Double(String)` gives. Other lexemes are converted by `Double(String)`. A
  /// number that rounds to infinity is an error; one that underflows becomes ±0 or a
  /// subnormal, the nearest `Double`.
  mutating func parseNumber() throws(GhostframeError) -> Double {
    let start = position
    let end = bytes.count
    guard let base = bytes.baseAddress, position < end else {
      throw failure("expected a digit after '-', found \(found())")
    }
    var p = position
    let isNegative = base[p] == UInt8(ascii: "-")
    if isNegative { p += 1 }
    guard p < end, base[p] &- UInt8(ascii: "0") < 10 else {
      position = p
      throw failure("expected a digit after '-', found \(found())")
    }
    var mantissa: UInt64 = 0
    var digits = 0
    if base[p] == UInt8(ascii: "0") {
      p += 1
      if p < end, base[p] &- UInt8(ascii: "0") < 10 {
        position = p
        throw failure("leading zeros are not allowed in numbers, found \(found(at: p - 1))", at: p - 1)
      }
    } else {
      while p < end {
        let digit = base[p] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        p += 1
      }
    }
    var fractionDigits = 0
    if p < end, base[p] == UInt8(ascii: ".") {
      p += 1
      guard p < end, base[p] &- UInt8(ascii: "0") < 10 else {
        position = p
        throw failure("expected a digit after '.', found \(found())")
      }
      while p < end {
        let digit = base[p] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        fractionDigits += 1
        p += 1
      }
    }
    var exponent = 0
    var exponentDigits = 0
    if p < end, base[p] | 0x20 == UInt8(ascii: "e") {
      p += 1
      var isExponentNegative = false
      if p < end, base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-") {
        isExponentNegative = base[p] == UInt8(ascii: "-")
        p += 1
      }
      guard p < end, base[p] &- UInt8(ascii: "0") < 10 else {
        position = p
        throw failure("expected a digit in the exponent, found \(found())")
      }
      while p < end {
        let digit = base[p] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if exponentDigits < 8 { exponent = exponent &* 10 &+ Int(digit) }
        exponentDigits += 1
        p += 1
      }
      if isExponentNegative { exponent = -exponent }
    }
    position = p

    // 19 digits cannot overflow the integer; below 2^53 it is exact in a Double.
    if digits <= 19 && exponentDigits <= 4 && mantissa <= 1 << 53 {
      if mantissa == 0 {
        return isNegative ? -0.0 : 0.0
      }
      let scale = exponent - fractionDigits
      if let power = Self.exactPowerOfTen(scale.magnitude) {
        let magnitude = scale < 0 ? Double(mantissa) / power : Double(mantissa) * power
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
