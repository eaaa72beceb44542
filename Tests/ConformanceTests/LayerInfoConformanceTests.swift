import CGhostframe
import Ghostframe
import Glibc
import Testing

/// One layer's identity as both sides report it: id, the view's id ("" for none), the GF_VIEW_*
/// kind (GF_LAYER_NO_VIEW for none) and the line (-1 for none).
private struct Identity: Equatable, CustomStringConvertible {
  var id: String
  var viewID: String
  var kind: Int32
  var line: Int32
  var description: String { "\(id) → '\(viewID)' kind \(kind) line \(line)" }
}

private let tree = #"""
  {"viewport": [375, 300], "cells": {"row": {"size": [375, 60], "children": [
     {"id": "title", "type": "label", "frame": [16, 10, 200, 20]}]}},
   "root": {"frame": [0, 0, 375, 300], "children": [
     {"id": "avatar", "type": "image", "frame": [16, 16, 48, 48], "skeleton": "keep"},
     {"id": "bio", "type": "label", "frame": [76, 16, 200, 40], "lines": 2},
     {"type": "textField", "frame": [16, 70, 200, 30]},
     {"id": "list", "type": "table", "frame": [0, 120, 375, 120], "sections": [{"cell": "row", "rows": 2}]}]}}
  """#

/// What the view tree above must give: the bones in document order (a kept bone too), the lines
/// of the two-line label, the list's rows copying the template's view id.
private let expected: [Identity] = [
  Identity(id: "skeleton", viewID: "", kind: GF_LAYER_NO_VIEW, line: -1),
  Identity(id: "container:root", viewID: "", kind: GF_LAYER_NO_VIEW, line: -1),
  Identity(id: "container:list/section/0", viewID: "", kind: GF_LAYER_NO_VIEW, line: -1),
  Identity(id: "bone:0", viewID: "avatar", kind: GF_VIEW_IMAGE, line: -1),
  Identity(id: "bone:1:line:0", viewID: "bio", kind: GF_VIEW_LABEL, line: 0),
  Identity(id: "bone:1:line:1", viewID: "bio", kind: GF_VIEW_LABEL, line: 1),
  Identity(id: "bone:2", viewID: "", kind: GF_VIEW_TEXT_FIELD, line: -1),
  Identity(id: "bone:3", viewID: "title", kind: GF_VIEW_LABEL, line: -1),
  Identity(id: "bone:4", viewID: "title", kind: GF_VIEW_LABEL, line: -1),
]

private let kindCodes: [ViewNode.Kind: Int32] = [
  .view: GF_VIEW_VIEW, .label: GF_VIEW_LABEL, .image: GF_VIEW_IMAGE, .button: GF_VIEW_BUTTON,
  .textField: GF_VIEW_TEXT_FIELD, .textView: GF_VIEW_TEXT_VIEW, .table: GF_VIEW_TABLE, .collection: GF_VIEW_COLLECTION,
]

/// The Swift side: the generated scene's layers and their ``LayerSource``.
private func swiftIdentities(_ json: String) throws -> [Identity] {
  let scene = try Skeleton(tree: ViewTree(json: json)).scene()
  return scene.layers.map { layer in
    Identity(id: layer.id, viewID: layer.source?.viewID ?? "",
             kind: layer.source?.kind.flatMap { kindCodes[$0] } ?? GF_LAYER_NO_VIEW,
             line: layer.source?.line.map(Int32.init) ?? -1)
  }
}

/// The library side: gf_skeleton_from_json, then gf_scene_layer_info for every index; with
/// `throughJSON`, after a gf_scene_to_json / gf_scene_load_json round trip.
private func libraryIdentities(_ side: Bridged, _ json: String, throughJSON: Bool = false) -> Outcome<[Identity]> {
  var (status, made) = json.withCString {
    side.make("gf_skeleton_from_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)), .size(UInt64(json.utf8.count))])
  }
  guard status == GF_OK, var scene = made else { return side.failed(status) }
  if throughJSON {
    let (written, text) = side.make("gf_scene_to_json", [.pointer(scene)])
    side.call("gf_scene_free", [.pointer(scene)])
    guard written == GF_OK, let text else { return side.failed(written) }
    (status, made) = side.make("gf_scene_load_json", [.pointer(text), .size(UInt64(strlen(text.assumingMemoryBound(to: CChar.self))))])
    side.call("gf_string_free", [.pointer(text)], returns: .void)
    guard status == GF_OK, let loaded = made else { return side.failed(status) }
    scene = loaded
  }
  defer { side.call("gf_scene_free", [.pointer(scene)]) }
  var count = 0
  _ = withUnsafeMutablePointer(to: &count) { side.call("gf_scene_layer_count", [.pointer(scene), .pointer(UnsafeMutableRawPointer($0))]) }
  var rows: [Identity] = []
  for index in 0..<count {
    var info = gf_layer_info()
    _ = withUnsafeMutablePointer(to: &info) { side.call("gf_layer_info_init", [.pointer(UnsafeMutableRawPointer($0))], returns: .void) }
    let code = withUnsafeMutablePointer(to: &info) {
      side.call("gf_scene_layer_info", [.pointer(scene), .uint32(UInt32(index)), .pointer(UnsafeMutableRawPointer($0))]).int32
    }
    guard code == GF_OK, let id = info.id, let viewID = info.view_id else { return side.failed(code) }
    rows.append(Identity(id: String(cString: id), viewID: String(cString: viewID), kind: info.kind, line: info.line))
  }
  return .ok(rows)
}

/// Identity both ways (issue 30): a skeleton bone's layer names its view on both sides, and the
/// library's colour parser is the engine's.
@Suite("Layer identity and colour text, both sides")
struct LayerInfoConformanceTests {
  @Test("skeleton layers name the views they stand for (Swift)")
  func swiftSide() throws {
    #expect(try swiftIdentities(tree) == expected)
  }

  @Test("gf_scene_layer_info reports the same, also after the scene's JSON round trip")
  func librarySide() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let side = Bridged(library: library)
    for throughJSON in [false, true] {
      let outcome = libraryIdentities(side, tree, throughJSON: throughJSON)
      #expect(outcome.value == expected, "through JSON \(throughJSON): \(outcome.message)")
    }
  }

  /// Hand values: each pair n / 255 (#RGB digits 17·d / 255); names from CSS Color 4's table.
  private static let colours: [(String, [Double]?)] = [
    ("#F00", [1, 0, 0, 1]),
    ("#0a8", [0, 170.0 / 255, 136.0 / 255, 1]),
    ("#11223344", [17.0 / 255, 34.0 / 255, 51.0 / 255, 68.0 / 255]),
    ("white", [1, 1, 1, 1]),
    ("DarkSlateGray", [47.0 / 255, 79.0 / 255, 79.0 / 255, 1]),  // #2F4F4F
    ("darkslategrey", [47.0 / 255, 79.0 / 255, 79.0 / 255, 1]),
    ("transparent", [0, 0, 0, 0]),
    ("#FFFF", nil), ("wite", nil), ("", nil), ("#12345G", nil), ("red ", nil),
  ]

  @Test("Color(css:) and gf_color_parse read colour text alike", arguments: colours.indices)
  func colourText(index: Int) {
    let (text, want) = Self.colours[index]
    let swift = Color(css: text).map { [$0.red, $0.green, $0.blue, $0.alpha] }
    #expect(swift?.map(\.bitPattern) == want?.map(\.bitPattern), "\(text): Swift \(String(describing: swift))")
    guard case .success(let library) = NativeLibrary.shared else { return }
    let side = Bridged(library: library)
    var rgba = [Double](repeating: -1, count: 4)
    let status = text.withCString { chars in
      rgba.withUnsafeMutableBufferPointer {
        side.call("gf_color_parse", [.pointer(UnsafeMutableRawPointer(mutating: chars)), .pointer(UnsafeMutableRawPointer($0.baseAddress))]).int32
      }
    }
    if let want {
      #expect(status == GF_OK && rgba.map(\.bitPattern) == want.map(\.bitPattern), "\(text): C \(status) \(rgba)")
    } else {
      #expect(status == GF_E_INVALID_ARGUMENT && rgba == [-1, -1, -1, -1], "\(text): C \(status) \(rgba)")
    }
  }
}
