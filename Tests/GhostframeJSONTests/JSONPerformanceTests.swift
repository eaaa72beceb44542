import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

@Suite struct JSONPerformanceTests {
  /// A scene-like document of about `targetBytes` bytes: layers with ids, frames,
  /// decimals, booleans, nested style objects and escaped strings.
  static func generatedDocument(targetBytes: Int) -> String {
    var rng = SplitMix64(seed: 5)
    var text = "{\"name\": \"generated\", \"layers\": [\n"
    var index = 0
    while text.utf8.count < targetBytes {
      if index > 0 {
        text += ",\n"
      }
      let x = Double(Int.random(in: 0...192_000, using: &rng)) / 100
      let opacity = Double.random(in: 0...1, using: &rng)
      text += """
          {"id": "layer-\(index)", "frame": [\(x), \(index % 1080), 320.5, 180], "opacity": \(opacity), \
        "visible": \(index % 3 != 0), "title": "Layer \\"\(index)\\" — é\\n", \
        "style": {"corner radius": \(index % 16), "color": "#\(String(index % 0xFFFFFF, radix: 16))", "shadow": null}, \
        "children": [\(index), \(index * 7), -\(index % 100)e-2]}
        """
      index += 1
    }
    return text + "\n]}"
  }

  @Test func parsesAFiveMegabyteDocument() throws {
    let text = Self.generatedDocument(targetBytes: 5 << 20)
    let bytes = Array(text.utf8)
    let clock = ContinuousClock()
    var value = JSONValue.null
    var best = Duration.seconds(1000)
    for _ in 0..<3 {
      let elapsed = try clock.measure {
        value = try parseJSON(bytes: bytes)
      }
      best = min(best, elapsed)
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
    let megabytes = Double(bytes.count) / 1_048_576
    let writeTime = clock.measure { _ = value.serialized(pretty: false) }
    func tenths(_ x: Double) -> String { "\(Int(x))." + "\(Int(x * 10) % 10)" }
    print("JSON: parsed \(tenths(megabytes)) MB in \(Int(seconds * 1000)) ms = \(tenths(megabytes / seconds)) MB/s",
          "(best of 3, in this build's optimisation); compact write \(writeTime)")
    // Sanity, not timing: the document is all there.
    let root = try JSONReader(value).object()
    let layers = try root.required("layers").array()
    #expect(layers.count > 10_000)
    #expect(try layers[1].object().required("title").string() == "Layer \"1\" — é\n")
    #expect(try JSONValue(parsing: value.serialized(pretty: false)) == value)
  }
}
