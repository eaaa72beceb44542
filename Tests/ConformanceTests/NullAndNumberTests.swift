import Glibc
import CGhostframe
import Testing

/// Memory a recipe's calls point into: valid inputs and sentinel-filled outputs, plus a
/// scene with layers "base" and "victim" and an animation, and animation drafts.
private final class Scratch {
  let library: NativeLibrary
  static let size = 18048
  let bytes = UnsafeMutableRawPointer.allocate(byteCount: Scratch.size, alignment: 16)
  var curve: UnsafeMutableRawPointer?
  var timing: UnsafeMutableRawPointer?
  var scene: UnsafeMutableRawPointer?
  var basic: UnsafeMutableRawPointer?
  var keyframes: UnsafeMutableRawPointer?
  var group: UnsafeMutableRawPointer?
  var animationID: UInt64 = 0
  var tree: UnsafeMutableRawPointer?
  var skeletonScene: UnsafeMutableRawPointer?
  var timeline: UnsafeMutableRawPointer?
  /// A handle a recipe made for one call, released by its cleanup.
  var spare: UnsafeMutableRawPointer?
  /// A chain on layer "base" with one link (opacity to 0).
  var chain: UnsafeMutableRawPointer?
  /// A preload overlay over 375 x 667, not dismissed.
  var preload: UnsafeMutableRawPointer?
  /// An expanding-card transition of one image.
  var expand: UnsafeMutableRawPointer?
  /// A scrub of the scene over input [0, 1] → time [0, 1], released (value 0.5 at time 0).
  var scrub: UnsafeMutableRawPointer?
  /// A pull-to-refresh control, refreshing since time 0.
  var refresh: UnsafeMutableRawPointer?
  /// A snapshot pool of capacity 4, nothing acquired.
  var pool: UnsafeMutableRawPointer?
  /// An id a recipe acquired from the pool, released by its cleanup.
  var poolID: UnsafeMutableRawPointer?
  /// A timeline builder (its items grow as recipes call it).
  var builder: UnsafeMutableRawPointer?

  // Offsets into `bytes`.
  let spec = 0, xs = 64, ys = 128, outDouble = 192, outPointer = 200, outIndex = 208, outCount = 216
  let outState = 256, outParams = 320
  let spring = 512, params = 640, caParams = 768, scratchStruct = 896
  let texts = 13312  // NUL-terminated strings, 64 bytes each: see `text(_:)`
  let layerDesc = 2048, updateDesc = 2560, states = 4096, curveArray = 8192, json = 8448
  let nodeDesc = 12288, treeJSON = 12800
  let chainDesc = 10240, entries = 10752
  /// A timeline document on the scene's layer "base", a registry name of this scratch's own
  /// (tests run in parallel), and a definition's changes.
  let timelineJSON = 14336, definitionName = 15360, changesJSON = 15488
  /// A host name of this scratch's own (registries are process-wide; tests run in parallel), and
  /// the path of a plugin that registers nothing.
  let hostName = 14208, pluginPath = 14272
  /// A gf_preload_params for 375 x 667.
  let preloadParams = 15872
  /// A gf_expand_params, its one image rect, and a rect to convert.
  let expandParams = 15616, expandImages = 15744, rect = 15808
  /// A gf_pull_to_refresh_params (the defaults), two gf_view_level, a gf_snapshot_pool_counts
  /// (struct_size set) and room for two acquired ids.
  let refreshParams = 16384, viewLevels = 16640, poolCounts = 16768, poolIDs = 16832
  /// A gf_layer_info (struct_size set) and a colour's text ("gold").
  let layerInfo = 16896, colorText = 16960
  /// The paths of the documents below, written to files once per process (``DocumentFiles``),
  /// for the gf_*_from_file calls: 160 bytes each.
  let scenePath = 17024, treePath = 17184, timelinePath = 17344

  /// The scene, view-tree and timeline documents of the scratch (the timeline on layer "base").
  static let sceneDocument = #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [0, 0, 1, 1]}]}"#
  static let treeDocument =
    #"{"viewport": [375, 667], "root": {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [16, 16, 100, 20]}]}}"#
  static let timelineDocument =
    #"{"definitions": {"f": {"changes": {"opacity": -0.5}}}, "timeline": {"sequence": [{"anim": "f", "layers": ["base"], "duration": 1}]}}"#
  /// A gf_skeleton_end_params (the defaults).
  let endParams = 17536
  /// A one-id layer array ("base"), a gf_tween_options (the defaults), a gf_timeline_timing (the
  /// defaults) and a tween's values, {"opacity": 0}.
  let layerArray = 17792, tweenOptions = 17808, timelineTiming = 17856, valuesJSON = 17920

  /// The offset of each fixed string.
  private static let strings = ["ease", "base", "victim", "extra", "opacity", "glow", "key", "news",
                                "animation(0).down(2)", "{\"cell\": \"news\", \"rowHeight\": 50}", "animation",
                                "\"shimmer\"", "container:root", "image"]

