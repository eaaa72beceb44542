import CGhostframe
import Foundation
import Ghostframe
import Glibc
import Testing

// Issue 16, both sides: the same host curves, skeleton effect and node kind registered through
// the Swift API (closures) and through libghostframe.so (C function pointers, libffi), then used
// by the shared engines' calls; every value must agree to the bit, failures must agree in status
// and message. The two sides are two copies of the engine with registries of their own.

/// The host curve both sides register: x² + 0.1 sin 7x.
@inline(never) private func wave(_ x: Double) -> Double { x * x + 0.1 * sin(7 * x) }
/// A curve that fails past 0.5 (NaN) and below 0 (infinity).
@inline(never) private func failing(_ x: Double) -> Double { x > 0.5 ? .nan : (x < 0 ? .infinity : x) }

/// The skeleton effect both sides register: opacity falls with progress, more for later bones;
/// the first bone also shows a gradient whose middle stop brightens.
private func pulse(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ index: Int, _ count: Int, _ p: Double)
  -> (opacity: Double, scaleY: Double, gradient: [Double]?)
{
  let opacity = 1 - 0.3 * p * Double(index + 1) / Double(count)
  let gradient: [Double]? = index == 0 ? [0.9, 0.9, 0.9, 1, 0.9 + 0.1 * p, 1, 1, 1, 0.9, 0.9, 0.9, 1] : nil
  return (opacity, 1 + 0.1 * p + 0.001 * (x + y + w + h), gradient)
}

private let nodeKindDefaults = ##"{"cornerRadius": "50%", "style": {"color": "#336699"}}"##

/// Registers the definitions on both sides once (the registries are process-wide).
private let registered: Bool = {
  do throws(GhostframeError) {
    try Curve.register("conf.wave") { wave($0) }
    try Curve.register("conf.failing") { failing($0) }
    try HostEffect.register("conf.pulse", duration: 2, samples: 9) { bone, appearance in
      let f = bone.frame
      let r = pulse(f.x, f.y, f.width, f.height, bone.index, bone.count, bone.progress)
      appearance.opacity = r.opacity
      appearance.scaleY = r.scaleY
      if let g = r.gradient {
        appearance.gradient = Gradient(
          colors: stride(from: 0, to: 12, by: 4).map { Color(red: g[$0], green: g[$0 + 1], blue: g[$0 + 2], alpha: g[$0 + 3]) },
          locations: [0, 0.5, 1], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
      }
    }
    try NodeKind.register(NodeKind(name: "conf.Avatar", base: "image", defaults: nodeKindDefaults))
  } catch {
    return false
  }
  guard case .success(let library) = NativeLibrary.shared else { return true }
  func status(_ name: String, _ values: [FFIValue]) -> Int32 {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: .int32, Array(zip(types, values))).int32
  }
  let waveFn: @convention(c) (UnsafeMutableRawPointer?, Double) -> Double = { _, x in wave(x) }
  let failingFn: @convention(c) (UnsafeMutableRawPointer?, Double) -> Double = { _, x in failing(x) }
  let pulseFn: @convention(c) (UnsafeMutableRawPointer?, Double, Double, Double, Double, UInt32, UInt32, Double,
                               UnsafeMutablePointer<gf_effect_output>?) -> Int32 = { _, x, y, w, h, i, n, p, out in
    guard let out else { return -1 }
    let r = pulse(x, y, w, h, Int(i), Int(n), p)
    out.pointee.opacity = r.opacity
    out.pointee.scale_y = r.scaleY
    if let g = r.gradient {
      out.pointee.has_gradient = 1
      withUnsafeMutableBytes(of: &out.pointee.gradient_colors) { raw in
        for (k, v) in g.enumerated() { raw.storeBytes(of: v, toByteOffset: 8 * k, as: Double.self) }
      }
    }
    return 0
  }
  var params = gf_effect_params(struct_size: UInt32(MemoryLayout<gf_effect_params>.size), samples: 9, duration: 2)
  var ok = true
  "conf.wave".withCString { name in
    ok = ok && status("gf_register_curve", [.pointer(UnsafeMutableRawPointer(mutating: name)),
                                            .pointer(unsafeBitCast(waveFn, to: UnsafeMutableRawPointer.self)),
                                            .pointer(nil), .pointer(nil)]) == GF_OK
  }
  "conf.failing".withCString { name in
    ok = ok && status("gf_register_curve", [.pointer(UnsafeMutableRawPointer(mutating: name)),
                                            .pointer(unsafeBitCast(failingFn, to: UnsafeMutableRawPointer.self)),
                                            .pointer(nil), .pointer(nil)]) == GF_OK
  }
  "conf.pulse".withCString { name in
    withUnsafeMutablePointer(to: &params) { p in
      ok = ok && status("gf_register_effect", [.pointer(UnsafeMutableRawPointer(mutating: name)),
                                               .pointer(unsafeBitCast(pulseFn, to: UnsafeMutableRawPointer.self)),
                                               .pointer(UnsafeMutableRawPointer(p)), .pointer(nil), .pointer(nil)]) == GF_OK
    }
  }
  "conf.Avatar".withCString { name in
    "image".withCString { base in
      nodeKindDefaults.withCString { defaults in
        ok = ok && status("gf_register_node_kind", [.pointer(UnsafeMutableRawPointer(mutating: name)),
                                                    .pointer(UnsafeMutableRawPointer(mutating: base)),
                                                    .pointer(UnsafeMutableRawPointer(mutating: defaults))]) == GF_OK
      }
    }
  }
  return ok
}()

