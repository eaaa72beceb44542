import Testing
@testable import GhostframeCore
import GhostframeFormats
import _GhostframeJSON
import GhostframeTestSupport

/// The layer properties are described once (``LayerProperty/all``); these check that the slot
/// table, the key paths, the scene format and the sampler's output all follow the description.
@Suite("Layer property table")
struct LayerPropertyTests {
  @Test("slots: each property's run follows the one before, together exactly the fixed slots")
  func slotsTile() {
    var next = 0
    for property in LayerProperty.all {
      #expect(property.slot == next, "\(property.key)")
      #expect(property.slot == property.name.firstSlot, "\(property.key)")
      next += property.slotCount
    }
    #expect(next == LayerSlots.fixedCount)
    #expect(LayerProperty.all.map(\.name) == LayerProperty.Name.allCases)
    let named = [LayerSlots.positionX, LayerSlots.anchorX, LayerSlots.cornerRadius, LayerSlots.color, LayerSlots.opacity,
                 LayerSlots.hidden, LayerSlots.zPosition, LayerSlots.scaleX, LayerSlots.gradientStart]
    #expect(named.allSatisfy { 0 <= $0 && $0 < LayerSlots.fixedCount })
    #expect(Set(named).count == named.count)
    #expect(LayerSlots.gradientColors + 4 * Gradient.maximumStops == LayerSlots.gradientStart + LayerSlots.gradientSlotCount)
  }

