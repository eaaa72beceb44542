import CGhostframe
import Ghostframe

private let kinds: [Int32: ViewNode.Kind] = [
  GF_VIEW_VIEW: .view, GF_VIEW_LABEL: .label, GF_VIEW_IMAGE: .image, GF_VIEW_BUTTON: .button,
  GF_VIEW_TEXT_FIELD: .textField, GF_VIEW_TEXT_VIEW: .textView, GF_VIEW_TABLE: .table, GF_VIEW_COLLECTION: .collection,
]
private let modes: [Int32: ViewNode.SkeletonMode] = [
  GF_SKELETON_AUTO: .auto, GF_SKELETON_SKIP: .skip, GF_SKELETON_BLOCK: .block, GF_SKELETON_KEEP: .keep,
]
private let alignments: [Int32: ViewNode.Alignment] = [
  GF_ALIGN_NATURAL: .natural, GF_ALIGN_LEFT: .left, GF_ALIGN_CENTER: .center, GF_ALIGN_RIGHT: .right,
]

@c @implementation
public func gf_view_node_desc_init(_ desc: UnsafeMutablePointer<gf_view_node_desc>?) {
  guard let desc else { return }
  var d = gf_view_node_desc()
  d.struct_size = UInt32(MemoryLayout<gf_view_node_desc>.size)
  d.kind = GF_VIEW_VIEW
  d.skeleton = GF_SKELETON_AUTO
  d.align = GF_ALIGN_NATURAL
  d.lines = 1
  desc.pointee = d
}

/// Validates a caller's gf_view_node_desc and builds the node it describes.
private func makeNode(_ pointer: UnsafePointer<gf_view_node_desc>?) -> Result<ViewNode, StatusError> {
  guard let pointer else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "desc is NULL"))) }
  let d = pointer.pointee
  if let status = checkStructSize(d.struct_size, of: gf_view_node_desc.self,
                                  expected: MemoryLayout<gf_view_node_desc>.size, name: "gf_view_node_desc") {
    return .failure(StatusError(status))
  }
  guard d.reserved == 0 else { return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "reserved must be 0"))) }
  guard let kind = kinds[d.kind] else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "kind \(d.kind) is not a GF_VIEW_* value")))
  }
  guard let mode = modes[d.skeleton] else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "skeleton \(d.skeleton) is not a GF_SKELETON_* value")))
  }
  guard let align = alignments[d.align] else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "align \(d.align) is not a GF_ALIGN_* value")))
  }
  for (value, name) in [(d.hidden, "hidden"), (d.has_corner_radius, "has_corner_radius")] as [(Int32, StaticString)] {
    if let status = checkFlag(value, name) { return .failure(StatusError(status)) }
  }
  guard d.lines >= 0 else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "lines must be >= 0 (got \(d.lines))")))
  }
  let numbers: [(Double, StaticString)] = [
    (d.x, "x"), (d.y, "y"), (d.width, "width"), (d.height, "height"), (d.corner_radius, "corner_radius"),
    (d.content_offset_x, "content_offset_x"), (d.content_offset_y, "content_offset_y"),
  ]
  for (value, name) in numbers {
    if let status = checkFinite(value, name) { return .failure(StatusError(status)) }
  }
  guard d.width >= 0, d.height >= 0 else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "width and height must be >= 0 (got \(d.width) x \(d.height))")))
  }
  var id: String?
  switch optionalText(d.id, "desc.id") {
  case .success(let text): id = text
  case .failure(let error): return .failure(error)
  }
  return .success(ViewNode(
    id: id, kind: kind, frame: Rect(x: d.x, y: d.y, width: d.width, height: d.height), lines: Int(d.lines),
    align: align, cornerRadius: d.has_corner_radius == 1 ? d.corner_radius : nil, isHidden: d.hidden == 1,
    skeleton: mode, contentOffset: Point(x: d.content_offset_x, y: d.content_offset_y)))
}

