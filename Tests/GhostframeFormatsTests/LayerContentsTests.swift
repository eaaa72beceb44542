import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport

/// `Layer.contents`: an image name the host draws (a skeleton bone's `placeholder`).
@Suite("Layer contents")
struct LayerContentsTests {
  @Test("contents round-trip through JSON and set GF_LAYER_HAS_CONTENTS (4) on that layer only")
  func jsonAndFlag() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    try scene.addLayer(Layer(id: "avatar", parent: "root", frame: Rect(x: 10, y: 10, width: 40, height: 40),
                             contents: "people/ada.png"))
    let again = try Scene(json: scene.json())
    #expect(again.layers.map(\.contents) == [nil, "people/ada.png"])
    #expect(try again.json() == scene.json())
    let states = again.compiled().sample(at: 0)
    #expect(states.map(\.flags) == [[], .contents])
    #expect(LayerState.Flags.contents.rawValue == 4)
  }

  @Test("empty, NUL-bearing or oversized names are refused, naming the field or the JSON path")
  func invalidNames() throws {
    var scene = Scene()
    for bad in ["", "a\u{0}b", String(repeating: "x", count: Layer.maximumContentsLength + 1)] {
      let error = expectError(.invalidArgument) { try scene.addLayer(Layer(id: "l", contents: bad)) }
      #expect(error?.message.contains("layer 'l': contents must be a non-empty image name") == true)
    }
    #expect(scene.count == 0)
    try scene.addLayer(Layer(id: "ok", contents: String(repeating: "x", count: Layer.maximumContentsLength)))
    let json = #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "contents": ""}]}"#
    let error = expectError(.invalidArgument) { _ = try Scene(json: json) }
    #expect(error?.message.hasPrefix("layers[0].contents: contents must be") == true)
  }

  @Test("placeholder: one layer over the bone's frame carrying the name, lines or not; removeContents clears it")
  func skeletonPlaceholder() throws {
    let tree = ViewTree(
      viewport: Size(width: 300, height: 200),
      root: ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200), children: [
        ViewNode(kind: .image, frame: Rect(x: 10, y: 10, width: 60, height: 60)),
        ViewNode(kind: .label, frame: Rect(x: 80, y: 10, width: 200, height: 40), lines: 3),
        ViewNode(kind: .image, frame: Rect(x: 10, y: 100, width: 60, height: 60)),
      ]),
      adjust: ["animation(0).placeholder(avatar)", "animation(1).placeholder(\"banner art\")",
               "animation(2).placeholder(x).removeContents()"])
    let scene = try Skeleton(tree: tree).scene()
    let byID = Dictionary(uniqueKeysWithValues: scene.layers.map { ($0.id, $0) })
    #expect(byID["bone:0"]?.contents == "avatar")
    // The 3-line label is one layer (no "bone:1:line:*") over its text block, the label's whole frame.
    #expect(byID["bone:1"]?.contents == "banner art")
    #expect(byID["bone:1"]?.frame == Rect(x: 80, y: 10, width: 200, height: 40))
    #expect(!byID.keys.contains { $0.hasPrefix("bone:1:line") })
    #expect(byID["bone:2"]?.contents == nil)
  }
}
