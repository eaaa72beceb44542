import Testing
@testable import GhostframeCore

/// `LayerState.flags` as an option set, `frame` and `color` against the raw fields they read, and
/// the readable descriptions of the values the engine reports.
@Suite("Layer state: flags, frame and colour; descriptions")
struct LayerStateValuesTests {
  /// A root, a hidden layer and its child (hidden through it), a gradient, an image, and an
  /// animated layer whose frame and colour change.
  static func scene() throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    try scene.addLayer(Layer(id: "hidden", parent: "root", frame: Rect(x: 5, y: 5, width: 10, height: 10), isHidden: true))
    try scene.addLayer(Layer(id: "inside", parent: "hidden", frame: Rect(x: 1, y: 1, width: 2, height: 2)))
    try scene.addLayer(Layer(id: "shine", parent: "root", frame: Rect(x: 20, y: 0, width: 50, height: 10),
                             gradient: Gradient(colors: [.black, .white, .black], locations: [0, 0.5, 1])))
    try scene.addLayer(Layer(id: "photo", parent: "root", frame: Rect(x: 0, y: 40, width: 30, height: 30),
                             contents: "ada.png"))
    try scene.addLayer(Layer(id: "card", parent: "root", frame: Rect(x: 10, y: 100, width: 100, height: 40),
                             backgroundColor: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)))
    try scene.addAnimation(.basic("position", by: [30, -20], timing: Timing(duration: 1)), to: "card")
    try scene.addAnimation(.basic("backgroundColor", to: [1, 0, 0, 1], timing: Timing(duration: 1)), to: "card")
    return scene
  }

  @Test("the flags are the C header's bits, one UInt32 wide, so the layout stays gf_layer_state's")
  func flagBits() {
    #expect(LayerState.Flags.hidden.rawValue == 1)  // GF_LAYER_HIDDEN
    #expect(LayerState.Flags.gradient.rawValue == 2)  // GF_LAYER_HAS_GRADIENT
    #expect(LayerState.Flags.contents.rawValue == 4)  // GF_LAYER_HAS_CONTENTS
    #expect(MemoryLayout<LayerState.Flags>.size == MemoryLayout<UInt32>.size)
    #expect(MemoryLayout<LayerState.Flags>.alignment == MemoryLayout<UInt32>.alignment)
    #expect(MemoryLayout<LayerState>.offset(of: \.flags) == 8)
    #expect(LayerState.Flags(rawValue: 0b1011) == [.hidden, .gradient, LayerState.Flags(rawValue: 8)])
  }

  @Test("sampled flags, frame and colour agree with the raw fields, at every time")
  func agreeWithRawFields() throws {
    let scene = try Self.scene()
    for t in [0, 0.25, 0.5, 1, 3] {
      let states = scene.sample(at: t)
      for s in states {
        #expect(s.flags.contains(.hidden) == (s.flags.rawValue & 1 != 0))
        #expect(s.flags.contains(.gradient) == (s.flags.rawValue & 2 != 0))
        #expect(s.flags.contains(.contents) == (s.flags.rawValue & 4 != 0))
        #expect(s.isHidden == s.flags.contains(.hidden))
        #expect(s.flags.contains(.gradient) == (s.gradientStopCount > 0))
        #expect(s.frame == Rect(x: s.x, y: s.y, width: s.width, height: s.height))
        #expect(s.color == Color(red: s.red, green: s.green, blue: s.blue, alpha: s.alpha))
      }
      #expect(states.map(\.flags) == [[], .hidden, .hidden, .gradient, .contents, []], "t = \(t)")
    }
    let card = scene.sample(at: 0.5)[5]
    #expect(card.frame == Rect(x: 25, y: 90, width: 100, height: 40))
    let want = [0.6, 0.2, 0.3, 0.9], got = card.color.components
    #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-12 }, "\(got)")
  }

  @Test("setting frame and color writes the raw fields, and nothing else")
  func setters() throws {
    var s = try Self.scene().sample(at: 0.5)[3]
    let before = s
    s.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    s.color = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    #expect([s.x, s.y, s.width, s.height] == [1, 2, 3, 4])
    #expect([s.red, s.green, s.blue, s.alpha] == [0.1, 0.2, 0.3, 0.4])
    var restored = s
    restored.frame = before.frame
    restored.color = before.color
    #expect(restored == before)
  }

  @Test("timing phases, timing states, events and layer states print by name, without module names or Optional")
  func descriptions() throws {
    #expect("\(TimingPhase.active)" == "active")
    #expect(String(reflecting: [TimingPhase.before, .after]) == "[before, after]")
    #expect("\(PlaybackDirection.alternateReverse)" == "alternate-reverse")
    #expect("\(FillMode.both)" == "both")
    let timing = try Timing(duration: 1, delay: 1)
    #expect("\(timing.state(at: 1.5))"
            == "TimingState(phase: active, activeTime: 0.5, currentIteration: 0.0, progress: 0.5)")
    #expect("\(timing.state(at: 0))" == "TimingState(phase: before, activeTime: nil, currentIteration: nil, progress: nil)")

    var scene = try Self.scene()
    try scene.addAnimation(.basic("opacity", to: [0], timing: Timing(duration: 1)), to: "photo", key: "fade")
    let events = try scene.advance(to: 2)
    let fade = try #require(events.first { $0.key == "fade" && $0.kind == .ended })
    #expect("\(fade)" == "AnimationEvent(kind: ended, animation: \(fade.animation), layer: \"photo\", key: \"fade\", time: 1.0, isReversed: false)")
    let unkeyed = try #require(events.first { $0.key == nil })
    #expect("\(unkeyed)".contains("key: nil"))
    let listed = String(describing: events)
    #expect(!listed.contains("GhostframeCore.") && !listed.contains("Optional("), "\(listed)")

    #expect("\(LayerState.Flags())" == "[]")
    #expect("\([LayerState.Flags.hidden, .gradient] as LayerState.Flags)" == "[hidden, gradient]")
    #expect("\(LayerState.Flags(rawValue: 0x14))" == "[contents, 0x10]")
    let states = scene.sample(at: 0.5)
    #expect("\(states[0])" == "LayerState(index: 0, parent: -1, flags: [], frame: (0.0, 0.0, 200.0, 200.0), "
            + "cornerRadius: 0.0, color: (0.0, 0.0, 0.0, 0.0), opacity: 1.0, transform: identity, zPosition: 0.0)")
    #expect("\(states[3])".hasSuffix(
      "gradient: [0.0: (0.0, 0.0, 0.0, 1.0), 0.5: (1.0, 1.0, 1.0, 1.0), 1.0: (0.0, 0.0, 0.0, 1.0)] from (0.5, 0.0) to (0.5, 1.0))"))
    let all = String(describing: states)
    #expect(!all.contains("GhostframeCore.") && !all.contains("InlineArray") && !all.contains("rawValue"), "\(all)")
  }
}
