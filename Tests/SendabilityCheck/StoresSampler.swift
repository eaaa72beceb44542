// MUST NOT COMPILE (scripts/check_sendability.sh): a Sendable type may not hold a SceneSampler, or
// it would carry the sampler to other threads behind the compiler's back.
import Ghostframe

struct SharedRenderer: Sendable {
  let sampler: SceneSampler  // expected-error: non-Sendable stored property
}
