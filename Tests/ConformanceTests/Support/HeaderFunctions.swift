import Foundation

/// A function declared in Include/ghostframe.h (in one of its parts): its name and C signature as
/// libffi types (and each parameter's C type as spelled, which tells a size_t count from a uint64_t
/// id), and the part that declares it ("ghostframe/curve.h").
struct DeclaredFunction: CustomStringConvertible {
  let name: String
  let returns: FFIType
  let parameters: [(type: FFIType, name: String, spelled: String)]
  let header: String
  var description: String { name }
}

/// Reads the public header, so the suite follows the header rather than a hand-kept list:
/// Include/ghostframe.h is an umbrella over its parts (`#include "ghostframe/curve.h"`, ...), each
/// part including the parts it needs (`#include "base.h"`), and is read as the preprocessor reads
/// it (scripts/header_text.py does the same for the Python side).
enum Header {
  /// Include/ghostframe.h, the umbrella.
  static let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Include/ghostframe.h").path

  /// The umbrella and every file its quoted includes reach, in the order they are first reached, each
  /// by its path relative to Include/ ("ghostframe.h", "ghostframe/base.h", ...) and its own text.
  static var files: [(name: String, text: String)] { contents.files }

  /// The header as one text: the umbrella with each `#include "..."` line replaced by the text of the
  /// file it names, expanded in turn the first time that file is reached (later, as its include guard
  /// does, by nothing). Resolved relative to the including file's folder, as the preprocessor does.
  static var text: String { contents.text }

  private static let contents = read()

  private static func read() -> (files: [(name: String, text: String)], text: String) {
    let include = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
    var files: [(name: String, text: String)] = []
    var seen: Set<String> = []
    func expand(_ url: URL) -> [Substring] {
      let url = url.standardizedFileURL
      guard seen.insert(url.path).inserted, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
      files.append((String(url.path.dropFirst(include.path.count + 1)), text))
      return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [Substring] in
        guard let name = line.wholeMatch(of: /[ \t]*#[ \t]*include[ \t]+"([^"]+)"[ \t]*/)?.output.1 else { return [line] }
        return expand(url.deletingLastPathComponent().appendingPathComponent(String(name)))
      }
    }
    let text = expand(URL(fileURLWithPath: path)).joined(separator: "\n")
    return (files, text)
  }

  /// Every function declared by the header, file by file in the order of `files`.
  static let functions: [DeclaredFunction] = files.flatMap { declarations(in: $0.text, header: $0.name) }

  /// The function declarations of one file's own text.
  private static func declarations(in text: String, header: String) -> [DeclaredFunction] {
    let withoutComments = text
      .replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
      .replacingOccurrences(of: #"//[^\n]*"#, with: " ", options: .regularExpression)
    let declaration = try! NSRegularExpression(
      pattern: #"(?m)^([A-Za-z_][\w \*]*?)\b(gf_\w+)\s*\(([^)]*)\)\s*;"#)
    let range = NSRange(withoutComments.startIndex..., in: withoutComments)
    return declaration.matches(in: withoutComments, range: range).compactMap { match in
      guard let r = Range(match.range(at: 1), in: withoutComments),
            let n = Range(match.range(at: 2), in: withoutComments),
            let p = Range(match.range(at: 3), in: withoutComments) else { return nil }
      let parameterText = withoutComments[p].trimmingCharacters(in: .whitespacesAndNewlines)
      let parameters: [(FFIType, String, String)] = parameterText == "void" ? [] :
        parameterText.split(separator: ",").map { part in
          let words = part.trimmingCharacters(in: .whitespacesAndNewlines)
          let name = String(words.split(whereSeparator: { $0 == " " || $0 == "*" }).last ?? "")
          let spelled = String(words.dropLast(name.count)).trimmingCharacters(in: .whitespaces)
          return (cType(spelled), name, spelled)
        }
      return DeclaredFunction(name: String(withoutComments[n]), returns: cType(String(withoutComments[r])),
                              parameters: parameters, header: header)
    }
  }

  /// Maps a C type spelled in the header to its libffi type.
  static func cType(_ spelled: String) -> FFIType {
    let type = spelled.trimmingCharacters(in: .whitespacesAndNewlines)
    if type.contains("*") { return .pointer }
    switch type.replacingOccurrences(of: "const ", with: "") {
    case "void": return .void
    case "double": return .double
    case "int32_t", "gf_status": return .int32
    case "uint32_t": return .uint32
    case "size_t", "uint64_t": return .size
    case let name where name.hasPrefix("gf_") && name.hasSuffix("_fn"): return .pointer  // callbacks
    default:
      Issue.record("unmapped C type '\(type)' in ghostframe.h")
      return .pointer
    }
  }
}

import Testing
