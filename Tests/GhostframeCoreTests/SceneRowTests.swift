import Testing
@testable import GhostframeCore

/// A scene where no layer has a gradient and no animation animates one keeps no gradient slots
/// (``LayerSlots/customBase(keepsGradient:)``): its rows are 19 slots plus its custom ones
/// instead of 43 plus. The reference is the same scene with one more layer, last, that has a
/// gradient: that scene keeps full rows, and its other layers must come out the same, byte for
/// byte, in states, presentation values and custom values.
@Suite("Scene rows without gradient slots")
struct SceneRowTests {
  private static let keyPaths = [
    "frame", "position", "bounds.size", "anchorPoint", "cornerRadius", "backgroundColor", "opacity", "zPosition",
    "transform.scale.x", "transform.rotation.z", "transform.translation", "gradient.startPoint", "gradient.endPoint",
    "gradient.locations", "gradient.colors", "custom.glow", "custom.size", "custom.none",
  ]
  private static let times: [Double] = [-1, 0, 0.2, 0.45, 0.7, 1, 1.6, 3, .nan]

  /// Layers with custom values and a tree; batched tracks (constant basics, one on a custom
  /// property), general ones (keyframes on a custom property, a spring, a group) and a transition.
  private static func scene(withGradientLayer: Bool) throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 5, y: 6, width: 300, height: 200), opacity: 0.9,
                             custom: ["glow": 0.5]))
    try scene.addLayer(Layer(id: "a", parent: "root", frame: Rect(x: 10, y: 20, width: 40, height: 30),
                             cornerRadius: 3, backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1),
                             transform: LayerTransform(rotation: 0.25), custom: ["size": 7]))
    try scene.addLayer(Layer(id: "b", parent: "a", frame: Rect(x: 1, y: 2, width: 8, height: 6), opacity: 0.5))
    try scene.addLayer(Layer(id: "c", parent: "root", frame: Rect(x: 50, y: 60, width: 20, height: 10),
                             custom: ["glow": 2, "size": 1]))
    try scene.addLayer(Layer(id: "d", parent: "root", frame: Rect(x: 90, y: 60, width: 20, height: 10)))
    let once = try Timing(duration: 1), alternate = try Timing(duration: 0.8, iterations: .infinity, direction: .alternate)
    try scene.addAnimation(.basic("custom.glow", from: [0], to: [4], timing: once), to: "c")
    try scene.addAnimation(.basic("position.x", from: [0], to: [30], timing: alternate), to: "c")
    try scene.addAnimation(.keyframes("custom.size", Keyframes(values: [[1], [9], [3]]), timing: alternate), to: "a")
    try scene.addAnimation(.spring("cornerRadius", SpringValues(from: [0], to: [12], spring: Spring())), to: "a")
    try scene.addAnimation(.group([.basic("opacity", from: [0.2], to: [1], timing: once),
                                   .basic("custom.glow", from: [1], to: [3], timing: once)], timing: once), to: "b")
    try scene.addAnimation(.transition(Transition(kind: .push, direction: .fromRight, fromLayer: "c"), timing: once),
                           to: "d")
    if withGradientLayer {
      try scene.addLayer(Layer(id: "g", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                               gradient: Gradient(colors: [Color(red: 1, green: 0, blue: 0, alpha: 1), .clear])))
    }
    return scene
  }

  @Test("without a gradient the rows drop its slots, and every layer samples as with them")
  func sameWithoutGradientSlots() throws {
    let dense = try Self.scene(withGradientLayer: false), full = try Self.scene(withGradientLayer: true)
    let denseSampler = dense.compiled(), fullSampler = full.compiled()
    #expect(denseSampler.slotCount == LayerSlots.coreCount + 2, "19 core slots and 2 custom ones")
    #expect(fullSampler.slotCount == LayerSlots.fixedCount + 2)
    let n = dense.count
    for t in Self.times {
      let expected = Array(fullSampler.sample(at: t).prefix(n))
      let got = denseSampler.sample(at: t)
      // (LayerState's == compares bytes.)
      #expect(got == expected, "states at \(t)")
      // Ranges refuse a non-finite time; the conveniences give the model at it.
      if t.isFinite {
        var threaded = [LayerState](repeating: LayerState(), count: n)
        try threaded.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
          try denseSampler.sample(at: t, layers: 2..<n, into: buffer)
          try denseSampler.sample(at: t, layers: 0..<2, into: buffer)
        }
        #expect(threaded == expected, "ranges at \(t)")
      }
      for keyPath in Self.keyPaths {
        let property = try AnimatableProperty(keyPath: keyPath)
        for layer in 0..<n {
          let a = denseSampler.presentationValue(of: property, layer: layer, at: t)
          let b = fullSampler.presentationValue(of: property, layer: layer, at: t)
          #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(keyPath) of layer \(layer) at \(t)")
        }
        if case .custom = property.mapping {
          #expect(denseSampler.customValues(of: property, at: t).map(\.bitPattern)
                  == fullSampler.customValues(of: property, at: t).prefix(n).map(\.bitPattern), "\(keyPath) at \(t)")
        }
      }
    }
  }

  @Test("an animated gradient keeps the slots where no layer has one")
  func animatedGradientKeepsSlots() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", custom: ["glow": 1]))
    try scene.addAnimation(.group([.basic("gradient.startPoint", from: [0, 0], to: [1, 0.5], timing: Timing(duration: 2))],
                                  timing: Timing(duration: 2)), to: "a")
    let sampler = scene.compiled()
    #expect(sampler.slotCount == LayerSlots.fixedCount + 1)
    // Reference: linear from (0, 0) to (1, 0.5) over 2 s, at t = 0.5 a quarter of the way.
    let start = sampler.presentationValue(of: try AnimatableProperty(keyPath: "gradient.startPoint"), layer: 0, at: 0.5)
    #expect(start == [0.25, 0.125])
    #expect(sampler.presentationValue(of: try AnimatableProperty(keyPath: "custom.glow"), layer: 0, at: 0.5) == [1])
  }
}
