// MUST COMPILE (scripts/check_sendability.sh): what is safe to share. A Scene is a Sendable value
// (its cached sampler is used under a lock, so tasks sampling one scene take turns), and each task
// may compile a sampler of its own.
import Ghostframe

func sampleFromEightTasks(_ scene: Scene) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for task in 0..<8 {
      group.addTask {
        let own = scene.compiled()  // one sampler per task: never shared
        return scene.sample(at: Double(task) / 8).count + own.sample(at: 0.5).count
      }
    }
    var total = 0
    for await count in group { total += count }
    return total
  }
}

@main
struct SharesScene {
  static func main() async {
    var scene = Scene()
    do {
      try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    } catch {
      print("addLayer: \(error)")
      return
    }
    print(await sampleFromEightTasks(scene))
  }
}
