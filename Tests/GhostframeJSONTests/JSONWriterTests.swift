import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// A random JSON value, for round trips.
func randomJSONValue(using rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
  let pick = depth >= 4 ? Int.random(in: 0..<5, using: &rng) : Int.random(in: 0..<7, using: &rng)
  switch pick {
  case 0: return .null
  case 1: return .bool(Bool.random(using: &rng))
  case 2:
    // Integers, short decimals and arbitrary bit patterns.
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &rng)))
    case 1: return .number(Double(Int.random(in: -99_999...99_999, using: &rng)) / 1000)
    default:
      let number = Double(bitPattern: rng.next())
      return .number(number.isFinite ? number : 0.5)
    }
  case 3, 4:
    let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                      "é", "€", "\u{2028}", "😀", "\u{10FFFF}", "\u{FEFF}"]
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0..<12, using: &rng) {
      text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
    }
    return .string(String(text))
  case 5:
    return .array((0..<Int.random(in: 0..<6, using: &rng)).map { _ in randomJSONValue(using: &rng, depth: depth + 1) })
  default:
    var object = JSONObject()
    for index in 0..<Int.random(in: 0..<12, using: &rng) {
      object["k\(Int.random(in: 0..<4, using: &rng))\(index)\(index % 3 == 0 ? " é" : "")"] =
        randomJSONValue(using: &rng, depth: depth + 1)
    }
    return .object(object)
  }
}

@Suite struct JSONWriterTests {
  static let document: JSONValue = [
    "name": "scene", "size": [1920, 1080], "scale": 0.5, "empty": [], "none": .object([:]),
    "layers": [["id": "a", "visible": true, "frame": [0, 0, 10.25, -3]], .null],
  ]

  @Test func prettyOutput() {
    let expected = """
      {
        "name": "scene",
        "size": [
          1920,
          1080
        ],
        "scale": 0.5,
        "empty": [],
        "none": {},
        "layers": [
          {
            "id": "a",
            "visible": true,
            "frame": [
              0,
              0,
              10.25,
              -3
            ]
          },
          null
        ]
      }
      """
    #expect(Self.document.serialized() == expected)
    #expect(Self.document.serialized(pretty: true) == expected)
  }

  @Test func compactOutput() {
    #expect(Self.document.serialized(pretty: false) == #"{"name":"scene","size":[1920,1080],"scale":0.5,"empty":[],"none":{},"layers":[{"id":"a","visible":true,"frame":[0,0,10.25,-3]},null]}"#)
    #expect(Self.document.description == Self.document.serialized(pretty: false))
  }

  @Test func scalarsAtTheTopLevel() {
    #expect(JSONValue.null.serialized() == "null")
    #expect(JSONValue.bool(false).serialized() == "false")
    #expect(JSONValue.string("a").serialized() == "\"a\"")
    #expect(JSONValue.array([]).serialized() == "[]")
    #expect(JSONValue.object([:]).serialized() == "{}")
  }

