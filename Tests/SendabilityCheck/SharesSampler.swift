// MUST NOT COMPILE (scripts/check_sendability.sh): eight tasks sharing one SceneSampler, whose
// scratch memory makes concurrent samples race (issue 17 saw this compile in Swift 6 mode, then
// crash). SceneSampler is not Sendable, so strict concurrency refuses to send it to the tasks.
import Ghostframe

func sampleFromEightTasks(_ scene: Scene) async {
  let sampler = scene.compiled()
  await withTaskGroup(of: Int.self) { group in
    for task in 0..<8 {
      group.addTask { sampler.sample(at: Double(task) / 8).count }  // expected-error: sampler shared
    }
  }
}
