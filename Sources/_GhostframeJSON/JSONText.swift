/// Text helpers shared by the JSON parser, writer, paths and readers.
enum JSONText {
  /// The longest text, in Unicode scalars, that messages quote in full.
  static let messageClipLength = 64

  /// Uppercase hex of `value`, zero-padded to `digits`.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// `text` cut to ``messageClipLength`` scalars, with `…` when cut.
  static func clipped(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > messageClipLength else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(messageClipLength))) + "…"
  }

  /// `text` in single quotes for a message: clipped, with control characters written
  /// as `\u{A}` so that the message stays on one line.
  static func quotedForMessage(_ text: String) -> String {
    var result = "'"
    for scalar in clipped(text).unicodeScalars {
      if isInvisible(scalar) && scalar != " " {
        result += "\\u{\(hex(scalar.value, digits: 1))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "'"
  }

  /// One character for a message: quoted if visible, else `U+000A`.
  static func describeCharacter(_ text: String) -> String {
    guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else {
      return quotedForMessage(text)
    }
    if isInvisible(scalar) {
      return "U+\(hex(scalar.value, digits: 4))"
    }
    return "'\(text)'"
  }

  /// Characters that would be invisible or confusing in a message: controls, format
  /// characters (U+FEFF, U+2060), separators (U+00A0, U+2028), unassigned and private use.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate,
      .privateUse, .unassigned:
      return true
    default:
      return false
    }
  }

  // MARK: - Writing

  /// Appends `text` as a JSON string literal: quoted, with `"`, `\` and control
  /// characters escaped (`\b \f \n \r \t`, else `\u00XX`); everything else as UTF-8.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - output: The UTF-8 buffer to append to.
  /// - Complexity: O(n).
  static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    var text = text
    output.append(UInt8(ascii: "\""))
    text.withUTF8 { bytes in
      var runStart = 0
      for (offset, byte) in bytes.enumerated() {
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
        runStart = offset + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
          output.append(contentsOf: "u00".utf8)
          output.append(contentsOf: hex(UInt32(byte), digits: 2).utf8)
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    var output: [UInt8] = []
    appendQuoted(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The JSON text of a number: the shortest form that parses back to the same `Double`,
  /// without a `.0` on integral values (`3`, `-0`, `0.1`, `1e-07`, `1e+300`), or `null`
  /// for NaN and infinities.
  ///
  /// - Parameter value: The number.
  /// - Returns: Its text.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Swift's description is the shortest round-trip form and always JSON grammar for
    // finite values: digits, an optional fraction, an optional `e±dd` exponent.
    var text = value.description
    if text.hasSuffix(".0") {
      text.removeLast(2)
    }
    return text
  }
}
