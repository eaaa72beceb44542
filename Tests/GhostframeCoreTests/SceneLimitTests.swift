import Testing
@testable import GhostframeCore
import GhostframeTestSupport
import GhostframeFormats

// The scene's limits on work derived from what it holds (compiled tracks, custom slots, group nesting), names
// without NUL, and layer removal in proportion to the removed subtree, checked against a naive reference.

/// A plain layer under `parent`.
private func layer(_ id: String, parent: String? = nil, custom: [String: Double] = [:]) -> Layer {
  Layer(id: id, parent: parent, frame: Rect(x: 0, y: 0, width: 10, height: 10), custom: custom)
}

/// The budget recomputed from scratch: custom name uses, tracks and group timings.
private func recomputedBudget(_ scene: Scene) -> (uses: [String: Int], tracks: Int, groupTimings: Int, values: Int) {
  var uses: [String: Int] = [:]
  for layer in scene.layers { for name in layer.custom.keys { uses[name, default: 0] += 1 } }
  var tracks = 0, groupTimings = 0, values = 0
  for attached in scene.animations {
    tracks += attached.animation.trackCount
    groupTimings += attached.animation.groupTimingCount
    values += attached.animation.valueCount
    for name in attached.animation.customPropertyNames { uses[name, default: 0] += 1 }
  }
  return (uses, tracks, groupTimings, values)
}

private func expectBudgetIsExact(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) {
  let (uses, tracks, groupTimings, values) = recomputedBudget(scene)
  #expect(scene.budget.values == values, sourceLocation: sourceLocation)
  #expect(scene.budget.customNameUses == uses, sourceLocation: sourceLocation)
  #expect(scene.budget.tracks == tracks, sourceLocation: sourceLocation)
  #expect(scene.budget.groupTimings == groupTimings, sourceLocation: sourceLocation)
}

/// The removal before this change, kept as the reference: every layer whose chain of parents reaches `id`, and
/// every animation on them or transitioning from them; the rest keep their order.
private func referenceRemoval(_ scene: Scene, _ id: String) -> (layers: [Layer], animations: [UInt64]) {
  func isInSubtree(_ candidate: String) -> Bool {
    var current: String? = candidate
    while let here = current {
      if here == id { return true }
      current = scene.index(ofLayer: here).flatMap { scene.layers[$0].parent }
    }
    return false
  }
  let doomed = Set(scene.layers.map(\.id).filter(isInSubtree))
  let layers = scene.layers.filter { !doomed.contains($0.id) }
  let animations = scene.animations.filter { attached in
    if doomed.contains(attached.layer) { return false }
    if case .transition(let t) = attached.animation.content { return !doomed.contains(t.fromLayer) }
    return true
  }
  return (layers, animations.map(\.id))
}

@Suite("Scene limits: derived work, names, removal")
struct SceneLimitTests {
  // MARK: - Layer removal

