import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// The value a tape reader describes, rebuilt as a `JSONValue` (for comparing the two parsers;
/// JSONKeyLookupTests uses it too).
func treeValue(_ reader: JSONTapeReader) throws(GhostframeError) -> JSONValue {
  switch reader.kind {
  case .null: return .null
  case .bool: return .bool(try reader.bool())
  case .number: return .number(try reader.number())
  case .string: return .string(try reader.string())
  case .array:
    var elements: [JSONValue] = []
    for element in try reader.array() { elements.append(try treeValue(element)) }
    return .array(elements)
  case .object:
    var members: [(String, JSONValue)] = []
    for (key, value) in try reader.object() { members.append((key, try treeValue(value))) }
    return .object(JSONObject(members))
  }
}

/// The tape of `text` rebuilt as a `JSONValue`, or the error parsing it.
private func tapeValue(_ text: String, limits: JSONLimits = .default) -> Result<JSONValue, GhostframeError> {
  Result { () throws(GhostframeError) -> JSONValue in
    try JSONTape.withDocument(parsing: text, limits: limits) { root throws(GhostframeError) in try treeValue(root) }
  }
}

/// SplitMix64, for reproducible generated cases.
private struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

@Suite struct JSONTapeTests {
  /// Clinger's fast path (digits below 2^53, exponent within ±22) against `Double(String)`, the
  /// correctly rounded reference, bit for bit; the lexemes also cover the slow path around it.
  @Test func numbersMatchDoubleParsingBitForBit() throws {
    var random = SplitMix(state: 19)
    var lexemes = [
      "0", "-0", "0.0", "-0.0", "0e5", "-0E-5", "1", "-1", "0.1", "0.2", "0.3", "1.5", "12.25", "0.81",
      "123456789012345", "1234567890123456", "0.000000000000000000001", "1e22", "1e23", "1e-22", "1e-23",
      "9007199254740993", "4.35", "2.675", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
      "123456789012345e-22", "999999999999999e22", "0.1e1", "1.000000000000001", "3.0e+0",
    ]
    for _ in 0..<20_000 {
      let digits = 1 + random.below(20)
      var mantissa = String(1 + random.below(9))
      for _ in 1..<digits { mantissa += String(random.below(10)) }
      var lexeme = mantissa
      let point = random.below(digits + 1)
      if point > 0 && point < digits {
        lexeme = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
      } else if point == digits && random.below(2) == 0 {
        lexeme = "0." + mantissa
      }
      if random.below(2) == 0 { lexeme += "e" + String(random.below(61) - 30) }
      if random.below(2) == 0 { lexeme = "-" + lexeme }
      lexemes.append(lexeme)
    }
    for lexeme in lexemes {
      let expected = try #require(Double(lexeme), "\(lexeme)")
      let parsed = try JSONValue(parsing: lexeme)
      guard case .number(let number) = parsed else {
        Issue.record("\(lexeme) parsed as \(parsed)")
        continue
      }
      #expect(number.bitPattern == expected.bitPattern, "\(lexeme): \(number) != \(expected)")
      let fromTape = try JSONTape.withDocument(parsing: lexeme) { root throws(GhostframeError) in try root.number() }
      #expect(fromTape.bitPattern == expected.bitPattern, "\(lexeme)")
    }
  }

  /// The tape holds what the tree parser builds, for documents with escapes, non-ASCII text,
  /// nesting, empty containers and an object past the tape's linear duplicate-key check.
  @Test func tapeHoldsTheSameValuesAsTheTree() throws {
    var large = "{"
    for index in 0..<40 { large += (index == 0 ? "" : ",") + "\"k\(index)\": [\(index), {\"x\": \(index).5}]" }
    large += "}"
    let documents = [
      "null", "true", "false", "3", "-0.0", "\"a\"", "[]", "{}", "[[[]]]", "[{}, {\"a\": {}}]",
      "\u{FEFF}{\"a\": 1}",
      "{\"layers\": [{\"id\": \"x\", \"frame\": [0, 1.5, 2e3, 4]}, {\"id\": \"y\\n\\u00e9\\uD83D\\uDE00\"}]}",
      "{\"é\": 1, \"e\\u0301\": 2, \"\\\"q\\\"\": [null, true, false, \"\\/\"]}",
      " [ 1 , \"two\" , { \"three\" : 3 } ] ",
      large,
    ]
    for text in documents {
      let expected = try JSONValue(parsing: text)
      let rebuilt = try tapeValue(text).get()
      #expect(rebuilt == expected, "\(text)")
      #expect(rebuilt.description == expected.description, "member order of \(text)")
    }
  }

