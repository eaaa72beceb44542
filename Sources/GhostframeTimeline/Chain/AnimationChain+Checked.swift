import GhostframeCore

extension AnimationChain {
  /// Adds the links `body` adds, checked at once, all or nothing: a link that is invalid on its
  /// own, or that would end the chain past the largest duration, is refused and the chain is left
  /// as it was (the C builder's `gf_chain_add`, whose links are complete when added).
  ///
  /// Cheap while the links' lengths sum to at most a quarter of the largest Double, a bound on
  /// the chain's end whatever the stages; beyond it the whole chain is compiled to decide.
  ///
  /// - Parameter body: Adds links to the chain (and sets them up) and returns a result.
  /// - Returns: What `body` returned.
  /// - Throws: What ``schedule()`` throws for a new link, naming it; the chain is unchanged.
  package func add<Result>(checking body: (AnimationChain) -> Result) throws(GhostframeError) -> Result {
    let saved = (count: specs.count, stageCount: stageCount, problem: problem, length: checkedLength)
    let result = body(self)
    do throws(GhostframeError) {
      if let problem, saved.problem == nil { throw problem }
      var length = checkedLength
      for index in saved.count..<specs.count {
        let spec = specs[index]
        do {
          length += try Self.placed(spec, stageStart: 0).end
        } catch {
          throw GhostframeError(
            error.code, "chain link \(index) (\(Identifier.quoted(spec.resolvedName))): \(error.message)")
        }
      }
      // Each stage ends within its longest link of the last stage's end: the sum bounds the end.
      if !(length <= Double.greatestFiniteMagnitude / 4) { _ = try compile(start: 0) }
      checkedLength = length
    } catch {
      specs.removeLast(specs.count - saved.count)
      stageCount = saved.stageCount
      problem = saved.problem
      checkedLength = saved.length
      throw error
    }
    return result
  }
}
