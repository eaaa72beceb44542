// The umbrella module: `import Ghostframe` brings in every public module of the engine, so a
// Swift host needs one import. The modules depend one way: Core <- Skeleton, Timeline, Tools,
// Export; Core, Skeleton, Timeline <- Formats (Sources/Ghostframe/Ghostframe.docc/Ghostframe.md
// lists them, one page each).
//
// - GhostframeCore: values, curves, springs, timing, animations, layers and scenes (sampling).
// - GhostframeSkeleton: view trees, skeleton generation, adjustment lines, skeleton effects.
// - GhostframeTimeline: Anim-style timelines compiled to begin times on the scene clock, and chains.
// - GhostframeTools: the preload overlay, scrubbing, pull-to-refresh and the card transition.
// - GhostframeFormats: the scene, view-tree and timeline JSON documents.
// - GhostframeExport: a scene written as Lottie, HTML + CSS or SVG.
@_exported import GhostframeCore
@_exported import GhostframeExport
@_exported import GhostframeFormats
@_exported import GhostframeSkeleton
@_exported import GhostframeTimeline
@_exported import GhostframeTools
