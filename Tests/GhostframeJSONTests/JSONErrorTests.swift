import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// The message of the error that parsing `text` throws, checking its code.
func jsonParseMessage(
  _ text: String, limits: JSONLimits = .default, code: GhostframeError.Code = .parse,
  sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
  expectError(code, sourceLocation: sourceLocation) { _ = try JSONValue(parsing: text, limits: limits) }?.message
}

@Suite struct JSONErrorTests {
  @Test func messagesNameLineColumnExpectedAndFound() {
    let cases: [(String, String)] = [
      ("{\n  \"a\": 1,\n  \"b\": 2 x\n}", "line 3, column 10: expected ',' or '}' after an object member, found 'x'"),
      ("[1,]", "line 1, column 4: expected a value after ',', found ']'"),
      ("{\"a\":1,}", "line 1, column 8: expected a string key after ',', found '}'"),
      ("{\"a\":1,\"a\":2}", "line 1, column 8: duplicate key 'a'"),
      ("[01]", "line 1, column 2: leading zeros are not allowed in numbers, found '01'"),
      ("", "line 1, column 1: expected a value, found the end of the input"),
      ("  \n ", "line 2, column 2: expected a value, found the end of the input"),
      ("[1E400]", "line 1, column 2: number out of range: 1E400"),
      ("[\"a\nb\"]", "line 1, column 4: control character U+000A must be escaped in a string"),
      ("[\"\\uD800\"]", "line 1, column 3: lone surrogate \\uD800: expected a low surrogate \\uDC00-\\uDFFF to follow"),
      ("[\"\\uDE00x\"]", "line 1, column 3: lone surrogate \\uDE00: a low surrogate must follow a high surrogate \\uD800-\\uDBFF"),
      ("[\"\\q\"]", "line 1, column 4: expected an escape character (\" \\ / b f n r t u) after '\\', found 'q'"),
      ("[\"\\u12G4\"]", "line 1, column 7: expected 4 hex digits after '\\u', found 'G4'"),
      ("[NaN]", "line 1, column 2: expected a value or ']', found 'NaN'"),
      ("{\"a\" 1}", "line 1, column 6: expected ':' after an object key, found '1'"),
      ("{\"a\": }", "line 1, column 7: expected a value after ':', found '}'"),
      ("{1: 2}", "line 1, column 2: expected a string key or '}', found '1'"),
      ("[tru]", "line 1, column 2: expected 'true', found 'tru'"),
      ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
      ("[1] [2]", "line 1, column 5: expected the end of the input after the top-level value, found '['"),
      ("[\"abc", "line 1, column 6: expected '\"' to end the string, found the end of the input"),
      ("[-]", "line 1, column 3: expected a digit after '-', found ']'"),
      ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
      ("[1e+]", "line 1, column 5: expected a digit in the exponent, found ']'"),
      ("[1,\u{A0}2]", "line 1, column 4: expected a value after ',', found U+00A0"),
      ("// comment\n{}", "line 1, column 1: expected a value, found '/'"),
    ]
    for (text, message) in cases {
      #expect(jsonParseMessage(text) == message, "\(text)")
    }
  }