  @Test("removing a layer gives exactly what the naive reference removal gives, on random trees")
  func removalMatchesTheReference() throws {
    var rng = SplitMix64(seed: 0x9e11)
    for round in 0..<40 {
      var scene = Scene()
      let count = Int.random(in: 1...160, using: &rng)
      for i in 0..<count {
        // A random parent among the layers so far (or none), so subtrees interleave in the layer order.
        let parent = i == 0 || Int.random(in: 0..<6, using: &rng) == 0
          ? nil : scene.layers[Int.random(in: 0..<scene.layers.count, using: &rng)].id
        let custom = Int.random(in: 0..<3, using: &rng) == 0 ? ["c\(Int.random(in: 0..<4, using: &rng))": 1.0] : [:]
        try scene.addLayer(layer("L\(i)", parent: parent, custom: custom))
      }
      // Reparent a few layers: the parents-first order then differs from the insertion order.
      for _ in 0..<(count / 8) {
        let child = scene.layers[Int.random(in: 0..<count, using: &rng)]
        let parent = scene.layers[Int.random(in: 0..<count, using: &rng)].id
        var moved = child
        moved.parent = parent
        try? scene.updateLayer(moved)  // a cycle is refused and changes nothing
      }
      let timing = try second()
      for _ in 0..<(count / 2) {
        let target = scene.layers[Int.random(in: 0..<count, using: &rng)].id
        let animation: Animation
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: animation = try .basic("opacity", from: [0], to: [1], timing: timing)
        case 1: animation = try .basic("custom.c\(Int.random(in: 0..<4, using: &rng))", to: [2], timing: timing)
        default:
          let from = scene.layers[Int.random(in: 0..<count, using: &rng)].id
          guard from != target else { continue }
          animation = try .transition(Transition(kind: .fade, fromLayer: from), timing: timing)
        }
        let key: String? = Int.random(in: 0..<2, using: &rng) == 0 ? "k\(Int.random(in: 0..<3, using: &rng))" : nil
        try scene.addAnimation(animation, to: target, key: key)
      }
      expectBudgetIsExact(scene)
      for _ in 0..<3 where !scene.layers.isEmpty {
        let victim = scene.layers[Int.random(in: 0..<scene.layers.count, using: &rng)].id
        let expected = referenceRemoval(scene, victim)
        try scene.removeLayer(id: victim)
        #expect(scene.layers == expected.layers, "round \(round): removing \(victim)")
        #expect(scene.animations.map(\.id) == expected.animations, "round \(round): removing \(victim)")
        for (index, kept) in scene.layers.enumerated() { #expect(scene.index(ofLayer: kept.id) == index) }
        #expect(scene.indexByID.count == scene.layers.count)
        #expect(scene.index(ofLayer: victim) == nil)
        expectBudgetIsExact(scene)
        // The scene still compiles and samples one state per layer.
        #expect(scene.compiled().sample(at: 0.5).count == scene.layers.count)
      }
    }
  }

  @Test("removing an unknown layer changes nothing")
  func removingUnknownLayer() throws {
    var scene = try oneLayerScene()
    expectError(.notFound) { try scene.removeLayer(id: "b") }
    #expect(scene.layers.map(\.id) == ["a"])
  }

  @Test("removing the root of a deep chain of 20,000 layers")
  func deepChainRemoval() throws {
    // Depth is capped at 256, so the chain is 78 chains of 256 side by side; remove the first chain's root.
    var scene = Scene()
    for chain in 0..<78 {
      for level in 0..<256 {
        try scene.addLayer(layer("c\(chain)-\(level)", parent: level == 0 ? nil : "c\(chain)-\(level - 1)"))
      }
    }
    try scene.removeLayer(id: "c0-0")
    #expect(scene.count == 77 * 256)
    #expect(scene.layers.first?.id == "c1-0")
    #expect(scene.index(ofLayer: "c77-255") == 77 * 256 - 1)
  }

  // MARK: - Tracks

  @Test("attached animations compile to at most maximumAnimationTracks tracks; the change past it is refused")
  func trackLimit() throws {
    var scene = try oneLayerScene()
    let timing = try second()
    let leaf = try Animation.basic("opacity", from: [0], to: [1], timing: timing)
    let group = try Animation.group(Array(repeating: leaf, count: 100_000), timing: timing)
    #expect(group.trackCount == 100_000)
    let fits = Scene.maximumAnimationTracks / 100_000
    for _ in 0..<fits { try scene.addAnimation(group, to: "a") }
    #expect(scene.budget.tracks == Scene.maximumAnimationTracks)
    let error = expectError(.limit) { try scene.addAnimation(leaf, to: "a") }
    #expect(error?.message.contains("\(Scene.maximumAnimationTracks)") == true)
    #expect(scene.animations.count == fits)
    // Replacing a keyed animation by one of the same size frees what it replaces.
    try scene.removeAnimation(id: scene.animations[0].id)
    try scene.addAnimation(group, to: "a", key: "k")
    try scene.addAnimation(group, to: "a", key: "k")
    #expect(scene.budget.tracks == Scene.maximumAnimationTracks)
    expectBudgetIsExact(scene)
  }