  /// Malformed text fails with the tree parser's code and message, limits included.
  @Test func malformedTextFailsAsTheTreeParserSays() {
    var duplicateInLarge = "{"
    for index in 0..<20 { duplicateInLarge += "\"k\(index)\": \(index)," }
    duplicateInLarge += "\"k7\": 0}"
    let texts = [
      "", "  ", "[1,]", "{\"a\":1,}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", duplicateInLarge, "[01]",
      "[1E400]", "[\"a\nb\"]", "[\"\\uD800\"]", "[\"\\q\"]", "[NaN]", "{\"a\" 1}", "{1: 2}", "[1 2]", "[1] x",
      "\"unterminated", "[-]", "[1.]", "[1e]", "tru", "{\"a\": [1, {\"b\": }]}",
      String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ]
    for text in texts {
      let tree = Result { () throws(GhostframeError) -> JSONValue in try JSONValue(parsing: text) }
      guard case .failure(let expected) = tree else {
        Issue.record("\(text) should not parse")
        continue
      }
      switch tapeValue(text) {
      case .success: Issue.record("the tape parsed \(text)")
      case .failure(let error):
        #expect(error.code == expected.code, "\(text)")
        #expect(error.message == expected.message, "\(text)")
      }
    }
    let limits = JSONLimits(maxElements: 3)
    if case .failure(let error) = tapeValue("[1, 2, 3]", limits: limits) {
      #expect(error.code == .limit)
    } else {
      Issue.record("four values passed a limit of three")
    }
  }

  /// A value's path is worked out from the tape, rendered as `JSONPath` renders it.
  @Test func pathsAreWorkedOutOnDemand() throws {
    let text = "{\"a\": [1, {\"b c\": [0, {\"deep\": [7]}, true]}], \"z\": null}"
    let paths = try JSONTape.withDocument(parsing: text) { root throws(GhostframeError) -> [String] in
      let a = try root.object().required("a").array()
      let inner = try a.element(at: 1)?.object().required("b c").array()
      let deep = try inner?.element(at: 1)?.object().required("deep")
      return [
        root.path.description, a.path.description, inner?.element(at: 2)?.path.description ?? "missing",
        try deep?.array().element(at: 0)?.path.description ?? "missing",
        try root.object().required("z").path.description,
      ]
    }
    #expect(paths == ["$", "a", "a[1][\"b c\"][2]", "a[1][\"b c\"][1].deep[0]", "z"])
    let message = try #require(
      expectError(.invalidArgument) {
        try JSONTape.withDocument(parsing: "{\"frame\": [1, 2, null, 4]}") { root throws(GhostframeError) in
          _ = try root.object().required("frame").numbers(count: 4)
        }
      }?.message)
    #expect(message == "frame[2]: expected a number, found null")
  }

  /// Key sets find keys by their bytes only (no canonical equivalence) and give each key's place.
  @Test func keySetsCompareBytes() {
    let keys = JSONKeySet(ordered: ["frame", "id", "opacity", "é", ""])
    func ordinal(_ key: String) -> Int? {
      var key = key
      return key.withUTF8 { keys.ordinal(of: $0) }
    }
    #expect(ordinal("frame") == 0)
    #expect(ordinal("id") == 1)
    #expect(ordinal("opacity") == 2)
    #expect(ordinal("é") == 3)
    #expect(ordinal("") == 4)
    #expect(ordinal("e\u{301}") == nil)
    #expect(ordinal("fram") == nil)
    #expect(ordinal("frames") == nil)
    #expect(ordinal("a-much-longer-key-than-any") == nil)
  }
}
