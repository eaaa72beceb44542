import CGhostframe
import Foundation
import Ghostframe
import Testing

/// The view trees of examples/trees, and a small hand-computed one.
private let exampleTrees: [(name: String, json: String)] = {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/trees")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
    (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
  }
}()

/// A table in a scrolled screen, right to left: rows of 40 from 20 − 5 = 15 fill the table's frame (20...120):
/// ceil((120 − 15) / 40) = 3 rows at 15, 55, 95; frames mirrored across the 100-point viewport.
private let handTree = #"""
{"viewport": [100, 200], "style": {"rightToLeft": true},
 "root": {"id": "screen", "frame": [0, 0, 100, 200], "children": [
   {"id": "list", "type": "table", "frame": [10, 20, 80, 100], "contentOffset": [0, 5],
    "sections": [{"cell": "row", "rowHeight": 40}]}]},
 "cells": {"row": {"size": [80, 40], "children": [{"id": "dot", "type": "image", "frame": [5, 5, 30, 30], "cornerRadius": 15}]}}}
"""#

/// Why one side gave no layout.
private struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// One gf_layout_item as comparable values.
private struct Item: Equatable, CustomStringConvertible {
  var kind: Int32, parent: Int32, flags: UInt32, lines: Int32, align: Int32, skeleton: Int32, section: Int32, index: Int32
  var id: String?
  var frame: [Double], clip: [Double], cornerRadius: Double
  var description: String { "\(kind) \(id ?? "-") \(frame) clip \(clip)" }
}

/// The library's layout of `json` (gf_view_tree_load_json, then gf_view_tree_layout twice: count, then items).
private func libraryLayout(_ library: NativeLibrary, _ json: String) -> Result<[Item], Failure> {
  func status(_ name: String, _ arguments: [(FFIType, FFIValue)]) -> Int32 {
    library.call(name, returns: .int32, arguments).int32
  }
  var tree: UnsafeMutableRawPointer?
  let made = json.withCString { text in
    withUnsafeMutablePointer(to: &tree) { out in
      status("gf_view_tree_load_json", [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                        (.size, .size(UInt64(json.utf8.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
  }
  guard made == GF_OK, let tree else { return .failure(Failure("gf_view_tree_load_json: \(made)")) }
  defer { _ = library.call("gf_view_tree_free", returns: .int32, [(.pointer, .pointer(tree))]) }
  var count = 0
  let first = withUnsafeMutablePointer(to: &count) { out in
    status("gf_view_tree_layout", [(.pointer, .pointer(tree)), (.pointer, .pointer(nil)), (.size, .size(0)),
                                   (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
  }
  guard first == GF_OK || first == GF_E_BUFFER_TOO_SMALL else { return .failure(Failure("count: \(first)")) }
  var raw = [gf_layout_item](repeating: gf_layout_item(), count: count)
  var written = 0
  let second = raw.withUnsafeMutableBufferPointer { buffer in
    withUnsafeMutablePointer(to: &written) { out in
      status("gf_view_tree_layout", [(.pointer, .pointer(tree)), (.pointer, .pointer(UnsafeMutableRawPointer(buffer.baseAddress))),
                                     (.size, .size(UInt64(count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
  }
  guard second == GF_OK, written == count else { return .failure(Failure("items: \(second), \(written) of \(count)")) }
  return .success(raw.map { r in
    Item(kind: r.kind, parent: r.parent, flags: r.flags, lines: r.lines, align: r.align, skeleton: r.skeleton,
         section: r.section, index: r.index, id: r.id.map { String(cString: $0) },
         frame: [r.x, r.y, r.width, r.height], clip: [r.clip_x, r.clip_y, r.clip_width, r.clip_height],
         cornerRadius: r.corner_radius)
  })
}

/// The Swift API's layout of `json` in the C form, converted here independently of the bridge.
private func swiftLayout(_ json: String) -> Result<[Item], Failure> {
  let views: [LaidOutView]
  do {
    views = try ViewTree(json: json).layout()
  } catch {
    return .failure(Failure("\(error)"))
  }
  let kinds: [ViewNode.Kind] = [.view, .label, .image, .button, .textField, .textView, .table, .collection]
  let modes: [ViewNode.SkeletonMode] = [.auto, .skip, .block, .keep]
  let aligns: [ViewNode.Alignment] = [.natural, .left, .center, .right]
  return .success(views.map { v in
    let kind: Int32
    switch v.kind {
    case .view(let k): kind = Int32(kinds.firstIndex(of: k) ?? -1)
    case .header: kind = 8
    case .row: kind = 9
    case .item: kind = 10
    case .footer: kind = 11
    }
    let flags = (v.cornerRadius != nil ? 1 : 0) | (v.hasChildren ? 2 : 0) | (v.isRightToLeft ? 4 : 0)
    return Item(kind: kind, parent: Int32(v.parent ?? -1), flags: UInt32(flags), lines: Int32(v.lines),
                align: Int32(aligns.firstIndex(of: v.align) ?? -1), skeleton: Int32(modes.firstIndex(of: v.skeleton) ?? -1),
                section: Int32(v.section ?? -1), index: Int32(v.index), id: v.id,
                frame: [v.frame.x, v.frame.y, v.frame.width, v.frame.height],
                clip: [v.clip.x, v.clip.y, v.clip.width, v.clip.height], cornerRadius: v.cornerRadius ?? 0)
  })
}

/// gf_view_tree_layout against ViewTree.layout(): the same items, field for field, for every example tree; and
/// both against a hand computation.
@Suite("Layout, both sides")
struct LayoutConformanceTests {
  @Test("the example trees are present")
  func present() { #expect(exampleTrees.count >= 5) }

  @Test("the library reports what the Swift API reports", arguments: exampleTrees.map(\.name))
  func sameOnBothSides(name: String) throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let json = try #require(exampleTrees.first { $0.name == name }?.json)
    let swift = swiftLayout(json), c = libraryLayout(library, json)
    guard case .success(let expected) = swift, case .success(let got) = c else {
      Issue.record("\(name): Swift \(swift), C \(c)")
      return
    }
    #expect(expected.count > 1, "\(name): nothing laid out")
    #expect(got == expected, "\(name): the sides differ")
  }

  @Test("both sides equal the hand computation")
  func handComputed() throws {
    // Mirrored: x → 100 − x − width. The list (10, 20, 80, 100) stays (10, 20, 80, 100); a row (10, y, 80, 40) stays;
    // the dot (15, y + 5, 30, 30) becomes (100 − 15 − 30, ...) = (55, y + 5, 30, 30).
    let rtl: UInt32 = 4
    let list: [Double] = [10, 20, 80, 100]
    var expected = [
      Item(kind: 0, parent: -1, flags: 2 | rtl, lines: 1, align: 0, skeleton: 0, section: -1, index: 0, id: "screen",
           frame: [0, 0, 100, 200], clip: [0, 0, 100, 200], cornerRadius: 0),
      Item(kind: 6, parent: 0, flags: rtl, lines: 1, align: 0, skeleton: 0, section: -1, index: 0, id: "list",
           frame: list, clip: [0, 0, 100, 200], cornerRadius: 0),
    ]
    for (r, y) in [15.0, 55, 95].enumerated() {
      let cellClip = [10, max(y, 20), 80, min(y + 40, 120) - max(y, 20)]
      expected.append(Item(kind: 9, parent: 1, flags: 2 | rtl, lines: 1, align: 0, skeleton: 0, section: 0, index: Int32(r),
                           id: "row", frame: [10, y, 80, 40], clip: list, cornerRadius: 0))
      expected.append(Item(kind: 2, parent: Int32(expected.count - 1), flags: 1 | rtl, lines: 1, align: 0, skeleton: 0,
                           section: -1, index: 0, id: "dot", frame: [55, y + 5, 30, 30], clip: cellClip, cornerRadius: 15))
    }
    #expect(try swiftLayout(handTree).get() == expected)
    guard case .success(let library) = NativeLibrary.shared else { return }
    #expect(try libraryLayout(library, handTree).get() == expected)
  }
}
