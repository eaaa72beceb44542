@testable import GhostframeCore
import Ghostframe
import Testing

private struct BatchSceneFile: Decodable { let cases: [SceneCase] }
private struct BatchSkeletonFile: Decodable { let cases: [SkeletonCase] }

/// A scene made to reach every branch of the batched path and its edges: every easing the bulk
/// timings take (30 Penner easings, cubic beziers, linear) and some they leave (steps), every
/// fill and direction, finite, fractional, zero and endless iterations, negative and positive
/// delays, end delays, and timings the C kernel must not take (iteration start, reverse playback,
/// time offsets, zero duration); layers the batch takes (plain slots, a uniform scale, a colour)
/// and layers it must leave (an additive track, two tracks on one slot, a frame, a keyframe
/// track), children under animated parents, animations removed after their end and kept.
private func edgeScene() throws -> Scene {
  var scene = Scene()
  _ = try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 400, height: 4000), opacity: 0.9))
  let easings: [Curve] = PennerEasing.allCases.map { Curve(.penner($0)) }
    + [.linear, .ease, .easeInOut, try .cubicBezier(0.3, 1.6, 0.7, -0.5), try .steps(4), .stepStart]
  let fills: [FillMode] = [.none, .forwards, .backwards, .both]
  let directions: [PlaybackDirection] = [.normal, .reverse, .alternate, .alternateReverse]
  let counts: [Double] = [1, 2.5, .infinity, 3, 0]
  for i in 0..<120 {
    let id = "l\(i)"
    _ = try scene.addLayer(Layer(id: id, parent: i % 5 == 4 ? "l\(i - 1)" : "root",
                                 frame: Rect(x: Double(i % 10) * 30, y: Double(i / 10) * 20, width: 24, height: 14)))
    let timing = try Timing(
      duration: [0.5, 0.75, 1, 0.3][i % 4], delay: [-0.4, 0, 0.25, 0.5, 1][i % 5], endDelay: i % 7 == 0 ? 0.2 : 0,
      iterations: counts[i % counts.count], iterationStart: i % 23 == 0 ? 0.3 : 0,
      direction: directions[(i / 3) % 4], fill: fills[(i / 2) % 4], easing: easings[i % easings.count],
      playbackRate: i % 29 == 0 ? -1 : 1, timeOffset: i % 31 == 0 ? 0.2 : 0)
    let removed = i % 3 != 0
    try scene.addAnimation(.basic("position.x", from: [Double(i)], to: [Double(i) + 17], timing: timing,
                                  removedOnCompletion: removed), to: id)
    try scene.addAnimation(.basic("opacity", from: [0.2], to: [1], timing: timing, removedOnCompletion: removed), to: id)
    switch i % 8 {
    case 1: try scene.addAnimation(.basic("transform.scale", from: [0.5], to: [1.5], timing: timing), to: id)
    case 2: try scene.addAnimation(.basic("backgroundColor", from: [1, 0, 0, 1], to: [0, 0, 1, 0.5], timing: timing), to: id)
    case 3: try scene.addAnimation(.basic("cornerRadius", from: [0], to: [4], timing: timing, isAdditive: true), to: id)
    case 4: try scene.addAnimation(.basic("opacity", from: [0.5], to: [0.7], timing: timing), to: id)
    case 5: try scene.addAnimation(.basic("bounds.size.width", from: [10], to: [30], timing: timing), to: id)
    case 6: try scene.addAnimation(.keyframes("position.y", Keyframes(values: [[0], [10], [5]]), timing: timing), to: id)
    default: break
    }
  }
  // Groups: their children are timed by a chain below the group's timing (batched as chained
  // timings), with every fill, direction and count on both levels, nested groups, a child that is
  // additive (which leaves its layer to the general path), groups removed on completion or kept,
  // one group shared by several layers, and a top-level animation whose timing is a group's.
  for i in 0..<24 {
    let id = "g\(i)"
    _ = try scene.addLayer(Layer(id: id, parent: i % 6 == 3 ? "g\(i - 1)" : "root",
                                 frame: Rect(x: Double(i % 8) * 40, y: 2500 + Double(i / 8) * 30, width: 30, height: 20)))
    let leg = try Timing(duration: [0.3, 0.5, 1][i % 3], delay: [0, 0.1, -0.2][i % 3], iterations: [1, 2][i % 2],
                         direction: directions[(i + 1) % 4], fill: fills[i % 4], easing: easings[(i * 7) % easings.count])
    let outer = try Timing(duration: 0.8, delay: [0, 0.3][i % 2], iterations: counts[i % counts.count],
                           direction: directions[i % 4], fill: fills[(i / 4) % 4], easing: easings[(i * 3) % easings.count])
    var group = try Animation.group([
      .basic("position.x", from: [0], to: [Double(10 + i)], timing: leg),
      .basic("opacity", from: [0.3], to: [1], timing: leg, isAdditive: i % 6 == 5),
    ], timing: outer, removedOnCompletion: i % 4 == 0)
    if i % 5 == 2 { group = try .group([group], timing: try Timing(duration: 1.2, iterations: 2, fill: .both)) }
    try scene.addAnimation(group, to: id)
    if i == 1 {
      _ = try scene.addLayer(Layer(id: "sameTiming", parent: "root", frame: Rect(x: 5, y: 2400, width: 9, height: 9)))
      try scene.addAnimation(.basic("cornerRadius", from: [0], to: [3], timing: outer), to: "sameTiming")
    }
  }
  let sweep = try Animation.group([
    .basic("gradient.startPoint", from: [0, 0.5], to: [1, 0.5], timing: try Timing(duration: 0.6, fill: .both)),
  ], timing: try Timing(duration: 0.6, iterations: .infinity, easing: .easeIn), removedOnCompletion: false)
  for i in 0..<4 {
    _ = try scene.addLayer(Layer(id: "s\(i)", parent: "root", frame: Rect(x: Double(i) * 50, y: 2700, width: 40, height: 10),
                                 gradient: Gradient(colors: [.clear, Color(red: 1, green: 1, blue: 1, alpha: 1), .clear])))
    try scene.addAnimation(sweep, to: "s\(i)")
  }
  // A zero-duration timing (left to the general path).
  _ = try scene.addLayer(Layer(id: "zero", parent: "root", frame: Rect(x: 1, y: 1, width: 2, height: 2)))
  try scene.addAnimation(.basic("opacity", from: [0], to: [1], timing: try Timing(duration: 0, delay: 0.5, fill: .both)),
                         to: "zero")
  return scene
}

