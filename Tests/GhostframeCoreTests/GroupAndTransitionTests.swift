import Testing
@testable import GhostframeCore
import GhostframeTestSupport

@Suite("Groups and transitions")
struct GroupAndTransitionTests {
  @Test("children run in the group's time, clipped (not scaled) to its duration; the group repeats")
  func group() throws {
    var scene = try oneLayerScene()
    // The preload animation of the seeds: up for 0.3 s, down for 0.5 s, repeated forever.
    let up = try Animation.basic("position.y", from: [0], to: [-30], timing: Timing(duration: 0.3))
    let down = try Animation.basic("position.y", from: [-30], to: [0], timing: Timing(duration: 0.5, delay: 0.3))
    // A child longer than the group: only its first 0.8 s of 1.6 s are ever seen.
    let long = try Animation.basic("cornerRadius", from: [0], to: [16], timing: Timing(duration: 1.6))
    let group = try Animation.group([up, down, long], timing: Timing(duration: 0.8, iterations: .infinity))
    try scene.addAnimation(group, to: "a")
    let sampler = scene.compiled()
    // Frame y = position.y − 25 (anchor 0.5 of height 50).
    for cycle in 0..<3 {
      let base = 0.8 * Double(cycle)
      #expect(abs(sampler.sample(at: base + 0.15)[0].y - (-15 - 25)) < 1e-9)
      #expect(abs(sampler.sample(at: base + 0.55)[0].y - (-15 - 25)) < 1e-9)
      #expect(abs(sampler.sample(at: base + 0.4)[0].cornerRadius - 4) < 1e-9)
    }
    // Clipped: the radius never passes 0.8 / 1.6 × 16 = 8.
    let largest = stride(from: 0.0, to: 4, by: 0.01).map { sampler.sample(at: $0)[0].cornerRadius }.max() ?? 0
    #expect(largest < 8)
  }

  @Test("a transition's effect on both layers", arguments: Transition.Kind.allCases)
  func transition(kind: Transition.Kind) throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "old", frame: Rect(x: 0, y: 0, width: 200, height: 100)))
    try scene.addLayer(Layer(id: "new", frame: Rect(x: 0, y: 0, width: 200, height: 100)))
    let transition = Transition(kind: kind, direction: .fromRight, fromLayer: "old", startProgress: 0.2, endProgress: 1)
    try scene.addAnimation(.transition(transition, timing: Timing(duration: 1)), to: "new")
    let states = scene.compiled().sample(at: 0.5)
    let q = 0.2 + 0.8 * 0.5
    let (old, new) = (states[0], states[1])
    switch kind {
    case .fade:
      #expect(abs(old.opacity - (1 - q)) < 1e-12 && abs(new.opacity - q) < 1e-12)
    case .moveIn:
      #expect(old.transform.tx == 0 && abs(new.transform.tx - (1 - q) * 200) < 1e-9)
    case .push:
      #expect(abs(old.transform.tx + q * 200) < 1e-9 && abs(new.transform.tx - (1 - q) * 200) < 1e-9)
    case .reveal:
      #expect(abs(old.transform.tx + q * 200) < 1e-9 && new.transform.tx == 0)
    }
  }

  @Test("directions: from the left moves the other way, from the top and bottom move in y")
  func directions() throws {
    for (direction, dx, dy) in [(Transition.Direction.fromLeft, -1.0, 0.0), (.fromTop, 0, -1), (.fromBottom, 0, 1)] {
      var scene = Scene()
      try scene.addLayer(Layer(id: "old", frame: Rect(x: 0, y: 0, width: 200, height: 100)))
      try scene.addLayer(Layer(id: "new", frame: Rect(x: 0, y: 0, width: 200, height: 100)))
      try scene.addAnimation(.transition(Transition(kind: .moveIn, direction: direction, fromLayer: "old"),
                                         timing: Timing(duration: 1)), to: "new")
      let new = scene.compiled().sample(at: 0.25)[1]
      #expect(abs(new.transform.tx - dx * 0.75 * 200) < 1e-9 && abs(new.transform.ty - dy * 0.75 * 100) < 1e-9)
    }
  }
}