  @Test("a transition counts two tracks, a group the sum of its children; each track one timing per enclosing group")
  func trackCounts() throws {
    let timing = try second()
    let leaf = try Animation.basic("opacity", to: [1], timing: timing)
    let inner = try Animation.group([leaf, leaf], timing: timing)
    let outer = try Animation.group([inner, leaf, inner], timing: timing)
    #expect(outer.trackCount == 5)
    #expect(outer.groupTimingCount == 2 + 2 + 1 + 2 + 2)  // four grandchildren at depth 2, one child at depth 1
    #expect(leaf.groupTimingCount == 0)
    #expect(try Animation.transition(Transition(kind: .fade, fromLayer: "x"), timing: timing).trackCount == 2)
    // What the compiler stores agrees: one inner timing per enclosing group for each track.
    var scene = try oneLayerScene()
    try scene.addAnimation(outer, to: "a")
    let compiled = scene.compiled()
    #expect(compiled.tracks.count == 5)
    #expect(compiled.tracks.reduce(0) { $0 + $1.innerCount } == outer.groupTimingCount)
  }

  @Test("deeply nested tracks are limited by their group timings, not only by their number")
  func groupTimingLimit() throws {
    // 10,000 leaves under 31 groups: 10,000 tracks but 310,000 group timings per attachment.
    let timing = try second()
    let leaf = try Animation.basic("opacity", to: [1], timing: timing)
    var deep = try Animation.group(Array(repeating: leaf, count: 10_000), timing: timing)
    for _ in 1..<31 { deep = try .group([deep], timing: timing) }
    #expect(deep.groupTimingCount == 310_000)
    var scene = try oneLayerScene()
    let fits = Scene.maximumAnimationTracks / 310_000  // 12
    for _ in 0..<fits { try scene.addAnimation(deep, to: "a") }
    let error = expectError(.limit) { try scene.addAnimation(deep, to: "a") }
    #expect(error?.message.contains("group timings") == true, "\(String(describing: error))")
    #expect(scene.animations.count == fits && scene.budget.tracks == fits * 10_000)
    expectBudgetIsExact(scene)
  }

  @Test("the numbers attached animations hold are counted per attachment against maximumAnimationValues")
  func valueLimit() throws {
    // 65,536 keyframes of 16 gradient colour components: 2^20 numbers, shared by every attachment in memory but
    // compiled once per attachment.
    let frame = [Double](repeating: 0.5, count: 16)
    let keyframes = try Animation.keyframes("gradient.colors", Keyframes(values: Array(repeating: frame, count: 1 << 16)),
                                            timing: second())
    #expect(keyframes.valueCount == 1 << 20)
    var scene = try oneLayerScene()
    for _ in 0..<(Scene.maximumAnimationValues >> 20) { try scene.addAnimation(keyframes, to: "a") }
    #expect(scene.budget.values == Scene.maximumAnimationValues)
    let error = expectError(.limit) { try scene.addAnimation(.basic("opacity", to: [1], timing: second()), to: "a") }
    #expect(error?.message.contains("numbers") == true, "\(String(describing: error))")
    // Counted as the compiler pools them: values and key times (evenly spaced here: one per keyframe).
    var small = try oneLayerScene()
    let three = try Animation.keyframes("opacity", Keyframes(values: [[0], [1], [0]]), timing: second())
    try small.addAnimation(three, to: "a")
    #expect(three.valueCount == 3)
    #expect(small.compiled().constants.count <= 3 * three.valueCount)
    expectBudgetIsExact(scene)
  }

  // MARK: - Custom slots

  @Test("layers × custom property names stay within maximumCustomSlots; removing frees the budget")
  func customSlotLimit() throws {
    var scene = Scene()
    let side = 1 << 12  // 4,096 × 4,096 = 2^24, exactly the limit
    #expect(side * side == Scene.maximumCustomSlots)
    for i in 0..<side { try scene.addLayer(layer("L\(i)", custom: ["n\(i)": 0])) }
    // One more layer, even without custom properties, would need 4,097 × 4,096 slots.
    var error = expectError(.limit) { try scene.addLayer(layer("plain")) }
    #expect(error?.message.contains("4097 layers × 4096 custom property names") == true, "\(String(describing: error))")
    // A new name through an update or an animation would need 4,096 × 4,097.
    var renamed = scene.layers[0]
    renamed.custom["fresh"] = 1
    expectError(.limit) { try scene.updateLayer(renamed) }
    error = expectError(.limit) { try scene.addAnimation(.basic("custom.fresh", to: [1], timing: second()), to: "L1") }
    #expect(scene.animations.isEmpty)
    // Renaming keeps the count: allowed.
    renamed.custom = ["n0b": 0]
    try scene.updateLayer(renamed)
    // Animating a name a layer already has adds no slot.
    try scene.addAnimation(.basic("custom.n5", to: [1], timing: second()), to: "L1")
    try scene.removeLayer(id: "L2")  // frees a layer and its name "n2"
    try scene.addLayer(layer("plain"))
    #expect(scene.budget.customNameCount == side - 1)
    expectBudgetIsExact(scene)
  }