/// A scene whose neighbouring layers never share an easing (issue 36: bench_scene_simd's mixed
/// scene, with fills, finite counts and every direction): its bulk timings go by easing group
/// (``RootTimingBatch/groupOrder``), steps left to the general path among them; without `steps`,
/// every timing is a bulk one (the batch's loop for entries that all read the span's scratch).
private func mixedEasingScene(steps: Bool = true) throws -> Scene {
  var scene = Scene()
  _ = try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 1200, height: 200), opacity: 0.9))
  let easings: [Curve] = [.linear, try .cubicBezier(0.42, 0, 0.58, 1), Curve(.penner(.easeInOutQuad)),
                          Curve(.penner(.easeOutBack)), .ease, steps ? try .steps(3) : .easeOut,
                          Curve(.penner(.easeInOutSine))]
  let fills: [FillMode] = [.none, .forwards, .backwards, .both]
  let directions: [PlaybackDirection] = [.normal, .alternate, .reverse, .alternateReverse]
  for i in 0..<230 {
    let id = "m\(i)"
    _ = try scene.addLayer(Layer(id: id, parent: "root",
                                 frame: Rect(x: Double(i % 50) * 24, y: Double(i / 50) * 16, width: 20, height: 12)))
    let timing = try Timing(
      duration: 0.6 + 0.05 * Double(i % 7), delay: 0.0007 * Double(i % 1009) - (i % 11 == 0 ? 0.3 : 0),
      iterations: i % 3 == 0 ? 2.5 : .infinity, direction: directions[(i / 2) % 4], fill: fills[(i / 3) % 4],
      easing: easings[i % easings.count])
    try scene.addAnimation(.basic("position.x", from: [Double(i % 50) * 24 + 10], to: [Double(i % 50) * 24 + 22],
                                  timing: timing), to: id)
    try scene.addAnimation(.basic("opacity", from: [0.4], to: [1], timing: timing, removedOnCompletion: i % 2 == 0),
                           to: id)
  }
  return scene
}

