import CGhostframe
import Ghostframe
import Glibc

/// The id strings a tree's layout hands to C: one malloc'd copy per distinct name, kept until the
/// tree is freed, so a `gf_layout_item.id` stays valid across later calls (gf_view_tree_layout's
/// ownership rule). Bounded by the tree's distinct ids and template names.
final class LayoutNames {
  private var pointers: [String: UnsafeMutablePointer<CChar>] = [:]

  /// The kept copy of `name`, made on first use; nil when no memory is left for it.
  func pointer(for name: String) -> UnsafeMutablePointer<CChar>? {
    if let known = pointers[name] { return known }
    guard let copy = ownedCString(name) else { return nil }
    pointers[name] = copy
    return copy
  }

  deinit {
    for pointer in pointers.values { free(pointer) }
  }
}

private let viewKinds: [ViewNode.Kind: Int32] = [
  .view: GF_VIEW_VIEW, .label: GF_VIEW_LABEL, .image: GF_VIEW_IMAGE, .button: GF_VIEW_BUTTON,
  .textField: GF_VIEW_TEXT_FIELD, .textView: GF_VIEW_TEXT_VIEW, .table: GF_VIEW_TABLE, .collection: GF_VIEW_COLLECTION,
]
private let skeletonModes: [ViewNode.SkeletonMode: Int32] = [
  .auto: GF_SKELETON_AUTO, .skip: GF_SKELETON_SKIP, .block: GF_SKELETON_BLOCK, .keep: GF_SKELETON_KEEP,
]
private let alignments: [ViewNode.Alignment: Int32] = [
  .natural: GF_ALIGN_NATURAL, .left: GF_ALIGN_LEFT, .center: GF_ALIGN_CENTER, .right: GF_ALIGN_RIGHT,
]

/// The C form of a laid-out view; `id` is the tree's kept copy of its name.
private func item(_ view: LaidOutView, id: UnsafePointer<CChar>?) -> gf_layout_item {
  var out = gf_layout_item()
  switch view.kind {
  case .view(let kind): out.kind = viewKinds[kind] ?? GF_VIEW_VIEW
  case .header: out.kind = GF_LAYOUT_HEADER
  case .row: out.kind = GF_LAYOUT_ROW
  case .item: out.kind = GF_LAYOUT_ITEM
  case .footer: out.kind = GF_LAYOUT_FOOTER
  }
  out.parent = view.parent.map { Int32(clamping: $0) } ?? -1
  var flags: UInt32 = 0
  if view.cornerRadius != nil { flags |= GF_LAYOUT_HAS_CORNER_RADIUS }
  if view.hasChildren { flags |= GF_LAYOUT_HAS_CHILDREN }
  if view.isRightToLeft { flags |= GF_LAYOUT_RIGHT_TO_LEFT }
  out.flags = flags
  out.lines = Int32(clamping: view.lines)
  out.align = alignments[view.align] ?? GF_ALIGN_NATURAL
  out.skeleton = skeletonModes[view.skeleton] ?? GF_SKELETON_AUTO
  out.section = view.section.map { Int32(clamping: $0) } ?? -1
  out.index = Int32(clamping: view.index)
  out.id = id
  out.x = view.frame.x
  out.y = view.frame.y
  out.width = view.frame.width
  out.height = view.frame.height
  out.clip_x = view.clip.x
  out.clip_y = view.clip.y
  out.clip_width = view.clip.width
  out.clip_height = view.clip.height
  out.corner_radius = view.cornerRadius ?? 0
  return out
}

@c @implementation
public func gf_view_tree_layout(
  _ tree: OpaquePointer?, _ outItems: UnsafeMutablePointer<gf_layout_item>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let count = try required(outCount, "out_count")
    try validCapacity(capacity, elementSize: MemoryLayout<gf_layout_item>.stride, "capacity")
    let views = try engine(box.builder.build().layout())
    guard capacity >= views.count else {
      count.pointee = views.count
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(views.count) layout items needed, capacity is \(capacity)")
    }
    guard views.isEmpty || outItems != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "out_items is NULL") }
    // Every name is kept before anything is written: a failure leaves the caller's buffer as it was.
    var ids: [UnsafePointer<CChar>?] = []
    ids.reserveCapacity(views.count)
    for view in views {
      guard let id = view.id else {
        ids.append(nil)
        continue
      }
      guard let kept = box.layoutNames.pointer(for: id) else {
        throw BridgeError(GF_E_INTERNAL, "out of memory keeping the layout's id strings")
      }
      ids.append(UnsafePointer(kept))
    }
    if let outItems {
      for (i, view) in views.enumerated() { outItems[i] = item(view, id: ids[i]) }
    }
    count.pointee = views.count
  }
}
