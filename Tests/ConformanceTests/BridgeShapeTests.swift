import Foundation
import Testing

/// One `@c @implementation` function of Sources/GhostframeBridge: where it is, what it returns,
/// and its body between the outer braces.
struct BridgeExport: CustomStringConvertible {
  let name: String
  let file: String
  let returns: String
  let body: String
  var description: String { "\(name) (\(file))" }
}

/// The bridge's sources, read from the tree so that a new file or export cannot escape the checks.
enum BridgeSources {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/GhostframeBridge")

  /// Every Swift file, by path relative to Sources/GhostframeBridge.
  static let files: [String: String] = {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
    var found: [String: String] = [:]
    for case let url as URL in walker where url.pathExtension == "swift" {
      let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
      found[relative] = try? String(contentsOf: url, encoding: .utf8)
    }
    return found
  }()

  /// Every export, parsed from `@c @implementation public func gf_x(...) -> T {` to its closing brace.
  static let exports: [BridgeExport] = {
    var found: [BridgeExport] = []
    for (file, text) in files {
      var rest = Substring(text)
      while let marker = rest.range(of: "@c @implementation") {
        rest = rest[marker.upperBound...]
        guard let name = rest.firstMatch(of: /public func (gf_\w+)\(/)?.output.1,
              let open = openingBrace(of: rest) else { break }
        let signature = rest[..<open]
        let returns = signature.firstMatch(of: /\)\s*->\s*([^{]+?)\s*$/)?.output.1 ?? "Void"
        guard let close = matchingBrace(in: rest, from: open) else { break }
        found.append(BridgeExport(name: String(name), file: file, returns: String(returns),
                                  body: String(rest[rest.index(after: open)..<close])))
        rest = rest[close...]
      }
    }
    return found.sorted { $0.name < $1.name }
  }()

  /// The `{` that opens a function's body: the first one after the parameter list closes.
  private static func openingBrace(of text: Substring) -> Substring.Index? {
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
      switch text[index] {
      case "(": depth += 1
      case ")": depth -= 1
      case "{" where depth == 0: return index
      default: break
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// The `}` matching the `{` at `open`, skipping string literals and comments.
  static func matchingBrace(in text: Substring, from open: Substring.Index) -> Substring.Index? {
    var depth = 0
    var index = open
    var inString = false
    while index < text.endIndex {
      let character = text[index]
      if inString {
        if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if text[index...].hasPrefix("//") {
        index = text[index...].firstIndex(of: "\n") ?? text.endIndex
        continue
      } else if character == "{" {
        depth += 1
      } else if character == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      if index < text.endIndex { index = text.index(after: index) }
    }
    return nil
  }
}

/// The bridge only converts and reports (issue 13): every export that returns a status is one
/// call of the wrapper `bridge { ... }`, which alone records the message of a failure.
@Suite("Bridge shape")
struct BridgeShapeTests {
  @Test("the sources parse into exactly the header's functions")
  func exportsAreTheHeaders() {
    let names = BridgeSources.exports.map(\.name)
    #expect(Set(names).count == names.count, "an export is parsed twice")
    #expect(Set(names) == Set(Header.functions.map(\.name)))
  }

  /// The header is split as the bridge is: Include/ghostframe.h includes one part per concern,
  /// named after the bridge's folders (several small folders share tools.h; the support folder's
  /// exports are the common part, base.h).
  static let partOfFolder = [
    "Support": "ghostframe/base.h", "Curves": "ghostframe/curve.h", "Timing": "ghostframe/timing.h",
    "Animation": "ghostframe/animation.h", "Scene": "ghostframe/scene.h", "Export": "ghostframe/scene.h",
    "Timeline": "ghostframe/timeline.h", "Skeleton": "ghostframe/skeleton.h", "Chain": "ghostframe/chain.h",
    "Preload": "ghostframe/tools.h", "Card": "ghostframe/tools.h", "Scrub": "ghostframe/tools.h",
    "Plugins": "ghostframe/plugins.h",
  ]

  @Test("each export is declared in the header part of its bridge folder, and every part has exports")
  func exportsAreDeclaredInTheirFoldersPart() {
    let declaredIn = Dictionary(Header.functions.map { ($0.name, $0.header) }, uniquingKeysWith: { first, _ in first })
    for export in BridgeSources.exports {
      let folder = String(export.file.split(separator: "/").first ?? "")
      guard let part = Self.partOfFolder[folder] else {
        Issue.record("\(export): the folder \(folder) has no header part; add it to partOfFolder")
        continue
      }
      #expect(declaredIn[export.name] == part, "\(export) is declared in \(declaredIn[export.name] ?? "no part"), not \(part)")
    }
    let parts = Set(Header.files.map(\.name)).subtracting(["ghostframe.h"])
    #expect(parts.count >= 10, "the umbrella's parts: \(parts.sorted())")
    #expect(Set(Self.partOfFolder.values) == parts)
    #expect(Set(Self.partOfFolder.keys) == Set(BridgeSources.exports.compactMap { $0.file.split(separator: "/").first.map(String.init) }))
  }

  @Test("every export returning gf_status is one bridge { ... } call")
  func statusExportsAreOneWrapperCall() throws {
    let statusExports = BridgeSources.exports.filter { $0.returns == "gf_status" }
    #expect(statusExports.count > 50)
    for export in statusExports {
      let body = export.body.trimmingCharacters(in: .whitespacesAndNewlines)
      guard body.hasPrefix("bridge {") else {
        Issue.record("\(export) does not begin with bridge {")
        continue
      }
      // The wrapper's closure is the whole body: its closing brace is the body's last character.
      let text = Substring(body)
      let open = try #require(text.firstIndex(of: "{"))
      let close = BridgeSources.matchingBrace(in: text, from: open)
      #expect(close == text.index(before: text.endIndex), "\(export) does more than call bridge { ... }")
    }
  }

  @Test("exports that return no status (inits, versions, strings) do not use the wrapper")
  func otherExportsDoNot() {
    let others = BridgeSources.exports.filter { $0.returns != "gf_status" }
    #expect(!others.isEmpty)
    for export in others {
      #expect(!export.body.contains("bridge {"), "\(export)")
    }
  }

  @Test("only the wrapper records a message, one place maps engine codes, no Result plumbing is left")
  func oneReportingPlace() {
    #expect(!BridgeSources.files.isEmpty)
    for (file, text) in BridgeSources.files {
      let calls = text.components(separatedBy: "setLastError(").count - 1
      switch file {
      case "Support/Bridge.swift": #expect(calls == 1, "the wrapper records the message once")
      case "Support/LastError.swift": #expect(calls == 1, "the definition")
      default: #expect(calls == 0, "\(file) records a message itself")
      }
      #expect(!text.contains("Result<"), "\(file) passes failures as Result")
      #expect(!text.contains("case .failure"), "\(file) switches over a Result")
      // Engine error codes become statuses in one place (BridgeError.init).
      #expect(text.contains("error.code") == (file == "Support/BridgeError.swift"), "\(file) maps engine codes")
    }
  }

  @Test("the bridge is organised by concern: every file is in a sub-folder")
  func filesAreInFolders() {
    let folders = Set(BridgeSources.files.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
    #expect(folders == ["Support", "Curves", "Timing", "Animation", "Scene", "Skeleton", "Timeline", "Chain", "Card", "Preload", "Scrub",
                       "Export", "Plugins"])
    for file in BridgeSources.files.keys {
      #expect(file.contains("/"), "\(file) is at the top of Sources/GhostframeBridge")
    }
    // Exports live with their concern; Support holds only what every concern shares (and the
    // version and status queries, which belong to no concern).
    let supportExports = BridgeSources.exports.filter { $0.file.hasPrefix("Support/") }.map(\.name)
    #expect(Set(supportExports) == ["gf_version_string", "gf_version_number", "gf_abi_version", "gf_status_string",
                                    "gf_last_error_message", "gf_string_free"])
  }
}