/// Every scene the conformance cases build, and the edge scene.
private let batchScenes: [(name: String, scene: Scene)] = {
  var scenes: [(String, Scene)] = []
  for c in loadCases("scenes.json", as: BatchSceneFile.self)?.cases ?? [] {
    if let scene = try? Scene(json: c.scene.text) { scenes.append((c.name, scene)) }
  }
  for c in loadCases("skeletons.json", as: BatchSkeletonFile.self)?.cases ?? [] {
    if let scene = try? Skeleton(tree: ViewTree(json: c.tree.text)).scene() { scenes.append(("skeleton " + c.name, scene)) }
  }
  if let scene = try? edgeScene() { scenes.append(("edges", scene)) }
  if let scene = try? mixedEasingScene() { scenes.append(("mixed easings", scene)) }
  if let scene = try? mixedEasingScene(steps: false) { scenes.append(("mixed easings, all in bulk", scene)) }
  return scenes
}()

/// Times before, on and between the animations' boundaries, signed zeros, far past, and non-finite.
private let batchTimes: [Double] = {
  var times: [Double] = [-1, -0.4, -0.0, 0, 0.1, 0.25, 0.3, 0.5, 0.6, 0.75, 0.9, 1, 1.25, 1.5, 1.75, 2, 2.5, 2.75, 3,
                         3.5, 10, 123.456, 1e6, .nan, .infinity, -.infinity]
  for k in 0..<40 { times.append(Double(k) * 0.0625) }
  return times
}()

private func bytes(_ states: [LayerState]) -> [UInt8] { states.withUnsafeBytes { Array($0) } }

/// The batched sampler (``TrackBatch``, ``RootTimingBatch``) against the general path, byte for
/// byte: whole frames, ranges and threads, over every conformance scene and an edge scene.
@Suite("Batched sampling, bit for bit against the general path")
struct SceneBatchConformanceTests {
  @Test("the edge scene takes every path: batched layers and timings, and general ones")
  func edgeSceneEngagesBothPaths() throws {
    let sampler = try edgeScene().compiled(batching: true)
    #expect(sampler.batch.count > 100)
    #expect(sampler.batch.chainTracks.count >= 15, "group children batched as chained timings")
    #expect(sampler.rootBatch.order.count > 50)
    #expect(!sampler.rootBatch.others.isEmpty)
    #expect(!sampler.tracks.isEmpty)
    let general = try edgeScene().compiled(batching: false)
    #expect(general.batch.count == 0 && general.rootBatch.order.isEmpty)
  }

  @Test("a scene of mixed easings stays batched, its easings going by group")
  func mixedEasingsGoByGroup() throws {
    let sampler = try mixedEasingScene().compiled(batching: true)
    #expect(sampler.batch.count == 2 * 230)
    let bulk = sampler.rootBatch
    // Six bulk easings (steps stay on the general path), in groups: one group each.
    #expect(bulk.groupStarts.count == 7)
    #expect(bulk.groupOrder.count == bulk.order.count)
    #expect(Set(bulk.groupOrder) == Set(bulk.order.indices))
    #expect(!bulk.others.isEmpty)
    // The edge scene's 34 bulk easings are more than maximumGroups: they go run by run.
    #expect(try edgeScene().compiled(batching: true).rootBatch.groupStarts.isEmpty)
  }

  @Test("whole frames give the general path's bytes")
  func wholeFrames() {
    #expect(batchScenes.count >= 12)
    for (name, scene) in batchScenes {
      let batched = scene.compiled(batching: true), general = scene.compiled(batching: false)
      // Forwards, then backwards: the batch keeps nothing from one sample to the next.
      for t in batchTimes + batchTimes.reversed() {
        #expect(bytes(batched.sample(at: t)) == bytes(general.sample(at: t)), "\(name) at \(t)")
      }
    }
  }

  @Test("ranges and threads of the batched sampler give the general path's whole frame")
  func rangesAndThreads() throws {
    for (name, scene) in batchScenes {
      let batched = scene.compiled(batching: true), general = scene.compiled(batching: false)
      let n = batched.layerCount
      // Non-finite times are refused by ranges and threads (SceneNonFiniteTimeTests).
      for t in batchTimes where t.isFinite {
        let whole = bytes(general.sample(at: t))
        try expectRangesAndThreads(batched, at: t, splits: [0, 1, n / 3, n / 2, n - 1, n], give: whole,
                                   "\(name) at \(t)")
      }
    }
  }

