// Timelines through the Swift API: compiling 10,000 instances to begin times, adding them to a
// scene, and sampling the result (the target: compiling under 10 ms; the scene targets hold).
import Ghostframe

/// A timeline of `instances` instances over `layers` layers, mixing every structure the scheduler
/// resolves: groups of a parallel (two instances on one layer) in a sequence, a stagger every
/// tenth group, overlapping negative delays and a label with a relative position.
func benchmarkTimeline(instances: Int, layers: Int) throws -> Timeline {
  let definitions = [
    try TimelineDefinition(name: "rise", curve: .easeOut, scalarChanges: ["position.y": -20]),
    try TimelineDefinition(name: "fade", curve: .easeInOut, scalarChanges: ["opacity": -0.5]),
    try TimelineDefinition(name: "slide", curve: try Curve(parsing: "easeInBack"), changes: ["position": [12, 4]]),
  ]
  var items: [TimelineItem] = [.label("start")]
  var placed = 0
  var group = 0
  while placed < instances {
    let layer = "l\(group % layers)"
    if group % 10 == 0, placed + 1 <= instances {
      // A staggered instance over ten layers.
      let ten = (0..<10).map { "l\((group + $0) % layers)" }
      items.append(.stagger(.each(0.01, from: .center)))
      items.append(.anim("slide", layers: ten, duration: 0.3))
      placed += 1
    } else if placed + 2 <= instances {
      items.append(.parallel([.anim("rise", layer: layer, duration: 0.4), .anim("fade", layer: layer, duration: 0.6)]))
      items.append(-0.5)
      placed += 2
    } else {
      items.append(.anim("rise", layer: layer, duration: 0.4, position: "start+=0.1"))
      placed += 1
    }
    group += 1
  }
  return Timeline(sequence: items, definitions: definitions)
}

/// Prints the compile time of a 10,000-instance timeline, the time to add it to a scene of its
/// layers, and the sampling time of that scene per frame.
func benchmarkTimelines() throws {
  let layers = 1_000
  let timeline = try benchmarkTimeline(instances: 10_000, layers: layers)
  var entries = 0
  let compile = best(9) { entries = (try? timeline.schedule().entries.count) ?? -1 }
  print("swift_timeline_schedule_10000 \(fixed(compile * 1e3)) ms")
  var base = Scene()
  for i in 0..<layers {
    try base.addLayer(Layer(id: "l\(i)", frame: Rect(x: Double(i % 40) * 24, y: Double(i / 40) * 16, width: 20,
                                                    height: 12)))
  }
  var scene = base
  let apply = best(5) {
    scene = base
    _ = try? timeline.apply(to: &scene)
  }
  print("swift_timeline_apply_10000 \(fixed(apply * 1e3)) ms (\(entries) entries, \(scene.animations.count) animations)")
  let sampler = scene.compiled()
  let states = UnsafeMutableBufferPointer<LayerState>.allocate(capacity: sampler.layerCount)
  states.initialize(repeating: LayerState())
  defer { states.deallocate() }
  let duration = try timeline.duration
  let frames = 200
  let sample = best(9) {
    for k in 0..<frames { try? sampler.sample(at: duration * Double(k) / Double(frames), into: states) }
    sink += states[layers / 2].y
  }
  print("swift_timeline_sample_10000 \(fixed(sample * 1e6 / Double(frames))) us per frame (\(layers) layers)")

  // At the scene benchmark's size: 1,000 layers with about two animations each.
  let small = try benchmarkTimeline(instances: 2_000, layers: layers)
  var smallScene = base
  try small.apply(to: &smallScene)
  let smallSampler = smallScene.compiled()
  let smallDuration = try small.duration
  let smallSample = best(15) {
    for k in 0..<frames { try? smallSampler.sample(at: smallDuration * Double(k) / Double(frames), into: states) }
    sink += states[layers / 2].y
  }
  print("swift_timeline_sample_2000 \(fixed(smallSample * 1e6 / Double(frames))) us per frame "
        + "(\(layers) layers, \(smallScene.animations.count) animations)")
}
