// swift-tools-version: 6.3
// 6.3: the bridge's exports are `@c @implementation` functions (SE-0495, Swift 6.3) and the scene's
// output uses `InlineArray` (Swift 6.2); an older toolchain stops here, at the manifest, saying which
// tools version the package needs.
import PackageDescription

// The version script keeps libghostframe.so's exports to exactly the header's gf_* functions.
let versionScript = "\(Context.packageDirectory)/cmake/ghostframe.map"

let package = Package(
  name: "Ghostframe",
  products: [
    // MARK: - Public API
    /// The Swift engine: every public module below, re-exported (`import Ghostframe`).
    .library(name: "Ghostframe", targets: ["Ghostframe"]),
    /// Values, curves, springs, timing, animations, layers and scenes.
    .library(name: "GhostframeCore", targets: ["GhostframeCore"]),
    /// View trees and the skeletons generated from them (with Core).
    .library(name: "GhostframeSkeleton", targets: ["GhostframeSkeleton"]),
    /// The scene, view-tree and timeline JSON documents (with Core, Skeleton and Timeline).
    .library(name: "GhostframeFormats", targets: ["GhostframeFormats"]),
    /// Anim-style timelines compiled to begin times on the scene clock (with Core).
    .library(name: "GhostframeTimeline", targets: ["GhostframeTimeline"]),
    /// The seeds' ready-made pieces: preload overlay, scrubbing, pull-to-refresh, card transition (with
    /// Core).
    .library(name: "GhostframeTools", targets: ["GhostframeTools"]),
    /// A scene written as Lottie, HTML + CSS or SVG (with Core).
    .library(name: "GhostframeExport", targets: ["GhostframeExport"]),
    /// libghostframe.so: the C ABI declared in Include/ghostframe.h (and the parts it includes).
    .library(name: "ghostframe", type: .dynamic, targets: ["GhostframeBridge"]),
  ],
  dependencies: [
    // `swift package generate-documentation` (`make docs`): a command plugin, built only when run;
    // nothing of it links into the library.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // MARK: - Engine: one module per layer; dependencies run one way, Core <- Skeleton <- Formats.
    // Cross-module fast paths and helpers are `package`, not `public`.
    .target(name: "GhostframeCore", dependencies: ["_GhostframeKernels"]),
    /// The C kernels (batch curve evaluation with runtime AVX2/FMA dispatch): internal to the package,
    /// imported by Core only; none of its symbols is exported from libghostframe.so.
    .target(name: "_GhostframeKernels"),
    /// The general JSON parser, values, paths, readers, writer and limits: internal to the package
    /// (no product; its declarations are `package`, none public).
    .target(name: "_GhostframeJSON", dependencies: ["GhostframeCore"]),
    .target(name: "GhostframeSkeleton", dependencies: ["GhostframeCore"]),
    .target(name: "GhostframeTimeline", dependencies: ["GhostframeCore"]),
    /// The seeds' ready-made pieces: the preload overlay, scrubbing and pull-to-refresh, the card transition.
    .target(name: "GhostframeTools", dependencies: ["GhostframeCore"]),
    /// A scene written as Lottie, HTML + CSS and SVG: curves where the format has them, baked elsewhere.
    .target(name: "GhostframeExport", dependencies: ["GhostframeCore"]),
    .target(name: "GhostframeFormats", dependencies: ["GhostframeCore", "GhostframeSkeleton", "GhostframeTimeline", "_GhostframeJSON"]),
    /// The umbrella: re-exports the public modules.
    .target(name: "Ghostframe", dependencies: ["GhostframeCore", "GhostframeSkeleton", "GhostframeFormats", "GhostframeTimeline",
                                                "GhostframeTools", "GhostframeExport"]),

    // MARK: - C ABI
    /// Header-only target: exposes Include/ghostframe.h, with the parts it includes, to Swift.
    .target(name: "CGhostframe"),
    /// libghostframe.so's exports, on what they import: the umbrella (Skeleton, Formats and the rest
    /// through it), Core, the header.
    .target(
      name: "GhostframeBridge",
      dependencies: ["Ghostframe", "GhostframeCore", "CGhostframe"],
      linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(versionScript)"])]
    ),

    // MARK: - Benchmarks (scripts/bench.sh; not tests)
    .executableTarget(name: "GhostframeBenchmarks", dependencies: ["Ghostframe"]),
    // MARK: - Examples of the Swift API (run by `make swift-test`)
    .executableTarget(name: "ChainOneLiner", dependencies: ["Ghostframe"], path: "examples/swift/ChainOneLiner"),

    // MARK: - Fuzz targets (scripts/fuzz.sh builds them with --sanitize=fuzzer --sanitize=address;
    // a plain build makes do-nothing executables). Each calls the C ABI, so the bridge is fuzzed too.
    .target(name: "FuzzSupport", dependencies: ["CGhostframe"], path: "Sources/Fuzz/Support"),
    .executableTarget(name: "FuzzCurveSpec", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/CurveSpec"),
    .executableTarget(name: "FuzzSceneJSON", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/SceneJSON"),
    .executableTarget(name: "FuzzViewTreeJSON", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/ViewTreeJSON"),
    .executableTarget(name: "FuzzAdjust", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Adjust"),
    .executableTarget(name: "FuzzSection", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Section"),
    .executableTarget(name: "FuzzStyle", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Style"),
    .executableTarget(name: "FuzzTimelineJSON", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/TimelineJSON"),
    .executableTarget(name: "FuzzChain", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Chain"),
    .executableTarget(name: "FuzzTools", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/Tools"),
    .executableTarget(name: "FuzzViewChain", dependencies: ["FuzzSupport", "GhostframeBridge"], path: "Sources/Fuzz/ViewChain"),

    // MARK: - Tests
    /// libffi, for calling libghostframe.so the way a dynamic host does (tests only).
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    /// Helpers the test targets share (expectError, SplitMix64, hostile inputs, scene round trips and
    /// the example scenes); only tests depend on it.
    .target(
      name: "GhostframeTestSupport",
      dependencies: ["GhostframeCore", "GhostframeFormats"],
      path: "Tests/GhostframeTestSupport"
    ),
    // One test target per module. Core's and Skeleton's also read JSON where a suite checks that a
    // rule holds through the formats too (example scenes, round trips, NUL in documents).
    .testTarget(
      name: "GhostframeCoreTests",
      // _GhostframeKernels: the curve kernels' baseline and AVX2/FMA paths are compared directly.
      dependencies: ["GhostframeCore", "GhostframeFormats", "GhostframeTestSupport", "_GhostframeKernels"]
    ),
    .testTarget(name: "GhostframeJSONTests", dependencies: ["_GhostframeJSON", "GhostframeCore", "GhostframeTestSupport"]),
    .testTarget(
      name: "GhostframeSkeletonTests",
      dependencies: ["GhostframeSkeleton", "GhostframeCore", "GhostframeFormats", "GhostframeTestSupport"]
    ),
    .testTarget(
      name: "GhostframeFormatsTests",
      dependencies: [
        "GhostframeFormats", "GhostframeSkeleton", "GhostframeTimeline", "GhostframeCore", "_GhostframeJSON",
        "GhostframeTestSupport",
      ]
    ),
    .testTarget(
      name: "GhostframeTimelineTests",
      dependencies: ["GhostframeTimeline", "GhostframeCore", "GhostframeTestSupport"]
    ),
    .testTarget(
      name: "GhostframeToolsTests",
      dependencies: ["GhostframeTools", "GhostframeTimeline", "GhostframeSkeleton", "GhostframeCore", "GhostframeTestSupport"]
    ),

    .testTarget(
      name: "GhostframeExportTests",
      dependencies: ["GhostframeExport", "GhostframeCore", "GhostframeTestSupport"]
    ),

    .testTarget(
      name: "ConformanceTests",
      // _GhostframeJSON: the header's JSON limits are checked against the parser's.
      dependencies: ["Ghostframe", "_GhostframeJSON", "CGhostframe", "CFFI", "GhostframeTestSupport"],
      exclude: ["Cases"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
