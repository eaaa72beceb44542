import CGhostframe
import Foundation
import Glibc
import Testing

/// The handle types of ghostframe.h (its parts), as spelled there, and how to make and free one.
private let handleTypes = ["gf_curve", "gf_timing", "gf_scene", "gf_animation", "gf_view_tree", "gf_timeline",
                           "gf_chain", "gf_preload", "gf_expand_transition",
                           "gf_scrub", "gf_pull_to_refresh", "gf_snapshot_pool", "gf_plugin", "gf_timeline_builder"]

/// The function that frees a handle of `type` (a plugin is unloaded).
private func freeFunction(_ type: String) -> String { type == "gf_plugin" ? "gf_plugin_unload" : type + "_free" }

/// One handle parameter of a declared function (for MisuseTests): its index and C type name.
struct HandleParameter: CustomStringConvertible {
  let function: DeclaredFunction
  let index: Int
  let type: String
  var description: String { "\(function.name)(\(function.parameters[index].name))" }
}

/// Every parameter of every declared function whose type is a handle pointer (`gf_x *` or
/// `const gf_x *`; not out-parameters `gf_x **` nor arrays of handles), read from the header's
/// text so a new function cannot escape the battery.
private let handleParameters: [HandleParameter] = {
  let code = Header.text
    .replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
    .replacingOccurrences(of: #"//[^\n]*"#, with: " ", options: .regularExpression)
  var found: [HandleParameter] = []
  for function in Header.functions {
    guard let range = code.range(of: #"\b\#(function.name)\s*\(([^)]*)\)\s*;"#, options: .regularExpression)
    else { continue }
    let declaration = String(code[range])
    guard let open = declaration.firstIndex(of: "("), let close = declaration.lastIndex(of: ")") else { continue }
    let parameters = declaration[declaration.index(after: open)..<close].split(separator: ",")
    for (index, parameter) in parameters.enumerated() {
      let words = parameter.replacingOccurrences(of: "const", with: " ")
      let stars = words.filter { $0 == "*" }.count
      guard stars == 1, let type = handleTypes.first(where: { words.contains($0 + " ") || words.contains($0 + "*") })
      else { continue }
      found.append(HandleParameter(function: function, index: index, type: type))
    }
  }
  return found
}()

/// Makes, frees and holds handles through the library, for calls that need them.
private final class Handles {
  let library: NativeLibrary
  /// 16 KiB of zeros: every pointer argument that is not a handle points here (an empty
  /// string, a zero count, a struct the function is never reached to read).
  let zeros = UnsafeMutableRawPointer.allocate(byteCount: 16384, alignment: 16)
  private var made: [(String, UnsafeMutableRawPointer)] = []

  init(_ library: NativeLibrary) {
    self.library = library
    zeros.initializeMemory(as: UInt8.self, repeating: 0, count: 16384)
  }

  deinit {
    for (type, handle) in made.reversed() { _ = free(type, handle) }
    zeros.deallocate()
  }

  func status(_ name: String, _ arguments: [FFIValue]) -> Int32 {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: .int32, Array(zip(types, arguments))).int32
  }

  var message: String {
    library.call("gf_last_error_message", returns: .pointer, []).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
  }

  private func out(_ body: (FFIValue) -> Int32) -> UnsafeMutableRawPointer? {
    var handle: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &handle) { body(.pointer(UnsafeMutableRawPointer($0))) }
    return status == GF_OK ? handle : nil
  }

  /// A new live handle of `type` (animations are groups, so they fit every animation slot),
  /// freed with this object unless `kept` is false.
  func make(_ type: String, kept: Bool = true) -> UnsafeMutableRawPointer? {
    let handle: UnsafeMutableRawPointer?
    switch type {
    case "gf_curve":
      handle = "ease".withCString { spec in out { status("gf_curve_parse", [.pointer(UnsafeMutableRawPointer(mutating: spec)), $0]) } }
    case "gf_timing":
      let params = UnsafeMutablePointer<gf_timing_params>.allocate(capacity: 1)
      defer { params.deallocate() }
      _ = library.call("gf_timing_params_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer(params)))])
      params.pointee.duration = 1
      handle = out { status("gf_timing_create", [.pointer(UnsafeMutableRawPointer(params)), $0]) }
    case "gf_scene":
      handle = out { status("gf_scene_create", [$0]) }
    case "gf_animation":
      guard let timing = make("gf_timing", kept: false) else { return nil }
      handle = out { status("gf_animation_create_group", [.pointer(timing), $0]) }
      _ = free("gf_timing", timing)
    case "gf_chain":
      handle = "card".withCString { layer in out { status("gf_chain_create", [.pointer(UnsafeMutableRawPointer(mutating: layer)), $0]) } }
    case "gf_preload":
      let params = UnsafeMutablePointer<gf_preload_params>.allocate(capacity: 1)
      defer { params.deallocate() }
      _ = library.call("gf_preload_params_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer(params)))])
      params.pointee.width = 375
      params.pointee.height = 667
      handle = out { status("gf_preload_create", [.pointer(UnsafeMutableRawPointer(params)), $0]) }
    case "gf_scrub":
      guard let scene = make("gf_scene", kept: false) else { return nil }
      handle = out { status("gf_scrub_create", [.pointer(scene), .double(0), .double(1), .double(0), .double(1), .pointer(nil), $0]) }
      _ = free("gf_scene", scene)
    case "gf_plugin":
      guard let path = TestPlugins.minimal else { return nil }
      handle = path.withCString { text in out { status("gf_plugin_load", [.pointer(UnsafeMutableRawPointer(mutating: text)), $0]) } }
    case "gf_pull_to_refresh":
      handle = out { status("gf_pull_to_refresh_create", [375, 95, 160, 50, 20, 2.5, 24, 1].map { .double($0) } + [$0]) }
    case "gf_snapshot_pool":
      handle = out { status("gf_snapshot_pool_create", [.size(4), $0]) }
    case "gf_timeline":
      let json = #"{"timeline": {"sequence": []}}"#
      handle = json.withCString { text in
        out { status("gf_timeline_from_json", [.pointer(UnsafeMutableRawPointer(mutating: text)), .size(UInt64(json.utf8.count)), $0]) }
      }
    case "gf_timeline_builder":
      handle = out { status("gf_timeline_builder_create", [.pointer(nil), $0]) }
    case "gf_expand_transition":
      let params = UnsafeMutablePointer<gf_expand_params>.allocate(capacity: 1)
      let image = UnsafeMutablePointer<Double>.allocate(capacity: 4)
      defer { params.deallocate(); image.deallocate() }
      image.update(from: [10, 20, 30, 40], count: 4)
      _ = library.call("gf_expand_params_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer(params)))])
      params.pointee.window_width = 100
      params.pointee.window_height = 100
      params.pointee.images = UnsafePointer(image)
      params.pointee.image_count = 1
      handle = out { status("gf_expand_transition_create", [.pointer(UnsafeMutableRawPointer(params)), $0]) }
    default:
      handle = out { status("gf_view_tree_create", [.double(100), .double(100), $0]) }
    }
    if kept, let handle { made.append((type, handle)) }
    return handle
  }

  func free(_ type: String, _ handle: UnsafeMutableRawPointer?) -> Int32 {
    status(freeFunction(type), [.pointer(handle)])
  }

  /// Arguments for `function`: `bad` in the handle slot `index`, live handles in the other
  /// handle slots, zeros (or the zero buffer) everywhere else.
  func arguments(_ parameter: HandleParameter, bad: UnsafeMutableRawPointer?) -> [FFIValue] {
    parameter.function.parameters.enumerated().map { index, slot in
      if index == parameter.index { return .pointer(bad) }
      if let other = handleParameters.first(where: { $0.function.name == parameter.function.name && $0.index == index }) {
        return .pointer(make(other.type))
      }
      switch slot.type {
      case .pointer: return .pointer(zeros)
      case .double: return .double(0.5)
      case .int32: return .int32(0)
      case .uint32: return .uint32(0)
      case .size, .void: return .size(0)
      }
    }
  }
}

/// Misuse through dlopen + libffi, as a dynamic host would commit it: every handle parameter of
/// every declared function is given a freed handle of its type, a live handle of every other
/// type and a pointer that is no handle; each call answers GF_E_MISUSE with a message that
/// says which, and changes nothing (the zero buffer stays zero).
@Suite("Misuse: wrong-type, freed and stray handles (libffi)")
struct MisuseTests {
  @Test("the battery covers every handle parameter of the header")
  func coverage() {
    // 5 frees, and the handle arguments of the curve, timing, scene, animation and tree calls.
    #expect(handleParameters.count >= 40, "only \(handleParameters.count) handle parameters found")
    for type in handleTypes {
      #expect(handleParameters.contains { $0.function.name == freeFunction(type) && $0.type == type })
    }
  }

  @Test("a freed handle, another type's handle and a stray pointer are GF_E_MISUSE", arguments: handleParameters)
  func misuse(parameter: HandleParameter) {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let handles = Handles(library)
    var cases: [(String, UnsafeMutableRawPointer?, String)] = []
    if let freed = handles.make(parameter.type, kept: false) {
      #expect(handles.free(parameter.type, freed) == GF_OK)
      cases.append(("freed", freed, "already freed"))
    }
    for other in handleTypes where other != parameter.type {
      cases.append(("a \(other)", handles.make(other), "is a \(other), not a \(parameter.type)"))
    }
    cases.append(("stray", handles.zeros + 64, "is not a \(parameter.type)"))
    for (what, bad, words) in cases {
      let arguments = handles.arguments(parameter, bad: bad)
      let status = handles.status(parameter.function.name, arguments)
      #expect(status == GF_E_MISUSE, "\(parameter) with \(what): \(status) \(handles.message)")
      let message = handles.message
      #expect(message.contains(words), "\(parameter) with \(what): '\(message)' lacks '\(words)'")
      if parameter.function.name == freeFunction(parameter.type) {
        #expect(message.contains(what == "freed" ? "double free" : words), "\(parameter): '\(message)'")
      }
      let untouched = UnsafeRawBufferPointer(start: handles.zeros, count: 16384).allSatisfy { $0 == 0 }
      #expect(untouched, "\(parameter) with \(what) wrote through its arguments")
    }
  }

  @Test("freeing NULL is GF_OK; freeing twice is GF_E_MISUSE, every time")
  func frees() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let handles = Handles(library)
    for type in handleTypes {
      #expect(handles.free(type, nil) == GF_OK)
      guard let handle = handles.make(type, kept: false) else {
        Issue.record("could not make a \(type)")
        continue
      }
      #expect(handles.free(type, handle) == GF_OK)
      for _ in 0..<3 {
        #expect(handles.free(type, handle) == GF_E_MISUSE)
        #expect(handles.message.contains("double free of a \(type)"))
      }
    }
  }

  @Test("a callback calling into the scene it is advancing is GF_E_MISUSE")
  func reentry() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let handles = Handles(library)
    let scene = try #require(handles.make("gf_scene"))
    let desc = UnsafeMutablePointer<gf_layer_desc>.allocate(capacity: 1)
    let id = strdup("card")
    defer {
      desc.deallocate()
      Glibc.free(id)
    }
    _ = library.call("gf_layer_desc_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer(desc)))])
    desc.pointee.id = UnsafePointer(id)
    #expect(handles.status("gf_scene_add_layer", [.pointer(scene), .pointer(UnsafeMutableRawPointer(desc)), .pointer(nil)])
            == GF_OK)
    let animation = try #require(handles.make("gf_animation"))
    #expect(handles.status("gf_scene_add_animation", [.pointer(scene), .pointer(id), .pointer(animation),
                                                      .pointer(nil), .pointer(nil)]) == GF_OK)
    // What the callback saw: the scene, then [layer_count status, free status, calls].
    let context = UnsafeMutablePointer<Int>.allocate(capacity: 4)
    defer { context.deallocate() }
    context.initialize(repeating: 0, count: 4)
    context[0] = Int(bitPattern: scene)
    let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void = { userData, _ in
      guard case .success(let library) = NativeLibrary.shared,
            let seen = userData?.assumingMemoryBound(to: Int.self),
            let scene = UnsafeMutableRawPointer(bitPattern: seen[0])
      else { return }
      let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
      defer { count.deallocate() }
      seen[1] = Int(library.call("gf_scene_layer_count", returns: .int32,
                                 [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(count)))]).int32)
      seen[2] = Int(library.call("gf_scene_free", returns: .int32, [(.pointer, .pointer(scene))]).int32)
      seen[3] += 1
    }
    let status = handles.status("gf_scene_advance", [
      .pointer(scene), .double(0.5), .pointer(unsafeBitCast(callback, to: UnsafeMutableRawPointer.self)),
      .pointer(UnsafeMutableRawPointer(context)),
    ])
    #expect(status == GF_OK)
    #expect(context[3] >= 1, "the group's start should have been reported")
    #expect(context[1] == Int(GF_E_MISUSE))
    #expect(context[2] == Int(GF_E_MISUSE))
    let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { count.deallocate() }
    #expect(handles.status("gf_scene_layer_count", [.pointer(scene), .pointer(UnsafeMutableRawPointer(count))]) == GF_OK)
    #expect(count.pointee == 1)
  }
}
