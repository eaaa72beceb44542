import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport

/// `Layer.source` (issue 30): the view a skeleton bone's layer stands for, kept by
/// `updateProperties`, written and read back by the scene format, checked on every path in.
@Suite("Layer source")
struct LayerSourceTests {
  private let tree = #"""
    {"viewport": [200, 100], "root": {"frame": [0, 0, 200, 100], "children": [
      {"id": "avatar", "type": "image", "frame": [8, 8, 40, 40]},
      {"id": "bio", "type": "label", "frame": [56, 8, 120, 40], "lines": 2},
      {"type": "button", "frame": [8, 60, 60, 30]}]}}
    """#

  @Test("a skeleton's bone layers name their view, kind and line; the root and containers none")
  func skeleton() throws {
    let scene = try Skeleton(tree: ViewTree(json: tree)).scene()
    let sources = Dictionary(uniqueKeysWithValues: scene.layers.map { ($0.id, $0.source) })
    #expect(sources["skeleton"] == .some(nil))
    #expect(sources["container:root"] == .some(nil))
    #expect(sources["bone:0"] == LayerSource(viewID: "avatar", viewKind: "image"))
    #expect(sources["bone:1:line:1"] == LayerSource(viewID: "bio", viewKind: "label", line: 1))
    #expect(sources["bone:2"] == LayerSource(viewID: nil, viewKind: "button"))
    #expect(sources["bone:2"]??.kind == .button)
  }

  @Test("the JSON writes it and reads it back; updateProperties keeps it")
  func roundTrip() throws {
    var scene = try Skeleton(tree: ViewTree(json: tree)).scene()
    let text = try scene.json(pretty: false)
    #expect(text.contains(#""source":{"view":"bio","kind":"label","line":0}"#))
    #expect(text.contains(#""source":{"kind":"button"}"#))
    let again = try Scene(json: text)
    #expect(again.layers.map(\.source) == scene.layers.map(\.source))
    try scene.updateProperties(Layer(id: "bone:0", parent: "container:root", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
    #expect(scene.layers[scene.index(ofLayer: "bone:0") ?? 0].source == LayerSource(viewID: "avatar", viewKind: "image"))
  }

  @Test("bad sources are refused, naming the JSON path or the layer")
  func invalid() {
    func read(_ source: String) -> GhostframeError? {
      expectError(.invalidArgument) {
        _ = try Scene(json: #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "source": \#(source)}]}"#)
      }
    }
    #expect(read(#"{"kind": "lable"}"#)?.message.hasPrefix("layers[0].source.kind: unknown view kind 'lable' (did you mean 'label'?)") == true)
    #expect(read(#"{"view": "x"}"#)?.message.contains("layers[0].source") == true)
    #expect(read(#"{"kind": "label", "line": -1}"#)?.message.contains("layers[0].source.line") == true)
    #expect(read(#"{"kind": "label", "view": "a\u0000b"}"#)?.message.contains("NUL") == true)
    #expect(read(#"{"kind": "label", "colour": 1}"#)?.message.contains("unknown key 'colour'") == true)
    var scene = Scene()
    let error = expectError(.invalidArgument) {
      try scene.addLayer(Layer(id: "l", source: LayerSource(viewID: nil, viewKind: "", line: nil)))
    }
    #expect(error?.message == "layer 'l': source.kind must be a non-empty name without NUL, at most 64 bytes")
    #expect(scene.count == 0)
  }
}