private let xs = stride(from: -0.25, through: 1.25, by: 1.0 / 64).map { $0 }

private func sceneJSON(easing: String) -> String {
  #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [0, 0, 10, 10]}], "animations": [{"layer": "a", "key": "m", "type": "basic", "keyPath": "position.x", "from": 0, "to": 100, "timing": {"duration": 1, "fill": "both", "easing": "\#(easing)"}}, {"layer": "a", "key": "k", "type": "keyframes", "keyPath": "opacity", "values": [0, 1, 0.5], "curves": ["\#(easing)", "ease"], "timing": {"duration": 2}}]}"#
}

private let treeJSON = #"""
{"viewport": [320, 200], "style": {"animation": "conf.pulse"},
 "root": {"frame": [0, 0, 320, 200], "children": [
   {"id": "avatar", "type": "conf.Avatar", "frame": [16, 16, 48, 48]},
   {"id": "name", "type": "label", "frame": [80, 20, 120, 20]},
   {"id": "bio", "type": "label", "frame": [80, 50, 200, 40], "lines": 2, "style": {"animation": "shimmer"}}]}}
"""#

private func bits(_ states: [[LayerState?]]) -> [[[UInt64]]] {
  states.map { row in
    row.map { state in
      guard var s = state else { return [] }
      return withUnsafeBytes(of: &s) { Array($0.bindMemory(to: UInt64.self)) }
    }
  }
}

@Suite("Plugins, both sides (issue 16)")
struct PluginConformanceTests {
  @Test("both sides registered the definitions")
  func registration() {
    #expect(registered)
    #expect(engines.count == 2, "libghostframe.so was not loaded")
  }

  @Test("a host curve evaluates to the same bits one at a time and in batch", arguments: engines)
  func curve(engine: any Engine) throws {
    #expect(registered)
    let single = try #require(engine.evaluate("conf.wave", at: xs, beforeFlag: false).value)
    let batch = try #require(engine.evaluateBatch("conf.wave", at: xs).value)
    // The callable's own value, exactly (the reference is the function itself: nothing between).
    #expect(single.map(\.bitPattern) == xs.map { wave($0).bitPattern })
    #expect(batch.map(\.bitPattern) == single.map(\.bitPattern))
    #expect(engine.canonical("conf.wave").value == "conf.wave")
  }

  @Test("the sides agree on failures: unknown names, failing curves")
  func failures() throws {
    #expect(registered)
    guard engines.count == 2 else { return }
    let (swift, library) = (engines[0], engines[1])
    for spec in ["conf.unknown", "conf.", "conf.wave(1)"] {
      let a = swift.evaluate(spec, at: [0.5], beforeFlag: false)
      let b = library.evaluate(spec, at: [0.5], beforeFlag: false)
      #expect(a.status == b.status && a.message == b.message && a.status != 0, "\(spec): \(a.message) / \(b.message)")
    }
    // The Swift API's unchecked call gives NaN where the C ABI reports GF_E_CALLBACK naming the curve.
    #expect(swift.evaluate("conf.failing", at: [0.75], beforeFlag: false).value?.first?.isNaN == true)
    let failed = library.evaluate("conf.failing", at: [0.75], beforeFlag: false)
    #expect(failed.status == GF_E_CALLBACK && failed.message.contains("conf.failing"))
    do {
      _ = try Curve(parsing: "conf.failing").checkedValue(at: 0.75)
      Issue.record("checkedValue did not throw")
    } catch {
      #expect(error.code == .callback && error.message == failed.message)
    }
  }

  @Test("a scene using a host curve samples the same bytes", arguments: ["conf.wave", "ease"])
  func scene(easing: String) throws {
    #expect(registered)
    guard engines.count == 2 else { return }
    let times = stride(from: -0.5, through: 2.5, by: 1.0 / 32).map { $0 }
    let a = try #require(engines[0].sceneStates(json: sceneJSON(easing: easing), at: times).value)
    let b = try #require(engines[1].sceneStates(json: sceneJSON(easing: easing), at: times).value)
    #expect(bits(a.map { $0.map(Optional.some) }) == bits(b.map { $0.map(Optional.some) }))
    if easing == "conf.wave" {
      // position.x at t = 0.5 is 100 · wave(0.5) (the layer's x is its position minus half its width).
      let state = try #require(a.first { _ in true }).first
      #expect(state != nil)
      let atHalf = try #require(a[times.firstIndex(of: 0.5) ?? 0].first)
      #expect(abs(atHalf.x + 5 - 100 * wave(0.5)) < 1e-9)
    }
  }

  @Test("a skeleton with a host effect and a host node kind samples the same bytes")
  func skeleton() throws {
    #expect(registered)
    guard engines.count == 2 else { return }
    let layers = ["skeleton", "bone:0", "bone:1", "bone:2", "bone:2:line:0", "bone:2:line:1"]
    let times = stride(from: 0, through: 4, by: 0.125).map { $0 }
    let a = try #require(engines[0].skeletonStates(json: treeJSON, layers: layers, at: times).value)
    let b = try #require(engines[1].skeletonStates(json: treeJSON, layers: layers, at: times).value)
    #expect(a.count == b.count)
    #expect(bits(a.states) == bits(b.states))
    #expect(a.states.allSatisfy { $0.dropFirst().filter { $0 != nil }.count >= 3 }, "the bone layers were found")
    // And the values are the effect's: at t = 1 (progress 0.5, sample 4 of 9) the avatar's opacity
    // is 1 - 0.3 · 0.5 · 1 / n, its corner radius half its width (the node kind).
    let row = a.states[times.firstIndex(of: 1) ?? 0]
    let avatar = try #require(row.compactMap { $0 }.first { $0.width == 48 })
    #expect(avatar.cornerRadius == 24)
    #expect(abs(avatar.red - 0x33 / 255.0) < 1e-12, "the kind's default style colour")
  }

  @Test("the example plugin through gf_plugin_load agrees with its formulas; a wrong ABI is refused")
  func examplePlugin() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    guard let path = TestPlugins.example, let wrong = TestPlugins.exampleABI99 else {
      Issue.record("could not build the example plugin with cc")
      return
    }
    func status(_ name: String, _ values: [FFIValue]) -> Int32 {
      let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
      return library.call(name, returns: .int32, Array(zip(types, values))).int32
    }
    var plugin: UnsafeMutableRawPointer?
    let loaded = path.withCString { text in
      withUnsafeMutablePointer(to: &plugin) { status("gf_plugin_load", [.pointer(UnsafeMutableRawPointer(mutating: text)), .pointer(UnsafeMutableRawPointer($0))]) }
    }
    #expect(loaded == GF_OK)
    let engine = LibraryEngine(library)
    let values = try #require(engine.evaluate("acme.wobble", at: xs, beforeFlag: false).value)
    for (x, y) in zip(xs, values) {
      #expect(y.bitPattern == (1 - cos(4.5 * Double.pi * x) * exp(-6 * x)).bitPattern, "acme.wobble(\(x))")
    }
    #expect(status("gf_plugin_unload", [.pointer(plugin)]) == GF_OK)
    #expect(engine.evaluate("acme.wobble", at: [0.5], beforeFlag: false).status == GF_E_NOT_FOUND)
    var refused: UnsafeMutableRawPointer?
    let wrongStatus = wrong.withCString { text in
      withUnsafeMutablePointer(to: &refused) { status("gf_plugin_load", [.pointer(UnsafeMutableRawPointer(mutating: text)), .pointer(UnsafeMutableRawPointer($0))]) }
    }
    #expect(wrongStatus == GF_E_INVALID_ARGUMENT && refused == nil)
  }
}
