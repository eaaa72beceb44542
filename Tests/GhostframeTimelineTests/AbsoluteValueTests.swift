import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// GSAP's absolute values (`to`, `from`, `fromTo`), applied and sampled against GSAP's numbers
/// worked by hand: a `to` starts from the value the property has at its begin (the model plus the
/// instances before it), a `from` holds its value before its begin (immediate render) and returns
/// to that value. Tolerance 1e-12 (linear curves: the sampler's arithmetic only).
@Suite("Absolute values")
struct AbsoluteValueTests {
  /// A layer "a" at (20, 40, 60, 30) with opacity 0.8 and custom.g = 5.
  func scene() throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", frame: Rect(x: 20, y: 40, width: 60, height: 30), opacity: 0.8,
                             custom: ["g": 5]))
    return scene
  }

  func define(_ name: String, _ values: TimelineDefinition.Values, curve: Curve = .linear) throws -> TimelineDefinition {
    try TimelineDefinition(name: name, curve: curve, values: values)
  }

  func value(_ scene: Scene, _ keyPath: String, at t: Double) throws -> [Double] {
    scene.presentationValue(of: try AnimatableProperty(keyPath: keyPath), layer: 0, at: t)
  }

  func applied(_ items: [TimelineItem], _ definitions: [TimelineDefinition]) throws -> Scene {
    var scene = try scene()
    try Timeline(sequence: items, definitions: definitions, registry: TimelineRegistry()).apply(to: &scene)
    return scene
  }

  func expectClose(_ got: [Double], _ want: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) < 1e-12 }, "\(got) vs \(want)",
            sourceLocation: sourceLocation)
  }

  @Test("to: from the model value to the target; a second to starts where the first ended")
  func toChains() throws {
    // GSAP: tl.to(a, {opacity: 0, duration: 1}).to(a, {opacity: 0.5, duration: 1}): 0.8 → 0 → 0.5.
    let scene = try applied([.anim("out", layer: "a", duration: 1), .anim("half", layer: "a", duration: 1)],
                            [try define("out", .to(["opacity": [0]])), try define("half", .to(["opacity": [0.5]]))])
    expectClose(try value(scene, "opacity", at: -1), [0.8])
    expectClose(try value(scene, "opacity", at: 0.25), [0.6])   // 0.8 + (0 − 0.8) · 0.25
    expectClose(try value(scene, "opacity", at: 1), [0])
    expectClose(try value(scene, "opacity", at: 1.5), [0.25])   // 0 + (0.5 − 0) · 0.5
    expectClose(try value(scene, "opacity", at: 9), [0.5])
  }

  @Test("from: the given value held before the begin (immediate render), easing back to the value it had")
  func from() throws {
    let scene = try applied([0.5, .anim("in", layer: "a", duration: 1)], [try define("in", .from(["opacity": [0]]))])
    expectClose(try value(scene, "opacity", at: 0), [0])        // before its begin at 0.5
    expectClose(try value(scene, "opacity", at: 1), [0.4])      // 0 + (0.8 − 0) · 0.5
    expectClose(try value(scene, "opacity", at: 2), [0.8])
  }

  @Test("fromTo: the from value before the begin, to the to value at the end; view properties in UIKit terms")
  func fromTo() throws {
    // The frame's x from 0 to 100 (UIKit's view.x), the width untouched.
    let scene = try applied([.anim("slide", layer: "a", duration: 2)],
                            [try define("slide", .fromTo(from: ["x": [0]], to: ["x": [100]]))])
    expectClose(try value(scene, "frame", at: -1), [0, 40, 60, 30])
    expectClose(try value(scene, "frame", at: 0.5), [25, 40, 60, 30])
    expectClose(try value(scene, "frame", at: 3), [100, 40, 60, 30])
  }

  @Test("view properties resolve against the frame: right, bottomRight, size, center, alpha")
  func viewProperties() throws {
    // right = x + width = 80 → 200 moves x by 120; bottomRight (80, 70) → (100, 100) moves x, y by 20, 30.
    let right = try applied([.anim("r", layer: "a", duration: 1)], [try define("r", .to(["right": [200]]))])
    expectClose(try value(right, "frame", at: 1), [140, 40, 60, 30])
    let corner = try applied([.anim("c", layer: "a", duration: 1)], [try define("c", .to(["bottomRight": [100, 100]]))])
    expectClose(try value(corner, "frame", at: 1), [40, 70, 60, 30])
    // size (60, 30) → (10, 10) keeps the origin; alpha is the opacity.
    let size = try applied([.anim("s", layer: "a", duration: 1)], [try define("s", .to(["size": [10, 10], "alpha": [0.2]]))])
    expectClose(try value(size, "frame", at: 1), [20, 40, 10, 10])
    expectClose(try value(size, "opacity", at: 1), [0.2])
    // center = position (50, 55) → (0, 0).
    let center = try applied([.anim("m", layer: "a", duration: 1)], [try define("m", .to(["center": [0, 0]]))])
    expectClose(try value(center, "position", at: 1), [0, 0])
    // Two keys of one property in one definition: x and height.
    let both = try applied([.anim("b", layer: "a", duration: 1)], [try define("b", .to(["x": [0], "height": [100]]))])
    expectClose(try value(both, "frame", at: 0.5), [10, 40, 60, 65])
  }

  @Test("absolute after relative: the current value includes the relative change made by then")
  func afterRelative() throws {
    // y += 10 over [0, 1] (model y 40 → 50), then from y 0 over [1, 2]: holds 0 from... its begin
    // only: before 1 the relative change shows (40 + 10 t), and the from's offset 0 − 50 applies
    // before its begin too (immediate render), so at 0.5 the frame y is 45 − 50 = −5.
    let up = try TimelineDefinition(name: "up", changes: ["y": [10]])
    let scene = try applied([.anim("up", layer: "a", duration: 1), .anim("drop", layer: "a", duration: 1)],
                            [up, try define("drop", .from(["y": [0]]))])
    expectClose(try value(scene, "frame", at: 0.5), [20, -5, 60, 30])
    expectClose(try value(scene, "frame", at: 1.5), [20, 25, 60, 30])  // 0 → 50, half way
    expectClose(try value(scene, "frame", at: 2), [20, 50, 60, 30])
  }

  @Test("overlapping: a to starting mid-way reads the value then; contributions add (Ghostframe composes)")
  func overlapping() throws {
    // out: opacity → 0 over [0, 2]; at 1 the opacity is 0.4, so back (→ 1 over [1, 2]) adds 0.6.
    let scene = try applied([.anim("out", layer: "a", duration: 2), .anim("back", layer: "a", duration: 1, position: 1)],
                            [try define("out", .to(["opacity": [0]])), try define("back", .to(["opacity": [1]]))])
    expectClose(try value(scene, "opacity", at: 1.5), [0.8 - 0.8 * 0.75 + 0.3])
    expectClose(try value(scene, "opacity", at: 2), [0.6])
  }

  @Test("a zero duration jumps at its begin; curves shape absolute changes")
  func jumpsAndCurves() throws {
    let scene = try applied([0.5, .anim("set", layer: "a", duration: 0), .anim("ease", layer: "a", duration: 1)],
                            [try define("set", .to(["custom.g": [9]])),
                             try define("ease", .to(["custom.g": [1]]), curve: .penner(.easeInQuad))])
    expectClose(try value(scene, "custom.g", at: 0.25), [5])
    expectClose(try value(scene, "custom.g", at: 0.5), [9])
    expectClose(try value(scene, "custom.g", at: 1), [9 - 8 * 0.25])   // easeInQuad(0.5) = 0.25
  }

  @Test("errors: fromTo keys on one side, two keys setting one component, a change past the largest Double")
  func errors() throws {
    let oneSided = expectError(.invalidArgument) {
      _ = try define("f", .fromTo(from: ["x": [0], "y": [0]], to: ["x": [1]]))
    }
    #expect(oneSided?.message.contains("definition 'f': fromTo gives 'y' a from value but no to value") == true)
    let twice = expectError(.invalidArgument) { _ = try define("g", .to(["x": [0], "left": [1]])) }
    #expect(twice?.message.contains("definition 'g'") == true)
    _ = expectError(.notFound) { _ = try define("h", .to(["opacty": [0]])) }
    _ = expectError(.invalidArgument) { _ = try define("i", .from(["position": [1]])) }
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", custom: ["g": -1e308]))
    let before = scene.sample(at: 1)
    let far = Timeline(sequence: [.anim("far", layer: "a", duration: 1)],
                       definitions: [try define("far", .to(["custom.g": [1e308]]))], registry: TimelineRegistry())
    let error = expectError(.invalidArgument) { try far.apply(to: &scene) }
    #expect(error?.message.contains("past the largest Double") == true)
    #expect(scene.sample(at: 1) == before)
  }
}