  @Test func numberText() {
    let cases: [(Double, String)] = [
      (3, "3"), (-3, "-3"), (0, "0"), (-0.0, "-0"), (0.1, "0.1"), (-1.5, "-1.5"), (1e-7, "1e-07"),
      (123.456, "123.456"), (.leastNonzeroMagnitude, "5e-324"), (-.leastNonzeroMagnitude, "-5e-324"),
      (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (2.2250738585072014e-308, "2.2250738585072014e-308"),
      (9007199254740992, "9007199254740992"), (1e15, "1000000000000000"), (1e16, "1e+16"),
      (1e21, "1e+21"), (1e22, "1e+22"), (1.2345678901234568e+20, "1.2345678901234568e+20"),
      (100, "100"), (0.001, "0.001"), (1.0 / 3, "0.3333333333333333"),
    ]
    for (number, text) in cases {
      #expect(JSONValue.number(number).serialized() == text, "\(number)")
    }
  }

  @Test func nonFiniteNumbersAreWrittenAsNull() {
    let value: JSONValue = [.number(.nan), .number(.infinity), .number(-.infinity), .number(.signalingNaN)]
    #expect(value.serialized(pretty: false) == "[null,null,null,null]")
  }

  @Test func stringEscaping() {
    let value = JSONValue.string("a\"b\\c/\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é€😀\u{2028}")
    #expect(value.serialized() == #""a\"b\\c/\n\r\t\b\f\u0000\u001F"# + "\u{7F}é€😀\u{2028}\"")
    #expect(JSONValue.object(["k\"\n": 1]).serialized(pretty: false) == #"{"k\"\n":1}"#)
  }

  @Test func randomDoublesRoundTripBitForBit() throws {
    var rng = SplitMix64(seed: 0x15_0D0B1E)
    var checked = 0
    for _ in 0..<200_000 {
      let number = Double(bitPattern: rng.next())
      guard number.isFinite else { continue }
      let text = JSONValue.number(number).serialized()
      guard case .number(let parsed) = try JSONValue(parsing: text) else {
        Issue.record("\(text) did not parse as a number")
        continue
      }
      #expect(parsed.bitPattern == number.bitPattern, "\(text)")
      checked += 1
    }
    // Subnormals, powers of two and integers near 2^53, where printing is delicate.
    var special: [Double] = [.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -0.0]
    for exponent in -1074...1023 {
      special.append(Double(sign: .plus, exponent: exponent, significand: 1))
    }
    for offset in -5...5 {
      special.append(9007199254740992 + Double(offset))
      special.append(Double(1 << 62) + Double(offset * 1024))
    }
    for number in special {
      let text = JSONValue.number(number).serialized()
      guard case .number(let parsed) = try JSONValue(parsing: text) else {
        Issue.record("\(text) did not parse as a number")
        continue
      }
      #expect(parsed.bitPattern == number.bitPattern, "\(text)")
    }
    #expect(checked > 199_000)
  }

  @Test func parsedNumbersMatchDoubleParsing() throws {
    // The integer fast path and Double(String) agree with Double(String) on every lexeme.
    var rng = SplitMix64(seed: 7)
    for _ in 0..<50_000 {
      var lexeme = Bool.random(using: &rng) ? "-" : ""
      let digits = Int.random(in: 1...20, using: &rng)
      lexeme += String(Int.random(in: 1...9, using: &rng))
      for _ in 1..<digits {
        lexeme += String(Int.random(in: 0...9, using: &rng))
      }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        lexeme += "." + String(UInt64.random(in: 0...999_999_999, using: &rng))
      }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        lexeme += "e" + String(Int.random(in: -300...280, using: &rng))
      }
      guard case .number(let parsed) = try JSONValue(parsing: lexeme), let reference = Double(lexeme) else {
        Issue.record("\(lexeme)")
        continue
      }
      #expect(parsed.bitPattern == reference.bitPattern, "\(lexeme)")
    }
  }

  @Test func parseSerializeParseRoundTrips() throws {
    let text = """
      {"scene": {"size": [1920, 1080], "fps": 60, "background": "#10203040"},
       "layers": [
         {"id": "title", "frame": [10.5, 20, 300, 40.125], "opacity": 0.8, "text": "Hello, \\"world\\"\\n",
          "style": {"corner radius": 4, "font": "Inter", "tags": []}},
         {"id": "ünïcödé 😀", "frame": [-0, 1e-7, 1E+300, 5e-324], "visible": false, "children": [[[null]]]}
       ],
       "empty": {}}
      """
    let value = try JSONValue(parsing: text)
    for pretty in [true, false] {
      let written = value.serialized(pretty: pretty)
      let reparsed = try JSONValue(parsing: written)
      #expect(reparsed == value, "pretty: \(pretty)")
      // Serializing is a fixed point and keeps member order.
      #expect(reparsed.serialized(pretty: pretty) == written)
    }
    guard case .object(let root) = value else {
      Issue.record("not an object")
      return
    }
    #expect(root.keys == ["scene", "layers", "empty"])
  }

  @Test func randomValuesRoundTrip() throws {
    var rng = SplitMix64(seed: 2024)
    for _ in 0..<500 {
      let value = randomJSONValue(using: &rng)
      for pretty in [true, false] {
        let written = value.serialized(pretty: pretty)
        let reparsed = try JSONValue(parsing: written)
        #expect(reparsed == value, "\(written)")
        #expect(reparsed.serialized(pretty: pretty) == written)
      }
    }
  }

  @Test func deepValuesBuiltByHandSerializeIteratively() throws {
    // The writer keeps its own stack: 100,000 levels do not overflow the call stack.
    var value: JSONValue = 1
    for _ in 0..<100_000 {
      value = .array([value])
    }
    let text = value.serialized(pretty: false)
    #expect(text == String(repeating: "[", count: 100_000) + "1" + String(repeating: "]", count: 100_000))
    // Release without recursing (the value's own deinit would recurse 100,000 levels).
    while case .array(let elements) = value, let inner = elements.first {
      value = inner
    }
  }
}