@c @implementation
public func gf_view_tree_create(
  _ viewportWidth: Double, _ viewportHeight: Double, _ outTree: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let outTree else { return fail(GF_E_NULL_ARGUMENT, "out_tree is NULL") }
  if let status = checkFinite(viewportWidth, "viewport_width") { return status }
  if let status = checkFinite(viewportHeight, "viewport_height") { return status }
  do {
    let builder = try ViewTreeBuilder(viewport: Size(width: viewportWidth, height: viewportHeight))
    return publish(ViewTreeBox(builder), as: .viewTree, into: outTree)
  } catch {
    return fail(error)
  }
}

@c @implementation
public func gf_view_tree_free(_ tree: OpaquePointer?) -> gf_status {
  freeHandle(tree, .viewTree, "tree")
}

/// Runs a builder edit on a tree handle in place. Every ViewTreeBuilder method checks its
/// input before changing anything, so on error the builder is unchanged, and building a tree
/// stays linear (no copy per call).
private func edit(_ box: ViewTreeBox, _ body: (inout ViewTreeBuilder) throws(GhostframeError) -> Void) -> gf_status {
  do {
    try body(&box.builder)
    return GF_OK
  } catch {
    return fail(error)
  }
}

@c @implementation
public func gf_view_tree_set_root(
  _ tree: OpaquePointer?, _ desc: UnsafePointer<gf_view_node_desc>?, _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  withViewTree(tree) { box in
    switch makeNode(desc) {
    case .failure(let error): return error.status
    case .success(let node):
      return edit(box) { (builder: inout ViewTreeBuilder) throws(GhostframeError) in
        let handle = try builder.setRoot(node)
        outNode?.pointee = UInt32(truncatingIfNeeded: handle)
      }
    }
  }
}

@c @implementation
public func gf_view_tree_add_node(
  _ tree: OpaquePointer?, _ parent: UInt32, _ desc: UnsafePointer<gf_view_node_desc>?,
  _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  withViewTree(tree) { box in
    switch makeNode(desc) {
    case .failure(let error): return error.status
    case .success(let node):
      return edit(box) { (builder: inout ViewTreeBuilder) throws(GhostframeError) in
        let handle = try builder.addNode(node, under: Int(parent))
        outNode?.pointee = UInt32(truncatingIfNeeded: handle)
      }
    }
  }
}

@c @implementation
public func gf_view_tree_add_cell(
  _ tree: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ width: Double, _ height: Double,
  _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  withViewTree(tree) { box in
    guard let outNode else { return fail(GF_E_NULL_ARGUMENT, "out_node is NULL") }
    if let status = checkFinite(width, "width") { return status }
    if let status = checkFinite(height, "height") { return status }
    switch requiredText(name, "name") {
    case .failure(let error): return error.status
    case .success(let text):
      return edit(box) { (builder: inout ViewTreeBuilder) throws(GhostframeError) in
        outNode.pointee = UInt32(truncatingIfNeeded: try builder.addCell(named: text, size: Size(width: width, height: height)))
      }
    }
  }
}

@c @implementation
public func gf_view_tree_add_adjust(_ tree: OpaquePointer?, _ node: UInt32, _ line: UnsafePointer<CChar>?) -> gf_status {
  withViewTree(tree) { box in
    switch requiredText(line, "line") {
    case .failure(let error): return error.status
    case .success(let text):
      return edit(box) { (builder: inout ViewTreeBuilder) throws(GhostframeError) in
        try builder.addAdjust(text, on: Int(node))
      }
    }
  }
}

@c @implementation
public func gf_skeleton_generate(_ tree: OpaquePointer?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  withViewTree(tree) { box in
    guard let outScene else { return fail(GF_E_NULL_ARGUMENT, "out_scene is NULL") }
    do throws(GhostframeError) {
      let viewTree = try box.builder.build()
      let scene = try Skeleton(tree: viewTree).scene()
      return publish(SceneBox(scene), as: .scene, into: outScene)
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_skeleton_end(_ scene: OpaquePointer?, _ t: Double, _ group: UnsafePointer<CChar>?) -> gf_status {
  withScene(scene) { box in
    if let status = checkFinite(t, "t") { return status }
    let groupText: String?
    switch optionalText(group, "group") {
    case .success(let text): groupText = text
    case .failure(let error): return error.status
    }
    var edited = box.scene
    do throws(GhostframeError) {
      try Skeleton.end(&edited, at: t, group: groupText, presentation: box.sampler)
      box.scene = edited
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}
