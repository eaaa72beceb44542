import CGhostframe
import Ghostframe

@c @implementation
public func gf_view_tree_load_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outTree: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outTree, "out_tree")
    let text = try jsonText(json, length)
    try publish(ViewTreeBox(engine(ViewTreeBuilder(tree: ViewTree(json: text)))), into: out)
  }
}

@c @implementation
public func gf_skeleton_from_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outScene, "out_scene")
    let text = try jsonText(json, length)
    try publish(SceneBox(engine(Skeleton(tree: ViewTree(json: text)).scene())), into: out)
  }
}

@c @implementation
public func gf_skeleton_from_file(
  _ path: UnsafePointer<CChar>?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outScene, "out_scene")
    let file = try DocumentFile(path: path)
    try file.named { () throws(BridgeError) in
      try publish(SceneBox(engine(Skeleton(tree: ViewTree(json: file.text)).scene())), into: out)
    }
  }
}

@c @implementation
public func gf_view_tree_set_style(
  _ tree: OpaquePointer?, _ node: UInt32, _ key: UnsafePointer<CChar>?, _ valueJSON: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let keyText = try requiredText(key, "key")
    let valueText = try requiredText(valueJSON, "value_json")
    let target: Int? = node == GF_VIEW_TREE_GLOBAL ? nil : Int(node)
    try engine(box.builder.setStyle(key: keyText, jsonValue: valueText, on: target))
  }
}

@c @implementation
public func gf_view_tree_add_section(
  _ tree: OpaquePointer?, _ list: UInt32, _ sectionJSON: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ViewTreeBox = try call.enter(tree, "tree")
    let text = try requiredText(sectionJSON, "section_json")
    try engine(box.builder.addSection(json: text, to: Int(list)))
  }
}
