import Testing
@testable import GhostframeCore

/// A ``Layer`` keeps its rarely set properties (gradient, contents, source) in one box
/// (``LayerExtras``): plain layers stay small, and the box changes nothing a caller can see.
@Suite("Layer storage")
struct LayerStorageTests {
  private let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0, alpha: 1), .clear], locations: [0, 1])
  private let source = LayerSource(viewID: "avatar", viewKind: "image", line: 2)

  @Test("a layer is at most 200 bytes (304 with the three properties inline)")
  func size() {
    // id 16, parent 16, frame 32, anchor 16, radius 8, colour 32, opacity 8, transform 40,
    // hidden 1 (+7), z 8, custom 8, the box 8: 200, a stride the million-layer budgets rely on.
    #expect(MemoryLayout<Layer>.stride <= 200, "\(MemoryLayout<Layer>.stride)")
    #expect(MemoryLayout<LayerExtras?>.size == MemoryLayout<UnsafeRawPointer>.size)
  }

  @Test("a layer without a gradient, contents or source holds no box; with any, one")
  func boxOnlyWhenSet() {
    #expect(Layer(id: "a").extras == nil)
    #expect(Layer(id: "a", gradient: nil, contents: nil, source: nil).extras == nil)
    #expect(Layer(id: "a", contents: "avatar.png").extras != nil)
    var layer = Layer(id: "a")
    layer.source = source
    #expect(layer.extras != nil)
    layer.source = nil
    #expect(layer.extras == nil)
  }

  @Test("setting and clearing the boxed properties gives a layer equal to one that never had them")
  func equality() {
    let plain = Layer(id: "a", frame: Rect(x: 1, y: 2, width: 3, height: 4))
    var edited = plain
    edited.gradient = gradient
    edited.contents = "x.png"
    edited.source = source
    #expect(edited != plain)
    edited.gradient = nil
    edited.contents = nil
    #expect(edited != plain)
    edited.source = nil
    #expect(edited == plain)
    #expect(edited.hashValue == plain.hashValue)
  }

  @Test("each property reads back what was set, through the initialiser and through the setters")
  func readsBack() {
    let made = Layer(id: "a", gradient: gradient, contents: "x.png", source: source)
    #expect(made.gradient == gradient && made.contents == "x.png" && made.source == source)
    var set = Layer(id: "a")
    set.contents = "x.png"
    set.gradient = gradient
    set.source = source
    #expect(set == made)
    set.gradient?.colors[1] = .black
    #expect(set.gradient?.colors == [gradient.colors[0], .black])
    #expect(set.contents == "x.png" && set.source == source)
  }

  @Test("copies are values: changing one layer's boxed property leaves its copy as it was")
  func valueSemantics() {
    let original = Layer(id: "a", gradient: gradient, contents: "x.png", source: source)
    var copy = original
    copy.gradient?.locations = [0.25, 0.75]
    copy.contents = "y.png"
    #expect(original.gradient?.locations == [0, 1] && original.contents == "x.png")
    #expect(copy.gradient?.locations == [0.25, 0.75] && copy.contents == "y.png" && copy.source == source)
  }
}
