// swift-tools-version: 6.0
import PackageDescription

// The version script keeps libghostframe.so's exports to exactly the header's gf_* functions.
let versionScript = "\(Context.packageDirectory)/cmake/ghostframe.map"

let package = Package(
  name: "Ghostframe",
  products: [
    // MARK: - Public API
    /// The Swift engine.
    .library(name: "Ghostframe", targets: ["Ghostframe"]),
    /// libghostframe.so: the C ABI declared in Include/ghostframe.h.
    .library(name: "ghostframe", type: .dynamic, targets: ["GhostframeBridge"]),
  ],
  targets: [
    // MARK: - Engine
    .target(name: "Ghostframe"),

    // MARK: - C ABI
    /// Header-only target: exposes Include/ghostframe.h to Swift.
    .target(name: "CGhostframe"),
    .target(
      name: "GhostframeBridge",
      dependencies: ["Ghostframe", "CGhostframe"],
      linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(versionScript)"])]
    ),

    // MARK: - Benchmarks (scripts/bench.sh; not tests)
    .executableTarget(name: "GhostframeBenchmarks", dependencies: ["Ghostframe"]),

    // MARK: - Tests
    /// libffi, for calling libghostframe.so the way a dynamic host does (tests only).
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    .testTarget(name: "GhostframeTests", dependencies: ["Ghostframe"]),
    .testTarget(
      name: "ConformanceTests",
      dependencies: ["Ghostframe", "CGhostframe", "CFFI"],
      exclude: ["Cases"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
