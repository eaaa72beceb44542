extension Timeline {
  /// The most schedule entries (instances × their layers) a timeline may have: scheduling past
  /// it is a `.limit` error. A million entries schedule in well under a second and a few hundred
  /// MB; the limit keeps the largest legal JSON document (10,000,000 values, most of them layer
  /// ids) within what a host can afford.
  public static let maximumEntries = 1_000_000

  /// The most animations ``apply(to:)`` adds: one per schedule entry and key path of its
  /// definition, each an animation the scene keeps, a track it compiles and samples, and two
  /// events it reports. Counted before anything is built; applying past it is a `.limit` error.
  /// A quarter of ``maximumEntries``: the largest legal timeline (a million entries, this many of
  /// them animating) loads, applies, samples and advances within 1 GiB of address space and 5 s
  /// of CPU; a million animations would compile to about 1.3 GB.
  public static let maximumAppliedAnimations = 250_000

  /// The most keyframes ``apply(to:)`` may build for instances inside repeating nodes that are
  /// themselves inside repeating nodes: the inner plays are laid out in the keyframes of the
  /// outermost node's iteration (about 6 per play and instance). Counted before anything is
  /// built; past it, `.limit`.
  public static let maximumAppliedKeyframes = 1_000_000
}