  /// The slot table as it was written out by hand before it was derived from ``LayerProperty/Name``
  /// (and as docs/architecture.md's slot vector describes it): an independent listing, so a
  /// change of the description that moves a slot is seen here, not only in what follows from it.
  @Test("the derived slots match an independent listing of the slot vector")
  func derivedSlotsMatchListing() {
    let listing: [(String, Int, Int)] = [  // key, first slot, count
      ("frame", 0, 4), ("anchorPoint", 4, 2), ("cornerRadius", 6, 1), ("backgroundColor", 7, 4), ("opacity", 11, 1),
      ("hidden", 12, 1), ("zPosition", 13, 1), ("transform", 14, 5), ("gradient", 19, 24),
    ]
    #expect(LayerProperty.all.map(\.key) == listing.map(\.0))
    for (property, (key, first, count)) in zip(LayerProperty.all, listing) {
      #expect(property.slot == first, "\(key)")
      #expect(property.slotCount == count, "\(key)")
    }
    let named: [(String, Int, Int)] = [
      ("positionX", LayerSlots.positionX, 0), ("positionY", LayerSlots.positionY, 1), ("width", LayerSlots.width, 2),
      ("height", LayerSlots.height, 3), ("anchorX", LayerSlots.anchorX, 4), ("anchorY", LayerSlots.anchorY, 5),
      ("cornerRadius", LayerSlots.cornerRadius, 6), ("color", LayerSlots.color, 7), ("opacity", LayerSlots.opacity, 11),
      ("hidden", LayerSlots.hidden, 12), ("zPosition", LayerSlots.zPosition, 13), ("scaleX", LayerSlots.scaleX, 14),
      ("scaleY", LayerSlots.scaleY, 15), ("rotation", LayerSlots.rotation, 16),
      ("translationX", LayerSlots.translationX, 17), ("translationY", LayerSlots.translationY, 18),
      ("gradientStart", LayerSlots.gradientStart, 19), ("gradientEnd", LayerSlots.gradientEnd, 21),
      ("gradientLocations", LayerSlots.gradientLocations, 23), ("gradientColors", LayerSlots.gradientColors, 27),
      ("gradientSlotCount", LayerSlots.gradientSlotCount, 24), ("fixedCount", LayerSlots.fixedCount, 43),
    ]
    for (name, derived, listed) in named { #expect(derived == listed, "\(name)") }
  }

  /// The slots the sampler copies into a state straight (``LayerSlots/stateCopies``) land on the
  /// fields of `gf_layer_state` the header declares for them, in the header's order: the C
  /// struct's offsets (read from the header by the conformance suite's layout test, which checks
  /// LayerState against it field for field) are those of LayerState's fields named here.
  @Test("the slots copied into a state follow the state's field layout")
  func stateCopiesFollowLayout() {
    let copies = LayerSlots.stateCopies
    #expect(copies.map(\.slot) == [LayerSlots.cornerRadius, LayerSlots.color, LayerSlots.zPosition])
    #expect(copies.map(\.offset) == [MemoryLayout<LayerState>.offset(of: \.cornerRadius),
                                      MemoryLayout<LayerState>.offset(of: \.red),
                                      MemoryLayout<LayerState>.offset(of: \.zPosition)])
    #expect(copies.map(\.count) == [1, 4, 1])
    // Consecutive doubles in the state for a run of slots: r, g, b, a follow each other.
    #expect(MemoryLayout<LayerState>.offset(of: \.alpha) == MemoryLayout<LayerState>.offset(of: \.red).map { $0 + 24 })
  }

  @Test("every key path of the description parses, with its width")
  func keyPaths() throws {
    for property in LayerProperty.all {
      for (path, width, _) in property.keyPaths {
        #expect(try AnimatableProperty(keyPath: path).valueWidth == width, "\(path)")
      }
    }
    // The key paths Core Animation names (the documented list) are all there.
    for path in ["frame", "position.x", "bounds.size.height", "anchorPoint", "opacity", "cornerRadius",
                 "backgroundColor", "zPosition", "transform.scale", "transform.rotation.z", "transform.translation.y",
                 "gradient.startPoint", "gradient.colors"] {
      #expect((try? AnimatableProperty(keyPath: path)) != nil, "\(path)")
    }
  }

  /// A layer with every model property away from its default.
  func unusual() -> Layer {
    Layer(id: "a", frame: Rect(x: 1, y: 2, width: 30, height: 40), anchorPoint: Point(x: 0.25, y: 0.75),
          cornerRadius: 5, backgroundColor: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), opacity: 0.5,
          transform: LayerTransform(scaleX: 2, scaleY: 3, rotation: 0.5, translationX: 7, translationY: 8),
          isHidden: true, zPosition: 9,
          gradient: Gradient(colors: [.white, .black], locations: [0.1, 0.9]))
  }

  @Test("the scene format writes every property of the description and reads it back")
  func formatRoundTrip() throws {
    var scene = Scene()
    try scene.addLayer(unusual())
    let text = try scene.json()
    let written = try JSONReader(JSONValue(parsing: text)).object()
    let layer = try written.required("layers").array()[0].object()
    for property in LayerProperty.all {
      #expect(layer.keys.contains(property.key), "\(property.key) written")
    }
    #expect(try Scene(json: text).layers == scene.layers)
  }

  @Test("the sampler copies the described fields as the model holds them")
  func stateCopies() throws {
    var layer = unusual()
    layer.isHidden = false
    var scene = Scene()
    try scene.addLayer(layer)
    let state = scene.sample(at: 0)[0]
    // The reference is the Layer itself, not the slot table.
    #expect(state.cornerRadius == 5 && state.zPosition == 9)
    #expect([state.red, state.green, state.blue, state.alpha] == [0.2, 0.4, 0.6, 0.8])
    #expect(LayerSlots.stateCopies.count == 3)
  }

  @Test("validation names each described number")
  func namesEveryNumber() throws {
    for property in LayerProperty.all {
      for (index, name) in property.numberNames.enumerated() {
        var layer = unusual()
        var numbers = property.numbers(of: layer)
        numbers[index] = .nan
        switch property.access {
        case .number(let field): layer[number: field] = numbers[0]
        case .point(let field): layer[point: field] = Point(x: numbers[0], y: numbers[1])
        case .color(let field): layer[color: field] = Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
        case .frame: layer.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        case .transform:
          layer.transform = LayerTransform(scaleX: numbers[0], scaleY: numbers[1], rotation: numbers[2],
                                           translationX: numbers[3], translationY: numbers[4])
        case .flag, .gradient: continue
        }
        var scene = Scene()
        let error = expectError(.invalidArgument) { try scene.addLayer(layer) }
        #expect(error?.message == "layer 'a': \(name) must be finite (got nan)", "\(name)")
      }
    }
  }
}
