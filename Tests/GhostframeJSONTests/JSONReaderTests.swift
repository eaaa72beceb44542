import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// The message of the `.invalidArgument` error `body` throws.
func jsonShapeMessage(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> String? {
  expectError(.invalidArgument, sourceLocation: sourceLocation, body)?.message
}

@Suite struct JSONReaderTests {
  static let scene = """
    {
      "layers": [
        {"id": "a", "frame": [0, 0, 100, 50]},
        {"id": "b", "frame": [0, 0, 100, 50], "opacity": null},
        {"id": "c", "frame": "full"},
        {"fram": [1, 2, 3, 4]},
        [1, 2],
        {"id": "f", "frame": [1, 2, 3]}
      ],
      "count": 2.5,
      "style": {"corner radius": 4, "weight": 1e300}
    }
    """

  static func root() throws -> JSONObjectReader {
    try JSONReader(JSONValue(parsing: scene)).object()
  }

  // MARK: - Paths

  @Test func pathRendering() {
    #expect(JSONPath().description == "$")
    #expect(JSONPath().isRoot)
    #expect(JSONPath([.key("layers"), .index(3), .key("frame")]).description == "layers[3].frame")
    #expect(JSONPath().appending(key: "root").appending(key: "children").appending(index: 0)
      .appending(key: "style").appending(key: "corner radius").description == #"root.children[0].style["corner radius"]"#)
    #expect(JSONPath([.index(0), .key("a")]).description == "[0].a")
    #expect(JSONPath([.key("_x1"), .key("A_b")]).description == "_x1.A_b")
    #expect(JSONPath([.key("1abc")]).description == #"["1abc"]"#)
    #expect(JSONPath([.key("")]).description == #"[""]"#)
    #expect(JSONPath([.key("é")]).description == #"["é"]"#)
    #expect(JSONPath([.key("a-b"), .key("c")]).description == #"["a-b"].c"#)
    #expect(JSONPath([.key("say \"hi\"\n")]).description == #"["say \"hi\"\n"]"#)
    #expect(JSONPath().appending(index: 2).components == [.index(2)])
  }

  @Test func readersExtendThePath() throws {
    let layers = try Self.root().required("layers").array()
    #expect(layers.count == 6)
    #expect(layers[0].path.description == "layers[0]")
    let frame = try layers[0].object().required("frame")
    #expect(frame.path.description == "layers[0].frame")
    #expect(try frame.numbers(count: 4) == [0, 0, 100, 50])
    let radius = try Self.root().required("style").object().required("corner radius")
    #expect(radius.path.description == #"style["corner radius"]"#)
    #expect(try radius.int(in: 0...100) == 4)
  }

  // MARK: - Errors

  @Test func typeErrorsNameThePath() throws {
    let layers = try Self.root().required("layers").array()
    #expect(jsonShapeMessage { _ = try layers[4].object() } == "layers[4]: expected an object, found an array")
    #expect(jsonShapeMessage { _ = try layers[2].object().required("frame").numbers(count: 4) }
      == "layers[2].frame: expected an array of 4 numbers, found a string")
    #expect(jsonShapeMessage { _ = try layers[5].object().required("frame").numbers(count: 4) }
      == "layers[5].frame: expected 4 numbers, found 3")
    #expect(jsonShapeMessage { _ = try layers[0].object().required("id").number() }
      == "layers[0].id: expected a number, found a string")
    #expect(jsonShapeMessage { _ = try layers[0].object().required("frame").string() }
      == "layers[0].frame: expected a string, found an array")
    #expect(jsonShapeMessage { _ = try layers[0].object().required("frame").bool() }
      == "layers[0].frame: expected a boolean, found an array")
    #expect(jsonShapeMessage { _ = try layers[0].array() } == "layers[0]: expected an array, found an object")
    #expect(jsonShapeMessage { _ = try JSONReader([]).object() } == "$: expected an object, found an array")
    #expect(jsonShapeMessage { _ = try JSONReader(.null).string() } == "$: expected a string, found null")
    #expect(jsonShapeMessage { _ = try JSONReader(true).number() } == "$: expected a number, found a boolean")
    #expect(jsonShapeMessage { _ = try JSONReader(1).numbers(count: 1) } == "$: expected an array of 1 number, found a number")
    #expect(jsonShapeMessage { _ = try JSONReader([1, "x"]).numbers(count: 2) } == "[1]: expected a number, found a string")
    #expect(jsonShapeMessage { _ = try JSONReader([1]).numbers(count: -1) } == "$: expected -1 numbers, found 1")
  }

  @Test func missingAndOptionalKeys() throws {
    let layers = try Self.root().required("layers").array()
    #expect(jsonShapeMessage { _ = try layers[3].object().required("id") } == "layers[3]: missing required key 'id'")
    let second = try layers[1].object()
    #expect(second.optional("missing") == nil)
    // A key with the value null is present; isNull tells.
    let opacity = try #require(second.optional("opacity"))
    #expect(opacity.isNull)
    #expect(opacity.path.description == "layers[1].opacity")
    #expect(try second.required("id").isNull == false)
    #expect(second.keys == ["id", "frame", "opacity"])
  }

  @Test func integers() throws {
    let root = try Self.root()
    #expect(jsonShapeMessage { _ = try root.required("count").int(in: 0...10) } == "count: expected an integer, found 2.5")
    let style = try root.required("style").object()
    #expect(jsonShapeMessage { _ = try style.required("corner radius").int(in: 5...10) }
      == #"style["corner radius"]: expected an integer in 5...10, found 4"#)
    #expect(jsonShapeMessage { _ = try style.required("weight").int(in: 0...10) }
      == "style.weight: expected an integer in 0...10, found 1e+300")
    #expect(jsonShapeMessage { _ = try JSONReader("3").int(in: 0...10) } == "$: expected an integer, found a string")
    // Beyond Int, at its edges, and non-finite values built by hand: errors, never traps.
    let full = Int.min...Int.max
    #expect(try JSONReader(.number(-0.0)).int(in: 0...0) == 0)
    #expect(try JSONReader(.number(3.0)).int(in: full) == 3)
    #expect(try JSONReader(.number(-9_223_372_036_854_775_808)).int(in: full) == .min)
    #expect(try JSONReader(.number(9_223_372_036_854_774_784)).int(in: full) == 9_223_372_036_854_774_784)
    for number in [9_223_372_036_854_775_808.0, -9_223_372_036_854_777_856, 1e300, -1e300, .infinity, -.infinity, .nan,
                   .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
      expectError(.invalidArgument, "\(number)") { _ = try JSONReader(.number(number)).int(in: full) }
    }
    #expect(jsonShapeMessage { _ = try JSONReader(.number(.nan)).int(in: full) } == "$: expected an integer, found null")
  }

  // MARK: - Unknown keys

  @Test func unknownKeysSuggestTheClosestAllowedKey() throws {
    let allowed: Set<String> = ["id", "frame", "opacity", "children", "cornerRadius"]
    let cases: [(String, String)] = [
      ("fram", "unknown key 'fram' (did you mean 'frame'?)"),
      ("farme", "unknown key 'farme' (did you mean 'frame'?)"),
      ("Frame", "unknown key 'Frame' (did you mean 'frame'?)"),
      ("frames", "unknown key 'frames' (did you mean 'frame'?)"),
      ("opactiy", "unknown key 'opactiy' (did you mean 'opacity'?)"),
      ("childern", "unknown key 'childern' (did you mean 'children'?)"),
      ("corner_radius", "unknown key 'corner_radius' (did you mean 'cornerRadius'?)"),
      ("ix", "unknown key 'ix' (did you mean 'id'?)"),
      ("zzzzzz", "unknown key 'zzzzzz' (expected one of 'children', 'cornerRadius', 'frame', 'id', 'opacity')"),
      ("x", "unknown key 'x' (expected one of 'children', 'cornerRadius', 'frame', 'id', 'opacity')"),
    ]
    for (key, message) in cases {
      let object = JSONObjectReader(["id": "a", .init(stringLiteral: key): 1], path: JSONPath([.key("layers"), .index(3)]))
      #expect(jsonShapeMessage { try object.rejectUnknownKeys(allowed: allowed) } == "layers[3]: " + message, "\(key)")
    }
  }

  @Test func unknownKeyEdgeCases() throws {
    let known = JSONObjectReader(["id": 1, "frame": 2])
    try known.rejectUnknownKeys(allowed: ["id", "frame", "other"])
    // The first unknown key in document order is reported.
    let two = JSONObjectReader(["id": 1, "b": 2, "a": 3])
    #expect(jsonShapeMessage { try two.rejectUnknownKeys(allowed: ["id"]) } == "$: unknown key 'b' (expected one of 'id')")
    #expect(jsonShapeMessage { try two.rejectUnknownKeys(allowed: []) } == "$: unknown key 'id' (no keys are allowed here)")
    // Many allowed keys and nothing close: no list.
    let many = Set((0..<20).map { "key\($0)" })
    #expect(jsonShapeMessage { try JSONObjectReader(["zzzzzzzz": 1]).rejectUnknownKeys(allowed: many) }
      == "$: unknown key 'zzzzzzzz'")
    // Ties go to the key that sorts first.
    #expect(jsonShapeMessage { try JSONObjectReader(["bat": 1]).rejectUnknownKeys(allowed: ["cat", "hat"]) }
      == "$: unknown key 'bat' (did you mean 'cat'?)")
    // Canonically equivalent is not equal: NFD "é" is unknown when NFC "é" is allowed.
    #expect(jsonShapeMessage { try JSONObjectReader(["e\u{301}": 1]).rejectUnknownKeys(allowed: ["\u{E9}"]) } != nil)
    // Long and odd keys are quoted safely and do not slow suggestions down.
    let long = String(repeating: "k", count: 100_000)
    let message = jsonShapeMessage { try JSONObjectReader([.init(stringLiteral: long): 1]).rejectUnknownKeys(allowed: ["k"]) }
    #expect(message == "$: unknown key '" + String(repeating: "k", count: 64) + "…' (expected one of 'k')")
    #expect(jsonShapeMessage { try JSONObjectReader(["a\nb": 1]).rejectUnknownKeys(allowed: ["ab"]) }
      == "$: unknown key 'a\\u{A}b' (did you mean 'ab'?)")
  }

  @Test func suggestionDistance() {
    func distance(_ a: String, _ b: String) -> Int {
      Suggestion.distance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
    }
    #expect(distance("", "abc") == 3)
    #expect(distance("abc", "") == 3)
    #expect(distance("frame", "frame") == 0)
    #expect(distance("fram", "frame") == 1)
    #expect(distance("farme", "frame") == 1)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("ca", "abc") == 3)
  }

  // MARK: - A scene-style reader

  struct Layer: Equatable {
    var id: String
    var frame: [Double]
    var opacity: Double
  }

  static func readLayers(_ text: String) throws(GhostframeError) -> [Layer] {
    let root = try JSONReader(JSONValue(parsing: text)).object()
    try root.rejectUnknownKeys(allowed: ["layers"])
    var layers: [Layer] = []
    for element in try root.required("layers").array() {
      let object = try element.object()
      try object.rejectUnknownKeys(allowed: ["id", "frame", "opacity"])
      let opacity = try object.optional("opacity").map { reader throws(GhostframeError) in try reader.number() } ?? 1
      layers.append(
        Layer(id: try object.required("id").string(), frame: try object.required("frame").numbers(count: 4), opacity: opacity))
    }
    return layers
  }

  @Test func sceneStyleReading() throws {
    let layers = try Self.readLayers(#"{"layers": [{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "b", "frame": [1, 2, 3, 4], "opacity": 0.5}]}"#)
    #expect(layers == [Layer(id: "a", frame: [0, 0, 1, 1], opacity: 1), Layer(id: "b", frame: [1, 2, 3, 4], opacity: 0.5)])
    let cases: [(String, GhostframeError.Code, String)] = [
      (#"{"layers": [{"id": "a", "frame": [0, 0, 1]}]}"#, .invalidArgument, "layers[0].frame: expected 4 numbers, found 3"),
      (#"{"layers": [{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "b", "fram": []}]}"#, .invalidArgument,
       "layers[1]: unknown key 'fram' (did you mean 'frame'?)"),
      (#"{"layers": [{"frame": [0, 0, 1, 1]}]}"#, .invalidArgument, "layers[0]: missing required key 'id'"),
      (#"{"layer": []}"#, .invalidArgument, "$: unknown key 'layer' (did you mean 'layers'?)"),
      ("{\"layers\": [\n  {\"id\": \"a\",}\n]}", .parse, "line 2, column 14: expected a string key after ',', found '}'"),
    ]
    for (text, code, message) in cases {
      #expect(expectError(code) { _ = try Self.readLayers(text) }?.message == message)
    }
  }
}
