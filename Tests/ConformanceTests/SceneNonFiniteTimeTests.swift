import CGhostframe
import Ghostframe
import Testing

/// A scene with a tree, batched tracks (constant basics), general ones (keyframes), a group and a
/// custom property, so that every path of the sampler would have something to compose.
private let animatedScene = """
  {"format": "ghostframe-scene", "version": 1,
   "layers": [{"id": "root", "frame": [0, 0, 300, 200], "opacity": 0.9},
              {"id": "a", "parent": "root", "frame": [10, 20, 100, 50], "custom": {"glow": 2}},
              {"id": "b", "parent": "a", "frame": [5, 5, 20, 10]}],
   "animations": [
     {"layer": "a", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1, "timing": {"duration": 1}},
     {"layer": "a", "type": "basic", "keyPath": "custom.glow", "from": 0, "to": 8, "timing": {"duration": 2}},
     {"layer": "b", "type": "keyframes", "keyPath": "position.x", "values": [0, 40, 10],
      "timing": {"duration": 1, "iterations": "infinity"}},
     {"layer": "root", "type": "group", "timing": {"duration": 3},
      "animations": [{"type": "basic", "keyPath": "cornerRadius", "from": 0, "to": 9, "timing": {"duration": 1}}]}]}
  """

/// The same layers without animations: what "no animation applies" shows.
private let modelScene = """
  {"format": "ghostframe-scene", "version": 1,
   "layers": [{"id": "root", "frame": [0, 0, 300, 200], "opacity": 0.9},
              {"id": "a", "parent": "root", "frame": [10, 20, 100, 50], "custom": {"glow": 2}},
              {"id": "b", "parent": "a", "frame": [5, 5, 20, 10]}]}
  """

private let nonFiniteTimes: [Double] = [.nan, .infinity, -.infinity, -.nan]

/// The bytes of states (LayerState has no padding).
private func bytes(_ states: [LayerState]) -> [UInt8] { states.withUnsafeBytes { Array($0) } }

/// The error a throwing form gave, or nil.
private func failure(_ body: () throws(GhostframeError) -> Void) -> GhostframeError? {
  do { try body() } catch { return error }
  return nil
}

