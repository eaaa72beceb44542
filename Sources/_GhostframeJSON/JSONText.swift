import GhostframeCore

/// JSON text helpers shared by the writer, paths and readers. (How messages quote text is
/// ``MessageText``, in GhostframeCore, shared with the modules that do not read JSON.)
package enum JSONText {
  /// Appends `text` as a JSON string literal: quoted, with `"`, `\` and control
  /// characters escaped (`\b \f \n \r \t`, else `\u00XX`); everything else as UTF-8.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - output: The UTF-8 buffer to append to.
  /// - Complexity: O(n).
  package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
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
          output.append(contentsOf: MessageText.hex(UInt32(byte), digits: 2).utf8)
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string literal.
  package static func quoted(_ text: String) -> String {
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
  package static func number(_ value: Double) -> String {
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
