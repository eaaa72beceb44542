import Testing
@testable import GhostframeCore
import GhostframeTestSupport

@Suite("Scene editing, events and hand-off")
struct SceneEditingTests {
  @Test("layers: duplicates, missing parents, cycles and bad numbers are errors and change nothing")
  func layerErrors() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    try scene.addLayer(Layer(id: "b", parent: "a"))
    let before = scene.layers
    #expect(throws: GhostframeError.self) { try scene.addLayer(Layer(id: "a")) }
    #expect(throws: GhostframeError.self) { try scene.addLayer(Layer(id: "c", parent: "zz")) }
    #expect(throws: GhostframeError.self) { try scene.updateLayer(Layer(id: "a", parent: "b")) }
    #expect(throws: GhostframeError.self) { try scene.addLayer(Layer(id: "n", frame: Rect(x: .nan, y: 0, width: 1, height: 1))) }
    #expect(throws: GhostframeError.self) { try scene.addLayer(Layer(id: "w", frame: Rect(x: 0, y: 0, width: -1, height: 1))) }
    #expect(scene.layers == before)
  }

  @Test("reparenting keeps parents before children; removing a layer removes its subtree and animations")
  func reparentAndRemove() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    try scene.addLayer(Layer(id: "b"))
    try scene.addLayer(Layer(id: "c", parent: "b"))
    #expect(throws: GhostframeError.self) { try scene.updateLayer(Layer(id: "b", parent: "c2")) }
    try scene.addLayer(Layer(id: "d"))
    try scene.updateLayer(Layer(id: "a", parent: "d"))
    let order = scene.layers.map(\.id)
    #expect((order.firstIndex(of: "d") ?? 9) < (order.firstIndex(of: "a") ?? 0))
    try scene.addAnimation(.basic("opacity", to: [0], timing: Timing(duration: 1)), to: "c")
    try scene.removeLayer(id: "b")
    #expect(scene.layers.map(\.id).sorted() == ["a", "d"])
    #expect(scene.animations.isEmpty)
    #expect(scene.index(ofLayer: "a") == 1)
  }

  @Test("events forwards and backwards, in order, and removal on completion")
  func events() throws {
    var scene = try oneLayerScene()
    let first = try scene.addAnimation(.basic("opacity", to: [1], timing: Timing(duration: 1, delay: 1)), to: "a")
    let second = try scene.addAnimation(.basic("cornerRadius", to: [4], timing: Timing(duration: 2, delay: 0.5),
                                               removedOnCompletion: false), to: "a")
    let kinds = { (events: [AnimationEvent]) in events.map { "\($0.kind.rawValue) \($0.animation) \($0.time)" } }
    #expect(kinds(try scene.advance(to: 0.75)) == ["started \(second) 0.5"])
    #expect(kinds(try scene.advance(to: 2.6)) == ["started \(first) 1.0", "ended \(first) 2.0", "ended \(second) 2.5"])
    #expect(scene.animations.map(\.id) == [second])  // the first was removed on completion
    let back = try scene.advance(to: 1)
    #expect(kinds(back) == ["started \(second) 2.5"] && back.allSatisfy(\.isReversed))
    #expect(kinds(try scene.advance(to: 0)) == ["ended \(second) 0.5"])
    #expect(scene.events(from: 0, to: 0).isEmpty)
  }

  @Test("stopping exactly on a boundary and turning back reports each crossing once, in alternation")
  func turningOnBoundaries() throws {
    var scene = try oneLayerScene()
    let id = try scene.addAnimation(.basic("opacity", to: [1], timing: Timing(duration: 1, delay: 1),
                                           removedOnCompletion: false), to: "a")
    // Reference: the animation is active between its boundaries 1 and 2; a position is the time
    // plus the side it was reached from, and a report is due exactly when the set of boundaries
    // behind the position changes. Started/ended must alternate whatever the path.
    let path: [Double] = [1, 0.5, 1, 1, 2, 1.5, 2, 2, 3, 2, 1, 0, 1, 2, 1, 1, 0.5]
    var log: [String] = []
    for t in path {
      for event in try scene.advance(to: t) {
        #expect(event.animation == id)
        log.append("\(event.kind.rawValue)@\(event.time)\(event.isReversed ? "r" : "")")
      }
    }
    #expect(log == [
      "started@1.0",  // → 1
      "ended@1.0r",  // 1 → 0.5: turned round on the start
      "started@1.0",  // 0.5 → 1 (the repeated 1 reports nothing)
      "ended@2.0",  // → 2
      "started@2.0r",  // 2 → 1.5: turned round on the end
      "ended@2.0",  // 1.5 → 2 (the repeated 2 reports nothing); 2 → 3 crosses nothing
      "started@2.0r",  // 3 → 2
      "ended@1.0r",  // 2 → 1: lands just before the start
      // 1 → 0 crosses nothing; 0 → 1 lands on the start going forwards:
      "started@1.0",
      "ended@2.0",  // 1 → 2
      "started@2.0r", "ended@1.0r",  // 2 → 1; then 1 (nothing); 1 → 0.5 crosses nothing more
    ])
    let kinds = log.map { $0.hasPrefix("started") }
    #expect(zip(kinds, kinds.dropFirst()).allSatisfy { $0 != $1 }, "started and ended alternate")
  }

  @Test("interrupting with hand-off keeps value and velocity continuous")
  func handoff() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("position.x", from: [0], to: [100], timing: Timing(duration: 1)), to: "a",
                           key: "move")
    // At t = 0.5 the layer is at x = 50 moving at 100 points/s; retarget with a spring that
    // starts at t = 0.5.
    let spring = try Spring(stiffness: 200, damping: 20)
    let values = SpringValues(to: [0], spring: spring)
    try scene.addAnimation(.spring("position.x", values, timing: Timing(duration: 3, delay: 0.5, fill: .forwards)),
                           to: "a", key: "move", handoff: .presentation(at: 0.5))
    #expect(scene.animations.count == 1)
    guard case .spring(let resolved) = scene.animations[0].animation.content else {
      Issue.record("not a spring")
      return
    }
    #expect(abs((resolved.from?[0] ?? 0) - 50) < 1e-9)
    #expect(abs((resolved.velocity?[0] ?? 0) - 100) < 1e-6)
    // Continuity: sampled just after the hand-off, the spring starts at 50 moving at 100/s.
    let sampler = scene.compiled()
    // A 1 µs forward difference: the spring's initial acceleration (−12000 pt/s²) biases it by 0.006.
    let x0 = sampler.sample(at: 0.5)[0].x + 50, x1 = sampler.sample(at: 0.500001)[0].x + 50
    #expect(abs(x0 - 50) < 1e-9)
    #expect(abs((x1 - x0) / 0.000001 - 100) < 0.05)
  }
}
