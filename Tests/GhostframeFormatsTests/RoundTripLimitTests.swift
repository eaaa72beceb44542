import Testing
@testable import GhostframeFormats
@testable import GhostframeCore
import GhostframeTestSupport
import _GhostframeJSON

// Whatever the library writes, it reads back, up to the limits: curve specs against the spec parser's limits,
// scene documents against the JSON reader's. Property-style: random inputs, the largest legal ones, and the first
// illegal one, which is refused before anything is written.

/// The longest shortest form a Double has: 24 characters.
private let longestNumber = -2.2250738585072014e-308

/// A random double of every shape: tiny, huge, negative zero, integral, subnormal, ordinary.
private func anyDouble(_ rng: inout SplitMix64) -> Double {
  switch Int.random(in: 0..<8, using: &rng) {
  case 0: return Double(Int.random(in: -1000...1000, using: &rng))
  case 1: return Double.random(in: -1...1, using: &rng)
  case 2: return .greatestFiniteMagnitude * (Bool.random(using: &rng) ? 1 : -1)
  case 3: return .leastNonzeroMagnitude * Double(Int.random(in: 1...1000, using: &rng))
  case 4: return -0.0
  case 5: return Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &rng))
  case 6: return longestNumber
  default: return Double.random(in: -1e300...1e300, using: &rng)
  }
}

/// The canonical description of `curve` parses back to the same curve and describes itself the same way.
private func expectCurveRoundTrip(_ curve: Curve, sourceLocation: SourceLocation = #_sourceLocation) {
  let spec = curve.description
  #expect(spec.utf8.count <= Curve.maximumSpecLength, sourceLocation: sourceLocation)
  do {
    let again = try Curve(parsing: spec)
    #expect(again == curve, sourceLocation: sourceLocation)
    #expect(again.description == spec, sourceLocation: sourceLocation)
  } catch {
    Issue.record("the canonical spec of \(spec.utf8.count) bytes does not parse back: \(error)",
                 sourceLocation: sourceLocation)
  }
}

@Suite("Round trips at the limits")
struct RoundTripLimitTests {
  // MARK: - Curves

  @Test("the longest canonical linear(): 10,000 points of 24-character numbers, 520,006 bytes, parses back")
  func longestCanonicalLinear() throws {
    let point = "\(Curve.format(longestNumber)) \(Curve.format(longestNumber))%"
    #expect(point.utf8.count == 50)
    let spec = "linear(" + Array(repeating: point, count: Curve.maximumLinearPoints).joined(separator: ", ") + ")"
    #expect(spec.utf8.count == 520_006)
    let curve = try Curve(parsing: spec)
    #expect(curve.description == spec)
    expectCurveRoundTrip(curve)
  }

  @Test("the issue's case: a short input whose canonical text is ten times longer")
  func expandingLinear() throws {
    // 9,999 stops without inputs: each gets an evenly spaced percentage with 17 significant digits.
    let input = "linear(" + String(repeating: "0,", count: Curve.maximumLinearPoints - 1) + "1)"
    let curve = try Curve(parsing: input)
    #expect(curve.description.utf8.count > 10 * input.utf8.count)
    expectCurveRoundTrip(curve)
  }

  @Test("stops with two percentages count as two points: 5,000 such stops are the limit")
  func twoPercentStops() throws {
    func spec(_ stops: Int) -> String {
      "linear(" + (0..<stops).map { "0.5 \($0)% \($0)%" }.joined(separator: ", ") + ")"
    }
    let atLimit = try Curve(parsing: spec(Curve.maximumLinearPoints / 2))
    expectCurveRoundTrip(atLimit)
    let error = expectError(.limit) { _ = try Curve(parsing: spec(Curve.maximumLinearPoints / 2 + 1)) }
    #expect(error?.message.contains("10002 points") == true, "\(String(describing: error))")
  }

