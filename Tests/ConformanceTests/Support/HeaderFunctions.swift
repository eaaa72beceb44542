import Foundation

/// A function declared in Include/ghostframe.h: its name and C signature as libffi types
/// (and each parameter's C type as spelled, which tells a size_t count from a uint64_t id).
struct DeclaredFunction: CustomStringConvertible {
  let name: String
  let returns: FFIType
  let parameters: [(type: FFIType, name: String, spelled: String)]
  var description: String { name }
}

/// Reads every function declaration from the public header, so the suite follows the
/// header rather than a hand-kept list.
enum Header {
  static let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Include/ghostframe.h").path

  static let functions: [DeclaredFunction] = {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
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
                              parameters: parameters)
    }
  }()

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