  init(_ library: NativeLibrary) {
    self.library = library
    bytes.initializeMemory(as: UInt8.self, repeating: 0xA5, count: Scratch.size)
    for (index, string) in Self.strings.enumerated() {
      string.withCString { (bytes + texts + 64 * index).copyMemory(from: $0, byteCount: string.utf8.count + 1) }
    }
    "ease".withCString { bytes.copyMemory(from: $0, byteCount: 5) }
    for i in 0..<4 { (bytes + xs + 8 * i).storeBytes(of: 0.25 * Double(i), as: Double.self) }
    call("gf_spring_init", returns: .void, [.pointer(bytes + spring)])
    call("gf_timing_params_init", returns: .void, [.pointer(bytes + params)])
    (bytes + params).assumingMemoryBound(to: gf_timing_params.self).pointee.duration = 1
    call("gf_core_animation_timing_init", returns: .void, [.pointer(bytes + caParams)])
    call("gf_timing_params_init", returns: .void, [.pointer(bytes + outParams)])
    curve = make("gf_curve_parse", [.pointer(bytes + spec)])
    timing = make("gf_timing_create", [.pointer(bytes + params)])
    (bytes + curveArray).storeBytes(of: curve, as: UnsafeMutableRawPointer?.self)
    (bytes + curveArray + 8).storeBytes(of: curve, as: UnsafeMutableRawPointer?.self)
    scene = make("gf_scene_create", [])
    for (offset, id) in [(layerDesc, "extra"), (updateDesc, "base")] {
      call("gf_layer_desc_init", returns: .void, [.pointer(bytes + offset)])
      let desc = (bytes + offset).assumingMemoryBound(to: gf_layer_desc.self)
      desc.pointee.id = UnsafePointer(text(id).assumingMemoryBound(to: CChar.self))
      desc.pointee.width = 10
      desc.pointee.height = 10
    }
    for id in ["base", "victim"] {
      let desc = (bytes + updateDesc).assumingMemoryBound(to: gf_layer_desc.self)
      desc.pointee.id = UnsafePointer(text(id).assumingMemoryBound(to: CChar.self))
      call("gf_scene_add_layer", returns: .int32, [.pointer(scene), .pointer(bytes + updateDesc), .pointer(nil)])
    }
    (bytes + updateDesc).assumingMemoryBound(to: gf_layer_desc.self).pointee.id =
      UnsafePointer(text("base").assumingMemoryBound(to: CChar.self))
    basic = make("gf_animation_create_basic", [.pointer(text("opacity")), .pointer(timing)])
    keyframes = make("gf_animation_create_keyframes", [.pointer(text("opacity")), .pointer(timing)])
    group = make("gf_animation_create_group", [.pointer(timing)])
    var id: UInt64 = 0
    withUnsafeMutablePointer(to: &id) { out in
      _ = call("gf_scene_add_animation", returns: .int32,
               [.pointer(scene), .pointer(text("base")), .pointer(basic), .pointer(nil), .pointer(UnsafeMutableRawPointer(out))])
    }
    animationID = id
    let document = Self.sceneDocument
    document.withCString { (bytes + json).copyMemory(from: $0, byteCount: document.utf8.count + 1) }
    let treeDocument = Self.treeDocument
    treeDocument.withCString { (bytes + treeJSON).copyMemory(from: $0, byteCount: treeDocument.utf8.count + 1) }
    call("gf_view_node_desc_init", returns: .void, [.pointer(bytes + nodeDesc)])
    let node = (bytes + nodeDesc).assumingMemoryBound(to: gf_view_node_desc.self)
    node.pointee.kind = GF_VIEW_TABLE
    node.pointee.width = 375
    node.pointee.height = 667
    tree = make("gf_view_tree_create", [.double(375), .double(667)])
    call("gf_view_tree_set_root", returns: .int32, [.pointer(tree), .pointer(bytes + nodeDesc), .pointer(nil)])
    skeletonScene = make("gf_skeleton_from_json", [.pointer(bytes + treeJSON), .size(treeJSONLength)])
    chain = make("gf_chain_create", [.pointer(text("base"))])
    call("gf_chain_link_desc_init", returns: .void, [.pointer(bytes + chainDesc)])
    let link = (bytes + chainDesc).assumingMemoryBound(to: gf_chain_link_desc.self)
    link.pointee.property = UnsafePointer(text("opacity").assumingMemoryBound(to: CChar.self))
    link.pointee.to_value = UnsafePointer((bytes + xs).assumingMemoryBound(to: Double.self))
    link.pointee.value_count = 1
    call("gf_chain_add", returns: .int32, [.pointer(chain), .pointer(bytes + chainDesc), .pointer(nil)])
    scrub = make("gf_scrub_create", [.pointer(scene), .double(0), .double(1), .double(0), .double(1), .pointer(nil)])
    call("gf_scrub_release", returns: .int32, [.pointer(scrub), .double(0), .double(0.5), .double(0), .double(0)])
    refresh = make("gf_pull_to_refresh_create", Self.refreshGeometry)
    call("gf_pull_to_refresh_begin", returns: .int32, [.pointer(refresh), .double(0)])
    let timelineDocument = Self.timelineDocument
    timelineDocument.withCString { (bytes + timelineJSON).copyMemory(from: $0, byteCount: timelineDocument.utf8.count + 1) }
    timeline = make("gf_timeline_from_json", [.pointer(bytes + timelineJSON), .size(timelineJSONLength)])
    let name = "scratch-\(UInt64.random(in: 0...UInt64.max))"
    name.withCString { (bytes + definitionName).copyMemory(from: $0, byteCount: name.utf8.count + 1) }
    let host = "conf.s\(UInt64.random(in: 0...UInt64.max))"
    host.withCString { (bytes + hostName).copyMemory(from: $0, byteCount: host.utf8.count + 1) }
    let plugin = TestPlugins.minimal ?? "/nonexistent"
    plugin.utf8.count < 63
      ? plugin.withCString { (bytes + pluginPath).copyMemory(from: $0, byteCount: plugin.utf8.count + 1) }
      : "/nonexistent".withCString { (bytes + pluginPath).copyMemory(from: $0, byteCount: 13) }
    let changes = #"{"opacity": 1}"#
    changes.withCString { (bytes + changesJSON).copyMemory(from: $0, byteCount: changes.utf8.count + 1) }
    call("gf_timeline_define", returns: .int32, [ptr(definitionName), .pointer(nil), ptr(changesJSON)])
    call("gf_preload_params_init", returns: .void, [.pointer(bytes + preloadParams)])
    let preloadDesc = (bytes + preloadParams).assumingMemoryBound(to: gf_preload_params.self)
    preloadDesc.pointee.width = 375
    preloadDesc.pointee.height = 667
    preload = make("gf_preload_create", [ptr(preloadParams)])
    for (i, v) in [10.0, 20, 30, 40].enumerated() {
      (bytes + expandImages + 8 * i).storeBytes(of: v, as: Double.self)
      (bytes + rect + 8 * i).storeBytes(of: v, as: Double.self)
    }
    call("gf_expand_params_init", returns: .void, [.pointer(bytes + expandParams)])
    let expandDesc = (bytes + expandParams).assumingMemoryBound(to: gf_expand_params.self)
    expandDesc.pointee.window_width = 100
    expandDesc.pointee.window_height = 100
    expandDesc.pointee.images = UnsafePointer((bytes + expandImages).assumingMemoryBound(to: Double.self))
    expandDesc.pointee.image_count = 1
    expand = make("gf_expand_transition_create", [.pointer(bytes + expandParams)])
    call("gf_pull_to_refresh_params_init", returns: .void, [ptr(refreshParams)])
    for (i, v) in [0.0, 100, 375, 300, 0, 40, 20, 10, 200, 150, 35, 0].enumerated() {
      (bytes + viewLevels + 8 * i).storeBytes(of: v, as: Double.self)
    }
    (bytes + poolCounts).assumingMemoryBound(to: gf_snapshot_pool_counts.self).pointee.struct_size =
      UInt32(MemoryLayout<gf_snapshot_pool_counts>.size)
    pool = make("gf_snapshot_pool_create", [.size(4)])
    (bytes + layerInfo).assumingMemoryBound(to: gf_layer_info.self).pointee.struct_size =
      UInt32(MemoryLayout<gf_layer_info>.size)
    "gold".withCString { (bytes + colorText).copyMemory(from: $0, byteCount: 5) }
    for (offset, path) in [(scenePath, DocumentFiles.scene), (treePath, DocumentFiles.tree), (timelinePath, DocumentFiles.timeline)] {
      path.withCString { (bytes + offset).copyMemory(from: $0, byteCount: min(path.utf8.count + 1, 160)) }
    }
    call("gf_skeleton_end_params_init", returns: .void, [ptr(endParams)])
    (bytes + layerArray).storeBytes(of: text("base"), as: UnsafeMutableRawPointer?.self)
    call("gf_tween_options_init", returns: .void, [ptr(tweenOptions)])
    call("gf_timeline_timing_init", returns: .void, [ptr(timelineTiming)])
    let values = #"{"opacity": 0}"#
    values.withCString { (bytes + valuesJSON).copyMemory(from: $0, byteCount: values.utf8.count + 1) }
    builder = make("gf_timeline_builder_create", [ptr(timelineTiming)])
  }

  deinit {
    call("gf_curve_free", returns: .void, [.pointer(curve)])
    call("gf_timing_free", returns: .void, [.pointer(timing)])
    call("gf_scene_free", returns: .void, [.pointer(scene)])
    call("gf_scene_free", returns: .void, [.pointer(skeletonScene)])
    call("gf_view_tree_free", returns: .void, [.pointer(tree)])
    call("gf_chain_free", returns: .void, [.pointer(chain)])
    call("gf_expand_transition_free", returns: .int32, [.pointer(expand)])
    call("gf_scrub_free", returns: .int32, [.pointer(scrub)])
    call("gf_pull_to_refresh_free", returns: .int32, [.pointer(refresh)])
    call("gf_snapshot_pool_free", returns: .int32, [.pointer(pool)])
    call("gf_timeline_free", returns: .int32, [.pointer(timeline)])
    call("gf_timeline_builder_free", returns: .int32, [.pointer(builder)])
    call("gf_timeline_undefine", returns: .int32, [ptr(definitionName)])
    call("gf_preload_free", returns: .int32, [.pointer(preload)])
    for draft in [basic, keyframes, group] { call("gf_animation_free", returns: .void, [.pointer(draft)]) }
    bytes.deallocate()
  }

