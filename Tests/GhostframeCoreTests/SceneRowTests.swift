import Testing
@testable import GhostframeCore

/// Each layer's row keeps the gradient's 24 slots only where the layer has a gradient or an
/// animation writes one (``LayerSlots/rowWidth(customCount:keepsGradient:)``): the other rows
/// are 19 core slots plus the scene's custom ones, whatever their neighbours have. The reference
/// is the same scene compiled with every row keeping the gradient's slots (the layout every scene
/// with a gradient had before): its layers must come out the same, byte for byte, in states,
/// ranges, presentation values, custom values and the exporters' slots.
@Suite("Scene rows: gradient slots only where a layer has them")
struct SceneRowTests {
  private static let keyPaths = [
    "frame", "position", "bounds.size", "anchorPoint", "cornerRadius", "backgroundColor", "opacity", "zPosition",
    "transform.scale.x", "transform.rotation.z", "transform.translation", "gradient.startPoint", "gradient.endPoint",
    "gradient.locations", "gradient.colors", "custom.glow", "custom.size", "custom.none",
  ]
  private static let times: [Double] = [-1, 0, 0.2, 0.45, 0.7, 1, 1.6, 3, .nan]
  private static let stops = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0.5, blue: 1, alpha: 0.5)]

  /// Layers with custom values and a tree; batched tracks (constant basics, one on a custom
  /// property), general ones (keyframes on a custom property, a spring, a group) and a transition;
  /// with `gradients`, layers with a gradient between them (one animating it, one under
  /// another layer) and a layer without one whose animation moves a gradient's points.
  private static func scene(gradients: Bool) throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 5, y: 6, width: 300, height: 200), opacity: 0.9,
                             custom: ["glow": 0.5]))
    try scene.addLayer(Layer(id: "a", parent: "root", frame: Rect(x: 10, y: 20, width: 40, height: 30),
                             cornerRadius: 3, backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1),
                             transform: LayerTransform(rotation: 0.25), custom: ["size": 7]))
    if gradients {
      try scene.addLayer(Layer(id: "g1", parent: "a", frame: Rect(x: 2, y: 2, width: 30, height: 8),
                               gradient: Gradient(colors: stops, locations: [0.2, 0.9]), custom: ["glow": 3]))
    }
    try scene.addLayer(Layer(id: "b", parent: "a", frame: Rect(x: 1, y: 2, width: 8, height: 6), opacity: 0.5))
    try scene.addLayer(Layer(id: "c", parent: "root", frame: Rect(x: 50, y: 60, width: 20, height: 10),
                             custom: ["glow": 2, "size": 1]))
    if gradients {
      try scene.addLayer(Layer(id: "g2", parent: "c", frame: Rect(x: 0, y: 0, width: 20, height: 10),
                               gradient: Gradient(colors: stops + [.clear])))
      try scene.addLayer(Layer(id: "sweep", parent: "root", frame: Rect(x: 0, y: 100, width: 50, height: 10)))
    }
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
    if gradients {
      let sweep = try Animation.group([.basic("gradient.startPoint", from: [0, 0.5], to: [1, 0.5], timing: once),
                                       .basic("opacity", from: [0.5], to: [1], timing: once)],
                                      timing: alternate, removedOnCompletion: false)
      try scene.addAnimation(sweep, to: "g1")
      try scene.addAnimation(sweep, to: "sweep")
      try scene.addAnimation(.basic("gradient.colors", from: [Double](repeating: 0.25, count: 16),
                                    to: [Double](repeating: 0.75, count: 16), timing: alternate), to: "g2")
      try scene.addAnimation(.basic("custom.glow", from: [5], to: [6], timing: once), to: "g2")
    }
    return scene
  }

  @Test("rows keep the gradient's slots only on layers that need them")
  func rowWidths() throws {
    let plain = try Self.scene(gradients: false).compiled(), mixed = try Self.scene(gradients: true).compiled()
    // Two custom names (glow, size): 19 core slots and 2 custom ones a row; 24 more with a gradient.
    #expect(plain.rowStarts == (0...5).map { $0 * 21 })
    let scene = try Self.scene(gradients: true)
    let wide = ["g1", "g2", "sweep"].compactMap { scene.index(ofLayer: $0) }
    #expect(wide.count == 3)
    for layer in 0..<mixed.layerCount {
      #expect(mixed.rowStarts[layer + 1] - mixed.rowStarts[layer] == (wide.contains(layer) ? 45 : 21), "layer \(layer)")
    }
    #expect(mixed.maxRowWidth == 45 && mixed.gradientBase == 21)
  }

  @Test("a layer's gradient reaches its state from its own row")
  func gradientInState() throws {
    let scene = try Self.scene(gradients: true), sampler = scene.compiled()
    guard let g2 = scene.index(ofLayer: "g2"), let g1 = scene.index(ofLayer: "g1") else { return }
    let states = sampler.sample(at: 0.4)
    // g2: colours animated linearly from 0.25 to 0.75 (alternate, 0.8 s: at 0.4 s half way) on
    // every component of the four stops' slots; the locations evenly spaced over three stops.
    #expect(states[g2].gradientStopCount == 3)
    for i in 0..<16 { #expect(abs(states[g2].gradientColors[i] - 0.5) < 1e-12, "colour component \(i)") }
    #expect((0..<4).map { states[g2].gradientLocations[$0] } == [0, 0.5, 1, 1])
    // g1: its given locations, its colours as given, its start point swept by the group
    // (0.4 s of the 1 s child: 0.4 of the way from x 0 to 1).
    #expect((0..<4).map { states[g1].gradientLocations[$0] } == [0.2, 0.9, 1, 1])
    #expect((0..<4).map { states[g1].gradientColors[$0] } == [1, 0, 0, 1])
    #expect(abs(states[g1].gradientStart.x - 0.4) < 1e-12 && states[g1].gradientStart.y == 0.5)
  }

  @Test("rows without the gradient's slots sample as rows with them", arguments: [false, true])
  func sameAsFullRows(gradients: Bool) throws {
    let scene = try Self.scene(gradients: gradients)
    let denseSampler = scene.compiled(), fullSampler = scene.compiled(batching: true, gradientEverywhere: true)
    #expect(fullSampler.slotTotal == scene.count * (LayerSlots.fixedCount + 2))
    #expect(denseSampler.slotTotal < fullSampler.slotTotal)
    let n = scene.count
    #expect(denseSampler.exportSlots(at: 0.3).map(\.bitPattern) == fullSampler.exportSlots(at: 0.3).map(\.bitPattern))
    for t in Self.times {
      let expected = fullSampler.sample(at: t)
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
                  == fullSampler.customValues(of: property, at: t).map(\.bitPattern), "\(keyPath) at \(t)")
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
    #expect(sampler.rowStarts == [0, LayerSlots.fixedCount + 1])
    // Reference: linear from (0, 0) to (1, 0.5) over 2 s, at t = 0.5 a quarter of the way.
    let start = sampler.presentationValue(of: try AnimatableProperty(keyPath: "gradient.startPoint"), layer: 0, at: 0.5)
    #expect(start == [0.25, 0.125])
    #expect(sampler.presentationValue(of: try AnimatableProperty(keyPath: "custom.glow"), layer: 0, at: 0.5) == [1])
  }
}
