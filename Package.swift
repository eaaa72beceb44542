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

    // MARK: - Fuzz targets (scripts/fuzz.sh builds them with --sanitize=fuzzer --sanitize=address;
    // a plain build makes do-nothing executables). Each calls the C ABI, so the bridge is fuzzed too.
    .target(name: "FuzzSupport", dependencies: ["CGhostframe"], path: "Sources/Fuzz/Support"),
    .executableTarget(name: "FuzzCurveSpec", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/CurveSpec"),
    .executableTarget(name: "FuzzSceneJSON", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/SceneJSON"),
    .executableTarget(name: "FuzzViewTreeJSON", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/ViewTreeJSON"),
    .executableTarget(name: "FuzzAdjust", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Adjust"),
    .executableTarget(name: "FuzzSection", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Section"),
    .executableTarget(name: "FuzzStyle", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Style"),

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