  @Test("random linear() curves of up to 10,000 points round-trip", arguments: 0..<24)
  func randomLinear(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &+ 0x5eed)
    let maxPoints = seed % 4 == 0 ? Curve.maximumLinearPoints : 200
    var stops: [String] = []
    var points = 0
    while points < maxPoints - 1 {
      let output = Curve.format(anyDouble(&rng))
      switch Int.random(in: 0..<3, using: &rng) {
      case 0:
        stops.append(output)
        points += 1
      case 1:
        stops.append("\(output) \(Curve.format(anyDouble(&rng)))%")
        points += 1
      default:
        stops.append("\(output) \(Curve.format(anyDouble(&rng)))% \(Curve.format(anyDouble(&rng)))%")
        points += 2
      }
    }
    let curve = try Curve(parsing: "linear(" + stops.joined(separator: ", ") + ")")
    expectCurveRoundTrip(curve)
  }

  @Test("every other curve kind at its extremes round-trips")
  func otherCurves() throws {
    let curves: [Curve] = [
      try .cubicBezier(longestNumber.magnitude, longestNumber, 1, -.greatestFiniteMagnitude),
      try .steps(Int(Int32.max), .jumpBoth), try .steps(2, .jumpNone),
      try .spring(Spring(mass: 1e300, stiffness: 1e300, damping: 1e300, initialVelocity: longestNumber,
                         allowsOverdamping: true)),
      .penner(.easeInOutBounce), .ease, .linear,
    ]
    for curve in curves { expectCurveRoundTrip(curve) }
  }

  // MARK: - Scenes

  @Test("the writer counts values and depth exactly as the reader does")
  func writerMeasuresLikeTheReader() throws {
    var rng = SplitMix64(seed: 77)
    for _ in 0..<200 {
      // A random document: nested arrays and objects with scalars.
      func make(_ depth: Int) -> JSONValue {
        if depth > 6 || Int.random(in: 0..<3, using: &rng) == 0 {
          return Bool.random(using: &rng) ? .number(Double(Int.random(in: 0..<9, using: &rng))) : .string("s")
        }
        let count = Int.random(in: 0..<4, using: &rng)
        if Bool.random(using: &rng) { return .array((0..<count).map { _ in make(depth + 1) }) }
        return .object(JSONObject((0..<count).map { ("k\($0)", make(depth + 1)) }))
      }
      let document = make(0)
      let text = document.serialized(pretty: false)
      let (values, depth) = SceneJSONWriter.measure(document)
      // Exactly at the measured limits the reader accepts; one below, it refuses.
      #expect((try? JSONValue(parsing: text, limits: JSONLimits(maxDepth: depth, maxElements: values))) != nil)
      expectError(.limit) { _ = try JSONValue(parsing: text, limits: JSONLimits(maxDepth: 128, maxElements: values - 1)) }
      if depth > 0 {
        expectError(.limit) { _ = try JSONValue(parsing: text, limits: JSONLimits(maxDepth: depth - 1)) }
      }
    }
  }

  @Test("groups nested to the limit, with the longest easing, are written and read back")
  func deepestScene() throws {
    var scene = try oneLayerScene()
    let easing = try Curve(parsing: "linear(" + Array(repeating: "\(Curve.format(longestNumber)) 0%",
                                                           count: Curve.maximumLinearPoints).joined(separator: ", ") + ")")
    var animation = try Animation.keyframes(
      "frame", Keyframes(values: [[0, 0, 10, 10], [5, 5, 20, 20]]),
      timing: try Timing(duration: 1, fill: .forwards, easing: easing))
    let timing = try Timing(duration: 1, fill: .forwards, easing: .easeInOut)
    for _ in 1..<Animation.maximumGroupDepth { animation = try .group([animation], timing: timing) }
    try scene.addAnimation(animation, to: "a", key: "deep")
    try scene.addLayer(Layer(id: String(repeating: "é\"\\\u{1}", count: 10_000), parent: "a",
                             custom: ["\u{7f}\u{2028}": .leastNonzeroMagnitude]))
    let text = try scene.json()
    #expect(SceneJSONWriter.measure(try JSONValue(parsing: text)).depth > 64)
    try expectRoundTrip(scene)
  }

  @Test("a document over the reader's 64 MiB is refused by the writer; one just under is written and read back")
  func byteLimit() throws {
    let megabyte = String(repeating: "x", count: 1 << 20)
    var scene = Scene()
    // 32 layers with 1 MiB ids, all but the first with a parent naming the one before: 63 MiB and a little,
    // compact and pretty.
    for i in 0..<32 {
      try scene.addLayer(Layer(id: "\(i)" + megabyte, parent: i == 0 ? nil : "\(i - 1)" + megabyte))
    }
    let text = try scene.json()
    #expect(text.utf8.count > 63 << 20 && text.utf8.count <= JSONLimits.default.maxBytes)
    let loaded = try Scene(json: text)
    #expect(loaded.layers == scene.layers)
    // One more layer with its parent: 65 MiB. Refused, pretty and compact.
    try scene.addLayer(Layer(id: "32" + megabyte, parent: "31" + megabyte))
    var error = expectError(.limit) { _ = try scene.json() }
    #expect(error?.message.contains("64") == true || error?.message.contains("\(JSONLimits.default.maxBytes)") == true)
    error = expectError(.limit) { _ = try scene.json(pretty: false) }
    #expect(error?.message.contains("bytes") == true)
  }

  @Test("random scenes with hostile names and numbers round-trip", arguments: 0..<12)
  func randomScenes(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &* 7919)
    let alphabet = Array("aZ09 _-./:\"\\\u{1}\u{1f}\u{7f}é€𝄞\u{2028}\u{feff}")
    func name() -> String {
      String((0..<Int.random(in: 1...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
    }
    var scene = Scene()
    var ids: [String] = []
    for _ in 0..<Int.random(in: 1...40, using: &rng) {
      let id = name() + "\(ids.count)"
      var custom: [String: Double] = [:]
      for _ in 0..<Int.random(in: 0...2, using: &rng) { custom[name()] = anyDouble(&rng) }
      try scene.addLayer(Layer(
        id: id, parent: ids.isEmpty || Bool.random(using: &rng) ? nil : ids.randomElement(using: &rng),
        frame: Rect(x: anyDouble(&rng), y: anyDouble(&rng), width: abs(anyDouble(&rng)), height: 1),
        cornerRadius: anyDouble(&rng), opacity: anyDouble(&rng), custom: custom))
      ids.append(id)
    }
    for _ in 0..<Int.random(in: 0...20, using: &rng) {
      let timing = try Timing(duration: abs(anyDouble(&rng)), delay: anyDouble(&rng), fill: .both)
      var animation = try Animation.basic("custom.\(name())", from: [anyDouble(&rng)], to: [anyDouble(&rng)],
                                          timing: timing)
      for _ in 0..<Int.random(in: 0..<Animation.maximumGroupDepth, using: &rng) {
        animation = try .group([animation], timing: try Timing(duration: Double(Int.random(in: 1...9, using: &rng))))
      }
      try scene.addAnimation(animation, to: ids.randomElement(using: &rng) ?? "", key: Bool.random(using: &rng) ? name() : nil)
    }
    let text = try scene.json()
    let loaded = try Scene(json: text)
    #expect(try loaded.json() == text)
    #expect(loaded.layers == scene.layers)
    #expect(loaded.animations.map(\.key) == scene.animations.map(\.key))
  }
}
