import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

@Suite struct JSONUnicodeTests {
  @Test func escapesAndRawUTF8GiveTheSameStrings() throws {
    let cases: [(String, String)] = [
      (#""\u00e9""#, "é"), (#""\u00E9""#, "é"), ("\"é\"", "é"),
      (#""\u20ac""#, "€"), ("\"€\"", "€"),
      (#""\uFFFD""#, "\u{FFFD}"), (#""\uD7FF\uE000""#, "\u{D7FF}\u{E000}"),
      // Astral characters: a surrogate pair, or 4 raw bytes.
      (#""\ud83d\ude00""#, "😀"), (#""\uD83D\uDE00""#, "😀"), ("\"😀\"", "😀"),
      (#""\uD800\uDC00""#, "\u{10000}"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
      (#""a\ud834\udd1eb""#, "a𝄞b"),
      // NUL is a character like any other.
      (#""\u0000""#, "\u{0}"),
    ]
    for (text, expected) in cases {
      let value = try JSONValue(parsing: text)
      #expect(value == .string(expected), "\(text)")
      guard case .string(let string) = value else { continue }
      #expect(Array(string.unicodeScalars) == Array(expected.unicodeScalars), "\(text)")
    }
  }

  @Test func nonASCIIIsWrittenAsUTF8AndRoundTrips() throws {
    let text = "é€😀\u{10FFFF}\u{2028}\u{FEFF}"
    let value = JSONValue.string(text)
    #expect(value.serialized() == "\"" + text + "\"")
    let bytes = Array(value.serialized().utf8)
    #expect(try parseJSON(bytes: bytes) == value)
  }

  @Test func keysCompareCodeUnitByCodeUnit() throws {
    // "é" precomposed and "e" + combining acute are canonically equivalent but different keys.
    let value = try JSONValue(parsing: "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    guard case .object(let object) = value else {
      Issue.record("not an object")
      return
    }
    #expect(object.count == 2)
    #expect(object["\u{E9}"] == 1)
    #expect(object["e\u{301}"] == 2)
    #expect(object.keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
  }

  @Test func surrogateErrors() {
    let cases = [
      #"["\uD800"]"#, #"["\uDBFF"]"#, #"["\uDC00"]"#, #"["\uDFFF"]"#, #"["\uD800\u0041"]"#,
      #"["\uD800\uD800"]"#, #"["\uD800\n"]"#, #"["\uD800" ]"#, #"["\uDC00\uD800"]"#,
    ]
    for text in cases {
      let message = expectError(.parse, "\(text)") { _ = try JSONValue(parsing: text) }?.message
      #expect(message?.contains("lone surrogate") == true, "\(text): \(message ?? "")")
    }
  }

  @Test func invalidUTF8ReportsTheByteOffset() {
    // A valid prefix of every width, then an invalid byte.
    let prefix = Array("{\"é€😀\": \"".utf8)  // 1 + 1 + 2 + 3 + 4 + 1 + 1 + 1 + 1 = 15 bytes
    #expect(prefix.count == 15)
    for bad: [UInt8] in [[0xFF], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xBF, 0xBF]] {
      let message = expectError(.invalidUTF8) { _ = try parseJSON(bytes: prefix + bad + Array("\"}".utf8)) }?.message
      #expect(message?.hasPrefix("invalid UTF-8 at byte offset 15 (byte 0x") == true, "\(bad): \(message ?? "")")
    }
    // Invalid bytes outside strings are reported as encoding errors too.
    #expect(expectError(.invalidUTF8) { _ = try parseJSON(bytes: [0x5B, 0x31, 0x2C, 0x80, 0x5D]) }?.message
      == "invalid UTF-8 at byte offset 3 (byte 0x80)")
  }

  @Test func invalidUTF8AnywhereInLongASCIIRuns() {
    // The validator reads 8 bytes at a time; a bad byte at every alignment is found.
    let ascii = Array(("[\"" + String(repeating: "a", count: 40) + "\"]").utf8)
    for offset in 2..<42 {
      var bytes = ascii
      bytes[offset] = 0xC0
      let message = expectError(.invalidUTF8) { _ = try parseJSON(bytes: bytes) }?.message
      #expect(message == "invalid UTF-8 at byte offset \(offset) (byte 0xC0)")
    }
    #expect(throws: Never.self) { try parseJSON(bytes: ascii) }
  }

  @Test func everyScalarRoundTripsThroughAnEscapeAndRaw() throws {
    var scalars = String.UnicodeScalarView()
    for value in stride(from: 0, through: 0x10FFFF, by: 97) {
      if let scalar = Unicode.Scalar(UInt32(value)) {
        scalars.append(scalar)
      }
    }
    let text = String(scalars)
    let value = JSONValue.string(text)
    #expect(try JSONValue(parsing: value.serialized()) == value)
    // The same text with every non-ASCII scalar written as \u escapes.
    var escaped = "\""
    for scalar in text.unicodeScalars {
      for unit in String(scalar).utf16 {
        escaped += "\\u" + MessageText.hex(UInt32(unit), digits: 4)
      }
    }
    escaped += "\""
    guard case .string(let parsed) = try JSONValue(parsing: escaped) else {
      Issue.record("not a string")
      return
    }
    #expect(Array(parsed.unicodeScalars) == Array(text.unicodeScalars))
  }
}
