@testable import GhostframeCore
import Ghostframe
import Testing

private struct RangeSceneFile: Decodable { let cases: [SceneCase] }
private struct RangeSkeletonFile: Decodable { let cases: [SkeletonCase] }

/// Every scene the conformance cases build: the scene documents and the generated skeletons.
private let rangeScenes: [(name: String, scene: Scene)] = {
  var scenes: [(String, Scene)] = []
  for c in loadCases("scenes.json", as: RangeSceneFile.self)?.cases ?? [] {
    if let scene = try? Scene(json: c.scene.text) { scenes.append((c.name, scene)) }
  }
  for c in loadCases("skeletons.json", as: RangeSkeletonFile.self)?.cases ?? [] {
    if let scene = try? Skeleton(tree: ViewTree(json: c.tree.text)).scene() { scenes.append(("skeleton " + c.name, scene)) }
  }
  return scenes
}()

/// Times before, inside and after the cases' animations, and some far past them.
private let rangeTimes: [Double] = [-1, 0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.75, 10, 1e6, .nan, .infinity]

/// The bytes of states (LayerState has no padding: 4 × 4 bytes, then doubles).
private func bytes(_ states: [LayerState]) -> [UInt8] { states.withUnsafeBytes { Array($0) } }

/// Range sampling and the thread pool against the whole-frame sample, byte for byte: every
/// split point of every conformance scene, ranges sampled last-first (so nothing relies on the
/// earlier range having been written), and 2, 3 and 16 threads.
@Suite("Scene ranges and threads, bit for bit")
struct SceneRangeConformanceTests {
  @Test("the cases build scenes") func present() { #expect(rangeScenes.count >= 10) }

  @Test("two ranges at every split, and N threads, give the whole sample's bytes")
  func rangesEqualWhole() throws {
    for (name, scene) in rangeScenes {
      let sampler = scene.compiled()
      let n = sampler.layerCount
      // Non-finite times are refused by ranges and threads (SceneNonFiniteTimeTests).
      for t in rangeTimes where t.isFinite {
        let whole = sampler.sample(at: t)
        for split in 0...n {
          var parts = [LayerState](repeating: LayerState(), count: n)
          try parts.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
            try sampler.sample(at: t, layers: split..<n, into: buffer)
            try sampler.sample(at: t, layers: 0..<split, into: buffer)
          }
          #expect(bytes(parts) == bytes(whole), "\(name) at \(t), split at \(split)")
        }
        for threads in [2, 3, 16] {
          var parts = [LayerState](repeating: LayerState(), count: n)
          try parts.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
            try sampler.sample(at: t, into: buffer, threads: threads)
          }
          #expect(bytes(parts) == bytes(whole), "\(name) at \(t) on \(threads) threads")
        }
      }
    }
  }

  @Test("a range writes its own states and nothing else")
  func writesOnlyItsRange() throws {
    guard let (_, scene) = rangeScenes.max(by: { $0.scene.count < $1.scene.count }), scene.count >= 3 else {
      Issue.record("a scene of 3 layers or more")
      return
    }
    let n = scene.count
    var states = [LayerState](repeating: LayerState(), count: n)
    var marker = LayerState()
    marker.index = 0xDEAD
    for i in states.indices { states[i] = marker }
    try states.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
      try scene.sample(at: 0.5, layers: 1..<(n - 1), into: buffer)
    }
    #expect(states[0].index == 0xDEAD && states[n - 1].index == 0xDEAD)
    #expect(states[1..<(n - 1)].allSatisfy { $0.index != 0xDEAD })
  }

  /// A range whose layers' parents lie before it, in runs and alternating (a, a, b, a, b, b, ...),
  /// with grandchildren between: the range sampler remembers the last parent it looked up on
  /// its private ancestor path, and must look again whenever the parent changes. The parents
  /// move and fade differently, so a stale parent state shows in the children's bytes.
  @Test("children of parents before the range, in runs and alternating, read the right parent")
  func parentsBeforeTheRange() throws {
    var layers = [#"{"id": "root", "frame": [10, 20, 400, 300], "opacity": 0.9}"#,
                  #"{"id": "a", "parent": "root", "frame": [5, 6, 100, 50], "transform": {"rotation": 0.3}}"#,
                  #"{"id": "b", "parent": "root", "frame": [50, 60, 80, 40], "opacity": 0.5}"#]
    let parentsOfChildren = ["a", "a", "b", "a", "b", "b", "a", "root", "b", "a"]
    for (k, parent) in parentsOfChildren.enumerated() {
      layers.append(#"{"id": "c\#(k)", "parent": "\#(parent)", "frame": [\#(k), \#(2 * k), 10, 8]}"#)
      if k % 3 == 1 { layers.append(#"{"id": "g\#(k)", "parent": "c\#(k)", "frame": [1, 1, 4, 4]}"#) }
    }
    let json = """
      {"format": "ghostframe-scene", "version": 1, "layers": [\(layers.joined(separator: ", "))], "animations": [
        {"layer": "a", "type": "basic", "keyPath": "position.x", "from": 0, "to": 90, "timing": {"duration": 1}},
        {"layer": "b", "type": "basic", "keyPath": "opacity", "from": 0.2, "to": 1, "timing": {"duration": 2}},
        {"layer": "b", "type": "basic", "keyPath": "transform.rotation.z", "from": 0, "to": 1, "timing": {"duration": 1}}
      ]}
      """
    let sampler = try Scene(json: json).compiled()
    let n = sampler.layerCount
    for t in [0, 0.25, 0.6, 1.5] {
      let whole = sampler.sample(at: t)
      #expect(Set(whole.map(\.x)).count > n / 2, "the layers are told apart at \(t)")
      for begin in 3..<n {
        var parts = whole
        parts.withUnsafeMutableBufferPointer { buffer in
          for i in begin..<n { buffer[i] = LayerState() }
          #expect(throws: Never.self) { try sampler.sample(at: t, layers: begin..<n, into: buffer) }
        }
        // (LayerState's == compares bytes.)
        let wrong = (0..<n).first { parts[$0] != whole[$0] }
        #expect(wrong == nil, "at \(t), range from \(begin): layer \(wrong ?? -1) differs")
      }
    }
  }

  /// The pool hands out chunks of about a thousand layers to whichever thread is free, so a
  /// workspace samples a different range almost every time. A scene several chunks long whose
  /// chunk boundaries fall among siblings, under parents in other chunks, with batched and
  /// general tracks and timings shared across chunks, sampled forwards and backwards on 2 to
  /// 16 threads, must give the whole frame's bytes every time.
  @Test("frames of many chunks on 2 to 16 threads give the whole sample's bytes")
  func manyChunks() throws {
    var layers = [#"{"id": "r0", "frame": [0, 0, 800, 600]}"#, #"{"id": "r1", "frame": [5, 7, 400, 300], "opacity": 0.8}"#]
    var animations: [String] = [
      #"{"layer": "r1", "type": "basic", "keyPath": "position.y", "from": 0, "to": 50, "timing": {"duration": 2}}"#,
    ]
    for k in 0..<4_700 {
      let parent = k % 5 == 4 ? "c\(k - 1)" : (k % 3 == 0 ? "r0" : "r1")
      layers.append(#"{"id": "c\#(k)", "parent": "\#(parent)", "frame": [\#(k % 97), \#(k / 97), 6, 4]}"#)
      let delay = Double(k % 13) * 0.05, duration = 0.5 + Double(k % 7) * 0.1
      switch k % 4 {
      case 0:  // A batched track with a timing of its own.
        animations.append(#"{"layer": "c\#(k)", "type": "basic", "keyPath": "position.x", "from": \#(k % 50), "to": 60, "timing": {"duration": \#(duration), "delay": \#(delay), "easing": "ease-in-out"}}"#)
      case 1:  // A timing every such layer shares, across every chunk.
        animations.append(#"{"layer": "c\#(k)", "type": "basic", "keyPath": "opacity", "from": 0.1, "to": 1, "timing": {"duration": 1.5}}"#)
      case 2:  // The general path.
        animations.append(#"{"layer": "c\#(k)", "type": "keyframes", "keyPath": "cornerRadius", "values": [0, 4, \#(k % 9)], "timing": {"duration": \#(duration), "iterations": "infinity", "direction": "alternate"}}"#)
      default: break
      }
    }
    let json = #"{"format": "ghostframe-scene", "version": 1, "layers": [\#(layers.joined(separator: ", "))], "animations": [\#(animations.joined(separator: ", "))]}"#
    let scene = try Scene(json: json)
    // Chunks of at most a block: blocks of 1,024 layers make several chunks on every thread count.
    let sampler = scene.compiled(batching: true, blockLayers: 1024)
    let n = sampler.layerCount
    #expect(n > 4 * 1024, "several chunks on every thread count")
    let times: [Double] = [0, 0.3, 0.77, 1.2, 2.5, 9]
    for t in times + times.reversed() {
      let whole = sampler.sample(at: t)
      for threads in [2, 3, 4, 16] {
        var parts = [LayerState](repeating: LayerState(), count: n)
        try parts.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
          try sampler.sample(at: t, into: buffer, threads: threads)
        }
        // (LayerState's == compares bytes; the first layer that differs says more than 1.6 MB of them.)
        let wrong = (0..<n).first { parts[$0] != whole[$0] }
        #expect(wrong == nil, "at \(t) on \(threads) threads: layer \(wrong ?? -1) differs")
      }
    }
  }

  @Test("a frame's chunks cover it once, large first, then shares of the rest")
  func tailChunks() {
    for (count, parts, largest) in [(100_000, 2, 4096), (4_702, 3, 1024), (10, 16, 4096), (1, 2, 4096), (300, 2, 4096)] {
      var begin = 0, sizes: [Int] = []
      while begin < count {
        let size = min(SamplingPool.tailChunk(remaining: count - begin, parts: parts, largest: largest), count - begin)
        sizes.append(size)
        begin += size
      }
      #expect(sizes.reduce(0, +) == count, "\(count) layers on \(parts) threads")
      #expect(sizes.allSatisfy { $0 >= 1 && $0 <= largest })
      #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "never larger than the chunk before")
      // While more than 2 × parts × largest layers are left, chunks are the largest; after,
      // each is at most half of what is left per thread (or the smallest chunk).
      var left = count
      for size in sizes {
        let share = left / (2 * parts)
        #expect(size == min(max(min(largest, share), min(largest, SamplingPool.smallestChunk)), left),
                "\(count) layers on \(parts) threads, \(left) left")
        left -= size
      }
    }
    // 100,000 layers on 2 threads: 4,096-layer chunks until about 16,000 are left.
    let first = SamplingPool.tailChunk(remaining: 100_000, parts: 2, largest: 4096)
    let late = SamplingPool.tailChunk(remaining: 2_000, parts: 2, largest: 4096)
    #expect(first == 4096 && late == 500)
  }

  @Test("bad ranges, short buffers and thread counts throw and write nothing")
  func badArguments() {
    guard let (_, scene) = rangeScenes.first(where: { $0.scene.count >= 2 }) else {
      Issue.record("a scene of 2 layers or more")
      return
    }
    let n = scene.count
    var marker = LayerState()
    marker.index = 7
    var states = [LayerState](repeating: marker, count: n)
    states.withUnsafeMutableBufferPointer { buffer in
      #expect(throws: GhostframeError.self) { try scene.sample(at: 0, layers: 0..<(n + 1), into: buffer) }
      #expect(throws: GhostframeError.self) {
        try scene.sample(at: 0, layers: 0..<n, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(n - 1)]))
      }
      #expect(throws: GhostframeError.self) { try scene.sample(at: 0, into: buffer, threads: 0) }
      #expect(throws: GhostframeError.self) {
        try scene.sample(at: 0, into: buffer, threads: SceneSampler.maxSamplingThreads + 1)
      }
    }
    #expect(states.allSatisfy { $0.index == 7 })
  }
}
