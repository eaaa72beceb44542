import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport
import _GhostframeJSON

/// The view-tree writer (`ViewTree.json(pretty:)`): what it writes reads back into an equal tree,
/// every style key included (issue 34's lifecycle and shimmer keys among them).
@Suite("View tree JSON: writing")
struct ViewTreeJSONWriteTests {
  @Test("every example tree reads back equal, pretty and compact", arguments: viewTreeExampleFiles())
  func examples(_ name: String) throws {
    let tree = try loadViewTreeExample(name)
    for pretty in [true, false] {
      let text = try tree.json(pretty: pretty)
      #expect(try ViewTree(json: text) == tree, "\(name), pretty \(pretty)")
    }
    // Writing is stable: the written tree writes the same text.
    let once = try tree.json()
    #expect(try ViewTree(json: once).json() == once)
  }

  @Test("every style key at every level, and every node and section field")
  func everything() throws {
    let text = #"""
      {"viewport": [375, 667],
       "style": {"animation": "shimmer", "palette": "dark", "color": "#123", "backgroundColor": [0.1, 0.2, 0.3, 1],
         "heightCoefficient": 0.5, "boneHeight": 14, "cornerRadius": 2, "useCornerRadius": true, "lineHeight": 10,
         "lineSpacing": 6, "lastLineScale": 0.3, "shimmerDuration": 2, "shimmerSpeed": 300,
         "shimmerDirection": "diagonal", "shimmerSpace": "shared", "shimmerColor": "bone", "shimmerBrightness": 0.8,
         "shimmerHighlightColor": "#FFFFFF80", "shimmerHighlightLength": 0.25, "shimmerPauseDuration": 0.4,
         "shimmerAngle": -30, "breatheDuration": 1.2, "dropDuration": 0.5, "dropColor": "#E1E1E1",
         "dropStayRatio": 0.25, "lengthDuration": 0.7, "longScale": 2, "shortScale": 0.5, "rightToLeft": false,
         "reducedMotion": "crossFade", "showDelay": 0.4, "appearDuration": 0.15, "maxAnimationDuration": 5},
       "root": {"id": "screen", "frame": [0, 0, 375, 667], "style": {"maxAnimationDuration": 3, "shimmerAngle": 45},
         "children": [
           {"id": "title", "type": "label", "frame": [16, 16, 100, 20], "lines": 2, "align": "center",
            "cornerRadius": 3, "skeleton": "block", "style": {"shimmerColor": "#C08040"}},
           {"type": "image", "frame": [16, 50, 48, 48], "hidden": true},
           {"id": "list", "type": "table", "frame": [0, 100, 375, 300], "contentOffset": [0, 20],
            "sections": [{"cell": "row", "rowHeight": 50, "rows": 3, "header": {"cell": "head", "height": 20},
                          "footer": {"cell": "head"}}]},
           {"id": "grid", "type": "collection", "frame": [0, 400, 375, 267],
            "sections": [{"cell": "row", "itemSize": [100, 50], "spacing": [4, 6], "insets": [1, 2, 3, 4], "items": 5}]}
         ]},
       "cells": {"row": {"size": [375, 50], "style": {"shimmerPauseDuration": 1, "shimmerHighlightColor": "#00FF00"},
                         "adjust": ["animation(0).down(2)"],
                         "children": [{"type": "label", "frame": [16, 10, 200, 20]}]},
                 "head": {"size": [375, 20]}},
       "adjust": ["animation(0).reducedWidth(20)"]}
      """#
    let tree = try ViewTree(json: text)
    let written = try tree.json()
    #expect(try ViewTree(json: written) == tree)
    // The issue's keys are written under their names.
    for key in ["\"showDelay\": 0.4", "\"appearDuration\": 0.15", "\"maxAnimationDuration\": 5",
                "\"shimmerHighlightLength\": 0.25", "\"shimmerPauseDuration\": 0.4", "\"shimmerAngle\": -30",
                "\"shimmerHighlightColor\": \"#FFFFFF80\"", "\"maxAnimationDuration\": 3", "\"shimmerAngle\": 45"] {
      #expect(written.contains(key), "\(key)")
    }
    // The global level sets every key the reader knows (`effect` is `animation`'s alias), and the
    // writer writes every one of them.
    guard case .object(let document) = try JSONValue(parsing: written), case .object(let global)? = document["style"]
    else {
      Issue.record("no global style written")
      return
    }
    #expect(Set(global.keys) == ViewTreeJSONReader.styleKeys.subtracting(["effect"]))
    // Defaults are left out: a plain node has only its type and frame.
    let plain = try ViewTree(viewport: Size(width: 10, height: 10),
                             root: ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))).json(pretty: false)
    #expect(plain == #"{"viewport":[10,10],"root":{"type":"view","frame":[0,0,10,10]}}"#)
  }

  @Test("a number JSON cannot hold is refused naming its place; deep nesting is a limit")
  func refusals() throws {
    var node = ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    node.children = [ViewNode(frame: Rect(x: 0, y: 0, width: .infinity, height: 1))]
    let error = expectError(.invalidArgument) {
      _ = try ViewTree(viewport: Size(width: 10, height: 10), root: node).json()
    }
    #expect(error?.message == "root.children[0].frame[2]: inf cannot be written as JSON (not finite)")
    var style = SkeletonStyle()
    style.shimmerAngle = .nan
    let nan = expectError(.invalidArgument) {
      _ = try ViewTree(viewport: Size(width: 10, height: 10), style: style,
                       root: ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))).json()
    }
    #expect(nan?.message == "style.shimmerAngle: nan cannot be written as JSON (not finite)")
    var deep = ViewNode(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    for _ in 0..<ViewTree.maximumDepth { deep = ViewNode(frame: Rect(x: 0, y: 0, width: 1, height: 1), children: [deep]) }
    expectError(.limit) { _ = try ViewTree(viewport: Size(width: 1, height: 1), root: deep).json() }
  }
}