  /// A valid pull-to-refresh geometry (the Swift defaults).
  static var refreshGeometry: [FFIValue] { [375, 95, 160, 50, 20, 2.5, 24, 1].map { .double($0) } }

  /// A fixed NUL-terminated string in scratch memory.
  func text(_ string: String) -> UnsafeMutableRawPointer {
    bytes + texts + 64 * (Self.strings.firstIndex(of: string) ?? 0)
  }

  /// The length of the view tree document at `treeJSON`.
  var treeJSONLength: UInt64 { UInt64(strlen(UnsafeRawPointer(bytes + treeJSON).assumingMemoryBound(to: CChar.self))) }

  /// The length of the timeline document at `timelineJSON`.
  var timelineJSONLength: UInt64 {
    UInt64(strlen(UnsafeRawPointer(bytes + timelineJSON).assumingMemoryBound(to: CChar.self)))
  }

  /// The length of the JSON document at `json`.
  var jsonLength: UInt64 { UInt64(strlen(UnsafeRawPointer(bytes + json).assumingMemoryBound(to: CChar.self))) }

  /// Calls a constructor whose last argument is its out-pointer, and returns what it made.
  func make(_ name: String, _ arguments: [FFIValue]) -> UnsafeMutableRawPointer? {
    var handle: UnsafeMutableRawPointer?
    withUnsafeMutablePointer(to: &handle) { out in
      _ = call(name, returns: .int32, arguments + [.pointer(UnsafeMutableRawPointer(out))])
    }
    return handle
  }

  @discardableResult
  func call(_ name: String, returns: FFIType, _ values: [FFIValue]) -> FFIReturn {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: returns, Array(zip(types, values)))
  }

  func ptr(_ offset: Int) -> FFIValue { .pointer(bytes + offset) }

  /// A copy of all scratch memory, to prove a failing call wrote nothing.
  func snapshot() -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: bytes, count: Scratch.size))
  }

  /// The scene as JSON, to prove a failing call left the handle as it was.
  func sceneText() -> String {
    guard let text = make("gf_scene_to_json", [.pointer(scene)]) else { return "" }
    defer { call("gf_string_free", returns: .void, [.pointer(text)]) }
    return String(cString: text.assumingMemoryBound(to: CChar.self))
  }
}

/// A valid call of one exported function, and how to release what it returns.
private struct Recipe: Sendable {
  let arguments: @Sendable (Scratch) -> [FFIValue]
  var cleanup: @Sendable (Scratch) -> Void = { _ in }
  /// Pointer parameters that may be NULL (optional outputs, optional inputs).
  var nullable: Set<String> = []
}

private func freeOut(_ function: String) -> @Sendable (Scratch) -> Void {
  { s in
    let p = (s.bytes + s.outPointer).load(as: UnsafeMutableRawPointer?.self)
    s.call(function, returns: .void, [.pointer(p)])
    (s.bytes + s.outPointer).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 8)
  }
}

/// Room for gf_scene_export's document of the scratch scene (a few KB), apart from the scratch
/// memory whose snapshot proves a failing call wrote nothing.
nonisolated(unsafe) private let exportBuffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)

