import GhostframeCore
import GhostframeFormats
import Testing

/// Every layer state at `t`, as bytes: equal bytes are equal bit for bit (LayerState has no padding).
package func sceneSampleBytes(_ sampler: SceneSampler, at t: Double) -> [UInt8] {
  sampler.sample(at: t).withUnsafeBytes { Array($0) }
}

/// The names of the custom properties a scene's layers carry.
package func sceneCustomNames(_ scene: Scene) -> [String] {
  Array(Set(scene.layers.flatMap(\.custom.keys))).sorted()
}

/// Times to compare samples at: a fine grid, boundaries, and irregular points.
package let roundTripTimes: [Double] =
  stride(from: -0.5, through: 6, by: 1.0 / 32).map { $0 }
  + [0.1, 0.2, 0.3, 1.0 / 3, 0.7, 0.8, 1.1, 2.0 / 3, 1e-9, 0.25 + 1e-12, 3.3, 4.99, 10, 100, 1e6]

/// Expects `loaded` to sample exactly as `original` does at every time in `times`.
package func expectSameSamples(
  _ original: Scene, _ loaded: Scene, times: [Double] = roundTripTimes,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let a = original.compiled()
  let b = loaded.compiled()
  #expect(a.layerCount == b.layerCount, sourceLocation: sourceLocation)
  var mismatches: [Double] = []
  for t in times where sceneSampleBytes(a, at: t) != sceneSampleBytes(b, at: t) {
    mismatches.append(t)
  }
  #expect(mismatches.isEmpty, "samples differ at \(mismatches.prefix(5))", sourceLocation: sourceLocation)
  for name in sceneCustomNames(original) {
    let property = try AnimatableProperty(keyPath: "custom." + name)
    for t in times.prefix(64) {
      let x = a.customValues(of: property, at: t).map(\.bitPattern)
      let y = b.customValues(of: property, at: t).map(\.bitPattern)
      #expect(x == y, "custom.\(name) differs at \(t)", sourceLocation: sourceLocation)
    }
  }
}

/// Writes, reads and writes again: the texts are equal, the scenes sample bit for bit the
/// same, and the layers and animation order are kept.
@discardableResult
package func expectRoundTrip(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
  let text = try scene.json()
  let loaded = try Scene(json: text)
  #expect(try loaded.json() == text, "the written text is not stable", sourceLocation: sourceLocation)
  #expect(try loaded.json(pretty: false) == scene.json(pretty: false), sourceLocation: sourceLocation)
  #expect(loaded.layers == scene.layers, sourceLocation: sourceLocation)
  #expect(loaded.animations.map(\.layer) == scene.animations.map(\.layer), sourceLocation: sourceLocation)
  #expect(loaded.animations.map(\.key) == scene.animations.map(\.key), sourceLocation: sourceLocation)
  try expectSameSamples(scene, loaded, sourceLocation: sourceLocation)
  // And once more from the loaded scene, as a host would.
  let again = try Scene(json: loaded.json())
  try expectSameSamples(loaded, again, sourceLocation: sourceLocation)
  return loaded
}
