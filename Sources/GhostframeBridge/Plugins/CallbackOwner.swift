import CGhostframe
import Ghostframe

/// What a C callback registration owns: the caller's user_data, the function that frees it, and
/// (for a plugin's callbacks) the plugin library, which stays loaded while this lives.
///
/// A host curve or effect made from a C callback captures its owner, so the owner lives as long
/// as the last curve, scene or registration holding the definition; its deinit then calls
/// free_user_data once, before the library reference goes (the function may live in the library).
// @unchecked Sendable: the fields are immutable after init except `armed`, which is written only
// before the owner is shared; user_data is the caller's to make safe for its callbacks.
final class CallbackOwner: @unchecked Sendable {
  let userData: UnsafeMutableRawPointer?
  private let freeUserData: gf_free_fn?
  private let library: PluginLibrary?
  /// Cleared when registration fails: the caller keeps ownership of user_data then.
  var armed = true

  init(userData: UnsafeMutableRawPointer?, freeUserData: gf_free_fn?, library: PluginLibrary?) {
    self.userData = userData
    self.freeUserData = freeUserData
    self.library = library
  }

  deinit {
    if armed, let freeUserData { freeUserData(userData) }
  }
}

/// Who makes a registration: a host (owner 0, no library) or a plugin during its entry point.
struct Registrant {
  var owner: UInt64 = 0
  var library: PluginLibrary?

  /// The host.
  init() {}

  /// A plugin: its registrations are removed when it is unloaded, and keep its library loaded.
  init(plugin library: PluginLibrary) {
    owner = library.owner
    self.library = library
  }

  /// Who calls a global gf_register_* function: the plugin whose entry point is running on this
  /// thread (what a plugin registers while it initialises is its own, through its table or not:
  /// else it would outlive the library its callbacks live in), otherwise the host.
  static var caller: Registrant {
    PluginLibrary.initializing.map { Registrant(plugin: $0) } ?? Registrant()
  }
}

/// Registers a C curve callback as the host curve `name`.
func registerCurve(
  _ namePointer: UnsafePointer<CChar>?, _ fn: gf_curve_fn?, _ userData: UnsafeMutableRawPointer?,
  _ freeUserData: gf_free_fn?, by registrant: Registrant
) throws(BridgeError) {
  let name = try requiredText(namePointer, "name")
  let fn = try required(fn, "fn")
  try engine(HostRegistry<HostCurve>.checkName(name))
  let owner = CallbackOwner(userData: userData, freeUserData: freeUserData, library: registrant.library)
  let curve = try engine(HostCurve(name: name) { [owner] x in fn(owner.userData, x) })
  do {
    let replaced = try Curve.hostCurves.register(name, curve, owner: registrant.owner)
    _ = replaced  // released here, after the registry's lock
  } catch {
    owner.armed = false
    throw BridgeError(error)
  }
}

/// Reads the effect parameters (NULL: the defaults).
func effectParams(_ params: UnsafePointer<gf_effect_params>?) throws(BridgeError) -> gf_effect_params {
  var defaults = gf_effect_params()
  gf_effect_params_init(&defaults)
  guard let params else { return defaults }
  return try readVersioned(params, defaults: { gf_effect_params_init($0) },
                           oldestSize: MemoryLayout<gf_effect_params>.size, "params")
}

