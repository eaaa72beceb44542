import CGhostframe
import Ghostframe

/// The GF_VIEW_* code of each view kind a layer's source may name.
private let viewKindCodes: [ViewNode.Kind: Int32] = [
  .view: GF_VIEW_VIEW, .label: GF_VIEW_LABEL, .image: GF_VIEW_IMAGE, .button: GF_VIEW_BUTTON,
  .textField: GF_VIEW_TEXT_FIELD, .textView: GF_VIEW_TEXT_VIEW, .table: GF_VIEW_TABLE, .collection: GF_VIEW_COLLECTION,
]

@c @implementation
public func gf_layer_info_init(_ info: UnsafeMutablePointer<gf_layer_info>?) {
  guard let info else { return }
  var value = gf_layer_info()
  value.struct_size = UInt32(MemoryLayout<gf_layer_info>.size)
  value.kind = GF_LAYER_NO_VIEW
  value.line = -1
  info.pointee = value
}

@c @implementation
public func gf_scene_layer_info(
  _ scene: OpaquePointer?, _ index: UInt32, _ outInfo: UnsafeMutablePointer<gf_layer_info>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let out = try required(outInfo, "out_info")
    let size = out.pointee.struct_size
    try structSize(size, atLeast: MemoryLayout<gf_layer_info>.size, "gf_layer_info")
    let layers = box.scene.layers
    guard Int(index) < layers.count else {
      throw BridgeError(GF_E_NOT_FOUND, "no layer at index \(index) (there are \(layers.count))")
    }
    let layer = layers[Int(index)]
    let revision = box.scene.revision
    let strings = box.infoStrings
    guard let id = strings.pointer(for: layer.id, revision: revision),
      let viewID = strings.pointer(for: layer.source?.viewID ?? "", revision: revision)
    else { throw BridgeError(GF_E_INTERNAL, "out of memory copying the layer's strings") }
    var info = gf_layer_info()
    info.struct_size = size
    // A source read from a scene document may name a kind the view tree has not: no GF_VIEW_* then.
    info.kind = layer.source.flatMap { $0.kind }.flatMap { viewKindCodes[$0] } ?? GF_LAYER_NO_VIEW
    info.line = layer.source?.line.map { Int32(clamping: $0) } ?? -1
    info.reserved = 0
    info.id = id
    info.view_id = viewID
    out.pointee = info
  }
}
