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
private func readNode(_ pointer: UnsafePointer<gf_view_node_desc>?) throws(BridgeError) -> ViewNode {
  let d = try required(pointer, "desc").pointee
  try structSize(d.struct_size, atLeast: MemoryLayout<gf_view_node_desc>.size, "gf_view_node_desc")
  guard d.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "reserved must be 0") }
  guard let kind = kinds[d.kind] else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "kind \(d.kind) is not a GF_VIEW_* value")
  }
  guard let mode = modes[d.skeleton] else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "skeleton \(d.skeleton) is not a GF_SKELETON_* value")
  }
  guard let align = alignments[d.align] else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "align \(d.align) is not a GF_ALIGN_* value")
  }
  let hidden = try flag(d.hidden, "hidden")
  let hasCornerRadius = try flag(d.has_corner_radius, "has_corner_radius")
  guard d.lines >= 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "lines must be >= 0 (got \(d.lines))") }
  try finite(d.x, "x")
  try finite(d.y, "y")
  try finite(d.width, "width")
  try finite(d.height, "height")
  try finite(d.corner_radius, "corner_radius")
  try finite(d.content_offset_x, "content_offset_x")
  try finite(d.content_offset_y, "content_offset_y")
  guard d.width >= 0, d.height >= 0 else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "width and height must be >= 0 (got \(d.width) x \(d.height))")
  }
  let id = try optionalText(d.id, "desc.id")
  return ViewNode(
    id: id, kind: kind, frame: Rect(x: d.x, y: d.y, width: d.width, height: d.height), lines: Int(d.lines),
    align: align, cornerRadius: hasCornerRadius ? d.corner_radius : nil, isHidden: hidden,
    skeleton: mode, contentOffset: Point(x: d.content_offset_x, y: d.content_offset_y))
}

@c @implementation
public func gf_view_tree_create(
  _ viewportWidth: Double, _ viewportHeight: Double, _ outTree: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outTree, "out_tree")
    try finite(viewportWidth, "viewport_width")
    try finite(viewportHeight, "viewport_height")
    let builder = try engine(ViewTreeBuilder(viewport: Size(width: viewportWidth, height: viewportHeight)))
    try publish(ViewTreeBox(builder), into: out)
  }
}

@c @implementation
public func gf_view_tree_free(_ tree: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(tree, .viewTree, "tree") }
}

// The builder edits below change `box.builder` in place: every ViewTreeBuilder method checks
// its input before changing anything, so on error the builder is unchanged, and building a
// tree stays linear (no copy per call).

@c @implementation
public func gf_view_tree_set_root(
  _ tree: OpaquePointer?, _ desc: UnsafePointer<gf_view_node_desc>?, _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let node = try readNode(desc)
    let handle = try engine(box.builder.setRoot(node))
    outNode?.pointee = UInt32(truncatingIfNeeded: handle)
  }
}

@c @implementation
public func gf_view_tree_add_node(
  _ tree: OpaquePointer?, _ parent: UInt32, _ desc: UnsafePointer<gf_view_node_desc>?,
  _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let node = try readNode(desc)
    let handle = try engine(box.builder.addNode(node, under: Int(parent)))
    outNode?.pointee = UInt32(truncatingIfNeeded: handle)
  }
}

@c @implementation
public func gf_view_tree_add_cell(
  _ tree: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ width: Double, _ height: Double,
  _ outNode: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let out = try required(outNode, "out_node")
    try finite(width, "width")
    try finite(height, "height")
    let text = try requiredText(name, "name")
    let handle = try engine(box.builder.addCell(named: text, size: Size(width: width, height: height)))
    out.pointee = UInt32(truncatingIfNeeded: handle)
  }
}

@c @implementation
public func gf_view_tree_add_adjust(_ tree: OpaquePointer?, _ node: UInt32, _ line: UnsafePointer<CChar>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let text = try requiredText(line, "line")
    try engine(box.builder.addAdjust(text, on: Int(node)))
  }
}

@c @implementation
public func gf_skeleton_generate(_ tree: OpaquePointer?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let out = try required(outScene, "out_scene")
    let viewTree = try engine(box.builder.build())
    let scene = try engine(Skeleton(tree: viewTree).scene())
    try publish(SceneBox(scene), into: out)
  }
}

@c @implementation
public func gf_skeleton_end(_ scene: OpaquePointer?, _ t: Double, _ group: UnsafePointer<CChar>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    try finite(t, "t")
    let groupText = try optionalText(group, "group")
    var edited = box.scene
    try engine(Skeleton.end(&edited, at: t, group: groupText))
    box.scene = edited
  }
}

/// The defaults gf_skeleton_end_params_init writes.
private func defaultEndParams() -> gf_skeleton_end_params {
  var p = gf_skeleton_end_params()
  p.struct_size = UInt32(MemoryLayout<gf_skeleton_end_params>.size)
  p.duration = Skeleton.endDuration
  p.curve = nil
  return p
}

@c @implementation
public func gf_skeleton_end_params_init(_ params: UnsafeMutablePointer<gf_skeleton_end_params>?) {
  guard let params else { return }
  params.pointee = defaultEndParams()
}

@c @implementation
public func gf_skeleton_end_with(
  _ scene: OpaquePointer?, _ t: Double, _ group: UnsafePointer<CChar>?,
  _ params: UnsafePointer<gf_skeleton_end_params>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    try finite(t, "t")
    let groupText = try optionalText(group, "group")
    let p = try readVersioned(try required(params, "params"), defaults: { $0.pointee = defaultEndParams() },
                              oldestSize: MemoryLayout<gf_skeleton_end_params>.size, "params")
    guard p.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "params.reserved must be 0") }
    try finite(p.duration, "params.duration")
    guard p.duration >= 0 else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "params.duration must be >= 0 (got \(p.duration))")
    }
    let curve = try optionalText(p.curve, "params.curve").map { (spec) throws(BridgeError) in
      try engine(Curve(parsing: spec))
    } ?? .easeInOut
    var edited = box.scene
    try engine(Skeleton.end(&edited, at: t, group: groupText, duration: p.duration, curve: curve))
    box.scene = edited
  }
}

@c @implementation
public func gf_skeleton_content_opacity(
  _ scene: OpaquePointer?, _ t: Double, _ group: UnsafePointer<CChar>?, _ outOpacity: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    try finite(t, "t")
    let groupText = try optionalText(group, "group")
    let out = try required(outOpacity, "out_opacity")
    out.pointee = try engine(Skeleton.contentOpacity(in: box.scene, at: t, group: groupText))
  }
}