  @Test func linesEndAtLFCRLFAndLoneCR() {
    #expect(jsonParseMessage("[\r\n1,\r\n x]") == "line 3, column 2: expected a value after ',', found 'x'")
    #expect(jsonParseMessage("[\r1,\r x]") == "line 3, column 2: expected a value after ',', found 'x'")
    #expect(jsonParseMessage("[\n\n\n\n\n\n\n\n\n\n\n1 x]")
      == "line 12, column 3: expected ',' or ']' after an array element, found 'x'")
  }

  @Test func columnsCountUnicodeScalars() {
    // "é" is 2 bytes, "€" 3, "😀" 4, a tab 1: columns count characters, not bytes.
    #expect(jsonParseMessage("[\"é€😀\", x]") == "line 1, column 9: expected a value after ',', found 'x'")
    #expect(jsonParseMessage("{\n\t\"é\":\t1\t?}") == "line 2, column 9: expected ',' or '}' after an object member, found '?'")
    // Escapes are counted as written.
    #expect(jsonParseMessage("[\"\\u00e9\" x]") == "line 1, column 11: expected ',' or ']' after an array element, found 'x'")
  }

  @Test func byteOrderMarkIsNotAColumn() {
    #expect(jsonParseMessage("\u{FEFF}[x]") == "line 1, column 2: expected a value or ']', found 'x'")
    #expect(throws: Never.self) { try JSONValue(parsing: "\u{FEFF} [1] ") }
  }

  @Test func longTokensAreClippedInMessages() throws {
    let message = jsonParseMessage("[" + String(repeating: "x", count: 1000) + "]")
    #expect(message == "line 1, column 2: expected a value or ']', found '" + String(repeating: "x", count: 24) + "'")
    let number = "1" + String(repeating: "9", count: 500)
    let outOfRange = jsonParseMessage(number)
    #expect(outOfRange == "line 1, column 1: number out of range: " + number.prefix(64) + "…")
  }

  @Test func duplicateKeysAreFoundInLargeObjectsAndQuotedSafely() {
    let members = (0..<100).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
    #expect(jsonParseMessage("{\(members), \"key42\": 0}")?.hasSuffix("duplicate key 'key42'") == true)
    #expect(jsonParseMessage("{\"a\\nb\": 1, \"a\\nb\": 2}") == "line 1, column 13: duplicate key 'a\\u{A}b'")
    // Distinct escapes of one key are still the same key.
    #expect(jsonParseMessage("{\"é\": 1, \"\\u00e9\": 2}") == "line 1, column 10: duplicate key 'é'")
  }

  // MARK: - Limits

  @Test func deepNestingIsALimitErrorNotAStackOverflow() {
    for open in ["[", "{\"a\":"] {
      let text = String(repeating: open, count: 10_000)
      let message = jsonParseMessage(text, code: .limit)
      #expect(message == "line 1, column \(128 * open.count + 1): nesting deeper than 128 levels exceeds the limit (maxDepth)")
    }
    // A million levels fail as fast.
    let huge = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
    #expect(jsonParseMessage(huge, code: .limit)?.contains("maxDepth") == true)
  }

  @Test func depthLimitIsExact() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    #expect(throws: Never.self) { try JSONValue(parsing: nested(128)) }
    #expect(jsonParseMessage(nested(129), code: .limit)?.contains("maxDepth") == true)
    let shallow = JSONLimits(maxDepth: 2)
    #expect(try JSONValue(parsing: "[[1], {\"a\": 2}]", limits: shallow) == [[1], ["a": 2]])
    #expect(jsonParseMessage("[[[1]]]", limits: shallow, code: .limit)
      == "line 1, column 3: nesting deeper than 2 levels exceeds the limit (maxDepth)")
    // Scalars have depth 0.
    #expect(try JSONValue(parsing: "3", limits: JSONLimits(maxDepth: 0)) == 3)
    #expect(jsonParseMessage("[]", limits: JSONLimits(maxDepth: 0), code: .limit) != nil)
  }

  @Test func depthAboveTheCeilingActsAsTheCeiling() throws {
    let limits = JSONLimits(maxDepth: 1_000_000)
    let ceiling = JSONLimits.depthCeiling
    let atCeiling = String(repeating: "[", count: ceiling) + String(repeating: "]", count: ceiling)
    #expect(throws: Never.self) { try JSONValue(parsing: atCeiling, limits: limits) }
    let beyond = String(repeating: "[", count: ceiling + 1) + String(repeating: "]", count: ceiling + 1)
    #expect(jsonParseMessage(beyond, limits: limits, code: .limit)?
      .hasSuffix("nesting deeper than \(ceiling) levels exceeds the limit (depthCeiling)") == true)
  }

  @Test func byteLimit() throws {
    let text = "[" + String(repeating: "1,", count: 48) + "1] "  // 100 bytes
    #expect(text.utf8.count == 100)
    #expect(throws: Never.self) { try JSONValue(parsing: text, limits: JSONLimits(maxBytes: 100)) }
    #expect(jsonParseMessage(text, limits: JSONLimits(maxBytes: 99), code: .limit)
      == "a document of 100 bytes exceeds the limit of 99 bytes (maxBytes)")
    // Checked before UTF-8 validation and parsing.
    expectError(.limit) { _ = try parseJSON(bytes: [0xFF, 0xFF], limits: JSONLimits(maxBytes: 1)) }
  }

  @Test func elementLimitCountsEveryValue() throws {
    // [1, {"a": [2]}] has 5 values: the array, 1, the object, its array, 2.
    let text = "[1, {\"a\": [2]}]"
    #expect(throws: Never.self) { try JSONValue(parsing: text, limits: JSONLimits(maxElements: 5)) }
    #expect(jsonParseMessage(text, limits: JSONLimits(maxElements: 4), code: .limit)
      == "line 1, column 12: more than 4 values exceed the limit (maxElements)")
    // A million-element array fails early under a small limit.
    let big = "[" + String(repeating: "0,", count: 1_000_000) + "0]"
    #expect(jsonParseMessage(big, limits: JSONLimits(maxElements: 1000), code: .limit)?.contains("maxElements") == true)
  }

  @Test func nonsensicalLimitsDoNotTrap() {
    let limits = JSONLimits(maxDepth: -5, maxBytes: -1, maxElements: -1)
    expectError(.limit) { _ = try JSONValue(parsing: "[]", limits: limits) }
    let zero = JSONLimits(maxDepth: .min, maxBytes: .max, maxElements: .min)
    expectError(.limit) { _ = try JSONValue(parsing: "1", limits: zero) }
  }

  // MARK: - Robustness

  @Test func mutatedDocumentsNeverTrap() throws {
    let seed = Array(#"{"a": [1, -2.5e3, true, null, "x\u00e9\n", {"b": {}}], "c": "😀", "d": 0}"#.utf8)
    var rng = SplitMix64(seed: 42)
    let bytes: [UInt8] = [0x00, 0x22, 0x5C, 0x5B, 0x5D, 0x7B, 0x7D, 0x2C, 0x3A, 0x2D, 0x30, 0x65, 0x75, 0x20, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
    var accepted = 0
    for _ in 0..<20_000 {
      var document = seed
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let index = Int.random(in: 0..<document.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: document[index] = bytes[Int.random(in: 0..<bytes.count, using: &rng)]
        case 1: document.remove(at: index)
        default: document.insert(bytes[Int.random(in: 0..<bytes.count, using: &rng)], at: index)
        }
        if document.isEmpty { document = [0x30] }
      }
      do {
        let value = try parseJSON(bytes: document)
        accepted += 1
        // Whatever parses, round-trips.
        #expect(try JSONValue(parsing: value.serialized()) == value)
      } catch {
        #expect([.parse, .invalidUTF8].contains(error.code), "\(error)")
      }
    }
    #expect(accepted > 0)
  }

  @Test func everyPrefixOfADocumentFailsCleanly() {
    let text = Array(#"{"a": [1, -2.5e-3, true, null, "x\ud83d\ude00\n"], "b": {"c": false}}"#.utf8)
    for length in 0..<text.count {
      let message = expectError(.parse, "prefix \(length)") { _ = try parseJSON(bytes: Array(text[0..<length])) }?.message
      #expect(message?.hasPrefix("line 1, column ") == true)
    }
  }
}
