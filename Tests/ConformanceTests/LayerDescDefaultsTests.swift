import CGhostframe
import Ghostframe
import Glibc
import Testing

/// The layer defaults are one fact: `gf_layer_desc_init` writes a default `Layer`'s properties
/// (and a default `Gradient`'s points), and a layer added from that descriptor is the default
/// `Layer`, written to JSON alike by both sides.
@Suite("Layer descriptor defaults")
struct LayerDescDefaultsTests {
  /// The library's default descriptor, through libffi as a host calls it.
  private func libraryDefault(_ side: Bridged) -> gf_layer_desc {
    var desc = gf_layer_desc()
    // Poison every byte first, so a field the call leaves alone shows.
    _ = withUnsafeMutableBytes(of: &desc) { $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
    _ = withUnsafeMutablePointer(to: &desc) { side.call("gf_layer_desc_init", [.pointer(UnsafeMutableRawPointer($0))], returns: .void) }
    return desc
  }

  @Test("gf_layer_desc_init writes Layer(id:)'s fields, field by field")
  func fields() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let d = libraryDefault(Bridged(library: library))
    let layer = Layer(id: "card")
    let gradient = Gradient(colors: [])
    #expect(d.struct_size == UInt32(MemoryLayout<gf_layer_desc>.size))
    #expect(d.id == nil && d.parent == nil && layer.parent == nil)
    #expect((d.hidden != 0) == layer.isHidden && (d.hidden == 0 || d.hidden == 1))
    #expect(Rect(x: d.x, y: d.y, width: d.width, height: d.height) == layer.frame)
    #expect(Point(x: d.anchor_x, y: d.anchor_y) == layer.anchorPoint)
    #expect(d.corner_radius == layer.cornerRadius)
    #expect(Color(red: d.r, green: d.g, blue: d.b, alpha: d.a) == layer.backgroundColor)
    #expect(d.opacity == layer.opacity)
    #expect(LayerTransform(scaleX: d.scale_x, scaleY: d.scale_y, rotation: d.rotation,
                           translationX: d.translation_x, translationY: d.translation_y) == layer.transform)
    #expect(d.z_position == layer.zPosition)
    // No gradient: no stops, the points a gradient takes by default, zeros elsewhere.
    #expect(layer.gradient == nil && d.gradient_stop_count == 0 && d.gradient_location_count == 0)
    #expect(Point(x: d.gradient_start_x, y: d.gradient_start_y) == gradient.startPoint)
    #expect(Point(x: d.gradient_end_x, y: d.gradient_end_y) == gradient.endPoint)
    let stops = withUnsafeBytes(of: d.gradient_locations) { Array($0.bindMemory(to: Double.self)) }
    let colors = withUnsafeBytes(of: d.gradient_colors) { Array($0.bindMemory(to: Double.self)) }
    #expect(stops == [0, 0, 0, 0] && colors == [Double](repeating: 0, count: 16))
    // The fields a descriptor has and a Layer does not: custom values, contents, the view.
    #expect(layer.custom.isEmpty && layer.contents == nil && layer.source == nil)
  }

  @Test("a layer added from the default descriptor is Layer(id:), as the scene JSON of both sides shows")
  func addedLayer() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let side = Bridged(library: library)
    var desc = libraryDefault(side)
    let (created, made) = side.make("gf_scene_create", [])
    let scene = try #require(made)
    #expect(created == GF_OK)
    defer { side.call("gf_scene_free", [.pointer(scene)]) }
    let id = strdup("card")
    defer { free(id) }
    desc.id = UnsafePointer(id)
    let added = withUnsafeMutablePointer(to: &desc) {
      side.call("gf_scene_add_layer", [.pointer(scene), .pointer(UnsafeMutableRawPointer($0)), .pointer(nil)]).int32
    }
    #expect(added == GF_OK)
    var text: UnsafeMutablePointer<CChar>?
    let written = withUnsafeMutablePointer(to: &text) {
      side.call("gf_scene_to_json", [.pointer(scene), .pointer(UnsafeMutableRawPointer($0))]).int32
    }
    #expect(written == GF_OK)
    let json = try #require(text)
    defer { side.call("gf_string_free", [.pointer(UnsafeMutableRawPointer(json))], returns: .void) }
    var swiftScene = Scene()
    try swiftScene.addLayer(Layer(id: "card"))
    #expect(try Scene(json: String(cString: json)).layers == [Layer(id: "card")])
    #expect(String(cString: json) == (try swiftScene.json()))
  }
}
