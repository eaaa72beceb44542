import GhostframeCore

extension AnimationChain {
  /// Adds the links `body` adds, checked at once, all or nothing: a link that is invalid on its
  /// own, or that would end the chain past the largest duration, is refused and the chain is left
  /// as it was (the C builder's `gf_chain_add`, whose links are complete when added).
  ///
  /// The chain's stage ends are kept as links are added (``ChainStageEnds``), so a check costs
  /// O(1) unless the link lengthens an earlier stage. A chain that also gained links another way
  /// is compiled whole instead; a link changed after it was added (by its fluent modifiers) is
  /// checked when the chain is compiled, not here.
  ///
  /// - Parameter body: Adds links to the chain (and sets them up) and returns a result.
  /// - Returns: What `body` returned.
  /// - Throws: What ``schedule()`` throws for a new link, naming it; the chain is unchanged.
  package func add<Result>(checking body: (AnimationChain) -> Result) throws(GhostframeError) -> Result {
    let saved = (count: specs.count, stageCount: stageCount, problem: problem)
    let result = body(self)
    // The tally is changed in place (a copy would copy its arrays on every add); each of its adds
    // is all or nothing, so only a call that adds several links can leave it to rebuild.
    let tallied = saved.count == checkedEnds.count
    do throws(GhostframeError) {
      if let problem, saved.problem == nil { throw problem }
      for index in saved.count..<specs.count {
        let spec = specs[index]
        do throws(GhostframeError) {
          let active = try Self.placed(spec, stageStart: 0).animation.timing.activeDuration
          if tallied, let overflow = checkedEnds.add(begin: spec.beginTime, active: active, to: spec.stage) {
            throw .invalid(overflow == spec.stage
              ? "ends past the largest duration (stage \(spec.stage) would end at +inf)"
              : "ends past the largest duration (stage \(overflow), after its stage \(spec.stage), would end at +inf)")
          }
        } catch {
          throw GhostframeError(
            error.code, "chain link \(index) (\(Identifier.quoted(spec.resolvedName))): \(error.message)")
        }
      }
      if !tallied { _ = try compile(start: 0) }
    } catch {
      specs.removeLast(specs.count - saved.count)
      stageCount = saved.stageCount
      problem = saved.problem
      // Links of this call already tallied: start a tally afresh (a chain that has links then
      // checks by compiling whole, as one changed by its fluent modifiers does).
      if tallied && checkedEnds.count != saved.count { checkedEnds = ChainStageEnds() }
      throw error
    }
    return result
  }
}
