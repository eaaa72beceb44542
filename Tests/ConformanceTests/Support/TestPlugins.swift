import Foundation

/// Plugin libraries the conformance suite loads with gf_plugin_load, compiled once with the C
/// compiler (`$CC`, else `cc`) into the temporary folder: the repository's example plugin
/// (examples/c/plugins/example_plugin.c), its wrong-ABI build, and a minimal plugin that
/// registers nothing (for the handle batteries, which load many at once in parallel tests).
enum TestPlugins {
  /// The repository root (three levels above this file's folder).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The example plugin (acme.wobble, acme.glow, acme.AvatarView), or nil without a compiler.
  static let example: String? = build(source: root.appendingPathComponent("examples/c/plugins/example_plugin.c").path,
                                      name: "example", defines: [])
  /// The example plugin built for ABI version 99.
  static let exampleABI99: String? = build(
    source: root.appendingPathComponent("examples/c/plugins/example_plugin.c").path, name: "abi99",
    defines: ["-DACME_PLUGIN_ABI=99"])
  /// A plugin that declares the ABI version and registers nothing.
  static let minimal: String? = {
    let source = FileManager.default.temporaryDirectory
      .appendingPathComponent("gf-conformance-minimal-\(getpid()).c").path
    let text = """
      #include "ghostframe.h"
      __attribute__((visibility("default"))) gf_status gf_plugin_init(gf_plugin_api *api) {
          api->plugin_abi_version = GF_ABI_VERSION;
          return GF_OK;
      }
      """
    guard (try? text.write(toFile: source, atomically: true, encoding: .utf8)) != nil else { return nil }
    return build(source: source, name: "minimal", defines: [])
  }()

  private static func build(source: String, name: String, defines: [String]) -> String? {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("gf-conf-\(name)-\(getpid()).so").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [ProcessInfo.processInfo.environment["CC"] ?? "cc", "-shared", "-fPIC"] + defines
      + ["-I", root.appendingPathComponent("Include").path, source, "-o", output, "-lm"]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? output : nil
  }
}
