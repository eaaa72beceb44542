import GhostframeCore

extension JSONParser {
  /// An error at the current position.
  ///
  /// - Parameters:
  ///   - message: What was expected and found.
  ///   - code: `.parse` unless a limit was exceeded.
  /// - Returns: The error, its message prefixed with `line L, column C: `.
  func failure(_ message: String, code: GhostframeError.Code = .parse) -> GhostframeError {
    failure(message, at: position, code: code)
  }

  /// An error at byte `offset`.
  func failure(
    _ message: String, at offset: Int, code: GhostframeError.Code = .parse
  ) -> GhostframeError {
    let (line, column) = location(of: offset)
    return GhostframeError(code, "line \(line), column \(column): \(message)")
  }

  /// The 1-based line and column of byte `offset`, counted only when an error needs it.
  /// Lines end at LF, CR LF or a lone CR; columns count Unicode scalars.
  func location(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var i = textStart
    let end = min(offset, bytes.count)
    while i < end {
      let byte = bytes[i]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte == 0x0D {
        if i + 1 < bytes.count && bytes[i + 1] == 0x0A {
          // The LF that follows starts the new line.
        } else {
          line += 1
          column = 1
        }
      } else if byte & 0xC0 != 0x80 {
        // Not a continuation byte: a new scalar.
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  /// What is at the current position, for messages.
  func found() -> String {
    found(at: position)
  }

  /// What is at byte `offset`, for messages: "the end of the input", a quoted character,
  /// a quoted word such as `'NaN'`, or `U+000A` for an invisible character.
  func found(at offset: Int) -> String {
    guard offset >= 0 && offset < bytes.count else { return "the end of the input" }
    if Self.isWordByte(bytes[offset]) {
      var end = offset
      while end < bytes.count && end - offset < 24 && Self.isWordByte(bytes[end]) {
        end += 1
      }
      let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
      return "'\(word)'"
    }
    // One scalar; the input is valid UTF-8, so its lead byte gives its length.
    let lead = bytes[offset]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(offset + length, bytes.count)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    return MessageText.describeCharacter(text)
  }

  /// Letters, digits and `_ . + -`: bytes shown together as one word.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
