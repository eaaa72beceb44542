// The seed's one-liner chain from Swift, printed as a schedule and a table of sampled values:
//
//     view.spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100).spring.cornerRadiusBy(4).animate()
//
// Three springs together, as AXAnimationChain's view shorthand runs them (every shorthand is
// combined with the top animator, from the `after` time, 0 here): the card's centre drops 100
// points (with eased spring time) while it grows by 100 × 100 and its corners round by 4. All
// three begin at 0 and end with the spring's settling duration T. Ghostframe samples instead of
// running a render loop, so `animate(in:)` adds the chain to a scene, and the host samples that
// scene at its clock.
//
//     swift run ChainOneLiner
import Ghostframe

#if canImport(Glibc)
import Glibc
#endif

func fixed(_ value: Double, _ digits: Int = 3) -> String {
  let scale = [1.0, 10, 100, 1000, 10000][min(digits, 4)]
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale), fraction = Int(scaled.truncatingRemainder(dividingBy: scale))
  let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
  return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(padded)"
}

func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }

do {
  var scene = Scene()
  try scene.addLayer(Layer(id: "stage", frame: Rect(x: 0, y: 0, width: 300, height: 320)))
  try scene.addLayer(Layer(id: "card", parent: "stage", frame: Rect(x: 100, y: 20, width: 100, height: 100)))

  let chain = ViewAnimationChain(layer: "card")
    .spring.centerBy(x: 0, y: 100).easeOut.completion { print("    link \($0.index) (\($0.name)) ended at \(fixed($0.time, 4)) s") }
    .spring.sizeBy(width: 100, height: 100).completion { print("    link \($0.index) (\($0.name)) ended at \(fixed($0.time, 4)) s") }
    .spring.cornerRadiusBy(4).completion { print("    link \($0.index) (\($0.name)) ended at \(fixed($0.time, 4)) s") }

  let schedule = try chain.schedule()
  print("schedule (\(fixed(schedule.duration, 4)) s):")
  for entry in schedule.entries {
    print("  \(entry.name.padding(13)) \(entry.layer)  \(fixed(entry.begin, 4)) -> \(fixed(entry.end, 4))")
  }

  let run = try chain.animate(in: &scene)
  let card = scene.index(ofLayer: "card") ?? 0
  print(["t", "x", "y", "width", "height", "radius"].map { pad($0, 8) }.joined(separator: " "))
  for step in 0..<8 {
    let t = Double(step) * 0.25
    _ = try run.advance(&scene, to: t)  // delivers the completions crossed since the last call
    let state = scene.sample(at: t)[card]
    print([t, state.x, state.y, state.width, state.height, state.cornerRadius].map { pad(fixed($0), 8) }
      .joined(separator: " "))
  }
} catch {
  print("ChainOneLiner: \(error)")
  exit(1)
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