  // MARK: - Group nesting

  @Test("groups nest at most maximumGroupDepth deep")
  func groupDepth() throws {
    let timing = try second()
    var animation = try Animation.basic("opacity", to: [1], timing: timing)
    for _ in 0..<Animation.maximumGroupDepth { animation = try .group([animation], timing: timing) }
    var scene = try oneLayerScene()
    try scene.addAnimation(animation, to: "a")
    let error = expectError(.limit) { _ = try Animation.group([animation], timing: timing) }
    #expect(error?.message.contains("more than \(Animation.maximumGroupDepth) deep") == true)
    // Built by hand past the factories, the scene's own check refuses it, without deep recursion.
    var deep = animation
    for _ in 0..<10_000 { deep = Animation(property: nil, timing: timing, content: .group([deep])) }
    expectError(.limit) { try scene.addAnimation(deep, to: "a") }
    #expect(scene.animations.count == 1)
  }

  // MARK: - What the format reads

  @Test("layer colours outside [0, 1] are refused, as the scene format refuses them")
  func coloursInRange() throws {
    var scene = Scene()
    var error = expectError(.invalidArgument) {
      try scene.addLayer(Layer(id: "a", backgroundColor: Color(red: 2, green: 0, blue: 0)))
    }
    #expect(error?.message.contains("backgroundColor.red must be in [0, 1]") == true, "\(String(describing: error))")
    error = expectError(.invalidArgument) {
      try scene.addLayer(Layer(id: "a", gradient: Gradient(colors: [.white, Color(red: 0, green: -0.5, blue: 0)])))
    }
    #expect(error?.message.contains("gradient.colors[1]") == true, "\(String(describing: error))")
    // The edges are in range, and such a scene writes what reads back.
    try scene.addLayer(Layer(id: "a", backgroundColor: Color(red: 1, green: 0, blue: -0.0, alpha: 1),
                             gradient: Gradient(colors: [Color(red: 0, green: 0, blue: 0, alpha: 0), .white])))
    try expectRoundTrip(scene)
  }

  // MARK: - NUL

  @Test("ids, parents, custom names, keys, key paths and transition sources containing NUL are refused")
  func nulInNames() throws {
    var scene = try oneLayerScene()
    let timing = try second()
    var error = expectError(.invalidArgument) { try scene.addLayer(layer("b\u{0}c")) }
    #expect(error?.message.contains("NUL") == true)
    expectError(.invalidArgument) { try scene.addLayer(layer("b", parent: "a\u{0}")) }
    expectError(.invalidArgument) { try scene.addLayer(layer("b", custom: ["x\u{0}y": 1])) }
    var edited = scene.layers[0]
    edited.custom["p\u{0}"] = 1
    expectError(.invalidArgument) { try scene.updateLayer(edited) }
    expectError(.invalidArgument) { try scene.addAnimation(.basic("opacity", to: [1], timing: timing), to: "a", key: "k\u{0}") }
    error = expectError(.invalidArgument) { _ = try AnimatableProperty(keyPath: "custom.a\u{0}b") }
    #expect(error?.message.contains("NUL") == true)
    try scene.addLayer(layer("b"))
    let transition = Animation(property: nil, timing: timing,
                               content: .transition(Transition(kind: .fade, fromLayer: "a\u{0}")))
    expectError(.invalidArgument) { try scene.addAnimation(transition, to: "b") }
    #expect(scene.layers.map(\.id) == ["a", "b"] && scene.animations.isEmpty)
    // JSON's \u0000 escape reaches the same rule, with the JSON path.
    error = expectError(.invalidArgument) {
      _ = try Scene(json: #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "x\u0000y"}]}"#)
    }
    #expect(error?.message.hasPrefix("layers[0]") == true, "\(String(describing: error))")
  }
}
