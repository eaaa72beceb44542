import Foundation
import Testing

/// The sampler's runtime (`Sources/GhostframeCore/Sampling/`) hands its hot loops raw pointers
/// from one storage allocation instead of borrowing each array in a closure of its own: no
/// function there nests more than two closures. Counted on the parser's own tree
/// (`swiftc -dump-parse`, which resolves nothing, so a file parses alone), not on braces.
@Suite("The sampler's sources")
struct SamplingSourceTests {
  /// The folder of the sampler's runtime, from this file's place in the checkout.
  private static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/GhostframeCore/Sampling")

  /// The deepest nesting of closures in the parse tree `dump` (one node a line, children
  /// indented below their parent).
  static func closureDepth(ofParse dump: String) -> Int {
    var open: [(indent: Int, isClosure: Bool)] = []
    var deepest = 0
    for line in dump.split(separator: "\n") {
      let indent = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(indent)
      // A node opens with "(kind" or "label=(kind"; other lines continue a node's attributes.
      guard let paren = rest.firstIndex(of: "("), rest[..<paren].allSatisfy({ $0.isLetter || $0 == "_" || $0 == "=" })
      else { continue }
      let kind = rest[rest.index(after: paren)...].prefix { $0.isLetter || $0 == "_" }
      while let last = open.last, last.indent >= indent { open.removeLast() }
      open.append((indent, kind == "closure_expr"))
      deepest = max(deepest, open.filter { $0.isClosure }.count)
    }
    return deepest
  }

  @Test("the depth counter sees closures inside closures, and nothing else")
  func counterWorks() throws {
    let source = """
      func f(_ a: [Int]) -> Int {
        if a.isEmpty { return 0 }
        let g = { (x: Int) in x + 1 }
        return a.map { x in [x].map { $0 + g(1) }.reduce(0, +) }.reduce(0) { $0 + $1 }
      }
      """
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("closure-depth-\(getpid()).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try Self.closureDepth(ofParse: Self.parse(file)) == 2)
  }

  @Test("no function in Sampling/ nests more than two closures")
  func closuresNestTwoDeepAtMost() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count >= 14, "the sampler's files in \(Self.folder.path)")
    for name in files {
      let depth = try Self.closureDepth(ofParse: Self.parse(Self.folder.appendingPathComponent(name)))
      #expect(depth <= 2, "\(name): closures nest \(depth) deep")
    }
  }

  /// `swiftc -dump-parse` of `file`: its parse tree, as text.
  private static func parse(_ file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-dump-parse", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "swiftc -dump-parse \(file.lastPathComponent)")
    return String(decoding: data, as: UTF8.self)
  }
}