  @Test("a scene whose bulk timings only its batch reads keeps their results in the span's scratch")
  func resultsStayInScratch() throws {
    let mixed = try mixedEasingScene().compiled(batching: true)
    // Every entry reads the position of its own timing in the bulk order.
    let bulk = mixed.rootBatch, batch = mixed.batch
    #expect(bulk.entryPositions.count == batch.count)
    var outside = 0
    for k in 0..<batch.count {
      let position = Int(bulk.entryPositions[k])
      if position >= 0 {
        #expect(bulk.order[position] == batch.roots[k], "entry \(k)")
      } else {
        // Steps: a timing left to the general path, read from the results.
        #expect(~position == batch.roots[k] && !bulk.order.contains(batch.roots[k]), "entry \(k)")
        outside += 1
      }
    }
    #expect(outside == 2 * (230 / 7 + 1), "the steps layers' entries (layer i % 7 == 5)")
    // Without steps every entry reads the scratch.
    let bulkOnly = try mixedEasingScene(steps: false).compiled(batching: true).rootBatch
    #expect(bulkOnly.entryPositions.count == 460 && bulkOnly.entryPositions.allSatisfy { $0 >= 0 })
    // The edge scene's groups read top-level timings that layers share: its results stay scene-wide.
    #expect(try edgeScene().compiled(batching: true).rootBatch.entryPositions.isEmpty)
  }

  @Test("composing in blocks of a few layers gives the general path's bytes", arguments: [1, 7, 64])
  func smallBlocks(blockLayers: Int) throws {
    for (name, scene) in batchScenes {
      // Blocks end among siblings, parents and their children, and a bulk span's timings.
      let blocked = scene.compiled(batching: true, blockLayers: blockLayers)
      let general = scene.compiled(batching: false)
      let n = blocked.layerCount
      for t in batchTimes + batchTimes.reversed() {
        let whole = bytes(general.sample(at: t))
        #expect(bytes(blocked.sample(at: t)) == whole, "\(name) at \(t), blocks of \(blockLayers)")
        guard t.isFinite else { continue }
        try expectRangesAndThreads(blocked, at: t, splits: [1, n / 3, n - 1].filter { $0 > 0 && $0 < n },
                                   give: whole, "\(name) at \(t), blocks of \(blockLayers)")
      }
      // The readers of composed slots read every row the blocks composed.
      let property = try AnimatableProperty(keyPath: "position.x")
      for layer in Set([0, n / 2, n - 1]) where layer >= 0 {
        #expect(blocked.presentationValue(of: property, layer: layer, at: 0.6)
                  == general.presentationValue(of: property, layer: layer, at: 0.6), "\(name), layer \(layer)")
      }
    }
  }

  @Test("the C timing kernel's baseline and AVX2 paths give TimingKernel's states, bit for bit")
  func timingKernelLevels() throws {
    let sampler = try edgeScene().compiled(batching: true)
    let batch = sampler.rootBatch
    for t in batchTimes where t.isFinite {
      let levels = [0, 1].map { batch.kernelStates(at: t, level: $0) }
      for (j, root) in batch.order.enumerated() {
        let state = sampler.rootTimings[root].kernel.evaluate(at: t)
        for states in levels {
          let got = states[j]
          #expect(got.resolved == state.resolved && got.after == (state.phase == .after), "timing \(root) at \(t)")
          guard state.resolved else { continue }
          #expect(got.directed.bitPattern == state.directed.bitPattern, "timing \(root) at \(t)")
          #expect(got.iteration.bitPattern == state.currentIteration.bitPattern, "timing \(root) at \(t)")
          #expect(got.activeTime.bitPattern == state.activeTime.bitPattern, "timing \(root) at \(t)")
        }
      }
    }
  }
}

/// `sampler` at `t` gives `whole`'s bytes sampled as two ranges split at each of `splits` (the
/// later range first) and on 3 threads.
private func expectRangesAndThreads(
  _ sampler: SceneSampler, at t: Double, splits: [Int], give whole: [UInt8], _ label: String
) throws {
  let n = sampler.layerCount
  for split in Set(splits.filter { $0 >= 0 && $0 <= n }) {
    var parts = [LayerState](repeating: LayerState(), count: n)
    try parts.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
      try sampler.sample(at: t, layers: split..<n, into: buffer)
      try sampler.sample(at: t, layers: 0..<split, into: buffer)
    }
    #expect(bytes(parts) == whole, "\(label), split at \(split)")
  }
  var threaded = [LayerState](repeating: LayerState(), count: n)
  try threaded.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in
    try sampler.sample(at: t, into: buffer, threads: 3)
  }
  #expect(bytes(threaded) == whole, "\(label) on 3 threads")
}