/// A non-finite time, asked of the Swift API and of the C ABI: the C functions refuse it with
/// `GF_E_INVALID_ARGUMENT` and the Swift forms that can throw throw the same error, with the same
/// message, writing nothing either way; the Swift conveniences that cannot throw give the model
/// (no animation applies), as their documentation says.
@Suite("Non-finite times, both sides")
struct SceneNonFiniteTimeTests {
  @Test("every throwing Swift form refuses a non-finite time and writes nothing")
  func swiftThrows() throws {
    let scene = try Scene(json: animatedScene)
    let sampler = scene.compiled()
    let glow = try AnimatableProperty(keyPath: "custom.glow")
    let n = scene.count
    var marker = LayerState()
    marker.index = 0xBEEF
    for t in nonFiniteTimes {
      let expected = GhostframeError(.invalidArgument, "t must be finite (got \(t))")
      var states = [LayerState](repeating: marker, count: n)
      var values = [Double](repeating: -7, count: n)
      states.withUnsafeMutableBufferPointer { buffer in
        #expect(failure { () throws(GhostframeError) in try scene.sample(at: t, into: buffer) } == expected)
        #expect(failure { () throws(GhostframeError) in try scene.sample(at: t, layers: 1..<n, into: buffer) } == expected)
        #expect(failure { () throws(GhostframeError) in try scene.sample(at: t, into: buffer, threads: 2) } == expected)
        #expect(failure { () throws(GhostframeError) in try sampler.sample(at: t, into: buffer) } == expected)
        #expect(failure { () throws(GhostframeError) in try sampler.sample(at: t, layers: 0..<n, into: buffer) } == expected)
        #expect(failure { () throws(GhostframeError) in try sampler.sample(at: t, into: buffer, threads: 1) } == expected)
      }
      values.withUnsafeMutableBufferPointer { buffer in
        #expect(failure { () throws(GhostframeError) in try scene.customValues(of: glow, at: t, into: buffer) } == expected)
        #expect(failure { () throws(GhostframeError) in try sampler.customValues(of: glow, at: t, into: buffer) } == expected)
      }
      #expect(failure { () throws(GhostframeError) in _ = try scene.checkedPresentationValue(of: glow, layer: 1, at: t) }
              == expected)
      #expect(states.allSatisfy { $0.index == 0xBEEF } && values.allSatisfy { $0 == -7 }, "written at \(t)")
      // Refused before anything else is checked, as the C ABI checks t first.
      let short = UnsafeMutableBufferPointer<LayerState>(start: nil, count: 0)
      #expect(failure { () throws(GhostframeError) in try sampler.sample(at: t, into: short) } == expected)
    }
  }

  @Test("the conveniences that cannot throw give the model at a non-finite time")
  func conveniencesGiveTheModel() throws {
    let scene = try Scene(json: animatedScene), model = try Scene(json: modelScene)
    let sampler = scene.compiled()
    let glow = try AnimatableProperty(keyPath: "custom.glow")
    let opacity = try AnimatableProperty(keyPath: "opacity")
    let expected = bytes(model.sample(at: 0))
    // An animated time in between, so that a time with animations has been composed before.
    #expect(bytes(scene.sample(at: 0.5)) != expected)
    for t in nonFiniteTimes {
      #expect(bytes(scene.sample(at: t)) == expected, "Scene.sample(at: \(t))")
      #expect(bytes(sampler.sample(at: t)) == expected, "SceneSampler.sample(at: \(t))")
      #expect(scene.customValues(of: glow, at: t) == model.customValues(of: glow, at: 0))
      #expect(sampler.customValues(of: glow, at: t) == model.customValues(of: glow, at: 0))
      #expect(scene.presentationValue(of: opacity, layer: 1, at: t) == [1])
      #expect(sampler.presentationValue(of: glow, layer: 1, at: t) == [2])
      _ = sampler.sample(at: 0.5)
    }
  }

  @Test("the C ABI refuses a non-finite time with the Swift error's status and message, writing nothing")
  func libraryRefuses() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    var scene: UnsafeMutableRawPointer? = nil
    let loaded = animatedScene.withCString { text in
      withUnsafeMutablePointer(to: &scene) { out in
        library.call("gf_scene_load_json", returns: .int32, [
          (.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))), (.size, .size(UInt64(animatedScene.utf8.count))),
          (.pointer, .pointer(UnsafeMutableRawPointer(out)))]).int32
      }
    }
    guard loaded == GF_OK, let scene else {
      Issue.record("gf_scene_load_json: \(loaded)")
      return
    }
    defer { _ = library.call("gf_scene_free", returns: .void, [(.pointer, .pointer(scene))]) }
    let n = 3
    let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { count.deallocate() }
    for t in nonFiniteTimes {
      let message = GhostframeError(.invalidArgument, "t must be finite (got \(t))").message
      var states = [gf_layer_state](repeating: gf_layer_state(), count: n)
      for i in states.indices { states[i].index = 0xBEEF }
      var values = [Double](repeating: -7, count: n)
      count.initialize(to: -1)
      let statuses = states.withUnsafeMutableBufferPointer { states in
        values.withUnsafeMutableBufferPointer { values in
          let s = FFIValue.pointer(states.baseAddress.map { UnsafeMutableRawPointer($0) })
          let v = FFIValue.pointer(values.baseAddress.map { UnsafeMutableRawPointer($0) })
          let c = FFIValue.pointer(UnsafeMutableRawPointer(count))
          return "glow".withCString { name in
            [
              library.call("gf_scene_sample", returns: .int32, [
                (.pointer, .pointer(scene)), (.double, .double(t)), (.pointer, s), (.size, .size(UInt64(n))),
                (.pointer, c)]).int32,
              library.call("gf_scene_sample_range", returns: .int32, [
                (.pointer, .pointer(scene)), (.double, .double(t)), (.size, .size(0)), (.size, .size(UInt64(n))),
                (.pointer, s), (.size, .size(UInt64(n))), (.pointer, c)]).int32,
              library.call("gf_scene_sample_threads", returns: .int32, [
                (.pointer, .pointer(scene)), (.double, .double(t)), (.uint32, .uint32(2)), (.pointer, s),
                (.size, .size(UInt64(n))), (.pointer, c)]).int32,
              library.call("gf_scene_sample_custom", returns: .int32, [
                (.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(mutating: name))),
                (.double, .double(t)), (.pointer, v), (.size, .size(UInt64(n))), (.pointer, c)]).int32,
            ]
          }
        }
      }
      #expect(statuses == [Int32](repeating: GF_E_INVALID_ARGUMENT, count: 4), "statuses at \(t)")
      let last = library.call("gf_last_error_message", returns: .pointer, []).pointer
      #expect(last.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == message, "message at \(t)")
      #expect(states.allSatisfy { $0.index == 0xBEEF } && values.allSatisfy { $0 == -7 }, "written at \(t)")
    }
  }
}