/// Registers a C effect callback as the skeleton effect `name`.
func registerEffect(
  _ namePointer: UnsafePointer<CChar>?, _ fn: gf_effect_fn?, _ paramsPointer: UnsafePointer<gf_effect_params>?,
  _ userData: UnsafeMutableRawPointer?, _ freeUserData: gf_free_fn?, by registrant: Registrant
) throws(BridgeError) {
  let name = try requiredText(namePointer, "name")
  let fn = try required(fn, "fn")
  let params = try effectParams(paramsPointer)
  try finite(params.duration, "params.duration")
  try engine(HostRegistry<HostEffect>.checkName(name))
  let owner = CallbackOwner(userData: userData, freeUserData: freeUserData, library: registrant.library)
  let effect: HostEffect
  do {
    effect = try HostEffect(name: name, duration: params.duration, samples: Int(params.samples)) {
      [owner] (bone: HostEffect.Bone, appearance: inout HostEffect.Appearance) throws(GhostframeError) in
      var out = EffectOutput.make(appearance)
      let f = bone.frame
      let status = fn(owner.userData, f.x, f.y, f.width, f.height, UInt32(clamping: bone.index),
                      UInt32(clamping: bone.count), bone.progress, &out)
      guard status == 0 else { throw GhostframeError(.callback, "the callback returned \(status)") }
      appearance = EffectOutput.read(out, model: appearance)
    }
  } catch {
    owner.armed = false
    throw BridgeError(error)
  }
  do {
    let replaced = try HostEffect.registry.register(name, effect, owner: registrant.owner)
    _ = replaced
  } catch {
    owner.armed = false
    throw BridgeError(error)
  }
}

/// Registers a node kind from its base name and JSON defaults.
func registerNodeKind(
  _ namePointer: UnsafePointer<CChar>?, _ basePointer: UnsafePointer<CChar>?,
  _ defaultsPointer: UnsafePointer<CChar>?, by registrant: Registrant
) throws(BridgeError) {
  let name = try requiredText(namePointer, "name")
  let base = try requiredText(basePointer, "base")
  let defaults = try optionalText(defaultsPointer, "defaults_json") ?? ""
  let kind = try engine(NodeKind(name: name, base: base, defaults: defaults))
  let replaced = try engine(NodeKind.registry.register(name, kind, owner: registrant.owner))
  _ = replaced
}

/// Conversions between ``HostEffect/Appearance`` and `gf_effect_output`.
enum EffectOutput {
  static func make(_ appearance: HostEffect.Appearance) -> gf_effect_output {
    var out = gf_effect_output()
    out.struct_size = UInt32(MemoryLayout<gf_effect_output>.size)
    out.has_gradient = appearance.gradient == nil ? 0 : 1
    let c = appearance.color
    (out.red, out.green, out.blue, out.alpha) = (c.red, c.green, c.blue, c.alpha)
    out.opacity = appearance.opacity
    out.scale_x = appearance.scaleX
    out.scale_y = appearance.scaleY
    let colors = appearance.gradient?.colors ?? [c, c, c]
    withUnsafeMutableBytes(of: &out.gradient_colors) { raw in
      let values = raw.bindMemory(to: Double.self)
      for (i, color) in colors.prefix(3).enumerated() {
        values[4 * i] = color.red
        values[4 * i + 1] = color.green
        values[4 * i + 2] = color.blue
        values[4 * i + 3] = color.alpha
      }
    }
    let start = appearance.gradient?.startPoint ?? Point(x: 0, y: 0.5)
    let end = appearance.gradient?.endPoint ?? Point(x: 1, y: 0.5)
    (out.gradient_start_x, out.gradient_start_y, out.gradient_end_x, out.gradient_end_y) = (start.x, start.y, end.x, end.y)
    return out
  }

  static func read(_ out: gf_effect_output, model: HostEffect.Appearance) -> HostEffect.Appearance {
    var appearance = model
    appearance.color = Color(red: out.red, green: out.green, blue: out.blue, alpha: out.alpha)
    appearance.opacity = out.opacity
    appearance.scaleX = out.scale_x
    appearance.scaleY = out.scale_y
    if out.has_gradient != 0 {
      var colors: [Color] = []
      withUnsafeBytes(of: out.gradient_colors) { raw in
        let v = raw.bindMemory(to: Double.self)
        for i in 0..<3 { colors.append(Color(red: v[4 * i], green: v[4 * i + 1], blue: v[4 * i + 2], alpha: v[4 * i + 3])) }
      }
      appearance.gradient = Gradient(colors: colors, locations: [0, 0.5, 1],
                                     startPoint: Point(x: out.gradient_start_x, y: out.gradient_start_y),
                                     endPoint: Point(x: out.gradient_end_x, y: out.gradient_end_y))
    } else {
      appearance.gradient = nil
    }
    return appearance
  }
}
