import Testing
@testable import GhostframeFormats
import GhostframeCore

/// The reader keeps the curves of specs it parsed (``SceneJSONReader/parsedCurves``): a spec
/// read again must give exactly the curve `Curve(parsing:)` gives, and a bad spec must still
/// fail with its path, whatever was read before.
@Suite("Scene JSON: parsed curves are shared between reads")
struct SceneJSONCurveCacheTests {
  static let specs = [
    "ease", "linear", "ease-in-out", "cubic-bezier(0.3, -0.4, 0.6, 1.5)", "steps(4, jump-both)", "easeOutBounce",
    "spring(1, 100, 10, 0)", "linear(0, 0.25 40%, 1)",
  ]

  /// A document with one basic animation per spec, `copies` times over.
  static func document(copies: Int) -> String {
    var animations: [String] = []
    for _ in 0..<copies {
      for spec in specs {
        animations.append(
          #"{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 0.5, "timing": {"duration": 1, "easing": "\#(spec)"}}"#)
      }
    }
    return sceneDocument(layers: #"[{"id": "a"}]"#, animations: "[" + animations.joined(separator: ",") + "]")
  }

  @Test("every easing read (first time or again) equals Curve(parsing:) of its spec")
  func cachedCurvesEqualFreshOnes() throws {
    for _ in 0..<2 {  // the second load reads every spec from the cache
      let scene = try Scene(json: Self.document(copies: 3))
      #expect(scene.animations.count == Self.specs.count * 3)
      for (index, attached) in scene.animations.enumerated() {
        let expected = try Curve(parsing: Self.specs[index % Self.specs.count])
        #expect(attached.animation.timing.easing == expected)
      }
    }
  }

  @Test("a bad spec fails with its path after good ones were cached")
  func badSpecStillFails() throws {
    _ = try Scene(json: Self.document(copies: 1))
    let text = sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"[{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 0.5, "timing": {"duration": 1, "easing": "cubic-bezier(2, 0, 1, 1)"}}]"#)
    let error = try #require(sceneJSONError(text))
    #expect(error.message.hasPrefix("animations[0].timing.easing"))
  }

  @Test("the cache stays within its limit")
  func cacheIsBounded() throws {
    var animations: [String] = []
    for index in 0..<(SceneJSONReader.parsedCurveLimit + 10) {
      animations.append(
        #"{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 0.5, "timing": {"duration": 1, "easing": "steps(\#(index + 1))"}}"#)
    }
    let scene = try Scene(json: sceneDocument(layers: #"[{"id": "a"}]"#, animations: "[" + animations.joined(separator: ",") + "]"))
    #expect(scene.animations.count == SceneJSONReader.parsedCurveLimit + 10)
    #expect(SceneJSONReader.parsedCurves.withLock { $0.count } <= SceneJSONReader.parsedCurveLimit)
    for (index, attached) in scene.animations.enumerated() {
      #expect(attached.animation.timing.easing == (try Curve(parsing: "steps(\(index + 1))")))
    }
  }
}
