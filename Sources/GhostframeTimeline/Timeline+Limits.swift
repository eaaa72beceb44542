extension Timeline {
  /// The most schedule entries (instances × their layers) a timeline may have: scheduling past
  /// it is a `.limit` error. A million entries schedule in well under a second and a few hundred
  /// MB; the limit keeps the largest legal JSON document (10,000,000 values, most of them layer
  /// ids) within what a host can afford.
  public static let maximumEntries = 1_000_000
}
