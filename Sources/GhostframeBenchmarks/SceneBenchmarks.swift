// Scene sampling through the Swift API: the scene of bindings/c/bench/bench_scene.c, built with
// `Scene`, `Animation.basic` and `Animation.keyframes`, sampled with
// `scene.compiled().sample(at:into:)` into a preallocated buffer.
import Ghostframe

/// N layers under one root (opacity 0.9) on a grid of 50 columns: layer i at
/// (24·(i % 50) + 2, 16·(i / 50) + 2), 20 × 12, each with `position.x` from x + 10 to x + 22
/// (0.8 s, forever, alternate, ease-in-out) and `opacity` keyframes 0.4, 1, 0.4 (1.2 s,
/// forever), both delayed by 0.025·(i % 16) s. The same scene as bench_scene.c.
func benchmarkScene(layers count: Int) throws -> Scene {
  let columns = 50
  let rows = (count + columns - 1) / columns
  var scene = Scene()
  try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 24 * Double(columns), height: 16 * Double(rows)),
                           opacity: 0.9))
  let delays = (0..<16).map { 0.025 * Double($0) }
  let moves = try delays.map { try Timing(duration: 0.8, delay: $0, iterations: .infinity, direction: .alternate,
                                          easing: .easeInOut) }
  let fades = try delays.map { try Timing(duration: 1.2, delay: $0, iterations: .infinity) }
  let pulse = Keyframes(values: [[0.4], [1.0], [0.4]])
  for i in 0..<count {
    let id = "l\(i)"
    let x = 24 * Double(i % columns) + 2, y = 16 * Double(i / columns) + 2
    try scene.addLayer(Layer(id: id, parent: "root", frame: Rect(x: x, y: y, width: 20, height: 12)))
    try scene.addAnimation(.basic("position.x", from: [x + 10], to: [x + 22], timing: moves[i % 16]), to: id,
                           key: "move")
    try scene.addAnimation(.keyframes("opacity", pulse, timing: fades[i % 16]), to: id, key: "fade")
  }
  return scene
}

/// Prints "swift_scene_sample_<N> <µs> us": the best of 15 batches of samples at varying t
/// (about 200,000 layer states a batch), after a warm-up, as bench_scene.c does.
func benchmarkScenes() throws {
  for count in [100, 1_000, 10_000] {
    let sampler = try benchmarkScene(layers: count).compiled()
    let states = UnsafeMutableBufferPointer<LayerState>.allocate(capacity: sampler.layerCount)
    states.initialize(repeating: LayerState())
    defer { states.deallocate() }
    let batch = max(4, 200_000 / count)
    for k in 0..<20 { try sampler.sample(at: 0.5 + 0.0137 * Double(k), into: states) }
    var round = 0
    let seconds = best(15) {
      for k in 0..<batch {
        try? sampler.sample(at: 0.5 + 0.0137 * Double(round * batch + k), into: states)
      }
      round += 1
      sink += states[count].x
    }
    print("swift_scene_sample_\(count) \(fixed(seconds * 1e6 / Double(batch))) us")
  }
}
