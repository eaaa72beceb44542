import CGhostframe
import Foundation
import Testing

/// The cases' documents of one kind: scenes.json's scenes, skeletons.json's trees, timelines.json's timelines.
private struct DocumentCases<Case: Decodable>: Decodable { let cases: [Case] }

/// A document of a conformance case and the pair of calls that read it: the text call and the file call.
struct FileCase: CustomStringConvertible, Sendable {
  let name: String
  let json: String
  let textCall: String
  let fileCall: String
  let free: String
  let toJSON: String
  var description: String { "\(fileCall): \(name)" }
}

private let fileCases: [FileCase] = {
  let scenes = loadCases("scenes.json", as: DocumentCases<SceneCase>.self)?.cases ?? []
  let trees = loadCases("skeletons.json", as: DocumentCases<SkeletonCase>.self)?.cases ?? []
  let timelines = loadCases("timelines.json", as: DocumentCases<TimelineCase>.self)?.cases ?? []
  return scenes.map {
    FileCase(name: $0.name, json: $0.scene.text, textCall: "gf_scene_load_json", fileCall: "gf_scene_from_file",
             free: "gf_scene_free", toJSON: "gf_scene_to_json")
  } + trees.map {
    FileCase(name: $0.name, json: $0.tree.text, textCall: "gf_skeleton_from_json", fileCall: "gf_skeleton_from_file",
             free: "gf_scene_free", toJSON: "gf_scene_to_json")
  } + timelines.map {
    FileCase(name: $0.name, json: $0.timeline.text, textCall: "gf_timeline_from_json", fileCall: "gf_timeline_from_file",
             free: "gf_timeline_free", toJSON: "gf_timeline_to_json")
  }
}()

/// The gf_*_from_file calls (issue 30) on every scene, view tree and timeline of the case files,
/// each written to a file: the reference is the text call on the same document. What loads is the
/// same handle (written back as the same JSON), what is refused is refused with the same status and
/// the text call's message after the file's path.
@Suite("Documents read from files, through libghostframe.so")
struct FileConformanceTests {
  @Test("the case files are present")
  func present() {
    for call in ["gf_scene_from_file", "gf_skeleton_from_file", "gf_timeline_from_file"] {
      #expect(fileCases.filter { $0.fileCall == call }.count >= 8, "too few cases for \(call)")
    }
  }

  @Test("a file reads as its text does", arguments: fileCases)
  func sameAsText(c: FileCase) throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gf-file-case-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("document.json").path
    try Data(c.json.utf8).write(to: URL(fileURLWithPath: path))

    let (fromText, textStatus, textMessage) = load(library, c.textCall, c.json) { text in
      [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))), (.size, .size(UInt64(c.json.utf8.count)))]
    }
    let (fromFile, fileStatus, fileMessage) = load(library, c.fileCall, path) { path in
      [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: path)))]
    }
    defer {
      for handle in [fromText, fromFile] where handle != nil {
        _ = library.call(c.free, returns: .int32, [(.pointer, .pointer(handle))])
      }
    }
    #expect(fileStatus == textStatus, "\(c): status \(fileStatus) (\(fileMessage)), the text call's \(textStatus)")
    if textStatus == GF_OK {
      let written = [fromText, fromFile].map { json(library, c.toJSON, $0) }
      #expect(written[0] != nil && written[0] == written[1], "\(c): the file's handle writes other JSON")
    } else {
      #expect(fileMessage == "\(path): \(textMessage)", "\(c): message '\(fileMessage)'")
    }
  }

  /// Calls a loader with `text` (the document, or the path) as a C string, the leading arguments
  /// made of it and an out-handle: the handle, the status and the message.
  private func load(
    _ library: NativeLibrary, _ name: String, _ text: String, _ arguments: (UnsafePointer<CChar>) -> [(FFIType, FFIValue)]
  ) -> (UnsafeMutableRawPointer?, Int32, String) {
    var handle: UnsafeMutableRawPointer? = nil
    let code = text.withCString { text in
      withUnsafeMutablePointer(to: &handle) { out in
        library.call(name, returns: .int32, arguments(text) + [(.pointer, .pointer(UnsafeMutableRawPointer(out)))]).int32
      }
    }
    let message = library.call("gf_last_error_message", returns: .pointer, []).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "<NULL>"
    return (code == GF_OK ? handle : nil, code, code == GF_OK ? "" : message)
  }

  /// A handle written as JSON by `call` (gf_scene_to_json, gf_timeline_to_json), or nil.
  private func json(_ library: NativeLibrary, _ call: String, _ handle: UnsafeMutableRawPointer?) -> String? {
    var text: UnsafeMutableRawPointer? = nil
    let code = withUnsafeMutablePointer(to: &text) { out in
      library.call(call, returns: .int32, [(.pointer, .pointer(handle)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))]).int32
    }
    guard code == GF_OK, let text else { return nil }
    defer { _ = library.call("gf_string_free", returns: .void, [(.pointer, .pointer(text))]) }
    return String(cString: text.assumingMemoryBound(to: CChar.self))
  }
}