private let recipes: [String: Recipe] = [
  "gf_version_string": Recipe { _ in [] },
  "gf_version_number": Recipe { _ in [] },
  "gf_abi_version": Recipe { _ in [] },
  "gf_status_string": Recipe { _ in [.int32(GF_E_PARSE)] },
  "gf_last_error_message": Recipe { _ in [] },
  "gf_string_free": Recipe { _ in [.pointer(nil)] },
  "gf_curve_parse": Recipe(arguments: { s in [s.ptr(s.spec), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_curve_free")),
  "gf_curve_parse_n": Recipe(arguments: { s in [s.ptr(s.spec), .size(4), s.ptr(s.outPointer)] },
                             cleanup: freeOut("gf_curve_free")),
  "gf_curve_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["curve"]),
  "gf_curve_eval": Recipe { s in [.pointer(s.curve), .double(0.5), .int32(0), s.ptr(s.outDouble)] },
  "gf_curve_eval_n": Recipe { s in [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(4)] },
  "gf_curve_spec": Recipe(arguments: { s in [.pointer(s.curve), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_string_free")),
  "gf_spring_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_spring_value": Recipe { s in [s.ptr(s.spring), .double(0.5), s.ptr(s.outDouble)] },
  "gf_spring_velocity": Recipe { s in [s.ptr(s.spring), .double(0.5), s.ptr(s.outDouble)] },
  "gf_spring_settling_duration": Recipe { s in [s.ptr(s.spring), .double(1e-3), s.ptr(s.outDouble)] },
  "gf_timing_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timing_create": Recipe(arguments: { s in [s.ptr(s.params), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_timing_free")),
  "gf_core_animation_timing_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timing_create_core_animation": Recipe(arguments: { s in [s.ptr(s.caParams), s.ptr(s.outPointer)] },
                                            cleanup: freeOut("gf_timing_free")),
  "gf_timing_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["timing"]),
  "gf_timing_get_params": Recipe { s in [.pointer(s.timing), s.ptr(s.outParams)] },
  "gf_timing_active_duration": Recipe { s in [.pointer(s.timing), s.ptr(s.outDouble)] },
  "gf_timing_end_time": Recipe { s in [.pointer(s.timing), s.ptr(s.outDouble)] },
  "gf_timing_at": Recipe { s in [.pointer(s.timing), .double(0.5), s.ptr(s.outState)] },
  "gf_scene_create": Recipe(arguments: { s in [s.ptr(s.outPointer)] }, cleanup: freeOut("gf_scene_free")),
  "gf_scene_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["scene"]),
  "gf_layer_desc_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_scene_add_layer": Recipe(arguments: { s in [.pointer(s.scene), s.ptr(s.layerDesc), s.ptr(s.outIndex)] },
                               nullable: ["out_index"]),
  "gf_scene_update_layer": Recipe { s in [.pointer(s.scene), s.ptr(s.updateDesc)] },
  "gf_scene_remove_layer": Recipe { s in [.pointer(s.scene), .pointer(s.text("victim"))] },
  "gf_scene_layer_index": Recipe { s in [.pointer(s.scene), .pointer(s.text("base")), s.ptr(s.outIndex)] },
  "gf_scene_layer_count": Recipe { s in [.pointer(s.scene), s.ptr(s.outCount)] },
  "gf_scene_set_custom": Recipe { s in [.pointer(s.scene), .pointer(s.text("base")), .pointer(s.text("glow")), .double(2)] },
  "gf_scene_set_contents": Recipe(arguments: { s in [.pointer(s.scene), .pointer(s.text("base")), .pointer(s.text("avatar"))] },
                                  nullable: ["name"]),
  "gf_scene_layer_contents": Recipe(arguments: { s in [.pointer(s.scene), .uint32(0), s.ptr(s.outPointer)] },
                                    cleanup: freeOut("gf_string_free")),
  "gf_animation_create_basic": Recipe(arguments: { s in [.pointer(s.text("opacity")), .pointer(s.timing), s.ptr(s.outPointer)] },
                                      cleanup: freeOut("gf_animation_free")),
  "gf_animation_create_keyframes": Recipe(
    arguments: { s in [.pointer(s.text("opacity")), .pointer(s.timing), s.ptr(s.outPointer)] },
    cleanup: freeOut("gf_animation_free")),
  "gf_animation_create_spring": Recipe(
    arguments: { s in [.pointer(s.text("opacity")), s.ptr(s.spring), .pointer(s.timing), s.ptr(s.outPointer)] },
    cleanup: freeOut("gf_animation_free"), nullable: ["timing"]),
  "gf_animation_create_group": Recipe(arguments: { s in [.pointer(s.timing), s.ptr(s.outPointer)] },
                                      cleanup: freeOut("gf_animation_free")),
  "gf_animation_create_transition": Recipe(
    arguments: { s in [.int32(GF_TRANSITION_PUSH), .int32(GF_TRANSITION_FROM_LEFT), .pointer(s.text("victim")), .double(0),
                       .double(1), .pointer(s.timing), s.ptr(s.outPointer)] },
    cleanup: freeOut("gf_animation_free")),
  "gf_animation_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["animation"]),
  "gf_animation_set_values": Recipe { s in [.pointer(s.basic), .int32(GF_VALUE_TO), s.ptr(s.xs), .size(1)] },
  "gf_animation_set_flags": Recipe { s in [.pointer(s.basic), .uint32(UInt32(GF_ANIMATION_ADDITIVE))] },
  "gf_animation_set_keyframes": Recipe(arguments: { s in [.pointer(s.keyframes), s.ptr(s.xs), .size(4), .pointer(nil), .size(0)] },
                                       nullable: ["key_times"]),
  "gf_animation_set_calculation_mode": Recipe { s in [.pointer(s.keyframes), .int32(GF_CALCULATION_CUBIC)] },
  "gf_animation_set_segment_curves": Recipe { s in [.pointer(s.keyframes), s.ptr(s.curveArray), .size(2)] },
  "gf_animation_set_tcb": Recipe(arguments: { s in [.pointer(s.keyframes), s.ptr(s.xs), s.ptr(s.xs), s.ptr(s.xs), .size(4)] },
                                 nullable: ["tension", "continuity", "bias"]),
  "gf_animation_add_child": Recipe { s in [.pointer(s.group), .pointer(s.basic)] },
  "gf_scene_add_animation": Recipe(
    arguments: { s in [.pointer(s.scene), .pointer(s.text("base")), .pointer(s.basic), .pointer(s.text("key")), s.ptr(s.outIndex)] },
    nullable: ["key", "out_id"]),
  "gf_scene_add_animation_handoff": Recipe(
    arguments: { s in [.pointer(s.scene), .pointer(s.text("base")), .pointer(s.basic), .pointer(s.text("key")), .double(0.5),
                       s.ptr(s.outIndex)] },
    nullable: ["key", "out_id"]),
  "gf_layer_info_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_scene_layer_info": Recipe { s in [.pointer(s.scene), .uint32(1), s.ptr(s.layerInfo)] },
  "gf_color_parse": Recipe { s in [s.ptr(s.colorText), s.ptr(s.outState)] },
  "gf_key_path_components": Recipe { s in [.pointer(s.text("opacity")), s.ptr(s.outIndex)] },
  "gf_scene_remove_animation": Recipe { s in [.pointer(s.scene), .size(s.animationID)] },
  "gf_scene_sample": Recipe { s in [.pointer(s.scene), .double(0.5), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_scene_sample_range": Recipe { s in [.pointer(s.scene), .double(0.5), .size(0), .size(1), s.ptr(s.states), .size(8),
                                          s.ptr(s.outCount)] },
  "gf_scene_sample_threads": Recipe { s in [.pointer(s.scene), .double(0.5), .uint32(2), s.ptr(s.states), .size(8),
                                            s.ptr(s.outCount)] },
  "gf_scene_sample_custom": Recipe { s in [.pointer(s.scene), .pointer(s.text("glow")), .double(0.5), s.ptr(s.xs), .size(4),
                                           s.ptr(s.outCount)] },
  "gf_scene_advance": Recipe(arguments: { s in [.pointer(s.scene), .double(0.5), .pointer(nil), .pointer(nil)] },
                             nullable: ["callback", "user_data"]),
  "gf_scene_load_json": Recipe(arguments: { s in [s.ptr(s.json), .size(s.jsonLength), s.ptr(s.outPointer)] },
                               cleanup: freeOut("gf_scene_free")),
  "gf_scene_from_file": Recipe(arguments: { s in [s.ptr(s.scenePath), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_scene_free")),
  "gf_scene_to_json": Recipe(arguments: { s in [.pointer(s.scene), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_string_free")),
  "gf_view_node_desc_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_view_tree_create": Recipe(arguments: { s in [.double(375), .double(667), s.ptr(s.outPointer)] },
                                cleanup: freeOut("gf_view_tree_free")),
  "gf_view_tree_load_json": Recipe(arguments: { s in [s.ptr(s.treeJSON), .size(s.treeJSONLength), s.ptr(s.outPointer)] },
                                   cleanup: freeOut("gf_view_tree_free")),
  "gf_view_tree_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["tree"]),
  "gf_view_tree_set_root": Recipe(
    arguments: { s in
      // A fresh tree: the scratch tree already has its root.
      let fresh = s.make("gf_view_tree_create", [.double(100), .double(100)])
      s.spare = fresh
      return [.pointer(fresh), s.ptr(s.nodeDesc), s.ptr(s.outIndex)]
    },
    cleanup: { s in s.call("gf_view_tree_free", returns: .void, [.pointer(s.spare)]) }, nullable: ["out_node"]),
  "gf_view_tree_add_node": Recipe(arguments: { s in [.pointer(s.tree), .uint32(0), s.ptr(s.nodeDesc), s.ptr(s.outIndex)] },
                                  nullable: ["out_node"]),
  "gf_view_tree_add_cell": Recipe { s in [.pointer(s.tree), .pointer(s.text("news")), .double(375), .double(50), s.ptr(s.outIndex)] },
  "gf_view_tree_add_section": Recipe { s in [.pointer(s.tree), .uint32(0), .pointer(s.text("{\"cell\": \"news\", \"rowHeight\": 50}"))] },
  "gf_view_tree_set_style": Recipe { s in [.pointer(s.tree), .uint32(GF_VIEW_TREE_GLOBAL), .pointer(s.text("animation")),
                                           .pointer(s.text("\"shimmer\""))] },
  "gf_view_tree_add_adjust": Recipe { s in [.pointer(s.tree), .uint32(0), .pointer(s.text("animation(0).down(2)"))] },
  "gf_skeleton_generate": Recipe(arguments: { s in [.pointer(s.tree), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_scene_free")),
  "gf_skeleton_from_json": Recipe(arguments: { s in [s.ptr(s.treeJSON), .size(s.treeJSONLength), s.ptr(s.outPointer)] },
                                  cleanup: freeOut("gf_scene_free")),
  "gf_skeleton_from_file": Recipe(arguments: { s in [s.ptr(s.treePath), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_scene_free")),
  "gf_skeleton_end": Recipe(arguments: { s in [.pointer(s.skeletonScene), .double(1), .pointer(nil)] }, nullable: ["group"]),
  "gf_skeleton_end_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_skeleton_end_with": Recipe(arguments: { s in [.pointer(s.skeletonScene), .double(1), .pointer(nil), s.ptr(s.endParams)] },
                                 nullable: ["group"]),
  "gf_skeleton_content_opacity": Recipe(arguments: { s in [.pointer(s.skeletonScene), .double(1), .pointer(nil), s.ptr(s.outDouble)] },
                                        nullable: ["group"]),
  "gf_view_tree_layout": Recipe { s in [.pointer(s.tree), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_chain_link_desc_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_chain_create": Recipe(arguments: { s in [.pointer(s.text("base")), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_chain_free")),
  "gf_chain_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["chain"]),
  "gf_chain_add": Recipe(arguments: { s in [.pointer(s.chain), s.ptr(s.chainDesc), s.ptr(s.outIndex)] }, nullable: ["out_index"]),
  "gf_chain_duration": Recipe { s in [.pointer(s.chain), s.ptr(s.outDouble)] },
  "gf_chain_schedule": Recipe { s in [.pointer(s.chain), s.ptr(s.entries), .size(4), s.ptr(s.outCount)] },
  "gf_chain_apply": Recipe(arguments: { s in [.pointer(s.chain), .pointer(s.scene), .pointer(s.text("base")), .double(0)] },
                           nullable: ["layer_id"]),
  "gf_chain_advance": Recipe(arguments: { s in [.pointer(s.chain), .pointer(s.scene), .double(0.5), .pointer(nil), .pointer(nil)] },
                             nullable: ["callback", "user_data"]),
  "gf_timeline_from_json": Recipe(arguments: { s in [s.ptr(s.timelineJSON), .size(s.timelineJSONLength), s.ptr(s.outPointer)] },
                                  cleanup: freeOut("gf_timeline_free")),
  "gf_timeline_from_file": Recipe(arguments: { s in [s.ptr(s.timelinePath), s.ptr(s.outPointer)] },
                                  cleanup: freeOut("gf_timeline_free")),
  "gf_timeline_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["timeline"]),
  "gf_timeline_duration": Recipe { s in [.pointer(s.timeline), s.ptr(s.outDouble)] },
  "gf_timeline_schedule": Recipe { s in [.pointer(s.timeline), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_timeline_apply": Recipe { s in [.pointer(s.timeline), .pointer(s.scene)] },
  "gf_timeline_to_json": Recipe(arguments: { s in [.pointer(s.timeline), s.ptr(s.outPointer)] },
                                cleanup: freeOut("gf_string_free")),
  "gf_timeline_define": Recipe(arguments: { s in [s.ptr(s.definitionName), .pointer(s.text("ease")), s.ptr(s.changesJSON)] },
                               nullable: ["curve_spec"]),
  "gf_timeline_undefine": Recipe { s in [s.ptr(s.definitionName)] },
  "gf_timeline_seek": Recipe(arguments: { s in [.pointer(s.timeline), .double(0.5), .pointer(nil), .pointer(nil)] },
                             nullable: ["callback", "user_data"]),
  "gf_timeline_advance": Recipe(arguments: { s in [.pointer(s.timeline), .double(0.25), .pointer(nil), .pointer(nil)] },
                                nullable: ["callback", "user_data"]),
  "gf_timeline_set_rate": Recipe { s in [.pointer(s.timeline), .double(-0.5)] },
  "gf_timeline_rate": Recipe { s in [.pointer(s.timeline), s.ptr(s.outDouble)] },
  "gf_timeline_reverse": Recipe { s in [.pointer(s.timeline)] },
  "gf_timeline_time": Recipe { s in [.pointer(s.timeline), s.ptr(s.outDouble)] },
  "gf_tween_options_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timeline_timing_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timeline_builder_create": Recipe(arguments: { s in [s.ptr(s.timelineTiming), s.ptr(s.outPointer)] },
                                       cleanup: freeOut("gf_timeline_builder_free"), nullable: ["timing"]),
  "gf_timeline_builder_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["builder"]),
  "gf_timeline_builder_to": Recipe(
    arguments: { s in [.pointer(s.builder), s.ptr(s.layerArray), .size(1), s.ptr(s.valuesJSON), s.ptr(s.tweenOptions)] },
    nullable: ["options"]),
  "gf_timeline_builder_from": Recipe(
    arguments: { s in [.pointer(s.builder), s.ptr(s.layerArray), .size(1), s.ptr(s.valuesJSON), s.ptr(s.tweenOptions)] },
    nullable: ["options"]),
  "gf_timeline_builder_from_to": Recipe(
    arguments: { s in
      [.pointer(s.builder), s.ptr(s.layerArray), .size(1), s.ptr(s.valuesJSON), s.ptr(s.valuesJSON), s.ptr(s.tweenOptions)]
    },
    nullable: ["options"]),
  "gf_timeline_builder_anim": Recipe(
    arguments: { s in [.pointer(s.builder), s.ptr(s.definitionName), s.ptr(s.layerArray), .size(1), s.ptr(s.tweenOptions)] },
    nullable: ["options"]),
  "gf_timeline_builder_add_label": Recipe(arguments: { s in [.pointer(s.builder), .pointer(s.text("key")), .pointer(nil)] },
                                          nullable: ["position"]),
  "gf_timeline_builder_add": Recipe(arguments: { s in [.pointer(s.builder), .pointer(s.timeline), .pointer(nil)] },
                                    nullable: ["position"]),
  "gf_timeline_builder_call": Recipe(arguments: { s in [.pointer(s.builder), .pointer(s.text("glow")), .pointer(nil)] },
                                     nullable: ["position"]),
  "gf_timeline_builder_build": Recipe(arguments: { s in [.pointer(s.builder), s.ptr(s.outPointer)] },
                                      cleanup: freeOut("gf_timeline_free")),
  "gf_preload_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_export_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_export_report_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_scene_export": Recipe(arguments: { s in [.pointer(s.scene), .pointer(nil), .pointer(exportBuffer), .size(1 << 20),
                                               s.ptr(s.outCount), .pointer(nil)] },
                            nullable: ["params", "buffer", "out_report"]),
  "gf_preload_create": Recipe(arguments: { s in [s.ptr(s.preloadParams), s.ptr(s.outPointer)] },
                              cleanup: freeOut("gf_preload_free")),
  "gf_preload_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["preload"]),
  "gf_preload_scene": Recipe(arguments: { s in [.pointer(s.preload), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_scene_free")),
  "gf_preload_dismiss": Recipe { s in [.pointer(s.preload), .double(1)] },
  "gf_preload_removal_time": Recipe(
    arguments: { s in
      // A dismissed overlay of its own: the scratch one is not dismissed.
      let fresh = s.make("gf_preload_create", [s.ptr(s.preloadParams)])
      _ = s.call("gf_preload_dismiss", returns: .int32, [.pointer(fresh), .double(1)])
      s.spare = fresh
      return [.pointer(fresh), s.ptr(s.outDouble)]
    },
    cleanup: { s in s.call("gf_preload_free", returns: .int32, [.pointer(s.spare)]) }),
  "gf_scene_convert_rect": Recipe(arguments: { s in [.pointer(s.scene), s.ptr(s.rect), .pointer(s.text("base")), .pointer(nil), s.ptr(s.states)] },
                                  nullable: ["from_layer", "to_layer"]),
  "gf_scene_convert_point": Recipe(arguments: { s in [.pointer(s.scene), s.ptr(s.rect), .pointer(nil), .pointer(s.text("victim")), s.ptr(s.states)] },
                                   nullable: ["from_layer", "to_layer"]),
  "gf_expand_params_init": Recipe(arguments: { s in [s.ptr(s.scratchStruct)] }),
  "gf_expand_transition_create": Recipe(arguments: { s in [s.ptr(s.expandParams), s.ptr(s.outPointer)] },
                                        cleanup: freeOut("gf_expand_transition_free")),
  "gf_expand_transition_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["transition"]),
  "gf_expand_transition_parts": Recipe { s in [.pointer(s.expand), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_expand_transition_scene": Recipe(arguments: { s in [.pointer(s.expand), s.ptr(s.outPointer)] },
                                       cleanup: freeOut("gf_scene_free")),
  "gf_expand_transition_exit": Recipe(arguments: { s in [.pointer(s.expand), .double(0.25), s.ptr(s.outPointer)] },
                                      cleanup: freeOut("gf_scene_free")),
  "gf_scrub_create": Recipe(
    arguments: { s in [.pointer(s.scene), .double(0), .double(1), .double(0), .double(1), .pointer(s.curve), s.ptr(s.outPointer)] },
    cleanup: freeOut("gf_scrub_free"), nullable: ["curve"]),
  "gf_scrub_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["scrub"]),
  "gf_scrub_time": Recipe { s in [.pointer(s.scrub), .double(0.5), s.ptr(s.outDouble)] },
  "gf_scrub_sample": Recipe { s in [.pointer(s.scrub), .double(0.5), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_scrub_release": Recipe { s in [.pointer(s.scrub), .double(0), .double(0.5), .double(0), .double(0)] },
  "gf_scrub_value_at_clock": Recipe { s in [.pointer(s.scrub), .double(0.5), s.ptr(s.outDouble)] },
  "gf_pull_to_refresh_create": Recipe(arguments: { s in Scratch.refreshGeometry + [s.ptr(s.outPointer)] },
                                      cleanup: freeOut("gf_pull_to_refresh_free")),
  "gf_pull_to_refresh_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["control"]),
  "gf_pull_to_refresh_sample": Recipe { s in [.pointer(s.refresh), .double(40), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_pull_to_refresh_begin": Recipe(
    arguments: { s in
      // A fresh control: the scratch one is already refreshing.
      let fresh = s.make("gf_pull_to_refresh_create", Scratch.refreshGeometry)
      s.spare = fresh
      return [.pointer(fresh), .double(1)]
    },
    cleanup: { s in s.call("gf_pull_to_refresh_free", returns: .int32, [.pointer(s.spare)]) }),
  "gf_pull_to_refresh_end": Recipe(
    arguments: { s in
      let fresh = s.make("gf_pull_to_refresh_create", Scratch.refreshGeometry)
      s.call("gf_pull_to_refresh_begin", returns: .int32, [.pointer(fresh), .double(0)])
      s.spare = fresh
      return [.pointer(fresh), .double(1)]
    },
    cleanup: { s in s.call("gf_pull_to_refresh_free", returns: .int32, [.pointer(s.spare)]) }),
  "gf_pull_to_refresh_sample_at_clock": Recipe { s in [.pointer(s.refresh), .double(0.5), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_scrub_sample_at_clock": Recipe { s in [.pointer(s.scrub), .double(0.5), s.ptr(s.states), .size(8), s.ptr(s.outCount)] },
  "gf_scrub_create_with_spring": Recipe(
    arguments: { s in [.pointer(s.scene), .double(0), .double(1), .double(0), .double(1), .pointer(s.curve), s.ptr(s.spring),
                       s.ptr(s.outPointer)] },
    cleanup: freeOut("gf_scrub_free"), nullable: ["curve", "spring"]),
  "gf_pull_to_refresh_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_pull_to_refresh_create_with_params": Recipe(arguments: { s in [s.ptr(s.refreshParams), s.ptr(s.outPointer)] },
                                                  cleanup: freeOut("gf_pull_to_refresh_free")),
  "gf_pull_to_refresh_scene": Recipe(arguments: { s in [.pointer(s.refresh), s.ptr(s.outPointer)] },
                                     cleanup: freeOut("gf_scene_free")),
  "gf_view_chain_offset": Recipe { s in [s.ptr(s.viewLevels), .size(2), s.ptr(s.states)] },
  "gf_view_chain_window_rect": Recipe { s in [s.ptr(s.viewLevels), .size(2), s.ptr(s.rect), s.ptr(s.states)] },
  "gf_view_chain_content_rect": Recipe { s in [s.ptr(s.viewLevels), .size(2), s.ptr(s.rect), s.ptr(s.states)] },
  "gf_snapshot_pool_create": Recipe(arguments: { s in [.size(4), s.ptr(s.outPointer)] },
                                    cleanup: freeOut("gf_snapshot_pool_free")),
  "gf_snapshot_pool_free": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["pool"]),
  "gf_snapshot_pool_acquire": Recipe(
    arguments: { s in [.pointer(s.pool), .size(2), s.ptr(s.poolIDs)] },
    cleanup: { s in
      // Only the ids written (a count below 2 leaves the sentinel bytes).
      for slot in 0..<2 {
        let id = (s.bytes + s.poolIDs + 8 * slot).load(as: UInt.self)
        if id != 0xA5A5_A5A5_A5A5_A5A5 { s.call("gf_string_free", returns: .void, [.pointer(UnsafeMutableRawPointer(bitPattern: id))]) }
      }
      (s.bytes + s.poolIDs).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 16)
    }),
  "gf_snapshot_pool_release": Recipe(
    arguments: { s in
      // An id in use: acquired here, into memory of its own.
      var id: UnsafeMutableRawPointer?
      withUnsafeMutablePointer(to: &id) { out in
        _ = s.call("gf_snapshot_pool_acquire", returns: .int32, [.pointer(s.pool), .size(1), .pointer(UnsafeMutableRawPointer(out))])
      }
      s.poolID = id
      return [.pointer(s.pool), .pointer(id)]
    },
    cleanup: { s in s.call("gf_string_free", returns: .void, [.pointer(s.poolID)]) }),
  "gf_snapshot_pool_get_counts": Recipe { s in [.pointer(s.pool), s.ptr(s.poolCounts)] },
  "gf_expand_transition_create_in_pool": Recipe(arguments: { s in [s.ptr(s.expandParams), .pointer(s.pool), s.ptr(s.outPointer)] },
                                                cleanup: freeOut("gf_expand_transition_free")),
  "gf_expand_transition_release": Recipe(
    arguments: { s in
      // A transition whose layers came from the scratch pool.
      let fresh = s.make("gf_expand_transition_create_in_pool", [s.ptr(s.expandParams), .pointer(s.pool)])
      s.spare = fresh
      return [.pointer(fresh), .pointer(s.pool)]
    },
    cleanup: { s in s.call("gf_expand_transition_free", returns: .int32, [.pointer(s.spare)]) }),
  "gf_register_curve": Recipe(arguments: { s in [s.ptr(s.hostName), .pointer(testCurveFunction), .pointer(nil), .pointer(nil)] },
                              cleanup: { s in s.call("gf_unregister_curve", returns: .int32, [s.ptr(s.hostName)]) },
                              nullable: ["user_data", "free_user_data"]),
  "gf_unregister_curve": Recipe { s in
    s.call("gf_register_curve", returns: .int32, [s.ptr(s.hostName), .pointer(testCurveFunction), .pointer(nil), .pointer(nil)])
    return [s.ptr(s.hostName)]
  },
  "gf_effect_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_register_effect": Recipe(
    arguments: { s in [s.ptr(s.hostName), .pointer(testEffectFunction), .pointer(nil), .pointer(nil), .pointer(nil)] },
    cleanup: { s in s.call("gf_unregister_effect", returns: .int32, [s.ptr(s.hostName)]) },
    nullable: ["params", "user_data", "free_user_data"]),
  "gf_unregister_effect": Recipe { s in
    s.call("gf_register_effect", returns: .int32,
           [s.ptr(s.hostName), .pointer(testEffectFunction), .pointer(nil), .pointer(nil), .pointer(nil)])
    return [s.ptr(s.hostName)]
  },
  "gf_register_node_kind": Recipe(arguments: { s in [s.ptr(s.hostName), .pointer(s.text("image")), .pointer(nil)] },
                                  cleanup: { s in s.call("gf_unregister_node_kind", returns: .int32, [s.ptr(s.hostName)]) },
                                  nullable: ["defaults_json"]),
  "gf_unregister_node_kind": Recipe { s in
    s.call("gf_register_node_kind", returns: .int32, [s.ptr(s.hostName), .pointer(s.text("image")), .pointer(nil)])
    return [s.ptr(s.hostName)]
  },
  "gf_plugin_load": Recipe(arguments: { s in [s.ptr(s.pluginPath), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_plugin_unload")),
  "gf_plugin_unload": Recipe(arguments: { _ in [.pointer(nil)] }, nullable: ["plugin"]),
]

/// The scratch's documents written to files once per process, for the gf_*_from_file recipes: their
/// paths (under /tmp, shorter than the 160 bytes the scratch keeps for each).
private enum DocumentFiles {
  static let folder: String = {
    var template = Array("/tmp/gf-conformance-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let made else { return "/tmp" }
    // Removed when the test process ends.
    atexit {
      for name in ["scene.json", "tree.json", "timeline.json"] { remove("\(DocumentFiles.folder)/\(name)") }
      rmdir(DocumentFiles.folder)
    }
    return made
  }()
  static let scene = write("scene.json", Scratch.sceneDocument)
  static let tree = write("tree.json", Scratch.treeDocument)
  static let timeline = write("timeline.json", Scratch.timelineDocument)

  private static func write(_ name: String, _ text: String) -> String {
    let path = "\(folder)/\(name)"
    guard let file = fopen(path, "w") else {
      Issue.record("cannot write \(path)")
      return path
    }
    fputs(text, file)
    fclose(file)
    return path
  }
}

/// A host curve for the recipes: the identity.
nonisolated(unsafe) private let testCurveFunction: UnsafeMutableRawPointer? = {
  let fn: @convention(c) (UnsafeMutableRawPointer?, Double) -> Double = { _, x in x }
  return unsafeBitCast(fn, to: UnsafeMutableRawPointer.self)
}()

/// A skeleton effect for the recipes: changes nothing.
nonisolated(unsafe) private let testEffectFunction: UnsafeMutableRawPointer? = {
  let fn: @convention(c) (UnsafeMutableRawPointer?, Double, Double, Double, Double, UInt32, UInt32, Double,
                          UnsafeMutableRawPointer?) -> Int32 = { _, _, _, _, _, _, _, _, _ in 0 }
  return unsafeBitCast(fn, to: UnsafeMutableRawPointer.self)
}()

/// Header-driven robustness: every declared function is called through libffi with each
/// pointer argument NULL and each double argument NaN or ±infinity. A failing call must
/// return its status, leave a message, and write nothing; nothing may crash.
@Suite("Every entry point against NULL and non-finite numbers (libffi)")
struct NullAndNumberTests {
  @Test("every declared function has a recipe")
  func coverage() {
    let missing = Header.functions.map(\.name).filter { recipes[$0] == nil }
    #expect(missing.isEmpty, "no robustness recipe for \(missing)")
  }

  @Test("the valid call succeeds", arguments: Header.functions)
  func baseline(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name] else { return }
    // A missing symbol would "return" zero bits, which read as GF_OK: stop before trusting them.
    guard library.symbol(function.name) != nil else {
      Issue.record("\(function.name) is declared but not exported")
      return
    }
    let s = Scratch(library)
    let result = s.call(function.name, returns: function.returns, recipe.arguments(s))
    if function.returns == .int32, function.name != "gf_status_string" {
      #expect(result.int32 == GF_OK, "\(function.name) baseline failed")
      // Only a successful call produced something to release.
      guard result.int32 == GF_OK else { return }
    }
    if function.returns == .pointer { #expect(result.pointer != nil) }
    recipe.cleanup(s)
  }

  @Test("NULL pointers and non-finite numbers fail cleanly", arguments: Header.functions)
  func badArguments(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name] else { return }
    guard library.symbol(function.name) != nil else {
      Issue.record("\(function.name) is declared but not exported")
      return
    }
    let s = Scratch(library)
    let valid = recipe.arguments(s)
    for (index, parameter) in function.parameters.enumerated() {
      let replacements: [(FFIValue, Int32)]
      switch parameter.type {
      case .pointer where recipe.nullable.contains(parameter.name): replacements = []
      case .pointer: replacements = [(.pointer(nil), GF_E_NULL_ARGUMENT)]
      case .double: replacements = [Double.nan, .infinity, -.infinity].map { (.double($0), GF_E_INVALID_ARGUMENT) }
      case .int32 where parameter.name.hasSuffix("flag"): replacements = [(.int32(2), GF_E_INVALID_ARGUMENT),
                                                                          (.int32(-1), GF_E_INVALID_ARGUMENT)]
      default: replacements = []
      }
      for (bad, expected) in replacements {
        var arguments = valid
        arguments[index] = bad
        let before = s.snapshot()
        let sceneBefore = s.sceneText()
        let result = s.call(function.name, returns: function.returns, arguments)
        // Void functions (free, init) only have to survive a NULL.
        guard function.returns == .int32 else { continue }
        let what = "\(function.name) with \(parameter.name) = \(bad)"
        #expect(result.int32 == expected, "\(what): got \(result.int32)")
        let unchanged = s.snapshot() == before
        #expect(unchanged, "\(what) wrote to its outputs")
        #expect(s.sceneText() == sceneBefore, "\(what) changed the scene")
        let message = s.call("gf_last_error_message", returns: .pointer, []).pointer
          .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
        #expect(message.contains(parameter.name), "\(what): message '\(message)' does not name the argument")
      }
    }
  }

  /// Sets a message no call writes, so a failing call can be seen to write its own.
  private func prime(_ s: Scratch) -> String {
    "gf-count-primer".withCString { name in
      _ = s.call("gf_curve_parse", returns: .int32,
                 [.pointer(UnsafeMutableRawPointer(mutating: name)), s.ptr(s.outPointer)])
    }
    return lastMessage(s)
  }

  private func lastMessage(_ s: Scratch) -> String {
    s.call("gf_last_error_message", returns: .pointer, []).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
  }

  /// The layer count a capacity must hold, asked with capacity 0 of a fresh scratch scene.
  private func needed(_ function: DeclaredFunction, _ recipe: Recipe, _ library: NativeLibrary, capacity: Int) -> UInt64 {
    let s = Scratch(library)
    var arguments = recipe.arguments(s)
    arguments[capacity] = .size(0)
    _ = s.call(function.name, returns: function.returns, arguments)
    return (s.bytes + s.outCount).load(as: UInt64.self)
  }

  /// Header-driven counts: every size_t parameter of every function with 0, one less than the
  /// valid call's (a buffer one too small), SIZE_MAX / 2 and SIZE_MAX. A count of what the
  /// caller passes in must be answered cleanly: the call succeeds, or fails with a documented
  /// status, a message of its own and nothing written; a count too large to be real is refused
  /// (GF_E_INVALID_ARGUMENT or GF_E_LIMIT) before anything is read. A capacity is a promise about
  /// the caller's buffer: one too small is GF_E_BUFFER_TOO_SMALL with the needed count written
  /// and no state, and a huge one is as good as the exact one.
  @Test("zero, one-too-small and huge counts and capacities are answered cleanly", arguments: Header.functions)
  func counts(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name] else { return }
    guard library.symbol(function.name) != nil else {
      Issue.record("\(function.name) is declared but not exported")
      return
    }
    for (index, parameter) in function.parameters.enumerated() where parameter.spelled == "size_t" {
      let isCapacity = parameter.name == "capacity"
      let template = recipe.arguments(Scratch(library))
      guard case .size(let valid) = template[index] else {
        Issue.record("\(function.name): the recipe's \(parameter.name) is not a size_t value")
        continue
      }
      let need = isCapacity ? needed(function, recipe, library, capacity: index) : 0
      let reference = isCapacity ? need : valid
      var values: [(UInt64, String)] = [(0, "0"), (UInt64.max / 2, "SIZE_MAX / 2"), (UInt64.max, "SIZE_MAX")]
      if reference > 0 { values.append((reference - 1, "one too small (\(reference - 1))")) }
      for (value, label) in values {
        let s = Scratch(library)
        var arguments = recipe.arguments(s)
        arguments[index] = .size(value)
        let primed = prime(s)
        let before = s.snapshot()
        let sceneBefore = s.sceneText()
        let status = s.call(function.name, returns: .int32, arguments).int32
        let what = "\(function.name) with \(parameter.name) = \(label)"
        let name = s.call("gf_status_string", returns: .pointer, [.int32(status)]).pointer
          .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "(null)"
        #expect(status == GF_OK || (status < 0 && status != GF_E_INTERNAL && name != "unknown status"),
                "\(what): status \(status) (\(name))")
        if status == GF_OK {
          recipe.cleanup(s)
        } else {
          let message = lastMessage(s)
          #expect(!message.isEmpty && message != primed, "\(what): failed with \(name) without a message of its own")
          // A failure writes nothing but, for GF_E_BUFFER_TOO_SMALL, the count it needs.
          var after = s.snapshot()
          if status == GF_E_BUFFER_TOO_SMALL {
            for i in s.outCount..<(s.outCount + 8) { after[i] = before[i] }
          }
          let unchanged = after == before
          #expect(unchanged, "\(what) failed with \(name) but wrote to its outputs")
          #expect(s.sceneText() == sceneBefore, "\(what) failed but changed the scene")
        }
        let written = (s.bytes + s.outCount).load(as: UInt64.self)
        if isCapacity {
          if value < need {
            #expect(status == GF_E_BUFFER_TOO_SMALL && written == need,
                    "\(what): got \(name), count \(written); want GF_E_BUFFER_TOO_SMALL and \(need)")
          } else {
            if value >= UInt64.max / 2 {
              // A capacity whose byte size overflows cannot be a buffer's: refused, alike for every
              // function (GF_E_INVALID_ARGUMENT), or taken as room enough.
              #expect((status == GF_E_INVALID_ARGUMENT && lastMessage(s).contains("too large")) || (status == GF_OK && written == need),
                      "\(what): got \(name), count \(written); want GF_E_INVALID_ARGUMENT, or GF_OK and \(need)")
            } else {
              #expect(status == GF_OK && written == need, "\(what): got \(name), count \(written); want GF_OK and \(need)")
            }
          }
        } else if value >= UInt64.max / 2 {
          let passesNull = arguments.contains { if case .pointer(nil) = $0 { true } else { false } }
          #expect(status == GF_E_INVALID_ARGUMENT || status == GF_E_LIMIT || (passesNull && status == GF_E_NULL_ARGUMENT),
                  "\(what): got \(name); a count that large cannot be real")
          // The message names the count or the array it counts.
          let array = function.parameters[..<index].last { $0.type == .pointer }?.name ?? parameter.name
          let message = lastMessage(s)
          #expect(message.contains(parameter.name) || message.contains(array),
                  "\(what): message '\(message)' names neither \(parameter.name) nor \(array)")
        }
      }
    }
  }

  /// Header-driven integers: every int32_t, uint32_t and uint64_t parameter (enum values, flags,
  /// node handles, indices, animation ids) with its extremes. The call succeeds (GF_VIEW_TREE_GLOBAL is 0xFFFFFFFF)
  /// or fails with a documented status, a message of its own, nothing written, the scene as it was.
  @Test("extreme int32 and uint32 arguments are answered cleanly", arguments: Header.functions)
  func integers(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name],
          function.returns == .int32, function.name != "gf_status_string" else { return }
    for (index, parameter) in function.parameters.enumerated() {
      let values: [FFIValue]
      switch parameter.type {
      case .int32: values = [.int32(.min), .int32(.max), .int32(-1)]
      case .uint32: values = [.uint32(.max), .uint32(.max - 1), .uint32(UInt32(Int32.max) + 1)]
      case .size where parameter.spelled == "uint64_t": values = [.size(0), .size(.max), .size(UInt64(Int64.max) + 1)]
      default: continue
      }
      for value in values {
        let s = Scratch(library)
        var arguments = recipe.arguments(s)
        arguments[index] = value
        let primed = prime(s)
        let before = s.snapshot()
        let sceneBefore = s.sceneText()
        let status = s.call(function.name, returns: .int32, arguments).int32
        let what = "\(function.name) with \(parameter.name) = \(value)"
        let name = s.call("gf_status_string", returns: .pointer, [.int32(status)]).pointer
          .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "(null)"
        #expect(status == GF_OK || (status < 0 && status != GF_E_INTERNAL && name != "unknown status"),
                "\(what): status \(status) (\(name))")
        guard status != GF_OK else {
          recipe.cleanup(s)
          continue
        }
        let message = lastMessage(s)
        #expect(!message.isEmpty && message != primed, "\(what): failed with \(name) without a message of its own")
        let unchanged = s.snapshot() == before
        #expect(unchanged, "\(what) failed with \(name) but wrote to its outputs")
        #expect(s.sceneText() == sceneBefore, "\(what) failed but changed the scene")
      }
    }
  }

  @Test("struct_size too small and unknown enum values are rejected")
  func structsAndEnums() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let s = Scratch(library)
    let params = (s.bytes + s.params).assumingMemoryBound(to: gf_timing_params.self)
    let cases: [(String, (inout gf_timing_params) -> Void)] = [
      ("struct_size", { $0.struct_size = 8 }), ("direction", { $0.direction = 9 }), ("fill", { $0.fill = -1 }),
      ("reserved", { $0.reserved = 1 }),
    ]
    for (field, corrupt) in cases {
      let saved = params.pointee
      corrupt(&params.pointee)
      let status = s.call("gf_timing_create", returns: .int32, [s.ptr(s.params), s.ptr(s.outPointer)]).int32
      #expect(status == GF_E_INVALID_ARGUMENT, "gf_timing_params.\(field)")
      params.pointee = saved
    }
    let spring = (s.bytes + s.spring).assumingMemoryBound(to: gf_spring.self)
    spring.pointee.allows_overdamping = 7
    #expect(s.call("gf_spring_value", returns: .int32, [s.ptr(s.spring), .double(0.1), s.ptr(s.outDouble)]).int32
            == GF_E_INVALID_ARGUMENT)
  }

  @Test("invalid UTF-8 and oversized lengths are rejected")
  func text() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let s = Scratch(library)
    let invalid: [UInt8] = [0x65, 0xFF, 0xFE, 0x00]
    invalid.withUnsafeBytes { bytes in
      let status = s.call("gf_curve_parse", returns: .int32,
                          [.pointer(UnsafeMutableRawPointer(mutating: bytes.baseAddress)), s.ptr(s.outPointer)]).int32
      #expect(status == GF_E_INVALID_UTF8)
    }
    let huge = s.call("gf_curve_parse_n", returns: .int32, [s.ptr(s.spec), .size(UInt64.max), s.ptr(s.outPointer)]).int32
    #expect(huge == GF_E_LIMIT)
    let n = s.call("gf_curve_eval_n", returns: .int32, [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(UInt64.max)]).int32
    #expect(n == GF_E_INVALID_ARGUMENT)
    // One bad value in a batch: an error naming its index, and no output written.
    (s.bytes + s.xs + 16).storeBytes(of: Double.nan, as: Double.self)
    let before = s.snapshot()
    let status = s.call("gf_curve_eval_n", returns: .int32, [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(4)]).int32
    #expect(status == GF_E_INVALID_ARGUMENT)
    let unchanged = s.snapshot() == before
    #expect(unchanged)
    let message = s.call("gf_last_error_message", returns: .pointer, []).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    #expect(message.contains("xs[2]"))
  }
}
