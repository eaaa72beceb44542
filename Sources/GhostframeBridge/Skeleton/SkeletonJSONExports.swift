import CGhostframe
import Ghostframe

/// Reads `length` bytes of JSON text (NULL allowed when length is 0).
private func jsonText(_ json: UnsafePointer<CChar>?, _ length: Int) -> Result<String, StatusError> {
  guard let json else {
    guard length == 0 else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "json is NULL"))) }
    return .success("")
  }
  return readText(json, length: length, name: "json")
}

@c @implementation
public func gf_view_tree_load_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outTree: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let outTree else { return fail(GF_E_NULL_ARGUMENT, "out_tree is NULL") }
  switch jsonText(json, length) {
  case .failure(let error): return error.status
  case .success(let text):
    do {
      return publish(ViewTreeBox(try ViewTreeBuilder(tree: ViewTree(json: text))), as: .viewTree, into: outTree)
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_skeleton_from_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let outScene else { return fail(GF_E_NULL_ARGUMENT, "out_scene is NULL") }
  switch jsonText(json, length) {
  case .failure(let error): return error.status
  case .success(let text):
    do {
      let scene = try Skeleton(tree: ViewTree(json: text)).scene()
      return publish(SceneBox(scene), as: .scene, into: outScene)
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_view_tree_set_style(
  _ tree: OpaquePointer?, _ node: UInt32, _ key: UnsafePointer<CChar>?, _ valueJSON: UnsafePointer<CChar>?
) -> gf_status {
  withViewTree(tree) { box in
    let keyText: String, valueText: String
    switch requiredText(key, "key") {
    case .success(let text): keyText = text
    case .failure(let error): return error.status
    }
    switch requiredText(valueJSON, "value_json") {
    case .success(let text): valueText = text
    case .failure(let error): return error.status
    }
    do throws(GhostframeError) {
      let target: Int? = node == GF_VIEW_TREE_GLOBAL ? nil : Int(node)
      try box.builder.setStyle(key: keyText, jsonValue: valueText, on: target)
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_view_tree_add_section(
  _ tree: OpaquePointer?, _ list: UInt32, _ sectionJSON: UnsafePointer<CChar>?
) -> gf_status {
  withViewTree(tree) { box in
    let text: String
    switch requiredText(sectionJSON, "section_json") {
    case .success(let value): text = value
    case .failure(let error): return error.status
    }
    do throws(GhostframeError) {
      try box.builder.addSection(json: text, to: Int(list))
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}
